/* The C API of casc/asc_aipp.h: the AIPP parameter structs, AippParams,
 * set_aipp_functions, LoadImageToLocalParams / load_image_to_local and
 * CheckLocalMemoryIAParam / check_local_memory_ia. A kernel making each
 * call prints exactly the IR pyasc's front end makes for the same Python
 * kernel (pyasc-jit-ir's codegen.mlir, locations dropped); misuse is a
 * located error naming the API. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/text.h"
#include "check.h"
#include "lang_expect.h"

/* The C twin of this pyasc kernel (x, y: uint8 images):
 *   pad = AippPaddingParams(1, 2, 3, 4, 5); swap = AippSwapParams(True,
 *   False, True); sl = AippSingleLineParams(True); dtc =
 *   AippDataTypeConvParams(1, 2, 3, 0.5, 1.5, 2.5, 1.0, 2.0, 3.0, 1);
 *   cp = AippChannelPaddingParams(1, 7); csc = AippColorSpaceConvParams(
 *   True, 1, ..., 15); cfg = AippParams(int8, pad, swap, sl, dtc, cp, csc);
 *   set_aipp_functions(xg, YUV420SP_U8, cfg); cfg2 = AippParams(float16);
 *   set_aipp_functions(xg, yg, RGB888_U8, cfg2); q = TQue(A1, 1),
 *   init_buffer(q, 1, 1024), t = q.alloc_tensor(half);
 *   load_image_to_local(t, LoadImageToLocalParams(4, 4, 0, 1, 8, 0, 1, 0,
 *   1)); LoadImageToLocalParams(); check_local_memory_ia(
 *   CheckLocalMemoryIAParam(1, 0, 256, True, False, True, False, True,
 *   False, True)); CheckLocalMemoryIAParam() */
static void aipp_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_global_tensor xg = asc_globaltensor(), yg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, asc_arg_gm(k, "x", ASC_UINT8));
  asc_globaltensor_set_global_buffer(yg, asc_arg_gm(k, "y", ASC_UINT8));
  asc_aipp_padding_params pad = asc_aipppaddingparams(1, 2, 3, 4, 5);
  asc_aipp_swap_params swap = asc_aippswapparams(1, 0, 1);
  asc_aipp_single_line_params sl = asc_aippsinglelineparams(1);
  asc_aipp_data_type_conv_params dtc =
      asc_aippdatatypeconvparams(1u, 2u, 3u, 0.5, 1.5, 2.5, 1.0, 2.0, 3.0, 1u);
  asc_aipp_channel_padding_params cp = asc_aippchannelpaddingparams(1, 7);
  asc_aipp_color_space_conv_params csc = asc_aippcolorspaceconvparams(
      1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10u, 11u, 12u, 13u, 14u, 15u);
  asc_aipp_params cfg =
      asc_aippparams(ASC_INT8, &pad, &swap, &sl, &dtc, &cp, &csc);
  asc_set_aipp_functions(xg, ASC_AIPPINPUTFORMAT_YUV420SP_U8, cfg);
  asc_aipp_params cfg2 = asc_aippparams(ASC_HALF);
  asc_set_aipp_functions(xg, yg, ASC_AIPPINPUTFORMAT_RGB888_U8, cfg2);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_A1, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_HALF);
  asc_load_image_to_local(
      t, asc_loadimagetolocalparams(4, 4, 0, 1, 8, 0, 1, 0, 1));
  (void)asc_loadimagetolocalparams(2, 2, 0, 0, 2, 0, 0, 0, 0);
  asc_check_local_memory_ia(
      asc_checklocalmemoryiaparam(1u, 0u, 256u, 1, 0, 1, 0, 1, 0, 1));
  (void)asc_checklocalmemoryiaparam(0u, 0u, 0u, 0, 0, 0, 0, 0, 0, 0);
}

static const char pyasc_aipp_ir[] =
    "module {\n"
    "  func.func @aipp_kernel(%arg0: memref<?xui8, 22>, %arg1: "
    "memref<?xui8, 22>) attributes {ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xui8>\n"
    "    ascendc.global_tensor.set_global_buffer %0, %arg0 : "
    "!ascendc.global_tensor<*xui8>, memref<?xui8, 22>\n"
    "    %1 = ascendc.global_tensor : !ascendc.global_tensor<*xui8>\n"
    "    ascendc.global_tensor.set_global_buffer %1, %arg1 : "
    "!ascendc.global_tensor<*xui8>, memref<?xui8, 22>\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %c2_i8 = arith.constant 2 : i8\n"
    "    %c3_i8 = arith.constant 3 : i8\n"
    "    %c4_i8 = arith.constant 4 : i8\n"
    "    %c5_i8 = arith.constant 5 : i8\n"
    "    %2 = ascendc.construct !ascendc.aipp_padding_params(%c1_i32, "
    "%c2_i8, %c3_i8, %c4_i8, %c5_i8) [ui32, i8, i8, i8, i8] : i32, i8, "
    "i8, i8, i8\n"
    "    %true = arith.constant true\n"
    "    %false = arith.constant false\n"
    "    %true_0 = arith.constant true\n"
    "    %3 = ascendc.construct !ascendc.aipp_swap_params(%true, %false, "
    "%true_0) [i8, i8, i8] : i1, i1, i1\n"
    "    %true_1 = arith.constant true\n"
    "    %4 = ascendc.construct "
    "!ascendc.aipp_single_line_params(%true_1) [i8] : i1\n"
    "    %5 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %6 = \"emitc.constant\"() <{value = 2 : ui8}> : () -> ui8\n"
    "    %7 = \"emitc.constant\"() <{value = 3 : ui8}> : () -> ui8\n"
    "    %cst = arith.constant 5.000000e-01 : f16\n"
    "    %cst_2 = arith.constant 1.500000e+00 : f16\n"
    "    %cst_3 = arith.constant 2.500000e+00 : f16\n"
    "    %cst_4 = arith.constant 1.000000e+00 : f16\n"
    "    %cst_5 = arith.constant 2.000000e+00 : f16\n"
    "    %cst_6 = arith.constant 3.000000e+00 : f16\n"
    "    %8 = \"emitc.constant\"() <{value = 1 : ui32}> : () -> ui32\n"
    "    %9 = ascendc.construct !ascendc.aipp_dtc_params(%5, %6, %7, "
    "%cst, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6, %8) [ui8, ui8, ui8, "
    "f16, f16, f16, f16, f16, f16, ui32] : ui8, ui8, ui8, f16, f16, f16, "
    "f16, f16, f16, ui32\n"
    "    %c1_i32_7 = arith.constant 1 : i32\n"
    "    %c7_i8 = arith.constant 7 : i8\n"
    "    %10 = ascendc.construct "
    "!ascendc.aipp_cpadding_params(%c1_i32_7, %c7_i8) [ui32, i8] : i32, "
    "i8\n"
    "    %true_8 = arith.constant true\n"
    "    %c1_i16 = arith.constant 1 : i16\n"
    "    %c2_i16 = arith.constant 2 : i16\n"
    "    %c3_i16 = arith.constant 3 : i16\n"
    "    %c4_i16 = arith.constant 4 : i16\n"
    "    %c5_i16 = arith.constant 5 : i16\n"
    "    %c6_i16 = arith.constant 6 : i16\n"
    "    %c7_i16 = arith.constant 7 : i16\n"
    "    %c8_i16 = arith.constant 8 : i16\n"
    "    %c9_i16 = arith.constant 9 : i16\n"
    "    %11 = \"emitc.constant\"() <{value = 10 : ui8}> : () -> ui8\n"
    "    %12 = \"emitc.constant\"() <{value = 11 : ui8}> : () -> ui8\n"
    "    %13 = \"emitc.constant\"() <{value = 12 : ui8}> : () -> ui8\n"
    "    %14 = \"emitc.constant\"() <{value = 13 : ui8}> : () -> ui8\n"
    "    %15 = \"emitc.constant\"() <{value = 14 : ui8}> : () -> ui8\n"
    "    %16 = \"emitc.constant\"() <{value = 15 : ui8}> : () -> ui8\n"
    "    %17 = ascendc.construct !ascendc.aipp_csc_params(%true_8, "
    "%c1_i16, %c2_i16, %c3_i16, %c4_i16, %c5_i16, %c6_i16, %c7_i16, "
    "%c8_i16, %c9_i16, %11, %12, %13, %14, %15, %16) [i8, i16, i16, i16, "
    "i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8] : i1, "
    "i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, "
    "ui8, ui8\n"
    "    %18 = ascendc.construct !ascendc.aipp_params(%2, %3, %4, %9, "
    "%10, %17) [!ascendc.aipp_padding_params, !ascendc.aipp_swap_params, "
    "!ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, "
    "!ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params] : "
    "!ascendc.aipp_padding_params, !ascendc.aipp_swap_params, "
    "!ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, "
    "!ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params\n"
    "    ascendc.set_aipp_functions %0, %18, format = YUV420SP_U8 : "
    "(!ascendc.global_tensor<*xui8>, !ascendc.aipp_params) -> ()\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %cst_9 = arith.constant 0.000000e+00 : f16\n"
    "    %cst_10 = arith.constant 0.000000e+00 : f16\n"
    "    %cst_11 = arith.constant 0.000000e+00 : f16\n"
    "    %cst_12 = arith.constant 0.000000e+00 : f16\n"
    "    %19 = ascendc.construct !ascendc.aipp_padding_params(%c0_i32, "
    "%cst_9, %cst_10, %cst_11, %cst_12) [ui32, f16, f16, f16, f16] : "
    "i32, f16, f16, f16, f16\n"
    "    %false_13 = arith.constant false\n"
    "    %false_14 = arith.constant false\n"
    "    %false_15 = arith.constant false\n"
    "    %20 = ascendc.construct !ascendc.aipp_swap_params(%false_13, "
    "%false_14, %false_15) [i8, i8, i8] : i1, i1, i1\n"
    "    %false_16 = arith.constant false\n"
    "    %21 = ascendc.construct "
    "!ascendc.aipp_single_line_params(%false_16) [i8] : i1\n"
    "    %22 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %23 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %24 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %cst_17 = arith.constant 0.000000e+00 : f16\n"
    "    %cst_18 = arith.constant 0.000000e+00 : f16\n"
    "    %cst_19 = arith.constant 0.000000e+00 : f16\n"
    "    %cst_20 = arith.constant 1.000000e+00 : f16\n"
    "    %cst_21 = arith.constant 1.000000e+00 : f16\n"
    "    %cst_22 = arith.constant 1.000000e+00 : f16\n"
    "    %25 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %26 = ascendc.construct !ascendc.aipp_dtc_params(%22, %23, %24, "
    "%cst_17, %cst_18, %cst_19, %cst_20, %cst_21, %cst_22, %25) [ui8, "
    "ui8, ui8, f16, f16, f16, f16, f16, f16, ui32] : ui8, ui8, ui8, f16, "
    "f16, f16, f16, f16, f16, ui32\n"
    "    %c0_i32_23 = arith.constant 0 : i32\n"
    "    %cst_24 = arith.constant 0.000000e+00 : f16\n"
    "    %27 = ascendc.construct "
    "!ascendc.aipp_cpadding_params(%c0_i32_23, %cst_24) [ui32, f16] : "
    "i32, f16\n"
    "    %false_25 = arith.constant false\n"
    "    %c0_i16 = arith.constant 0 : i16\n"
    "    %c0_i16_26 = arith.constant 0 : i16\n"
    "    %c0_i16_27 = arith.constant 0 : i16\n"
    "    %c0_i16_28 = arith.constant 0 : i16\n"
    "    %c0_i16_29 = arith.constant 0 : i16\n"
    "    %c0_i16_30 = arith.constant 0 : i16\n"
    "    %c0_i16_31 = arith.constant 0 : i16\n"
    "    %c0_i16_32 = arith.constant 0 : i16\n"
    "    %c0_i16_33 = arith.constant 0 : i16\n"
    "    %28 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %29 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %30 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %31 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %32 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %33 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %34 = ascendc.construct !ascendc.aipp_csc_params(%false_25, "
    "%c0_i16, %c0_i16_26, %c0_i16_27, %c0_i16_28, %c0_i16_29, "
    "%c0_i16_30, %c0_i16_31, %c0_i16_32, %c0_i16_33, %28, %29, %30, %31, "
    "%32, %33) [i8, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, "
    "ui8, ui8, ui8, ui8, ui8] : i1, i16, i16, i16, i16, i16, i16, i16, "
    "i16, i16, ui8, ui8, ui8, ui8, ui8, ui8\n"
    "    %35 = ascendc.construct !ascendc.aipp_params(%19, %20, %21, "
    "%26, %27, %34) [!ascendc.aipp_padding_params, "
    "!ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, "
    "!ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, "
    "!ascendc.aipp_csc_params] : !ascendc.aipp_padding_params, "
    "!ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, "
    "!ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, "
    "!ascendc.aipp_csc_params\n"
    "    ascendc.set_aipp_functions %0, %1, %35, format = RGB888_U8 : "
    "(!ascendc.global_tensor<*xui8>, !ascendc.global_tensor<*xui8>, "
    "!ascendc.aipp_params) -> ()\n"
    "    %36 = ascendc.pipe\n"
    "    %37 = ascendc.queue : <a1, 1>\n"
    "    %c1_i32_34 = arith.constant 1 : i32\n"
    "    %c1024_i32 = arith.constant 1024 : i32\n"
    "    ascendc.pipe.init_queue %36, %37, %c1_i32_34, %c1024_i32 : "
    "!ascendc.queue<a1, 1>, i32, i32\n"
    "    %38 = ascendc.que_bind.alloc_tensor %37 : !ascendc.queue<a1, "
    "1>, !ascendc.local_tensor<*xf16>\n"
    "    %c4_i32 = arith.constant 4 : i32\n"
    "    %c4_i32_35 = arith.constant 4 : i32\n"
    "    %c0_i32_36 = arith.constant 0 : i32\n"
    "    %c1_i32_37 = arith.constant 1 : i32\n"
    "    %c8_i32 = arith.constant 8 : i32\n"
    "    %c0_i32_38 = arith.constant 0 : i32\n"
    "    %c1_i32_39 = arith.constant 1 : i32\n"
    "    %c0_i32_40 = arith.constant 0 : i32\n"
    "    %c1_i32_41 = arith.constant 1 : i32\n"
    "    %39 = ascendc.construct "
    "!ascendc.load_image_to_local_params(%c4_i32, %c4_i32_35, "
    "%c0_i32_36, %c1_i32_37, %c8_i32, %c0_i32_38, %c1_i32_39, "
    "%c0_i32_40, %c1_i32_41) [ui16, ui16, ui16, ui16, ui16, ui16, ui16, "
    "ui16, ui16] : i32, i32, i32, i32, i32, i32, i32, i32, i32\n"
    "    ascendc.load_image_to_local %38, %39 : "
    "!ascendc.local_tensor<*xf16>, !ascendc.load_image_to_local_params\n"
    "    %c2_i32 = arith.constant 2 : i32\n"
    "    %c2_i32_42 = arith.constant 2 : i32\n"
    "    %c0_i32_43 = arith.constant 0 : i32\n"
    "    %c0_i32_44 = arith.constant 0 : i32\n"
    "    %c2_i32_45 = arith.constant 2 : i32\n"
    "    %c0_i32_46 = arith.constant 0 : i32\n"
    "    %c0_i32_47 = arith.constant 0 : i32\n"
    "    %c0_i32_48 = arith.constant 0 : i32\n"
    "    %c0_i32_49 = arith.constant 0 : i32\n"
    "    %40 = ascendc.construct "
    "!ascendc.load_image_to_local_params(%c2_i32, %c2_i32_42, "
    "%c0_i32_43, %c0_i32_44, %c2_i32_45, %c0_i32_46, %c0_i32_47, "
    "%c0_i32_48, %c0_i32_49) [ui16, ui16, ui16, ui16, ui16, ui16, ui16, "
    "ui16, ui16] : i32, i32, i32, i32, i32, i32, i32, i32, i32\n"
    "    %41 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %42 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %43 = \"emitc.constant\"() <{value = 256 : ui32}> : () -> ui32\n"
    "    %true_50 = arith.constant true\n"
    "    %false_51 = arith.constant false\n"
    "    %true_52 = arith.constant true\n"
    "    %false_53 = arith.constant false\n"
    "    %true_54 = arith.constant true\n"
    "    %false_55 = arith.constant false\n"
    "    %true_56 = arith.constant true\n"
    "    %44 = ascendc.construct "
    "!ascendc.check_local_memory_ia_param(%41, %42, %43, %true_50, "
    "%false_51, %true_52, %false_53, %true_54, %false_55, %true_56) "
    "[ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1] : ui8, ui32, ui32, "
    "i1, i1, i1, i1, i1, i1, i1\n"
    "    ascendc.check_local_memory_ia %44 : "
    "!ascendc.check_local_memory_ia_param\n"
    "    %45 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %46 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %47 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %false_57 = arith.constant false\n"
    "    %false_58 = arith.constant false\n"
    "    %false_59 = arith.constant false\n"
    "    %false_60 = arith.constant false\n"
    "    %false_61 = arith.constant false\n"
    "    %false_62 = arith.constant false\n"
    "    %false_63 = arith.constant false\n"
    "    %48 = ascendc.construct "
    "!ascendc.check_local_memory_ia_param(%45, %46, %47, %false_57, "
    "%false_58, %false_59, %false_60, %false_61, %false_62, %false_63) "
    "[ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1] : ui8, ui32, ui32, "
    "i1, i1, i1, i1, i1, i1, i1\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_ir_matches_pyasc(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "aipp_kernel", aipp_kernel, NULL);
  if (!m)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL);
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, m, NULL, &text);
  bool same = text.data && strcmp(text.data, pyasc_aipp_ir) == 0;
  CHECK(same);
  if (!same)
    fprintf(stderr, "casc printed:\n%s\n", text.data ? text.data : "");
  casc_buf_free(&text);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* Misuse: one located error naming the API. */
static void bad_params_dtype(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  (void)asc_aippparams(ASC_FLOAT);
}

static void bad_padding_value(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_aipp_padding_params pad = asc_aipppaddingparams(0, 300, 0, 0, 0);
  (void)asc_aippparams(ASC_INT8, &pad, NULL, NULL, NULL, NULL, NULL);
}

static void bad_format(asc_kernel *k, void *user) {
  (void)user;
  asc_global_tensor xg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, asc_arg_gm(k, "x", ASC_UINT8));
  asc_set_aipp_functions(xg, (asc_aippinputformat)2, asc_aippparams(ASC_HALF));
}

static void no_buffer(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_global_tensor xg = asc_globaltensor();
  asc_set_aipp_functions(xg, ASC_AIPPINPUTFORMAT_YUV400_U8,
                         asc_aippparams(ASC_HALF));
}

static void bad_image_dtype(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_A1, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_load_image_to_local(
      t, asc_loadimagetolocalparams(2, 2, 0, 0, 2, 0, 0, 0, 0));
}

static void bad_image_size(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  (void)asc_loadimagetolocalparams(70000, 2, 0, 0, 2, 0, 0, 0, 0);
}

static void bad_ia_flag(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  (void)asc_checklocalmemoryiaparam(0u, 0u, 0u, 2, 0, 0, 0, 0, 0, 0);
}

static void test_misuse(void) {
  expect_build_error(bad_params_dtype,
                     "asc_aippparams: dtype must be int8 or half, got float");
  expect_build_error(bad_padding_value, "asc_aippparams: padding_value_ch0");
  expect_build_error(
      bad_format, "asc_set_aipp_functions: 2 is not a valid AippInputFormat");
  expect_build_error(no_buffer, "asc_set_aipp_functions: src0 has no buffer");
  expect_build_error(bad_image_dtype, "asc_load_image_to_local: dst has dtype "
                                      "float; LoadImageToLocal writes int8 or "
                                      "half");
  expect_build_error(
      bad_image_size,
      "asc_loadimagetolocalparams: horiz_size is out of range [2, 4095]");
  expect_build_error(bad_ia_flag,
                     "asc_checklocalmemoryiaparam: is_scalar_read");
}

int main(void) {
  RUN_TEST(test_ir_matches_pyasc);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
