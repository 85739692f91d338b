/* The cube's other data movement forms (casc/asc_cube_forms.h), built and
 * run: their IR is pyasc's, and an int8 16 x 32 x 32 matmul leaves L0C
 * through DataCopy with DataCopyCO12DstParams (DEQF16 with the scalar of
 * SetFixpipePreQuantFlag, ND and NZ) and through Fixpipe with a
 * cbufWorkspace (VDEQF16, one scale per column), on a sub-matrix of 13 x 20
 * (neither a multiple of 16) into a wider GM matrix, against a plain C
 * reference; each misuse is reported with its category and line. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "sim_issue.h"

/* ---- the IR ---------------------------------------------------------------
 */

/* The C twin of: x_gm over x (f16); c1 = LocalTensor(int32, CO1, 0, 256);
 * ws = LocalTensor(uint64, A1, 0, 16); set_fix_pipe_pre_quant_flag(11);
 * data_copy(x_gm, c1, DataCopyCO12DstParams(16, 16, 16, 16, DEQF16, 1,
 * False, True)); fp = FixpipeParamsV220(16, 16, 16, 16, VDEQF16);
 * fixpipe(x_gm, c1, ws, fp, FixpipeConfig.cfg_nz()); the same with
 * cfg_row_major(). */
static void ir_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_global_tensor xg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_local_tensor c1 = asc_localtensor(ASC_INT32, ASC_TPOSITION_CO1, 0, 256);
  asc_local_tensor ws = asc_localtensor(ASC_UINT64, ASC_TPOSITION_A1, 0, 16);
  asc_set_fix_pipe_pre_quant_flag(11);
  asc_data_copy_co12dst(
      xg, c1,
      asc_datacopyco12dstparams(16, 16, 16, 16, ASC_QUANTMODE_DEQF16, 1, 0, 1));
  asc_fixpipe_params fp =
      asc_fixpipeparamsv220(16, 16, 16, 16, ASC_QUANTMODE_VDEQF16, 0);
  asc_fixpipe(xg, c1, ws, fp, asc_fixpipeconfig_cfg_nz());
  asc_fixpipe(xg, c1, ws, fp, asc_fixpipeconfig_cfg_row_major());
}

/* pyasc's codegen.mlir for the same kernel (pyasc-jit-ir, then ascir-opt
 * without locations). */
static const char pyasc_ir[] =
    "module {\n"
    "  func.func @cube_forms(%arg0: memref<?xf16, 22>) attributes "
    "{ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>\n"
    "    ascendc.global_tensor.set_global_buffer %0, %arg0 : "
    "!ascendc.global_tensor<*xf16>, memref<?xf16, 22>\n"
    "    %1 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %2 = \"emitc.constant\"() <{value = 256 : ui32}> : () -> ui32\n"
    "    %3 = ascendc.local_tensor_v2 co1, %1, %2 : "
    "!ascendc.local_tensor<*xi32>\n"
    "    %4 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %5 = \"emitc.constant\"() <{value = 16 : ui32}> : () -> ui32\n"
    "    %6 = ascendc.local_tensor_v2 a1, %4, %5 : "
    "!ascendc.local_tensor<*xui64>\n"
    "    %7 = \"emitc.constant\"() <{value = 11 : ui64}> : () -> ui64\n"
    "    ascendc.set_fixpipe_pre_quant_flag %7 : ui64\n"
    "    %c16_i32 = arith.constant 16 : i32\n"
    "    %c16_i32_0 = arith.constant 16 : i32\n"
    "    %c16_i32_1 = arith.constant 16 : i32\n"
    "    %c16_i32_2 = arith.constant 16 : i32\n"
    "    %c3_i32 = arith.constant 3 : i32\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %false = arith.constant false\n"
    "    %true = arith.constant true\n"
    "    %8 = ascendc.construct !ascendc.data_copy_co12dst_params(%c16_i32, "
    "%c16_i32_0, %c16_i32_1, %c16_i32_2, %c3_i32, %c1_i32, %false, %true) "
    "[ui64, ui64, ui64, ui64, !ascendc.quant_mode_t, ui8, i1, i1] : i32, i32, "
    "i32, i32, i32, i32, i1, i1\n"
    "    ascendc.data_copy_co12dst %0, %3, %8 : !ascendc.global_tensor<*xf16>, "
    "!ascendc.local_tensor<*xi32>, !ascendc.data_copy_co12dst_params\n"
    "    %9 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16\n"
    "    %10 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16\n"
    "    %11 = \"emitc.constant\"() <{value = 16 : ui16}> : () -> ui16\n"
    "    %12 = \"emitc.constant\"() <{value = 16 : ui32}> : () -> ui32\n"
    "    %false_3 = arith.constant false\n"
    "    %c4_i32 = arith.constant 4 : i32\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %13 = \"emitc.constant\"() <{value = 1 : ui16}> : () -> ui16\n"
    "    %14 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %15 = \"emitc.constant\"() <{value = 0 : ui16}> : () -> ui16\n"
    "    %c0_i32_4 = arith.constant 0 : i32\n"
    "    %false_5 = arith.constant false\n"
    "    %16 = ascendc.construct !ascendc.fixpipe_params_v220(%9, %10, %11, "
    "%12, %false_3, %c4_i32, %c0_i32, %13, %14, %15, %c0_i32_4, %false_5) "
    "[ui16, ui16, ui16, ui32, i1, !ascendc.quant_mode_t, ui64, ui16, ui16, "
    "ui16, ui8, i1] : ui16, ui16, ui16, ui32, i1, i32, i32, ui16, ui16, ui16, "
    "i32, i1\n"
    "    %c0_i32_6 = arith.constant 0 : i32\n"
    "    %17 = ascendc.construct !ascendc.fixpipe_config(%c0_i32_6) "
    "[!ascendc.co2_layout] : i32\n"
    "    ascendc.fixpipe_with_workspace %0, %3, %6, %16, %17 : "
    "!ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xi32>, "
    "!ascendc.local_tensor<*xui64>, !ascendc.fixpipe_params_v220, "
    "!ascendc.fixpipe_config\n"
    "    %c1_i32_7 = arith.constant 1 : i32\n"
    "    %18 = ascendc.construct !ascendc.fixpipe_config(%c1_i32_7) "
    "[!ascendc.co2_layout] : i32\n"
    "    ascendc.fixpipe_with_workspace %0, %3, %6, %16, %18 : "
    "!ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xi32>, "
    "!ascendc.local_tensor<*xui64>, !ascendc.fixpipe_params_v220, "
    "!ascendc.fixpipe_config\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_ir_matches_pyasc(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "cube_forms", ir_kernel, NULL);
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

/* ---- the simulator ------------------------------------------------------ */

enum { M = 16, N = 32, K = 32, MS = 13, NS = 20, DS = 24, OUT = 512 };

typedef enum {
  DEQ_ND,       /* DataCopy DEQF16 + ReLU, NZ2ND: 13 x 20 into rows of 24 */
  DEQ_NZ,       /* DataCopy DEQF16, NZ: 13 x 32, fractal columns 16 blocks */
  VDEQ_ND,      /* Fixpipe with a workspace: VDEQF16, 13 x 20, rows of 24 */
  NO_QUANT_SET, /* DEQF16 before any SetFixpipePreQuantFlag */
  NZ_ODD_N,     /* NZ with nSize 20, not whole fractal columns */
  WRONG_DST,    /* NoQuant from int32 into a half dst */
  WS_SCALAR,    /* the workspace form with a scalar mode (DEQF16) */
  WS_UNWRITTEN  /* the workspace never loaded: warning, still runs */
} mode;

static int g_line; /* the C line of the op a mistake is expected at */

static void sim_kernel(asc_kernel *k, void *user) {
  mode m = *(const mode *)user;
  asc_gm_addr a = asc_arg_gm(k, "a", ASC_INT8);
  asc_gm_addr bt = asc_arg_gm(k, "bt", ASC_INT8);
  asc_gm_addr w = asc_arg_gm(k, "w", ASC_UINT64);
  asc_gm_addr o = asc_arg_gm(k, "o", ASC_HALF);
  asc_global_tensor ag = asc_globaltensor(), bg = asc_globaltensor();
  asc_global_tensor wg = asc_globaltensor(), og = asc_globaltensor();
  asc_globaltensor_set_global_buffer(ag, a);
  asc_globaltensor_set_global_buffer(bg, bt);
  asc_globaltensor_set_global_buffer(wg, w);
  asc_globaltensor_set_global_buffer(og, o);
  asc_local_tensor a1 = asc_localtensor(ASC_INT8, ASC_TPOSITION_A1, 0, M * K);
  asc_local_tensor b1 =
      asc_localtensor(ASC_INT8, ASC_TPOSITION_B1, 1024, N * K);
  asc_local_tensor ws1 = asc_localtensor(ASC_UINT64, ASC_TPOSITION_A1, 4096, N);
  asc_local_tensor a2 = asc_localtensor(ASC_INT8, ASC_TPOSITION_A2, 0, M * K);
  asc_local_tensor b2 = asc_localtensor(ASC_INT8, ASC_TPOSITION_B2, 0, N * K);
  asc_local_tensor c1 = asc_localtensor(ASC_INT32, ASC_TPOSITION_CO1, 0, M * N);
  /* A (16 x 32) and B^T (32 x 32) ND -> NZ: B^T's 16 x 32 fractals are the
   * ZN fractals of B that L0B takes. */
  asc_data_copy(a1, ag, asc_nd2nzparams(1, M, K, 0, K, M, 1, 0));
  asc_data_copy(b1, bg, asc_nd2nzparams(1, N, K, 0, K, N, 1, 0));
  if (m != WS_UNWRITTEN)
    asc_data_copy(ws1, wg, N);
  asc_set_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  asc_load_data(a2, a1, asc_loaddata2dparams(0, 1, 1, 0, 0, 0, 0));
  asc_load_data(b2, b1, asc_loaddata2dparams(0, 2, 1, 0, 0, 0, 0));
  asc_set_flag(ASC_HARDEVENT_MTE1_M, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE1_M, 0);
  asc_mmad(c1, a2, b2, asc_mmadparams(M, N, K, 0, 0, 1));
  asc_set_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_wait_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_set_flag(ASC_HARDEVENT_MTE2_FIX, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_FIX, 0);
  /* 0.1f: its low 13 mantissa bits are not zero, and the fixpipe drops
   * them. */
  float scale = 0.1f;
  uint32_t bits;
  memcpy(&bits, &scale, 4);
  if (m != NO_QUANT_SET)
    asc_set_fix_pipe_pre_quant_flag((uint64_t)bits);
  switch (m) {
  case DEQ_ND:
  case NO_QUANT_SET:
    g_line = __LINE__ + 1;
    asc_data_copy_co12dst(og, c1,
                          asc_datacopyco12dstparams(
                              NS, MS, DS, M, ASC_QUANTMODE_DEQF16, 1, 0, 1));
    break;
  case DEQ_NZ:
    g_line = __LINE__ + 1;
    asc_data_copy_co12dst(
        og, c1,
        asc_datacopyco12dstparams(N, MS, 16, M, ASC_QUANTMODE_DEQF16, 0, 0, 0));
    break;
  case NZ_ODD_N:
    g_line = __LINE__ + 1;
    asc_data_copy_co12dst(og, c1,
                          asc_datacopyco12dstparams(
                              NS, MS, 16, M, ASC_QUANTMODE_DEQF16, 0, 0, 0));
    break;
  case WRONG_DST:
    g_line = __LINE__ + 1;
    asc_data_copy_co12dst(og, c1,
                          asc_datacopyco12dstparams(
                              NS, MS, DS, M, ASC_QUANTMODE_NOQUANT, 0, 0, 1));
    break;
  case VDEQ_ND:
  case WS_UNWRITTEN:
  case WS_SCALAR:
    g_line = __LINE__ + 1;
    asc_fixpipe(og, c1, ws1,
                asc_fixpipeparamsv220(NS, MS, M, DS,
                                      m == WS_SCALAR ? ASC_QUANTMODE_DEQF16
                                                     : ASC_QUANTMODE_VDEQF16,
                                      0),
                asc_fixpipeconfig_cfg_row_major());
    break;
  }
}

static int8_t g_a[M * K], g_bt[N * K];
static uint64_t g_w[N];

/* The fixpipe's view of a float scale: the low 13 mantissa bits dropped
 * (the Fixpipe reference: 1 sign, 8 exponent and 10 mantissa bits). */
static float fix_scale(uint32_t bits) {
  bits &= ~(uint32_t)0x1fff;
  float f;
  memcpy(&f, &bits, 4);
  return f;
}

static int32_t ref_c(int i, int j) {
  int32_t s = 0;
  for (int kk = 0; kk < K; kk++)
    s += g_a[i * K + kk] * g_bt[j * K + kk];
  return s;
}

static casc_launch_result run(casc_ctx *ctx, mode m, uint16_t *o) {
  for (int i = 0; i < M * K; i++)
    g_a[i] = (int8_t)(i % 7 - 3);
  for (int i = 0; i < N * K; i++)
    g_bt[i] = (int8_t)((i * 5) % 9 - 4);
  for (int j = 0; j < N; j++) { /* scales (j + 1) / 32, low bits set */
    float s = (float)(j + 1) / 32.0f;
    uint32_t bits;
    memcpy(&bits, &s, 4);
    g_w[j] = bits | 0x0fffu;
  }
  for (int i = 0; i < OUT; i++)
    o[i] = 0x7e00; /* NaN: what the copy does not write stays so */
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_op *mod = casc_jit_build(ctx, "k", sim_kernel, &m);
  casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
  CHECK(p != NULL);
  if (!p)
    return res;
  casc_arg args[4] = {
      casc_arg_gm(g_a, CASC_DT_I8, M * K), casc_arg_gm(g_bt, CASC_DT_I8, N * K),
      casc_arg_gm(g_w, CASC_DT_U64, N), casc_arg_gm(o, CASC_DT_F16, OUT)};
  casc_sim_run_timed(p, 1, args, 4, NULL, NULL, &res);
  casc_sim_program_free(p);
  return res;
}

/* o against the reference: element (i, j) of the 13 x ncols result at
 * at(i, j), every other element untouched. */
static int compare(const uint16_t *o, int ncols, bool nz, bool relu,
                   bool per_column) {
  static bool written[OUT];
  memset(written, 0, sizeof written);
  int bad = 0;
  float s = fix_scale(0x3dcccccdu); /* 0.1f */
  for (int i = 0; i < MS; i++)
    for (int j = 0; j < ncols; j++) {
      float sc = per_column ? fix_scale((uint32_t)g_w[j]) : s;
      float v = (float)ref_c(i, j) * sc; /* exact: 8 x 11 bits */
      if (relu && v < 0)
        v = 0;
      uint16_t want = casc_f32_to_f16(v);
      int at = nz ? (j / 16) * 256 + i * 16 + j % 16 : i * DS + j;
      written[at] = true;
      if (o[at] != want && bad++ < 3)
        fprintf(stderr, "  (%d, %d): got 0x%04x, want 0x%04x\n", i, j, o[at],
                want);
    }
  for (int i = 0; i < OUT; i++)
    if (!written[i] && o[i] != 0x7e00 && bad++ < 6)
      fprintf(stderr, "  o[%d] written: 0x%04x\n", i, o[i]);
  return bad;
}

static void expect_result(mode m, int ncols, bool nz, bool relu,
                          bool per_column) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static uint16_t o[OUT];
  casc_launch_result res = run(ctx, m, o);
  for (unsigned i = 0; i < res.nissues; i++)
    fprintf(stderr, "  issue: %s\n", res.issues[i].msg);
  CHECK_EQ_INT((int)res.nissues, 0);
  CHECK_EQ_INT(compare(o, ncols, nz, relu, per_column), 0);
  /* timing: FIX issues the move and SetFixpipePreQuantFlag, besides the
   * waits of the M_FIX and MTE2_FIX flags */
  REQUIRE(res.timing.valid && res.timing.nblocks == 1);
  CHECK_EQ_INT((int)res.timing.blocks[0].ops[CASC_SIM_PIPE_FIX], 4);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_data_copy_deqf16_nd(void) {
  expect_result(DEQ_ND, NS, false, true, false);
}
static void test_data_copy_deqf16_nz(void) {
  expect_result(DEQ_NZ, N, true, false, false);
}
static void test_fixpipe_workspace_vdeqf16(void) {
  expect_result(VDEQ_ND, NS, false, false, true);
}

static void expect_issue(mode m, const char *check, casc_severity sev) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static uint16_t o[OUT];
  casc_launch_result res = run(ctx, m, o);
  const casc_sim_issue *is = first_issue(&res, sev);
  REQUIRE(is != NULL);
  CHECK_STREQ(casc_sim_check_name(is->check), check);
  CHECK_EQ_INT(is->block, 0);
  CHECK_EQ_INT((int)is->loc->u.file.line, g_line);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_sanitizer(void) {
  expect_issue(NO_QUANT_SET, "bad-value", CASC_SEV_ERROR);
  expect_issue(NZ_ODD_N, "fractal-alignment", CASC_SEV_ERROR);
  expect_issue(WRONG_DST, "bad-value", CASC_SEV_ERROR);
  expect_issue(WS_SCALAR, "bad-value", CASC_SEV_ERROR);
  expect_issue(WS_UNWRITTEN, "uninit-read", CASC_SEV_WARNING);
}

int main(void) {
  RUN_TEST(test_ir_matches_pyasc);
  RUN_TEST(test_data_copy_deqf16_nd);
  RUN_TEST(test_data_copy_deqf16_nz);
  RUN_TEST(test_fixpipe_workspace_vdeqf16);
  RUN_TEST(test_sanitizer);
  return CHECK_SUMMARY();
}
