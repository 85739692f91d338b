/* The C API of casc/asc_sys.h, second part: the core-identity, cross-core,
 * inter-block, cube-mode, icache, profiling, debug-stamp, system-workspace
 * and HCCL-context calls. A kernel making each call prints exactly the IR
 * pyasc's front end makes for the same Python kernel (the expected text is
 * pyasc-jit-ir's codegen.mlir of that kernel, locations dropped); the calls
 * the simulator runs run end to end; misuse is a located error naming the
 * API. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "lang_expect.h"

/* The C twin of this pyasc kernel (each line one call, in order):
 *   xg/wg = GlobalTensor over x (f32) / w (i32); q = TQue(VECIN, 1),
 *   init_buffer(q, 1, 256), u = q.alloc_tensor(int32); ascend_is_aic();
 * ascend_is_aiv(); get_sub_block_idx(); get_sub_block_num();
 * get_arch_version(3); cross_core_set_flag(5, 2, PIPE_MTE3);
 * cross_core_wait_flag(5, 2, PIPE_V); ib_set(wg, u, 1, 0); ib_wait(wg, u, 1,
 * 0); notify_next_block(wg, u); wait_pre_block(wg, u); set_hf32_mode(False);
 *   set_hf32_trans_mode(True); set_mm_layout_transform(False);
 *   icache_preload(2); get_icache_preload_status(); init_soc_state();
 *   metrics_prof_start(); metrics_prof_stop(); print_time_stamp(7);
 *   dump_acc_chk_point(u, 1, 0, 8); dump_acc_chk_point(xg, 1, 0, 8);
 *   get_sys_workspace(); set_sys_workspace(w); h = get_hccl_context(0);
 *   set_hccl_context(1, h) (a uint8 address: SetHcclContext takes
 *   `__gm__ uint8_t*`) */
static void sys2_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_gm_addr w = asc_arg_gm(k, "w", ASC_INT32);
  asc_global_tensor xg = asc_globaltensor(), wg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_globaltensor_set_global_buffer(wg, w);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 256);
  asc_local_tensor u = asc_tquebind_alloc_tensor(q, ASC_INT32);
  (void)asc_ascend_is_aic();
  (void)asc_ascend_is_aiv();
  (void)asc_get_sub_block_idx();
  (void)asc_get_sub_block_num();
  asc_get_arch_version(3u);
  asc_cross_core_set_flag(5, 2, ASC_PIPEID_PIPE_MTE3);
  asc_cross_core_wait_flag(5, 2, ASC_PIPEID_PIPE_V);
  asc_ib_set(wg, u, 1, 0);
  asc_ib_wait(wg, u, 1, 0);
  asc_notify_next_block(wg, u);
  asc_wait_pre_block(wg, u);
  asc_set_hf32_mode(0);
  asc_set_hf32_trans_mode(1);
  asc_set_mm_layout_transform(0);
  asc_icache_preload(2);
  (void)asc_get_icache_preload_status();
  asc_init_soc_state();
  asc_metrics_prof_start();
  asc_metrics_prof_stop();
  asc_print_time_stamp(7);
  asc_dump_acc_chk_point(u, 1u, 0u, 8u);
  asc_dump_acc_chk_point(xg, 1u, 0u, 8u);
  (void)asc_get_sys_workspace();
  asc_set_sys_workspace(w);
  asc_gm_addr h = asc_get_hccl_context(0);
  asc_set_hccl_context(1, h);
}

/* pyasc-jit-ir's codegen.mlir for the Python kernel above, locations
 * dropped. */
static const char pyasc_ir[] =
    "module {\n"
    "  func.func @sys2_kernel(%arg0: memref<?xf32, 22>, %arg1: memref<?xi32, "
    "22>) attributes {ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %0, %arg0 : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %1 = ascendc.global_tensor : !ascendc.global_tensor<*xi32>\n"
    "    ascendc.global_tensor.set_global_buffer %1, %arg1 : "
    "!ascendc.global_tensor<*xi32>, memref<?xi32, 22>\n"
    "    %2 = ascendc.pipe\n"
    "    %3 = ascendc.queue : <vecin, 1>\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %c256_i32 = arith.constant 256 : i32\n"
    "    ascendc.pipe.init_queue %2, %3, %c1_i32, %c256_i32 : "
    "!ascendc.queue<vecin, 1>, i32, i32\n"
    "    %4 = ascendc.que_bind.alloc_tensor %3 : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xi32>\n"
    "    %5 = ascendc.ascend_is_aic : i1\n"
    "    %6 = ascendc.ascend_is_aiv : i1\n"
    "    %7 = ascendc.get_sub_block_idx : i64\n"
    "    %8 = ascendc.get_sub_block_num : ui64\n"
    "    %9 = \"emitc.constant\"() <{value = 3 : ui32}> : () -> ui32\n"
    "    ascendc.get_arch_version %9 : ui32\n"
    "    %c5_i32 = arith.constant 5 : i32\n"
    "    ascendc.cross_core_set_flag %c5_i32, 2, pipe_mte3 : i32\n"
    "    %c5_i32_0 = arith.constant 5 : i32\n"
    "    ascendc.cross_core_wait_flag %c5_i32_0, 2, pipe_v : i32\n"
    "    %c1_i32_1 = arith.constant 1 : i32\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    ascendc.ib_set %1, %4, %c1_i32_1, %c0_i32 : "
    "!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32\n"
    "    %c1_i32_2 = arith.constant 1 : i32\n"
    "    %c0_i32_3 = arith.constant 0 : i32\n"
    "    ascendc.ib_wait %1, %4, %c1_i32_2, %c0_i32_3 : "
    "!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32\n"
    "    ascendc.notify_next_block %1, %4 : <*xi32>, <*xi32>\n"
    "    ascendc.wait_pre_block %1, %4 : <*xi32>, <*xi32>\n"
    "    %false = arith.constant false\n"
    "    ascendc.set_hf32_mode %false : i1\n"
    "    %true = arith.constant true\n"
    "    ascendc.set_hf32_trans_mode %true : i1\n"
    "    %false_4 = arith.constant false\n"
    "    ascendc.set_mm_layout_transform %false_4 : i1\n"
    "    %c2_i64 = arith.constant 2 : i64\n"
    "    ascendc.icache_preload %c2_i64 : i64\n"
    "    %10 = ascendc.get_icache_preload_status  : \n"
    "    ascendc.init_soc_state\n"
    "    ascendc.metrics_prof_start\n"
    "    ascendc.metrics_prof_stop\n"
    "    %c7_i32 = arith.constant 7 : i32\n"
    "    ascendc.print_time_stamp %c7_i32 : i32\n"
    "    %11 = \"emitc.constant\"() <{value = 1 : ui32}> : () -> ui32\n"
    "    %12 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %13 = \"emitc.constant\"() <{value = 8 : ui32}> : () -> ui32\n"
    "    ascendc.dump_acc_chk_point %4, %11, %12, %13 : "
    "!ascendc.local_tensor<*xi32>, ui32, ui32, ui32\n"
    "    %14 = \"emitc.constant\"() <{value = 1 : ui32}> : () -> ui32\n"
    "    %15 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %16 = \"emitc.constant\"() <{value = 8 : ui32}> : () -> ui32\n"
    "    ascendc.dump_acc_chk_point %0, %14, %15, %16 : "
    "!ascendc.global_tensor<*xf32>, ui32, ui32, ui32\n"
    "    %17 = ascendc.get_sys_workspace_ptr : memref<?xui8, 22>\n"
    "    ascendc.set_sys_workspace %arg1 : memref<?xi32, 22>\n"
    "    %18 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %19 = ascendc.get_hccl_context %18 : ui32, memref<?xui8, 22>\n"
    "    %20 = \"emitc.constant\"() <{value = 1 : ui32}> : () -> ui32\n"
    "    ascendc.set_hccl_context %20, %19 : ui32, memref<?xui8, 22>\n"
    "    return\n"
    "  }\n"
    "}\n";

static casc_buf print_module(casc_ctx *ctx, casc_op *m) {
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, m, NULL, &text);
  return text;
}

/* m prints exactly as pyasc's codegen.mlir for the same kernel (want);
 * casc's text is shown when it does not. */
static void expect_printed(casc_ctx *ctx, casc_op *m, const char *want) {
  casc_buf text = print_module(ctx, m);
  bool same = text.data && strcmp(text.data, want) == 0;
  CHECK(same);
  if (!same)
    fprintf(stderr, "casc printed:\n%s\n", text.data ? text.data : "");
  casc_buf_free(&text);
}

static void test_ir_matches_pyasc(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "sys2_kernel", sys2_kernel, NULL);
  if (!m)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL);
  expect_printed(ctx, m, pyasc_ir);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* The C twin of: xg over x (f32); q = TQue(VECIN, 1), init_buffer(q, 1,
 * 256), u = q.alloc_tensor(float32); u.set_user_tag(9); u.get_user_tag();
 * u.set_buffer_len(32); u.print(16); xg.set_l2_cache_hint(
 * CACHE_MODE_DISABLE, READ); xg.set_l2_cache_hint() (the defaults). */
static void tmeta_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_global_tensor xg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 256);
  asc_local_tensor u = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_localtensor_set_user_tag(u, 9);
  (void)asc_localtensor_get_user_tag(u);
  asc_localtensor_set_buffer_len(u, 32u);
  asc_localtensor_print(u, 16u);
  asc_globaltensor_set_l2_cache_hint(xg, ASC_CACHEMODE_CACHE_MODE_DISABLE,
                                     ASC_CACHERWMODE_READ);
  asc_globaltensor_set_l2_cache_hint(xg, ASC_CACHEMODE_CACHE_MODE_NORMAL,
                                     ASC_CACHERWMODE_RW);
}

static const char pyasc_tmeta_ir[] =
    "module {\n"
    "  func.func @tmeta_kernel(%arg0: memref<?xf32, 22>) attributes "
    "{ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %0, %arg0 : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %1 = ascendc.pipe\n"
    "    %2 = ascendc.queue : <vecin, 1>\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %c256_i32 = arith.constant 256 : i32\n"
    "    ascendc.pipe.init_queue %1, %2, %c1_i32, %c256_i32 : "
    "!ascendc.queue<vecin, 1>, i32, i32\n"
    "    %3 = ascendc.que_bind.alloc_tensor %2 : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    %c9_i32 = arith.constant 9 : i32\n"
    "    ascendc.local_tensor.set_user_tag %3, %c9_i32 : "
    "!ascendc.local_tensor<*xf32>, i32\n"
    "    %4 = ascendc.local_tensor.get_user_tag %3 : "
    "!ascendc.local_tensor<*xf32>, i32\n"
    "    %5 = \"emitc.constant\"() <{value = 32 : ui32}> : () -> ui32\n"
    "    ascendc.local_tensor.set_buffer_len %3, %5 : "
    "!ascendc.local_tensor<*xf32>, ui32\n"
    "    %6 = \"emitc.constant\"() <{value = 16 : ui32}> : () -> ui32\n"
    "    ascendc.local_tensor.print %3, %6 : !ascendc.local_tensor<*xf32>, "
    "ui32\n"
    "    ascendc.global_tensor.set_l2_cache_hint %0 {mode = 1 : i32, rwMode = "
    "1 : i32} : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_l2_cache_hint %0 {mode = 0 : i32, rwMode = "
    "3 : i32} : !ascendc.global_tensor<*xf32>\n"
    "    return\n"
    "  }\n"
    "}\n";

/* pyasc's LocalTensor.to_file cannot build its op (its builder binding
 * rejects the call), so the op row is the reference: the file name as the
 * fileName string attribute; the printed text parses back to itself. */
static void to_file_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 256);
  asc_local_tensor u = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_localtensor_to_file(u, "dump.bin");
}

static void test_tensor_meta_ir(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "tmeta_kernel", tmeta_kernel, NULL);
  casc_op *f = casc_jit_build(ctx, "f", to_file_kernel, NULL);
  if (!m || !f)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL && f != NULL);
  expect_printed(ctx, m, pyasc_tmeta_ir);
  casc_buf text = print_module(ctx, f);
  REQUIRE(text.data != NULL);
  CHECK(strstr(text.data, "ascendc.local_tensor.to_file %2 {fileName = "
                          "\"dump.bin\"} : !ascendc.local_tensor<*xf32>\n"));
  casc_op *back = casc_parse_module(ctx, text.data, text.len, "f", 1);
  CHECK(back != NULL);
  if (back) {
    casc_buf again = print_module(ctx, back);
    CHECK(again.data && strcmp(again.data, text.data) == 0);
    casc_buf_free(&again);
  }
  casc_buf_free(&text);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* The C twin of: xg over x (f32); u from a TQue as above; gi =
 * xg.get_shape_info(); li = u.get_shape_info(); u.set_shape_info(gi);
 * xg.set_shape_info(li); gi.shape(0); li.original_shape(1). */
static void shp_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_global_tensor xg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 256);
  asc_local_tensor u = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_shape_info gi = asc_globaltensor_get_shape_info(xg);
  asc_shape_info li = asc_localtensor_get_shape_info(u);
  asc_localtensor_set_shape_info(u, gi);
  asc_globaltensor_set_shape_info(xg, li);
  (void)asc_shapeinfo_shape(gi, 0);
  (void)asc_shapeinfo_original_shape(li, 1);
}

static const char pyasc_shp_ir[] =
    "module {\n"
    "  func.func @shp_kernel(%arg0: memref<?xf32, 22>) attributes "
    "{ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %0, %arg0 : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %1 = ascendc.pipe\n"
    "    %2 = ascendc.queue : <vecin, 1>\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %c256_i32 = arith.constant 256 : i32\n"
    "    ascendc.pipe.init_queue %1, %2, %c1_i32, %c256_i32 : "
    "!ascendc.queue<vecin, 1>, i32, i32\n"
    "    %3 = ascendc.que_bind.alloc_tensor %2 : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    %4 = ascendc.global_tensor.get_shape_info %0 : "
    "!ascendc.global_tensor<*xf32>, !ascendc.shape_info\n"
    "    %5 = ascendc.local_tensor.get_shape_info %3 : "
    "!ascendc.local_tensor<*xf32>, !ascendc.shape_info\n"
    "    ascendc.local_tensor.set_shape_info %3, %4 : "
    "!ascendc.local_tensor<*xf32>, !ascendc.shape_info\n"
    "    ascendc.global_tensor.set_shape_info %0, %5 : "
    "!ascendc.global_tensor<*xf32>, !ascendc.shape_info\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %6 = ascendc.shape_info.shape %4, %c0_i32 i32, i32\n"
    "    %c1_i32_0 = arith.constant 1 : i32\n"
    "    %7 = ascendc.shape_info.original_shape %5, %c1_i32_0 i32, i32\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_shape_info_ir(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "shp_kernel", shp_kernel, NULL);
  if (!m)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL);
  expect_printed(ctx, m, pyasc_shp_ir);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* The calls the simulator runs, end to end: o[0] = ascend_is_aiv, o[1] =
 * ascend_is_aic, o[2] = get_sub_block_idx, o[3] = get_sub_block_num, o[4]
 * = get_icache_preload_status after icache_preload; a mode-2 cross-core
 * flag set then waited on, HF32 off, SoC state and profiling marks around
 * them (no effect on values). */
static void run_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr o = asc_arg_gm(k, "o", ASC_INT64);
  asc_global_tensor og = asc_globaltensor();
  asc_globaltensor_set_global_buffer(og, o);
  asc_init_soc_state();
  asc_metrics_prof_start();
  asc_set_hf32_mode(0);
  asc_globaltensor_set_value(og, 0, asc_select(asc_ascend_is_aiv(), 1, 0));
  asc_globaltensor_set_value(og, 1, asc_select(asc_ascend_is_aic(), 1, 0));
  asc_globaltensor_set_value(og, 2, asc_get_sub_block_idx());
  asc_globaltensor_set_value(og, 3, asc_get_sub_block_num());
  asc_cross_core_set_flag(3, 2, ASC_PIPEID_PIPE_MTE3);
  asc_cross_core_wait_flag(3, 2, ASC_PIPEID_PIPE_MTE3);
  asc_icache_preload(2);
  asc_globaltensor_set_value(og, 4, asc_get_icache_preload_status());
  asc_metrics_prof_stop();
}

static void test_run(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "r", run_kernel, NULL);
  REQUIRE(m != NULL);
  int64_t o[5] = {-1, -1, -1, -1, -1};
  casc_arg arg = casc_arg_gm(o, CASC_DT_I64, 5);
  casc_launch_status st = casc_launch(ctx, m, "r", 1, &arg, 1, NULL, NULL);
  if (st != CASC_LAUNCH_OK)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK(o[0] == 1); /* the simulator runs every block as an AIV */
  CHECK(o[1] == 0);
  CHECK(o[2] == 0);
  CHECK(o[3] == 1);
  CHECK(o[4] == 0); /* no preload is ever under way */
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* Misuse: one located error naming the API. */
static void bad_mode(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_cross_core_set_flag(1, 3, ASC_PIPEID_PIPE_V);
}

static void bad_pipe(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_cross_core_wait_flag(1, 0, (asc_pipeid)11);
}

static void bad_ib_workspace(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr g = asc_arg_gm(k, "g", ASC_FLOAT);
  asc_global_tensor gg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(gg, g);
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, tb, 256);
  asc_ib_wait(gg, asc_tbuf_get(tb, ASC_INT32), 0, 0);
}

static void bad_chain_workspace(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr g = asc_arg_gm(k, "g", ASC_INT32);
  asc_global_tensor gg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(gg, g);
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, tb, 256);
  asc_notify_next_block(gg, asc_tbuf_get(tb, ASC_HALF));
}

static void bad_hccl_index(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  (void)asc_get_hccl_context(-1);
}

/* SetHcclContext takes `__gm__ uint8_t*`: an int32 address does not
 * compile as C++, and a third domain does not exist. */
static void hccl_context_of_int32(asc_kernel *k, void *user) {
  (void)user;
  asc_set_hccl_context(0, asc_arg_gm(k, "w", ASC_INT32));
}

static void hccl_context_domain_2(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_set_hccl_context(2, asc_get_hccl_context(0));
}

static void unset_global(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_dump_acc_chk_point(asc_globaltensor(), 0, 0, 4);
}

static void bad_cache_mode(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr g = asc_arg_gm(k, "g", ASC_FLOAT);
  asc_global_tensor gg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(gg, g);
  asc_globaltensor_set_l2_cache_hint(gg, (asc_cachemode)3, ASC_CACHERWMODE_RW);
}

static void user_tag_of_queue(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_local_tensor none = {0};
  asc_localtensor_set_user_tag(none, 1);
}

static void unset_shape_info(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_shape_info none = {0};
  (void)asc_shapeinfo_shape(none, 0);
}

static void test_misuse(void) {
  expect_build_error(
      bad_mode,
      "asc_cross_core_set_flag: mode_id 3 is not a cross-core mode (0, 1 or "
      "2)");
  expect_build_error(bad_pipe,
                     "asc_cross_core_wait_flag: 11 is not a valid PipeID");
  expect_build_error(bad_ib_workspace,
                     "asc_ib_wait: the workspaces must be int32 tensors "
                     "(gm_workspace is f32, ub_workspace i32)");
  expect_build_error(bad_chain_workspace,
                     "asc_notify_next_block: the workspaces must be int32 "
                     "tensors (gm_workspace is i32, ub_workspace f16)");
  expect_build_error(bad_hccl_index,
                     "asc_get_hccl_context: index -1 is not an HCCL "
                     "communication domain (0 or 1)");
  expect_build_error(hccl_context_of_int32,
                     "asc_set_hccl_context: context must be a uint8 GM "
                     "address (SetHcclContext takes __gm__ uint8_t*), not "
                     "i32");
  expect_build_error(hccl_context_domain_2,
                     "asc_set_hccl_context: index 2 is not an HCCL "
                     "communication domain (0 or 1)");
  expect_build_error(unset_global, "asc_dump_acc_chk_point: tensor");
  expect_build_error(bad_cache_mode,
                     "asc_globaltensor_set_l2_cache_hint: 3 is not a valid "
                     "CacheMode");
  expect_build_error(user_tag_of_queue, "asc_localtensor_set_user_tag: tensor");
  expect_build_error(unset_shape_info, "asc_shapeinfo_shape: shape_info");
  /* outside a build: the per-thread error */
  casc_lang_clear_errors();
  asc_init_soc_state();
  const char *e = casc_lang_last_error();
  CHECK(e && strstr(e, "asc_init_soc_state must be called while a kernel is "
                       "being built"));
}

int main(void) {
  RUN_TEST(test_ir_matches_pyasc);
  RUN_TEST(test_tensor_meta_ir);
  RUN_TEST(test_shape_info_ir);
  RUN_TEST(test_run);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
