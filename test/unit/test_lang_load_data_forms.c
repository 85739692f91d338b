/* LoadData's parameter-struct forms from C (casc/asc_cube_forms.h):
 * load_data with LoadData2DParams from GM (load_data_g2l),
 * LoadData2DParamsV2 (from L1 and GM), LoadData3DParamsV1 / V2 / V2Pro,
 * and load_data_with_transpose with both transpose structs, each built
 * exactly as pyasc builds it (compared with pyasc-jit-ir's codegen.mlir),
 * and the misuse errors of the new forms. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/text.h"
#include "check.h"
#include "lang_expect.h"

/* The C twin of pyasc's:
 *   x_gm over x (f16); a1 = LocalTensor(float16, A1, 0, 512);
 *   a2 = LocalTensor(float16, A2, 0, 512)
 *   load_data(a1, x_gm, LoadData2DParams(0, 1, 0, 0, 0, False, 0))
 *   p2 = LoadData2DParamsV2(0, 0, 16, 16, 0, 0, False, 0)
 *   load_data(a2, a1, p2); load_data(a1, x_gm, p2)
 *   load_data(a2, a1, LoadData3DParamsV1([0, 0, 0, 0], 16, 16, 0, 0, 0, 0,
 *             0, 1, 1, 3, 3, 1, 1, 1, 0, 1, 0, 0))
 *   load_data(a2, a1, LoadData3DParamsV2([1, 1, 1, 1], 16, 16, 16, 16, 16,
 *             0, 0, 1, 1, 3, 3, 1, 1, False, 0, False, False, False))
 *   load_data(a2, a1, LoadData3DParamsV2Pro(16, False, False, False, False,
 *             False, 0, 0x10101010101))
 *   load_data_with_transpose(a2, a1, LoadData2dTransposeParams(0, 1, 0, 0,
 *             0, 0))
 *   load_data_with_transpose(a2, a1, LoadData2dTransposeParamsV2(0, 1, 0,
 *             0, 0, 0, 0)) */
static void ld_forms(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_global_tensor xg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_local_tensor a1 = asc_localtensor(ASC_HALF, ASC_TPOSITION_A1, 0, 512);
  asc_local_tensor a2 = asc_localtensor(ASC_HALF, ASC_TPOSITION_A2, 0, 512);
  asc_load_data(a1, xg, asc_loaddata2dparams(0, 1, 0, 0, 0, 0, 0));
  asc_load_data_2d_params_v2 p2 =
      asc_loaddata2dparamsv2(0, 0, 16, 16, 0, 0, 0, 0);
  asc_load_data(a2, a1, p2);
  asc_load_data(a1, xg, p2);
  asc_load_data(a2, a1,
                asc_loaddata3dparamsv1(0, 0, 0, 0, 16, 16, 0, 0, 0, 0, 0, 1, 1,
                                       3, 3, 1, 1, 1, 0, 1, 0, 0));
  asc_load_data(a2, a1,
                asc_loaddata3dparamsv2(1, 1, 1, 1, 16, 16, 16, 16, 16, 0, 0, 1,
                                       1, 3, 3, 1, 1, 0, 0, 0, 0, 0));
  asc_load_data(
      a2, a1,
      asc_loaddata3dparamsv2pro(16, 0, 0, 0, 0, 0, 0, 0x10101010101ull));
  asc_load_data_with_transpose(a2, a1,
                               asc_loaddata2dtransposeparams(0, 1, 0, 0, 0, 0));
  asc_load_data_with_transpose(
      a2, a1, asc_loaddata2dtransposeparamsv2(0, 1, 0, 0, 0, 0, 0));
}

/* pyasc's codegen.mlir for the same kernel (pyasc-jit-ir, then ascir-opt
 * without locations). */
static const char pyasc_ir[] =
    "module {\n"
    "  func.func @ld_forms(%arg0: memref<?xf16, 22>) attributes "
    "{ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>\n"
    "    ascendc.global_tensor.set_global_buffer %0, %arg0 : "
    "!ascendc.global_tensor<*xf16>, memref<?xf16, 22>\n"
    "    %1 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %2 = \"emitc.constant\"() <{value = 512 : ui32}> : () -> ui32\n"
    "    %3 = ascendc.local_tensor_v2 a1, %1, %2 : "
    "!ascendc.local_tensor<*xf16>\n"
    "    %4 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %5 = \"emitc.constant\"() <{value = 512 : ui32}> : () -> ui32\n"
    "    %6 = ascendc.local_tensor_v2 a2, %4, %5 : "
    "!ascendc.local_tensor<*xf16>\n"
    "    %7 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %8 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %9 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %10 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %11 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %false = arith.constant false\n"
    "    %12 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %13 = ascendc.construct !ascendc.load_data_2d_params(%7, %8, %9, %10, "
    "%11, %false, %12) [ui16, ui8, ui16, ui16, ui16, i1, ui8] : ui16, ui8, "
    "ui16, ui16, ui16, i1, ui8\n"
    "    ascendc.load_data_g2l %3, %0, %13 : !ascendc.local_tensor<*xf16>, "
    "!ascendc.global_tensor<*xf16>, !ascendc.load_data_2d_params\n"
    "    %14 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %15 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %16 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16\n"
    "    %17 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %18 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %false_0 = arith.constant false\n"
    "    %19 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %20 = ascendc.construct !ascendc.load_data_2d_params_v2(%14, %15, "
    "%16, %17, %c0_i32, %18, %false_0, %19) [ui32, ui32, ui16, ui16, i32, "
    "ui16, i1, ui8] : ui32, ui32, ui16, ui16, i32, ui16, i1, ui8\n"
    "    ascendc.load_data_l0_v2 %6, %3, %20 : !ascendc.local_tensor<*xf16>, "
    "!ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params_v2\n"
    "    ascendc.load_data_g2l_v2 %3, %0, %20 : !ascendc.local_tensor<*xf16>, "
    "!ascendc.global_tensor<*xf16>, !ascendc.load_data_2d_params_v2\n"
    "    %21 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %22 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %23 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %24 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %25 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16\n"
    "    %26 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16\n"
    "    %27 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %28 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %29 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %c0_i16 = arith.constant 0 : i16\n"
    "    %c0_i16_1 = arith.constant 0 : i16\n"
    "    %30 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %31 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %32 = \"emitc.constant\"() <{value = 3 : ui8}> : () -> ui8\n"
    "    %33 = \"emitc.constant\"() <{value = 3 : ui8}> : () -> ui8\n"
    "    %34 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %35 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %36 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %37 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %38 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %39 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %40 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %41 = ascendc.construct !ascendc.load_data_3d_params_v1(%21, %22, "
    "%23, %24, %25, %26, %27, %28, %29, %c0_i16, %c0_i16_1, %30, %31, %32, "
    "%33, %34, %35, %36, %37, %38, %39, %40) [ui8, ui8, ui8, ui8, ui16, ui16, "
    "ui16, ui8, ui8, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, "
    "ui8, ui16] : ui8, ui8, ui8, ui8, ui16, ui16, ui16, ui8, ui8, i16, i16, "
    "ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui16\n"
    "    ascendc.load_data_3d_l0_v1 %6, %3, %41 : "
    "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, "
    "!ascendc.load_data_3d_params_v1\n"
    "    %42 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %43 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %44 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %45 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %46 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16\n"
    "    %47 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16\n"
    "    %48 = \"emitc.constant\"() <{value = 16 : ui8}> : () -> ui8\n"
    "    %49 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16\n"
    "    %50 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16\n"
    "    %51 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %52 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %53 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %54 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %55 = \"emitc.constant\"() <{value = 3 : ui8}> : () -> ui8\n"
    "    %56 = \"emitc.constant\"() <{value = 3 : ui8}> : () -> ui8\n"
    "    %57 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %58 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %false_2 = arith.constant false\n"
    "    %59 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %false_3 = arith.constant false\n"
    "    %false_4 = arith.constant false\n"
    "    %false_5 = arith.constant false\n"
    "    %60 = ascendc.construct !ascendc.load_data_3d_params_v2(%42, %43, "
    "%44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, "
    "%58, %false_2, %59, %false_3, %false_4, %false_5) [ui8, ui8, ui8, ui8, "
    "ui16, ui16, ui8, ui16, ui16, ui16, ui16, ui8, ui8, ui8, ui8, ui8, ui8, "
    "i1, ui16, i1, i1, i1] : ui8, ui8, ui8, ui8, ui16, ui16, ui8, ui16, ui16, "
    "ui16, ui16, ui8, ui8, ui8, ui8, ui8, ui8, i1, ui16, i1, i1, i1\n"
    "    ascendc.load_data_3d_l0_v2 %6, %3, %60 : "
    "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, "
    "!ascendc.load_data_3d_params_v2\n"
    "    %61 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16\n"
    "    %false_6 = arith.constant false\n"
    "    %false_7 = arith.constant false\n"
    "    %false_8 = arith.constant false\n"
    "    %false_9 = arith.constant false\n"
    "    %false_10 = arith.constant false\n"
    "    %62 = \"emitc.constant\"() <{value = 0 : ui64}> : () -> ui64\n"
    "    %63 = \"emitc.constant\"() <{value = 1103823438081 : ui64}> : () -> "
    "ui64\n"
    "    %64 = ascendc.construct !ascendc.load_data_3d_params_v2_pro(%61, "
    "%false_6, %false_7, %false_8, %false_9, %false_10, %62, %63) [ui16, i1, "
    "i1, i1, i1, i1, ui64, ui64] : ui16, i1, i1, i1, i1, i1, ui64, ui64\n"
    "    ascendc.load_data_3d_l0_v2pro %6, %3, %64 : "
    "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, "
    "!ascendc.load_data_3d_params_v2_pro\n"
    "    %65 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %66 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %67 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %68 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %69 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %70 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %71 = ascendc.construct !ascendc.load_data_2d_transpose_params(%65, "
    "%66, %67, %68, %69, %70) [ui16, ui8, ui16, ui16, ui16, ui8] : ui16, ui8, "
    "ui16, ui16, ui16, ui8\n"
    "    ascendc.load_data_with_transpose %6, %3, %71 : "
    "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, "
    "!ascendc.load_data_2d_transpose_params\n"
    "    %72 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %73 = \"emitc.constant\"() <{value = 1 : ui8}> : () -> ui8\n"
    "    %74 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %75 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %76 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %77 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %78 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "    %79 = ascendc.construct "
    "!ascendc.load_data_2d_transpose_params_v2(%72, %73, %74, %75, %76, %77, "
    "%78) [ui16, ui8, ui16, ui16, ui16, ui16, ui8] : ui16, ui8, ui16, ui16, "
    "ui16, ui16, ui8\n"
    "    ascendc.load_data_with_transpose_v2 %6, %3, %79 : "
    "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, "
    "!ascendc.load_data_2d_transpose_params_v2\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_ir_matches_pyasc(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "ld_forms", ld_forms, NULL);
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

static void gm_3d(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_global_tensor xg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_local_tensor a2 = asc_localtensor(ASC_HALF, ASC_TPOSITION_A2, 0, 512);
  asc_load_data(a2, xg, asc_loaddata3dparamsv2pro(16, 0, 0, 0, 0, 0, 0, 0));
}

static void mixed_types(asc_kernel *k, void *user) {
  (void)user;
  (void)k;
  asc_local_tensor a1 = asc_localtensor(ASC_HALF, ASC_TPOSITION_A1, 0, 512);
  asc_local_tensor a2 = asc_localtensor(ASC_FLOAT, ASC_TPOSITION_A2, 0, 256);
  asc_load_data(a2, a1, asc_loaddata2dparamsv2(0, 0, 16, 16, 0, 0, 0, 0));
}

static void transpose_v2_types(asc_kernel *k, void *user) {
  (void)user;
  (void)k;
  asc_local_tensor a1 = asc_localtensor(ASC_HALF, ASC_TPOSITION_A1, 0, 512);
  asc_local_tensor a2 = asc_localtensor(ASC_FLOAT, ASC_TPOSITION_A2, 0, 256);
  asc_load_data_with_transpose(
      a2, a1, asc_loaddata2dtransposeparamsv2(0, 1, 0, 0, 0, 0, 0));
}

static void test_misuse(void) {
  expect_build_error(gm_3d, "loads from a LocalTensor");
  expect_build_error(mixed_types, "different dtypes");
  expect_build_error(transpose_v2_types, "src has dtype half");
}

int main(void) {
  RUN_TEST(test_ir_matches_pyasc);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
