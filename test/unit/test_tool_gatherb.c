/* Gatherb end to end (casc/asc_data.h): asc_gatherb with
 * asc_gatherrepeatparams builds ascendc.gatherb_l0, the simulator runs it,
 * and every dst byte matches a plain C model (docs/simulator.md): 3
 * repeats of 8 blocks at shuffled offsets (one block taken twice), dst
 * blocks 2 apart and repeats 20 apart, so dst blocks in between keep their
 * value; uint16 and uint32. Then the checks: an offset that is not a
 * multiple of 32, a block past src0, repeatTime 0, and the C API's dtype
 * rule. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { BYTES = 4096, REPEATS = 3, BLK_STRIDE = 2, REP_STRIDE = 20 };

typedef struct {
  asc_dtype dt;
  casc_dtype cdt;
  int repeats;
} kparams;

static void kernel(asc_kernel *k, void *user) {
  const kparams *p = user;
  asc_gm_addr a[3] = {asc_arg_gm(k, "x", p->dt), asc_arg_gm(k, "o", ASC_UINT32),
                      asc_arg_gm(k, "y", p->dt)};
  asc_dtype dts[3] = {p->dt, ASC_UINT32, p->dt};
  asc_tpipe pipe = asc_tpipe();
  asc_global_tensor g[3];
  asc_tquebind q[3];
  asc_local_tensor l[3];
  for (int i = 0; i < 3; i++) {
    int n = BYTES / (int)asc_dtype_sizeof(dts[i]);
    g[i] = asc_globaltensor();
    asc_globaltensor_set_global_buffer(g[i], a[i], n);
    q[i] = asc_tque(i == 2 ? ASC_TPOSITION_VECOUT : ASC_TPOSITION_VECIN, 1);
    asc_tpipe_init_buffer(pipe, q[i], 1, BYTES);
    l[i] = asc_tquebind_alloc_tensor(q[i], dts[i]);
    asc_data_copy(l[i], g[i], n);
  }
  asc_set_flag(ASC_HARDEVENT_MTE2_V);
  asc_wait_flag(ASC_HARDEVENT_MTE2_V);
  asc_gatherb(l[2], l[0], l[1], p->repeats,
              asc_gatherrepeatparams(BLK_STRIDE, REP_STRIDE));
  asc_set_flag(ASC_HARDEVENT_V_MTE3);
  asc_wait_flag(ASC_HARDEVENT_V_MTE3);
  asc_data_copy(g[2], l[2], BYTES / (int)asc_dtype_sizeof(p->dt));
  for (int i = 0; i < 3; i++)
    asc_tquebind_free_tensor(q[i], l[i]);
}

static int nerr;
static char last[512];
static void collect(const casc_diag *d, void *user) {
  (void)user;
  if (d->sev != CASC_SEV_WARNING)
    nerr++;
  snprintf(last, sizeof last, "%s", d->msg);
}

static uint8_t X[BYTES], O[BYTES], Y[BYTES], W[BYTES];

static bool run(const kparams *p) {
  casc_ctx *ctx = casc_ctx_new();
  nerr = 0;
  last[0] = 0;
  casc_ctx_set_diag_handler(ctx, collect, NULL);
  casc_op *m = casc_jit_build(ctx, "k", kernel, (void *)p);
  bool ok = false;
  if (m) {
    unsigned es = (unsigned)asc_dtype_sizeof(p->dt);
    casc_arg args[3] = {casc_arg_gm(X, p->cdt, BYTES / es),
                        casc_arg_gm(O, CASC_DT_U32, BYTES / 4),
                        casc_arg_gm(Y, p->cdt, BYTES / es)};
    ok = casc_launch(ctx, m, "k", 1, args, 3, NULL, NULL) == CASC_LAUNCH_OK;
  }
  casc_ctx_free(ctx);
  return ok;
}

static void set_offset(int i, uint32_t v) {
  memcpy(O + 4 * i, &v, 4);
}

static void test_gather_blocks(void) {
  static const struct {
    asc_dtype dt;
    casc_dtype cdt;
  } types[] = {{ASC_UINT16, CASC_DT_U16}, {ASC_UINT32, CASC_DT_U32}};
  for (int t = 0; t < 2; t++) {
    kparams p = {types[t].dt, types[t].cdt, REPEATS};
    for (int i = 0; i < BYTES; i++) {
      X[i] = (uint8_t)(i * 13 + i / 32);
      Y[i] = (uint8_t)(0xC3 ^ i);
    }
    memset(O, 0, sizeof O);
    for (int i = 0; i < REPEATS * 8; i++) /* shuffled blocks of src0 */
      set_offset(i, (uint32_t)(((i * 7) % 24 + 3) * 32));
    set_offset(5, 3 * 32); /* the block offset[0] takes, again */
    memcpy(W, Y, BYTES);
    for (int r = 0; r < REPEATS; r++)
      for (int k = 0; k < 8; k++) {
        uint32_t o;
        memcpy(&o, O + 4 * (r * 8 + k), 4);
        memcpy(W + (r * REP_STRIDE + k * BLK_STRIDE) * 32, X + o, 32);
      }
    CHECK(run(&p));
    CHECK_EQ_INT(nerr, 0);
    int bad = 0;
    for (int i = 0; i < BYTES; i++)
      bad += Y[i] != W[i];
    if (bad)
      fprintf(stderr, "Gatherb %s: %d bytes differ\n", casc_dtype_name(p.cdt),
              bad);
    CHECK_EQ_INT(bad, 0);
  }
}

static void test_checks(void) {
  kparams p = {ASC_UINT16, CASC_DT_U16, 1};
  memset(O, 0, sizeof O);
  set_offset(3, 48);
  CHECK(!run(&p));
  CHECK_CONTAINS(last, "Gatherb: offset[3] is 48 bytes, not a multiple of 32");
  set_offset(3, BYTES); /* one block past src0 */
  CHECK(!run(&p));
  CHECK_CONTAINS(last, "outside its tensor");
  p.repeats = 0;
  CHECK(!run(&p));
  CHECK_CONTAINS(last, "Gatherb: repeatTime is 0; the reference takes 1..255");
}

static void misuse_kernel(asc_kernel *k, void *user) {
  (void)user;
  (void)k;
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf b = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, b, 1024);
  asc_local_tensor h = asc_tbuf_get(b, ASC_HALF);
  asc_local_tensor u = asc_tbuf_get(b, ASC_UINT32);
  asc_gatherb(h, h, u, 1, asc_gatherrepeatparams(1, 8));
}

static void test_misuse(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", misuse_kernel, NULL) == NULL);
  REQUIRE(diags.n == 1);
  CHECK_CONTAINS(diags.items[0]->msg,
                 "asc_gatherb: dst has dtype half; Gatherb takes uint16 and "
                 "uint32");
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_gather_blocks);
  RUN_TEST(test_checks);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
