/* The fixpipe's int8 quantisation modes on the simulator (cube_quant.c):
 * an int8 16 x 32 x 32 matmul (int32 in L0C) through REQ8 / VREQ8 and an
 * f16 16 x 32 x 16 one (f32 in L0C) through QF322B8_PRE / VQF322B8_PRE,
 * leaving by DataCopy with DataCopyCO12DstParams (the word of
 * SetFixpipePreQuantFlag; ND with ReLU, and NZ) and by Fixpipe with a
 * cbufWorkspace (one word a column: negative scales and offsets), on a
 * 13 x 20 sub-matrix, against a plain C reference (round half to even,
 * saturation at -128 / 127: both occur), bit-exact. The quantisation word
 * is built as the reference's aclnnTransQuantParam builds it; each misuse
 * is reported with its category and line. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "sim_issue.h"

enum { M = 16, N = 32, MS = 13, NS = 20, DS = 24, OUT = 512 };

typedef enum {
  REQ8_ND,      /* DataCopy REQ8 + ReLU, NZ2ND: 13 x 20 into rows of 24 */
  REQ8_NZ,      /* DataCopy REQ8, NZ: 13 x 32 */
  QF8_ND,       /* DataCopy QF322B8_PRE (f16 matmul), NZ2ND */
  VREQ8_ND,     /* Fixpipe with a workspace: VREQ8, per-column words */
  VQF8_ND,      /* Fixpipe with a workspace: VQF322B8_PRE */
  BIT46_CLEAR,  /* a word without bit 46: unsupported */
  UINT8_DST,    /* REQ8 into uint8: unsupported */
  REQ8_FROM_F32 /* REQ8 on an f32 L0C: bad-value */
} mode;

static bool is_f16(mode m) {
  return m == QF8_ND || m == VQF8_ND || m == REQ8_FROM_F32;
}

static int g_line; /* the C line of the op a mistake is expected at */

/* aclnnTransQuantParam's word: the float's bits & 0xFFFFE000, bit 46, the
 * offset's 9 bits at 37. */
static uint64_t q8_word(float scale, int offset) {
  uint32_t bits;
  memcpy(&bits, &scale, 4);
  return (uint64_t)(bits & 0xffffe000u) | ((uint64_t)1 << 46) |
         ((uint64_t)(offset & 0x1ff) << 37);
}

/* The scalar word: 12.5 (halves: ties to round; large enough to saturate)
 * and offset -7. */
static const float SCALE = 12.5f;
static const int OFFSET = -7;

static void sim_kernel(asc_kernel *k, void *user) {
  mode m = *(const mode *)user;
  asc_dtype in = is_f16(m) ? ASC_HALF : ASC_INT8;
  asc_dtype acc = is_f16(m) ? ASC_FLOAT : ASC_INT32;
  int kk = is_f16(m) ? 16 : 32; /* one 32-byte C0 of K */
  asc_gm_addr a = asc_arg_gm(k, "a", in);
  asc_gm_addr bt = asc_arg_gm(k, "bt", in);
  asc_gm_addr w = asc_arg_gm(k, "w", ASC_UINT64);
  asc_gm_addr o = asc_arg_gm(k, "o", m == UINT8_DST ? ASC_UINT8 : ASC_INT8);
  asc_global_tensor ag = asc_globaltensor(), bg = asc_globaltensor();
  asc_global_tensor wg = asc_globaltensor(), og = asc_globaltensor();
  asc_globaltensor_set_global_buffer(ag, a);
  asc_globaltensor_set_global_buffer(bg, bt);
  asc_globaltensor_set_global_buffer(wg, w);
  asc_globaltensor_set_global_buffer(og, o);
  asc_local_tensor a1 = asc_localtensor(in, ASC_TPOSITION_A1, 0, M * kk);
  asc_local_tensor b1 = asc_localtensor(in, ASC_TPOSITION_B1, 1024, N * kk);
  asc_local_tensor ws1 = asc_localtensor(ASC_UINT64, ASC_TPOSITION_A1, 4096, N);
  asc_local_tensor a2 = asc_localtensor(in, ASC_TPOSITION_A2, 0, M * kk);
  asc_local_tensor b2 = asc_localtensor(in, ASC_TPOSITION_B2, 0, N * kk);
  asc_local_tensor c1 = asc_localtensor(acc, ASC_TPOSITION_CO1, 0, M * N);
  /* B^T's fractals (N x K, ND -> NZ) are the ZN fractals of B. */
  asc_data_copy(a1, ag, asc_nd2nzparams(1, M, kk, 0, kk, M, 1, 0));
  asc_data_copy(b1, bg, asc_nd2nzparams(1, N, kk, 0, kk, N, 1, 0));
  asc_data_copy(ws1, wg, N);
  asc_set_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  asc_load_data(a2, a1, asc_loaddata2dparams(0, 1, 1, 0, 0, 0, 0));
  asc_load_data(b2, b1, asc_loaddata2dparams(0, 2, 1, 0, 0, 0, 0));
  asc_set_flag(ASC_HARDEVENT_MTE1_M, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE1_M, 0);
  asc_mmad(c1, a2, b2, asc_mmadparams(M, N, kk, 0, 0, 1));
  asc_set_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_wait_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_set_flag(ASC_HARDEVENT_MTE2_FIX, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_FIX, 0);
  uint64_t word = q8_word(SCALE, OFFSET);
  if (m == BIT46_CLEAR)
    word &= ~((uint64_t)1 << 46);
  asc_set_fix_pipe_pre_quant_flag(word);
  int quant = is_f16(m) && m != REQ8_FROM_F32 ? ASC_QUANTMODE_QF322B8_PRE
                                              : ASC_QUANTMODE_REQ8;
  switch (m) {
  case REQ8_ND:
  case QF8_ND:
  case BIT46_CLEAR:
  case UINT8_DST:
  case REQ8_FROM_F32:
    g_line = __LINE__ + 1;
    asc_data_copy_co12dst(
        og, c1, asc_datacopyco12dstparams(NS, MS, DS, M, quant, 1, 0, 1));
    break;
  case REQ8_NZ:
    /* NZ: fractal columns of 16 x 16 int8, 8 blocks (256 bytes) apart */
    g_line = __LINE__ + 1;
    asc_data_copy_co12dst(
        og, c1, asc_datacopyco12dstparams(N, MS, 8, M, quant, 0, 0, 0));
    break;
  case VREQ8_ND:
  case VQF8_ND:
    g_line = __LINE__ + 1;
    asc_fixpipe(og, c1, ws1,
                asc_fixpipeparamsv220(NS, MS, M, DS,
                                      m == VREQ8_ND
                                          ? ASC_QUANTMODE_VREQ8
                                          : ASC_QUANTMODE_VQF322B8_PRE,
                                      0),
                asc_fixpipeconfig_cfg_row_major());
    break;
  }
}

static int8_t g_a8[M * 32], g_bt8[N * 32];
static uint16_t g_a16[M * 16], g_bt16[N * 16];
static uint64_t g_w[N];
static float g_ws[N];
static int g_wo[N];

static double ref_c(mode m, int i, int j) {
  double s = 0;
  if (is_f16(m))
    for (int k = 0; k < 16; k++)
      s += (double)casc_f16_to_f32(g_a16[i * 16 + k]) *
           casc_f16_to_f32(g_bt16[j * 16 + k]);
  else
    for (int k = 0; k < 32; k++)
      s += g_a8[i * 32 + k] * g_bt8[j * 32 + k];
  return s;
}

/* The fixpipe's view of a scale: the top 19 bits of the float. */
static double cut(float f) {
  uint32_t bits;
  memcpy(&bits, &f, 4);
  bits &= 0xffffe000u;
  memcpy(&f, &bits, 4);
  return f;
}

/* Round half to even, written out; then saturate to int8. */
static int8_t ref_q(double v, double scale, int offset, bool relu) {
  if (relu && v < 0)
    v = 0;
  double d = v * scale + offset;
  double fl = floor(d), fr = d - fl;
  double r = fr > 0.5 || (fr == 0.5 && fmod(fl, 2.0) != 0) ? fl + 1 : fl;
  return (int8_t)(r > 127 ? 127 : r < -128 ? -128 : r);
}

static casc_launch_result run(casc_ctx *ctx, mode m, int8_t *o) {
  for (int i = 0; i < M * 32; i++)
    g_a8[i] = (int8_t)(i % 7 - 3);
  for (int i = 0; i < N * 32; i++)
    g_bt8[i] = (int8_t)((i * 5) % 9 - 4);
  /* f16: multiples of 1/4 (f32 sums exact, quarter fractions to round) */
  for (int i = 0; i < M * 16; i++)
    g_a16[i] = casc_f32_to_f16((float)(i % 11 - 5) * 0.25f);
  for (int i = 0; i < N * 16; i++)
    g_bt16[i] = casc_f32_to_f16((float)((i * 3) % 13 - 6));
  for (int j = 0; j < N; j++) { /* scales of both signs, low bits set */
    g_ws[j] = ((float)(j % 9) - 4.0f) * 0.1f + 0.05f;
    g_wo[j] = (j * 37) % 512 - 256;
    g_w[j] = q8_word(g_ws[j], g_wo[j]);
  }
  memset(o, 0x5a, OUT); /* what the copy does not write stays so */
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_op *mod = casc_jit_build(ctx, "k", sim_kernel, &m);
  casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
  CHECK(p != NULL);
  if (!p)
    return res;
  casc_arg args[4] = {
      is_f16(m) ? casc_arg_gm(g_a16, CASC_DT_F16, M * 16)
                : casc_arg_gm(g_a8, CASC_DT_I8, M * 32),
      is_f16(m) ? casc_arg_gm(g_bt16, CASC_DT_F16, N * 16)
                : casc_arg_gm(g_bt8, CASC_DT_I8, N * 32),
      casc_arg_gm(g_w, CASC_DT_U64, N),
      casc_arg_gm(o, m == UINT8_DST ? CASC_DT_U8 : CASC_DT_I8, OUT)};
  casc_sim_run_timed(p, 1, args, 4, NULL, NULL, &res);
  casc_sim_program_free(p);
  return res;
}

/* o against the reference; counts saturated results into *sat and ties
 * into *ties so that the test shows both happened. */
static int compare(mode m, const int8_t *o, int ncols, bool nz, bool relu,
                   bool per_column, int *sat, int *ties) {
  static bool written[OUT];
  memset(written, 0, sizeof written);
  int bad = 0;
  for (int i = 0; i < MS; i++)
    for (int j = 0; j < ncols; j++) {
      double sc = per_column ? cut(g_ws[j]) : SCALE;
      int off = per_column ? g_wo[j] : OFFSET;
      double c = ref_c(m, i, j);
      int8_t want = ref_q(c, sc, off, relu);
      double d = (relu && c < 0 ? 0 : c) * sc + off;
      *sat += d > 127.5 || d < -128.5;
      *ties += d - floor(d) == 0.5;
      int at = nz ? (j / 16) * 256 + i * 16 + j % 16 : i * DS + j;
      written[at] = true;
      if (o[at] != want && bad++ < 3)
        fprintf(stderr, "  (%d, %d): got %d, want %d\n", i, j, o[at], want);
    }
  for (int i = 0; i < OUT; i++)
    if (!written[i] && o[i] != 0x5a && bad++ < 6)
      fprintf(stderr, "  o[%d] written: %d\n", i, o[i]);
  return bad;
}

static void expect_result(mode m, int ncols, bool nz, bool relu,
                          bool per_column) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static int8_t o[OUT];
  casc_launch_result res = run(ctx, m, o);
  for (unsigned i = 0; i < res.nissues; i++)
    fprintf(stderr, "  issue: %s\n", res.issues[i].msg);
  CHECK_EQ_INT((int)res.nissues, 0);
  int sat = 0, ties = 0;
  CHECK_EQ_INT(compare(m, o, ncols, nz, relu, per_column, &sat, &ties), 0);
  CHECK(sat > 0);
  CHECK(ties > 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_req8_nd_relu(void) {
  expect_result(REQ8_ND, NS, false, true, false);
}
static void test_req8_nz(void) {
  expect_result(REQ8_NZ, N, true, false, false);
}
static void test_qf322b8_nd_relu(void) {
  expect_result(QF8_ND, NS, false, true, false);
}
static void test_vreq8_workspace(void) {
  expect_result(VREQ8_ND, NS, false, false, true);
}
static void test_vqf322b8_workspace(void) {
  expect_result(VQF8_ND, NS, false, false, true);
}

static void expect_issue(mode m, const char *check) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static int8_t o[OUT];
  casc_launch_result res = run(ctx, m, o);
  const casc_sim_issue *is = first_issue(&res, CASC_SEV_ERROR);
  REQUIRE(is != NULL);
  CHECK_STREQ(casc_sim_check_name(is->check), check);
  CHECK_EQ_INT(is->block, 0);
  CHECK_EQ_INT((int)is->loc->u.file.line, g_line);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_rejected_forms(void) {
  expect_issue(BIT46_CLEAR, "unsupported");
  expect_issue(UINT8_DST, "unsupported");
  expect_issue(REQ8_FROM_F32, "bad-value");
}

/* ---- Fixpipe with deqScalar (its quant word in FixpipeParamsV220) -------
 * The C call asc_fixpipeparamsv220 does not take deq_scalar, so this kernel
 * is pyasc's IR as text: an int8 16 x 16 x 32 matmul whose L0C leaves once
 * through Fixpipe (REQ8, deqScalar = WORD) and once through DataCopy CO1 ->
 * GM (REQ8, SetFixpipePreQuantFlag(WORD)), both ND; the DataCopy path is
 * checked against the reference above, so the two outputs must be equal
 * (and not all saturated). */
static const char fixpipe_ir[] =
    "module {\n"
    "  func.func @k(%x: memref<?xi8, 22>, %z1: memref<?xi8, 22>, "
    "%z2: memref<?xi8, 22>) attributes {ascendc.aicore, ascendc.global} {\n"
    "    %a0 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %n = \"emitc.constant\"() <{value = 512 : ui32}> : () -> ui32\n"
    "    %w = \"emitc.constant\"() <{value = WORDV : ui64}> : () -> ui64\n"
    "    %c512 = arith.constant 512 : i32\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c7 = arith.constant 7 : i32\n"
    "    %c16 = arith.constant 16 : i32\n"
    "    %c32 = arith.constant 32 : i32\n"
    "    %f = arith.constant false\n"
    "    %t = arith.constant true\n"
    "    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xi8>\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : "
    "!ascendc.global_tensor<*xi8>, memref<?xi8, 22>\n"
    "    %z1g = ascendc.global_tensor : !ascendc.global_tensor<*xi8>\n"
    "    ascendc.global_tensor.set_global_buffer %z1g, %z1 : "
    "!ascendc.global_tensor<*xi8>, memref<?xi8, 22>\n"
    "    %z2g = ascendc.global_tensor : !ascendc.global_tensor<*xi8>\n"
    "    ascendc.global_tensor.set_global_buffer %z2g, %z2 : "
    "!ascendc.global_tensor<*xi8>, memref<?xi8, 22>\n"
    "    %l1 = ascendc.local_tensor_v2 a1, %a0, %n : "
    "!ascendc.local_tensor<*xi8>\n"
    "    %l0a = ascendc.local_tensor_v2 a2, %a0, %n : "
    "!ascendc.local_tensor<*xi8>\n"
    "    %l0b = ascendc.local_tensor_v2 b2, %a0, %n : "
    "!ascendc.local_tensor<*xi8>\n"
    "    %l0c = ascendc.local_tensor_v2 co1, %a0, %n : "
    "!ascendc.local_tensor<*xi32>\n"
    "    ascendc.data_copy_l2 %l1, %xg, %c512 : !ascendc.local_tensor<*xi8>, "
    "!ascendc.global_tensor<*xi8>, i32\n"
    "    ascendc.pipe_barrier pipe_all\n"
    "    %lp = ascendc.construct !ascendc.load_data_2d_params(%c0, %c1, %c1, "
    "%c0, %c0, %f, %c0) [ui16, ui8, ui16, ui16, ui16, i1, ui8] : i32, i32, "
    "i32, i32, i32, i1, i32\n"
    "    ascendc.load_data_l0 %l0a, %l1, %lp : !ascendc.local_tensor<*xi8>, "
    "!ascendc.local_tensor<*xi8>, !ascendc.load_data_2d_params\n"
    "    ascendc.load_data_l0 %l0b, %l1, %lp : !ascendc.local_tensor<*xi8>, "
    "!ascendc.local_tensor<*xi8>, !ascendc.load_data_2d_params\n"
    "    ascendc.pipe_barrier pipe_all\n"
    "    %mp = ascendc.construct !ascendc.mmad_params(%c16, %c16, %c32, %f, "
    "%f, %t) [ui16, ui16, ui16, i1, i1, i1] : i32, i32, i32, i1, i1, i1\n"
    "    ascendc.mmad %l0c, %l0a, %l0b, %mp : !ascendc.local_tensor<*xi32>, "
    "!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, "
    "!ascendc.mmad_params\n"
    "    ascendc.pipe_barrier pipe_all\n"
    "    %fc = ascendc.construct !ascendc.fixpipe_config(%c1) "
    "[!ascendc.co2_layout] : i32\n"
    "    %fp = ascendc.construct !ascendc.fixpipe_params_v220(%c16, %c16, "
    "%c16, %c16, %f, %c7, %w, %c1, %c0, %c0, %c0, %f) [ui16, ui16, ui16, "
    "ui32, i1, !ascendc.quant_mode_t, ui64, ui16, ui16, ui16, ui8, i1] : i32, "
    "i32, i32, i32, i1, i32, ui64, i32, i32, i32, i32, i1\n"
    "    ascendc.fixpipe %z1g, %l0c, %fp, %fc : !ascendc.global_tensor<*xi8>, "
    "!ascendc.local_tensor<*xi32>, !ascendc.fixpipe_params_v220, "
    "!ascendc.fixpipe_config\n"
    "    ascendc.set_fixpipe_pre_quant_flag %w : ui64\n"
    "    %dp = ascendc.construct !ascendc.data_copy_co12dst_params(%c16, "
    "%c16, %c16, %c16, %c7, %c0, %f, %t) [ui64, ui64, ui64, ui64, "
    "!ascendc.quant_mode_t, ui8, i1, i1] : i32, i32, i32, i32, i32, i32, i1, "
    "i1\n"
    "    ascendc.data_copy_co12dst %z2g, %l0c, %dp : "
    "!ascendc.global_tensor<*xi8>, !ascendc.local_tensor<*xi32>, "
    "!ascendc.data_copy_co12dst_params\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_fixpipe_deq_scalar(void) {
  /* WORDV: aclnnTransQuantParam's word for scale 0.37 and offset -20 */
  char text[sizeof fixpipe_ir + 32];
  const char *at = strstr(fixpipe_ir, "WORDV");
  REQUIRE(at != NULL);
  int pre = (int)(at - fixpipe_ir);
  snprintf(text, sizeof text, "%.*s%llu%s", pre, fixpipe_ir,
           (unsigned long long)q8_word(0.37f, -20), at + 5);
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *mod = casc_parse_module(ctx, text, strlen(text), "t.mlir", 1);
  casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
  if (!p)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(p != NULL);
  static int8_t x[512], z1[256], z2[256];
  for (int i = 0; i < 512; i++)
    x[i] = (int8_t)((i * 7) % 23 - 11);
  memset(z1, 0x11, sizeof z1);
  memset(z2, 0x22, sizeof z2);
  casc_arg args[3] = {casc_arg_gm(x, CASC_DT_I8, 512),
                      casc_arg_gm(z1, CASC_DT_I8, 256),
                      casc_arg_gm(z2, CASC_DT_I8, 256)};
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_sim_run_timed(p, 1, args, 3, NULL, NULL, &res);
  for (unsigned i = 0; i < res.nissues; i++)
    fprintf(stderr, "  issue: %s\n", res.issues[i].msg);
  CHECK_EQ_INT((int)res.nissues, 0);
  CHECK(memcmp(z1, z2, sizeof z1) == 0);
  int inner = 0;
  for (int i = 0; i < 256; i++)
    inner += z1[i] > -128 && z1[i] < 127;
  CHECK(inner > 0);
  casc_sim_program_free(p);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_req8_nd_relu);
  RUN_TEST(test_req8_nz);
  RUN_TEST(test_qf322b8_nd_relu);
  RUN_TEST(test_vreq8_workspace);
  RUN_TEST(test_vqf322b8_workspace);
  RUN_TEST(test_rejected_forms);
  RUN_TEST(test_fixpipe_deq_scalar);
  return CHECK_SUMMARY();
}
