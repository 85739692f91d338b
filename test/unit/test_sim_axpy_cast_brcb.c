/* Axpy (levels 0, 1, 2), Cast at levels 0 and 1 and Brcb against a plain
 * C model of their definition (docs/simulator.md): Axpy half -> half,
 * float -> float and half -> float, where a repeat holds 256 bytes of the
 * wider type; Cast float -> half (RINT), half -> float, float -> int32
 * (FLOOR), with count and bit masks that leave dst elements alone and
 * source strides that skip blocks; Brcb in 16- and 32-bit types. The whole
 * dst tile is compared bit for bit. Then the checks: Brcb's dstBlkStride 0
 * and overlap, a repeat count over 255, a mask wider than the wider type
 * allows (Axpy half -> float, Cast float -> half). */
#include "check.h"
#include "sim_vec_harness.h"

enum { REPS = 3 };

/* UnaryRepeatParams of the cases: dst contiguous, src skipping every
 * other block, repeats 8 / 16 blocks apart. */
static const int64_t BLK[2] = {1, 2}, REP[2] = {8, 16};

static const uint64_t M0 = 0xf0f0ff00f0f0f0f5ull, M1 = 0x00ff00ff00f00f01ull;

/* Element e of repeat r of operand o (0 dst, 1 src) of element size es. */
static int64_t at(unsigned o, int64_t r, int64_t e, unsigned es) {
  int64_t per_blk = 32 / es;
  return (r * REP[o] * 32 + (e / per_blk) * BLK[o] * 32) / es + e % per_blk;
}

static bool lane_on(int level, int64_t e, int64_t lanes) {
  if (level == 0)
    return e < lanes - 5;
  uint64_t m1 = lanes > 64 ? M1 : 0;
  return (e < 64 ? M0 >> e : m1 >> (e - 64)) & 1;
}

static void fill(const etype *t, uint8_t *x, int seed) {
  for (int64_t i = 0; i < TILE / (int64_t)t->es; i++) {
    int64_t k = (i * (seed * 2 + 7)) % 23 - 11;
    put(t, x, i, t->dt == CASC_DT_I32 ? (double)k : k / 8.0 + 0.3);
  }
}

static void params_text(sbuf *b) {
  sb_add(b,
         "%%p0 = arith.constant %lld : i32\n"
         "    %%p1 = arith.constant %lld : i32\n"
         "    %%p2 = arith.constant %lld : i32\n"
         "    %%p3 = arith.constant %lld : i32\n"
         "    %%pr = ascendc.construct !ascendc.unary_repeat_params(%%p0, "
         "%%p1, %%p2, %%p3) [ui16, ui16, ui8, ui8] : i32, i32, i32, i32\n    ",
         (long long)BLK[0], (long long)BLK[1], (long long)REP[0],
         (long long)REP[1]);
}

/* Runs line on src x (type s) and dst z (type d, in and out). */
static casc_launch_status run2(const etype *d, const etype *s, const char *line,
                               uint8_t *x, uint8_t *z, uint64_t m1, char *msgs,
                               size_t len) {
  ktensor ts[2] = {{"x", s, false}, {"z", d, true}};
  char *text = kernel_text(ts, 2, M0, m1, line);
  uint8_t *bufs[2] = {x, z};
  casc_launch_status st = run_text(text, ts, 2, bufs, msgs, len);
  free(text);
  return st;
}

static void compare_tiles(const char *what, casc_launch_status st,
                          const uint8_t *z, const uint8_t *want,
                          const char *msgs) {
  bool ok = st == CASC_LAUNCH_OK && memcmp(z, want, TILE) == 0;
  if (!ok)
    fprintf(stderr, "%s: status %d\n%s", what, (int)st, msgs);
  CHECK(ok);
}

/* ---- Axpy --------------------------------------------------------------- */

static void check_axpy(const etype *d, const etype *s, int level) {
  static uint8_t x[TILE], z[TILE], want[TILE];
  const int64_t lanes = 256 / (d->es > s->es ? d->es : s->es);
  const int64_t n = 2 * lanes + 9; /* level 2 */
  fill(s, x, 0);
  fill(d, want, 1); /* dst's content before the op: it is accumulated */
  memcpy(z, want, TILE);
  const double a = 0.75;
  for (int64_t r = 0; r < (level == 2 ? 1 : REPS); r++)
    for (int64_t e = 0; e < (level == 2 ? n : lanes); e++) {
      if (level != 2 && !lane_on(level, e, lanes))
        continue;
      int64_t di = level == 2 ? e : at(0, r, e, d->es);
      int64_t si = level == 2 ? e : at(1, r, e, s->es);
      put(d, want, di, rnd(d, a * get(s, x, si) + get(d, want, di)));
    }
  sbuf line = {0};
  sb_add(&line,
         "%%sc = arith.constant 0.75 : %s\n"
         "    %%mk = arith.constant %lld : i32\n"
         "    %%rp = arith.constant %d : i32\n"
         "    %%cn = arith.constant %lld : i32\n    ",
         s->ir, (long long)(lanes - 5), REPS, (long long)n);
  if (level == 2) {
    sb_add(&line,
           "ascendc.axpy_l2 %%zl, %%xl, %%sc, %%cn : "
           "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, %s, i32",
           d->ir, s->ir, s->ir);
  } else {
    params_text(&line);
    sb_add(&line,
           "ascendc.axpy_l%d %%zl, %%xl, %%sc, %s, %%rp, %%pr {isSetMask} : "
           "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, %s, %s, "
           "i32, !ascendc.unary_repeat_params",
           level, level ? "%m0, %m1" : "%mk", d->ir, s->ir, s->ir,
           level ? "ui64, ui64" : "i32");
  }
  char msgs[2048], what[64];
  casc_launch_status st =
      run2(d, s, line.s, x, z, lanes > 64 ? M1 : 0, msgs, sizeof msgs);
  snprintf(what, sizeof what, "Axpy %s -> %s level %d", s->ir, d->ir, level);
  compare_tiles(what, st, z, want, msgs);
  free(line.s);
}

static void test_axpy(void) {
  for (int level = 0; level < 3; level++) {
    check_axpy(&E_F16, &E_F16, level);
    check_axpy(&E_F32, &E_F32, level);
    check_axpy(&E_F32, &E_F16, level);
  }
}

/* ---- Cast at levels 0 / 1 ----------------------------------------------- */

static double cast_model(const etype *d, int mode, double v) {
  if (d->dt == CASC_DT_I32)
    return mode == 2 ? floor(v) : nearbyint(v);
  return rnd(d, v); /* RINT to half, exact to float */
}

static void check_cast(const etype *d, const etype *s, int mode, int level) {
  static uint8_t x[TILE], z[TILE], want[TILE];
  const int64_t lanes = 256 / (d->es > s->es ? d->es : s->es);
  fill(s, x, 2);
  if (s->dt == CASC_DT_F32) /* values that need rounding */
    for (int64_t i = 0; i < TILE / 4; i++)
      put(s, x, i, get(s, x, i) * 1.0001);
  for (int64_t i = 0; i < TILE / (int64_t)d->es; i++)
    put(d, want, i, -7);
  memcpy(z, want, TILE);
  for (int64_t r = 0; r < REPS; r++)
    for (int64_t e = 0; e < lanes; e++)
      if (lane_on(level, e, lanes))
        put(d, want, at(0, r, e, d->es),
            cast_model(d, mode, get(s, x, at(1, r, e, s->es))));
  sbuf line = {0};
  sb_add(&line,
         "%%mk = arith.constant %lld : i32\n"
         "    %%rp = arith.constant %d : i32\n    ",
         (long long)(lanes - 5), REPS);
  params_text(&line);
  sb_add(
      &line,
      "ascendc.cast_l%d %%zl, %%xl, %s, %%rp, %%pr {isSetMask, roundMode = "
      "%d : i32} : !ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
      "%s, i32, !ascendc.unary_repeat_params",
      level, level ? "%m0, %m1" : "%mk", mode, d->ir, s->ir,
      level ? "ui64, ui64" : "i32");
  char msgs[2048], what[64];
  casc_launch_status st =
      run2(d, s, line.s, x, z, lanes > 64 ? M1 : 0, msgs, sizeof msgs);
  snprintf(what, sizeof what, "Cast %s -> %s mode %d level %d", s->ir, d->ir,
           mode, level);
  compare_tiles(what, st, z, want, msgs);
  free(line.s);
}

static void test_cast(void) {
  for (int level = 0; level < 2; level++) {
    check_cast(&E_F16, &E_F32, 1, level); /* CAST_RINT */
    check_cast(&E_F32, &E_F16, 0, level); /* CAST_NONE, exact */
    check_cast(&E_I32, &E_F32, 2, level); /* CAST_FLOOR */
  }
}

/* ---- Brcb --------------------------------------------------------------- */

static char *brcb_line(const etype *t, int64_t reps, int64_t blk, int64_t rep,
                       const char *dst) {
  sbuf b = {0};
  sb_add(&b,
         "%%rp = arith.constant %lld : i32\n"
         "    %%b0 = arith.constant %lld : i32\n"
         "    %%b1 = arith.constant %lld : i32\n"
         "    %%bp = ascendc.construct !ascendc.brcb_repeat_params(%%b0, %%b1) "
         "[ui16, ui16] : i32, i32\n"
         "    ascendc.brcb_l0 %s, %%xl, %%rp, %%bp : "
         "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, i32, "
         "!ascendc.brcb_repeat_params",
         (long long)reps, (long long)blk, (long long)rep, dst, t->ir, t->ir);
  return b.s;
}

static void check_brcb(const etype *t) {
  static uint8_t x[TILE], z[TILE], want[TILE];
  const int64_t blk = 2, rep = 17; /* gaps between blocks and repeats */
  fill(t, x, 3);
  for (int64_t i = 0; i < TILE / (int64_t)t->es; i++)
    put(t, want, i, -7);
  memcpy(z, want, TILE);
  for (int64_t r = 0; r < REPS; r++)
    for (int64_t j = 0; j < 8; j++)
      for (int64_t k = 0; k < 32 / (int64_t)t->es; k++)
        memcpy(want + (r * rep + j * blk) * 32 + k * t->es,
               x + (r * 8 + j) * t->es, t->es);
  char *line = brcb_line(t, REPS, blk, rep, "%zl");
  char msgs[2048], what[32];
  casc_launch_status st = run2(t, t, line, x, z, 0, msgs, sizeof msgs);
  snprintf(what, sizeof what, "Brcb %s", t->ir);
  compare_tiles(what, st, z, want, msgs);
  free(line);
}

static void test_brcb(void) {
  check_brcb(&E_F16);
  check_brcb(&E_F32);
  check_brcb(&E_I32);
}

/* ---- checks ------------------------------------------------------------- */

static void expect(casc_launch_status st, const char *msgs, const char *what) {
  CHECK_EQ_INT(st, CASC_LAUNCH_KERNEL_ERROR);
  if (!strstr(msgs, what))
    fprintf(stderr, "expected '%s' in:\n%s", what, msgs);
  CHECK(strstr(msgs, what) != NULL);
}

static void test_checks(void) {
  static uint8_t x[TILE], z[TILE];
  char msgs[2048];
  char *line = brcb_line(&E_F32, 2, 0, 8, "%zl");
  expect(run2(&E_F32, &E_F32, line, x, z, 0, msgs, sizeof msgs), msgs,
         "dstBlkStride 0 is undefined behaviour");
  free(line);
  line = brcb_line(&E_F32, 256, 1, 8, "%zl");
  expect(run2(&E_F32, &E_F32, line, x, z, 0, msgs, sizeof msgs), msgs,
         "repeatTimes is 256; the hardware takes 0..255");
  free(line);
  line = brcb_line(&E_F32, 1, 1, 8, "%xl"); /* dst = src */
  expect(run2(&E_F32, &E_F32, line, x, z, 0, msgs, sizeof msgs), msgs,
         "overlap; the hardware does not allow it");
  free(line);
  /* Axpy half -> float: 64 lanes (the float side), so mask[1] must be 0 */
  sbuf b = {0};
  sb_add(&b, "%%sc = arith.constant 0.5 : f16\n"
             "    %%rp = arith.constant 1 : i32\n    ");
  params_text(&b);
  sb_add(&b, "ascendc.axpy_l1 %%zl, %%xl, %%sc, %%m0, %%m1, %%rp, %%pr "
             "{isSetMask} : !ascendc.local_tensor<*xf32>, "
             "!ascendc.local_tensor<*xf16>, f16, ui64, ui64, i32, "
             "!ascendc.unary_repeat_params");
  expect(run2(&E_F32, &E_F16, b.s, x, z, 1, msgs, sizeof msgs), msgs,
         "mask[1] is 0x1");
  free(b.s);
  /* Cast float -> half: 64 lanes too (the float side) */
  b = (sbuf){0};
  sb_add(&b, "%%rp = arith.constant 1 : i32\n    ");
  params_text(&b);
  sb_add(&b, "ascendc.cast_l1 %%zl, %%xl, %%m0, %%m1, %%rp, %%pr {isSetMask, "
             "roundMode = 1 : i32} : !ascendc.local_tensor<*xf16>, "
             "!ascendc.local_tensor<*xf32>, ui64, ui64, i32, "
             "!ascendc.unary_repeat_params");
  expect(run2(&E_F16, &E_F32, b.s, x, z, 1, msgs, sizeof msgs), msgs,
         "mask[1] is 0x1");
  free(b.s);
}

int main(void) {
  RUN_TEST(test_axpy);
  RUN_TEST(test_cast);
  RUN_TEST(test_brcb);
  RUN_TEST(test_checks);
  return CHECK_SUMMARY();
}
