/* The Load3D registers on the simulator (cube_load3d_regs.c): SetFmatrix,
 * SetLoadDataPaddingValue, SetLoadDataRepeat, SetLoadDataBoundary and
 * LoadData with LoadData3DParamsV2Pro, which reads them. Each kernel is a
 * small half convolution (16 channels, 7 x 8 map, 2 x 2 kernel, dilation
 * 2, padding left 1 / bottom 2, pad value 1.5: 7 x 7 outputs, 32 rows
 * loaded) whose img2col matrix reaches L0A another way; Mmad and Fixpipe
 * give C, compared with a plain C convolution of the same numbers:
 *   V2PRO     SetFmatrix + SetLoadDataPaddingValue, then V2Pro with the
 *             fields packed into extConfig / filterConfig;
 *   REPEAT    one Load3Dv2 of 16 rows, SetLoadDataRepeat with stride 1
 *             and 2 repeats: two iterations 16 rows apart along M;
 *   V2_V2PRO  rows 0..15 by Load3Dv2, which sets the registers, rows
 *             16..31 by V2Pro reading them;
 *   BOUNDARY  the map's first 1024 bytes at L1 byte 1024, the rest at L1
 *             byte 0, SetLoadDataBoundary(2048): reads past the boundary
 *             continue from L1's start (a located warning).
 * Misuse is reported with its category and line. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"

enum { C = 16, H = 7, W = 8, KH = 2, KW = 2, DIL = 2, PL = 1, PB = 2 };
enum { OW = W + PL - DIL * (KW - 1), OH = H + PB - DIL * (KH - 1) };
enum { K = C * KH * KW, M = 32, N_OUT = 16, FMAP = C * H * W };
enum { PAD_BITS = 0x3e00 }; /* 1.5 in half */

typedef enum {
  V2PRO,
  REPEAT,
  V2_V2PRO,
  BOUNDARY,
  /* misuse */
  PRO_NO_FMATRIX,
  LOW_BOUNDARY,
  REPEAT_WIDTH,
  FMATRIX_RIGHT,
  START_PAST_BOUNDARY,
} variant;

static int g_line, g_load_line; /* g_load_line: the last helper's load */

/* V2Pro's words (CANN asc-devkit's LOAD_* shifts for LoadData3DParamsV2Pro) */
static unsigned long long ext_config(int k_ext, int m_ext, int k_start,
                                     int m_start) {
  return (unsigned long long)k_ext | (unsigned long long)m_ext << 16 |
         (unsigned long long)k_start << 32 | (unsigned long long)m_start << 48;
}
static unsigned long long filter_config(int sw, int sh, int fw, int fh, int dw,
                                        int dh) {
  return (unsigned long long)sw | (unsigned long long)sh << 8 |
         (unsigned long long)fw << 16 | (unsigned long long)fh << 24 |
         (unsigned long long)dw << 32 | (unsigned long long)dh << 40;
}

static void v2(asc_local_tensor dst, asc_local_tensor src, int m_start) {
  g_load_line = __LINE__ + 1;
  asc_load_data(dst, src,
                asc_loaddata3dparamsv2(PL, 0, 0, PB, H, W, C, K, 16, 0, m_start,
                                       1, 1, KW, KH, DIL, DIL, 0, PAD_BITS, 0,
                                       0, 0));
}

static void v2pro(asc_local_tensor dst, asc_local_tensor src, int rows,
                  int m_start) {
  g_load_line = __LINE__ + 1;
  asc_load_data(dst, src,
                asc_loaddata3dparamsv2pro(
                    C, 0, 0, 0, 0, 0, ext_config(K, rows, 0, m_start),
                    filter_config(1, 1, KW, KH, DIL, DIL)));
}

static void kernel(asc_kernel *k, void *user) {
  variant v = *(const variant *)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_gm_addr xt = asc_arg_gm(k, "xt", ASC_HALF); /* x past 1024 bytes */
  asc_gm_addr wt = asc_arg_gm(k, "wt", ASC_HALF);
  asc_gm_addr y = asc_arg_gm(k, "y", ASC_FLOAT);
  asc_global_tensor xg = asc_globaltensor(), xtg = asc_globaltensor();
  asc_global_tensor wg = asc_globaltensor(), yg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_globaltensor_set_global_buffer(xtg, xt);
  asc_globaltensor_set_global_buffer(wg, wt);
  asc_globaltensor_set_global_buffer(yg, y);
  bool split = v == BOUNDARY || v == START_PAST_BOUNDARY;
  asc_local_tensor a1 = asc_localtensor(ASC_HALF, ASC_TPOSITION_A1,
                                        split ? 1024 : 0, split ? 512 : FMAP);
  asc_local_tensor b1 =
      asc_localtensor(ASC_HALF, ASC_TPOSITION_B1, 65536, N_OUT * K);
  asc_local_tensor a2 = asc_localtensor(ASC_HALF, ASC_TPOSITION_A2, 0, M * K);
  asc_local_tensor a2h =
      asc_localtensor(ASC_HALF, ASC_TPOSITION_A2, 16 * K * 2, 16 * K);
  asc_local_tensor b2 =
      asc_localtensor(ASC_HALF, ASC_TPOSITION_B2, 0, N_OUT * K);
  asc_local_tensor c1 =
      asc_localtensor(ASC_FLOAT, ASC_TPOSITION_CO1, 0, M * N_OUT);
  if (split) {
    asc_local_tensor low =
        asc_localtensor(ASC_HALF, ASC_TPOSITION_A1, 0, FMAP - 512);
    asc_data_copy(a1, xg, asc_datacopyparams(1, 1024 / 32, 0, 0));
    asc_data_copy(low, xtg,
                  asc_datacopyparams(1, (FMAP * 2 - 1024) / 32, 0, 0));
  } else {
    asc_data_copy(a1, xg, asc_datacopyparams(1, FMAP * 2 / 32, 0, 0));
  }
  asc_data_copy(b1, wg, asc_nd2nzparams(1, N_OUT, K, 0, K, N_OUT, 1, 0));
  asc_set_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  switch (v) {
  case V2PRO:
    asc_set_fmatrix(H, W, PL, 0, 0, PB, ASC_FMATRIX_LEFT);
    /* the half pattern in the low 16 bits of an int32 */
    asc_set_load_data_padding_value(PAD_BITS);
    v2pro(a2, a1, M, 0);
    break;
  case REPEAT:
    /* C++ LoadDataRepeatParam{1, 2, 0}: repeatStride 1, repeatTime 2 (the
     * constructor's order; pyasc's names the first two the other way) */
    asc_set_load_data_repeat(asc_loaddatarepeatparam(1, 2, 0));
    v2(a2, a1, 0);
    break;
  case V2_V2PRO:
    v2(a2, a1, 0);
    v2pro(a2h, a1, 16, 16);
    break;
  case BOUNDARY:
    asc_set_load_data_boundary(2048);
    v2(a2, a1, 0);
    v2(a2h, a1, 16);
    g_line = g_load_line;
    break;
  case PRO_NO_FMATRIX:
    v2pro(a2, a1, M, 0);
    g_line = g_load_line;
    break;
  case LOW_BOUNDARY:
    g_line = __LINE__ + 1;
    asc_set_load_data_boundary(512);
    break;
  case REPEAT_WIDTH:
    asc_set_load_data_repeat(asc_loaddatarepeatparam(1, 2, 1));
    v2(a2, a1, 0);
    g_line = g_load_line;
    break;
  case FMATRIX_RIGHT:
    g_line = __LINE__ + 1;
    asc_set_fmatrix(H, W, PL, 0, 0, PB, ASC_FMATRIX_RIGHT);
    break;
  case START_PAST_BOUNDARY:
    asc_set_load_data_boundary(1024);
    v2(a2, a1, 0);
    g_line = g_load_line;
    break;
  }
  asc_load_data(b2, b1, asc_loaddata2dparams(0, K / 16, 1, 0, 0, 0, 0));
  asc_set_flag(ASC_HARDEVENT_MTE1_M, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE1_M, 0);
  asc_mmad(c1, a2, b2, asc_mmadparams(M, N_OUT, K, 0, 0, 1));
  asc_set_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_wait_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_fixpipe(yg, c1, asc_fixpipeparamsv220(N_OUT, M, M, N_OUT, 0, 0),
              asc_fixpipeconfig(ASC_CO2LAYOUT_ROW_MAJOR));
}

/* Small integers, exact in half and in f32 sums. */
static int xval(int c, int h, int w) {
  return (c * 5 + h * 3 + w * 7) % 9 - 4;
}
static int wval(int n, int c, int kh, int kw) {
  return (n * 3 + c * 7 + kh * 5 + kw * 2) % 5 - 2;
}

/* Runs variant v; fills want (M x N_OUT) by a plain convolution. */
static casc_launch_result run(casc_ctx *ctx, const casc_diag_list *dl,
                              variant v, float *y, double *want) {
  static uint16_t x[FMAP], wt[N_OUT * K];
  for (int c = 0; c < C; c++) /* C1HWC0 with C1 = 1 */
    for (int h = 0; h < H; h++)
      for (int w = 0; w < W; w++)
        x[(h * W + w) * C + c] = casc_f32_to_f16((float)xval(c, h, w));
  /* W^T: row n, column k = (kh Kw + kw) C0 + c0, img2col's K order */
  for (int n = 0; n < N_OUT; n++)
    for (int c = 0; c < C; c++)
      for (int i = 0; i < KH; i++)
        for (int j = 0; j < KW; j++)
          wt[n * K + (i * KW + j) * C + c] =
              casc_f32_to_f16((float)wval(n, c, i, j));
  for (int m = 0; m < M; m++)
    for (int n = 0; n < N_OUT; n++) {
      double acc = 0;
      for (int c = 0; c < C; c++)
        for (int i = 0; i < KH; i++)
          for (int j = 0; j < KW; j++) {
            int ih = m / OW + i * DIL, iw = m % OW + j * DIL - PL;
            bool in = m < OH * OW && ih < H && iw >= 0 && iw < W;
            acc += (in ? xval(c, ih, iw) : 1.5) * wval(n, c, i, j);
          }
      want[m * N_OUT + n] = acc;
    }
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_op *mod = casc_jit_build(ctx, "k", kernel, &v);
  casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
  CHECK(p != NULL);
  if (!p) {
    for (unsigned i = 0; i < dl->n; i++)
      fprintf(stderr, "  diag: %s\n", dl->items[i]->msg);
    return res;
  }
  casc_arg args[4] = {casc_arg_gm(x, CASC_DT_F16, FMAP),
                      casc_arg_gm(x + 512, CASC_DT_F16, FMAP - 512),
                      casc_arg_gm(wt, CASC_DT_F16, N_OUT * K),
                      casc_arg_gm(y, CASC_DT_F32, M * N_OUT)};
  casc_sim_run(p, 1, args, 4, NULL, &res);
  casc_sim_program_free(p);
  return res;
}

/* The convolution comes out right; `warning` names the warning each of
 * the run's `nwarn` reports is (NULL: none), at g_line. */
static void expect_conv(variant v, const char *warning, unsigned nwarn) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static float y[M * N_OUT];
  static double want[M * N_OUT];
  memset(y, 0, sizeof y);
  casc_launch_result res = run(ctx, &diags, v, y, want);
  for (unsigned i = 0; i < res.nissues; i++)
    fprintf(stderr, "  issue: %s\n", res.issues[i].msg);
  CHECK_EQ_INT((int)res.nissues, (int)nwarn);
  for (unsigned i = 0; warning && i < res.nissues; i++) {
    CHECK_EQ_INT((int)res.issues[i].sev, (int)CASC_SEV_WARNING);
    CHECK_STREQ(casc_sim_check_name(res.issues[i].check), warning);
    CHECK_EQ_INT((int)res.issues[i].loc->u.file.line, g_line);
  }
  int bad = 0;
  for (int i = 0; i < M * N_OUT; i++)
    if ((double)y[i] != want[i] && bad++ < 3)
      fprintf(stderr, "  C[%d][%d] = %g, want %g\n", i / N_OUT, i % N_OUT,
              (double)y[i], want[i]);
  CHECK_EQ_INT(bad, 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_v2pro_reads_the_registers(void) {
  expect_conv(V2PRO, NULL, 0);
}

static void test_repeat_along_m(void) {
  expect_conv(REPEAT, NULL, 0);
}

static void test_v2_sets_the_registers_v2pro_reads(void) {
  expect_conv(V2_V2PRO, NULL, 0);
}

static void test_boundary_wraps_to_l1_start(void) {
  /* both loads read the whole map */
  expect_conv(BOUNDARY, "ub-out-of-bounds", 2);
}

static void expect_error(variant v, const char *check) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static float y[M * N_OUT];
  static double want[M * N_OUT];
  casc_launch_result res = run(ctx, &diags, v, y, want);
  REQUIRE(res.nissues >= 1);
  CHECK_EQ_INT((int)res.issues[0].sev, (int)CASC_SEV_ERROR);
  CHECK_STREQ(casc_sim_check_name(res.issues[0].check), check);
  CHECK_EQ_INT((int)res.issues[0].loc->u.file.line, g_line);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_misuse(void) {
  expect_error(PRO_NO_FMATRIX, "bad-value");
  expect_error(LOW_BOUNDARY, "bad-value");
  expect_error(REPEAT_WIDTH, "unsupported");
  expect_error(FMATRIX_RIGHT, "unsupported");
  expect_error(START_PAST_BOUNDARY, "bad-value");
}

/* asc_set_fmatrix builds pyasc's row: a local uint8_t padList[4] and a
 * FmatrixMode construct; a mode outside the enum is a located error. */
static int g_bad_mode;
static void fmatrix_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  g_line = __LINE__ + 1;
  asc_set_fmatrix(7, 8, 1, 0, 0, 2, (asc_fmatrix_mode)g_bad_mode);
}

static void test_c_api(void) {
  for (g_bad_mode = 0; g_bad_mode <= 5; g_bad_mode += 5) {
    casc_ctx *ctx = casc_ctx_new();
    casc_diag_list diags = {0};
    casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
    casc_op *mod = casc_jit_build(ctx, "k", fmatrix_kernel, NULL);
    if (g_bad_mode) {
      CHECK(mod == NULL);
      REQUIRE(diags.n >= 1);
      CHECK(strstr(diags.items[0]->msg, "ASC_FMATRIX_LEFT") != NULL);
      CHECK_EQ_INT((int)diags.items[0]->loc->u.file.line, g_line);
    } else {
      REQUIRE(mod != NULL);
      casc_buf b;
      casc_buf_init(&b);
      casc_print_op(ctx, mod, NULL, &b);
      CHECK(strstr(b.data, "memref.alloca() : memref<4xui8>") != NULL);
      CHECK(strstr(b.data, "ascendc.construct !ascendc.fmatrix_mode(%4) : "
                           "ui8") != NULL);
      CHECK(strstr(b.data, "ascendc.set_fmatrix %c7_i32, %c8_i32, %alloca, "
                           "%5 : i32, i32, memref<4xui8>, "
                           "!ascendc.fmatrix_mode") != NULL);
      casc_buf_free(&b);
    }
    casc_diag_list_free(&diags);
    casc_ctx_free(ctx);
  }
}

int main(void) {
  RUN_TEST(test_c_api);
  RUN_TEST(test_v2pro_reads_the_registers);
  RUN_TEST(test_repeat_along_m);
  RUN_TEST(test_v2_sets_the_registers_v2pro_reads);
  RUN_TEST(test_boundary_wraps_to_l1_start);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
