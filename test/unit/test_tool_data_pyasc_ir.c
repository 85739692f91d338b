/* The control-register and scalar-query calls of casc/asc_data.h
 * (src/lang/data_regs.c), InitConstValue, MrgSort4, LoadDataWithTranspose,
 * SetLoadDataRepeat and TransDataTo5HD with their structs and the sparse
 * cube path (init_const_value.c, mrg_sort4.c, load_data_transpose.c,
 * trans_data_to_5hd.c, sparse.c) build the IR pyasc builds: each
 * kernel below is the C twin of a pyasc kernel making the same calls, and
 * its WANT list is pyasc's codegen.mlir body for it (pyasc cecba26's front end
 * through /work/shared/tools/pyasc-oracle/pyasc-jit-ir --no-passes, locations
 * dropped), compared line by line with casc's printing. Misuse is a
 * located error naming the API. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/text.h"
#include "check.h"

/* pyasc:
 *   g = asc.GlobalTensor(); g.set_global_buffer(x)
 *   a = asc.get_sort_len(16); b = asc.get_sort_offset(n)
 *   c = asc.get_gather_mask_remain_count()
 *   l1, l2, l3, l4 = asc.get_mrg_sort_result()
 *   asc.set_load_data_boundary(n); asc.set_load_data_boundary(64)
 *   asc.set_load_data_padding_value(3); asc.set_load_data_padding_value(1.5)
 *   asc.set_pad_value(7); asc.set_pad_value(2.5, asc.TPosition.VECIN)
 *   asc.set_fix_pipe_pre_quant_flag(5); asc.set_fix_pipe_pre_quant_flag(n) */
static void regs_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_INT32);
  asc_int n = asc_arg_int(k, "n", ASC_INT32);
  asc_global_tensor g = asc_globaltensor();
  asc_globaltensor_set_global_buffer(g, x);
  asc_int a = asc_get_sort_len(16);
  asc_int b = asc_get_sort_offset(n);
  asc_int c = asc_get_gather_mask_remain_count();
  asc_int l1, l2, l3, l4;
  asc_get_mrg_sort_result(&l1, &l2, &l3, &l4);
  asc_set_load_data_boundary(n);
  asc_set_load_data_boundary(64);
  asc_set_load_data_padding_value(3);
  asc_set_load_data_padding_value(1.5f);
  asc_set_pad_value(7);
  asc_set_pad_value(2.5, ASC_TPOSITION_VECIN);
  asc_set_fix_pipe_pre_quant_flag(5);
  asc_set_fix_pipe_pre_quant_flag(n);
  (void)a, (void)b, (void)c, (void)l1, (void)l2, (void)l3, (void)l4;
}

static const char *const WANT_REGS[] = {
    "%0 = ascendc.global_tensor : !ascendc.global_tensor<*xi32>",
    "ascendc.global_tensor.set_global_buffer %0, %arg0 : "
    "!ascendc.global_tensor<*xi32>, memref<?xi32, 22>",
    "%1 = \"emitc.constant\"() <{value = 16 : ui32}> : () -> ui32",
    "%2 = ascendc.get_sort_len %1 : ui32",
    "%3 = emitc.cast %arg1 : i32 to ui32",
    "%4 = ascendc.get_sort_offset %3 : ui32",
    "%5 = ascendc.get_gather_mask_remain_count : ui64",
    "%mrgSortList1, %mrgSortList2, %mrgSortList3, %mrgSortList4 = "
    "ascendc.get_mrg_sort_result : ui16, ui16, ui16, ui16",
    "ascendc.set_load_data_boundary %arg1 : i32",
    "%c64_i32 = arith.constant 64 : i32",
    "ascendc.set_load_data_boundary %c64_i32 : i32",
    "%c3_i32 = arith.constant 3 : i32",
    "ascendc.set_load_data_padding_value %c3_i32 : i32",
    "%cst = arith.constant 1.500000e+00 : f32",
    "ascendc.set_load_data_padding_value %cst : f32",
    "%c7_i32 = arith.constant 7 : i32",
    "ascendc.set_pad_value %c7_i32 {pos = 12 : i32} : i32",
    "%cst_0 = arith.constant 2.500000e+00 : f32",
    "ascendc.set_pad_value %cst_0 {pos = 9 : i32} : f32",
    "%6 = \"emitc.constant\"() <{value = 5 : ui64}> : () -> ui64",
    "ascendc.set_fixpipe_pre_quant_flag %6 : ui64",
    "%7 = emitc.cast %arg1 : i32 to ui64",
    "ascendc.set_fixpipe_pre_quant_flag %7 : ui64",
    "return",
};

/* casc's printing of the kernel's func body, line by line (trimmed),
 * against want[0, n). */
static void check_body(void (*kernel)(asc_kernel *, void *),
                       const char *const *want, unsigned n) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "k", kernel, NULL);
  if (!m)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL);
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, m, NULL, &text);
  REQUIRE(text.data != NULL);
  const char *p = strstr(text.data, "func.func");
  REQUIRE(p != NULL);
  p = strchr(p, '\n');
  unsigned i = 0;
  while (p && *p && i < n) {
    p++;
    while (*p == ' ')
      p++;
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    bool same = len == strlen(want[i]) && !strncmp(p, want[i], len);
    CHECK(same);
    if (!same)
      fprintf(stderr, "line %u: got   %.*s\n        want  %s\n", i, (int)len, p,
              want[i]);
    i++;
    p = e;
  }
  CHECK_EQ_INT(i, n);
  casc_buf_free(&text);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

#define COUNT(a) (unsigned)(sizeof(a) / sizeof((a)[0]))

static void test_regs_build_pyasc_ir(void) {
  check_body(regs_kernel, WANT_REGS, COUNT(WANT_REGS));
}

/* pyasc (kernel arguments x: GlobalAddress, n: int, f: float):
 *   pipe = asc.TPipe(); q = asc.TQue(asc.TPosition.A1, 1)
 *   pipe.init_buffer(que=q, num=1, len=1024); t = q.alloc_tensor(asc.float16)
 *   asc.init_const_value(t, asc.InitConstValueParams(2, 4, 0, 3))
 *   asc.init_const_value(t, asc.InitConstValueParams(n, 4, 1, 2))
 *   asc.init_const_value(t, asc.InitConstValueParams(1, 2, 0, 1.5))
 *   qs = asc.TQue(asc.TPosition.VECIN, 1)
 *   pipe.init_buffer(que=qs, num=1, len=4096)
 *   d = qs.alloc_tensor(asc.float32); s1 = ...; s2 = ... (the same)
 *   lst = asc.MrgSortSrcList(asc.float32, s1, s2, s1, s2)
 *   asc.mrg_sort4(d, lst, asc.MrgSort4Info([16, 16, 16, 16], False, 15, 1))
 *   asc.mrg_sort4(d, lst, asc.MrgSort4Info([8, n, 4, 2], True, 3, n)) */
static void init_sort4_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_INT32);
  asc_int n = asc_arg_int(k, "n", ASC_INT32);
  asc_float f = asc_arg_float(k, "f", ASC_FLOAT);
  (void)x, (void)f;
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_A1, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_HALF);
  asc_init_const_value(t, asc_initconstvalueparams(2, 4, 0, 3));
  asc_init_const_value(t, asc_initconstvalueparams(n, 4, 1, 2));
  asc_init_const_value(t, asc_initconstvalueparams(1, 2, 0, 1.5f));
  asc_tquebind qs = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, qs, 1, 4096);
  asc_local_tensor d = asc_tquebind_alloc_tensor(qs, ASC_FLOAT);
  asc_local_tensor s1 = asc_tquebind_alloc_tensor(qs, ASC_FLOAT);
  asc_local_tensor s2 = asc_tquebind_alloc_tensor(qs, ASC_FLOAT);
  asc_mrg_sort_src_list lst = asc_mrgsortsrclist(ASC_FLOAT, s1, s2, s1, s2);
  asc_mrg_sort4(d, lst, asc_mrgsort4info(16, 16, 16, 16));
  asc_mrg_sort4(d, lst, asc_mrgsort4info(8, n, 4, 2, 1, 3, n));
}

static const char *const WANT_INIT_SORT4[] = {
    "%0 = ascendc.pipe",
    "%1 = ascendc.queue : <a1, 1>",
    "%c1_i32 = arith.constant 1 : i32",
    "%c1024_i32 = arith.constant 1024 : i32",
    "ascendc.pipe.init_queue %0, %1, %c1_i32, %c1024_i32 : !ascendc.queue<a1, "
    "1>, i32, i32",
    "%2 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<a1, 1>, "
    "!ascendc.local_tensor<*xf16>",
    "%c3_i32 = arith.constant 3 : i32",
    "%3 = \"emitc.constant\"() <{value = 2 : ui16}> : () -> ui16",
    "%4 = \"emitc.constant\"() <{value = 4 : ui16}> : () -> ui16",
    "%5 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16",
    "%6 = ascendc.construct !ascendc.init_const_value_params(%3, %4, %5, "
    "%c3_i32) [ui16, ui16, ui16, i32] : ui16, ui16, ui16, i32",
    "ascendc.init_const_value %2, %6 : !ascendc.local_tensor<*xf16>, "
    "!ascendc.init_const_value_params",
    "%c2_i32 = arith.constant 2 : i32",
    "%7 = emitc.cast %arg1 : i32 to ui16",
    "%8 = \"emitc.constant\"() <{value = 4 : ui16}> : () -> ui16",
    "%9 = \"emitc.constant\"() <{value = 1 : ui16}> : () -> ui16",
    "%10 = ascendc.construct !ascendc.init_const_value_params(%7, %8, %9, "
    "%c2_i32) [ui16, ui16, ui16, i32] : ui16, ui16, ui16, i32",
    "ascendc.init_const_value %2, %10 : !ascendc.local_tensor<*xf16>, "
    "!ascendc.init_const_value_params",
    "%cst = arith.constant 1.500000e+00 : f32",
    "%11 = \"emitc.constant\"() <{value = 1 : ui16}> : () -> ui16",
    "%12 = \"emitc.constant\"() <{value = 2 : ui16}> : () -> ui16",
    "%13 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16",
    "%14 = ascendc.construct !ascendc.init_const_value_params(%11, %12, %13, "
    "%cst) [ui16, ui16, ui16, f32] : ui16, ui16, ui16, f32",
    "ascendc.init_const_value %2, %14 : !ascendc.local_tensor<*xf16>, "
    "!ascendc.init_const_value_params",
    "%15 = ascendc.queue : <vecin, 1>",
    "%c1_i32_0 = arith.constant 1 : i32",
    "%c4096_i32 = arith.constant 4096 : i32",
    "ascendc.pipe.init_queue %0, %15, %c1_i32_0, %c4096_i32 : "
    "!ascendc.queue<vecin, 1>, i32, i32",
    "%16 = ascendc.que_bind.alloc_tensor %15 : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>",
    "%17 = ascendc.que_bind.alloc_tensor %15 : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>",
    "%18 = ascendc.que_bind.alloc_tensor %15 : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>",
    "%19 = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%17, %18, %17, "
    "%18) [!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, "
    "!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>] : "
    "!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, "
    "!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>",
    "%c0_i8 = arith.constant 0 : i8",
    "%20 = \"emitc.constant\"() <{value = 15 : ui16}> : () -> ui16",
    "%21 = \"emitc.constant\"() <{value = 1 : ui16}> : () -> ui16",
    "%alloca = memref.alloca() : memref<4xui16>",
    "%22 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16",
    "%c0 = arith.constant 0 : index",
    "memref.store %22, %alloca[%c0] : memref<4xui16>",
    "%23 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16",
    "%c1 = arith.constant 1 : index",
    "memref.store %23, %alloca[%c1] : memref<4xui16>",
    "%24 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16",
    "%c2 = arith.constant 2 : index",
    "memref.store %24, %alloca[%c2] : memref<4xui16>",
    "%25 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16",
    "%c3 = arith.constant 3 : index",
    "memref.store %25, %alloca[%c3] : memref<4xui16>",
    "%26 = ascendc.construct !ascendc.mrg_sort4_info(%alloca, %c0_i8, %20, "
    "%21) [memref<4xui16>, i1, ui16, ui16] : memref<4xui16>, i8, ui16, ui16",
    "ascendc.mrg_sort4 %16, %19, %26 : !ascendc.local_tensor<*xf32>, "
    "!ascendc.mrg_sort_src_list<f32>, !ascendc.mrg_sort4_info",
    "%c1_i8 = arith.constant 1 : i8",
    "%27 = \"emitc.constant\"() <{value = 3 : ui16}> : () -> ui16",
    "%28 = emitc.cast %arg1 : i32 to ui16",
    "%alloca_1 = memref.alloca() : memref<4xui16>",
    "%29 = \"emitc.constant\"() <{value = 8 : ui16}> : () -> ui16",
    "%c0_2 = arith.constant 0 : index",
    "memref.store %29, %alloca_1[%c0_2] : memref<4xui16>",
    "%30 = emitc.cast %arg1 : i32 to ui16",
    "%c1_3 = arith.constant 1 : index",
    "memref.store %30, %alloca_1[%c1_3] : memref<4xui16>",
    "%31 = \"emitc.constant\"() <{value = 4 : ui16}> : () -> ui16",
    "%c2_4 = arith.constant 2 : index",
    "memref.store %31, %alloca_1[%c2_4] : memref<4xui16>",
    "%32 = \"emitc.constant\"() <{value = 2 : ui16}> : () -> ui16",
    "%c3_5 = arith.constant 3 : index",
    "memref.store %32, %alloca_1[%c3_5] : memref<4xui16>",
    "%33 = ascendc.construct !ascendc.mrg_sort4_info(%alloca_1, %c1_i8, %27, "
    "%28) [memref<4xui16>, i1, ui16, ui16] : memref<4xui16>, i8, ui16, ui16",
    "ascendc.mrg_sort4 %16, %19, %33 : !ascendc.local_tensor<*xf32>, "
    "!ascendc.mrg_sort_src_list<f32>, !ascendc.mrg_sort4_info",
    "return",
};

static void test_init_sort4_build_pyasc_ir(void) {
  check_body(init_sort4_kernel, WANT_INIT_SORT4, COUNT(WANT_INIT_SORT4));
}

/* pyasc (kernel arguments x: GlobalAddress, n: int):
 *   pipe = asc.TPipe(); q = asc.TQue(asc.TPosition.VECIN, 1)
 *   pipe.init_buffer(que=q, num=1, len=4096)
 *   d = q.alloc_tensor(asc.uint64); s = q.alloc_tensor(asc.uint64)
 *   asc.trans_data_to_5hd(d, s, asc.TransDataTo5HDParams(False, True, 2, 16,
 *                                                        n))
 *   qa = asc.TQue(asc.TPosition.A1, 1); pipe.init_buffer(que=qa, ...4096)
 *   qb = asc.TQue(asc.TPosition.B2, 1); pipe.init_buffer(que=qb, ...4096)
 *   a1 = qa.alloc_tensor(asc.float16); b2 = qb.alloc_tensor(asc.float16)
 *   asc.load_data_with_transpose(b2, a1,
 *       asc.LoadData2dTransposeParams(0, 4, 1, 0, 0, 0))
 *   asc.load_data_with_transpose(b2, a1,
 *       asc.LoadData2dTransposeParams(n, n, 2, 1, 1, 1))
 *   asc.set_load_data_repeat(asc.LoadDataRepeatParam(2, 8, 1))
 *   asc.set_load_data_repeat(asc.LoadDataRepeatParam(n, 8, 0)) */
static void transpose_5hd_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_INT32);
  asc_int n = asc_arg_int(k, "n", ASC_INT32);
  (void)x;
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 4096);
  asc_local_tensor d = asc_tquebind_alloc_tensor(q, ASC_UINT64);
  asc_local_tensor s = asc_tquebind_alloc_tensor(q, ASC_UINT64);
  asc_trans_data_to_5hd(d, s, asc_transdatato5hdparams(0, 1, 2, 16, n));
  asc_tquebind qa = asc_tque(ASC_TPOSITION_A1, 1);
  asc_tpipe_init_buffer(pipe, qa, 1, 4096);
  asc_tquebind qb = asc_tque(ASC_TPOSITION_B2, 1);
  asc_tpipe_init_buffer(pipe, qb, 1, 4096);
  asc_local_tensor a1 = asc_tquebind_alloc_tensor(qa, ASC_HALF);
  asc_local_tensor b2 = asc_tquebind_alloc_tensor(qb, ASC_HALF);
  asc_load_data_with_transpose(b2, a1,
                               asc_loaddata2dtransposeparams(0, 4, 1, 0, 0, 0));
  asc_load_data_with_transpose(b2, a1,
                               asc_loaddata2dtransposeparams(n, n, 2, 1, 1, 1));
  asc_set_load_data_repeat(asc_loaddatarepeatparam(2, 8, 1));
  asc_set_load_data_repeat(asc_loaddatarepeatparam(n, 8, 0));
}

static const char *const WANT_TRANSPOSE_5HD[] = {
    "%0 = ascendc.pipe",
    "%1 = ascendc.queue : <vecin, 1>",
    "%c1_i32 = arith.constant 1 : i32",
    "%c4096_i32 = arith.constant 4096 : i32",
    "ascendc.pipe.init_queue %0, %1, %c1_i32, %c4096_i32 : "
    "!ascendc.queue<vecin, 1>, i32, i32",
    "%2 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xui64>",
    "%3 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xui64>",
    "%false = arith.constant false",
    "%true = arith.constant true",
    "%c2_i32 = arith.constant 2 : i32",
    "%c16_i32 = arith.constant 16 : i32",
    "%4 = ascendc.construct !ascendc.trans_data_to_5hd_params(%false, %true, "
    "%c2_i32, %c16_i32, %arg1) [i1, i1, ui8, ui16, ui16] : i1, i1, i32, i32, "
    "i32",
    "ascendc.trans_data_to_5hd %2, %3, %4 : !ascendc.local_tensor<*xui64>, "
    "!ascendc.local_tensor<*xui64>, !ascendc.trans_data_to_5hd_params",
    "%5 = ascendc.queue : <a1, 1>",
    "%c1_i32_0 = arith.constant 1 : i32",
    "%c4096_i32_1 = arith.constant 4096 : i32",
    "ascendc.pipe.init_queue %0, %5, %c1_i32_0, %c4096_i32_1 : "
    "!ascendc.queue<a1, 1>, i32, i32",
    "%6 = ascendc.queue : <b2, 1>",
    "%c1_i32_2 = arith.constant 1 : i32",
    "%c4096_i32_3 = arith.constant 4096 : i32",
    "ascendc.pipe.init_queue %0, %6, %c1_i32_2, %c4096_i32_3 : "
    "!ascendc.queue<b2, 1>, i32, i32",
    "%7 = ascendc.que_bind.alloc_tensor %5 : !ascendc.queue<a1, 1>, "
    "!ascendc.local_tensor<*xf16>",
    "%8 = ascendc.que_bind.alloc_tensor %6 : !ascendc.queue<b2, 1>, "
    "!ascendc.local_tensor<*xf16>",
    "%9 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16",
    "%10 = \"emitc.constant\"() <{value = 4 : ui8}> : () -> ui8",
    "%11 = \"emitc.constant\"() <{value = 1 : ui16}> : () -> ui16",
    "%12 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16",
    "%13 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16",
    "%14 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8",
    "%15 = ascendc.construct !ascendc.load_data_2d_transpose_params(%9, %10, "
    "%11, %12, %13, %14) [ui16, ui8, ui16, ui16, ui16, ui8] : ui16, ui8, ui16, "
    "ui16, ui16, ui8",
    "ascendc.load_data_with_transpose %8, %7, %15 : "
    "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, "
    "!ascendc.load_data_2d_transpose_params",
    "%16 = emitc.cast %arg1 : i32 to ui16",
    "%17 = emitc.cast %arg1 : i32 to ui8",
    "%18 = \"emitc.constant\"() <{value = 2 : ui16}> : () -> ui16",
    "%19 = \"emitc.constant\"() <{value = 1 : ui16}> : () -> ui16",
    "%20 = \"emitc.constant\"() <{value = 1 : ui16}> : () -> ui16",
    "%21 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8",
    "%22 = ascendc.construct !ascendc.load_data_2d_transpose_params(%16, %17, "
    "%18, %19, %20, %21) [ui16, ui8, ui16, ui16, ui16, ui8] : ui16, ui8, ui16, "
    "ui16, ui16, ui8",
    "ascendc.load_data_with_transpose %8, %7, %22 : "
    "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, "
    "!ascendc.load_data_2d_transpose_params",
    "%c2_i32_4 = arith.constant 2 : i32",
    "%c8_i32 = arith.constant 8 : i32",
    "%c1_i32_5 = arith.constant 1 : i32",
    "%23 = ascendc.construct !ascendc.load_data_repeat_param(%c2_i32_4, "
    "%c8_i32, %c1_i32_5) [ui8, ui16, ui8] : i32, i32, i32",
    "ascendc.set_load_data_repeat %23 : !ascendc.load_data_repeat_param",
    "%c8_i32_6 = arith.constant 8 : i32",
    "%c0_i32 = arith.constant 0 : i32",
    "%24 = ascendc.construct !ascendc.load_data_repeat_param(%arg1, %c8_i32_6, "
    "%c0_i32) [ui8, ui16, ui8] : i32, i32, i32",
    "ascendc.set_load_data_repeat %24 : !ascendc.load_data_repeat_param",
    "return",
};

static void test_transpose_5hd_build_pyasc_ir(void) {
  check_body(transpose_5hd_kernel, WANT_TRANSPOSE_5HD,
             COUNT(WANT_TRANSPOSE_5HD));
}

/* pyasc (kernel argument x: GlobalAddress): queues on B1, B2, A2 and CO1
 * (one buffer of 4096 bytes each, in that order);
 *   src = qb1.alloc_tensor(asc.int8); idx = qb1.alloc_tensor(asc.uint8)
 *   b2 = qb2.alloc_tensor(asc.int8); a2 = qa2.alloc_tensor(asc.int8)
 *   c = qc.alloc_tensor(asc.int32)
 *   asc.load_data_with_sparse(b2, src, idx,
 *       asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))
 *   asc.mmad_with_sparse(c, a2, b2, asc.MmadParams(16, 16, 64, unit_flag=0,
 *       cmatrix_source=False, cmatrix_init_val=True)) */
static void sparse_kernel(asc_kernel *k, void *user) {
  (void)user;
  (void)asc_arg_gm(k, "x", ASC_INT32);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q[4];
  const asc_tposition pos[4] = {ASC_TPOSITION_B1, ASC_TPOSITION_B2,
                                ASC_TPOSITION_A2, ASC_TPOSITION_CO1};
  for (int i = 0; i < 4; i++) {
    q[i] = asc_tque(pos[i], 1);
    asc_tpipe_init_buffer(pipe, q[i], 1, 4096);
  }
  asc_local_tensor src = asc_tquebind_alloc_tensor(q[0], ASC_INT8);
  asc_local_tensor idx = asc_tquebind_alloc_tensor(q[0], ASC_UINT8);
  asc_local_tensor b2 = asc_tquebind_alloc_tensor(q[1], ASC_INT8);
  asc_local_tensor a2 = asc_tquebind_alloc_tensor(q[2], ASC_INT8);
  asc_local_tensor c = asc_tquebind_alloc_tensor(q[3], ASC_INT32);
  asc_load_data_with_sparse(b2, src, idx,
                            asc_loaddata2dparams(0, 1, 0, 0, 0, 0, 0));
  asc_mmad_with_sparse(c, a2, b2, asc_mmadparams(16, 16, 64, 0, 0, 1));
}

static const char *const WANT_SPARSE[] = {
    "%0 = ascendc.pipe",
    "%1 = ascendc.queue : <b1, 1>",
    "%c1_i32 = arith.constant 1 : i32",
    "%c4096_i32 = arith.constant 4096 : i32",
    "ascendc.pipe.init_queue %0, %1, %c1_i32, %c4096_i32 : !ascendc.queue<b1, "
    "1>, i32, i32",
    "%2 = ascendc.queue : <b2, 1>",
    "%c1_i32_0 = arith.constant 1 : i32",
    "%c4096_i32_1 = arith.constant 4096 : i32",
    "ascendc.pipe.init_queue %0, %2, %c1_i32_0, %c4096_i32_1 : "
    "!ascendc.queue<b2, 1>, i32, i32",
    "%3 = ascendc.queue : <a2, 1>",
    "%c1_i32_2 = arith.constant 1 : i32",
    "%c4096_i32_3 = arith.constant 4096 : i32",
    "ascendc.pipe.init_queue %0, %3, %c1_i32_2, %c4096_i32_3 : "
    "!ascendc.queue<a2, 1>, i32, i32",
    "%4 = ascendc.queue : <co1, 1>",
    "%c1_i32_4 = arith.constant 1 : i32",
    "%c4096_i32_5 = arith.constant 4096 : i32",
    "ascendc.pipe.init_queue %0, %4, %c1_i32_4, %c4096_i32_5 : "
    "!ascendc.queue<co1, 1>, i32, i32",
    "%5 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<b1, 1>, "
    "!ascendc.local_tensor<*xi8>",
    "%6 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<b1, 1>, "
    "!ascendc.local_tensor<*xui8>",
    "%7 = ascendc.que_bind.alloc_tensor %2 : !ascendc.queue<b2, 1>, "
    "!ascendc.local_tensor<*xi8>",
    "%8 = ascendc.que_bind.alloc_tensor %3 : !ascendc.queue<a2, 1>, "
    "!ascendc.local_tensor<*xi8>",
    "%9 = ascendc.que_bind.alloc_tensor %4 : !ascendc.queue<co1, 1>, "
    "!ascendc.local_tensor<*xi32>",
    "%10 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16",
    "%11 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8",
    "%12 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16",
    "%13 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16",
    "%14 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16",
    "%false = arith.constant false",
    "%15 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8",
    "%16 = ascendc.construct !ascendc.load_data_2d_params(%10, %11, %12, %13, "
    "%14, %false, %15) [ui16, ui8, ui16, ui16, ui16, i1, ui8] : ui16, ui8, "
    "ui16, ui16, ui16, i1, ui8",
    "ascendc.load_data_with_sparse %7, %5, %6, %16 : "
    "!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, "
    "!ascendc.local_tensor<*xui8>, !ascendc.load_data_2d_params",
    "%17 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16",
    "%18 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16",
    "%19 = \"emitc.constant\"() <{value = 64 : ui16}> : () -> ui16",
    "%false_6 = arith.constant false",
    "%false_7 = arith.constant false",
    "%true = arith.constant true",
    "%20 = ascendc.construct !ascendc.mmad_params(%17, %18, %19, %false_6, "
    "%false_7, %true) [ui16, ui16, ui16, i1, i1, i1] : ui16, ui16, ui16, i1, "
    "i1, i1",
    "ascendc.mmad_with_sparse %9, %8, %7, %20 : !ascendc.local_tensor<*xi32>, "
    "!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, "
    "!ascendc.mmad_params",
    "return",
};

static void test_sparse_build_pyasc_ir(void) {
  check_body(sparse_kernel, WANT_SPARSE, COUNT(WANT_SPARSE));
}

static unsigned g_bad_pos_line, g_null_line, g_sort4_dtype_line,
    g_icv_params_line, g_5hd_line, g_transpose_line, g_sparse_idx_line,
    g_sparse_mmad_line;

static void misuse_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_int l1, l2, l3;
  g_bad_pos_line = __LINE__ + 1;
  asc_set_pad_value(1, ASC_TPOSITION_A1);
  g_null_line = __LINE__ + 1;
  asc_get_mrg_sort_result(&l1, &l2, &l3, NULL);
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf b = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, b, 4096);
  asc_local_tensor h = asc_tbuf_get(b, ASC_HALF);
  asc_local_tensor s = asc_tbuf_get(b, ASC_FLOAT);
  asc_mrg_sort_src_list lst = asc_mrgsortsrclist(ASC_FLOAT, s, s, s, s);
  g_sort4_dtype_line = __LINE__ + 1;
  asc_mrg_sort4(h, lst, asc_mrgsort4info(4, 4, 4, 4));
  asc_init_const_value_params wrong = {lst.p_, lst.k_};
  g_icv_params_line = __LINE__ + 1;
  asc_init_const_value(h, wrong);
  g_5hd_line = __LINE__ + 1;
  asc_trans_data_to_5hd(h, h, asc_transdatato5hdparams(0, 0, 1, 0, 0));
  asc_load_data_2d_transpose_params tp =
      asc_loaddata2dtransposeparams(0, 1, 0, 0, 0, 0);
  g_transpose_line = __LINE__ + 1;
  asc_load_data_with_transpose(h, s, tp);
  asc_local_tensor i8 = asc_tbuf_get(b, ASC_INT8);
  asc_load_data_2d_params lp = asc_loaddata2dparams(0, 1, 0, 0, 0, 0, 0);
  g_sparse_idx_line = __LINE__ + 1;
  asc_load_data_with_sparse(i8, i8, i8, lp);
  asc_mmad_params mp = asc_mmadparams(16, 16, 64, 0, 0, 1);
  g_sparse_mmad_line = __LINE__ + 1;
  asc_mmad_with_sparse(s, i8, i8, mp);
}

static void check_located(const casc_diag *d, unsigned line) {
  CHECK(d->sev == CASC_SEV_ERROR);
  const casc_loc *l = casc_loc_find_file(d->loc);
  CHECK(l != NULL);
  if (l) {
    CHECK_CONTAINS(l->u.file.file, "test_tool_data_pyasc_ir.c");
    CHECK_EQ_INT(l->u.file.line, line);
  }
}

static void test_misuse(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", misuse_kernel, NULL) == NULL);
  REQUIRE(diags.n == 8);
  CHECK_CONTAINS(diags.items[0]->msg,
                 "asc_set_pad_value: pos is 1; it must be one of "
                 "TPosition.MAX, TPosition.VECIN, TPosition.VECOUT");
  check_located(diags.items[0], g_bad_pos_line);
  CHECK_CONTAINS(diags.items[1]->msg, "asc_get_mrg_sort_result: list4 is NULL");
  check_located(diags.items[1], g_null_line);
  CHECK_CONTAINS(diags.items[2]->msg, "asc_mrg_sort4: dst has dtype half but "
                                      "src is a list of float");
  check_located(diags.items[2], g_sort4_dtype_line);
  CHECK_CONTAINS(diags.items[3]->msg, "asc_init_const_value: params is not an "
                                      "InitConstValueParams");
  check_located(diags.items[3], g_icv_params_line);
  CHECK_CONTAINS(diags.items[4]->msg,
                 "asc_trans_data_to_5hd: dst has dtype half and src half; "
                 "with LocalTensor inputs both must be uint64");
  check_located(diags.items[4], g_5hd_line);
  CHECK_CONTAINS(diags.items[5]->msg, "asc_load_data_with_transpose: src has "
                                      "dtype float but dst has dtype half");
  check_located(diags.items[5], g_transpose_line);
  CHECK_CONTAINS(diags.items[6]->msg, "asc_load_data_with_sparse: idx has "
                                      "dtype int8; it must be uint8");
  check_located(diags.items[6], g_sparse_idx_line);
  CHECK_CONTAINS(diags.items[7]->msg, "asc_mmad_with_sparse: dst has dtype "
                                      "float; it must be int32");
  check_located(diags.items[7], g_sparse_mmad_line);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);

  /* Outside a build: the usual error, and null handles. */
  casc_lang_clear_errors();
  asc_int s = asc_get_sort_len(4);
  CHECK(s.p_ == NULL);
  CHECK(casc_lang_last_error() != NULL);
  casc_lang_clear_errors();
}

int main(void) {
  RUN_TEST(test_regs_build_pyasc_ir);
  RUN_TEST(test_init_sort4_build_pyasc_ir);
  RUN_TEST(test_transpose_5hd_build_pyasc_ir);
  RUN_TEST(test_sparse_build_pyasc_ir);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
