/* Compare, CompareScalar and Select at levels 0, 1 and 2 against a plain C
 * model of their definition (docs/simulator.md, "Compare and Select"):
 * every CMPMODE on half and float (with a NaN and equal elements), int32
 * with EQ; the three SELMODEs, with count and bit masks that leave dst
 * elements alone and source strides that skip blocks. The whole dst tile
 * is compared bit for bit. Then the checks: a repeat count over 255, a mask
 * wider than the dtype, int32 with another CMPMODE, a partial repeat of
 * the level-2 Compare (a warning). */
#include "check.h"
#include "sim_vec_harness.h"

enum { REPS = 3 };

/* Strides (32-byte blocks) of dst, src0, src1: src0 skips every other
 * block and repeats 16 blocks apart. */
static const int64_t BLK[3] = {1, 2, 1}, REP[3] = {8, 16, 8};

static const char *const cmp_names[6] = {"LT", "GT", "EQ", "LE", "GE", "NE"};

static bool cmp_model(int mode, double a, double b) {
  switch (mode) {
  case 0:
    return a < b;
  case 1:
    return a > b;
  case 2:
    return a == b;
  case 3:
    return a <= b;
  case 4:
    return a >= b;
  default:
    return a != b;
  }
}

/* Element e of repeat r of operand o (0 dst, 1 src0, 2 src1), in elements
 * from the tensor's start; level 2 is contiguous. */
static int64_t at(unsigned o, int64_t r, int64_t e, unsigned es, bool l2) {
  if (l2)
    return r * (256 / es) + e;
  int64_t per_blk = 32 / es;
  return (r * REP[o] * 32 + (e / per_blk) * BLK[o] * 32) / es + e % per_blk;
}

static void fill(const etype *t, uint8_t *x, int seed) {
  for (int64_t i = 0; i < TILE / (int64_t)t->es; i++) {
    int64_t k = (i * (seed * 2 + 5)) % 11 - 5; /* many equal pairs */
    put(t, x, i, t->dt == CASC_DT_I32 ? (double)k : k / 4.0);
  }
  if (t->dt != CASC_DT_I32 && seed == 0) {
    double nan = NAN; /* element 5 of src0 is NaN */
    if (t->dt == CASC_DT_F16) {
      uint16_t h = 0x7e00;
      memcpy(x + 10, &h, 2);
    } else {
      float f = (float)nan;
      memcpy(x + 20, &f, 4);
    }
  }
}

/* The op line's parameter struct: BinaryRepeatParams (dst, src0, src1) or
 * UnaryRepeatParams (dst, src0). */
static void params_line(sbuf *b, bool binary) {
  if (binary)
    sb_add(b,
           "%%p0 = arith.constant %lld : i32\n"
           "    %%p1 = arith.constant %lld : i32\n"
           "    %%p2 = arith.constant %lld : i32\n"
           "    %%p3 = arith.constant %lld : i32\n"
           "    %%p4 = arith.constant %lld : i32\n"
           "    %%p5 = arith.constant %lld : i32\n"
           "    %%pr = ascendc.construct !ascendc.binary_repeat_params(%%p0, "
           "%%p1, %%p2, %%p3, %%p4, %%p5) [ui8, ui8, ui8, ui8, ui8, ui8] : "
           "i32, i32, i32, i32, i32, i32\n    ",
           (long long)BLK[0], (long long)BLK[1], (long long)BLK[2],
           (long long)REP[0], (long long)REP[1], (long long)REP[2]);
  else
    sb_add(b,
           "%%p0 = arith.constant %lld : i32\n"
           "    %%p1 = arith.constant %lld : i32\n"
           "    %%p2 = arith.constant %lld : i32\n"
           "    %%p3 = arith.constant %lld : i32\n"
           "    %%pr = ascendc.construct !ascendc.unary_repeat_params(%%p0, "
           "%%p1, %%p2, %%p3) [ui16, ui16, ui8, ui8] : i32, i32, i32, i32\n"
           "    ",
           (long long)BLK[0], (long long)BLK[1], (long long)REP[0],
           (long long)REP[1]);
}

/* ---- Compare ------------------------------------------------------------ */

typedef struct {
  const etype *t;
  int mode;
  int level; /* 0 count mask, 1 mask array, 2 count */
  bool scalar;
  int64_t count; /* level 2 */
  int64_t repeats;
} ccase;

static void cmp_text(sbuf *b, const ccase *c) {
  const char *ty = c->t->ir;
  sb_add(b,
         "%%mk = arith.constant 7 : i32\n"
         "    %%rp = arith.constant %lld : i32\n"
         "    %%cn = arith.constant %lld : i32\n"
         "    %%sc = arith.constant %s : %s\n    ",
         (long long)c->repeats, (long long)c->count,
         c->t->dt == CASC_DT_I32 ? "2" : "0.25", ty);
  if (c->level != 2)
    params_line(b, !c->scalar);
  const char *mn = c->scalar ? "compare_scalar" : "compare";
  const char *src1 = c->scalar ? "%sc" : "%yl";
  char src1_ty[64];
  if (c->scalar)
    snprintf(src1_ty, sizeof src1_ty, "%s", ty);
  else
    snprintf(src1_ty, sizeof src1_ty, "!ascendc.local_tensor<*x%s>", ty);
  if (c->level == 2)
    sb_add(b,
           "ascendc.%s_l2 %%zl, %%xl, %s, %%cn {cmpMode = %d : i64} : "
           "!ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*x%s>, %s, "
           "i32",
           mn, src1, c->mode, ty, src1_ty);
  else
    sb_add(b,
           "ascendc.%s_l%d %%zl, %%xl, %s, %s, %%rp, %%pr {cmpMode = %d : "
           "i64, isSetMask} : !ascendc.local_tensor<*xui8>, "
           "!ascendc.local_tensor<*x%s>, %s, %s, i32, %s",
           mn, c->level, src1, c->level ? "%m0, %m1" : "%mk", c->mode, ty,
           src1_ty, c->level ? "ui64, ui64" : "i32",
           c->scalar ? "!ascendc.unary_repeat_params"
                     : "!ascendc.binary_repeat_params");
}

static void cmp_model_run(const ccase *c, const uint8_t *x, const uint8_t *y,
                          uint8_t *z) {
  const etype *t = c->t;
  const bool l2 = c->level == 2;
  const int64_t lanes = 256 / t->es;
  const int64_t reps = l2 ? c->count / lanes : c->repeats;
  const double sc = t->dt == CASC_DT_I32 ? 2 : 0.25;
  for (int64_t r = 0; r < reps; r++)
    for (int64_t e = 0; e < lanes; e++) {
      double a = get(t, x, at(1, r, e, t->es, l2));
      double b = c->scalar ? sc : get(t, y, at(2, r, e, t->es, l2));
      int64_t bit = r * lanes + e;
      if (cmp_model(c->mode, a, b))
        z[bit / 8] |= (uint8_t)(1u << (bit % 8));
      else
        z[bit / 8] &= (uint8_t) ~(1u << (bit % 8));
    }
}

static casc_launch_status run_cmp(const ccase *c, uint8_t *z, char *msgs,
                                  size_t len) {
  static uint8_t x[TILE], y[TILE];
  fill(c->t, x, 0);
  fill(c->t, y, 1);
  ktensor ts[3] = {{"x", c->t, false}, {"y", c->t, false}, {"z", &E_U8, true}};
  sbuf line = {0};
  cmp_text(&line, c);
  char *text = kernel_text(ts, 3, 0x5555, 0, line.s);
  uint8_t *bufs[3] = {x, y, z};
  casc_launch_status st = run_text(text, ts, 3, bufs, msgs, len);
  free(text);
  free(line.s);
  return st;
}

static void check_cmp(const ccase *c) {
  static uint8_t x[TILE], y[TILE], z[TILE], want[TILE];
  fill(c->t, x, 0);
  fill(c->t, y, 1);
  memset(want, 0xa5, sizeof want); /* dst's content before the op */
  memcpy(z, want, TILE);
  cmp_model_run(c, x, y, want);
  char msgs[2048];
  casc_launch_status st = run_cmp(c, z, msgs, sizeof msgs);
  bool ok = st == CASC_LAUNCH_OK && memcmp(z, want, TILE) == 0;
  if (!ok)
    fprintf(stderr, "%s %s %s level %d: status %d\n%s",
            c->scalar ? "CompareScalar" : "Compare", c->t->ir,
            cmp_names[c->mode], c->level, (int)st, msgs);
  CHECK(ok);
}

static void test_compare(void) {
  const etype *types[3] = {&E_F16, &E_F32, &E_I32};
  for (int ti = 0; ti < 3; ti++)
    for (int mode = 0; mode < 6; mode++) {
      if (types[ti]->dt == CASC_DT_I32 && mode != 2)
        continue; /* int32: EQ only */
      for (int scalar = 0; scalar < 2; scalar++)
        for (int level = 0; level < 3; level++) {
          ccase c = {types[ti], mode, level, scalar, 2 * (256 / types[ti]->es),
                     REPS};
          check_cmp(&c);
        }
    }
}

/* ---- Select ------------------------------------------------------------- */

typedef struct {
  const etype *t;
  int mode; /* SELMODE */
  int level;
  int64_t count;
} scase;

static const uint64_t SEL_M0 = 0xf0f0ff00f0f0f0f5ull,
                      SEL_M1 = 0x00ff00ff00f00f01ull;

static bool sel_lane(const scase *c, int64_t e) {
  if (c->level == 2)
    return true;
  if (c->level == 0)
    return e < 256 / c->t->es - 5;
  uint64_t m1 = c->t->es == 2 ? SEL_M1 : 0;
  return (e < 64 ? SEL_M0 >> e : m1 >> (e - 64)) & 1;
}

static void select_model(const scase *c, const uint8_t *m, const uint8_t *x,
                         const uint8_t *y, uint8_t *z) {
  const etype *t = c->t;
  const bool l2 = c->level == 2;
  const int64_t lanes = 256 / t->es;
  const int64_t reps = l2 ? 1 : REPS, per = l2 ? c->count : lanes;
  for (int64_t r = 0; r < reps; r++)
    for (int64_t e = 0; e < per; e++) {
      if (!sel_lane(c, e))
        continue;
      int64_t bit = c->mode == 0 ? e % lanes : r * per + e;
      bool take0 = m[bit / 8] >> (bit % 8) & 1;
      double v = take0          ? get(t, x, l2 ? e : at(1, r, e, t->es, false))
                          : c->mode == 1 ? -1.5
                                : get(t, y, l2 ? e : at(2, r, e, t->es, false));
      put(t, z, l2 ? e : at(0, r, e, t->es, false), v);
    }
}

static void select_inputs(const etype *t, uint8_t *m, uint8_t *x, uint8_t *y) {
  for (int i = 0; i < TILE; i++)
    m[i] = (uint8_t)(i * 37 + 11);
  fill(t, x, 2);
  fill(t, y, 3);
}

/* Runs the Select of c with mask words m0, m1 on dst z. */
static casc_launch_status run_select(const scase *c, uint64_t m0, uint64_t m1,
                                     uint8_t *z, char *msgs, size_t len) {
  static uint8_t m[TILE], x[TILE], y[TILE];
  const etype *t = c->t;
  select_inputs(t, m, x, y);
  sbuf line = {0};
  sb_add(&line,
         "%%mk = arith.constant %lld : i32\n"
         "    %%rp = arith.constant %d : i32\n"
         "    %%cn = arith.constant %lld : i32\n"
         "    %%sc = arith.constant -1.5 : %s\n    ",
         (long long)(256 / t->es - 5), REPS, (long long)c->count, t->ir);
  if (c->level != 2)
    params_line(&line, true);
  const bool scalar = c->mode == 1;
  char lt[64];
  snprintf(lt, sizeof lt, "!ascendc.local_tensor<*x%s>", t->ir);
  const char *mn = scalar ? "select_scalar" : "select";
  const char *src1 = scalar ? "%sc" : "%yl";
  const char *src1_ty = scalar ? t->ir : lt;
  if (c->level == 2)
    sb_add(&line,
           "ascendc.%s_l2 %%zl, %%ml, %%xl, %s, %%cn {selMode = %d : i32} : "
           "%s, !ascendc.local_tensor<*xui8>, %s, %s, i32",
           mn, src1, c->mode, lt, lt, src1_ty);
  else
    sb_add(&line,
           "ascendc.%s_l%d %%zl, %%ml, %%xl, %s, %s, %%rp, %%pr {selMode = %d "
           ": i32} : %s, !ascendc.local_tensor<*xui8>, %s, %s, %s, i32, "
           "!ascendc.binary_repeat_params",
           mn, c->level, src1, c->level ? "%m0, %m1" : "%mk", c->mode, lt, lt,
           src1_ty, c->level ? "ui64, ui64" : "i32");
  ktensor ts[4] = {
      {"m", &E_U8, false}, {"x", t, false}, {"y", t, false}, {"z", t, true}};
  char *text = kernel_text(ts, 4, m0, m1, line.s);
  uint8_t *bufs[4] = {m, x, y, z};
  casc_launch_status st = run_text(text, ts, 4, bufs, msgs, len);
  free(text);
  free(line.s);
  return st;
}

static void check_select(const scase *c) {
  static uint8_t m[TILE], x[TILE], y[TILE], z[TILE], want[TILE];
  const etype *t = c->t;
  select_inputs(t, m, x, y);
  for (int64_t i = 0; i < TILE / (int64_t)t->es; i++)
    put(t, want, i, -7); /* dst's content before the op */
  memcpy(z, want, TILE);
  select_model(c, m, x, y, want);
  char msgs[2048];
  casc_launch_status st =
      run_select(c, SEL_M0, t->es == 2 ? SEL_M1 : 0, z, msgs, sizeof msgs);
  bool ok = st == CASC_LAUNCH_OK && memcmp(z, want, TILE) == 0;
  if (!ok)
    fprintf(stderr, "Select %s mode %d level %d: status %d\n%s", t->ir, c->mode,
            c->level, (int)st, msgs);
  CHECK(ok);
}

static void test_select(void) {
  const etype *types[2] = {&E_F16, &E_F32};
  for (int ti = 0; ti < 2; ti++)
    for (int mode = 0; mode < 3; mode++)
      for (int level = 0; level < 3; level++) {
        /* level 2: two repeats and a part (mode 0 reuses one repeat's
         * bits) */
        scase c = {types[ti], mode, level, 2 * (256 / types[ti]->es) + 10};
        check_select(&c);
      }
}

/* ---- checks ------------------------------------------------------------- */

static void expect(const ccase *c, casc_launch_status want_st,
                   const char *what) {
  static uint8_t z[TILE];
  char msgs[2048];
  casc_launch_status st = run_cmp(c, z, msgs, sizeof msgs);
  CHECK_EQ_INT(st, want_st);
  if (!strstr(msgs, what))
    fprintf(stderr, "expected '%s' in:\n%s", what, msgs);
  CHECK(strstr(msgs, what) != NULL);
}

static void test_checks(void) {
  ccase c = {&E_F32, 0, 0, false, 64, 256};
  expect(&c, CASC_LAUNCH_KERNEL_ERROR,
         "repeatTimes is 256; the hardware takes 0..255");
  c = (ccase){&E_I32, 0, 2, false, 64, 1};
  expect(&c, CASC_LAUNCH_BAD_LAUNCH, "int32 with a CMPMODE other than EQ (A2)");
  /* 100 floats: one whole repeat and 36 elements that are not compared */
  c = (ccase){&E_F32, 0, 2, false, 100, 1};
  expect(&c, CASC_LAUNCH_OK, "the last 36 elements are not compared");
  /* Select filters with its mask: a float mask array with mask[1] set */
  static uint8_t z[TILE];
  char msgs[2048];
  scase s = {&E_F32, 2, 1, 0};
  CHECK_EQ_INT(run_select(&s, 1, 1, z, msgs, sizeof msgs),
               CASC_LAUNCH_KERNEL_ERROR);
  CHECK(strstr(msgs, "mask[1] is 0x1") != NULL);
}

int main(void) {
  RUN_TEST(test_compare);
  RUN_TEST(test_select);
  RUN_TEST(test_checks);
  return CHECK_SUMMARY();
}
