/* LoadDataWithSparse + MmadWithSparse on the simulator, against a plain C
 * matmul of the same data: A (32 x 128 int8) times a 4:2-sparse B (128 x
 * 32 int8) whose groups of 4 take every pattern of the Ascend C
 * reference's densification table. The host densifies B by that table
 * (the 64 x 32 kept values and their 2-bit indices, four a byte, the
 * first in the low bits); the kernel loads them with LoadDataWithSparse
 * and multiplies; C must equal A x B bit for bit. Each misuse is reported
 * with its category and the line of its op. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"
#include "sim_issue.h"

enum { M = 32, K = 128, N = 32, KD = K / 2, IDX = KD * N / 4 };

typedef enum {
  PRODUCT,      /* one LoadDataWithSparse of 4 fractals */
  START_INDEX,  /* two of 2 fractals each, the second from startIndex 2 */
  BAD_INDEX,    /* an index of 3 in the data */
  NO_INDEX,     /* B loaded by plain LoadData: no index beside L0B */
  MISALIGNED,   /* dst in B2 at 256, not on a 512-byte fractal */
  IDX_SHORT,    /* the index tensor holds 2 fractals' indices, not 4 */
  UNLOADED_IDX, /* the index never copied into L1 */
  TRANSPOSE,    /* ifTranspose set */
  K_NOT_4,      /* k = 126 */
  ACC_UNINIT    /* cmatrixInitVal false onto an L0C nothing wrote */
} mode;

static int g_line; /* the C line of the op a mistake is expected at */

static void kernel(asc_kernel *k, void *user) {
  mode m = *(const mode *)user;
  asc_gm_addr a = asc_arg_gm(k, "a", ASC_INT8);
  asc_gm_addr bt = asc_arg_gm(k, "bt", ASC_INT8);
  asc_gm_addr ix = asc_arg_gm(k, "idx", ASC_UINT8);
  asc_gm_addr c = asc_arg_gm(k, "c", ASC_INT32);
  asc_global_tensor ag = asc_globaltensor(), bg = asc_globaltensor();
  asc_global_tensor ig = asc_globaltensor(), cg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(ag, a);
  asc_globaltensor_set_global_buffer(bg, bt);
  asc_globaltensor_set_global_buffer(ig, ix);
  asc_globaltensor_set_global_buffer(cg, c);
  asc_local_tensor a1 = asc_localtensor(ASC_INT8, ASC_TPOSITION_A1, 0, M * K);
  asc_local_tensor b1 =
      asc_localtensor(ASC_INT8, ASC_TPOSITION_B1, 4096, KD * N);
  asc_local_tensor i1 = asc_localtensor(ASC_UINT8, ASC_TPOSITION_B1, 8192,
                                        m == IDX_SHORT ? IDX / 2 : IDX);
  asc_local_tensor b2 = asc_localtensor(ASC_INT8, ASC_TPOSITION_B2,
                                        m == MISALIGNED ? 256 : 0, KD * N);
  asc_local_tensor c1 = asc_localtensor(ASC_INT32, ASC_TPOSITION_CO1, 0, M * N);
  /* A: ND -> L1 NZ (fractal (kb, mi) at kb * 2 + mi); B's kept values
   * arrive transposed (N rows of KD), which NZ makes B's ZN fractals */
  asc_data_copy(a1, ag, asc_nd2nzparams(1, M, K, 0, K, M, 1, 0));
  asc_data_copy(b1, bg, asc_nd2nzparams(1, N, KD, 0, KD, N, 1, 0));
  if (m != UNLOADED_IDX)
    asc_data_copy(i1, ig, m == IDX_SHORT ? IDX / 2 : IDX);
  asc_set_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  /* A into L0A as ZZ: row of fractals mi takes L1 fractals mi, mi + 2.. */
  for (int mi = 0; mi < M / 16; mi++)
    asc_load_data(asc_localtensor(ASC_INT8, ASC_TPOSITION_A2, mi * 2048, 2048),
                  asc_localtensor(ASC_INT8, ASC_TPOSITION_A1, 0, M * K),
                  asc_loaddata2dparams(mi, K / 32, M / 16, 0, 0, 0, 0));
  if (m == NO_INDEX) {
    asc_load_data(b2, b1, asc_loaddata2dparams(0, 4, 1, 0, 0, 0, 0));
  } else if (m == START_INDEX) {
    asc_load_data_with_sparse(b2, b1, i1,
                              asc_loaddata2dparams(0, 2, 0, 0, 0, 0, 0));
    asc_load_data_with_sparse(
        asc_localtensor(ASC_INT8, ASC_TPOSITION_B2, 1024, 1024), b1, i1,
        asc_loaddata2dparams(2, 2, 0, 0, 0, 0, 0));
  } else {
    g_line = __LINE__ + 1;
    asc_load_data_with_sparse(
        b2, b1, i1, asc_loaddata2dparams(0, 4, 0, 0, 0, m == TRANSPOSE, 0));
  }
  asc_set_flag(ASC_HARDEVENT_MTE1_M, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE1_M, 0);
  if (m == BAD_INDEX || m == NO_INDEX || m == K_NOT_4 || m == ACC_UNINIT)
    g_line = __LINE__ + 1;
  asc_mmad_with_sparse(
      c1, asc_localtensor(ASC_INT8, ASC_TPOSITION_A2, 0, M * K), b2,
      asc_mmadparams(M, N, m == K_NOT_4 ? K - 2 : K, 0, 0, m != ACC_UNINIT));
  asc_set_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_wait_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_fixpipe(cg, c1, asc_fixpipeparamsv220(N, M, M, N, 0, 0),
              asc_fixpipeconfig(ASC_CO2LAYOUT_ROW_MAJOR));
}

static uint32_t g_seed;
static int next(int lo, int hi) { /* a value in [lo, hi] */
  g_seed = g_seed * 1103515245u + 12345u;
  return lo + (int)((g_seed >> 8) % (uint32_t)(hi - lo + 1));
}
static int8_t nonzero(void) {
  int v = next(-128, 126);
  return (int8_t)(v >= 0 ? v + 1 : v);
}

/* The reference's table, as the host densifies a group of 4 (e): the two
 * kept values and their indices. Two non-zeros at p < q: ia = p, ib = q -
 * 1; one at p < 3: ia = p, ib = 0, kept (X, 0); one at 3: ia = 0, ib = 2,
 * kept (0, X); none: 0, 0. */
static void densify(const int8_t e[4], int8_t kept[2], unsigned ind[2]) {
  int pos[4], cnt = 0;
  for (int t = 0; t < 4; t++)
    if (e[t])
      pos[cnt++] = t;
  REQUIRE(cnt <= 2);
  kept[0] = kept[1] = 0;
  ind[0] = ind[1] = 0;
  if (cnt == 2) {
    ind[0] = (unsigned)pos[0];
    ind[1] = (unsigned)pos[1] - 1;
    kept[0] = e[pos[0]];
    kept[1] = e[pos[1]];
  } else if (cnt == 1 && pos[0] == 3) {
    ind[1] = 2;
    kept[1] = e[3];
  } else if (cnt == 1) {
    ind[0] = (unsigned)pos[0];
    kept[0] = e[pos[0]];
  }
}

/* Where dense value (kd, j) goes in the index bytes, as L1 holds them:
 * per ZN fractal (kd / 32, j / 16) 128 bytes, column j % 16's 32 values
 * in 8 bytes. */
static void put_index(uint8_t *idx, int kd, int j, unsigned v) {
  int f = (kd / 32) * (N / 16) + j / 16;
  int byte = f * 128 + (j % 16) * 8 + (kd % 32) / 4;
  idx[byte] = (uint8_t)(idx[byte] | v << (2 * (kd % 4)));
}

static casc_launch_result run(casc_ctx *ctx, mode m, int32_t *c,
                              int32_t *want) {
  static int8_t a[M * K], bsp[K * N], bt[N * KD];
  static uint8_t idx[IDX];
  g_seed = 7;
  for (int i = 0; i < M * K; i++)
    a[i] = (int8_t)next(-128, 127);
  /* B: group g of column j takes pattern (g + 3j) % 11 of the table */
  memset(bsp, 0, sizeof bsp);
  static const char *pat[11] = {"00XY", "0X0Y", "X00Y", "0XY0", "X0Y0", "XY00",
                                "000X", "00X0", "0X00", "X000", "0000"};
  for (int j = 0; j < N; j++)
    for (int g = 0; g < K / 4; g++)
      for (int t = 0; t < 4; t++)
        if (pat[(g + 3 * j) % 11][t] != '0')
          bsp[(4 * g + t) * N + j] = nonzero();
  memset(idx, 0, sizeof idx);
  for (int j = 0; j < N; j++)
    for (int g = 0; g < K / 4; g++) {
      int8_t e[4], kept[2] = {0, 0};
      unsigned ind[2] = {0, 0};
      for (int t = 0; t < 4; t++)
        e[t] = bsp[(4 * g + t) * N + j];
      densify(e, kept, ind);
      for (int h = 0; h < 2; h++) {
        bt[j * KD + 2 * g + h] = kept[h];
        put_index(idx, 2 * g + h, j, ind[h]);
      }
    }
  if (m == BAD_INDEX) /* column 5, dense row 9: its index becomes 3 */
    put_index(idx, 9, 5, 3);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      int32_t s = 0;
      for (int t = 0; t < K; t++)
        s += (int32_t)a[i * K + t] * bsp[t * N + j];
      want[i * N + j] = s;
    }
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_op *mod = casc_jit_build(ctx, "k", kernel, &m);
  casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
  CHECK(p != NULL);
  if (!p)
    return res;
  casc_arg args[4] = {
      casc_arg_gm(a, CASC_DT_I8, M * K), casc_arg_gm(bt, CASC_DT_I8, N * KD),
      casc_arg_gm(idx, CASC_DT_U8, IDX), casc_arg_gm(c, CASC_DT_I32, M * N)};
  casc_sim_run_timed(p, 1, args, 4, NULL, NULL, &res);
  casc_sim_program_free(p);
  return res;
}

static void expect_product(mode m) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static int32_t c[M * N], want[M * N];
  memset(c, 0, sizeof c);
  casc_launch_result res = run(ctx, m, c, want);
  for (unsigned i = 0; i < res.nissues; i++)
    fprintf(stderr, "  issue: %s\n", res.issues[i].msg);
  CHECK_EQ_INT((int)res.nissues, 0);
  int bad = 0;
  for (int i = 0; i < M * N; i++)
    if (c[i] != want[i] && bad++ < 3)
      fprintf(stderr, "  C[%d][%d] = %d, want %d\n", i / N, i % N, c[i],
              want[i]);
  CHECK_EQ_INT(bad, 0);
  /* timing: M issues the Mmad, of the densified K: head + 2 x 2 x 2
   * fractal products (m / 16, n / 16, (k / 2) / 32), besides the MTE1_M
   * wait and the M_FIX set */
  casc_platform pl;
  casc_platform_default(&pl);
  REQUIRE(res.timing.valid && res.timing.nblocks == 1);
  CHECK_EQ_INT((int)res.timing.blocks[0].ops[CASC_SIM_PIPE_M], 3);
  CHECK_EQ_INT((int)res.timing.blocks[0].busy[CASC_SIM_PIPE_M],
               (int)(pl.cube_head + 8 * pl.cube_cycles_per_fractal +
                     2 * pl.min_op_cycles));
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_sparse_product(void) {
  expect_product(PRODUCT);
}
static void test_start_index_moves_the_index(void) {
  expect_product(START_INDEX);
}

static void expect_issue(mode m, const char *check, casc_severity sev) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  static int32_t c[M * N], want[M * N];
  casc_launch_result res = run(ctx, m, c, want);
  const casc_sim_issue *is = first_issue(&res, sev);
  REQUIRE(is != NULL);
  CHECK_STREQ(casc_sim_check_name(is->check), check);
  CHECK_EQ_INT(is->block, 0);
  CHECK_EQ_INT((int)is->loc->u.file.line, g_line);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_sanitizer(void) {
  expect_issue(BAD_INDEX, "bad-value", CASC_SEV_ERROR);
  expect_issue(NO_INDEX, "uninit-read", CASC_SEV_ERROR);
  expect_issue(MISALIGNED, "fractal-alignment", CASC_SEV_ERROR);
  expect_issue(IDX_SHORT, "ub-out-of-bounds", CASC_SEV_ERROR);
  expect_issue(UNLOADED_IDX, "uninit-read", CASC_SEV_WARNING);
  expect_issue(TRANSPOSE, "bad-value", CASC_SEV_ERROR);
  expect_issue(K_NOT_4, "bad-value", CASC_SEV_ERROR);
  expect_issue(ACC_UNINIT, "l0c-uninit", CASC_SEV_ERROR);
}

int main(void) {
  RUN_TEST(test_sparse_product);
  RUN_TEST(test_start_index_moves_the_index);
  RUN_TEST(test_sanitizer);
  return CHECK_SUMMARY();
}
