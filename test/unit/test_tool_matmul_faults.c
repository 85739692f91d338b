/* The C API's Matmul under allocation failure: a kernel making the
 * Matmul's calls (MatmulConfig and the object's constructs, the
 * TCubeTiling argument, ASC_MATMUL_ITERATE's scf.while carrying a cell,
 * GetTensorC, IterateAll, a preset config, a QuantConfig) is built with
 * allocation N failing, for every N, once and from N on. Each build either
 * prints exactly the clean build's IR or fails with an error diagnostic;
 * none crashes (ASan and valgrind run this test too). */
#include <stdio.h>
#include <string.h>

#include "casc/asc_matmul.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/text.h"
#include "check.h"
#include "util/alloc.h"

static void kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr a = asc_arg_gm(k, "a", ASC_HALF);
  asc_gm_addr b = asc_arg_gm(k, "b", ASC_HALF);
  asc_gm_addr c = asc_arg_gm(k, "c", ASC_FLOAT);
  asc_cube_tiling tiling = asc_arg_cube_tiling(k, "tiling");
  asc_gm_addr ws = asc_arg_gm(k, "workspace", ASC_UINT8);
  asc_cube_tiling_set(tiling, "shareL1Size",
                      asc_property(ASC_PROPERTY_TOTAL_L1_SIZE));
  asc_global_tensor ag = asc_globaltensor(), bg = asc_globaltensor();
  asc_global_tensor cg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(ag, a);
  asc_globaltensor_set_global_buffer(bg, b);
  asc_globaltensor_set_global_buffer(cg, c);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 16384);
  asc_matmul_config cfg = asc_adv_get_normal_config(
      false, false, false, 1, true, ASC_ITERATEORDER_ORDER_M,
      ASC_SCHEDULETYPE_INNER_PRODUCT, true);
  asc_matmul mm = asc_matmul(
      asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
      asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
      asc_matmultype(ASC_TPOSITION_VECCALC, ASC_FLOAT, false), NULL, &cfg);
  asc_adv_register_matmul(pipe, ws, &mm);
  asc_matmul_init(&mm, tiling);
  asc_matmul_set_tensor_a(&mm, ag, false);
  asc_matmul_set_tensor_b(&mm, bg, false);
  asc_int_var n = asc_var(0);
  ASC_MATMUL_ITERATE(&mm, count) {
    asc_local_tensor r = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
    asc_matmul_get_tensor_c(&mm, r, 0, true);
    asc_tquebind_free_tensor(q, r);
    asc_set(n, asc_add(asc_get(n), count));
  }
  asc_matmul_iterate_all(&mm, asc_globaltensor_subindex(cg, asc_get(n)));
  (void)asc_quantconfig(1, 2, 3, 4);
  asc_matmul_end(&mm);
}

typedef struct {
  bool ctx_made, built;
  bool reported; /* an error was counted by the context */
  casc_buf ir;
} outcome;

static void build_once(outcome *o) {
  memset(o, 0, sizeof *o);
  casc_buf_init(&o->ir);
  casc_ctx *ctx = casc_ctx_new();
  if (!ctx)
    return; /* nothing to report to: the caller sees the NULL context */
  o->ctx_made = true;
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "mm", kernel, NULL);
  o->built = m != NULL;
  if (m)
    casc_print_op(ctx, m, NULL, &o->ir);
  /* the context counts errors even when the handler's list could not grow */
  o->reported = casc_ctx_error_count(ctx) > 0;
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_every_allocation_failing(void) {
  outcome clean;
  casc_alloc_fail_nth(0, false);
  build_once(&clean);
  unsigned long total = casc_alloc_count();
  casc_alloc_fail_off();
  REQUIRE(clean.built);
  CHECK_CONTAINS(clean.ir.data, "ascendc.matmul.iterate_all");
  CHECK(total > 20);
  for (int persistent = 0; persistent < 2; persistent++) {
    unsigned bad = 0, failed = 0, unreported = 0;
    for (unsigned long i = 1; i <= total; i++) {
      outcome o;
      casc_alloc_fail_nth(i, persistent);
      build_once(&o);
      casc_alloc_fail_off();
      if (o.built && o.ir.oom) {
        failed++; /* the printing ran out of memory, and says so */
      } else if (o.built) {
        bool same = o.ir.data && strcmp(o.ir.data, clean.ir.data) == 0;
        bad += !same;
        if (!same)
          fprintf(stderr, "N=%lu: built, but other IR\n", i);
      } else {
        failed++;
        if (o.ctx_made && !o.reported) {
          unreported++;
          fprintf(stderr, "N=%lu: failed without an error\n", i);
        }
      }
      casc_buf_free(&o.ir);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(unreported, 0);
    CHECK(failed > 0);
    fprintf(stderr,
            "Matmul build, fail N%s: %lu runs, %u failed, %u bad, %u "
            "unreported\n",
            persistent ? " and after" : " only", total, failed, bad,
            unreported);
  }
  casc_buf_free(&clean.ir);
}

int main(void) {
  RUN_TEST(test_every_allocation_failing);
  return CHECK_SUMMARY();
}
