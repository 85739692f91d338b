/* LoadData 3-D v2 (img2col) on the simulator: a small convolution. The
 * half feature map (C1HWC0 in GM, copied to L1) goes through Load3Dv2
 * into L0A, the weights (N x K, K in img2col's order) through Nd2Nz and
 * LoadData into L0B, Mmad multiplies and Fixpipe writes C (M x N) to GM;
 * C is compared with a plain C convolution over the NCHW view of the same
 * numbers (padding with the pad value, stride, dilation). Shapes: 3 x 3
 * kernel, stride 2, padding 1 on every side, 32 channels (C1 = 2); a 2 x 2
 * kernel with dilation 2, uneven padding and a nonzero pad value, read as
 * two Load3Dv2 calls (mStartPt 0 and 16) into one L0A; a call that reads
 * only the second half of K (kStartPt). Misuse is reported with category
 * and line. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

typedef struct {
  int c, h, w, kh, kw, stride, dil, pl, pr, pt, pb;
  int m_rows;   /* M rows loaded: a multiple of 16 */
  int split_m;  /* two loads of 16 rows each */
  int k_half;   /* load only the second half of K (kStartPt = K / 2) */
  int pad_bits; /* the pad value's f16 bit pattern */
  int bad;      /* 0, or the misuse: 1 kExtension 8, 2 stride 0, 3 B2 */
} shape;

enum { N_OUT = 16 };

static int g_line;

static int out_h(const shape *s) {
  return (s->h + s->pt + s->pb - s->dil * (s->kh - 1) - 1) / s->stride + 1;
}
static int out_w(const shape *s) {
  return (s->w + s->pl + s->pr - s->dil * (s->kw - 1) - 1) / s->stride + 1;
}
static int k_all(const shape *s) {
  return s->c * s->kh * s->kw;
}
static int k_used(const shape *s) {
  return s->k_half ? k_all(s) / 2 : k_all(s);
}

static void kernel(asc_kernel *k, void *user) {
  const shape *s = user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_gm_addr wt = asc_arg_gm(k, "wt", ASC_HALF);
  asc_gm_addr y = asc_arg_gm(k, "y", ASC_FLOAT);
  asc_global_tensor xg = asc_globaltensor(), wg = asc_globaltensor();
  asc_global_tensor yg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_globaltensor_set_global_buffer(wg, wt);
  asc_globaltensor_set_global_buffer(yg, y);
  int fmap = s->c * s->h * s->w, kk = k_used(s);
  asc_local_tensor a1 = asc_localtensor(ASC_HALF, ASC_TPOSITION_A1, 0, fmap);
  asc_local_tensor b1 =
      asc_localtensor(ASC_HALF, ASC_TPOSITION_B1, 65536, N_OUT * kk);
  asc_local_tensor a2 = asc_localtensor(
      ASC_HALF, s->bad == 3 ? ASC_TPOSITION_B2 : ASC_TPOSITION_A2, 0,
      s->m_rows * kk);
  asc_local_tensor b2 =
      asc_localtensor(ASC_HALF, ASC_TPOSITION_B2, 0, N_OUT * kk);
  asc_local_tensor c1 =
      asc_localtensor(ASC_FLOAT, ASC_TPOSITION_CO1, 0, s->m_rows * N_OUT);
  asc_data_copy(a1, xg, asc_datacopyparams(1, fmap * 2 / 32, 0, 0));
  /* W^T (N rows of K) in NZ: ZN fractals of W for L0B */
  asc_data_copy(b1, wg, asc_nd2nzparams(1, N_OUT, kk, 0, kk, N_OUT, 1, 0));
  asc_set_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  int loads = s->split_m ? 2 : 1, rows = s->m_rows / loads;
  for (int i = 0; i < loads; i++) {
    /* the second load lands rows / 16 fractal rows further into L0A */
    asc_local_tensor dst = i == 0 ? a2
                                  : asc_localtensor(ASC_HALF, ASC_TPOSITION_A2,
                                                    rows * kk * 2, rows * kk);
    g_line = __LINE__ + 1;
    asc_load_data(dst, a1,
                  asc_loaddata3dparamsv2(
                      s->pl, s->pr, s->pt, s->pb, s->h, s->w, s->c,
                      s->bad == 1 ? 8 : kk, rows, k_all(s) - kk, i * rows,
                      s->bad == 2 ? 0 : s->stride, s->stride, s->kw, s->kh,
                      s->dil, s->dil, 0, s->pad_bits, 0, 0, 0));
  }
  asc_load_data(b2, b1, asc_loaddata2dparams(0, kk / 16, 1, 0, 0, 0, 0));
  asc_set_flag(ASC_HARDEVENT_MTE1_M, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE1_M, 0);
  asc_mmad(c1, a2, b2, asc_mmadparams(s->m_rows, N_OUT, kk, 0, 0, 1));
  asc_set_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_wait_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_fixpipe(yg, c1,
              asc_fixpipeparamsv220(N_OUT, s->m_rows, s->m_rows, N_OUT, 0, 0),
              asc_fixpipeconfig(ASC_CO2LAYOUT_ROW_MAJOR));
}

/* Small integers, exact in half and in f32 sums. */
static int xval(int c, int h, int w) {
  return (c * 5 + h * 3 + w * 7) % 9 - 4;
}
static int wval(int n, int c, int kh, int kw) {
  return (n * 3 + c * 7 + kh * 5 + kw * 2) % 5 - 2;
}

/* Runs the kernel; fills want (m_rows x N_OUT) by a plain convolution. */
static casc_launch_result run(casc_ctx *ctx, const shape *s, float *y,
                              double *want) {
  static uint16_t x[8192], wt[N_OUT * 1024];
  int c0 = 16, oh = out_h(s), ow = out_w(s), kk = k_used(s);
  int k0 = k_all(s) - kk; /* the first K column loaded */
  float pad = casc_f16_to_f32((uint16_t)s->pad_bits);
  /* x in C1HWC0 */
  for (int c = 0; c < s->c; c++)
    for (int h = 0; h < s->h; h++)
      for (int w = 0; w < s->w; w++)
        x[((c / c0 * s->h + h) * s->w + w) * c0 + c % c0] =
            casc_f32_to_f16((float)xval(c, h, w));
  /* W^T: row n, column k = c1 (Kh Kw C0) + (kh Kw + kw) C0 + c0, the K
   * order of img2col; only columns k0 .. k0 + kk - 1 */
  for (int n = 0; n < N_OUT; n++)
    for (int c = 0; c < s->c; c++)
      for (int i = 0; i < s->kh; i++)
        for (int j = 0; j < s->kw; j++) {
          int k = (c / c0) * s->kh * s->kw * c0 + (i * s->kw + j) * c0 + c % c0;
          if (k >= k0)
            wt[n * kk + k - k0] = casc_f32_to_f16((float)wval(n, c, i, j));
        }
  /* the convolution: output position m, channel n; rows past the outputs
   * see only the pad value */
  for (int m = 0; m < s->m_rows; m++)
    for (int n = 0; n < N_OUT; n++) {
      double acc = 0;
      for (int c = 0; c < s->c; c++)
        for (int i = 0; i < s->kh; i++)
          for (int j = 0; j < s->kw; j++) {
            int k =
                (c / c0) * s->kh * s->kw * c0 + (i * s->kw + j) * c0 + c % c0;
            if (k < k0)
              continue;
            int ih = m / ow * s->stride + i * s->dil - s->pt;
            int iw = m % ow * s->stride + j * s->dil - s->pl;
            double v =
                m < oh * ow && ih >= 0 && ih < s->h && iw >= 0 && iw < s->w
                    ? xval(c, ih, iw)
                    : pad;
            acc += v * wval(n, c, i, j);
          }
      want[m * N_OUT + n] = acc;
    }
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_op *mod = casc_jit_build(ctx, "k", kernel, (void *)s);
  casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
  CHECK(p != NULL);
  if (!p)
    return res;
  casc_arg args[3] = {casc_arg_gm(x, CASC_DT_F16, (size_t)(s->c * s->h * s->w)),
                      casc_arg_gm(wt, CASC_DT_F16, (size_t)(N_OUT * kk)),
                      casc_arg_gm(y, CASC_DT_F32, (size_t)(s->m_rows * N_OUT))};
  casc_sim_run_timed(p, 1, args, 3, NULL, NULL, &res);
  casc_sim_program_free(p);
  return res;
}

static void expect_conv(const shape *s) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static float y[64 * N_OUT];
  static double want[64 * N_OUT];
  memset(y, 0, sizeof y);
  casc_launch_result res = run(ctx, s, y, want);
  for (unsigned i = 0; i < res.nissues; i++)
    fprintf(stderr, "  issue: %s\n", res.issues[i].msg);
  CHECK_EQ_INT((int)res.nissues, 0);
  int bad = 0;
  for (int i = 0; i < s->m_rows * N_OUT; i++)
    if ((double)y[i] != want[i] && bad++ < 3)
      fprintf(stderr, "  C[%d][%d] = %g, want %g\n", i / N_OUT, i % N_OUT,
              (double)y[i], want[i]);
  CHECK_EQ_INT(bad, 0);
  /* timing: MTE1 issues the img2col loads and the weights' LoadData,
   * besides the MTE2_MTE1 wait and the MTE1_M set */
  REQUIRE(res.timing.valid && res.timing.nblocks == 1);
  CHECK_EQ_INT((int)res.timing.blocks[0].ops[CASC_SIM_PIPE_MTE1],
               (s->split_m ? 2 : 1) + 3);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* 32 channels, 5 x 6, 3 x 3 kernel, stride 2, padding 1: 3 x 3 outputs */
static void test_stride2_padded(void) {
  shape s = {32, 5, 6, 3, 3, 2, 1, 1, 1, 1, 1, 16, 0, 0, 0, 0};
  expect_conv(&s);
}

/* 16 channels, 7 x 8, 2 x 2 kernel, dilation 2, stride 1, padding left 1,
 * right 0, top 0, bottom 2, pad value 1.5 (0x3e00): 7 x 7 outputs, of
 * which rows 0..31 are loaded as two 16-row halves (mStartPt 0 and 16) */
static void test_dilated_uneven_pad_two_loads(void) {
  shape s = {16, 7, 8, 2, 2, 1, 2, 1, 0, 0, 2, 32, 1, 0, 0x3e00, 0};
  expect_conv(&s);
}

/* kStartPt: only the second half of K (the second C1 slice) */
static void test_k_start(void) {
  shape s = {32, 4, 4, 1, 1, 1, 1, 0, 0, 0, 0, 16, 0, 1, 0, 0};
  expect_conv(&s);
}

static void expect_issue(int which, const char *check) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static float y[64 * N_OUT];
  static double want[64 * N_OUT];
  shape s = {16, 4, 4, 3, 3, 1, 1, 1, 1, 1, 1, 16, 0, 0, 0, which};
  casc_launch_result res = run(ctx, &s, y, want);
  REQUIRE(res.nissues >= 1);
  CHECK_STREQ(casc_sim_check_name(res.issues[0].check), check);
  CHECK_EQ_INT(res.issues[0].block, 0);
  CHECK_EQ_INT((int)res.issues[0].loc->u.file.line, g_line);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_sanitizer(void) {
  expect_issue(1, "fractal-alignment"); /* kExtension 8 of half */
  expect_issue(2, "bad-value");         /* stride 0 */
  expect_issue(3, "bad-value");         /* dst in B2 */
}

int main(void) {
  RUN_TEST(test_stride2_padded);
  RUN_TEST(test_dilated_uneven_pad_two_loads);
  RUN_TEST(test_k_start);
  RUN_TEST(test_sanitizer);
  return CHECK_SUMMARY();
}
