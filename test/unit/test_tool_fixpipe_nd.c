/* Fixpipe with every FixpipeParamsV220 field set from C
 * (asc_fixpipeparamsv220_full) on the simulator: ndNum ND matrices out of
 * L0C (srcNdStride 1024-byte fractals apart, dstNdStride elements apart in
 * GM), with and without ReLU, f32 -> f32 and int32 -> half (DEQF16 with
 * its deq_scalar), the workspace form (VDEQF16) with two ND matrices, and
 * isChannelSplit (f32 16 x 8 fractals) by Fixpipe and by DataCopy CO1 ->
 * GM; each against a plain C reference, bit-exact, GM outside the written
 * elements untouched. Then each misuse with its category, line and block.
 *   test_tool_fixpipe_nd --print-ir   prints the kernel of
 *   test/lit/lang/Inputs/pyasc_fixpipe_full.py written in C (compared with
 *   pyasc's IR by test/lit/lang/pyasc-fixpipe-full-ir.test). */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "sim_issue.h"

/* A 16 x 64 product: four 16 x 16 fractal columns of L0C, 1024 bytes
 * each. The ND moves take MS x NS sub-matrices: matrix i starts at fractal
 * column 2i (srcNdStride 2), its rows DS elements apart, the matrices DND
 * elements apart in GM. */
enum { M = 16, N = 64, MS = 13, NS = 20, DS = 24, DND = 400, OUT = 1024 };
enum { SNS = 24, SDS = 16 }; /* channel split: nSize, dstStride (blocks) */

typedef enum {
  F32_ND,      /* f16 matmul, f32 out, 2 ND matrices */
  F32_ND_RELU, /* the same with ReLU */
  F32_ND_ONE,  /* F32_ND with ndNum 1 (timing) */
  DEQ_ND,      /* int8 matmul, DEQF16 (deq_scalar 0.375), 2 ND matrices */
  DEQ_ND_RELU, /* the same with ReLU */
  VDEQ_ND,     /* Fixpipe with a workspace: VDEQF16, 2 ND matrices */
  SPLIT_NZ,    /* isChannelSplit: f32 NZ in 16 x 8 fractals */
  SPLIT_CO12,  /* DataCopy CO1 -> GM with channelSplit */
  E_SND_0,     /* ndNum 2, srcNdStride 0: bad-value */
  E_SND_513,   /* srcNdStride over 512: bad-value */
  E_DND_0,     /* dstNdStride 0: bad-value */
  E_NDNUM_0,   /* ndNum 0 on the ND path: bad-value */
  E_UNWRITTEN, /* a third matrix where no Mmad wrote: l0c-uninit */
  E_UNIT_FLAG, /* unitFlag 2: unsupported */
  E_SPLIT_ND,  /* isChannelSplit with ROW_MAJOR: bad-value */
  E_SPLIT_N12, /* isChannelSplit, nSize 12: fractal-alignment */
  E_SPLIT_F16, /* isChannelSplit with F322F16: bad-value */
  E_SPLIT_L1,  /* DataCopy CO1 -> A1 with channelSplit: bad-value */
  MODE_COUNT
} mode;

static bool int8_in(mode m) {
  return m == DEQ_ND || m == DEQ_ND_RELU || m == VDEQ_ND;
}
static bool split_mode(mode m) {
  return m == SPLIT_NZ || m == SPLIT_CO12;
}

static const float DEQ = 0.375f; /* two mantissa bits: the cube's 10 hold it */

static uint32_t f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

/* VDEQF16's scale of column c: exact in 10 mantissa bits, some negative. */
static float vdeq_scale(int c) {
  return 0.125f * (float)(c + 1) * (c % 3 == 0 ? -1.0f : 1.0f);
}

static int g_line; /* the C line of the op a mistake is expected at */

static void sim_kernel(asc_kernel *k, void *user) {
  mode m = *(const mode *)user;
  asc_dtype in = int8_in(m) ? ASC_INT8 : ASC_HALF;
  asc_dtype acc = int8_in(m) ? ASC_INT32 : ASC_FLOAT;
  asc_dtype out = int8_in(m) || m == E_SPLIT_F16 ? ASC_HALF : ASC_FLOAT;
  int kk = int8_in(m) ? 32 : 16; /* one 32-byte C0 of K */
  asc_gm_addr a = asc_arg_gm(k, "a", in);
  asc_gm_addr bt = asc_arg_gm(k, "bt", in);
  asc_gm_addr w = asc_arg_gm(k, "w", ASC_UINT64);
  asc_gm_addr o = asc_arg_gm(k, "o", out);
  asc_global_tensor ag = asc_globaltensor(), bg = asc_globaltensor();
  asc_global_tensor wg = asc_globaltensor(), og = asc_globaltensor();
  asc_globaltensor_set_global_buffer(ag, a);
  asc_globaltensor_set_global_buffer(bg, bt);
  asc_globaltensor_set_global_buffer(wg, w);
  asc_globaltensor_set_global_buffer(og, o);
  asc_local_tensor a1 = asc_localtensor(in, ASC_TPOSITION_A1, 0, M * kk);
  asc_local_tensor b1 = asc_localtensor(in, ASC_TPOSITION_B1, 1024, N * kk);
  asc_local_tensor ws1 =
      asc_localtensor(ASC_UINT64, ASC_TPOSITION_A1, 4096, NS);
  asc_local_tensor a2 = asc_localtensor(in, ASC_TPOSITION_A2, 0, M * kk);
  asc_local_tensor b2 = asc_localtensor(in, ASC_TPOSITION_B2, 0, N * kk);
  /* room for more than the product: a read past it is l0c-uninit */
  asc_local_tensor c1 = asc_localtensor(acc, ASC_TPOSITION_CO1, 0, 4 * M * N);
  /* B^T's fractals (N x K, ND -> NZ) are the ZN fractals of B. */
  asc_data_copy(a1, ag, asc_nd2nzparams(1, M, kk, 0, kk, M, 1, 0));
  asc_data_copy(b1, bg, asc_nd2nzparams(1, N, kk, 0, kk, N, 1, 0));
  asc_data_copy(ws1, wg, NS);
  asc_set_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  asc_load_data(a2, a1, asc_loaddata2dparams(0, 1, 1, 0, 0, 0, 0));
  asc_load_data(b2, b1, asc_loaddata2dparams(0, N / 16, 1, 0, 0, 0, 0));
  asc_set_flag(ASC_HARDEVENT_MTE1_M, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE1_M, 0);
  asc_mmad(c1, a2, b2, asc_mmadparams(M, N, kk, 0, 0, 1));
  asc_set_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_wait_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_set_flag(ASC_HARDEVENT_MTE2_FIX, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_FIX, 0);
  asc_fixpipe_config nd = asc_fixpipeconfig(ASC_CO2LAYOUT_ROW_MAJOR);
  asc_fixpipe_config nz = asc_fixpipeconfig(ASC_CO2LAYOUT_NZ);
  bool relu = m == F32_ND_RELU || m == DEQ_ND_RELU;
  int quant = int8_in(m) ? ASC_QUANTMODE_DEQF16 : ASC_QUANTMODE_NOQUANT;
  long long deq = int8_in(m) ? (long long)f32_bits(DEQ) : 0;
  int ndnum = m == E_NDNUM_0     ? 0
              : m == E_UNWRITTEN ? 3
              : m == F32_ND_ONE  ? 1
                                 : 2;
  int snd = m == E_SND_0 ? 0 : m == E_SND_513 ? 513 : 2;
  int dnd = m == E_DND_0 ? 0 : DND;
  if (m == VDEQ_ND) {
    asc_fixpipe(og, c1, ws1,
                asc_fixpipeparamsv220_full(NS, MS, M, DS, ASC_QUANTMODE_VDEQF16,
                                           0, 2, 2, DND, 0, 0, 0),
                nd);
  } else if (m == SPLIT_CO12) {
    asc_data_copy_co12dst(
        og, c1, asc_datacopyco12dstparams(SNS, MS, SDS, M, 0, 0, 1, 0));
  } else if (m == E_SPLIT_L1) {
    asc_local_tensor l1 =
        asc_localtensor(ASC_FLOAT, ASC_TPOSITION_A1, 8192, 1024);
    g_line = __LINE__ + 1;
    asc_data_copy_co12dst(
        l1, c1, asc_datacopyco12dstparams(SNS, MS, SDS, M, 0, 0, 1, 0));
  } else if (split_mode(m) || m >= E_SPLIT_ND) {
    int ns = m == E_SPLIT_N12 ? 12 : SNS;
    int q = m == E_SPLIT_F16 ? ASC_QUANTMODE_F322F16 : ASC_QUANTMODE_NOQUANT;
    g_line = __LINE__ + 1;
    asc_fixpipe(
        og, c1,
        asc_fixpipeparamsv220_full(ns, MS, M, SDS, q, 0, 1, 0, 0, 0, 0, 1),
        m == E_SPLIT_ND ? nd : nz);
  } else {
    int uf = m == E_UNIT_FLAG ? 2 : 0;
    g_line = __LINE__ + 1;
    asc_fixpipe(og, c1,
                asc_fixpipeparamsv220_full(NS, MS, M, DS, quant, deq, ndnum,
                                           snd, dnd, relu, uf, 0),
                nd);
  }
}

static int8_t g_a8[M * 32], g_bt8[N * 32];
static uint16_t g_a16[M * 16], g_bt16[N * 16];
static uint64_t g_w[NS];

/* C[i][j] of the product: small integers, exact in any summation order. */
static long long ref_c(mode m, int i, int j) {
  long long s = 0;
  if (int8_in(m))
    for (int k = 0; k < 32; k++)
      s += (long long)g_a8[i * 32 + k] * g_bt8[j * 32 + k];
  else
    for (int k = 0; k < 16; k++)
      s += (long long)casc_f16_to_f32(g_a16[i * 16 + k]) *
           casc_f16_to_f32(g_bt16[j * 16 + k]);
  return s;
}

static void fill_inputs(void) {
  for (int i = 0; i < M * 32; i++)
    g_a8[i] = (int8_t)((i * 31 + 7) % 23 - 11);
  for (int i = 0; i < N * 32; i++)
    g_bt8[i] = (int8_t)((i * 13 + 5) % 19 - 9);
  for (int i = 0; i < M * 16; i++)
    g_a16[i] = casc_f32_to_f16((float)(i % 7) - 3.0f);
  for (int i = 0; i < N * 16; i++)
    g_bt16[i] = casc_f32_to_f16((float)(i % 5) - 2.0f);
  for (int c = 0; c < NS; c++)
    g_w[c] = f32_bits(vdeq_scale(c));
}

/* Runs mode on one block; o holds OUT floats or halves. */
static casc_launch_result run(casc_ctx *ctx, mode m, void *o) {
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_op *mod = casc_jit_build(ctx, "k", sim_kernel, &m);
  casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
  CHECK(p != NULL);
  if (!p)
    return res;
  bool i8 = int8_in(m), half_out = i8 || m == E_SPLIT_F16;
  casc_arg args[4] = {
      i8 ? casc_arg_gm(g_a8, CASC_DT_I8, M * 32)
         : casc_arg_gm(g_a16, CASC_DT_F16, M * 16),
      i8 ? casc_arg_gm(g_bt8, CASC_DT_I8, N * 32)
         : casc_arg_gm(g_bt16, CASC_DT_F16, N * 16),
      casc_arg_gm(g_w, CASC_DT_U64, NS),
      casc_arg_gm(o, half_out ? CASC_DT_F16 : CASC_DT_F32, OUT)};
  casc_sim_run_timed(p, 1, args, 4, NULL, NULL, &res);
  casc_sim_program_free(p);
  return res;
}

/* Where the reference puts element (r, c) of ND matrix i / of the split
 * NZ output, or -1. */
static int ref_index(mode m, int i, int r, int c) {
  if (split_mode(m))
    return (c / 8) * SDS * 8 + r * 8 + c % 8;
  return i * DND + r * DS + c;
}

static void check_mode(mode m) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static float of[OUT], wf[OUT];
  static uint16_t oh[OUT], wh[OUT];
  const float SENT = -777.0f;
  const uint16_t SENT_H = 0x7bffu; /* half's largest finite */
  for (int i = 0; i < OUT; i++) {
    of[i] = wf[i] = SENT;
    oh[i] = wh[i] = SENT_H;
  }
  bool half_out = int8_in(m);
  casc_launch_result res = run(ctx, m, half_out ? (void *)oh : (void *)of);
  CHECK_EQ_INT((int)res.nissues, 0);
  int nmat = split_mode(m) ? 1 : 2, ncol = split_mode(m) ? SNS : NS;
  bool relu = m == F32_ND_RELU || m == DEQ_ND_RELU;
  for (int i = 0; i < nmat; i++)
    for (int r = 0; r < MS; r++)
      for (int c = 0; c < ncol; c++) {
        long long v = ref_c(m, r, 32 * i + c);
        if (relu && v < 0)
          v = 0;
        int at = ref_index(m, i, r, c);
        if (m == DEQ_ND || m == DEQ_ND_RELU)
          wh[at] = casc_f32_to_f16((float)((double)v * DEQ));
        else if (m == VDEQ_ND)
          wh[at] = casc_f32_to_f16((float)((double)v * vdeq_scale(c)));
        else
          wf[at] = (float)v;
      }
  int bad = 0;
  for (int i = 0; i < OUT; i++) {
    bool diff = half_out ? oh[i] != wh[i] : of[i] != wf[i];
    if (diff && bad++ < 4)
      fprintf(stderr, "  mode %d: o[%d] = %g, want %g\n", (int)m, i,
              half_out ? casc_f16_to_f32(oh[i]) : of[i],
              half_out ? casc_f16_to_f32(wh[i]) : wf[i]);
  }
  CHECK_EQ_INT(bad, 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_nd_matrices_f32(void) {
  check_mode(F32_ND);
  check_mode(F32_ND_RELU);
}

static void test_nd_matrices_deqf16(void) {
  check_mode(DEQ_ND);
  check_mode(DEQ_ND_RELU);
}

static void test_nd_matrices_workspace(void) {
  check_mode(VDEQ_ND);
}

static void test_channel_split(void) {
  check_mode(SPLIT_NZ);
  check_mode(SPLIT_CO12);
}

/* The timing model's FIX pipe moves every ND matrix: two cost more than
 * one. */
static void test_nd_matrices_timing(void) {
  uint64_t busy[2];
  mode ms[2] = {F32_ND_ONE, F32_ND};
  static float o[OUT];
  for (int i = 0; i < 2; i++) {
    casc_ctx *ctx = casc_ctx_new();
    casc_launch_result res = run(ctx, ms[i], o);
    CHECK_EQ_INT((int)res.nissues, 0);
    REQUIRE(res.timing.valid && res.timing.nblocks == 1);
    busy[i] = res.timing.blocks[0].busy[CASC_SIM_PIPE_FIX];
    casc_ctx_free(ctx);
  }
  CHECK(busy[1] > busy[0]);
}

static void expect(mode m, const char *check, const char *text) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static float o[OUT];
  casc_launch_result res = run(ctx, m, o);
  const casc_sim_issue *is = first_issue(&res, CASC_SEV_ERROR);
  REQUIRE(is != NULL);
  CHECK_STREQ(casc_sim_check_name(is->check), check);
  CHECK_EQ_INT(is->block, 0);
  CHECK_EQ_INT((int)is->loc->u.file.line, g_line);
  if (!strstr(is->msg, text))
    fprintf(stderr, "  mode %d: '%s' lacks '%s'\n", (int)m, is->msg, text);
  CHECK(strstr(is->msg, text) != NULL);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_misuse_is_located(void) {
  expect(E_SND_0, "bad-value", "srcNdStride 0 is not in 1..512");
  expect(E_SND_513, "bad-value", "srcNdStride 513 is not in 1..512");
  expect(E_DND_0, "bad-value", "dstNdStride 0 is not in 1..65535");
  expect(E_NDNUM_0, "bad-value", "ndNum 0 is not in 1..65535");
  expect(E_UNWRITTEN, "l0c-uninit", "no Mmad has written");
  expect(E_UNIT_FLAG, "unsupported", "unitFlag 2 is not supported");
  expect(E_SPLIT_ND, "bad-value", "cannot be combined with NZ2ND");
  expect(E_SPLIT_N12, "fractal-alignment", "nSize 12 must be a multiple of 8");
  expect(E_SPLIT_F16, "bad-value", "isChannelSplit needs float CO1");
  expect(E_SPLIT_L1, "bad-value", "the channel split writes to GM only");
}

/* Inputs/pyasc_fixpipe_full.py's kernel in C. */
static void fixpipe_full_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_gm_addr y = asc_arg_gm(k, "y", ASC_FLOAT);
  asc_global_tensor dst_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(dst_gm, x);
  asc_global_tensor f32_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(f32_gm, y);
  asc_local_tensor c_int =
      asc_localtensor(ASC_INT32, ASC_TPOSITION_CO1, 0, 1024);
  asc_local_tensor c_f32 =
      asc_localtensor(ASC_FLOAT, ASC_TPOSITION_CO1, 8192, 1024);
  asc_fixpipe_params params = asc_fixpipeparamsv220_full(
      20, 13, 16, 24, ASC_QUANTMODE_DEQF16, 1052770304, 2, 2, 400, 1, 0, 0);
  asc_fixpipe(dst_gm, c_int, params,
              asc_fixpipeconfig(ASC_CO2LAYOUT_ROW_MAJOR));
  asc_fixpipe_params split = asc_fixpipeparamsv220_full(
      24, 13, 16, 16, ASC_QUANTMODE_NOQUANT, 0, 1, 0, 0, 0, 3, 1);
  asc_fixpipe(f32_gm, c_f32, split, asc_fixpipeconfig(ASC_CO2LAYOUT_NZ));
}

/* A runtime deq_scalar keeps its own type in the construct, as pyasc's
 * `_mat(deq_scalar)` keeps a PlainValue's (it was cast to i32). */
static void runtime_deq_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_int deq = asc_arg_int_at(__FILE__, __LINE__, k, "deq", ASC_UINT64);
  asc_global_tensor g = asc_globaltensor();
  asc_globaltensor_set_global_buffer(g, x);
  asc_local_tensor c = asc_localtensor(ASC_INT32, ASC_TPOSITION_CO1, 0, 1024);
  asc_fixpipe(g, c,
              asc_fixpipeparamsv220_full(16, 16, 16, 16, ASC_QUANTMODE_DEQF16,
                                         deq, 1, 0, 0, 0, 0, 0),
              asc_fixpipeconfig(ASC_CO2LAYOUT_ROW_MAJOR));
}

static void test_runtime_deq_scalar_keeps_its_type(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_op *module = casc_jit_build(ctx, "k", runtime_deq_kernel, NULL);
  REQUIRE(module != NULL);
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, module, NULL, &text);
  CHECK(strstr(text.data, ": ui16, ui16, ui16, ui32, i1, i32, ui64, ui16, "
                          "ui16, ui16, i32, i1\n") != NULL);
  casc_buf_free(&text);
  casc_ctx_free(ctx);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--print-ir") == 0) {
    casc_ctx *ctx = casc_ctx_new();
    casc_op *module =
        casc_jit_build(ctx, "fixpipe_full_kernel", fixpipe_full_kernel, NULL);
    casc_buf text;
    casc_buf_init(&text);
    if (module)
      casc_print_op(ctx, module, NULL, &text);
    fputs(text.data ? text.data : "", stdout);
    casc_buf_free(&text);
    casc_ctx_free(ctx);
    return module ? 0 : 1;
  }
  fill_inputs();
  RUN_TEST(test_nd_matrices_f32);
  RUN_TEST(test_nd_matrices_deqf16);
  RUN_TEST(test_nd_matrices_workspace);
  RUN_TEST(test_channel_split);
  RUN_TEST(test_nd_matrices_timing);
  RUN_TEST(test_misuse_is_located);
  RUN_TEST(test_runtime_deq_scalar_keeps_its_type);
  return CHECK_SUMMARY();
}
