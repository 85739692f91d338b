/* The advanced APIs from C kernels on the simulator, against plain C
 * references: SoftMax (float and half, with the tiling of
 * asc_softmax_tiling_func and a sharedTmpBuffer of the minimum size, and
 * with a SoftMaxShapeInfo whose original K is shorter than K),
 * SimpleSoftMax (sum and max given), AscendQuant per tensor (float and
 * half). Transcendental results within the documented tolerance; quant
 * bit-exact. Misuse: a sharedTmpBuffer below the minimum and wrong dtypes
 * are located errors. The host queries follow the library's formulas. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { M = 8, K = 64, BLOCKS = 2 };

typedef enum { K_SOFTMAX, K_SIMPLE, K_SHAPED, K_SMALL_TMP } smode;

typedef struct {
  asc_dtype dt;  /* data */
  asc_dtype sdt; /* sum / max */
  smode mode;
  int ori_k;    /* K_SHAPED */
  uint32_t tmp; /* sharedTmpBuffer bytes */
  asc_softmax_tiling_data tiling;
} sparams;

static int dsize(asc_dtype d) {
  return (int)asc_dtype_sizeof(d);
}

/* Each block: x [M, K] -> y, and sum / max [M, 32 bytes]. K_SIMPLE reads
 * sum and max from GM instead of writing them. */
static void softmax_kernel(asc_kernel *k, void *user) {
  const sparams *p = user;
  int rows = M * 32 / dsize(p->sdt);
  asc_gm_addr xa = asc_arg_gm(k, "x", p->dt);
  asc_gm_addr ya = asc_arg_gm(k, "y", p->dt);
  asc_gm_addr sa = asc_arg_gm(k, "sum", p->sdt);
  asc_gm_addr ma = asc_arg_gm(k, "max", p->sdt);
  asc_int b = asc_get_block_idx();
  asc_global_tensor xg = asc_globaltensor(), yg = asc_globaltensor(),
                    sg = asc_globaltensor(), mg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, asc_gm_addr_add(xa, asc_mul(b, M * K)),
                                     M * K);
  asc_globaltensor_set_global_buffer(yg, asc_gm_addr_add(ya, asc_mul(b, M * K)),
                                     M * K);
  asc_globaltensor_set_global_buffer(sg, asc_gm_addr_add(sa, asc_mul(b, rows)),
                                     rows);
  asc_globaltensor_set_global_buffer(mg, asc_gm_addr_add(ma, asc_mul(b, rows)),
                                     rows);
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf xb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tbuf yb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tbuf sb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tbuf mb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, xb, M * K * dsize(p->dt));
  asc_tpipe_init_buffer(pipe, yb, M * K * dsize(p->dt));
  asc_tpipe_init_buffer(pipe, sb, M * 32);
  asc_tpipe_init_buffer(pipe, mb, M * 32);
  asc_tpipe_init_buffer(pipe, tb, (int)p->tmp);
  asc_local_tensor x = asc_tbuf_get(xb, p->dt), y = asc_tbuf_get(yb, p->dt);
  asc_local_tensor s = asc_tbuf_get(sb, p->sdt), m = asc_tbuf_get(mb, p->sdt);
  asc_local_tensor tmp = asc_tbuf_get(tb, ASC_UINT8);
  asc_data_copy(x, xg, M * K);
  if (p->mode == K_SIMPLE) {
    asc_data_copy(s, sg, rows);
    asc_data_copy(m, mg, rows);
  }
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
  asc_softmax_tiling t = asc_softmaxtiling(&p->tiling);
  if (p->mode == K_SIMPLE)
    asc_adv_simple_softmax(y, s, m, x, t, tmp);
  else if (p->mode == K_SHAPED)
    asc_adv_softmax(y, s, m, x, t, tmp,
                    asc_softmaxshapeinfo(M, K, M, p->ori_k));
  else
    asc_adv_softmax(y, s, m, x, t, tmp);
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
  asc_data_copy(yg, y, M * K);
  if (p->mode != K_SIMPLE) {
    asc_data_copy(sg, s, rows);
    asc_data_copy(mg, m, rows);
  }
}

static void print_diag(const casc_diag *d, void *user) {
  (void)user;
  if (d->sev == CASC_SEV_ERROR)
    casc_diag_print(d, stderr);
}

static casc_dtype cdt(asc_dtype d) {
  return d == ASC_HALF    ? CASC_DT_F16
         : d == ASC_FLOAT ? CASC_DT_F32
         : d == ASC_INT8  ? CASC_DT_I8
                          : CASC_DT_INVALID;
}

static double load(const void *p, int i, asc_dtype d) {
  if (d == ASC_HALF)
    return casc_f16_to_f32(((const uint16_t *)p)[i]);
  return ((const float *)p)[i];
}

static void store(void *p, int i, asc_dtype d, double v) {
  if (d == ASC_HALF)
    ((uint16_t *)p)[i] = casc_f32_to_f16((float)v);
  else
    ((float *)p)[i] = (float)v;
}

/* Runs the kernel; returns the launch status and the first issue text. */
static casc_launch_status run_softmax(sparams *p, void *x, void *y, void *s,
                                      void *m, char *first, size_t nfirst) {
  casc_ctx *ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(ctx, print_diag, NULL);
  casc_op *mod = casc_jit_build(ctx, "sm", softmax_kernel, p);
  casc_launch_status st = CASC_LAUNCH_BAD_LAUNCH;
  first[0] = 0;
  if (mod) {
    int rows = M * 32 / dsize(p->sdt);
    casc_arg args[] = {casc_arg_gm(x, cdt(p->dt), M * K * BLOCKS),
                       casc_arg_gm(y, cdt(p->dt), M * K * BLOCKS),
                       casc_arg_gm(s, cdt(p->sdt), rows * BLOCKS),
                       casc_arg_gm(m, cdt(p->sdt), rows * BLOCKS)};
    casc_launch_opts o = {.threads = 2};
    casc_launch_result res;
    if (p->mode == K_SMALL_TMP)
      casc_ctx_set_diag_handler(ctx, NULL, NULL);
    st = casc_launch(ctx, mod, "sm", BLOCKS, args, 4, &o, &res);
    if (res.nissues)
      snprintf(first, nfirst, "%s", res.issues[0].msg);
  }
  CHECK(mod != NULL);
  casc_ctx_free(ctx);
  return st;
}

/* Softmax of every row against a double reference: dst within rel_tol of
 * exp(x - max) / sum, max exact, sum within rel_tol. */
static void check_softmax(asc_dtype dt, asc_dtype sdt, smode mode, int ori_k) {
  sparams p = {dt, sdt, mode, ori_k, 0, {0}};
  CHECK(asc_softmax_tiling_func(M, K, (uint32_t)dsize(dt),
                                asc_get_softmax_min_tmp_size(M, K, 4) * 2,
                                &p.tiling));
  p.tmp = asc_get_softmax_min_tmp_size(M, K, (uint32_t)dsize(dt));
  int rows = M * 32 / dsize(sdt), per = 32 / dsize(sdt);
  size_t n = M * K * BLOCKS;
  void *x = calloc(n, 4), *y = calloc(n, 4);
  void *s = calloc((size_t)rows * BLOCKS, 4),
       *m = calloc((size_t)rows * BLOCKS, 4);
  double *gs = calloc((size_t)M * BLOCKS, sizeof *gs);
  double *gm = calloc((size_t)M * BLOCKS, sizeof *gm);
  for (size_t i = 0; i < n; i++)
    store(x, (int)i, dt, sin((double)i * 0.37) * 4.0 + (double)(i % 5) * 0.5);
  int kk = mode == K_SHAPED ? ori_k : K;
  /* The reference's row statistics, from the stored (rounded) inputs. */
  for (int r = 0; r < M * BLOCKS; r++) {
    double mx = -INFINITY, sm = 0;
    for (int j = 0; j < kk; j++)
      mx = fmax(mx, load(x, r * K + j, dt));
    for (int j = 0; j < kk; j++)
      sm += exp(load(x, r * K + j, dt) - mx);
    gm[r] = mx;
    gs[r] = sm;
    if (mode == K_SIMPLE)
      for (int j = 0; j < per; j++) {
        store(m, r * per + j, sdt, mx);
        store(s, r * per + j, sdt, sm);
      }
  }
  char first[256];
  CHECK_EQ_INT(run_softmax(&p, x, y, s, m, first, sizeof first),
               CASC_LAUNCH_OK);
  /* Tolerance: float data 1e-5 relative (expf and float sums, 2^-23 per
   * op over K terms); half data 2^-10 relative (one rounding to half of a
   * float result) plus the same float error. */
  double tol = dt == ASC_HALF ? 1.5e-3 : 1e-5;
  double stol = sdt == ASC_HALF ? 1.5e-3 : 1e-5;
  int bad = 0, badstat = 0;
  for (int r = 0; r < M * BLOCKS; r++) {
    /* SimpleSoftMax takes max and sum as stored (rounded to their type). */
    double mx = mode == K_SIMPLE ? load(m, r * per, sdt) : gm[r];
    double sm = mode == K_SIMPLE ? load(s, r * per, sdt) : gs[r];
    for (int j = 0; j < K; j++) {
      double want = exp(load(x, r * K + j, dt) - mx) / sm;
      double got = load(y, r * K + j, dt);
      bad += fabs(got - want) > tol * fabs(want) + 1e-7;
    }
    if (mode != K_SIMPLE)
      for (int j = 0; j < per; j++) {
        /* the maximum of stored values is exact in their type */
        badstat += load(m, r * per + j, sdt) != gm[r];
        badstat += fabs(load(s, r * per + j, sdt) - gs[r]) > stol * gs[r];
      }
  }
  if (bad || badstat)
    fprintf(stderr, "softmax %s/%s mode %d: %d values, %d row stats off\n",
            asc_dtype_name(dt), asc_dtype_name(sdt), (int)mode, bad, badstat);
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(badstat, 0);
  free(x);
  free(y);
  free(s);
  free(m);
  free(gs);
  free(gm);
}

static void test_softmax_float(void) {
  check_softmax(ASC_FLOAT, ASC_FLOAT, K_SOFTMAX, K);
}
static void test_softmax_half(void) {
  check_softmax(ASC_HALF, ASC_HALF, K_SOFTMAX, K);
}
static void test_softmax_half_float_stats(void) {
  check_softmax(ASC_HALF, ASC_FLOAT, K_SOFTMAX, K);
}
static void test_simple_softmax(void) {
  check_softmax(ASC_FLOAT, ASC_FLOAT, K_SIMPLE, K);
  check_softmax(ASC_HALF, ASC_HALF, K_SIMPLE, K);
}
/* The row statistics cover the first oriSrcK columns only. */
static void test_softmax_shape_info(void) {
  check_softmax(ASC_FLOAT, ASC_FLOAT, K_SHAPED, 40);
}

static void test_softmax_small_tmp(void) {
  sparams p = {ASC_FLOAT, ASC_FLOAT, K_SMALL_TMP, K, 0, {0}};
  CHECK(asc_softmax_tiling_func(M, K, 4, 4096, &p.tiling));
  p.tmp = asc_get_softmax_min_tmp_size(M, K, 4) - 32;
  float *x = calloc(M * K * BLOCKS, 4), *y = calloc(M * K * BLOCKS, 4);
  float *s = calloc(M * 8 * BLOCKS, 4), *m = calloc(M * 8 * BLOCKS, 4);
  char first[256];
  CHECK_EQ_INT(run_softmax(&p, x, y, s, m, first, sizeof first),
               CASC_LAUNCH_KERNEL_ERROR);
  CHECK(strstr(first, "needs at least 544 (GetSoftMaxMinTmpSize)") != NULL);
  free(x);
  free(y);
  free(s);
  free(m);
}

/* The library's formulas for [8, 64] float: min (8 + 64 + 64) * 4, max
 * 8 rows of that; the tiling splits 8 rows into passes of what fits. */
static void test_host_queries(void) {
  CHECK_EQ_INT(asc_get_softmax_min_tmp_size(M, K, 4), (8 + 64 + 64) * 4);
  CHECK_EQ_INT(asc_get_softmax_max_tmp_size(M, K, 4), 8 * (8 + 64 + 64) * 4);
  CHECK_EQ_INT(asc_get_softmax_min_tmp_size(M, K, 2), (16 + 64 + 64) * 4);
  CHECK_EQ_INT(asc_get_softmax_min_tmp_size(M, K, 8), 0);
  asc_softmax_tiling_data t;
  /* Room for 3 rows: passes of 3, 3, then a tail of 2. */
  CHECK(asc_softmax_tiling_func(M, K, 4, 3 * (8 + 64 + 64) * 4, &t));
  CHECK_EQ_INT(t.split_m, 3);
  CHECK_EQ_INT(t.range_m, 2);
  CHECK_EQ_INT(t.tail_m, 2);
  CHECK_EQ_INT(t.out_max_k, 8);
  CHECK_EQ_INT(t.src_size, M * K);
  CHECK(!asc_softmax_tiling_func(M, 3, 4, 4096, &t)); /* 12-byte rows */
  uint32_t hi, lo;
  asc_get_ascend_quant_max_min_tmp_size(32, &hi, &lo);
  CHECK_EQ_INT(lo, 512);
  CHECK_EQ_INT(hi, 512);
  asc_get_ascend_quant_max_min_tmp_size(1000, &hi, &lo);
  CHECK_EQ_INT(hi, 2016);
}

/* ---- AscendQuant ------------------------------------------------------- */

enum { QN = 256 };

typedef struct {
  asc_dtype dt;
  float scale, offset;
} qparams;

static void quant_kernel(asc_kernel *k, void *user) {
  const qparams *p = user;
  asc_gm_addr xa = asc_arg_gm(k, "x", p->dt);
  asc_gm_addr ya = asc_arg_gm(k, "y", ASC_INT8);
  asc_global_tensor xg = asc_globaltensor(), yg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, xa, QN);
  asc_globaltensor_set_global_buffer(yg, ya, QN);
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf xb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tbuf yb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
  uint32_t hi, lo;
  asc_get_ascend_quant_max_min_tmp_size(QN, &hi, &lo);
  asc_tpipe_init_buffer(pipe, xb, QN * dsize(p->dt));
  asc_tpipe_init_buffer(pipe, yb, QN);
  asc_tpipe_init_buffer(pipe, tb, (int)lo);
  asc_local_tensor x = asc_tbuf_get(xb, p->dt);
  asc_local_tensor y = asc_tbuf_get(yb, ASC_INT8);
  asc_data_copy(x, xg, QN);
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
  asc_adv_quant(y, x, (double)p->scale, (double)p->offset, QN,
                asc_tbuf_get(tb, ASC_UINT8));
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
  asc_data_copy(yg, y, QN);
}

/* Plain C reference of the reference's steps: everything in half, Muls,
 * Adds, round half to even, saturate to int8. */
static int8_t quant_ref(double x, float scale, float offset) {
  double h = casc_f16_to_f32(casc_f32_to_f16((float)x));
  double hs = casc_f16_to_f32(casc_f32_to_f16(scale));
  double ho = casc_f16_to_f32(casc_f32_to_f16(offset));
  double t1 = casc_f16_to_f32(casc_f32_to_f16((float)(h * hs)));
  double t2 = casc_f16_to_f32(casc_f32_to_f16((float)(t1 + ho)));
  double q = nearbyint(t2);
  return (int8_t)(q > 127 ? 127 : q < -128 ? -128 : q);
}

static void check_quant(asc_dtype dt) {
  qparams p = {dt, 2.0f, 0.9f};
  casc_ctx *ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(ctx, print_diag, NULL);
  casc_op *mod = casc_jit_build(ctx, "q", quant_kernel, &p);
  REQUIRE(mod != NULL);
  void *x = calloc(QN, 4);
  int8_t y[QN];
  memset(y, 0x55, sizeof y);
  /* [-70, 70): beyond int8 after scaling (saturation), and halves that
   * round to even. */
  for (int i = 0; i < QN; i++)
    store(x, i, dt, (i - QN / 2) * 0.55 - 0.2);
  casc_arg args[] = {casc_arg_gm(x, cdt(dt), QN),
                     casc_arg_gm(y, CASC_DT_I8, QN)};
  casc_launch_opts o = {.threads = 1};
  CHECK_EQ_INT(casc_launch(ctx, mod, "q", 1, args, 2, &o, NULL),
               CASC_LAUNCH_OK);
  int bad = 0, saturated = 0;
  for (int i = 0; i < QN; i++) {
    int8_t want = quant_ref(load(x, i, dt), p.scale, p.offset);
    bad += y[i] != want;
    saturated += want == 127 || want == -128;
  }
  CHECK_EQ_INT(bad, 0);
  CHECK(saturated > 0);
  free(x);
  casc_ctx_free(ctx);
}

static void test_quant_float(void) {
  check_quant(ASC_FLOAT);
}
static void test_quant_half(void) {
  check_quant(ASC_HALF);
}

/* ---- RmsNorm ----------------------------------------------------------- */

enum { RB = 2, RS = 3, RH = 48 };

typedef struct {
  asc_dtype dt;
  asc_rmsnorm_tiling_data tiling;
  uint32_t tmp;
} rparams;

static void rmsnorm_kernel(asc_kernel *k, void *user) {
  const rparams *p = user;
  int n = RB * RS * RH;
  asc_gm_addr xa = asc_arg_gm(k, "x", p->dt);
  asc_gm_addr ga = asc_arg_gm(k, "g", p->dt);
  asc_gm_addr ya = asc_arg_gm(k, "y", p->dt);
  asc_global_tensor xg = asc_globaltensor(), gg = asc_globaltensor(),
                    yg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, xa, n);
  asc_globaltensor_set_global_buffer(gg, ga, RH);
  asc_globaltensor_set_global_buffer(yg, ya, n);
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf xb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tbuf gb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tbuf yb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, xb, n * dsize(p->dt));
  asc_tpipe_init_buffer(pipe, gb, RH * dsize(p->dt));
  asc_tpipe_init_buffer(pipe, yb, n * dsize(p->dt));
  asc_tpipe_init_buffer(pipe, tb, (int)p->tmp);
  asc_local_tensor x = asc_tbuf_get(xb, p->dt), g = asc_tbuf_get(gb, p->dt);
  asc_local_tensor y = asc_tbuf_get(yb, p->dt);
  asc_data_copy(x, xg, n);
  asc_data_copy(g, gg, RH);
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
  asc_adv_rmsnorm(y, x, g, 1e-5, asc_rmsnormtiling(&p->tiling),
                  asc_tbuf_get(tb, ASC_UINT8));
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
  asc_data_copy(yg, y, n);
}

/* y = x / sqrt(mean(x^2 over ori_h) + eps) * gamma per row of H, against
 * a double reference on the stored inputs. */
static void check_rmsnorm(asc_dtype dt, uint32_t ori_h) {
  rparams p = {dt, {0}, 0};
  uint32_t hi, lo;
  CHECK(asc_get_rmsnorm_max_min_tmp_size(RB, RS, RH, (uint32_t)dsize(dt), &hi,
                                         &lo));
  p.tmp = lo;
  REQUIRE(asc_get_rmsnorm_tiling_info(RB, RS, RH, ori_h, lo,
                                      (uint32_t)dsize(dt), &p.tiling));
  int n = RB * RS * RH;
  void *x = calloc((size_t)n, 4), *y = calloc((size_t)n, 4), *g = calloc(RH, 4);
  for (int i = 0; i < n; i++)
    store(x, i, dt, cos(i * 0.71) * 3.0 - 0.4);
  for (int j = 0; j < RH; j++)
    store(g, j, dt, 0.5 + j * 0.03);
  casc_ctx *ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(ctx, print_diag, NULL);
  casc_op *mod = casc_jit_build(ctx, "rn", rmsnorm_kernel, &p);
  REQUIRE(mod != NULL);
  casc_arg args[] = {casc_arg_gm(x, cdt(dt), (size_t)n),
                     casc_arg_gm(g, cdt(dt), RH),
                     casc_arg_gm(y, cdt(dt), (size_t)n)};
  casc_launch_opts o = {.threads = 1};
  CHECK_EQ_INT(casc_launch(ctx, mod, "rn", 1, args, 3, &o, NULL),
               CASC_LAUNCH_OK);
  casc_ctx_free(ctx);
  /* float: sums of squares in float and sqrtf, 1e-5 relative; half: one
   * rounding of a float result to half. */
  double tol = dt == ASC_HALF ? 1.5e-3 : 1e-5;
  int bad = 0;
  for (int r = 0; r < RB * RS; r++) {
    double ss = 0;
    for (uint32_t j = 0; j < ori_h; j++)
      ss += load(x, r * RH + (int)j, dt) * load(x, r * RH + (int)j, dt);
    double inv = 1 / sqrt(ss / ori_h + 1e-5);
    for (int j = 0; j < RH; j++) {
      double want = load(x, r * RH + j, dt) * inv * load(g, j, dt);
      bad += fabs(load(y, r * RH + j, dt) - want) > tol * fabs(want) + 1e-6;
    }
  }
  CHECK_EQ_INT(bad, 0);
  free(x);
  free(y);
  free(g);
}

static void test_rmsnorm(void) {
  check_rmsnorm(ASC_FLOAT, RH);
  check_rmsnorm(ASC_HALF, RH);
  check_rmsnorm(ASC_FLOAT, 40); /* the mean over the first 40 of 48 */
  /* the library's sizes for [2, 3, 48] float: max (288 + 8) * 4, min
   * (48 + 8) * 4; the tiling of a 2-row buffer */
  uint32_t hi, lo;
  CHECK(asc_get_rmsnorm_max_min_tmp_size(RB, RS, RH, 4, &hi, &lo));
  CHECK_EQ_INT(hi, (RB * RS * RH + 8) * 4);
  CHECK_EQ_INT(lo, (RH + 8) * 4);
  asc_rmsnorm_tiling_data t;
  CHECK(asc_get_rmsnorm_tiling_info(RB, RS, RH, RH, (2 * RH + 8) * 4, 4, &t));
  CHECK_EQ_INT(t.main_bs_length, 2);
  CHECK_EQ_INT(t.loop_round, 3);
  CHECK_EQ_INT(t.tail_bsh_length, 0);
  CHECK(!asc_get_rmsnorm_tiling_info(RB, RS, RH, RH, lo - 4, 4, &t));
}

/* The front end rejects dtypes the APIs do not take. */
static void bad_dtype_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf b = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, b, 1024);
  asc_local_tensor i32 = asc_tbuf_get(b, ASC_INT32);
  asc_local_tensor f32 = asc_tbuf_get(b, ASC_FLOAT);
  asc_softmax_tiling_data d = {0};
  asc_softmax_tiling t = asc_softmaxtiling(&d);
  asc_adv_softmax(i32, f32, f32, i32, t);
  asc_adv_quant(f32, f32, 1.0, 0.0, 8);
}

static unsigned nerr;
static char errs[2][256];
static void count_err(const casc_diag *d, void *user) {
  (void)user;
  if (d->sev == CASC_SEV_ERROR && nerr < 2)
    snprintf(errs[nerr], sizeof errs[0], "%s", d->msg);
  nerr += d->sev == CASC_SEV_ERROR;
}

static void test_front_end_dtypes(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(ctx, count_err, NULL);
  CHECK(casc_jit_build(ctx, "bad", bad_dtype_kernel, NULL) == NULL);
  CHECK_EQ_INT(nerr, 2);
  CHECK(strstr(errs[0], "asc_adv_softmax: dst and src must be both half or "
                        "both float") != NULL);
  CHECK(strstr(errs[1], "asc_adv_quant: dst must be int8") != NULL);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_host_queries);
  RUN_TEST(test_softmax_float);
  RUN_TEST(test_softmax_half);
  RUN_TEST(test_softmax_half_float_stats);
  RUN_TEST(test_simple_softmax);
  RUN_TEST(test_softmax_shape_info);
  RUN_TEST(test_softmax_small_tmp);
  RUN_TEST(test_quant_float);
  RUN_TEST(test_quant_half);
  RUN_TEST(test_rmsnorm);
  RUN_TEST(test_front_end_dtypes);
  return CHECK_SUMMARY();
}
