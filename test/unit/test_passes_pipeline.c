/* The pass registry, named pipelines and the C API casc_compile. */
#include <string.h>

#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/passes.h"
#include "casc/text.h"
#include "check.h"

static const char kernel[] =
    "func.func @k(%g: !ascendc.global_tensor<*xf32>) attributes "
    "{ascendc.aicore, ascendc.global} {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %c1 = arith.constant 1 : i32\n"
    "  %c4 = arith.constant 4 : i32\n"
    "  scf.for %i = %c0 to %c4 step %c1 : i32 {\n"
    "    %t = ascendc.local_tensor_auto() : <32xf32>\n"
    "    %n = arith.constant 32 : i32\n"
    "    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<32xf32>, "
    "!ascendc.global_tensor<*xf32>, i32\n"
    "    %m = arith.constant 32 : i32\n"
    "    ascendc.abs_l2 %t, %t, %m : !ascendc.local_tensor<32xf32>, "
    "!ascendc.local_tensor<32xf32>, i32\n"
    "  }\n"
    "  return\n"
    "}\n";

static unsigned count_name(casc_op *root, const char *name);

typedef struct {
  const char *name;
  unsigned n;
} counter;

static bool count_cb(casc_op *op, void *user) {
  counter *c = user;
  c->n += strcmp(casc_op_name(op), c->name) == 0;
  return true;
}

static unsigned count_name(casc_op *root, const char *name) {
  counter c = {name, 0};
  casc_walk_pre(root, count_cb, &c);
  return c.n;
}

static void test_registry(void) {
  CHECK(casc_pass_count() >= 19);
  const char *flags[] = {"ascendc-verify-sync",
                         "ascendc-materialize-tensor",
                         "ascendc-privatize-func",
                         "inline",
                         "symbol-dce",
                         "canonicalize",
                         "cse",
                         "ascendc-unify-pipe",
                         "ascendc-legalize-kernel-args",
                         "strip-debuginfo"};
  for (unsigned i = 0; i < sizeof flags / sizeof flags[0]; i++) {
    const casc_pass_info *p = casc_pass_lookup(flags[i], strlen(flags[i]));
    CHECK(p != NULL);
    if (p) {
      CHECK_STREQ(p->flag, flags[i]);
      CHECK(p->summary && p->summary[0]);
      CHECK(strchr(p->summary, '\n') == NULL);
    }
  }
  /* A prefix is not a flag. */
  CHECK(casc_pass_lookup("ascendc-verify", 14) == NULL);
  CHECK(casc_pass_lookup("ascendc-verify-sync=x", 21) == NULL);
  for (unsigned i = 0; i < casc_pass_count(); i++)
    CHECK(casc_pass_at(i) != NULL);
  CHECK(casc_pass_at(casc_pass_count()) == NULL);
  CHECK_STREQ(casc_pipeline_names()[0], "default");
}

static void test_compile(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_parse_module(ctx, kernel, strlen(kernel), "k.mlir", 1);
  REQUIRE(m);
  REQUIRE(casc_verify(ctx, m));
  casc_compile_options o;
  casc_compile_options_init(&o);
  CHECK(o.verify_sync && o.free_at_last_use && !o.pyasc_compat);
  CHECK(casc_compile(ctx, m, &o));
  CHECK(casc_verify(ctx, m));
  CHECK_EQ_INT(diags.n, 0);
  /* The tensor filled from GM became a VECIN queue created and
   * initialised once, before the loop; the constants are unique, one pipe
   * (at the top), one include, no ffts argument. */
  CHECK_EQ_INT(count_name(m, "ascendc.local_tensor_auto"), 0);
  CHECK_EQ_INT(count_name(m, "ascendc.queue"), 1);
  CHECK_EQ_INT(count_name(m, "ascendc.pipe"), 1);
  CHECK_EQ_INT(count_name(m, "emitc.include"), 1);
  CHECK_EQ_INT(count_name(m, "ascendc.set_ffts_base_addr"), 0);
  /* insert-sync: the copy-in is enqueued and dequeued before Abs; Abs's
   * in-place write is not enqueued again (nothing reads it before the
   * free); PIPE_ALL before the return. */
  CHECK_EQ_INT(count_name(m, "ascendc.que_bind.enque_tensor"), 1);
  CHECK_EQ_INT(count_name(m, "ascendc.que_bind.deque_tensor"), 1);
  CHECK_EQ_INT(count_name(m, "ascendc.pipe_barrier"), 1);
  casc_buf out;
  casc_buf_init(&out);
  casc_print_op(ctx, m, &(casc_print_flags){0}, &out);
  CHECK_CONTAINS(out.data, "%c32_i32 = arith.constant 32 : i32");
  CHECK_CONTAINS(out.data, "    ascendc.pipe.init_queue %0, %1, %c1_i32, "
                           "%c128_i64 : !ascendc.queue<vecin, 1>, i32, i64\n"
                           "    scf.for");
  casc_buf_free(&out);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);

  /* pyasc's pipeline adds the ffts_addr argument. */
  ctx = casc_ctx_new();
  m = casc_parse_module(ctx, kernel, strlen(kernel), "k.mlir", 1);
  REQUIRE(m);
  CHECK(casc_run_pipeline(ctx, m, "pyasc"));
  CHECK_EQ_INT(count_name(m, "ascendc.set_ffts_base_addr"), 1);
  casc_ctx_free(ctx);

  /* An unknown pipeline is an error, not a crash. */
  ctx = casc_ctx_new();
  casc_diag_list d2 = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &d2);
  m = casc_parse_module(ctx, kernel, strlen(kernel), "k.mlir", 1);
  REQUIRE(m);
  CHECK(!casc_run_pipeline(ctx, m, "nope"));
  CHECK(d2.n == 1 && d2.items[0]->sev == CASC_SEV_ERROR);
  casc_diag_list_free(&d2);
  casc_ctx_free(ctx);
}

/* Each pass on a module without functions, and with a declaration only:
 * nothing to do, nothing to break. */
static void test_passes_on_trivial_modules(void) {
  const char *inputs[] = {"module {\n}\n",
                          "func.func private @decl(i32) -> i32\n"};
  for (unsigned k = 0; k < 2; k++)
    for (unsigned i = 0; i < casc_pass_count(); i++) {
      casc_ctx *ctx = casc_ctx_new();
      casc_diag_list d = {0};
      casc_ctx_set_diag_handler(ctx, casc_diag_collect, &d);
      casc_op *m =
          casc_parse_module(ctx, inputs[k], strlen(inputs[k]), "t.mlir", 1);
      REQUIRE(m);
      const casc_pass_info *p = casc_pass_at(i);
      CHECK(p->run(ctx, m, NULL));
      CHECK(casc_verify(ctx, m));
      casc_diag_list_free(&d);
      casc_ctx_free(ctx);
    }
}

int main(void) {
  RUN_TEST(test_registry);
  RUN_TEST(test_compile);
  RUN_TEST(test_passes_on_trivial_modules);
  return CHECK_SUMMARY();
}
