/* MrgSort with MrgSort4Info (`mrg_sort_with_info`, as pyasc's
 * asc.MrgSort4Info builds it: a local array of lengths in an
 * ascendc.construct) and GetMrgSortResult against a plain C merge: 2..4
 * sorted lists of (score, index) structures, half and float, ties taken
 * from the earlier list, with and without isExhaustedSuspension, two
 * repeats over four contiguous lists; the four counts GetMrgSortResult
 * returns after each form of MrgSort; dst bytes past the merge untouched;
 * a validBit the hardware does not take is an error. */
#include "check.h"
#include "sim_vec_harness.h"

enum { PAIR = 8, NPAIRS = TILE / PAIR };

static const etype E_U16 = {"ui16", CASC_DT_U16, 2};

typedef struct {
  int nlists, valid, repeats;
  bool suspend, count_form; /* count_form: the elementCountList row */
  int len[4], start[4];     /* in structures */
} mcase;

/* The op lines: the lists, the merge, GetMrgSortResult's four counts
 * stored into %rl[0..3]. */
static char *merge_lines(const etype *t, const mcase *c) {
  const char *ty = t->ir;
  const int per = PAIR / (int)t->es;
  sbuf b = {0};
  for (int k = 0; k < c->nlists; k++)
    sb_add(
        &b,
        "%%o%d = arith.constant %d : i32\n"
        "    %%s%d = ascendc.local_tensor.subindex %%xl[%%o%d] : "
        "!ascendc.local_tensor<*x%s>, i32, !ascendc.local_tensor<*x%s>\n    ",
        k, c->start[k] * per, k, k, ty, ty);
  sb_add(&b, "%%list = ascendc.construct !ascendc.mrg_sort_src_list<%s>(", ty);
  for (int k = 0; k < c->nlists; k++)
    sb_add(&b, "%s%%s%d", k ? ", " : "", k);
  sb_add(&b, ") [");
  for (int k = 0; k < c->nlists; k++)
    sb_add(&b, "%s!ascendc.local_tensor<*x%s>", k ? ", " : "", ty);
  sb_add(&b, "] : ");
  for (int k = 0; k < c->nlists; k++)
    sb_add(&b, "%s!ascendc.local_tensor<*x%s>", k ? ", " : "", ty);
  sb_add(
      &b,
      "\n    %%vb = \"emitc.constant\"() <{value = %d : ui16}> : () -> ui16\n"
      "    %%rp = \"emitc.constant\"() <{value = %d : ui16}> : () -> ui16\n",
      c->valid, c->repeats);
  for (int k = 0; k < 4; k++)
    sb_add(&b,
           "    %%n%d = \"emitc.constant\"() <{value = %d : ui16}> : () -> "
           "ui16\n",
           k, c->len[k]);
  if (c->count_form) {
    sb_add(&b,
           "    %%z0 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
           "    ascendc.mrg_sort %%zl, %%list, %%n0, %%n1, %%n2, %%n3, %%z0, "
           "%%z0, %%z0, %%z0, %%vb, %%rp {operandSegmentSizes = array<i32: 1, "
           "1, 4, 4, 1, 1>%s} : !ascendc.local_tensor<*x%s>, "
           "!ascendc.mrg_sort_src_list<%s>, ui16, ui16, ui16, ui16, ui32, "
           "ui32, ui32, ui32, ui16, ui16\n",
           c->suspend ? ", isExhaustedSuspension" : "", ty, ty);
  } else {
    sb_add(&b, "    %%lens = memref.alloca() : memref<4xui16>\n");
    for (int k = 0; k < 4; k++)
      sb_add(&b,
             "    %%i%d = arith.constant %d : index\n"
             "    memref.store %%n%d, %%lens[%%i%d] : memref<4xui16>\n",
             k, k, k, k);
    sb_add(&b,
           "    %%sus = arith.constant %d : i8\n"
           "    %%info = ascendc.construct !ascendc.mrg_sort4_info(%%lens, "
           "%%sus, %%vb, %%rp) [memref<4xui16>, i1, ui16, ui16] : "
           "memref<4xui16>, i8, ui16, ui16\n"
           "    ascendc.mrg_sort_with_info %%zl, %%list, %%info : "
           "!ascendc.local_tensor<*x%s>, !ascendc.mrg_sort_src_list<%s>, "
           "!ascendc.mrg_sort4_info\n",
           c->suspend ? 1 : 0, ty, ty);
  }
  sb_add(&b, "    %%g0, %%g1, %%g2, %%g3 = ascendc.get_mrg_sort_result : "
             "ui16, ui16, ui16, ui16\n");
  for (int k = 0; k < 4; k++)
    sb_add(&b,
           "    %%j%d = arith.constant %d : i32\n"
           "    ascendc.local_tensor.set_value %%rl, %%j%d, %%g%d : "
           "!ascendc.local_tensor<*xui16>, i32, ui16\n",
           k, k, k, k);
  return b.s;
}

static casc_launch_status run(const etype *t, const mcase *c, uint8_t *x,
                              uint8_t *z, uint8_t *r, char *msgs, size_t n) {
  char *line = merge_lines(t, c);
  ktensor ts[3] = {{"x", t, false}, {"z", t, true}, {"r", &E_U16, true}};
  char *text = kernel_text(ts, 3, 0, 0, line);
  uint8_t *bufs[3] = {x, z, r};
  casc_launch_status st = run_text(text, ts, 3, bufs, msgs, n);
  free(text);
  free(line);
  return st;
}

/* Structure p of buf: its score, its index. */
static double score(const etype *t, const uint8_t *buf, int p) {
  return get(t, buf + p * PAIR, 0);
}

/* Fills the lists of c in x: list k sorted descending with scores that tie
 * with other lists' (so the earlier-list rule matters), index 100k + i. */
static void fill(const etype *t, const mcase *c, uint8_t *x) {
  memset(x, 0x3c, TILE);
  for (int rep = 0; rep < c->repeats; rep++)
    for (int k = 0; k < c->nlists; k++) {
      int at =
          c->start[k] + rep * (c->len[0] + c->len[1] + c->len[2] + c->len[3]);
      for (int i = 0; i < c->len[k]; i++) {
        uint8_t *p = x + (at + i) * PAIR;
        memset(p, 0, PAIR);
        put(t, p, 0, 40 - 3 * i - (k % 2) * 3 - rep); /* ties across lists */
        uint32_t ix = (uint32_t)(1000 * rep + 100 * k + i);
        memcpy(p + 4, &ix, 4);
      }
    }
}

/* The C model: merge, descending, an equal score from the earlier list;
 * stops when a list runs out with suspend. want = z before, merged in;
 * taken[] what the last repeat took from each list. */
static void model(const etype *t, const mcase *c, const uint8_t *x,
                  uint8_t *want, int taken[4]) {
  int nl = c->valid == 3 ? 2 : c->valid == 7 ? 3 : 4;
  int sum = 0; /* the lists past validBit do not count */
  for (int k = 0; k < nl; k++)
    sum += c->len[k];
  for (int rep = 0; rep < c->repeats; rep++) {
    int head[4] = {0, 0, 0, 0}, o = 0;
    for (;;) {
      int best = -1;
      bool out = false;
      for (int k = 0; k < nl; k++) {
        if (head[k] == c->len[k]) {
          out = true;
          continue;
        }
        int p = c->start[k] + rep * sum + head[k];
        if (best < 0 ||
            score(t, x, p) >
                score(t, x, c->start[best] + rep * sum + head[best]))
          best = k;
      }
      if (best < 0 || (c->suspend && out))
        break;
      memcpy(want + (rep * sum + o) * PAIR,
             x + (c->start[best] + rep * sum + head[best]) * PAIR, PAIR);
      head[best]++;
      o++;
    }
    for (int k = 0; k < 4; k++)
      taken[k] = head[k];
  }
}

static void check_case(const etype *t, const mcase *c, const char *what) {
  static uint8_t x[TILE], z[TILE], r[TILE], want[TILE];
  fill(t, c, x);
  memset(z, 0x77, TILE);
  memcpy(want, z, TILE);
  memset(r, 0xee, TILE);
  int taken[4];
  model(t, c, x, want, taken);
  char msgs[2048];
  casc_launch_status st = run(t, c, x, z, r, msgs, sizeof msgs);
  if (st != CASC_LAUNCH_OK || strstr(msgs, "error"))
    fprintf(stderr, "%s %s: %s\n", what, t->ir, msgs);
  CHECK(st == CASC_LAUNCH_OK);
  bool same = memcmp(z, want, TILE) == 0;
  if (!same)
    for (int p = 0; p < NPAIRS; p++)
      if (memcmp(z + p * PAIR, want + p * PAIR, PAIR)) {
        fprintf(stderr, "%s %s: structure %d differs\n", what, t->ir, p);
        break;
      }
  CHECK(same);
  for (int k = 0; k < 4; k++) {
    uint16_t got;
    memcpy(&got, r + 2 * k, 2);
    if (got != taken[k])
      fprintf(stderr, "%s %s: GetMrgSortResult list %d: %u, want %d\n", what,
              t->ir, k + 1, got, taken[k]);
    CHECK(got == taken[k]);
  }
}

static void check_bad_valid_bit(const etype *t) {
  static uint8_t x[TILE], z[TILE], r[TILE];
  mcase c = {2, 5, 1, false, false, {4, 4, 0, 0}, {0, 4, 0, 0}};
  fill(t, &c, x);
  char msgs[2048];
  CHECK(run(t, &c, x, z, r, msgs, sizeof msgs) != CASC_LAUNCH_OK);
  CHECK(strstr(msgs, "MrgSort: validBit is 5; it is 3, 7 or 15") != NULL);
}

static void test_mrg_sort_info(void) {
  const etype *types[2] = {&E_F16, &E_F32};
  for (int i = 0; i < 2; i++) {
    const etype *t = types[i];
    /* four lists, one run to the end */
    mcase all = {4, 15, 1, false, false, {6, 4, 5, 3}, {0, 6, 10, 15}};
    check_case(t, &all, "info, 4 lists");
    /* three valid lists (the fourth's length ignored), suspension: stops
     * when the 4-long list runs out; GetMrgSortResult says how far */
    mcase sus = {4, 7, 1, true, false, {6, 4, 5, 9}, {20, 0, 30, 40}};
    check_case(t, &sus, "info, suspension");
    /* two lists, the second empty, suspension: nothing merged */
    mcase empty = {2, 3, 1, true, false, {5, 0, 0, 0}, {0, 5, 0, 0}};
    check_case(t, &empty, "info, empty list");
    /* two repeats of four contiguous lists of one length */
    mcase rep = {4, 15, 2, false, false, {4, 4, 4, 4}, {0, 4, 8, 12}};
    check_case(t, &rep, "info, 2 repeats");
  }
}

/* The elementCountList form feeds GetMrgSortResult too. */
static void test_count_list_result(void) {
  mcase cnt = {3, 7, 1, true, true, {3, 6, 5, 0}, {0, 3, 9, 0}};
  check_case(&E_F16, &cnt, "count list, suspension");
  check_case(&E_F32, &cnt, "count list, suspension");
}

static void test_bad_valid_bit(void) {
  check_bad_valid_bit(&E_F16);
  check_bad_valid_bit(&E_F32);
}

int main(void) {
  RUN_TEST(test_mrg_sort_info);
  RUN_TEST(test_count_list_result);
  RUN_TEST(test_bad_valid_bit);
  return CHECK_SUMMARY();
}
