/* LoadDataWithTranspose (LoadData2dTransposeParams) on the simulator: each
 * element width the Ascend C reference describes feeds an Mmad whose
 * result is compared with a plain C matmul. int8: A arrives transposed in
 * GM (k x m) and two iterations of two 32 x 32 squares each rebuild A's
 * L0A layout through dstGap 0 and dstFracGap 1; float: B's two 16 x 8
 * fractals form one square (with SetMMLayoutTransform(true), which changes
 * only the order the cube produces C in); half: one 16 x 16 fractal. Each
 * misuse is reported with its category and line. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"
#include "sim_issue.h"

typedef enum {
  I8,          /* A^T (64 x 32) -> L0A by transpose, B^T plain */
  F32,         /* B (16 x 16 float) -> L0B by transpose */
  F16,         /* B (16 x 16 half) -> L0B by transpose */
  ADDR_MODE,   /* F16 with addrMode 1 */
  MISALIGNED,  /* F16 into B2 at 256, not on a fractal */
  UNLOADED_SRC /* F16 with B never copied into L1 */
} mode;

static int g_line; /* the C line of the op a mistake is expected at */

static void kernel(asc_kernel *k, void *user) {
  mode m = *(const mode *)user;
  asc_dtype dt = m == I8 ? ASC_INT8 : m == F32 ? ASC_FLOAT : ASC_HALF;
  asc_dtype ct = m == I8 ? ASC_INT32 : ASC_FLOAT;
  asc_gm_addr a = asc_arg_gm(k, "a", dt);
  asc_gm_addr b = asc_arg_gm(k, "b", dt);
  asc_gm_addr c = asc_arg_gm(k, "c", ct);
  asc_global_tensor ag = asc_globaltensor(), bg = asc_globaltensor();
  asc_global_tensor cg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(ag, a);
  asc_globaltensor_set_global_buffer(bg, b);
  asc_globaltensor_set_global_buffer(cg, c);
  int n = m == I8 ? 32 : 16, kk = m == I8 ? 64 : 16, mm = n;
  asc_local_tensor a1 = asc_localtensor(dt, ASC_TPOSITION_A1, 0, 2048);
  asc_local_tensor b1 = asc_localtensor(dt, ASC_TPOSITION_B1, 4096, 2048);
  asc_local_tensor a2 = asc_localtensor(dt, ASC_TPOSITION_A2, 0, 2048);
  asc_local_tensor b2 =
      asc_localtensor(dt, ASC_TPOSITION_B2, m == MISALIGNED ? 256 : 0, 2048);
  asc_local_tensor c1 = asc_localtensor(ct, ASC_TPOSITION_CO1, 0, 1024);
  if (m == I8) {
    /* A^T: 64 rows of 32; B^T: 32 rows of 64 (ZN fractals of B) */
    asc_data_copy(a1, ag, asc_nd2nzparams(1, 64, 32, 0, 32, 64, 1, 0));
    asc_data_copy(b1, bg, asc_nd2nzparams(1, 32, 64, 0, 64, 32, 1, 0));
  } else {
    asc_data_copy(a1, ag, asc_nd2nzparams(1, 16, 16, 0, 16, 16, 1, 0));
    if (m != UNLOADED_SRC)
      asc_data_copy(b1, bg, asc_nd2nzparams(1, 16, 16, 0, 16, 16, 1, 0));
  }
  asc_set_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  if (m == I8) {
    /* square r = A^T rows 32r.. -> A rows 0..15 at L0A fractal (0, r),
     * rows 16..31 at (1, r): 2 + r fractals in */
    asc_load_data_with_transpose(
        a2, a1, asc_loaddata2dtransposeparams(0, 2, 1, 0, 1, 0));
    asc_load_data(b2, b1, asc_loaddata2dparams(0, 4, 1, 0, 0, 0, 0));
  } else {
    asc_load_data(a2, a1,
                  asc_loaddata2dparams(0, m == F32 ? 2 : 1, 1, 0, 0, 0, 0));
    g_line = __LINE__ + 1;
    asc_load_data_with_transpose(
        b2, b1,
        asc_loaddata2dtransposeparams(0, 1, 0, 0, 0, m == ADDR_MODE ? 1 : 0));
  }
  asc_set_flag(ASC_HARDEVENT_MTE1_M, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE1_M, 0);
  /* SetMMLayoutTransform(true): the cube walks N first; C is the same */
  if (m == F32)
    asc_set_mm_layout_transform(1);
  asc_mmad(c1, a2, b2, asc_mmadparams(mm, n, kk, 0, 0, 1));
  asc_set_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_wait_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_fixpipe(cg, c1, asc_fixpipeparamsv220(n, mm, mm, n, 0, 0),
              asc_fixpipeconfig(ASC_CO2LAYOUT_ROW_MAJOR));
}

/* A (m x k) and B (k x n) as small integers; GM a and b as the mode
 * stores them; want = A x B. */
static casc_launch_result run(casc_ctx *ctx, mode m, void *c, double *want) {
  static int8_t a8[64 * 32], b8[32 * 64];
  static float af[256], bf[256];
  static uint16_t ah[256], bh[256];
  int mm = m == I8 ? 32 : 16, n = mm, kk = m == I8 ? 64 : 16;
  for (int i = 0; i < mm; i++)
    for (int j = 0; j < n; j++)
      want[i * n + j] = 0;
  for (int i = 0; i < mm; i++)
    for (int t = 0; t < kk; t++) {
      int av = (i * 3 + t * 5) % 7 - 3;
      for (int j = 0; j < n; j++) {
        int bv = (t * 7 + j * 3) % 5 - 2;
        want[i * n + j] += (double)av * bv;
      }
    }
  for (int i = 0; i < mm; i++)
    for (int t = 0; t < kk; t++) {
      int av = (i * 3 + t * 5) % 7 - 3;
      if (m == I8)
        a8[t * 32 + i] = (int8_t)av; /* A^T */
      else if (m == F32)
        af[i * 16 + t] = (float)av;
      else
        ah[i * 16 + t] = casc_f32_to_f16((float)av);
    }
  for (int t = 0; t < kk; t++)
    for (int j = 0; j < n; j++) {
      int bv = (t * 7 + j * 3) % 5 - 2;
      if (m == I8)
        b8[j * 64 + t] = (int8_t)bv; /* B^T */
      else if (m == F32)
        bf[t * 16 + j] = (float)bv;
      else
        bh[t * 16 + j] = casc_f32_to_f16((float)bv);
    }
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_op *mod = casc_jit_build(ctx, "k", kernel, &m);
  casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
  CHECK(p != NULL);
  if (!p)
    return res;
  casc_arg args[3];
  if (m == I8) {
    args[0] = casc_arg_gm(a8, CASC_DT_I8, 64 * 32);
    args[1] = casc_arg_gm(b8, CASC_DT_I8, 32 * 64);
    args[2] = casc_arg_gm(c, CASC_DT_I32, 1024);
  } else if (m == F32) {
    args[0] = casc_arg_gm(af, CASC_DT_F32, 256);
    args[1] = casc_arg_gm(bf, CASC_DT_F32, 256);
    args[2] = casc_arg_gm(c, CASC_DT_F32, 1024);
  } else {
    args[0] = casc_arg_gm(ah, CASC_DT_F16, 256);
    args[1] = casc_arg_gm(bh, CASC_DT_F16, 256);
    args[2] = casc_arg_gm(c, CASC_DT_F32, 1024);
  }
  casc_sim_run_timed(p, 1, args, 3, NULL, NULL, &res);
  casc_sim_program_free(p);
  return res;
}

static void expect_product(mode m) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static int32_t ci[1024];
  static float cf[1024];
  static double want[1024];
  memset(ci, 0, sizeof ci);
  memset(cf, 0, sizeof cf);
  casc_launch_result res = run(ctx, m, m == I8 ? (void *)ci : (void *)cf, want);
  for (unsigned i = 0; i < res.nissues; i++)
    fprintf(stderr, "  issue: %s\n", res.issues[i].msg);
  CHECK_EQ_INT((int)res.nissues, 0);
  int n = m == I8 ? 32 : 16, bad = 0;
  for (int i = 0; i < n * n; i++) {
    double got = m == I8 ? (double)ci[i] : (double)cf[i];
    if (got != want[i] && bad++ < 3)
      fprintf(stderr, "  C[%d][%d] = %g, want %g\n", i / n, i % n, got,
              want[i]);
  }
  CHECK_EQ_INT(bad, 0);
  /* timing: MTE1 issues both loads, besides the MTE2_MTE1 wait and the
   * MTE1_M set */
  REQUIRE(res.timing.valid && res.timing.nblocks == 1);
  CHECK_EQ_INT((int)res.timing.blocks[0].ops[CASC_SIM_PIPE_MTE1], 4);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_int8_squares_with_gaps(void) {
  expect_product(I8);
}
static void test_float_two_fractal_square(void) {
  expect_product(F32);
}
static void test_half_fractal(void) {
  expect_product(F16);
}

static void expect_issue(mode m, const char *check, casc_severity sev) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static float cf[1024];
  static double want[1024];
  casc_launch_result res = run(ctx, m, cf, want);
  const casc_sim_issue *is = first_issue(&res, sev);
  REQUIRE(is != NULL);
  CHECK_STREQ(casc_sim_check_name(is->check), check);
  CHECK_EQ_INT(is->block, 0);
  CHECK_EQ_INT((int)is->loc->u.file.line, g_line);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_sanitizer(void) {
  expect_issue(ADDR_MODE, "unsupported", CASC_SEV_ERROR);
  expect_issue(MISALIGNED, "fractal-alignment", CASC_SEV_ERROR);
  expect_issue(UNLOADED_SRC, "uninit-read", CASC_SEV_WARNING);
}

int main(void) {
  RUN_TEST(test_int8_squares_with_gaps);
  RUN_TEST(test_float_two_fractal_square);
  RUN_TEST(test_half_fractal);
  RUN_TEST(test_sanitizer);
  return CHECK_SUMMARY();
}
