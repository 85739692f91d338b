/* verify-sync on builder-made IR: each test builds a function op by op
 * (one source line per op, so a diagnostic's line says which op it is on)
 * and checks the warnings the pass reports. The lit tests in
 * test/lit/passes/verify-sync*.mlir cover the same ground from text. */
#include <string.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/passes.h"
#include "check.h"
#include "dialect/dialect.h"

typedef struct {
  casc_ctx *ctx;
  casc_op *module, *func;
  casc_builder b;
  unsigned line;
  casc_diag_list diags;
  casc_type *tensor, *i32, *i1;
} fixture;

static casc_loc *next_loc(fixture *t) {
  return casc_loc_file(t->ctx, "t.mlir", ++t->line, 1);
}

/* A context with the common types. */
static void init(fixture *t) {
  memset(t, 0, sizeof *t);
  t->ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(t->ctx, casc_diag_collect, &t->diags);
  t->tensor = casc_type_local_tensor(t->ctx, casc_type_float(t->ctx, CASC_F16));
  t->i32 = casc_type_i32(t->ctx);
  t->i1 = casc_type_i1(t->ctx);
}

/* func.func @f(<args>) with an empty entry block; the builder at its end. */
static void begin(fixture *t, unsigned nargs, casc_type **args) {
  t->module = casc_module_create(t->ctx, casc_loc_unknown(t->ctx));
  casc_named_attr e[2] = {
      {casc_intern_cstr(t->ctx, "sym_name"), casc_attr_string(t->ctx, "f", 1)},
      {casc_intern_cstr(t->ctx, "function_type"),
       casc_attr_type(t->ctx, casc_type_func(t->ctx, nargs, args, 0, NULL))}};
  t->func = casc_op_create_kind(t->ctx, CASC_OP_FUNC_FUNC, next_loc(t), 0, NULL,
                                0, NULL, casc_attr_dict(t->ctx, 2, e), 1);
  casc_block_append(casc_module_body(t->module), t->func);
  casc_block *entry = casc_region_entry(t->ctx, casc_op_region(t->func, 0));
  for (unsigned i = 0; i < nargs; i++)
    casc_block_add_arg(t->ctx, entry, args[i], t->func->loc);
  casc_builder_init(&t->b, t->ctx);
  casc_builder_set_end(&t->b, entry);
}

static casc_value *arg(fixture *t, unsigned i) {
  return casc_op_region(t->func, 0)->first->args[i];
}

static casc_op *op(fixture *t, casc_op_kind k, unsigned n, casc_value **ops,
                   casc_type *res) {
  t->b.loc = next_loc(t);
  return casc_build(&t->b, k, n, ops, res ? 1 : 0, res ? &res : NULL, NULL, 0);
}

static casc_value *cst(fixture *t, int64_t v, casc_type *ty) {
  casc_named_attr e = {casc_intern_cstr(t->ctx, "value"),
                       casc_attr_int(t->ctx, ty, v)};
  t->b.loc = next_loc(t);
  casc_op *o = casc_build(&t->b, CASC_OP_ARITH_CONSTANT, 0, NULL, 1, &ty,
                          casc_attr_dict(t->ctx, 1, &e), 0);
  return casc_op_result(o, 0);
}

static casc_value *alloc(fixture *t, casc_value *q) {
  return casc_op_result(op(t, CASC_OP_QUE_BIND_ALLOC_TENSOR, 1, &q, t->tensor),
                        0);
}
static casc_value *deque(fixture *t, casc_value *q) {
  return casc_op_result(op(t, CASC_OP_QUE_BIND_DEQUE_TENSOR, 1, &q, t->tensor),
                        0);
}
static void free_t(fixture *t, casc_value *q, casc_value *x) {
  casc_value *o[2] = {q, x};
  op(t, CASC_OP_QUE_BIND_FREE_TENSOR, 2, o, NULL);
}
static void enque(fixture *t, casc_value *q, casc_value *x) {
  casc_value *o[2] = {q, x};
  op(t, CASC_OP_QUE_BIND_ENQUE_TENSOR, 2, o, NULL);
}

/* Opens an scf.for lb..ub step 1 (i32); returns the body, builder inside. */
static casc_op *for_begin(fixture *t, casc_value *lb, casc_value *ub) {
  casc_value *step = cst(t, 1, t->i32);
  casc_value *o[3] = {lb, ub, step};
  t->b.loc = next_loc(t);
  casc_op *f = casc_build(&t->b, CASC_OP_SCF_FOR, 3, o, 0, NULL, NULL, 1);
  casc_block *body = casc_region_entry(t->ctx, casc_op_region(f, 0));
  casc_block_add_arg(t->ctx, body, t->i32, f->loc);
  casc_builder_set_end(&t->b, body);
  return f;
}

/* Closes the innermost region with scf.yield; builder after `parent`. */
static void region_end(fixture *t, casc_op *parent) {
  op(t, CASC_OP_SCF_YIELD, 0, NULL, NULL);
  casc_builder_set_after(&t->b, parent);
}

static casc_op *if_begin(fixture *t, casc_value *cond) {
  t->b.loc = next_loc(t);
  casc_op *f = casc_build(&t->b, CASC_OP_SCF_IF, 1, &cond, 0, NULL, NULL, 2);
  casc_builder_set_end(&t->b, casc_region_entry(t->ctx, casc_op_region(f, 0)));
  return f;
}

static void if_else(fixture *t, casc_op *f) {
  op(t, CASC_OP_SCF_YIELD, 0, NULL, NULL);
  casc_builder_set_end(&t->b, casc_region_entry(t->ctx, casc_op_region(f, 1)));
}

/* Adds the return, runs verify-sync, returns the number of warnings. */
static unsigned run(fixture *t) {
  op(t, CASC_OP_FUNC_RETURN, 0, NULL, NULL);
  CHECK(casc_verify(t->ctx, t->module));
  const casc_pass_info *p = casc_pass_lookup("ascendc-verify-sync", 19);
  CHECK(p != NULL);
  if (p)
    CHECK(p->run(t->ctx, t->module, NULL));
  unsigned n = 0;
  for (unsigned i = 0; i < t->diags.n; i++)
    n += t->diags.items[i]->sev == CASC_SEV_WARNING;
  return n;
}

/* The i-th warning is on line `line` and contains `text`. */
static void expect(fixture *t, unsigned i, unsigned line, const char *text) {
  if (!CHECK(i < t->diags.n))
    return;
  const casc_diag *d = t->diags.items[i];
  const casc_loc *l = casc_loc_find_file(d->loc);
  CHECK(l != NULL);
  if (l)
    CHECK_EQ_INT(l->u.file.line, line);
  CHECK_CONTAINS(d->msg, text);
}

static void end(fixture *t) {
  casc_diag_list_free(&t->diags);
  casc_ctx_free(t->ctx);
}

static casc_type *queue_t(fixture *t, int64_t depth) {
  return casc_type_queue(t->ctx, CASC_TPOS_VECIN, depth);
}

/* A locally created queue with InitBuffer(num, 32 bytes). */
static casc_value *local_queue(fixture *t, int64_t depth, int64_t num) {
  casc_value *pipe =
      casc_op_result(op(t, CASC_OP_PIPE, 0, NULL, casc_type_pipe(t->ctx)), 0);
  casc_value *q =
      casc_op_result(op(t, CASC_OP_QUEUE, 0, NULL, queue_t(t, depth)), 0);
  casc_value *o[4] = {pipe, q, cst(t, num, t->i32), cst(t, 32, t->i32)};
  op(t, CASC_OP_PIPE_INIT_QUEUE, 4, o, NULL);
  return q;
}

static void test_straight_line_pyasc_cases(void) {
  fixture t;
  init(&t);
  casc_type *a[1] = {queue_t(&t, 1)};
  begin(&t, 1, a);
  /* alloc; free; free -> pyasc's double-free text on the second free. */
  casc_value *q = arg(&t, 0);
  casc_value *x = alloc(&t, q); /* line 2 */
  free_t(&t, q, x);             /* line 3 */
  free_t(&t, q, x);             /* line 4 */
  CHECK_EQ_INT(run(&t), 1);
  expect(&t, 0, 4, "FreeTensor: tensor memory was freed before its last use");
  if (t.diags.n)
    CHECK_EQ_INT(t.diags.items[0]->nnotes, 1);
  end(&t);
}

static void test_crash_cases_of_pyasc(void) {
  fixture t;
  init(&t);
  casc_type *a[1] = {queue_t(&t, 1)};
  begin(&t, 1, a);
  casc_value *q = arg(&t, 0);
  /* alloc t1; enque t1; alloc t2; free t2 (pyasc segfaults) */
  casc_value *t1 = alloc(&t, q); /* 2 */
  enque(&t, q, t1);              /* 3 */
  casc_value *t2 = alloc(&t, q); /* 4 */
  free_t(&t, q, t2);             /* 5 */
  CHECK_EQ_INT(run(&t), 2);
  expect(&t, 0, 2, "AllocTensor: there is no corresponding call to FreeTensor");
  expect(&t, 1, 3, "EnQue: there is no corresponding call to DeQue");
  end(&t);

  /* deque with no enque, then free of its result (pyasc segfaults) */
  init(&t);
  a[0] = queue_t(&t, 1);
  begin(&t, 1, a);
  q = arg(&t, 0);
  casc_value *d = deque(&t, q); /* 2 */
  free_t(&t, q, d);             /* 3 */
  CHECK_EQ_INT(run(&t), 1);
  expect(&t, 0, 2, "DeQue: there is no corresponding call to EnQue");
  end(&t);
}

static void test_loops(void) {
  fixture t;
  /* alloc+free inside a loop of 8 on a queue of 2 buffers: fine. */
  init(&t);
  begin(&t, 0, NULL);
  casc_value *q = local_queue(&t, 1, 2);
  casc_op *f = for_begin(&t, cst(&t, 0, t.i32), cst(&t, 8, t.i32));
  casc_value *x = alloc(&t, q);
  free_t(&t, q, x);
  region_end(&t, f);
  CHECK_EQ_INT(run(&t), 0);
  end(&t);

  /* alloc before the loop, free inside: the second iteration frees again. */
  init(&t);
  begin(&t, 0, NULL);
  q = local_queue(&t, 1, 2);
  x = alloc(&t, q);
  f = for_begin(&t, cst(&t, 0, t.i32), cst(&t, 8, t.i32));
  unsigned free_line = t.line + 1;
  free_t(&t, q, x);
  region_end(&t, f);
  CHECK_EQ_INT(run(&t), 1);
  expect(&t, 0, free_line, "freed before its last use");
  end(&t);

  /* alloc in a loop without free: the third alloc hangs (num = 2). */
  init(&t);
  begin(&t, 0, NULL);
  q = local_queue(&t, 1, 2);
  f = for_begin(&t, cst(&t, 0, t.i32), cst(&t, 8, t.i32));
  unsigned alloc_line = t.line + 1;
  alloc(&t, q);
  region_end(&t, f);
  CHECK_EQ_INT(run(&t), 1);
  expect(&t, 0, alloc_line,
         "AllocTensor: all 2 buffers of this queue are held; on the NPU "
         "this call never returns");
  end(&t);

  /* The same with a trip count known only at run time: a leak. */
  init(&t);
  casc_type *a[1] = {t.i32};
  begin(&t, 1, a);
  q = local_queue(&t, 1, 2);
  f = for_begin(&t, cst(&t, 0, t.i32), arg(&t, 0));
  alloc_line = t.line + 1;
  alloc(&t, q);
  region_end(&t, f);
  CHECK_EQ_INT(run(&t), 1);
  expect(&t, 0, alloc_line, "AllocTensor: there is no corresponding call");
  end(&t);
}

static void test_branches(void) {
  fixture t;
  /* free in one arm only: the other arm leaks. */
  init(&t);
  casc_type *a[1] = {t.i1};
  begin(&t, 1, a);
  casc_value *c = arg(&t, 0);
  casc_value *q = local_queue(&t, 1, 2);
  unsigned alloc_line = t.line + 1;
  casc_value *x = alloc(&t, q);
  casc_op *f = if_begin(&t, c);
  free_t(&t, q, x);
  if_else(&t, f);
  region_end(&t, f);
  CHECK_EQ_INT(run(&t), 1);
  expect(&t, 0, alloc_line, "AllocTensor: there is no corresponding call");
  end(&t);

  /* free in both arms: correct. */
  init(&t);
  a[0] = t.i1;
  begin(&t, 1, a);
  c = arg(&t, 0);
  q = local_queue(&t, 1, 2);
  x = alloc(&t, q);
  f = if_begin(&t, c);
  free_t(&t, q, x);
  if_else(&t, f);
  free_t(&t, q, x);
  region_end(&t, f);
  CHECK_EQ_INT(run(&t), 0);
  end(&t);
}

int main(void) {
  RUN_TEST(test_straight_line_pyasc_cases);
  RUN_TEST(test_crash_cases_of_pyasc);
  RUN_TEST(test_loops);
  RUN_TEST(test_branches);
  return CHECK_SUMMARY();
}
