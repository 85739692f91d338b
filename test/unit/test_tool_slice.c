/* DataCopy with SliceInfo end to end (casc/asc_data.h): the reference's
 * own example (float, 2 dimensions: src {16, 70, 7, 3, 87}, {0, 2, 1, 1, 3}
 * of a 261-element GM tensor into dst {0, 47, 0, 3, 48}, {0, 1, 0, 1, 2}
 * of 96 UB elements), the way back (UB -> GM into a strided GM slice whose
 * gaps keep their value), and a one-dimensional half copy whose last run
 * is cut by endIndex, each against a plain C model of the walk
 * (docs/simulator.md); then the element-count mismatch and a burstLen
 * above the first dimension. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { GM_ELEMS = 512, UB_ELEMS = 256 };

typedef struct {
  unsigned f[5];
} info;

typedef struct {
  asc_dtype dt;
  casc_dtype cdt;
  bool to_gm; /* UB -> GM (the UB tile is loaded whole first) */
  unsigned dims;
  info dst[2], src[2];
} kparams;

static void kernel(asc_kernel *k, void *user) {
  const kparams *p = user;
  asc_gm_addr ax = asc_arg_gm(k, "x", p->dt), ay = asc_arg_gm(k, "y", p->dt);
  asc_tpipe pipe = asc_tpipe();
  asc_global_tensor gx = asc_globaltensor(), gy = asc_globaltensor();
  asc_globaltensor_set_global_buffer(gx, ax, GM_ELEMS);
  asc_globaltensor_set_global_buffer(gy, ay, GM_ELEMS);
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, UB_ELEMS * (int)asc_dtype_sizeof(p->dt));
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, p->dt);
  asc_slice_info d[2], s[2];
  for (unsigned i = 0; i < p->dims; i++) {
    d[i] = asc_sliceinfo(p->dst[i].f[0], p->dst[i].f[1], p->dst[i].f[2],
                         p->dst[i].f[3], p->dst[i].f[4]);
    s[i] = asc_sliceinfo(p->src[i].f[0], p->src[i].f[1], p->src[i].f[2],
                         p->src[i].f[3], p->src[i].f[4]);
  }
  if (p->to_gm) {
    asc_data_copy(t, gx, UB_ELEMS);
    asc_set_flag(ASC_HARDEVENT_MTE2_MTE3);
    asc_wait_flag(ASC_HARDEVENT_MTE2_MTE3);
    asc_data_copy_slice(gy, t, d, s, p->dims, p->dims);
  } else {
    asc_data_copy(t, gy, UB_ELEMS); /* what dst elements outside keep */
    /* both copies are on MTE2, which runs them in order */
    asc_data_copy_slice(t, gx, d, s, p->dims, p->dims);
    asc_set_flag(ASC_HARDEVENT_MTE2_MTE3);
    asc_wait_flag(ASC_HARDEVENT_MTE2_MTE3);
    asc_data_copy(gy, t, UB_ELEMS);
  }
  asc_tquebind_free_tensor(q, t);
}

static int nerr;
static char last[512];
static void collect(const casc_diag *dg, void *user) {
  (void)user;
  if (dg->sev != CASC_SEV_WARNING) {
    nerr++;
    snprintf(last, sizeof last, "%s", dg->msg);
    if (getenv("SLICE_DEBUG"))
      fprintf(stderr, "%s\n", dg->msg);
  }
}

static uint8_t X[GM_ELEMS * 4], Y[GM_ELEMS * 4], W[GM_ELEMS * 4];

static bool run(const kparams *p) {
  casc_ctx *ctx = casc_ctx_new();
  nerr = 0;
  last[0] = 0;
  casc_ctx_set_diag_handler(ctx, collect, NULL);
  casc_op *m = casc_jit_build(ctx, "k", kernel, (void *)p);
  bool ok = false;
  if (m) {
    casc_arg args[2] = {casc_arg_gm(X, p->cdt, GM_ELEMS),
                        casc_arg_gm(Y, p->cdt, GM_ELEMS)};
    ok = casc_launch(ctx, m, "k", 1, args, 2, NULL, NULL) == CASC_LAUNCH_OK;
  }
  casc_ctx_free(ctx);
  return ok;
}

/* The walk of one side: element offsets in order; their number. */
static int walk(const info *in, unsigned dims, unsigned es, int *out) {
  int n = 0;
  int burst = (int)(in[0].f[3] * 32 / es);
  int rows[64], nrows = 0;
  if (dims == 2)
    for (int r = (int)in[1].f[0]; r <= (int)in[1].f[1];
         r += (int)in[1].f[2] + 1)
      rows[nrows++] = r;
  else
    rows[nrows++] = 0;
  for (int r = 0; r < nrows; r++)
    for (int p = (int)in[0].f[0]; p <= (int)in[0].f[1];
         p += burst + (int)in[0].f[2])
      for (int k = 0; k < burst && p + k <= (int)in[0].f[1]; k++)
        out[n++] = rows[r] * (int)in[0].f[4] + p + k;
  return n;
}

static void check_case(const kparams *p, const char *what) {
  unsigned es = (unsigned)asc_dtype_sizeof(p->dt);
  for (unsigned i = 0; i < sizeof X; i++) {
    X[i] = (uint8_t)(i * 11 + 5);
    Y[i] = (uint8_t)(0x3C ^ i);
  }
  /* the model: GM -> UB moves into Y's first UB_ELEMS (copied out whole);
   * UB -> GM moves X's first UB_ELEMS into Y */
  memcpy(W, Y, sizeof W);
  int so[1024], dof[1024];
  int n = walk(p->src, p->dims, es, so);
  int m = walk(p->dst, p->dims, es, dof);
  CHECK_EQ_INT(n, m);
  for (int k = 0; k < n && k < m; k++)
    memcpy(W + dof[k] * (int)es, X + so[k] * (int)es, es);
  CHECK(run(p));
  CHECK_EQ_INT(nerr, 0);
  int bad = 0;
  for (unsigned i = 0; i < GM_ELEMS * es; i++)
    bad += Y[i] != W[i];
  if (bad)
    fprintf(stderr, "slice %s: %d bytes differ\n", what, bad);
  CHECK_EQ_INT(bad, 0);
}

static void test_reference_example(void) {
  kparams p = {ASC_FLOAT,
               CASC_DT_F32,
               false,
               2,
               {{{0, 47, 0, 3, 48}}, {{0, 1, 0, 1, 2}}},
               {{{16, 70, 7, 3, 87}}, {{0, 2, 1, 1, 3}}}};
  check_case(&p, "the reference's example, GM -> UB");
  /* and back: UB rows of 48 into GM rows 87 apart, gaps of 7 */
  kparams q = {ASC_FLOAT,
               CASC_DT_F32,
               true,
               2,
               {{{16, 70, 7, 3, 87}}, {{0, 2, 1, 1, 3}}},
               {{{0, 47, 0, 3, 48}}, {{0, 1, 0, 1, 2}}}};
  check_case(&q, "UB -> GM");
  /* one dimension, half: runs of 16 (3..18, 24..39) with gaps of 5, the
   * last one (45..55) cut by endIndex */
  kparams h = {ASC_HALF,
               CASC_DT_F16,
               false,
               1,
               {{{0, 42, 0, 1, 256}}},
               {{{3, 55, 5, 1, 512}}}};
  check_case(&h, "one dimension, half");
}

static void test_checks(void) {
  kparams p = {ASC_FLOAT,
               CASC_DT_F32,
               false,
               2,
               {{{0, 39, 0, 3, 48}}, {{0, 1, 0, 1, 2}}},
               {{{16, 70, 7, 3, 87}}, {{0, 2, 1, 1, 3}}}};
  CHECK(!run(&p));
  CHECK_CONTAINS(last, "the dst slice has 80 elements and the src slice 96");
  kparams q = p;
  q.dst[0].f[1] = 47;
  q.src[1].f[3] = 2;
  CHECK(!run(&q));
  CHECK_CONTAINS(last, "srcSliceInfo[1]");
}

int main(void) {
  RUN_TEST(test_reference_example);
  RUN_TEST(test_checks);
  return CHECK_SUMMARY();
}
