/* A user program that defines functions with the names of casc's internal
 * functions (lang_error, sim_report, pp_error, ...) and links against
 * libcasc, once static and once shared (test/CMakeLists.txt). With
 * internal symbols exported, the static link fails on duplicate
 * definitions and the shared library's own calls are diverted into these
 * functions. The program runs every layer (vadd_check: C front end,
 * passes and verify-sync, emitter, simulator; then a parse error and a
 * front-end error) and checks that the library never called the user's
 * functions, while the user's own calls reach them. */
#include <stdio.h>
#include <string.h>

#define VADD_NO_MAIN
#include "project/vadd.c"

#include "casc/text.h"

/* Names taken from each layer's internal functions; the signatures are the
 * user's own and deliberately unrelated to casc's. */
#define USER_SYMBOLS(X)                                                        \
  X(lang_error)                                                                \
  X(lang_begin)                                                                \
  X(lang_op)                                                                   \
  X(pp_error)                                                                  \
  X(pp_parse_type)                                                             \
  X(pr_type)                                                                   \
  X(pr_value)                                                                  \
  X(vs_state_new)                                                              \
  X(sim_report)                                                                \
  X(sim_block_run)                                                             \
  X(sim_exec_vector)

#define COUNTER(name) static int name##_calls;
USER_SYMBOLS(COUNTER)
#define DEFINE(name)                                                           \
  int name(int x);                                                             \
  int name(int x) {                                                            \
    name##_calls++;                                                            \
    return x + 1;                                                              \
  }
USER_SYMBOLS(DEFINE)

static int failures;

static void expect(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "user_symbols: FAILED: %s\n", what);
    failures++;
  }
}

static void bad_depth_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tque(ASC_TPOSITION_VECIN, -1); /* casc's lang_error reports this */
}

static void count_diag(const casc_diag *d, void *user) {
  if (d->sev == CASC_SEV_ERROR)
    ++*(int *)user;
}

int main(void) {
  expect(vadd_check(stderr) == 0, "vadd builds, compiles, emits and runs");

  /* Errors travel through the internal lang_error and pp_error. */
  casc_ctx *ctx = casc_ctx_new();
  if (!ctx)
    return 1;
  int errors = 0;
  casc_ctx_set_diag_handler(ctx, count_diag, &errors);
  expect(casc_jit_build(ctx, "bad", bad_depth_kernel, NULL) == NULL,
         "a negative queue depth fails the build");
  expect(errors == 1, "the negative depth is one error diagnostic");
  const char *bad_ir = "func.func @f() {\n  %0 = arith.constant 1 : i99x\n}\n";
  expect(casc_parse_module(ctx, bad_ir, strlen(bad_ir), "bad.mlir", 1) == NULL,
         "invalid IR does not parse");
  expect(errors == 2, "the parse error is one error diagnostic");
  casc_ctx_free(ctx);

#define NOT_CALLED(name)                                                       \
  expect(name##_calls == 0, "libcasc did not call the user's " #name);
  USER_SYMBOLS(NOT_CALLED)
#define CALL(name)                                                             \
  expect(name(41) == 42 && name##_calls == 1,                                  \
         "the user's own call reaches the user's " #name);
  USER_SYMBOLS(CALL)

  if (failures)
    return 1;
  printf("user_symbols: libcasc and 11 user functions with internal names "
         "coexist\n");
  return 0;
}
