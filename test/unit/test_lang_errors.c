/* Misuse of the kernel API: every case is a located error naming the API,
 * at the C line of the misuse, and the build returns NULL; nothing crashes.
 * Each kernel records the line it expects the error at in g_line. */
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "check.h"

static unsigned g_line;

typedef struct {
  casc_ctx *ctx;
  casc_diag_list diags;
  casc_op *module;
} build_result;

static build_result build(const char *name, asc_kernel_body body, void *user) {
  build_result r;
  memset(&r, 0, sizeof r);
  r.ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(r.ctx, casc_diag_collect, &r.diags);
  r.module = casc_jit_build(r.ctx, name, body, user);
  return r;
}

static void done(build_result *r) {
  casc_diag_list_free(&r->diags);
  casc_ctx_free(r->ctx);
}

/* Exactly one error, containing `text`, located at this file:g_line. */
#define CHECK_ONE_ERROR(r, text)                                               \
  do {                                                                         \
    CHECK((r).module == NULL);                                                 \
    CHECK_EQ_INT((r).diags.n, 1);                                              \
    if ((r).diags.n >= 1) {                                                    \
      const casc_diag *d_ = (r).diags.items[0];                                \
      CHECK(d_->sev == CASC_SEV_ERROR);                                        \
      CHECK_CONTAINS(d_->msg, text);                                           \
      const casc_loc *l_ = casc_loc_find_file(d_->loc);                        \
      CHECK(l_ != NULL);                                                       \
      if (l_) {                                                                \
        CHECK_CONTAINS(l_->u.file.file, "test_lang_errors.c");                 \
        CHECK_EQ_INT(l_->u.file.line, g_line);                                 \
      }                                                                        \
    }                                                                          \
  } while (0)

/* ---- calls outside a build ---------------------------------------------- */

static void test_outside_context(void) {
  casc_lang_clear_errors();
  CHECK(casc_lang_last_error() == NULL);
  asc_tquebind q = {0};
  asc_local_tensor t = {0};
  unsigned line = __LINE__ + 1;
  asc_tquebind_free_tensor(q, t);
  const char *e = casc_lang_last_error();
  REQUIRE(e != NULL);
  CHECK_CONTAINS(e, "asc_tquebind_free_tensor must be called while a kernel "
                    "is being built");
  char where[64];
  snprintf(where, sizeof where, "test_lang_errors.c:%u:0: error:", line);
  CHECK_CONTAINS(e, where);
  /* Handles made outside are null; a loop outside does not run its body. */
  asc_tpipe p = asc_tpipe();
  CHECK(p.p_ == NULL && p.k_ == 0);
  int ran = 0;
  ASC_FOR(i, 0, 4) {
    ran++;
  }
  CHECK_EQ_INT(ran, 0);
  CHECK_CONTAINS(casc_lang_last_error(), "ASC_FOR must be called");
  CHECK_EQ_INT(casc_lang_error_count(), 3);
  casc_lang_clear_errors();
  CHECK(casc_lang_last_error() == NULL);
}

/* ---- a handle of another kernel
 * ---------------------------------------------- */

static asc_tquebind g_saved_queue;

static void kernel_a(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  g_saved_queue = asc_tque(ASC_TPOSITION_VECIN, 1);
}

static void kernel_b(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_HALF);
  g_line = __LINE__ + 1;
  asc_tquebind_free_tensor(g_saved_queue, t);
}

static void test_foreign_handle(void) {
  build_result a = build("kernel_a", kernel_a, NULL);
  CHECK(a.module != NULL);
  build_result b = build("kernel_b", kernel_b, NULL);
  CHECK_ONE_ERROR(b, "asc_tquebind_free_tensor: queue was created by another "
                     "kernel");
  done(&b);
  /* Also after the first context is gone: the handle is not dereferenced. */
  done(&a);
  build_result c = build("kernel_b", kernel_b, NULL);
  CHECK_ONE_ERROR(c, "was created by another kernel");
  done(&c);
}

/* ---- wrong dtypes
 * ------------------------------------------------------------- */

static void wrong_dtype_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tbuf buf = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_local_tensor a = asc_tbuf_get(buf, ASC_INT8);
  asc_local_tensor b = asc_tbuf_get(buf, ASC_INT8);
  g_line = __LINE__ + 1;
  asc_add(a, a, b, 64);
}

static void mixed_dtype_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tbuf buf = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_local_tensor a = asc_tbuf_get(buf, ASC_HALF);
  asc_local_tensor b = asc_tbuf_get(buf, ASC_FLOAT);
  g_line = __LINE__ + 1;
  asc_exp(a, b, 64);
}

static void bad_dtype_value_kernel(asc_kernel *k, void *user) {
  (void)user;
  g_line = __LINE__ + 1;
  asc_arg_gm(k, "x", (asc_dtype)99);
}

static void test_wrong_dtype(void) {
  build_result r = build("k", wrong_dtype_kernel, NULL);
  CHECK_ONE_ERROR(r, "asc_add: dst has dtype int8; Add supports half, float, "
                     "int16, int32");
  done(&r);
  r = build("k", mixed_dtype_kernel, NULL);
  CHECK_ONE_ERROR(r, "asc_exp: src has dtype float but dst has dtype half");
  done(&r);
  r = build("k", bad_dtype_value_kernel, NULL);
  CHECK_ONE_ERROR(r, "asc_arg_gm: dtype: 99 is not a valid dtype");
  done(&r);
}

/* ---- break / return inside bodies
 * ---------------------------------------------- */

static int g_after_break;

static void break_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  g_line = __LINE__ + 1;
  ASC_FOR(i, 0, 8) {
    asc_pipe_barrier(ASC_PIPEID_PIPE_V);
    break;
  }
  g_after_break = 1; /* the body goes on after the error */
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
}

static void return_helper(void) {
  g_line = __LINE__ + 1;
  ASC_FOR(i, 0, 8) {
    asc_pipe_barrier(ASC_PIPEID_PIPE_V);
    return;
  }
}

static void return_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  return_helper();
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
}

static void break_in_if_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_int n = asc_arg_i32(k, "n");
  ASC_FOR(i, 0, n) {
    g_line = __LINE__ + 1;
    ASC_IF(asc_eq(i, 3)) {
      break;
    }
  }
}

static void test_break_return(void) {
  g_after_break = 0;
  build_result r = build("k", break_kernel, NULL);
  CHECK_ONE_ERROR(r, "break inside an ASC_FOR body is not supported");
  CHECK_EQ_INT(g_after_break, 1);
  done(&r);
  r = build("k", return_kernel, NULL);
  CHECK_ONE_ERROR(r, "return (or goto) out of an ASC_FOR body");
  done(&r);
  r = build("k", break_in_if_kernel, NULL);
  CHECK_ONE_ERROR(r, "break inside an ASC_IF body is not supported");
  done(&r);
}

/* ---- scopes
 * --------------------------------------------------------------------- */

static void escape_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_int n = asc_arg_i32(k, "n");
  asc_int inside = n;
  ASC_FOR(i, 0, n) {
    inside = asc_add(i, 1);
  }
  g_line = __LINE__ + 1;
  asc_set_flag(ASC_HARDEVENT_V_S, inside);
}

static void else_without_if_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_int n = asc_arg_i32(k, "n");
  ASC_IF(asc_gt(n, 1)) {
    asc_pipe_barrier(ASC_PIPEID_PIPE_V);
  }
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL); /* closes the if */
  g_line = __LINE__ + 1;
  ASC_ELSE {
    asc_pipe_barrier(ASC_PIPEID_PIPE_V);
  }
}

static void zero_handle_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe p = {0};
  g_line = __LINE__ + 1;
  asc_tpipe_init(p);
}

static void unset_global_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_global_tensor g = asc_globaltensor();
  g_line = __LINE__ + 1;
  asc_globaltensor_get_size(g);
}

static void two_consts_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  g_line = __LINE__ + 1;
  asc_add(2, 3);
}

static void test_scopes_and_handles(void) {
  build_result r = build("k", escape_kernel, NULL);
  CHECK_ONE_ERROR(r, "asc_set_flag: event id was defined inside the ASC_FOR "
                     "at line");
  done(&r);
  r = build("k", else_without_if_kernel, NULL);
  CHECK_ONE_ERROR(r, "ASC_ELSE: no ASC_IF to attach to");
  done(&r);
  r = build("k", zero_handle_kernel, NULL);
  CHECK_ONE_ERROR(r, "asc_tpipe_init: pipe is not a valid handle");
  done(&r);
  r = build("k", unset_global_kernel, NULL);
  CHECK_ONE_ERROR(r, "has no buffer");
  done(&r);
  r = build("k", two_consts_kernel, NULL);
  CHECK_ONE_ERROR(r, "asc_add: at least one operand must be a runtime value");
  done(&r);
}

/* One mistake, one error: a poisoned handle stays silent downstream. */
static void cascade_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe p = asc_tpipe();
  g_line = __LINE__ + 1;
  asc_tquebind q = asc_tque((asc_tposition)42, 2);
  asc_tpipe_init_buffer(p, q, 2, 64);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_HALF);
  asc_tquebind_enque(q, t);
}

static void test_no_cascade(void) {
  build_result r = build("k", cascade_kernel, NULL);
  CHECK_ONE_ERROR(r, "asc_tque: position: 42 is not a valid TPosition");
  done(&r);
}

static void nested_build_body(asc_kernel *k, void *user) {
  (void)k;
  casc_ctx *ctx = user;
  CHECK(casc_jit_build(ctx, "inner", nested_build_body, user) == NULL);
}

static void test_bad_builds(void) {
  build_result r = build("not a name", kernel_a, NULL);
  CHECK(r.module == NULL);
  CHECK_EQ_INT(r.diags.n, 1);
  done(&r);
  casc_ctx *inner = casc_ctx_new();
  casc_diag_list l = {0};
  casc_ctx_set_diag_handler(inner, casc_diag_collect, &l);
  r = build("outer", nested_build_body, inner);
  CHECK(r.module != NULL); /* the outer build itself is fine */
  CHECK_EQ_INT(l.n, 1);
  if (l.n)
    CHECK_CONTAINS(l.items[0]->msg, "while kernel 'outer' is being built");
  done(&r);
  casc_diag_list_free(&l);
  casc_ctx_free(inner);
}

int main(void) {
  RUN_TEST(test_outside_context);
  RUN_TEST(test_foreign_handle);
  RUN_TEST(test_wrong_dtype);
  RUN_TEST(test_break_return);
  RUN_TEST(test_scopes_and_handles);
  RUN_TEST(test_no_cascade);
  RUN_TEST(test_bad_builds);
  return CHECK_SUMMARY();
}
