/* Duplicate and the reductions at levels 0 and 1 (mask + repeat times +
 * strides) against a plain C model of their definition (docs/simulator.md,
 * "Reductions at levels 0 and 1"): WholeReduceSum/Max/Min (every
 * ReduceOrder), RepeatReduceSum, BlockReduceSum/Max/Min, PairReduceSum and
 * ReduceSum/Max/Min, in half and float, with a count mask and a bit mask
 * that leave lanes out, a source block stride that skips blocks and a
 * destination repeat stride that skips results; Duplicate in every element
 * type it takes. The whole destination tile is compared bit for bit, so
 * what an op must leave alone is checked too. The sanitizer's checks of
 * these forms (repeat count, mask range and width, strides, reach of the
 * last repeat) are at the end. The model is written here from the
 * definition, independently of the simulator (its own half rounding). */
#include "check.h"
#include "sim_vec_harness.h"

enum { SENTINEL = -7, REPS = 3 };

static void put_index(uint8_t *p, unsigned width, int64_t idx) {
  if (width == 2) {
    uint16_t u = (uint16_t)idx;
    memcpy(p, &u, 2);
  } else {
    uint32_t u = (uint32_t)idx;
    memcpy(p, &u, 4);
  }
}

/* ---- the cases ---------------------------------------------------------- */

typedef enum {
  K_WHOLE_SUM,
  K_WHOLE_MAX,
  K_WHOLE_MIN,
  K_REPEAT_SUM,
  K_BLOCK_SUM,
  K_BLOCK_MAX,
  K_BLOCK_MIN,
  K_PAIR_SUM,
  K_RED_SUM,
  K_RED_MAX,
  K_RED_MIN,
  K_COUNT_
} kind;

static const char *const mnemonic[K_COUNT_] = {
    "whole_reduce_sum",  "whole_reduce_max", "whole_reduce_min",
    "repeat_reduce_sum", "block_reduce_sum", "block_reduce_max",
    "block_reduce_min",  "pair_reduce_sum",  "reduce_sum",
    "reduce_max",        "reduce_min"};

typedef struct {
  kind k;
  bool bits;       /* level 1: a mask array */
  int64_t count;   /* level 0: the mask */
  uint64_t m0, m1; /* level 1: the mask array */
  int64_t src_blk; /* in 32-byte blocks (ReduceSum/Max/Min: 1) */
  int64_t src_rep; /* in 32-byte blocks */
  int64_t dst_rep; /* in the op's unit */
  int64_t repeats;
  int order;     /* WholeReduceMax/Min */
  int cal_index; /* ReduceMax/Min */
} rcase;

static bool is_max(kind k) {
  return k == K_WHOLE_MAX || k == K_BLOCK_MAX || k == K_RED_MAX;
}
static bool is_sum(kind k) {
  return k == K_WHOLE_SUM || k == K_REPEAT_SUM || k == K_BLOCK_SUM ||
         k == K_PAIR_SUM || k == K_RED_SUM;
}

static bool selected(const rcase *c, int64_t e) {
  if (!c->bits)
    return e < c->count;
  return (e < 64 ? c->m0 >> e : c->m1 >> (e - 64)) & 1;
}

/* The binary tree over n lanes, each addition rounded. */
static double tree(const etype *t, double *v, int64_t n) {
  for (; n > 1; n /= 2)
    for (int64_t i = 0; i < n / 2; i++)
      v[i] = rnd(t, v[2 * i] + v[2 * i + 1]);
  return v[0];
}

/* The first extreme of the selected lanes [lo, hi). */
static bool first_extreme(kind k, const double *v, const bool *on, int64_t lo,
                          int64_t hi, double *val, int64_t *idx) {
  bool any = false;
  for (int64_t i = lo; i < hi; i++)
    if (on[i] && (!any || (is_max(k) ? v[i] > *val : v[i] < *val))) {
      *val = v[i];
      *idx = i;
      any = true;
    }
  return any;
}

/* dst after the op, from src, by the definition. */
static void model(const etype *t, const rcase *c, const uint8_t *src,
                  uint8_t *dst) {
  const int64_t lanes = 256 / t->es, per_blk = 32 / t->es;
  double sums[256];
  double best = 0;
  int64_t best_i = -1;
  for (int64_t r = 0; r < c->repeats; r++) {
    double v[128];
    bool on[128];
    for (int64_t e = 0; e < lanes; e++) {
      int64_t at =
          (r * c->src_rep * 32 + (e / per_blk) * c->src_blk * 32) / t->es +
          e % per_blk;
      on[e] = selected(c, e);
      v[e] = on[e] ? get(t, src, at) : 0;
    }
    switch (c->k) {
    case K_WHOLE_SUM:
    case K_REPEAT_SUM:
      put(t, dst, r * c->dst_rep, tree(t, v, lanes));
      break;
    case K_WHOLE_MAX:
    case K_WHOLE_MIN: {
      double m = 0;
      int64_t mi = 0;
      first_extreme(c->k, v, on, 0, lanes, &m, &mi);
      int64_t unit = c->order == 2 ? t->es : c->order == 3 ? 4 : 2 * t->es;
      uint8_t *p = dst + r * c->dst_rep * unit;
      if (c->order == 0) {
        put(t, p, 0, m);
        put_index(p + t->es, t->es, mi);
      } else if (c->order == 1) {
        put_index(p, t->es, mi);
        put(t, p, 1, m);
      } else if (c->order == 2) {
        put(t, p, 0, m);
      } else {
        put_index(p, 4, mi);
      }
      break;
    }
    case K_BLOCK_SUM:
    case K_BLOCK_MAX:
    case K_BLOCK_MIN:
      for (int64_t k = 0; k < 8; k++) {
        double res = 0;
        int64_t ix = 0;
        bool any = false;
        for (int64_t i = k * per_blk; i < (k + 1) * per_blk; i++)
          any |= on[i];
        double big = t->dt == CASC_DT_F16 ? 65504 : INFINITY;
        if (!any)
          res = is_sum(c->k) ? 0 : is_max(c->k) ? -big : big;
        else if (is_sum(c->k))
          res = tree(t, v + k * per_blk, per_blk);
        else
          first_extreme(c->k, v, on, k * per_blk, (k + 1) * per_blk, &res, &ix);
        put(t, dst, r * c->dst_rep * 8 + k, res);
      }
      break;
    case K_PAIR_SUM:
      for (int64_t j = 0; j < lanes / 2; j++)
        put(t, dst, r * c->dst_rep * (128 / t->es) + j,
            rnd(t, v[2 * j] + v[2 * j + 1]));
      break;
    case K_RED_SUM:
      sums[r] = tree(t, v, lanes);
      break;
    default: {
      double m = 0;
      int64_t mi = 0;
      first_extreme(c->k, v, on, 0, lanes, &m, &mi);
      mi += r * c->src_rep * per_blk;
      if (best_i < 0 || (is_max(c->k) ? m > best : m < best)) {
        best = m;
        best_i = mi;
      }
      break;
    }
    }
  }
  if (c->k == K_RED_SUM) {
    int64_t m = c->repeats;
    while (m > 1) {
      int64_t h = m / 2;
      for (int64_t i = 0; i < h; i++)
        sums[i] = rnd(t, sums[2 * i] + sums[2 * i + 1]);
      if (m & 1)
        sums[h] = sums[m - 1];
      m = h + (m & 1);
    }
    put(t, dst, 0, sums[0]);
  } else if (c->k == K_RED_MAX || c->k == K_RED_MIN) {
    put(t, dst, 0, best);
    if (c->cal_index)
      put_index(dst + t->es, t->es, best_i);
  }
}

/* The op line of a reduction case; %c.. constants are declared inline. */
static char *reduce_line(const etype *t, const rcase *c) {
  sbuf b = {0};
  const char *tt = t->ir;
  char lt[64];
  snprintf(lt, sizeof lt, "!ascendc.local_tensor<*x%s>", tt);
  sb_add(&b,
         "%%mk = arith.constant %lld : i32\n"
         "    %%rp = arith.constant %lld : i32\n"
         "    %%sb = arith.constant %lld : i32\n"
         "    %%sr = arith.constant %lld : i32\n"
         "    %%dr = arith.constant %lld : i32\n"
         "    %%ci = arith.constant %d : i8\n    ",
         (long long)c->count, (long long)c->repeats, (long long)c->src_blk,
         (long long)c->src_rep, (long long)c->dst_rep, c->cal_index);
  const char *mask = c->bits ? "%m0, %m1" : "%mk";
  const char *mty = c->bits ? "ui64, ui64" : "i32";
  const char *lv = c->bits ? "l1" : "l0";
  const char *mn = mnemonic[c->k];
  switch (c->k) {
  case K_WHOLE_SUM:
  case K_WHOLE_MAX:
  case K_WHOLE_MIN: {
    char attrs[64];
    if (c->k == K_WHOLE_SUM)
      snprintf(attrs, sizeof attrs, "{isSetMask}");
    else
      snprintf(attrs, sizeof attrs, "{isSetMask, order = %d : i32}", c->order);
    sb_add(
        &b,
        "ascendc.%s_%s %%zl, %%xl, %s, %%rp, %%dr, %%sb, %%sr %s : %s, %s, %s, "
        "i32, i32, i32, i32",
        mn, lv, mask, attrs, lt, lt, mty);
    break;
  }
  case K_REPEAT_SUM:
    sb_add(&b,
           "ascendc.%s_l0 %%zl, %%xl, %%rp, %%mk, %%c1, %%sb, %%dr, %%sr "
           "{isSetMask} : %s, %s, i32, i32, i32, i32, i32, i32",
           mn, lt, lt);
    break;
  case K_BLOCK_SUM:
  case K_BLOCK_MAX:
  case K_BLOCK_MIN:
  case K_PAIR_SUM:
    sb_add(
        &b,
        "ascendc.%s_%s %%zl, %%xl, %%rp, %s, %%dr, %%sb, %%sr %s: %s, %s, i32, "
        "%s, i32, i32, i32",
        mn, lv, mask, c->k == K_PAIR_SUM ? "{isSetMask} " : "", lt, lt, mty);
    break;
  case K_RED_SUM:
    sb_add(
        &b,
        "ascendc.%s_%s %%zl, %%xl, %%tl, %s, %%rp, %%sr : %s, %s, %s, %s, i32, "
        "i32",
        mn, lv, mask, lt, lt, lt, mty);
    break;
  default:
    sb_add(&b,
           "ascendc.%s_%s %%zl, %%xl, %%tl, %s, %%rp, %%sr, %%ci : %s, %s, %s, "
           "%s, "
           "i32, i32, i8",
           mn, lv, mask, lt, lt, lt, mty);
    break;
  }
  return b.s;
}

/* src x, dst z (holding the sentinel before the op), scratch t. */
static const ktensor reduce_tensors[3] = {
    {"x", NULL, false}, {"z", NULL, true}, {"t", NULL, false}};

/* Runs op_line on x (src) and z (dst, in and out) of type t. */
static casc_launch_status run_op(const etype *t, const char *op_line,
                                 uint64_t m0, uint64_t m1, uint8_t *x,
                                 uint8_t *z, char *msgs, size_t msgs_len) {
  static uint8_t scratch[TILE];
  ktensor ts[3];
  memcpy(ts, reduce_tensors, sizeof ts);
  for (int i = 0; i < 3; i++)
    ts[i].t = t;
  char *text = kernel_text(ts, 3, m0, m1, op_line);
  uint8_t *bufs[3] = {x, z, scratch};
  casc_launch_status st = run_text(text, ts, 3, bufs, msgs, msgs_len);
  free(text);
  return st;
}

static void fill_src(const etype *t, uint8_t *x) {
  for (int64_t i = 0; i < TILE / (int64_t)t->es; i++) {
    /* halves with up to 7 significant bits, floats with 24: the sums
     * round in both */
    int64_t k = (i * 7919) % 2001 - 1000;
    put(t, x, i, t->dt == CASC_DT_F16 ? k / 64.0 : (double)(float)(k / 3.0));
  }
}

static int nfailed_cases;

static void run_reduce_case(const etype *t, const rcase *c) {
  static uint8_t x[TILE], z[TILE], want[TILE];
  fill_src(t, x);
  for (int64_t i = 0; i < TILE / (int64_t)t->es; i++)
    put(t, want, i, SENTINEL);
  memcpy(z, want, TILE); /* dst holds the sentinel before the op */
  model(t, c, x, want);
  char *line = reduce_line(t, c);
  char msgs[2048];
  casc_launch_status st =
      run_op(t, line, c->m0, c->m1, x, z, msgs, sizeof msgs);
  bool ok = st == CASC_LAUNCH_OK && memcmp(z, want, TILE) == 0;
  if (!ok) {
    nfailed_cases++;
    fprintf(stderr, "%s %s mask=%s order=%d: status %d\n%s", mnemonic[c->k],
            t->ir, c->bits ? "bits" : "count", c->order, (int)st, msgs);
    for (int64_t i = 0, shown = 0; i < TILE / (int64_t)t->es && shown < 6; i++)
      if (memcmp(z + i * t->es, want + i * t->es, t->es)) {
        fprintf(stderr, "  [%lld] got %.9g want %.9g\n", (long long)i,
                get(t, z, i), get(t, want, i));
        shown++;
      }
  }
  CHECK(ok);
  free(line);
}

static void test_reductions(void) {
  const etype *types[2] = {&E_F16, &E_F32};
  for (int ti = 0; ti < 2; ti++) {
    const etype *t = types[ti];
    const int64_t lanes = 256 / t->es;
    for (int k = 0; k < K_COUNT_; k++)
      for (int bits = 0; bits < 2; bits++) {
        if (bits && k == K_REPEAT_SUM)
          continue; /* RepeatReduceSum has no mask-array form */
        bool all = k >= K_RED_SUM;
        rcase c = {.k = (kind)k,
                   .bits = bits,
                   /* leaves the last 5 lanes (and in block reduce a
                    * partly selected last block) */
                   .count = lanes - 5,
                   /* leaves lanes out everywhere, empties block 2 */
                   .m0 = t->es == 2 ? 0xf0f0ff00f0f0f0f5ull
                                    : 0xf0f000000f0ff0f5ull,
                   .m1 = t->es == 2 ? 0x00ff00ff00f00f01ull : 0,
                   .src_blk = all ? 1 : 2, /* skip every other block */
                   .src_rep = 16,
                   .dst_rep = all ? 0 : 2, /* leave a gap between results */
                   .repeats = REPS,
                   .cal_index = 1};
        int orders = k == K_WHOLE_MAX || k == K_WHOLE_MIN ? 4 : 1;
        for (int o = 0; o < orders; o++) {
          c.order = o;
          run_reduce_case(t, &c);
        }
        if (k == K_RED_MAX) { /* without the index */
          c.cal_index = 0;
          run_reduce_case(t, &c);
        }
      }
  }
  /* One repeat of a float sum in full (no mask gap, contiguous): the
   * common use, to see the tree rounding on its own. */
  rcase c = {.k = K_WHOLE_SUM,
             .count = 64,
             .src_blk = 1,
             .src_rep = 8,
             .dst_rep = 1,
             .repeats = 5};
  run_reduce_case(&E_F32, &c);
  CHECK_EQ_INT(nfailed_cases, 0);
}

/* ---- Duplicate ---------------------------------------------------------- */

typedef struct {
  const char *ir;
  casc_dtype dt;
  unsigned es;
  const char *scalar;
  uint32_t bits; /* the scalar's bit pattern in the element type */
} dup_type;

static void test_duplicate(void) {
  /* -7 as the sentinel (dst's content before the op); 2.5 / 1234 / 0xbeef
   * as the scalar */
  static const dup_type types[] = {
      {"f16", CASC_DT_F16, 2, "2.5", 0x4100},
      {"bf16", CASC_DT_BF16, 2, "2.5", 0x4020},
      {"f32", CASC_DT_F32, 4, "2.5", 0x40200000},
      {"i16", CASC_DT_I16, 2, "1234", 1234},
      {"ui16", CASC_DT_U16, 2, "48879", 0xbeef},
      {"i32", CASC_DT_I32, 4, "-1234", (uint32_t)-1234},
      {"ui32", CASC_DT_U32, 4, "48879", 0xbeef},
  };
  for (unsigned ti = 0; ti < sizeof types / sizeof types[0]; ti++)
    for (int bits = 0; bits < 2; bits++) {
      const dup_type *d = &types[ti];
      const int64_t lanes = 256 / d->es, per_blk = 32 / d->es;
      const int64_t blk = 2, rep = 17, count = lanes - 3;
      const uint64_t m0 = 0x8000f00ff00ff0f1ull,
                     m1 = d->es == 2 ? 0x0f000000000000f0ull : 0;
      char line[512];
      snprintf(line, sizeof line,
               "%%sc = arith.constant %s : %s\n"
               "    %%mk = arith.constant %lld : i32\n"
               "    %%rp = arith.constant %d : i32\n"
               "    %%db = arith.constant %lld : i32\n"
               "    %%dr = arith.constant %lld : i32\n"
               "    ascendc.duplicate_%s %%zl, %%sc, %s, %%rp, %%db, %%dr "
               "{isSetMask} : !ascendc.local_tensor<*x%s>, %s, %s, i32, i32, "
               "i32",
               d->scalar, d->ir, (long long)count, REPS, (long long)blk,
               (long long)rep, bits ? "l1" : "l0", bits ? "%m0, %m1" : "%mk",
               d->ir, d->ir, bits ? "ui64, ui64" : "i32");
      /* the sentinel -7 in the element type, and its bits */
      uint32_t sent = d->dt == CASC_DT_F16    ? 0xc700
                      : d->dt == CASC_DT_BF16 ? 0xc0e0
                      : d->dt == CASC_DT_F32  ? 0xc0e00000
                                              : (uint32_t)-7;
      static uint8_t x[TILE], z[TILE], want[TILE];
      memset(x, 0, sizeof x);
      for (int64_t i = 0; i < TILE / (int64_t)d->es; i++)
        memcpy(want + i * d->es, &sent, d->es);
      memcpy(z, want, TILE);
      for (int64_t r = 0; r < REPS; r++)
        for (int64_t e = 0; e < lanes; e++) {
          bool on =
              bits ? ((e < 64 ? m0 >> e : m1 >> (e - 64)) & 1) : e < count;
          if (on)
            memcpy(want + (r * rep * 32 + (e / per_blk) * blk * 32 +
                           (e % per_blk) * d->es),
                   &d->bits, d->es);
        }
      char msgs[2048];
      const etype et = {d->ir, d->dt, d->es};
      casc_launch_status st =
          run_op(&et, line, m0, m1, x, z, msgs, sizeof msgs);
      bool ok = st == CASC_LAUNCH_OK && memcmp(z, want, TILE) == 0;
      if (!ok)
        fprintf(stderr, "duplicate %s %s: status %d\n%s", d->ir,
                bits ? "bits" : "count", (int)st, msgs);
      CHECK(ok);
    }
}

/* pyasc types Duplicate's repeat count and strides int8 (the C++ takes
 * uint8_t): -126 means 130 repeats, here all onto the first 256 bytes
 * (dstRepeatStride 0). Before, the simulator read -126 and refused it. */
static void test_int8_repeat_count(void) {
  static uint8_t x[TILE], z[TILE], want[TILE];
  for (int64_t i = 0; i < TILE / 4; i++)
    put(&E_F32, want, i, SENTINEL);
  memcpy(z, want, TILE);
  for (int64_t i = 0; i < 64; i++)
    put(&E_F32, want, i, 2.5);
  const char *line =
      "%sc = arith.constant 2.5 : f32\n"
      "    %mk = arith.constant 64 : i32\n"
      "    %rp = arith.constant -126 : i8\n"
      "    %db = arith.constant 1 : i8\n"
      "    %dr = arith.constant 0 : i8\n"
      "    ascendc.duplicate_l0 %zl, %sc, %mk, %rp, %db, %dr {isSetMask} : "
      "!ascendc.local_tensor<*xf32>, f32, i32, i8, i8, i8";
  char msgs[2048];
  casc_launch_status st = run_op(&E_F32, line, 0, 0, x, z, msgs, sizeof msgs);
  if (st != CASC_LAUNCH_OK)
    fprintf(stderr, "%s", msgs);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK(memcmp(z, want, TILE) == 0);
}

/* ---- the sanitizer ------------------------------------------------------ */

static void expect_error(const rcase *c, const etype *t, const char *what) {
  static uint8_t x[TILE], z[TILE];
  fill_src(t, x);
  char *line = reduce_line(t, c);
  char msgs[2048];
  casc_launch_status st =
      run_op(t, line, c->m0, c->m1, x, z, msgs, sizeof msgs);
  CHECK(st != CASC_LAUNCH_OK);
  if (!strstr(msgs, what))
    fprintf(stderr, "expected '%s' in:\n%s", what, msgs);
  CHECK(strstr(msgs, what) != NULL);
  free(line);
}

static void test_sanitizer(void) {
  rcase c = {.k = K_WHOLE_SUM,
             .count = 64,
             .src_blk = 1,
             .src_rep = 8,
             .dst_rep = 1,
             .repeats = 256};
  expect_error(&c, &E_F32, "repeatTimes is 256; the hardware takes 0..255");
  c.repeats = 2;
  c.count = 65; /* a float repeat has 64 lanes */
  expect_error(&c, &E_F32, "mask is 65; for f32 it is an element count 1..64");
  c.bits = true;
  c.m0 = 1;
  c.m1 = 2; /* a mask wider than 32-bit elements allow */
  expect_error(&c, &E_F32, "mask[1] is 0x2");
  c.bits = false;
  c.count = 64;
  c.src_rep = 60; /* the last repeat reads past the 2 KiB tile */
  expect_error(&c, &E_F32, "outside its tensor");
  c.src_rep = 8;
  c.src_blk = -1;
  expect_error(&c, &E_F32, "srcBlkStride is -1; the hardware takes 0..65535");
  /* ReduceSum takes more than 255 repeats (its own rule); 300 full
   * repeats of float read 75 KiB, past the tile: the reach is checked. */
  rcase r = {
      .k = K_RED_SUM, .count = 64, .src_blk = 1, .src_rep = 8, .repeats = 300};
  expect_error(&r, &E_F32, "outside its tensor");
}

int main(void) {
  RUN_TEST(test_reductions);
  RUN_TEST(test_duplicate);
  RUN_TEST(test_int8_repeat_count);
  RUN_TEST(test_sanitizer);
  return CHECK_SUMMARY();
}
