/* The verifier: signatures from the op table, dominance, terminators,
 * func/scf structure. IR is built with the builder so this test does not
 * depend on the parser. */
#include <string.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "check.h"
#include "dialect/dialect.h"

typedef struct {
  int n;
  char last[512];
} diags;

static void record(const casc_diag *d, void *user) {
  diags *ds = user;
  ds->n++;
  snprintf(ds->last, sizeof ds->last, "%s", d->msg);
}

typedef struct {
  casc_ctx *ctx;
  diags ds;
  casc_op *module, *func;
  casc_builder b;
  casc_value *q; /* a queue<vecin, 2> function argument */
} fixture;

static void setup(fixture *f) {
  memset(f, 0, sizeof *f);
  f->ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(f->ctx, record, &f->ds);
  f->module = casc_module_create(f->ctx, NULL);
  casc_type *qt = casc_type_queue(f->ctx, CASC_TPOS_VECIN, 2);
  casc_type *ft = casc_type_func(f->ctx, 1, &qt, 0, NULL);
  casc_named_attr fa[2] = {{"sym_name", casc_attr_string(f->ctx, "k", 1)},
                           {"function_type", casc_attr_type(f->ctx, ft)}};
  f->func = casc_op_create_kind(f->ctx, CASC_OP_FUNC_FUNC, NULL, 0, NULL, 0,
                                NULL, casc_attr_dict(f->ctx, 2, fa), 1);
  casc_block_append(casc_module_body(f->module), f->func);
  casc_block *entry = casc_region_entry(f->ctx, &casc_op_regions(f->func)[0]);
  f->q = casc_block_add_arg(f->ctx, entry, qt, NULL);
  casc_builder_init(&f->b, f->ctx);
  casc_builder_set_end(&f->b, entry);
}

static casc_op *ret(fixture *f) {
  return casc_build(&f->b, CASC_OP_FUNC_RETURN, 0, NULL, 0, NULL, NULL, 0);
}

static casc_value *alloc(fixture *f) {
  casc_type *tt =
      casc_type_local_tensor(f->ctx, casc_type_float(f->ctx, CASC_F16));
  return casc_op_result(casc_build(&f->b, CASC_OP_QUE_BIND_ALLOC_TENSOR, 1,
                                   &f->q, 1, &tt, NULL, 0),
                        0);
}

static void test_valid_kernel(void) {
  fixture f;
  setup(&f);
  casc_value *t = alloc(&f);
  casc_value *ops[2] = {f.q, t};
  casc_build(&f.b, CASC_OP_QUE_BIND_FREE_TENSOR, 2, ops, 0, NULL, NULL, 0);
  ret(&f);
  CHECK(casc_verify(f.ctx, f.module));
  CHECK_EQ_INT(f.ds.n, 0);
  casc_ctx_free(f.ctx);
}

static void test_wrong_operand_type(void) {
  fixture f;
  setup(&f);
  casc_value *t = alloc(&f);
  casc_value *ops[2] = {t, t}; /* a tensor where the queue belongs */
  casc_build(&f.b, CASC_OP_QUE_BIND_FREE_TENSOR, 2, ops, 0, NULL, NULL, 0);
  ret(&f);
  CHECK(!casc_verify(f.ctx, f.module));
  CHECK(strstr(f.ds.last, "operand #0 ('queue') must be QueueLike") != NULL);
  casc_ctx_free(f.ctx);
}

static void test_wrong_operand_count(void) {
  fixture f;
  setup(&f);
  casc_build(&f.b, CASC_OP_QUE_BIND_FREE_TENSOR, 1, &f.q, 0, NULL, NULL, 0);
  ret(&f);
  CHECK(!casc_verify(f.ctx, f.module));
  CHECK(strstr(f.ds.last, "expected 2 operands, but found 1") != NULL);
  casc_ctx_free(f.ctx);
}

static void test_use_before_def(void) {
  fixture f;
  setup(&f);
  casc_value *t = alloc(&f);
  casc_op *a = t->def;
  casc_value *ops[2] = {f.q, t};
  casc_op *fr =
      casc_build(&f.b, CASC_OP_QUE_BIND_FREE_TENSOR, 2, ops, 0, NULL, NULL, 0);
  ret(&f);
  casc_op_move_before(a, fr); /* the free now precedes the alloc */
  CHECK(!casc_verify(f.ctx, f.module));
  CHECK(strstr(f.ds.last, "does not dominate") != NULL);
  casc_ctx_free(f.ctx);
}

static void test_missing_terminator(void) {
  fixture f;
  setup(&f);
  alloc(&f);
  CHECK(!casc_verify(f.ctx, f.module));
  CHECK(strstr(f.ds.last, "terminator") != NULL);
  casc_ctx_free(f.ctx);
}

static void test_return_type_mismatch(void) {
  fixture f;
  setup(&f);
  casc_value *t = alloc(&f);
  casc_build(&f.b, CASC_OP_FUNC_RETURN, 1, &t, 0, NULL, NULL, 0);
  CHECK(!casc_verify(f.ctx, f.module));
  CHECK(strstr(f.ds.last, "enclosing function (@k) returns 0") != NULL);
  casc_ctx_free(f.ctx);
}

static void test_for_loop_scoping(void) {
  fixture f;
  setup(&f);
  casc_ctx *ctx = f.ctx;
  casc_type *i32 = casc_type_i32(ctx);
  casc_named_attr va = {"value", casc_attr_int(ctx, i32, 0)};
  casc_value *c0 =
      casc_op_result(casc_build(&f.b, CASC_OP_ARITH_CONSTANT, 0, NULL, 1, &i32,
                                casc_attr_dict(ctx, 1, &va), 0),
                     0);
  casc_value *bounds[3] = {c0, c0, c0};
  casc_op *loop =
      casc_build(&f.b, CASC_OP_SCF_FOR, 3, bounds, 0, NULL, NULL, 1);
  casc_block *body = casc_region_entry(ctx, &casc_op_regions(loop)[0]);
  casc_value *iv = casc_block_add_arg(ctx, body, i32, NULL);
  casc_builder inner;
  casc_builder_init(&inner, ctx);
  casc_builder_set_end(&inner, body);
  casc_value *sum_ops[2] = {iv, c0}; /* outer value visible inside */
  casc_op *sum =
      casc_build(&inner, CASC_OP_ARITH_ADDI, 2, sum_ops, 1, &i32, NULL, 0);
  casc_build(&inner, CASC_OP_SCF_YIELD, 0, NULL, 0, NULL, NULL, 0);
  ret(&f);
  CHECK(casc_verify(ctx, f.module));
  CHECK_EQ_INT(f.ds.n, 0);
  /* a loop-body value used after the loop is invalid */
  casc_value *outside[2] = {casc_op_result(sum, 0), c0};
  casc_builder_set_before(&f.b, casc_op_regions(f.func)[0].first->last);
  casc_build(&f.b, CASC_OP_ARITH_ADDI, 2, outside, 1, &i32, NULL, 0);
  CHECK(!casc_verify(ctx, f.module));
  CHECK(strstr(f.ds.last, "does not dominate") != NULL);
  casc_ctx_free(ctx);
}

/* Dominance between ops far apart in one block (past the verifier's
 * short backward scan): a use 40 ops after its definition, also from
 * inside a loop, is fine; moving the definition 40 ops after the use is
 * not. */
static void test_far_dominance(void) {
  fixture f;
  setup(&f);
  casc_ctx *ctx = f.ctx;
  casc_type *i32 = casc_type_i32(ctx);
  casc_named_attr va = {"value", casc_attr_int(ctx, i32, 7)};
  casc_op *def = casc_build(&f.b, CASC_OP_ARITH_CONSTANT, 0, NULL, 1, &i32,
                            casc_attr_dict(ctx, 1, &va), 0);
  casc_value *c = casc_op_result(def, 0);
  for (int i = 0; i < 40; i++)
    casc_build(&f.b, CASC_OP_ARITH_CONSTANT, 0, NULL, 1, &i32,
               casc_attr_dict(ctx, 1, &va), 0);
  casc_value *bounds[3] = {c, c, c};
  casc_op *loop =
      casc_build(&f.b, CASC_OP_SCF_FOR, 3, bounds, 0, NULL, NULL, 1);
  casc_block *body = casc_region_entry(ctx, &casc_op_regions(loop)[0]);
  casc_value *iv = casc_block_add_arg(ctx, body, i32, NULL);
  casc_builder inner;
  casc_builder_init(&inner, ctx);
  casc_builder_set_end(&inner, body);
  casc_value *sum_ops[2] = {iv, c};
  casc_build(&inner, CASC_OP_ARITH_ADDI, 2, sum_ops, 1, &i32, NULL, 0);
  casc_build(&inner, CASC_OP_SCF_YIELD, 0, NULL, 0, NULL, NULL, 0);
  casc_value *far_ops[2] = {c, c};
  casc_build(&f.b, CASC_OP_ARITH_ADDI, 2, far_ops, 1, &i32, NULL, 0);
  casc_op *r = ret(&f);
  CHECK(casc_verify(ctx, f.module));
  CHECK_EQ_INT(f.ds.n, 0);
  /* Moved to the block's end, the definition follows every use, and no
   * use finds it in a short scan back: the block's numbering decides. */
  casc_op_move_before(r, def);
  CHECK(!casc_verify(ctx, f.module));
  CHECK(strstr(f.ds.last, "does not dominate") != NULL);
  casc_ctx_free(ctx);
}

/* A function body of `n` constants after `def`, then a use of def: far
 * enough apart that the verifier numbers the block. */
static void far_use(casc_ctx *ctx, casc_builder *b, unsigned n) {
  casc_type *i32 = casc_type_i32(ctx);
  casc_named_attr va = {"value", casc_attr_int(ctx, i32, 7)};
  casc_value *c =
      casc_op_result(casc_build(b, CASC_OP_ARITH_CONSTANT, 0, NULL, 1, &i32,
                                casc_attr_dict(ctx, 1, &va), 0),
                     0);
  for (unsigned i = 0; i < n; i++)
    casc_build(b, CASC_OP_ARITH_CONSTANT, 0, NULL, 1, &i32,
               casc_attr_dict(ctx, 1, &va), 0);
  casc_value *ops[2] = {c, c};
  casc_build(b, CASC_OP_ARITH_ADDI, 2, ops, 1, &i32, NULL, 0);
}

/* Each isolated-from-above op has its own numbering, dropped when it is
 * verified: a nested module between two far uses of one block leaves
 * that block's numbering intact, and a far use that fails inside the
 * nested module is still found. */
static void test_far_dominance_across_isolated_ops(void) {
  fixture f;
  setup(&f);
  casc_ctx *ctx = f.ctx;
  far_use(ctx, &f.b, 30);
  casc_op *inner_mod = casc_module_create(ctx, NULL);
  casc_builder_insert(&f.b, inner_mod);
  casc_type *ft = casc_type_func(ctx, 0, NULL, 0, NULL);
  casc_named_attr fa[2] = {{"sym_name", casc_attr_string(ctx, "g", 1)},
                           {"function_type", casc_attr_type(ctx, ft)}};
  casc_op *g = casc_op_create_kind(ctx, CASC_OP_FUNC_FUNC, NULL, 0, NULL, 0,
                                   NULL, casc_attr_dict(ctx, 2, fa), 1);
  casc_block_append(casc_module_body(inner_mod), g);
  casc_builder gb;
  casc_builder_init(&gb, ctx);
  casc_builder_set_end(&gb, casc_region_entry(ctx, &casc_op_regions(g)[0]));
  far_use(ctx, &gb, 30);
  casc_op *gret =
      casc_build(&gb, CASC_OP_FUNC_RETURN, 0, NULL, 0, NULL, NULL, 0);
  far_use(ctx, &f.b, 30);
  ret(&f);
  CHECK(casc_verify(ctx, f.module));
  CHECK_EQ_INT(f.ds.n, 0);
  /* g's first constant moved to its end: its far use no longer follows. */
  casc_op_move_before(gret, casc_op_regions(g)[0].first->first);
  CHECK(!casc_verify(ctx, f.module));
  CHECK_EQ_INT(f.ds.n, 2); /* both operands of g's addi */
  CHECK(strstr(f.ds.last, "does not dominate") != NULL);
  casc_ctx_free(ctx);
}

static void test_call_checks_its_callee(void) {
  fixture f;
  setup(&f);
  const char *path[1] = {"nope"};
  casc_named_attr ca = {"callee", casc_attr_symref(f.ctx, 1, path)};
  casc_build(&f.b, CASC_OP_FUNC_CALL, 0, NULL, 0, NULL,
             casc_attr_dict(f.ctx, 1, &ca), 0);
  ret(&f);
  CHECK(!casc_verify(f.ctx, f.module));
  CHECK(strstr(f.ds.last, "'nope' does not reference a valid function") !=
        NULL);
  /* calling the kernel itself with its own argument is well-formed */
  casc_op *call = casc_op_regions(f.func)[0].first->first;
  path[0] = "k";
  casc_named_attr ck = {"callee", casc_attr_symref(f.ctx, 1, path)};
  call->attrs = casc_attr_dict(f.ctx, 1, &ck);
  casc_op_add_operand(f.ctx, call, f.q);
  f.ds.n = 0;
  CHECK(casc_verify(f.ctx, f.module));
  CHECK_EQ_INT(f.ds.n, 0);
  casc_ctx_free(f.ctx);
}

int main(void) {
  RUN_TEST(test_valid_kernel);
  RUN_TEST(test_wrong_operand_type);
  RUN_TEST(test_wrong_operand_count);
  RUN_TEST(test_use_before_def);
  RUN_TEST(test_missing_terminator);
  RUN_TEST(test_return_type_mismatch);
  RUN_TEST(test_for_loop_scoping);
  RUN_TEST(test_call_checks_its_callee);
  RUN_TEST(test_far_dominance);
  RUN_TEST(test_far_dominance_across_isolated_ops);
  return CHECK_SUMMARY();
}
