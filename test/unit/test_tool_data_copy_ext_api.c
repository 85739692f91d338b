/* The C API of casc/asc_data_copy_ext.h: DataCopyExtParams,
 * DataCopyPadExtParams and asc_data_copy_pad's extended forms. A kernel
 * making each call prints exactly the IR pyasc's front end makes for the
 * same Python kernel (pyasc-jit-ir's codegen.mlir, locations dropped); the
 * padded copy runs end to end; misuse is a located error naming the API. */
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

/* The C twin of this pyasc kernel (x, z float32):
 *   q = TQue(VECIN, 1), init_buffer(q, 1, 1024), t = q.alloc_tensor(float32);
 *   p = DataCopyExtParams(2, 40, 8, 0, 0); pad = DataCopyPadExtParams(
 *   float32, True, 1, 1, 2.5); data_copy_pad(t, xg, p, pad);
 *   data_copy_pad(zg, t, p); DataCopyExtParams();
 *   DataCopyPadExtParams(half) */
static void dce_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_global_tensor xg = asc_globaltensor(), zg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, asc_arg_gm(k, "x", ASC_FLOAT));
  asc_globaltensor_set_global_buffer(zg, asc_arg_gm(k, "z", ASC_FLOAT));
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_data_copy_ext_params p = asc_datacopyextparams(2, 40, 8, 0, 0);
  asc_data_copy_pad_ext_params pad =
      asc_datacopypadextparams(ASC_FLOAT, 1, 1, 1, 2.5);
  asc_data_copy_pad(t, xg, p, pad);
  asc_data_copy_pad(zg, t, p);
  (void)asc_datacopyextparams();
  (void)asc_datacopypadextparams(ASC_HALF);
}

static const char pyasc_dce_ir[] =
    "module {\n"
    "  func.func @dce_kernel(%arg0: memref<?xf32, 22>, %arg1: "
    "memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %0, %arg0 : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %1 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %1, %arg1 : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %2 = ascendc.pipe\n"
    "    %3 = ascendc.queue : <vecin, 1>\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %c1024_i32 = arith.constant 1024 : i32\n"
    "    ascendc.pipe.init_queue %2, %3, %c1_i32, %c1024_i32 : "
    "!ascendc.queue<vecin, 1>, i32, i32\n"
    "    %4 = ascendc.que_bind.alloc_tensor %3 : !ascendc.queue<vecin, "
    "1>, !ascendc.local_tensor<*xf32>\n"
    "    %c2_i32 = arith.constant 2 : i32\n"
    "    %c40_i32 = arith.constant 40 : i32\n"
    "    %c8_i32 = arith.constant 8 : i32\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %c0_i32_0 = arith.constant 0 : i32\n"
    "    %5 = ascendc.construct !ascendc.data_copy_ext_params(%c2_i32, "
    "%c40_i32, %c8_i32, %c0_i32, %c0_i32_0) [ui16, ui32, ui32, ui32, "
    "ui32] : i32, i32, i32, i32, i32\n"
    "    %true = arith.constant true\n"
    "    %c1_i32_1 = arith.constant 1 : i32\n"
    "    %c1_i32_2 = arith.constant 1 : i32\n"
    "    %cst = arith.constant 2.500000e+00 : f32\n"
    "    %6 = ascendc.construct "
    "!ascendc.data_copy_pad_ext_params<f32>(%true, %c1_i32_1, %c1_i32_2, "
    "%cst) [i1, ui16, ui16, f32] : i1, i32, i32, f32\n"
    "    ascendc.data_copy_pad_l0_ext %4, %0, %5, %6 : "
    "!ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, "
    "!ascendc.data_copy_ext_params, "
    "!ascendc.data_copy_pad_ext_params<f32>\n"
    "    ascendc.data_copy_pad_l2_ext %1, %4, %5 : "
    "!ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, "
    "!ascendc.data_copy_ext_params\n"
    "    %c1_i32_3 = arith.constant 1 : i32\n"
    "    %c0_i32_4 = arith.constant 0 : i32\n"
    "    %c0_i32_5 = arith.constant 0 : i32\n"
    "    %c0_i32_6 = arith.constant 0 : i32\n"
    "    %c0_i32_7 = arith.constant 0 : i32\n"
    "    %7 = ascendc.construct !ascendc.data_copy_ext_params(%c1_i32_3, "
    "%c0_i32_4, %c0_i32_5, %c0_i32_6, %c0_i32_7) [ui16, ui32, ui32, "
    "ui32, ui32] : i32, i32, i32, i32, i32\n"
    "    %false = arith.constant false\n"
    "    %c0_i32_8 = arith.constant 0 : i32\n"
    "    %c0_i32_9 = arith.constant 0 : i32\n"
    "    %cst_10 = arith.constant 0.000000e+00 : f16\n"
    "    %8 = ascendc.construct "
    "!ascendc.data_copy_pad_ext_params<f16>(%false, %c0_i32_8, "
    "%c0_i32_9, %cst_10) [i1, ui16, ui16, f16] : i1, i32, i32, f16\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_ir_matches_pyasc(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "dce_kernel", dce_kernel, NULL);
  if (!m)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL);
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, m, NULL, &text);
  bool same = text.data && strcmp(text.data, pyasc_dce_ir) == 0;
  CHECK(same);
  if (!same)
    fprintf(stderr, "casc printed:\n%s\n", text.data ? text.data : "");
  casc_buf_free(&text);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* End to end: two rows of 5 elements 3 apart in GM (block_len 20 bytes,
 * src_stride 12 bytes) into UB, each row padded to one 32-byte block with
 * 3 elements of padding_value (is_pad), then the 16 values back to GM
 * contiguously; for int32 (padding -7) and for float (padding -1.5, a
 * float constant: the simulator once read its slot as raw bits and padded
 * with 0). user: whether the elements are float. */
static void run_kernel(asc_kernel *k, void *user) {
  const bool is_float = *(const bool *)user;
  const asc_dtype dt = is_float ? ASC_FLOAT : ASC_INT32;
  asc_global_tensor xg = asc_globaltensor(), zg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, asc_arg_gm(k, "x", dt), 16);
  asc_globaltensor_set_global_buffer(zg, asc_arg_gm(k, "z", dt), 16);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qi = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, qi, 1, 64);
  asc_local_tensor t = asc_tquebind_alloc_tensor(qi, dt);
  asc_data_copy_pad_ext_params pad =
      is_float ? asc_datacopypadextparams(ASC_FLOAT, 1, 0, 3, -1.5)
               : asc_datacopypadextparams(ASC_INT32, 1, 0, 3, -7);
  asc_data_copy_pad(t, xg, asc_datacopyextparams(2, 20, 12, 0, 0), pad);
  asc_tquebind_enque(qi, t);
  t = asc_tquebind_deque(qi, dt);
  asc_data_copy(zg, t, 16);
  asc_tquebind_free_tensor(qi, t);
}

/* Runs run_kernel on x = 1..16 (+ 0.25 for float) and checks each row: its
 * 5 values, then 3 padding elements. Elements travel as their 4 bytes. */
static void check_run(bool is_float) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "r", run_kernel, &is_float);
  if (!m)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL);
  uint32_t x[16], z[16] = {0}, pad;
  for (int i = 0; i < 16; i++) {
    float f = (float)(i + 1) + 0.25f;
    int32_t n = i + 1;
    if (is_float)
      memcpy(&x[i], &f, 4);
    else
      memcpy(&x[i], &n, 4);
  }
  const float pad_f = -1.5f;
  const int32_t pad_i = -7;
  if (is_float)
    memcpy(&pad, &pad_f, 4);
  else
    memcpy(&pad, &pad_i, 4);
  const casc_dtype dt = is_float ? CASC_DT_F32 : CASC_DT_I32;
  casc_arg args[2] = {casc_arg_gm(x, dt, 16), casc_arg_gm(z, dt, 16)};
  casc_launch_status st = casc_launch(ctx, m, "r", 1, args, 2, NULL, NULL);
  if (st != CASC_LAUNCH_OK)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(st == CASC_LAUNCH_OK);
  for (int r = 0; r < 2; r++)
    for (int e = 0; e < 8; e++) {
      /* row r starts at x[r * 8] (5 values + a 12-byte gap) */
      uint32_t want = e < 5 ? x[r * 8 + e] : pad;
      CHECK(z[r * 8 + e] == want);
      if (z[r * 8 + e] != want)
        fprintf(stderr, "%s row %d elem %d: bits 0x%08x, want 0x%08x\n",
                is_float ? "float" : "int32", r, e, (unsigned)z[r * 8 + e],
                (unsigned)want);
    }
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_run(void) {
  check_run(false);
}

static void test_run_f32(void) {
  check_run(true);
}

/* Misuse: one located error naming the API. */
static void both_local(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_data_copy_pad(t, t, asc_datacopyextparams());
}

static void pad_dtype(asc_kernel *k, void *user) {
  (void)user;
  asc_global_tensor xg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, asc_arg_gm(k, "x", ASC_FLOAT));
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_data_copy_pad(t, xg, asc_datacopyextparams(),
                    asc_datacopypadextparams(ASC_HALF));
}

static void no_pad(asc_kernel *k, void *user) {
  (void)user;
  asc_global_tensor xg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, asc_arg_gm(k, "x", ASC_FLOAT));
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_data_copy_pad(t, xg, asc_datacopyextparams());
}

static void bad_pad_value(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  (void)asc_datacopypadextparams(ASC_INT8, 1, 0, 0, 1000);
}

static void bad_dtype(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  (void)asc_datacopypadextparams((asc_dtype)77);
}

static void test_misuse(void) {
  expect_build_error(both_local, "asc_data_copy_pad: DataCopyPad copies GM -> "
                                 "UB or UB -> GM; here both are LocalTensors");
  expect_build_error(pad_dtype, "asc_data_copy_pad: pad_params is not a "
                                "DataCopyPadExtParams of float32");
  expect_build_error(no_pad, "asc_data_copy_pad: DataCopyPad from GM to UB "
                             "needs padding parameters "
                             "(asc_datacopypadextparams)");
  expect_build_error(bad_pad_value, "asc_datacopypadextparams: padding_value");
  expect_build_error(bad_dtype, "asc_datacopypadextparams: dtype");
}

int main(void) {
  RUN_TEST(test_ir_matches_pyasc);
  RUN_TEST(test_run);
  RUN_TEST(test_run_f32);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
