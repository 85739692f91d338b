/* asc_and / asc_or (casc/asc_logic.h): Python's `and` / `or` of two
 * conditions build what pyasc builds for them (pyasc-jit-ir on
 * test_vadd_sw.py: `z_tag == 13 and src_pos == asc.TPosition.VECIN` is
 * cmpi eq, cmpi eq, arith.andi ... : i1), and a handle of another kind is
 * a located error. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/text.h"
#include "check.h"

static void logic_kernel(asc_kernel *k, void *user) {
  (void)k, (void)user;
  asc_int t = asc_get_block_idx();
  /* conditions first: C leaves the order of argument evaluation open */
  asc_bool is13 = asc_eq(t, 13), is_vecin = asc_eq(t, ASC_TPOSITION_VECIN);
  ASC_IF(asc_and(is13, is_vecin)) {
    asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
  }
  asc_bool lt1 = asc_lt(t, 1), gt2 = asc_gt(t, 2);
  ASC_IF(asc_or(lt1, gt2)) {
    asc_pipe_barrier(ASC_PIPEID_PIPE_V);
  }
}

static void test_ir(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "k", logic_kernel, NULL);
  for (unsigned i = 0; !m && i < diags.n; i++)
    casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL);
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, m, NULL, &text);
  const char *s = text.data ? text.data : "";
  /* pyasc's lines for `z_tag == 13 and src_pos == VECIN` (its %17, %14
   * are casc's %0 twice here) */
  CHECK_CONTAINS(s, "    %c13_i32 = arith.constant 13 : i32\n"
                    "    %1 = arith.cmpi eq, %0, %c13_i32 : i32\n"
                    "    %c9_i32 = arith.constant 9 : i32\n"
                    "    %2 = arith.cmpi eq, %0, %c9_i32 : i32\n"
                    "    %3 = arith.andi %1, %2 : i1\n"
                    "    scf.if %3 {\n");
  CHECK_CONTAINS(s, "    %6 = arith.ori %4, %5 : i1\n"
                    "    scf.if %6 {\n");
  casc_buf_free(&text);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static int g_line;

/* A zero (never made) asc_bool handed to asc_and. */
static void bad_kernel(asc_kernel *k, void *user) {
  (void)k, (void)user;
  asc_bool none = {0};
  g_line = __LINE__ + 1;
  (void)asc_and(asc_eq(asc_get_block_idx(), 0), none);
}

static void test_error(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "bad", bad_kernel, NULL) == NULL);
  REQUIRE(diags.n >= 1);
  CHECK_CONTAINS(diags.items[0]->msg, "asc_and");
  CHECK_EQ_INT((int)diags.items[0]->loc->u.file.line, g_line);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_ir);
  RUN_TEST(test_error);
  return CHECK_SUMMARY();
}
