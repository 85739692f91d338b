/* DataCopy with DataCopyEnhancedParams on the simulator: on Atlas A2 the
 * reference's enhanced fields do not take effect ("功能等同于基础数据搬运"),
 * so a strided GM -> UB copy with every enhanced field set and a UB -> GM
 * copy back move exactly what the basic DataCopy with the same
 * DataCopyParams moves, checked against a plain C reference of
 * DataCopyParams (blockCount blocks of blockLen 32-byte units, srcStride /
 * dstStride units between them). */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { NX = 256, NY = 256, CNT = 3, LEN = 2, SGAP = 1, DGAP = 2 };

static void kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_gm_addr y = asc_arg_gm(k, "y", ASC_HALF);
  asc_global_tensor xg = asc_globaltensor(), yg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_globaltensor_set_global_buffer(yg, y);
  asc_local_tensor ub = asc_localtensor(ASC_HALF, ASC_TPOSITION_VECIN, 0, 256);
  asc_data_copy_enhanced(ub, xg, asc_datacopyparams(CNT, LEN, SGAP, DGAP),
                         asc_datacopyenhancedparams(ASC_BLOCKMODE_MATRIX,
                                                    ASC_DEQSCALE_DEQ8, 5, 1, 1,
                                                    ASC_PAD_MODE2, 3));
  asc_set_flag(ASC_HARDEVENT_MTE2_MTE3, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_MTE3, 0);
  /* back, the UB gaps skipped (srcStride DGAP), packed in GM */
  asc_data_copy_enhanced(yg, ub, asc_datacopyparams(CNT, LEN, DGAP, 0),
                         asc_datacopyenhancedparams(ASC_BLOCKMODE_VECTOR,
                                                    ASC_DEQSCALE_VDEQ16, 7, 0,
                                                    0, ASC_PAD_NONE, 0));
}

static void test_runs_as_basic_copy(void) {
  static uint16_t xs[NX], ys[NY], want[NY];
  for (int i = 0; i < NX; i++)
    xs[i] = (uint16_t)(0x3c00 + i);
  for (int i = 0; i < NY; i++)
    ys[i] = want[i] = 0x7e00;
  /* 16 halves a 32-byte unit: GM block b (every LEN + SGAP units) to UB
   * (every LEN + DGAP), back to GM packed (every LEN) */
  for (int b = 0; b < CNT; b++)
    for (int e = 0; e < LEN * 16; e++)
      want[b * LEN * 16 + e] = xs[b * (LEN + SGAP) * 16 + e];
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *mod = casc_jit_build(ctx, "k", kernel, NULL);
  casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
  if (!p)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(p != NULL);
  casc_arg args[2] = {casc_arg_gm(xs, CASC_DT_F16, NX),
                      casc_arg_gm(ys, CASC_DT_F16, NY)};
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_sim_run_timed(p, 1, args, 2, NULL, NULL, &res);
  for (unsigned i = 0; i < res.nissues; i++)
    fprintf(stderr, "  issue: %s\n", res.issues[i].msg);
  CHECK_EQ_INT((int)res.nissues, 0);
  int bad = 0;
  for (int i = 0; i < NY; i++)
    if (ys[i] != want[i] && bad++ < 3)
      fprintf(stderr, "  y[%d] = 0x%04x, want 0x%04x\n", i, ys[i], want[i]);
  CHECK_EQ_INT(bad, 0);
  casc_sim_program_free(p);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_runs_as_basic_copy);
  return CHECK_SUMMARY();
}
