/* DataCopy with DataCopyEnhancedParams (casc/asc_data_copy_enhanced.h):
 * the C calls build exactly the IR pyasc builds for the same kernel
 * (pyasc-jit-ir on its Python twin, then ascir-opt), and misuse is a
 * located error. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/text.h"
#include "check.h"

/* The C twin of: x_gm over x (f16); buf = LocalTensor(float16, VECIN, 0,
 * 256); dcp = DataCopyParams(1, 8, 0, 0); data_copy(buf, x_gm, dcp,
 * DataCopyEnhancedParams()); data_copy(x_gm, buf, dcp,
 * DataCopyEnhancedParams(BLOCK_MODE_MATRIX, DEQ8, 5, 1, True, PAD_NONE,
 * 3)). */
static void ir_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_global_tensor xg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_local_tensor buf = asc_localtensor(ASC_HALF, ASC_TPOSITION_VECIN, 0, 256);
  asc_data_copy_params dcp = asc_datacopyparams(1, 8, 0, 0);
  asc_data_copy_enhanced(buf, xg, dcp,
                         asc_datacopyenhancedparams(ASC_BLOCKMODE_NORMAL,
                                                    ASC_DEQSCALE_DEQ_NONE, 0, 0,
                                                    0, ASC_PAD_NONE, 0));
  asc_data_copy_enhanced(xg, buf, dcp,
                         asc_datacopyenhancedparams(ASC_BLOCKMODE_MATRIX,
                                                    ASC_DEQSCALE_DEQ8, 5, 1, 1,
                                                    ASC_PAD_NONE, 3));
}

/* pyasc's codegen.mlir for the same kernel. */
static const char pyasc_ir[] =
    "module {\n"
    "  func.func @enh_kernel(%arg0: memref<?xf16, 22>) attributes "
    "{ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>\n"
    "    ascendc.global_tensor.set_global_buffer %0, %arg0 : "
    "!ascendc.global_tensor<*xf16>, memref<?xf16, 22>\n"
    "    %1 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %2 = \"emitc.constant\"() <{value = 256 : ui32}> : () -> ui32\n"
    "    %3 = ascendc.local_tensor_v2 vecin, %1, %2 : "
    "!ascendc.local_tensor<*xf16>\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %c8_i32 = arith.constant 8 : i32\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %c0_i32_0 = arith.constant 0 : i32\n"
    "    %4 = ascendc.construct !ascendc.data_copy_params(%c1_i32, %c8_i32, "
    "%c0_i32, %c0_i32_0) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32\n"
    "    %c0_i32_1 = arith.constant 0 : i32\n"
    "    %c0_i32_2 = arith.constant 0 : i32\n"
    "    %c0_i32_3 = arith.constant 0 : i32\n"
    "    %c0_i32_4 = arith.constant 0 : i32\n"
    "    %false = arith.constant false\n"
    "    %c0_i32_5 = arith.constant 0 : i32\n"
    "    %c0_i32_6 = arith.constant 0 : i32\n"
    "    %5 = ascendc.construct !ascendc.data_copy_enhanced_params(%c0_i32_1, "
    "%c0_i32_2, %c0_i32_3, %c0_i32_4, %false, %c0_i32_5, %c0_i32_6) "
    "[!ascendc.block_mode, !ascendc.deq_scale, ui64, ui8, i1, !ascendc.pad_t, "
    "ui64] : i32, i32, i32, i32, i1, i32, i32\n"
    "    ascendc.data_copy_enhanced %3, %0, %4, %5 : "
    "!ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, "
    "!ascendc.data_copy_params, !ascendc.data_copy_enhanced_params\n"
    "    %c1_i32_7 = arith.constant 1 : i32\n"
    "    %c3_i32 = arith.constant 3 : i32\n"
    "    %c5_i32 = arith.constant 5 : i32\n"
    "    %c1_i32_8 = arith.constant 1 : i32\n"
    "    %true = arith.constant true\n"
    "    %c0_i32_9 = arith.constant 0 : i32\n"
    "    %c3_i32_10 = arith.constant 3 : i32\n"
    "    %6 = ascendc.construct !ascendc.data_copy_enhanced_params(%c1_i32_7, "
    "%c3_i32, %c5_i32, %c1_i32_8, %true, %c0_i32_9, %c3_i32_10) "
    "[!ascendc.block_mode, !ascendc.deq_scale, ui64, ui8, i1, !ascendc.pad_t, "
    "ui64] : i32, i32, i32, i32, i1, i32, i32\n"
    "    ascendc.data_copy_enhanced %0, %3, %4, %6 : "
    "!ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, "
    "!ascendc.data_copy_params, !ascendc.data_copy_enhanced_params\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_ir_matches_pyasc(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "enh_kernel", ir_kernel, NULL);
  if (!m)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL);
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, m, NULL, &text);
  bool same = text.data && strcmp(text.data, pyasc_ir) == 0;
  CHECK(same);
  if (!same)
    fprintf(stderr, "casc printed:\n%s\n", text.data ? text.data : "");
  casc_buf_free(&text);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static int g_line;

static void bad_kernel(asc_kernel *k, void *user) {
  int which = *(const int *)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_global_tensor xg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_data_copy_params dcp = asc_datacopyparams(1, 8, 0, 0);
  if (which == 0) {
    g_line = __LINE__ + 1;
    (void)asc_datacopyenhancedparams(5, 0, 0, 0, 0, 0, 0);
  } else {
    asc_data_copy_enhanced_params e =
        asc_datacopyenhancedparams(0, 0, 0, 0, 0, 0, 0);
    g_line = __LINE__ + 1;
    asc_data_copy_enhanced(xg, xg, dcp, e);
  }
}

/* A BlockMode out of range and a GM -> GM copy: one located error each. */
static void test_errors(void) {
  static const char *const want[2] = {"5 is not a valid BlockMode",
                                      "here both are GlobalTensors"};
  for (int which = 0; which < 2; which++) {
    casc_ctx *ctx = casc_ctx_new();
    casc_diag_list diags = {0};
    casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
    casc_op *m = casc_jit_build(ctx, "bad", bad_kernel, &which);
    CHECK(m == NULL);
    REQUIRE(diags.n >= 1);
    CHECK(strstr(diags.items[0]->msg, want[which]) != NULL);
    CHECK_EQ_INT((int)diags.items[0]->loc->u.file.line, g_line);
    casc_diag_list_free(&diags);
    casc_ctx_free(ctx);
  }
}

int main(void) {
  RUN_TEST(test_ir_matches_pyasc);
  RUN_TEST(test_errors);
  return CHECK_SUMMARY();
}
