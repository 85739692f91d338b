/* The per-repeat reductions in counter mode (vec_reduce_rep.c,
 * docs/simulator.md "Mask modes"): PairReduceSum at level 0 built with
 * isSetMask = false after SetMaskCount runs over SetVectorMask's element
 * count, ceil(count / lanes) repeats with the op's strides (its repeatTime
 * has no effect), the last repeat partial: its unselected elements count
 * as 0 in their pair. Compared bit for bit with a plain C model over the
 * whole dst tile, half and float; src skips every other block. Then the
 * located error of a count that reaches past src. */
#include "check.h"
#include "sim_vec_harness.h"

enum { SRC_BLK = 2, SRC_REP = 16, DST_REP = 1 };

static uint8_t X[TILE], Z[TILE], W[TILE];

static int64_t src_at(int64_t r, int64_t e, unsigned es) {
  int64_t per_blk = 32 / es;
  return (r * SRC_REP * 32 + (e / per_blk) * SRC_BLK * 32) / es + e % per_blk;
}

static char *line_of(const etype *t, int64_t count) {
  sbuf b = {0};
  sb_add(&b,
         "%%cn = arith.constant %lld : i32\n"
         "    %%rt = arith.constant 1 : i32\n"
         "    %%mk = arith.constant 8 : i32\n"
         "    %%dr = arith.constant %d : i32\n"
         "    %%sb = arith.constant %d : i32\n"
         "    %%sr = arith.constant %d : i32\n"
         "    ascendc.set_mask_count\n"
         "    ascendc.set_vector_mask_l0 %%cn {dtype = %s, mode = 1 : i32} : "
         "i32\n"
         "    ascendc.pair_reduce_sum_l0 %%zl, %%xl, %%rt, %%mk, %%dr, %%sb, "
         "%%sr : !ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
         "i32, i32, i32, i32, i32\n"
         "    ascendc.set_mask_norm",
         (long long)count, DST_REP, SRC_BLK, SRC_REP, t->ir, t->ir, t->ir);
  return b.s;
}

static casc_launch_status run(const etype *t, int64_t count, char *msgs,
                              size_t len) {
  ktensor ts[2] = {{"x", t, false}, {"z", t, true}};
  char *line = line_of(t, count);
  char *text = kernel_text(ts, 2, 0, 0, line);
  uint8_t *bufs[2] = {X, Z};
  casc_launch_status st = run_text(text, ts, 2, bufs, msgs, len);
  free(text);
  free(line);
  return st;
}

static void test_pair_reduce_counter(void) {
  const etype *ts[2] = {&E_F16, &E_F32};
  for (int i = 0; i < 2; i++) {
    const etype *t = ts[i];
    const int64_t lanes = 256 / t->es, count = 2 * lanes + 10;
    for (int64_t k = 0; k < TILE / (int64_t)t->es; k++) {
      put(t, X, k, (double)((k * 7) % 19 - 9) / 8);
      put(t, Z, k, -7);
    }
    memcpy(W, Z, TILE);
    for (int64_t r = 0; r * lanes < count; r++)
      for (int64_t j = 0; j < lanes / 2; j++) {
        double v[2];
        for (int h = 0; h < 2; h++) {
          int64_t e = 2 * j + h;
          v[h] = r * lanes + e < count ? get(t, X, src_at(r, e, t->es)) : 0;
        }
        put(t, W, r * DST_REP * 128 / (int64_t)t->es + j, rnd(t, v[0] + v[1]));
      }
    char msgs[2048];
    casc_launch_status st = run(t, count, msgs, sizeof msgs);
    bool ok = st == CASC_LAUNCH_OK && memcmp(Z, W, TILE) == 0;
    if (!ok)
      fprintf(stderr, "PairReduceSum counter mode %s: status %d\n%s", t->ir,
              (int)st, msgs);
    CHECK(ok);
  }
}

/* 40 repeats of src 16 blocks apart reach past its 2 KiB. */
static void test_reach(void) {
  char msgs[2048];
  casc_launch_status st = run(&E_F32, 40 * 64, msgs, sizeof msgs);
  bool ok = st != CASC_LAUNCH_OK &&
            strstr(msgs, "PairReduceSum: operand 'src'") &&
            strstr(msgs, "outside its tensor");
  if (!ok)
    fprintf(stderr, "reach: status %d\n%s", (int)st, msgs);
  CHECK(ok);
}

int main(void) {
  RUN_TEST(test_pair_reduce_counter);
  RUN_TEST(test_reach);
  return CHECK_SUMMARY();
}
