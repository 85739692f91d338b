/* DataCopy with Nz2NdParamsFull (UB NZ -> GM ND) end to end: the C call
 * asc_data_copy(gm, ub, asc_nz2ndparamsfull(...)) builds
 * ascendc.data_copy_nz2nd, the simulator runs it, and every GM element is
 * compared with a plain C model of the layout (docs/simulator.md): two NZ
 * matrices whose strips and matrices lie apart in UB (strides that skip
 * data) into rows that lie apart in GM (elements between them keep their
 * value), for half, float, int16 and uint32; the reference's own half
 * example (ndNum 2, nValue 4, dValue 32, 1, 4, 160, 48). Then the range
 * checks and the direction check. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { UB_ELEMS = 2048, GM_ELEMS = 4096 };

typedef struct {
  asc_dtype dt;
  casc_dtype cdt;
  int f[7]; /* ndNum, nValue, dValue, srcNd, srcN, dstD, dstNd */
} kparams;

static void kernel(asc_kernel *k, void *user) {
  const kparams *p = user;
  asc_gm_addr ax = asc_arg_gm(k, "x", p->dt), ay = asc_arg_gm(k, "y", p->dt);
  asc_tpipe pipe = asc_tpipe();
  asc_global_tensor gx = asc_globaltensor(), gy = asc_globaltensor();
  asc_globaltensor_set_global_buffer(gx, ax, UB_ELEMS);
  asc_globaltensor_set_global_buffer(gy, ay, GM_ELEMS);
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tpipe_init_buffer(pipe, q, 1, UB_ELEMS * (int)asc_dtype_sizeof(p->dt));
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, p->dt);
  asc_data_copy(t, gx, UB_ELEMS);
  asc_set_flag(ASC_HARDEVENT_MTE2_MTE3);
  asc_wait_flag(ASC_HARDEVENT_MTE2_MTE3);
  asc_nz2nd_params_full np = asc_nz2ndparamsfull(
      p->f[0], p->f[1], p->f[2], p->f[3], p->f[4], p->f[5], p->f[6]);
  asc_data_copy(gy, t, np);
  asc_tquebind_free_tensor(q, t);
}

static int nerr;
static char last[512];
static void collect(const casc_diag *d, void *user) {
  (void)user;
  if (d->sev != CASC_SEV_WARNING)
    nerr++;
  snprintf(last, sizeof last, "%s", d->msg);
}

static uint8_t X[UB_ELEMS * 4], Y[GM_ELEMS * 4], W[GM_ELEMS * 4];

static bool run(const kparams *p) {
  casc_ctx *ctx = casc_ctx_new();
  nerr = 0;
  last[0] = 0;
  casc_ctx_set_diag_handler(ctx, collect, NULL);
  casc_op *m = casc_jit_build(ctx, "k", kernel, (void *)p);
  bool ok = false;
  if (m) {
    casc_arg args[2] = {casc_arg_gm(X, p->cdt, UB_ELEMS),
                        casc_arg_gm(Y, p->cdt, GM_ELEMS)};
    ok = casc_launch(ctx, m, "k", 1, args, 2, NULL, NULL) == CASC_LAUNCH_OK;
  }
  casc_ctx_free(ctx);
  return ok;
}

/* The model, element by element (bytes of size es). */
static void model(const kparams *p, unsigned es) {
  const int *f = p->f;
  for (int m = 0; m < f[0]; m++)
    for (int i = 0; i < f[1]; i++)
      for (int j = 0; j < f[2]; j++) {
        int s = m * f[3] * 256 + (j / 16) * f[4] * 16 + i * 16 + j % 16;
        int d = m * f[6] + i * f[5] + j;
        memcpy(W + d * es, X + s * es, es);
      }
}

static void check_case(kparams p, const char *what) {
  unsigned es = (unsigned)asc_dtype_sizeof(p.dt);
  for (unsigned i = 0; i < sizeof X; i++)
    X[i] = (uint8_t)(i * 7 + 3);
  memset(Y, 0x5A, sizeof Y); /* what GM elements between rows keep */
  memcpy(W, Y, sizeof W);
  model(&p, es);
  CHECK(run(&p));
  CHECK_EQ_INT(nerr, 0);
  int bad = 0;
  for (unsigned i = 0; i < GM_ELEMS * es; i++)
    bad += Y[i] != W[i];
  if (bad)
    fprintf(stderr, "NZ2ND %s (%s): %d bytes differ\n", what,
            casc_dtype_name(p.cdt), bad);
  CHECK_EQ_INT(bad, 0);
}

static void test_layouts(void) {
  static const struct {
    asc_dtype dt;
    casc_dtype cdt;
  } types[] = {{ASC_HALF, CASC_DT_F16},
               {ASC_FLOAT, CASC_DT_F32},
               {ASC_INT16, CASC_DT_I16},
               {ASC_UINT32, CASC_DT_U32}};
  for (unsigned t = 0; t < 4; t++) {
    /* the reference's example: 2 matrices of 4 x 32 */
    kparams ex = {types[t].dt, types[t].cdt, {2, 4, 32, 1, 4, 160, 48}};
    check_case(ex, "the reference's example");
    /* strips 6 rows apart for 5-row matrices (a gap between strips),
     * matrices 2 x 256 elements apart, GM rows 70 apart */
    kparams gap = {types[t].dt, types[t].cdt, {2, 5, 48, 2, 6, 70, 400}};
    check_case(gap, "strides that skip data");
  }
}

static void test_checks(void) {
  kparams p = {ASC_HALF, CASC_DT_F16, {1, 4, 24, 1, 4, 32, 1}};
  CHECK(!run(&p));
  CHECK_CONTAINS(last, "Nz2NdParamsFull.dValue is 24; it must be a multiple "
                       "of 16");
  kparams q = {ASC_HALF, CASC_DT_F16, {1, 4, 32, 0, 4, 32, 1}};
  CHECK(!run(&q));
  CHECK_CONTAINS(last, "Nz2NdParamsFull.srcNdMatrixStride is 0; it is 1..512");
  /* the last matrix past the UB tensor: 2 matrices 8 x 256 elements apart */
  kparams r = {ASC_HALF, CASC_DT_F16, {2, 4, 32, 8, 4, 32, 128}};
  CHECK(!run(&r));
  CHECK_CONTAINS(last, "outside its tensor");
}

static void wrong_way_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr a = asc_arg_gm(k, "x", ASC_HALF);
  asc_global_tensor g = asc_globaltensor();
  asc_globaltensor_set_global_buffer(g, a, 256);
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf b = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, b, 512);
  asc_local_tensor t = asc_tbuf_get(b, ASC_HALF);
  asc_data_copy(t, g, asc_nz2ndparamsfull(1, 4, 32, 1, 4, 32, 1));
}

static void test_direction(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", wrong_way_kernel, NULL) == NULL);
  REQUIRE(diags.n == 1);
  CHECK_CONTAINS(diags.items[0]->msg,
                 "asc_data_copy: DataCopy with Nz2NdParamsFull copies local "
                 "-> GM");
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_layouts);
  RUN_TEST(test_checks);
  RUN_TEST(test_direction);
  return CHECK_SUMMARY();
}
