/* pyasc's auto-sync kernels in C: python/test/kernels/insert_sync/
 * test_{vadd,vadd_scalar,quant,quant_dynamic,softmax}.py. They allocate with
 * LocalTensorAuto and write no queue, enque/deque or event at all: the
 * compiler materialises each tensor (a queue or a TBuf) and inserts the
 * synchronisation (-ascendc-materialize-tensor, -ascendc-insert-sync). Here
 * each is built with the C API (asc_localtensorauto), compiled with the
 * default pipeline (casc_compile), run on the simulator with pyasc's sizes
 * and block counts, and checked against the plain C of the file's numpy
 * reference. A missing or misplaced sync would show as a sanitizer error
 * (a read before its copy landed) and a failed launch.
 *
 * Tolerances are pyasc's: vadd and vadd_scalar exact (one IEEE add), quant
 * exact (integers), softmax within atol = 1 / size. (test_matmul.py in the
 * same directory is the cube path's: examples/matmul_leakyrelu.c.) */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/passes.h"
#include "casc/sim.h"
#include "check.h"

/* Builds `body`, compiles it with the default pipeline and launches it on
 * `blocks` blocks; prints the diagnostics when something fails. */
static bool build_and_run(void (*body)(asc_kernel *, void *), void *user,
                          unsigned blocks, casc_arg *args, unsigned nargs) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "k", body, user);
  bool ok = m && casc_compile(ctx, m, NULL) &&
            casc_launch(ctx, m, "k", blocks, args, nargs, NULL, NULL) ==
                CASC_LAUNCH_OK;
  /* A warning (verify-sync's, the sanitizer's) is a finding here too: the
   * compiler's inserted sync must leave nothing to warn about. */
  for (unsigned i = 0; i < diags.n; i++)
    if (diags.items[i]->sev != CASC_SEV_NOTE)
      ok = false;
  if (!ok)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
  return ok;
}

static uint32_t lcg(uint32_t *s) {
  *s = *s * 1664525u + 1013904223u;
  return *s >> 8;
}

/* [0, 1) like numpy's rng.random */
static float unit(uint32_t *s) {
  return (float)lcg(s) / (float)(1u << 24);
}

/* ---- test_vadd.py and test_vadd_scalar.py --------------------------------
 * x, y, z float32 of 8192; 16 blocks; 8 tiles of ceil(512 / 8) = 64. */
enum { VADD_N = 8192, VADD_CORES = 16, VADD_TILES = 8 };

typedef struct {
  bool scalar; /* test_vadd_scalar: z = x + y[0] */
  int block_length, tile_length;
} vadd_params;

static void vadd_kernel(asc_kernel *k, void *user) {
  const vadd_params *p = user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_gm_addr y = asc_arg_gm(k, "y", ASC_FLOAT);
  asc_gm_addr z = asc_arg_gm(k, "z", ASC_FLOAT);
  asc_int offset = asc_mul(asc_get_block_idx(), p->block_length);
  asc_global_tensor x_gm = asc_globaltensor(), y_gm = asc_globaltensor();
  asc_global_tensor z_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(x_gm, asc_gm_addr_add(x, offset));
  if (p->scalar)
    asc_globaltensor_set_global_buffer(y_gm, y);
  else
    asc_globaltensor_set_global_buffer(y_gm, asc_gm_addr_add(y, offset));
  asc_globaltensor_set_global_buffer(z_gm, asc_gm_addr_add(z, offset));
  const int t = p->tile_length;
  ASC_FOR(i, 0, VADD_TILES) { /* pyasc's `range`: an scf.for */
    asc_local_tensor xl = asc_localtensorauto(ASC_FLOAT, t);
    asc_local_tensor yl = asc_localtensorauto(ASC_FLOAT, t);
    asc_data_copy(xl, asc_globaltensor_subindex(x_gm, asc_mul(i, t)), t);
    asc_local_tensor zl;
    if (p->scalar) {
      asc_data_copy(yl, asc_globaltensor_subindex(y_gm, 0), t);
      asc_local_tensor ny = asc_localtensorauto(ASC_FLOAT, t);
      asc_duplicate(ny, asc_localtensor_get_value_float(yl, 0), t);
      zl = asc_localtensorauto(ASC_FLOAT, t);
      asc_add(zl, xl, ny, t);
    } else {
      asc_data_copy(yl, asc_globaltensor_subindex(y_gm, asc_mul(i, t)), t);
      zl = asc_localtensorauto(ASC_FLOAT, t);
      asc_add(zl, xl, yl, t);
    }
    asc_data_copy(asc_globaltensor_subindex(z_gm, asc_mul(i, t)), zl, t);
  }
}

static void run_vadd(bool scalar) {
  float *x = malloc(VADD_N * sizeof *x), *y = malloc(VADD_N * sizeof *y);
  float *z = calloc(VADD_N, sizeof *z);
  REQUIRE(x && y && z);
  uint32_t seed = scalar ? 7u : 2025u;
  for (int i = 0; i < VADD_N; i++) {
    x[i] = unit(&seed);
    y[i] = unit(&seed);
  }
  const int block_length = (VADD_N + VADD_CORES - 1) / VADD_CORES;
  vadd_params p = {scalar, block_length,
                   (block_length + VADD_TILES - 1) / VADD_TILES};
  casc_arg args[3] = {casc_arg_gm(x, CASC_DT_F32, VADD_N),
                      casc_arg_gm(y, CASC_DT_F32, VADD_N),
                      casc_arg_gm(z, CASC_DT_F32, VADD_N)};
  CHECK(build_and_run(vadd_kernel, &p, VADD_CORES, args, 3));
  int bad = 0;
  for (int i = 0; i < VADD_N; i++) {
    float want = x[i] + (scalar ? y[0] : y[i]);
    if (memcmp(&z[i], &want, sizeof want) != 0 && bad++ < 3)
      fprintf(stderr, "  %s z[%d] = %.9g, want %.9g\n",
              scalar ? "vadd_scalar" : "vadd", i, z[i], want);
  }
  CHECK_EQ_INT(bad, 0);
  free(x);
  free(y);
  free(z);
}

static void test_insert_sync_vadd(void) {
  run_vadd(false);
}

static void test_insert_sync_vadd_scalar(void) {
  run_vadd(true);
}

/* ---- test_quant.py and test_quant_dynamic.py -----------------------------
 * 32 halves in [-4, 4) -> int8 = round(src * 2.0 + 0.9), one block; the
 * tmp buffer is GetAscendQuantMaxMinTmpSize's minimum (2 repeats of 256
 * bytes = 512). quant_dynamic's tensors are 4 x 8. */
typedef struct {
  int dim1, dim2; /* dim1 = 0: test_quant's 1-D 32 */
  int tmp_bytes;
} quant_params;

static void quant_kernel(asc_kernel *k, void *user) {
  const quant_params *p = user;
  asc_gm_addr src = asc_arg_gm(k, "src_gm", ASC_HALF);
  asc_gm_addr dst = asc_arg_gm(k, "dst_gm", ASC_INT8);
  asc_global_tensor sg = asc_globaltensor(), dg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(sg, src);
  asc_globaltensor_set_global_buffer(dg, dst);
  const int n = p->dim1 ? p->dim1 * p->dim2 : 32;
  asc_local_tensor sl = p->dim1
                            ? asc_localtensorauto(ASC_HALF, p->dim1, p->dim2)
                            : asc_localtensorauto(ASC_HALF, n);
  asc_data_copy(sl, sg, n);
  asc_local_tensor dl = p->dim1
                            ? asc_localtensorauto(ASC_INT8, p->dim1, p->dim2)
                            : asc_localtensorauto(ASC_INT8, n);
  asc_local_tensor tmp = asc_localtensorauto(ASC_UINT8, p->tmp_bytes);
  asc_adv_quant(dl, sl, 2.0, 0.9, n, tmp);
  asc_data_copy(dg, dl, n);
}

/* numpy's np.round((src * 2.0) + 0.9).astype(np.int8) on a float16 array:
 * each step rounds to half (NEP 50: a Python float does not widen the
 * array), np.round rounds half to even. */
static int8_t quant_ref(uint16_t h) {
  float a = casc_f16_to_f32(casc_f32_to_f16(casc_f16_to_f32(h) * 2.0f));
  float b = casc_f16_to_f32(
      casc_f32_to_f16(a + casc_f16_to_f32(casc_f32_to_f16(0.9f))));
  return (int8_t)nearbyintf(b);
}

static void run_quant(int dim1, int dim2) {
  uint16_t src[32];
  int8_t dst[32] = {0};
  uint32_t seed = 2025u + (uint32_t)dim1;
  for (int i = 0; i < 32; i++)
    src[i] = casc_f32_to_f16(unit(&seed) * 8.0f - 4.0f);
  uint32_t max_tmp = 0, min_tmp = 0;
  asc_get_ascend_quant_max_min_tmp_size(32, &max_tmp, &min_tmp);
  CHECK_EQ_INT((int)min_tmp, 512); /* pyasc's get_min_max_tmp_size */
  quant_params p = {dim1, dim2, (int)min_tmp};
  casc_arg args[2] = {casc_arg_gm(src, CASC_DT_F16, 32),
                      casc_arg_gm(dst, CASC_DT_I8, 32)};
  CHECK(build_and_run(quant_kernel, &p, 1, args, 2));
  int bad = 0;
  for (int i = 0; i < 32; i++)
    if (dst[i] != quant_ref(src[i]) && bad++ < 3)
      fprintf(stderr, "  quant dst[%d] = %d, want %d (src %.6g)\n", i, dst[i],
              quant_ref(src[i]), casc_f16_to_f32(src[i]));
  CHECK_EQ_INT(bad, 0);
}

static void test_insert_sync_quant(void) {
  run_quant(0, 0);
}

static void test_insert_sync_quant_dynamic(void) {
  run_quant(4, 8);
}

/* ---- test_softmax.py ------------------------------------------------------
 * 1024 x 1024 float32 in [0, 5), 16 blocks, 8 tiles per block: each tile is
 * 8 rows of 1024, softmax per row in place, then copied UB -> UB -> GM. The
 * tiling is SoftMaxTilingFunc's for [8, 1024] (pyasc passes an empty
 * SoftmaxTiling and the shape through ShapeInfo; the C API takes the shape
 * from the tiling). */
enum { SM_H = 1024, SM_W = 1024, SM_BLOCKS = 16, SM_TILES = 8 };

static void softmax_kernel(asc_kernel *k, void *user) {
  const asc_softmax_tiling_data *td = user;
  asc_gm_addr src = asc_arg_gm(k, "src", ASC_FLOAT);
  asc_gm_addr dst = asc_arg_gm(k, "dst", ASC_FLOAT);
  const int block_length = SM_H * SM_W / SM_BLOCKS;
  const int tile_length = block_length / SM_TILES;
  const int count = tile_length / SM_W; /* rows per tile */
  asc_global_tensor sg = asc_globaltensor(), dg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(sg, src);
  asc_globaltensor_set_global_buffer(dg, dst);
  ASC_FOR(i, 0, SM_TILES) {
    asc_int offset = asc_add(asc_mul(asc_get_block_idx(), block_length),
                             asc_mul(i, tile_length));
    asc_local_tensor sl = asc_localtensorauto(ASC_FLOAT, tile_length);
    /* 8 rows' sum and max, each repeated over 8 floats (32 bytes) */
    asc_local_tensor sum = asc_localtensorauto(ASC_FLOAT, count * 8);
    asc_local_tensor max = asc_localtensorauto(ASC_FLOAT, count * 8);
    asc_local_tensor dl = asc_localtensorauto(ASC_FLOAT, tile_length);
    asc_data_copy(sl, asc_globaltensor_subindex(sg, offset), tile_length);
    asc_adv_softmax(sl, sum, max, sl, asc_softmaxtiling(td));
    asc_data_copy(dl, sl, tile_length);
    asc_data_copy(asc_globaltensor_subindex(dg, offset), dl, tile_length);
  }
}

static void test_insert_sync_softmax(void) {
  const size_t n = (size_t)SM_H * SM_W;
  float *src = malloc(n * sizeof *src), *dst = calloc(n, sizeof *dst);
  REQUIRE(src && dst);
  uint32_t seed = 2025u;
  for (size_t i = 0; i < n; i++)
    src[i] = unit(&seed) * 5.0f;
  asc_softmax_tiling_data td;
  const int rows = SM_H / SM_BLOCKS / SM_TILES;
  REQUIRE(asc_softmax_tiling_func(
      (uint32_t)rows, SM_W, 4,
      asc_get_softmax_min_tmp_size((uint32_t)rows, SM_W, 4), &td));
  casc_arg args[2] = {casc_arg_gm(src, CASC_DT_F32, n),
                      casc_arg_gm(dst, CASC_DT_F32, n)};
  CHECK(build_and_run(softmax_kernel, &td, SM_BLOCKS, args, 2));
  /* softmax_numpy: the global max is subtracted first (it cancels), then
   * per row exp / sum; atol = 1 / size as pyasc. */
  double worst = 0;
  for (int r = 0; r < SM_H; r++) {
    const float *row = src + (size_t)r * SM_W;
    double mx = row[0], s = 0;
    for (int c = 1; c < SM_W; c++)
      mx = fmax(mx, row[c]);
    for (int c = 0; c < SM_W; c++)
      s += exp(row[c] - mx);
    for (int c = 0; c < SM_W; c++)
      worst =
          fmax(worst, fabs(dst[(size_t)r * SM_W + c] - exp(row[c] - mx) / s));
  }
  if (!(worst <= 1.0 / (double)n))
    fprintf(stderr, "  softmax: worst abs error %.3g > %.3g\n", worst,
            1.0 / (double)n);
  CHECK(worst <= 1.0 / (double)n);
  free(src);
  free(dst);
}

int main(void) {
  RUN_TEST(test_insert_sync_vadd);
  RUN_TEST(test_insert_sync_vadd_scalar);
  RUN_TEST(test_insert_sync_quant);
  RUN_TEST(test_insert_sync_quant_dynamic);
  RUN_TEST(test_insert_sync_softmax);
  return CHECK_SUMMARY();
}
