/* Pieces of the cube simulator against their definitions.
 *
 * Mmad's products (sim_cube_mmad_compute, cube.c) against the definition,
 * element by element: C[i][j] = init + sum over k ascending of A[i][k] x
 * B[k][j], rounded after each term, read straight from the fractal layouts
 * (L0A ZZ, L0B ZN, L0C NZ; docs/simulator.md, "The cube path"). The
 * simulator's kernel unpacks and blocks the operands for speed; this test
 * holds it to the plain definition bit for bit, on shapes that are not
 * multiples of 16, odd row counts, accumulation onto L0C, a bias row,
 * special values (inf, NaN, subnormals) and all four input types.
 *
 * The cube memories' written-blocks shadow (sim_cube_mark /
 * sim_cube_first_unwritten, cube_mem.c), which walks whole 64-bit words,
 * against a byte-per-block model over random ranges, including ranges
 * that start and end inside words and span several. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "casc/sim.h"
#include "check.h"
#include "sim/sim_internal.h"

static uint32_t rng = 12345;
static uint32_t next_u32(void) {
  rng = rng * 1664525u + 1013904223u;
  return rng >> 8;
}

/* A random element of type dt at p; now and then a special value. */
static void fill_elem(uint8_t *p, unsigned dt, bool specials) {
  uint32_t r = next_u32();
  float v = (float)(r % 2001) / 500.0f - 2.0f;
  if (specials && r % 97 == 0)
    v = INFINITY;
  else if (specials && r % 89 == 0)
    v = NAN;
  else if (specials && r % 83 == 0)
    v = 0x1p-20f; /* an f16 subnormal */
  switch (dt) {
  case CASC_DT_I8:
    p[0] = (uint8_t)(r >> 3);
    break;
  default:
    sim_store_f(p, dt, sim_fround(v, dt));
  }
}

static unsigned esz(unsigned dt) {
  return casc_dtype_size((casc_dtype)dt);
}

/* Element (i, k) of A in L0A (ZZ: 16 x c0 fractals, row-major inside and
 * between) and (k, j) of B in L0B (ZN: c0 x 16 fractals, column-major
 * inside, row-major between), as accumulator values. */
static double a_at(const uint8_t *A, unsigned dt, int64_t kf, int64_t i,
                   int64_t k) {
  unsigned es = esz(dt), c0 = 32 / es;
  const uint8_t *e =
      A + ((i / 16) * kf + k / c0) * 512 + (i % 16) * 32 + (k % c0) * es;
  return dt == CASC_DT_I8 ? (double)(int8_t)e[0] : sim_load_f(e, dt);
}

static double b_at(const uint8_t *B, unsigned dt, int64_t nf, int64_t k,
                   int64_t j) {
  unsigned es = esz(dt), c0 = 32 / es;
  const uint8_t *e =
      B + ((k / c0) * nf + j / 16) * 512 + (j % 16) * 32 + (k % c0) * es;
  return dt == CASC_DT_I8 ? (double)(int8_t)e[0] : sim_load_f(e, dt);
}

/* Bits of C element (i, j) by the definition; start: its value before
 * the products (bits). */
static uint32_t expect_elem(const uint8_t *A, const uint8_t *B, unsigned dt,
                            int64_t kf, int64_t nf, int64_t i, int64_t j,
                            int64_t k, uint32_t start) {
  if (dt == CASC_DT_I8) {
    uint32_t s = start;
    for (int64_t kk = 0; kk < k; kk++)
      s += (uint32_t)(int32_t)a_at(A, dt, kf, i, kk) *
           (uint32_t)(int32_t)b_at(B, dt, nf, kk, j);
    return s;
  }
  float s;
  memcpy(&s, &start, 4);
  for (int64_t kk = 0; kk < k; kk++) {
    /* f32 inputs: the product is rounded to f32, then the sum */
    volatile float p =
        (float)a_at(A, dt, kf, i, kk) * (float)b_at(B, dt, nf, kk, j);
    volatile float t = s + p;
    s = t;
  }
  uint32_t u;
  memcpy(&u, &s, 4);
  return u;
}

static bool same_bits(uint32_t x, uint32_t y, unsigned dt) {
  if (x == y)
    return true;
  if (dt == CASC_DT_I8)
    return false;
  float fx, fy; /* NaN payloads: any NaN is the same NaN */
  memcpy(&fx, &x, 4);
  memcpy(&fy, &y, 4);
  return isnan(fx) && isnan(fy);
}

static uint8_t A[65536], B[65536], C[131072], C0[131072], BIAS[4096];

/* One case: returns the number of elements that differ. */
static int run_case(sim_block *b, unsigned dt, int64_t m, int64_t n, int64_t k,
                    bool init_zero, bool bias, bool specials) {
  unsigned es = esz(dt), c0 = 32 / es;
  int64_t mf = (m + 15) / 16, nf = (n + 15) / 16, kf = (k + c0 - 1) / c0;
  memset(A, 0, sizeof A);
  memset(B, 0, sizeof B);
  for (int64_t i = 0; i < mf * 16; i++)
    for (int64_t kk = 0; kk < kf * c0; kk++)
      fill_elem(A + ((i / 16) * kf + kk / c0) * 512 + (i % 16) * 32 +
                    (kk % c0) * es,
                dt, specials);
  for (int64_t kk = 0; kk < kf * c0; kk++)
    for (int64_t j = 0; j < nf * 16; j++)
      fill_elem(B + ((kk / c0) * nf + j / 16) * 512 + (j % 16) * 32 +
                    (kk % c0) * es,
                dt, specials);
  for (int64_t i = 0; i < mf * nf * 256; i++) {
    uint32_t v = next_u32();
    float f = (float)(v % 1000) / 250.0f - 2.0f;
    if (dt == CASC_DT_I8)
      memcpy(C0 + i * 4, &v, 4);
    else
      memcpy(C0 + i * 4, &f, 4);
  }
  for (int64_t j = 0; j < n; j++) {
    float f = (float)j / 8.0f - 1.0f;
    int32_t v = (int32_t)j * 3 - 7;
    if (dt == CASC_DT_I8)
      memcpy(BIAS + j * 4, &v, 4);
    else
      memcpy(BIAS + j * 4, &f, 4);
  }
  memcpy(C, C0, (size_t)(mf * nf * 1024));
  sim_cube_mmad_compute(b, C, A, B, m, n, k, init_zero, bias ? BIAS : NULL, dt);
  int bad = 0;
  for (int64_t i = 0; i < mf * 16; i++)
    for (int64_t j = 0; j < nf * 16; j++) {
      int64_t off =
          ((j / 16) * mf + i / 16) * 1024 + (i % 16) * 64 + (j % 16) * 4;
      uint32_t got, want = 0, start = 0;
      memcpy(&got, C + off, 4);
      if (i < m && j < n) { /* padding rows and columns are 0 */
        if (!init_zero)
          memcpy(&start, C0 + off, 4);
        else if (bias)
          memcpy(&start, BIAS + j * 4, 4);
        want = expect_elem(A, B, dt, kf, nf, i, j, k, start);
      }
      bad += !same_bits(got, want, dt);
    }
  return bad;
}

static void test_mmad_matches_definition(void) {
  casc_platform pl;
  casc_platform_default(&pl);
  sim_block b;
  memset(&b, 0, sizeof b);
  REQUIRE(sim_cube_ws_alloc(&b, &pl));
  static const unsigned dts[] = {CASC_DT_F16, CASC_DT_BF16, CASC_DT_F32,
                                 CASC_DT_I8};
  static const int64_t shapes[][3] = {{16, 16, 16}, {64, 64, 64}, {1, 1, 1},
                                      {17, 33, 40}, {31, 5, 7},   {48, 80, 96},
                                      {3, 50, 129}, {64, 16, 200}};
  for (unsigned d = 0; d < sizeof dts / sizeof dts[0]; d++)
    for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
      for (unsigned v = 0; v < 4; v++) {
        bool init_zero = v != 1, bias = v == 2, specials = v == 3;
        int bad = run_case(&b, dts[d], shapes[s][0], shapes[s][1], shapes[s][2],
                           init_zero, bias, specials);
        if (bad)
          fprintf(stderr, "dt %u shape %lldx%lldx%lld variant %u: %d differ\n",
                  dts[d], (long long)shapes[s][0], (long long)shapes[s][1],
                  (long long)shapes[s][2], v, bad);
        CHECK_EQ_INT(bad, 0);
      }
  sim_cube_ws_free(&b);
}

static void test_shadow_matches_model(void) {
  casc_platform pl;
  casc_platform_default(&pl);
  sim_block b;
  memset(&b, 0, sizeof b);
  REQUIRE(sim_cube_ws_alloc(&b, &pl));
  enum { BLOCKS = 1024 }; /* the first 32 KiB of L0A */
  static bool model[BLOCKS];
  int bad = 0;
  for (int round = 0; round < 2000; round++) {
    int64_t off = next_u32() % (BLOCKS * 32 - 1);
    int64_t bytes = 1 + next_u32() % (round % 3 ? 300 : 9000);
    if (off + bytes > BLOCKS * 32)
      bytes = BLOCKS * 32 - off;
    if (round % 2 == 0) {
      sim_cube_mark(&b, SIM_POOL_L0A, off, bytes);
      for (int64_t k = off / 32; k <= (off + bytes - 1) / 32; k++)
        model[k] = true;
    }
    int64_t want = -1;
    for (int64_t k = off / 32; k <= (off + bytes - 1) / 32 && want < 0; k++)
      if (!model[k])
        want = k * 32 > off ? k * 32 : off;
    bad += sim_cube_first_unwritten(&b, SIM_POOL_L0A, off, bytes) != want;
    if (round % 500 == 499) { /* start again from nothing written */
      sim_cube_block_reset(&b);
      memset(model, 0, sizeof model);
    }
  }
  CHECK_EQ_INT(bad, 0);
  sim_cube_ws_free(&b);
}

int main(void) {
  RUN_TEST(test_mmad_matches_definition);
  RUN_TEST(test_shadow_matches_model);
  return CHECK_SUMMARY();
}
