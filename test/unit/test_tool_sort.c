/* The sort family end to end (casc/asc_data.h): Sort (per 32 and full),
 * Extract, and MrgSort (2, 3 and 4 lists, empty and uneven lists, a
 * repeat over contiguous lists, isExhaustedSuspension) built with the C
 * API, run on the simulator and compared bit for bit with a plain C model
 * of docs/simulator.md's rules: descending scores, ties in input order
 * (an earlier list first), NaN after every number, (score, index) pairs of
 * 8 bytes with half's reserved bytes 0. Then the checks: a validBit the
 * hardware does not take, a repeat over lists that are not contiguous,
 * dst overlapping a list, an unsorted list (a warning), and the C API's
 * dtype checks. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { N = 128, BYTES = N * 8 };

/* ---- values -------------------------------------------------------------- */

static uint16_t half_of(double v) { /* exact for the values used here */
  if (isnan(v))
    return 0x7e00;
  if (v == 0)
    return signbit(v) ? 0x8000 : 0;
  uint16_t s = v < 0 ? 0x8000 : 0;
  int e;
  double m = frexp(fabs(v), &e);
  return s | (uint16_t)((e - 1 + 15) << 10) | (uint16_t)((m * 2 - 1) * 1024);
}

/* Score bytes of v in dtype dt (2 or 4 bytes). */
static void put_score(uint8_t *p, bool f32, double v) {
  if (f32) {
    float f = (float)v;
    memcpy(p, &f, 4);
  } else {
    uint16_t h = half_of(v);
    memcpy(p, &h, 2);
  }
}

/* The input scores: many ties, one NaN, negative and positive. */
static double score_of(int i) {
  if (i == 37)
    return NAN;
  return ((i * 29) % 23 - 11) / 4.0;
}

/* ---- the model ----------------------------------------------------------- */

typedef struct {
  double s;
  int pos;
  uint32_t idx;
} item;

static bool before(double a, double b) {
  return !isnan(a) && (isnan(b) || a > b);
}

/* Stable descending insertion sort of it[0..n). */
static void model_sort(item *it, int n) {
  for (int i = 1; i < n; i++) {
    item v = it[i];
    int j = i;
    while (j > 0 && before(v.s, it[j - 1].s)) {
      it[j] = it[j - 1];
      j--;
    }
    it[j] = v;
  }
}

static void put_pair(uint8_t *p, bool f32, double s, uint32_t idx) {
  memset(p, 0, 8);
  put_score(p, f32, s);
  memcpy(p + 4, &idx, 4);
}

/* ---- kernels ------------------------------------------------------------- */

typedef struct {
  bool f32;
  int what; /* 0 Sort + Extract, 1 MrgSort */
  bool full;
  /* MrgSort */
  int nlists, valid, repeat;
  uint16_t counts[4];
  int start[4]; /* each list's first pair in x */
  bool suspend;
  bool overlap; /* dst is x itself */
} kparams;

static asc_local_tensor tile(asc_tpipe pipe, asc_gm_addr a, asc_dtype dt,
                             int bytes, bool in, asc_tquebind *q,
                             asc_global_tensor *g) {
  int n = bytes / (int)asc_dtype_sizeof(dt);
  *g = asc_globaltensor();
  asc_globaltensor_set_global_buffer(*g, a, n);
  *q = asc_tque(in ? ASC_TPOSITION_VECIN : ASC_TPOSITION_VECOUT, 1);
  asc_tpipe_init_buffer(pipe, *q, 1, bytes);
  asc_local_tensor l = asc_tquebind_alloc_tensor(*q, dt);
  if (in)
    asc_data_copy(l, *g, n);
  return l;
}

/* x: scores (Sort) or the lists' pairs (MrgSort), T; ix: indices; d: the
 * pairs out (T); v, o: Extract's values (T) and indices. */
static void kernel(asc_kernel *k, void *user) {
  const kparams *p = user;
  asc_dtype t = p->f32 ? ASC_FLOAT : ASC_HALF;
  asc_gm_addr ax = asc_arg_gm(k, "x", t), aix = asc_arg_gm(k, "ix", ASC_UINT32),
              ad = asc_arg_gm(k, "d", t), av = asc_arg_gm(k, "v", t),
              ao = asc_arg_gm(k, "o", ASC_UINT32);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q[6];
  asc_global_tensor g[5];
  asc_local_tensor x = tile(pipe, ax, t, BYTES, true, &q[0], &g[0]);
  asc_local_tensor ix = tile(pipe, aix, ASC_UINT32, N * 4, true, &q[1], &g[1]);
  asc_local_tensor d = tile(pipe, ad, t, BYTES, false, &q[2], &g[2]);
  asc_local_tensor v = tile(pipe, av, t, N * 4, false, &q[3], &g[3]);
  asc_local_tensor o = tile(pipe, ao, ASC_UINT32, N * 4, false, &q[4], &g[4]);
  asc_set_flag(ASC_HARDEVENT_MTE2_V);
  asc_wait_flag(ASC_HARDEVENT_MTE2_V);
  if (p->what == 0) {
    asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
    asc_tpipe_init_buffer(pipe, tb, BYTES);
    asc_local_tensor tmp = asc_tbuf_get(tb, t);
    if (p->full)
      asc_sort(d, x, ix, tmp, N / 32, 1);
    else
      asc_sort(d, x, ix, tmp, N / 32);
    asc_adv_extract(v, o, d, N / 32);
  } else {
    int per = 8 / (int)asc_dtype_sizeof(t); /* elements of one pair */
    asc_local_tensor l[4];
    for (int i = 0; i < 4; i++)
      l[i] = asc_localtensor_subindex(x, p->start[i] * per);
    asc_mrg_sort_src_list sl =
        p->nlists == 2   ? asc_mrgsortsrclist(t, l[0], l[1])
        : p->nlists == 3 ? asc_mrgsortsrclist(t, l[0], l[1], l[2])
                         : asc_mrgsortsrclist(t, l[0], l[1], l[2], l[3]);
    if (p->suspend)
      asc_mrg_sort(p->overlap ? x : d, sl, p->counts, p->valid, p->repeat, 1);
    else
      asc_mrg_sort(p->overlap ? x : d, sl, p->counts, p->valid, p->repeat);
  }
  asc_set_flag(ASC_HARDEVENT_V_MTE3);
  asc_wait_flag(ASC_HARDEVENT_V_MTE3);
  asc_data_copy(g[2], d, BYTES / (int)asc_dtype_sizeof(t));
  asc_data_copy(g[3], v, N);
  asc_data_copy(g[4], o, N);
  asc_tquebind_free_tensor(q[0], x);
  asc_tquebind_free_tensor(q[1], ix);
  asc_tquebind_free_tensor(q[2], d);
  asc_tquebind_free_tensor(q[3], v);
  asc_tquebind_free_tensor(q[4], o);
}

static int nerr, nwarn, nunsorted;
static char last_msg[512];
static void collect(const casc_diag *dg, void *user) {
  (void)user;
  if (dg->sev == CASC_SEV_WARNING)
    nwarn++;
  else
    nerr++;
  if (strstr(dg->msg, "list 1 of sortList is not sorted"))
    nunsorted++;
  else
    snprintf(last_msg, sizeof last_msg, "%s", dg->msg);
}

static uint8_t X[BYTES], IX[N * 4], D[BYTES], V[N * 4], O[N * 4];

static bool run(const kparams *p) {
  casc_ctx *ctx = casc_ctx_new();
  nerr = nwarn = nunsorted = 0;
  last_msg[0] = 0;
  casc_ctx_set_diag_handler(ctx, collect, NULL);
  casc_op *m = casc_jit_build(ctx, "k", kernel, (void *)p);
  bool ok = false;
  if (m) {
    casc_dtype t = p->f32 ? CASC_DT_F32 : CASC_DT_F16;
    unsigned es = p->f32 ? 4 : 2;
    casc_arg args[5] = {
        casc_arg_gm(X, t, BYTES / es), casc_arg_gm(IX, CASC_DT_U32, N),
        casc_arg_gm(D, t, BYTES / es), casc_arg_gm(V, t, N * 4 / es),
        casc_arg_gm(O, CASC_DT_U32, N)};
    ok = casc_launch(ctx, m, "k", 1, args, 5, NULL, NULL) == CASC_LAUNCH_OK;
  } else {
    fprintf(stderr, "build failed: %s\n", last_msg);
  }
  casc_ctx_free(ctx);
  return ok;
}

/* ---- Sort + Extract ------------------------------------------------------ */

static void test_sort_extract(void) {
  for (int f = 0; f < 2; f++)
    for (int full = 0; full < 2; full++) {
      kparams p = {.f32 = f == 1, .what = 0, .full = full == 1};
      unsigned es = p.f32 ? 4 : 2;
      item it[N];
      memset(X, 0, sizeof X);
      for (int i = 0; i < N; i++) {
        put_score(X + i * es, p.f32, score_of(i));
        uint32_t idx = (uint32_t)(1000 + i * 3);
        memcpy(IX + i * 4, &idx, 4);
        it[i] = (item){score_of(i), i, idx};
      }
      int run_len = p.full ? N : 32;
      for (int s = 0; s < N; s += run_len)
        model_sort(it + s, run_len);
      uint8_t want_d[BYTES], want_v[N * 4];
      uint32_t want_o[N];
      memset(want_v, 0, sizeof want_v);
      for (int i = 0; i < N; i++) {
        put_pair(want_d + i * 8, p.f32, it[i].s, it[i].idx);
        put_score(want_v + i * es, p.f32, it[i].s);
        want_o[i] = it[i].idx;
      }
      memset(V, 0, sizeof V);
      CHECK(run(&p));
      CHECK_EQ_INT(nerr, 0);
      CHECK_EQ_INT(nwarn, 0);
      bool d_ok = memcmp(D, want_d, BYTES) == 0;
      bool v_ok = memcmp(V, want_v, N * es) == 0;
      bool o_ok = memcmp(O, want_o, N * 4) == 0;
      if (!d_ok || !v_ok || !o_ok)
        fprintf(stderr, "Sort %s %s: pairs %d values %d indices %d\n",
                p.f32 ? "float" : "half", p.full ? "full" : "per 32", d_ok,
                v_ok, o_ok);
      CHECK(d_ok && v_ok && o_ok);
    }
}

/* ---- MrgSort ------------------------------------------------------------- */

/* Fill X with the lists: list k's j-th pair has a descending score with
 * ties across lists, and index 100k + j. */
static void fill_lists(const kparams *p, item lists[4][64]) {
  memset(X, 0, sizeof X);
  for (int r = 0; r < p->repeat; r++)
    for (int k = 0; k < p->nlists; k++) {
      int total = 0;
      for (int q = 0; q < p->nlists; q++)
        total += p->counts[q];
      for (int j = 0; j < p->counts[k]; j++) {
        double s = 8 - (j * (k + 2)) / 2.0 - r; /* ties between lists */
        uint32_t idx = (uint32_t)(1000 * r + 100 * k + j);
        put_pair(X + (r * total + p->start[k] + j) * 8, p->f32, s, idx);
        if (r == 0)
          lists[k][j] = (item){s, j, idx};
      }
    }
}

/* The merge of repeat 0 (the model), into want; returns its pairs. */
static int model_merge(const kparams *p, item lists[4][64], uint8_t *want) {
  int head[4] = {0, 0, 0, 0}, o = 0;
  for (;;) {
    int best = -1;
    bool exhausted = false;
    for (int k = 0; k < p->nlists; k++) {
      if (head[k] == p->counts[k]) {
        exhausted = true;
        continue;
      }
      if (best < 0 || before(lists[k][head[k]].s, lists[best][head[best]].s))
        best = k;
    }
    if (best < 0 || (p->suspend && exhausted))
      return o;
    item *it = &lists[best][head[best]++];
    put_pair(want + 8 * o++, p->f32, it->s, it->idx);
  }
}

static void check_merge(kparams p, const char *what) {
  item lists[4][64];
  uint8_t want[BYTES];
  memset(want, 0, sizeof want);
  fill_lists(&p, lists);
  int n = model_merge(&p, lists, want);
  CHECK(run(&p));
  CHECK_EQ_INT(nerr, 0);
  bool ok = memcmp(D, want, (size_t)n * 8) == 0;
  if (!ok) {
    fprintf(stderr, "MrgSort %s (%s): %d pairs differ from the model\n", what,
            p.f32 ? "float" : "half", n);
    for (int i = 0; i < n && getenv("SORT_DEBUG"); i++) {
      uint32_t gi, wi;
      memcpy(&gi, D + i * 8 + 4, 4);
      memcpy(&wi, want + i * 8 + 4, 4);
      fprintf(stderr, "  %d: got %u want %u\n", i, gi, wi);
    }
  }
  CHECK(ok);
}

static void test_mrg_sort(void) {
  for (int f = 0; f < 2; f++) {
    kparams p = {.f32 = f == 1,
                 .what = 1,
                 .nlists = 4,
                 .valid = 15,
                 .repeat = 1,
                 .counts = {7, 0, 12, 5},
                 .start = {0, 20, 30, 50}};
    check_merge(p, "four uneven lists, one empty");
    kparams two = {.f32 = f == 1,
                   .what = 1,
                   .nlists = 2,
                   .valid = 3,
                   .repeat = 1,
                   .counts = {9, 6},
                   .start = {40, 0}};
    check_merge(two, "two lists");
    kparams three = {.f32 = f == 1,
                     .what = 1,
                     .nlists = 4,
                     .valid = 7,
                     .repeat = 1,
                     .counts = {4, 8, 3, 0},
                     .start = {0, 4, 12, 0}};
    check_merge(three, "three of four lists");
    kparams sus = p;
    sus.counts[1] = 3;
    sus.suspend = true;
    check_merge(sus, "isExhaustedSuspension");
    /* two repeats of four contiguous lists of 8: each repeat merges its
     * own 32 pairs; the model checks the first, the second is the first
     * shifted by -1 in score (fill_lists) */
    kparams rep = {.f32 = f == 1,
                   .what = 1,
                   .nlists = 4,
                   .valid = 15,
                   .repeat = 2,
                   .counts = {8, 8, 8, 8},
                   .start = {0, 8, 16, 24}};
    check_merge(rep, "two repeats");
    /* and repeat 1 is sorted in its own 32 pairs */
    for (int i = 33; i < 64; i++) {
      double a, b;
      if (p.f32) {
        float fa, fb;
        memcpy(&fa, D + (i - 1) * 8, 4);
        memcpy(&fb, D + i * 8, 4);
        a = fa, b = fb;
      } else {
        uint16_t ha, hb;
        memcpy(&ha, D + (i - 1) * 8, 2);
        memcpy(&hb, D + i * 8, 2);
        /* sign and magnitude: monotonic in the half's value */
        a = (ha & 0x8000) ? -(double)(ha & 0x7fff) : (double)ha;
        b = (hb & 0x8000) ? -(double)(hb & 0x7fff) : (double)hb;
      }
      CHECK(a >= b);
    }
  }
}

static void test_mrg_sort_checks(void) {
  kparams p = {.f32 = true,
               .what = 1,
               .nlists = 4,
               .valid = 5,
               .repeat = 1,
               .counts = {2, 2, 2, 2},
               .start = {0, 2, 4, 6}};
  item lists[4][64];
  fill_lists(&p, lists);
  CHECK(!run(&p));
  CHECK_CONTAINS(last_msg, "validBit is 5; it is 3, 7 or 15");
  p.valid = 15;
  p.repeat = 2;
  p.start[3] = 10; /* not contiguous */
  CHECK(!run(&p));
  CHECK_CONTAINS(last_msg, "more than one repeat needs four lists");
  p.repeat = 1;
  p.overlap = true;
  CHECK(!run(&p));
  CHECK_CONTAINS(last_msg, "dst overlaps list 1 of sortList");
  /* an unsorted list: a warning, the merge still runs */
  p.overlap = false;
  fill_lists(&p, lists);
  put_pair(X + 8, true, 100, 7); /* list 1's second pair above its first */
  CHECK(run(&p));
  CHECK_EQ_INT(nunsorted, 1);
}

static void misuse_kernel(asc_kernel *k, void *user) {
  (void)user;
  (void)k;
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf b = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, b, 1024);
  asc_local_tensor f = asc_tbuf_get(b, ASC_FLOAT);
  asc_local_tensor h = asc_tbuf_get(b, ASC_HALF);
  asc_local_tensor i32 = asc_tbuf_get(b, ASC_INT32);
  asc_local_tensor u32 = asc_tbuf_get(b, ASC_UINT32);
  asc_sort(f, i32, u32, f, 1);
  asc_sort(f, f, i32, f, 1);
  asc_adv_extract(h, u32, f, 1);
  asc_mrg_sort_src_list l = asc_mrgsortsrclist(ASC_FLOAT, f, h);
  (void)l;
}

static void test_misuse(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", misuse_kernel, NULL) == NULL);
  REQUIRE(diags.n == 4);
  CHECK_CONTAINS(diags.items[0]->msg,
                 "asc_sort: concat has dtype int32; the sort APIs take half");
  CHECK_CONTAINS(diags.items[1]->msg,
                 "asc_sort: index has dtype int32; indices are uint32");
  CHECK_CONTAINS(diags.items[2]->msg,
                 "asc_adv_extract: sorted has dtype float but the scores are "
                 "half");
  CHECK_CONTAINS(diags.items[3]->msg,
                 "asc_mrgsortsrclist: src2 has dtype half but the list is of");
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_sort_extract);
  RUN_TEST(test_mrg_sort);
  RUN_TEST(test_mrg_sort_checks);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
