/* Gather (levels 0, 1, 2), GatherMask (every built-in pattern, a pattern
 * tensor, normal and counter mode, with its rsvdCnt, which
 * GetGatherMaskRemainCount then returns) and Transpose (16x16
 * and the [N,C,H,W] <-> [N,H,W,C] conversions) against a plain C model of
 * their definition (docs/simulator.md). The whole dst tile is compared bit
 * for bit. Then the checks: a gathered offset outside src or not aligned,
 * a built-in pattern out of range, a layout conversion in place, a
 * parameter operand that is not its struct. */
#include "check.h"
#include "sim_vec_harness.h"

enum { REPS = 3 };

static const etype E_U16 = {"ui16", CASC_DT_U16, 2};
static const etype E_U32 = {"ui32", CASC_DT_U32, 4};

static void fill(const etype *t, uint8_t *x, int seed) {
  for (int64_t i = 0; i < TILE / (int64_t)t->es; i++)
    put(t, x, i, (double)((i * (seed * 2 + 5) + seed) % 1999 - 999));
}

static void sentinel(const etype *t, uint8_t *z) {
  for (int64_t i = 0; i < TILE / (int64_t)t->es; i++)
    put(t, z, i, -7);
}

static bool same_tiles(const char *what, casc_launch_status st,
                       const uint8_t *z, const uint8_t *want,
                       const char *msgs) {
  bool ok = st == CASC_LAUNCH_OK && memcmp(z, want, TILE) == 0;
  if (!ok)
    fprintf(stderr, "%s: status %d\n%s", what, (int)st, msgs);
  return ok;
}

/* ---- Gather ------------------------------------------------------------- */

static const uint64_t M0 = 0xf0f0ff00f0f0f0f5ull, M1 = 0x00ff00ff00f00f01ull;

/* Runs a Gather of type t with offsets off (uint32 bytes, 2 KiB); level 2
 * gathers n elements. */
static casc_launch_status run_gather(const etype *t, int level, int64_t n,
                                     int64_t base, uint8_t *x, uint8_t *off,
                                     uint8_t *z, char *msgs, size_t len) {
  const int64_t lanes = 256 / t->es;
  sbuf line = {0};
  sb_add(&line,
         "%%ba = arith.constant %lld : i32\n"
         "    %%mk = arith.constant %lld : i32\n"
         "    %%rp = arith.constant %d : i32\n"
         "    %%dr = arith.constant 10 : i32\n"
         "    %%cn = arith.constant %lld : i32\n    ",
         (long long)base, (long long)(lanes - 5), REPS, (long long)n);
  char lt[48];
  snprintf(lt, sizeof lt, "!ascendc.local_tensor<*x%s>", t->ir);
  if (level == 2)
    sb_add(&line,
           "ascendc.gather_l2 %%zl, %%xl, %%ol, %%ba, %%cn : %s, %s, "
           "!ascendc.local_tensor<*xui32>, i32, i32",
           lt, lt);
  else
    sb_add(&line,
           "ascendc.gather_l%d %%zl, %%xl, %%ol, %%ba, %s, %%rp, %%dr : %s, "
           "%s, !ascendc.local_tensor<*xui32>, i32, %s, i32, i32",
           level, level ? "%m0, %m1" : "%mk", lt, lt,
           level ? "ui64, ui64" : "i32");
  ktensor ts[3] = {{"x", t, false}, {"o", &E_U32, false}, {"z", t, true}};
  char *text = kernel_text(ts, 3, M0, lanes > 64 ? M1 : 0, line.s);
  uint8_t *bufs[3] = {x, off, z};
  casc_launch_status st = run_text(text, ts, 3, bufs, msgs, len);
  free(text);
  free(line.s);
  return st;
}

static void check_gather(const etype *t, int level) {
  static uint8_t x[TILE], off[TILE], z[TILE], want[TILE];
  const int64_t lanes = 256 / t->es, n = 100, base = 64;
  const int64_t nsrc = (TILE - base) / t->es;
  fill(t, x, 1);
  for (int64_t i = 0; i < TILE / 4; i++) {
    uint32_t o = (uint32_t)(((i * 37 + 11) % nsrc) * t->es);
    memcpy(off + i * 4, &o, 4);
  }
  sentinel(t, want);
  memcpy(z, want, TILE);
  for (int64_t r = 0; r < (level == 2 ? 1 : REPS); r++)
    for (int64_t e = 0; e < (level == 2 ? n : lanes); e++) {
      bool on =
          level == 2 ? true
          : level == 0
              ? e < lanes - 5
              : ((e < 64 ? M0 >> e : (lanes > 64 ? M1 : 0) >> (e - 64)) & 1);
      if (!on)
        continue;
      uint32_t o;
      memcpy(&o, off + (r * lanes + e) * 4, 4);
      memcpy(want + (level == 2 ? 0 : r * 10 * 32) + e * t->es, x + base + o,
             t->es);
    }
  char msgs[2048], what[48];
  casc_launch_status st =
      run_gather(t, level, n, base, x, off, z, msgs, sizeof msgs);
  snprintf(what, sizeof what, "Gather %s level %d", t->ir, level);
  CHECK(same_tiles(what, st, z, want, msgs));
}

static void test_gather(void) {
  const etype *types[3] = {&E_F16, &E_F32, &E_I32};
  for (int ti = 0; ti < 3; ti++)
    for (int level = 0; level < 3; level++)
      check_gather(types[ti], level);
}

/* ---- GatherMask (and GetGatherMaskRemainCount after it) ----------------- */

typedef struct {
  const etype *t;
  int pattern; /* 1..7, or 0 for the pattern tensor */
  bool counter;
  int64_t mask;
} gmcase;

static bool builtin_bit(int p, int64_t e) {
  static const char *const bits[8] = {"",     "10",   "01",   "1000",
                                      "0100", "0010", "0001", "1"};
  const char *s = bits[p];
  return s[e % (int64_t)strlen(s)] == '1';
}

static casc_launch_status run_gather_mask(const gmcase *c, uint8_t *x,
                                          uint8_t *pat, uint8_t *z,
                                          uint8_t *cnt, char *msgs,
                                          size_t len) {
  const etype *t = c->t;
  const etype *pt = t->es == 2 ? &E_U16 : &E_U32;
  sbuf line = {0};
  sb_add(&line,
         "%%g0 = arith.constant 1 : i32\n"
         "    %%g1 = arith.constant %d : i32\n"
         "    %%g2 = arith.constant 8 : i32\n"
         "    %%g3 = arith.constant 2 : i32\n"
         "    %%gp = ascendc.construct !ascendc.gather_mask_params(%%g0, %%g1, "
         "%%g2, %%g3) [ui8, ui16, ui16, ui8] : i32, i32, i32, i32\n"
         "    %%rm = arith.constant %d : i1\n"
         "    %%mk = arith.constant %lld : i32\n"
         "    %%bp = arith.constant %d : i32\n"
         "    %%c0 = arith.constant 0 : i32\n    ",
         REPS, c->counter, (long long)c->mask, c->pattern);
  sb_add(&line,
         "%%cnt = \"ascendc.gather_mask\"(%%zl, %%xl, %s, %%rm, %%mk, %%gp) "
         "<{gatherMaskMode = 0 : i32}> : (!ascendc.local_tensor<*x%s>, "
         "!ascendc.local_tensor<*x%s>, %s, i1, i32, "
         "!ascendc.gather_mask_params) -> i32\n"
         "    ascendc.local_tensor.set_value %%nl, %%c0, %%cnt : "
         "!ascendc.local_tensor<*xi32>, i32, i32\n"
         "    %%rc = ascendc.get_gather_mask_remain_count : i64\n"
         "    %%rc32 = arith.trunci %%rc : i64 to i32\n"
         "    %%c1g = arith.constant 1 : i32\n"
         "    ascendc.local_tensor.set_value %%nl, %%c1g, %%rc32 : "
         "!ascendc.local_tensor<*xi32>, i32, i32",
         c->pattern ? "%bp" : "%pl", t->ir, t->ir,
         c->pattern ? "i32"
                    : (t->es == 2 ? "!ascendc.local_tensor<*xui16>"
                                  : "!ascendc.local_tensor<*xui32>"));
  ktensor ts[4] = {
      {"x", t, false}, {"p", pt, false}, {"z", t, true}, {"n", &E_I32, true}};
  char *text = kernel_text(ts, 4, 0, 0, line.s);
  uint8_t *bufs[4] = {x, pat, z, cnt};
  casc_launch_status st = run_text(text, ts, 4, bufs, msgs, len);
  free(text);
  free(line.s);
  return st;
}

static void check_gather_mask(const gmcase *c) {
  static uint8_t x[TILE], pat[TILE], z[TILE], want[TILE], cnt[TILE];
  const etype *t = c->t;
  const int64_t lanes = 256 / t->es, per = c->counter ? c->mask : lanes;
  fill(t, x, 2);
  for (int i = 0; i < TILE; i++)
    pat[i] = (uint8_t)(i * 29 + 7);
  sentinel(t, want);
  memcpy(z, want, TILE);
  memset(cnt, 0, sizeof cnt);
  int64_t k = 0;
  for (int64_t r = 0; r < REPS; r++)
    for (int64_t e = 0; e < per; e++) {
      /* src1RepeatStride 2 blocks: the tensor's bits of repeat r start at
       * byte 64 r */
      bool on = c->pattern ? builtin_bit(c->pattern, e)
                           : pat[r * 64 + e / 8] >> (e % 8) & 1;
      if (on)
        memcpy(want + k++ * t->es, x + (r * 8 * 32 + e * t->es), t->es);
    }
  char msgs[2048], what[64];
  casc_launch_status st = run_gather_mask(c, x, pat, z, cnt, msgs, sizeof msgs);
  snprintf(what, sizeof what, "GatherMask %s pattern %d counter %d", t->ir,
           c->pattern, c->counter);
  CHECK(same_tiles(what, st, z, want, msgs));
  int32_t got[2];
  memcpy(got, cnt, 8);
  CHECK_EQ_INT(got[0], (int)k);
  /* GetGatherMaskRemainCount: the same count */
  CHECK_EQ_INT(got[1], (int)k);
}

static void test_gather_mask(void) {
  const etype *types[2] = {&E_F16, &E_F32};
  for (int ti = 0; ti < 2; ti++) {
    for (int p = 0; p <= 7; p++) {
      gmcase c = {types[ti], p, false, 0};
      check_gather_mask(&c);
    }
    gmcase c = {types[ti], 0, true, 256 / types[ti]->es - 9};
    check_gather_mask(&c);
    c.pattern = 3;
    check_gather_mask(&c);
  }
}

/* ---- Transpose ---------------------------------------------------------- */

/* type < 0: the plain 16x16 form; else TransposeParamsExt(n, c, h, w,
 * type). dst is %zl, or %xl (in place) when in_place. */
static casc_launch_status run_transpose(const etype *t, int type, int n, int c,
                                        int h, int w, bool in_place, uint8_t *x,
                                        uint8_t *z, char *msgs, size_t len) {
  sbuf line = {0};
  char lt[48];
  snprintf(lt, sizeof lt, "!ascendc.local_tensor<*x%s>", t->ir);
  const char *dst = in_place ? "%xl" : "%zl";
  if (type < 0) {
    sb_add(&line, "ascendc.transpose %s, %%xl : %s, %s", dst, lt, lt);
  } else {
    sb_add(&line,
           "%%t0 = arith.constant %d : i32\n"
           "    %%t1 = arith.constant %d : i32\n"
           "    %%t2 = arith.constant %d : i32\n"
           "    %%t3 = arith.constant %d : i32\n"
           "    %%t4 = arith.constant %d : i32\n"
           "    %%tp = ascendc.construct !ascendc.transpose_params_ext(%%t0, "
           "%%t1, %%t2, %%t3, %%t4) [ui16, ui16, ui16, ui16, i32] : i32, i32, "
           "i32, i32, i32\n"
           "    ascendc.transpose_ext %s, %%xl, %%sl, %%tp : %s, %s, %s, "
           "!ascendc.transpose_params_ext",
           n, c, h, w, type, dst, lt, lt, lt);
  }
  ktensor ts[3] = {{"x", t, in_place}, {"z", t, true}, {"s", t, false}};
  char *text = kernel_text(ts, 3, 0, 0, line.s);
  static uint8_t scratch[TILE];
  uint8_t *bufs[3] = {x, z, scratch};
  casc_launch_status st = run_text(text, ts, 3, bufs, msgs, len);
  free(text);
  free(line.s);
  return st;
}

static void check_transpose(const etype *t, int type, int n, int c, int h,
                            int w, bool in_place) {
  static uint8_t x[TILE], z[TILE], want[TILE], xin[TILE];
  fill(t, x, 3);
  memcpy(xin, x, TILE);
  sentinel(t, z);
  uint8_t *res = in_place ? x : z;
  memcpy(want, res, TILE);
  const unsigned es = t->es;
  if (type < 0 || type == 10) {
    for (int i = 0; i < 16; i++)
      for (int j = 0; j < 16; j++)
        memcpy(want + (j * 16 + i) * es, xin + (i * 16 + j) * es, es);
  } else {
    const int hw = h * w;
    for (int a = 0; a < n; a++)
      for (int b = 0; b < c; b++)
        for (int p = 0; p < hw; p++) {
          int nchw = (a * c + b) * hw + p, nhwc = (a * hw + p) * c + b;
          int from = type == 11 ? nchw : nhwc, to = type == 11 ? nhwc : nchw;
          memcpy(want + to * es, xin + from * es, es);
        }
  }
  char msgs[2048], what[64];
  casc_launch_status st =
      run_transpose(t, type, n, c, h, w, in_place, x, z, msgs, sizeof msgs);
  snprintf(what, sizeof what, "Transpose %s type %d%s", t->ir, type,
           in_place ? " in place" : "");
  CHECK(same_tiles(what, st, res, want, msgs));
}

static void test_transpose(void) {
  check_transpose(&E_F16, -1, 0, 0, 16, 16, false);
  check_transpose(&E_U16, -1, 0, 0, 16, 16, true);
  check_transpose(&E_U16, 10, 0, 0, 16, 16, false);
  check_transpose(&E_F32, 11, 2, 3, 2, 8, false); /* NCHW -> NHWC */
  check_transpose(&E_F16, 12, 1, 5, 4, 4, false); /* NHWC -> NCHW */
  check_transpose(&E_I32, 11, 3, 2, 1, 8, false);
}

/* ---- checks ------------------------------------------------------------- */

static void expect(casc_launch_status st, casc_launch_status want_st,
                   const char *msgs, const char *what) {
  CHECK_EQ_INT(st, want_st);
  if (!strstr(msgs, what))
    fprintf(stderr, "expected '%s' in:\n%s", what, msgs);
  CHECK(strstr(msgs, what) != NULL);
}

static void test_checks(void) {
  static uint8_t x[TILE], off[TILE], z[TILE], pat[TILE], cnt[TILE];
  char msgs[2048];
  memset(off, 0, sizeof off);
  uint32_t far = TILE; /* one element past the end of src */
  memcpy(off + 8, &far, 4);
  expect(run_gather(&E_F32, 2, 4, 0, x, off, z, msgs, sizeof msgs),
         CASC_LAUNCH_KERNEL_ERROR, msgs, "outside its tensor");
  uint32_t odd = 6; /* not a multiple of 4 bytes */
  memcpy(off + 8, &odd, 4);
  expect(run_gather(&E_F32, 2, 4, 0, x, off, z, msgs, sizeof msgs),
         CASC_LAUNCH_KERNEL_ERROR, msgs,
         "srcBaseAddr + srcOffset[2] is 6 bytes, not a multiple");
  gmcase c = {&E_F32, 8, false, 0};
  expect(run_gather_mask(&c, x, pat, z, cnt, msgs, sizeof msgs),
         CASC_LAUNCH_KERNEL_ERROR, msgs, "the built-in patterns are 1..7");
  expect(run_transpose(&E_F32, 11, 1, 2, 1, 8, true, x, z, msgs, sizeof msgs),
         CASC_LAUNCH_KERNEL_ERROR, msgs, "do not take them in place");
  /* a parameter operand typed Any in the op table must be its struct */
  ktensor ts[2] = {{"x", &E_F32, false}, {"z", &E_F32, true}};
  char *text = kernel_text(ts, 2, 0, 0,
                           "%r = arith.constant 1 : i32\n"
                           "    \"ascendc.brcb_l0\"(%zl, %xl, %r, %r) : "
                           "(!ascendc.local_tensor<*xf32>, "
                           "!ascendc.local_tensor<*xf32>, i32, i32) -> ()");
  uint8_t *bufs[2] = {x, z};
  expect(run_text(text, ts, 2, bufs, msgs, sizeof msgs), CASC_LAUNCH_BAD_LAUNCH,
         msgs, "must be BrcbRepeatParams");
  free(text);
}

int main(void) {
  RUN_TEST(test_gather);
  RUN_TEST(test_gather_mask);
  RUN_TEST(test_transpose);
  RUN_TEST(test_checks);
  return CHECK_SUMMARY();
}
