/* The control-register and scalar-query calls of casc/asc_data.h
 * (src/lang/data_regs.c) build the IR pyasc builds: the kernel below is
 * the C twin of a pyasc kernel making the same calls, and WANT is pyasc's
 * codegen.mlir body for it (pyasc cecba26's front end through
 * /work/shared/tools/pyasc-oracle/pyasc-jit-ir --no-passes, locations
 * dropped), compared line by line with casc's printing. Misuse is a
 * located error naming the API. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/text.h"
#include "check.h"

/* pyasc:
 *   g = asc.GlobalTensor(); g.set_global_buffer(x)
 *   a = asc.get_sort_len(16); b = asc.get_sort_offset(n)
 *   c = asc.get_gather_mask_remain_count()
 *   l1, l2, l3, l4 = asc.get_mrg_sort_result()
 *   asc.set_load_data_boundary(n); asc.set_load_data_boundary(64)
 *   asc.set_load_data_padding_value(3); asc.set_load_data_padding_value(1.5)
 *   asc.set_pad_value(7); asc.set_pad_value(2.5, asc.TPosition.VECIN)
 *   asc.set_fix_pipe_pre_quant_flag(5); asc.set_fix_pipe_pre_quant_flag(n) */
static void regs_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_INT32);
  asc_int n = asc_arg_int(k, "n", ASC_INT32);
  asc_global_tensor g = asc_globaltensor();
  asc_globaltensor_set_global_buffer(g, x);
  asc_int a = asc_get_sort_len(16);
  asc_int b = asc_get_sort_offset(n);
  asc_int c = asc_get_gather_mask_remain_count();
  asc_int l1, l2, l3, l4;
  asc_get_mrg_sort_result(&l1, &l2, &l3, &l4);
  asc_set_load_data_boundary(n);
  asc_set_load_data_boundary(64);
  asc_set_load_data_padding_value(3);
  asc_set_load_data_padding_value(1.5f);
  asc_set_pad_value(7);
  asc_set_pad_value(2.5, ASC_TPOSITION_VECIN);
  asc_set_fix_pipe_pre_quant_flag(5);
  asc_set_fix_pipe_pre_quant_flag(n);
  (void)a, (void)b, (void)c, (void)l1, (void)l2, (void)l3, (void)l4;
}

static const char *const WANT[] = {
    "%0 = ascendc.global_tensor : !ascendc.global_tensor<*xi32>",
    "ascendc.global_tensor.set_global_buffer %0, %arg0 : "
    "!ascendc.global_tensor<*xi32>, memref<?xi32, 22>",
    "%1 = \"emitc.constant\"() <{value = 16 : ui32}> : () -> ui32",
    "%2 = ascendc.get_sort_len %1 : ui32",
    "%3 = emitc.cast %arg1 : i32 to ui32",
    "%4 = ascendc.get_sort_offset %3 : ui32",
    "%5 = ascendc.get_gather_mask_remain_count : ui64",
    "%mrgSortList1, %mrgSortList2, %mrgSortList3, %mrgSortList4 = "
    "ascendc.get_mrg_sort_result : ui16, ui16, ui16, ui16",
    "ascendc.set_load_data_boundary %arg1 : i32",
    "%c64_i32 = arith.constant 64 : i32",
    "ascendc.set_load_data_boundary %c64_i32 : i32",
    "%c3_i32 = arith.constant 3 : i32",
    "ascendc.set_load_data_padding_value %c3_i32 : i32",
    "%cst = arith.constant 1.500000e+00 : f32",
    "ascendc.set_load_data_padding_value %cst : f32",
    "%c7_i32 = arith.constant 7 : i32",
    "ascendc.set_pad_value %c7_i32 {pos = 12 : i32} : i32",
    "%cst_0 = arith.constant 2.500000e+00 : f32",
    "ascendc.set_pad_value %cst_0 {pos = 9 : i32} : f32",
    "%6 = \"emitc.constant\"() <{value = 5 : ui64}> : () -> ui64",
    "ascendc.set_fixpipe_pre_quant_flag %6 : ui64",
    "%7 = emitc.cast %arg1 : i32 to ui64",
    "ascendc.set_fixpipe_pre_quant_flag %7 : ui64",
    "return",
};

/* The func body's lines, trimmed, from casc's printing of m. */
static void test_builds_pyasc_ir(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "regs_kernel", regs_kernel, NULL);
  if (!m)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL);
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, m, NULL, &text);
  REQUIRE(text.data != NULL);
  const char *p = strstr(text.data, "func.func");
  REQUIRE(p != NULL);
  p = strchr(p, '\n');
  unsigned n = sizeof WANT / sizeof WANT[0], i = 0;
  while (p && *p && i < n) {
    p++;
    while (*p == ' ')
      p++;
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    bool same = len == strlen(WANT[i]) && !strncmp(p, WANT[i], len);
    CHECK(same);
    if (!same)
      fprintf(stderr, "line %u: got   %.*s\n        want  %s\n", i, (int)len, p,
              WANT[i]);
    i++;
    p = e;
  }
  CHECK_EQ_INT(i, n);
  casc_buf_free(&text);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static unsigned g_bad_pos_line, g_null_line;

static void misuse_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_int l1, l2, l3;
  g_bad_pos_line = __LINE__ + 1;
  asc_set_pad_value(1, ASC_TPOSITION_A1);
  g_null_line = __LINE__ + 1;
  asc_get_mrg_sort_result(&l1, &l2, &l3, NULL);
}

static void check_located(const casc_diag *d, unsigned line) {
  CHECK(d->sev == CASC_SEV_ERROR);
  const casc_loc *l = casc_loc_find_file(d->loc);
  CHECK(l != NULL);
  if (l) {
    CHECK_CONTAINS(l->u.file.file, "test_tool_data_regs.c");
    CHECK_EQ_INT(l->u.file.line, line);
  }
}

static void test_misuse(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", misuse_kernel, NULL) == NULL);
  REQUIRE(diags.n == 2);
  CHECK_CONTAINS(diags.items[0]->msg,
                 "asc_set_pad_value: pos is 1; it must be one of "
                 "TPosition.MAX, TPosition.VECIN, TPosition.VECOUT");
  check_located(diags.items[0], g_bad_pos_line);
  CHECK_CONTAINS(diags.items[1]->msg, "asc_get_mrg_sort_result: list4 is NULL");
  check_located(diags.items[1], g_null_line);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);

  /* Outside a build: the usual error, and null handles. */
  casc_lang_clear_errors();
  asc_int s = asc_get_sort_len(4);
  CHECK(s.p_ == NULL);
  CHECK(casc_lang_last_error() != NULL);
  casc_lang_clear_errors();
}

int main(void) {
  RUN_TEST(test_builds_pyasc_ir);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
