/* The C front end builds the ops pyasc's front end builds (docs/ir.md §6.2):
 * op order, operand types, attributes, constants at their use, scf.for /
 * scf.if with iter_args and results, kernel argument conventions. The IR is
 * inspected through the IR API (the printer has its own tests). */
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "check.h"
#include "dialect/dialect.h"

/* "name name name" of the ops directly in a block. */
static const char *block_ops(casc_block *b, char *buf, size_t n) {
  size_t len = 0;
  buf[0] = '\0';
  for (casc_op *op = b->first; op; op = op->next) {
    int w =
        snprintf(buf + len, n - len, "%s%s", len ? " " : "", casc_op_name(op));
    if (w < 0 || (size_t)w >= n - len)
      break;
    len += (size_t)w;
  }
  return buf;
}

static casc_op *kernel_func(casc_op *module) {
  casc_block *body = casc_module_body(module);
  return body ? body->first : NULL;
}

static casc_block *func_body(casc_op *module) {
  casc_op *f = kernel_func(module);
  return f ? casc_op_regions(f)[0].first : NULL;
}

static casc_op *nth_op(casc_block *b, const char *name, unsigned n) {
  for (casc_op *op = b->first; op; op = op->next)
    if (strcmp(casc_op_name(op), name) == 0 && n-- == 0)
      return op;
  return NULL;
}

static const char *type_str(casc_ctx *ctx, casc_value *v) {
  return casc_type_str(ctx, v->type);
}

/* ---- a TQue kernel ------------------------------------------------------- */

static void que_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_int n = asc_arg_i32(k, "n");
  asc_int off = asc_mul(asc_get_block_idx(), n);
  asc_global_tensor g = asc_globaltensor();
  asc_globaltensor_set_global_buffer(g, asc_gm_addr_add(x, off));
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 2);
  asc_tpipe_init_buffer(pipe, q, 2, 512);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_HALF);
  asc_data_copy(t, asc_globaltensor_subindex(g, 256), 256);
  asc_tquebind_enque(q, t);
  asc_local_tensor d = asc_tquebind_deque(q, ASC_HALF);
  asc_adds(d, d, 1.5, 256);
  asc_tquebind_free_tensor(q, d);
}

static void test_que_kernel(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_op *m = casc_jit_build(ctx, "que_kernel", que_kernel, NULL);
  REQUIRE(m != NULL);
  casc_op *f = kernel_func(m);
  CHECK_STREQ(casc_func_name(f), "que_kernel");
  CHECK(casc_op_attr(f, "ascendc.global") != NULL);
  CHECK(casc_op_attr(f, "ascendc.aicore") != NULL);
  casc_block *b = func_body(m);
  char buf[2048];
  CHECK_STREQ(block_ops(b, buf, sizeof buf),
              "ascendc.get_block_idx arith.muli arith.index_cast "
              "emitasc.ptr_offset ascendc.global_tensor "
              "ascendc.global_tensor.set_global_buffer ascendc.pipe "
              "ascendc.queue arith.constant arith.constant "
              "ascendc.pipe.init_queue ascendc.que_bind.alloc_tensor "
              "arith.constant ascendc.global_tensor.subindex arith.constant "
              "ascendc.data_copy_l2 ascendc.que_bind.enque_tensor "
              "ascendc.que_bind.deque_tensor arith.constant arith.constant "
              "ascendc.adds_l2 ascendc.que_bind.free_tensor func.return");
  /* Arguments: memref<?xf16, 22> and i32, NameLoc'd. */
  REQUIRE(b->nargs == 2);
  CHECK_STREQ(type_str(ctx, b->args[0]), "memref<?xf16, 22>");
  CHECK_STREQ(type_str(ctx, b->args[1]), "i32");
  CHECK(casc_value_loc(b->args[0])->kind == CASC_LOC_NAME);
  CHECK_STREQ(casc_value_loc(b->args[0])->u.name.name, "x");
  /* The function type follows the arguments. */
  casc_type *ft = casc_func_type(f);
  REQUIRE(ft != NULL);
  CHECK_EQ_INT(ft->u.func.nin, 2);
  /* adds: scalar in the tensor dtype, count i32, {isSetMask}. */
  casc_op *adds = nth_op(b, "ascendc.adds_l2", 0);
  REQUIRE(adds != NULL);
  CHECK_STREQ(type_str(ctx, casc_op_operand(adds, 2)), "f16");
  CHECK_STREQ(type_str(ctx, casc_op_operand(adds, 3)), "i32");
  CHECK(casc_op_attr(adds, "isSetMask") != NULL);
  casc_attr *cst = casc_op_attr(casc_op_operand(adds, 2)->def, "value");
  REQUIRE(cst != NULL);
  CHECK(cst->kind == CASC_ATTR_FLOAT && cst->u.f.v == 1.5);
  /* Every op carries this file's location. */
  casc_op *q = nth_op(b, "ascendc.queue", 0);
  const casc_loc *l = casc_loc_find_file(q->loc);
  REQUIRE(l != NULL);
  CHECK_CONTAINS(l->u.file.file, "test_lang_build.c");
  CHECK_EQ_INT(l->u.file.col, 0);
  CHECK_STREQ(type_str(ctx, casc_op_result(q, 0)), "!ascendc.queue<vecin, 2>");
  casc_ctx_free(ctx);
}

/* ---- loops and cells
 * --------------------------------------------------------- */

static unsigned g_loop_line;

static void loop_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_int n = asc_arg_i32(k, "n");
  asc_int_var acc = asc_var(0);
  asc_int_var unused_in_loop = asc_var(7);
  asc_int_var only_read = asc_var(3);
  g_loop_line = __LINE__ + 1;
  ASC_FOR(i, 0, n) {
    asc_int r = asc_get(only_read);
    asc_set(acc, asc_add(asc_get(acc), asc_mul(i, r)));
  }
  asc_int total = asc_get(acc);
  asc_set_flag(ASC_HARDEVENT_MTE2_V, total);
  asc_set_flag(ASC_HARDEVENT_MTE2_V, asc_get(unused_in_loop));
}

static void test_loop_iter_args(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_op *m = casc_jit_build(ctx, "loop_kernel", loop_kernel, NULL);
  REQUIRE(m != NULL);
  casc_block *b = func_body(m);
  char buf[1024];
  CHECK_STREQ(block_ops(b, buf, sizeof buf),
              "arith.constant arith.constant arith.constant arith.constant "
              "arith.constant scf.for ascendc.set_flag ascendc.set_flag "
              "func.return");
  casc_op *loop = nth_op(b, "scf.for", 0);
  REQUIRE(loop != NULL);
  /* lb, ub, step + one iter_arg (acc); only_read is not carried. */
  CHECK_EQ_INT(loop->nops, 4);
  CHECK_EQ_INT(loop->nres, 1);
  CHECK(casc_op_operand(loop, 1) == b->args[0]);
  casc_block *body = casc_op_regions(loop)[0].first;
  REQUIRE(body != NULL);
  CHECK_EQ_INT(body->nargs, 2); /* iv + acc */
  CHECK_STREQ(type_str(ctx, body->args[0]), "i32");
  CHECK_STREQ(block_ops(body, buf, sizeof buf),
              "arith.muli arith.addi scf.yield");
  casc_op *mul = body->first;
  /* the read-only cell is the outer constant 3 */
  casc_value *three = casc_op_operand(mul, 1);
  REQUIRE(three->def != NULL);
  CHECK_EQ_INT(casc_op_attr(three->def, "value")->u.i.v, 3);
  CHECK(casc_op_operand(mul, 0) == body->args[0]);
  /* the yield carries the new acc; the first set_flag uses the result */
  casc_op *y = body->last;
  CHECK(casc_op_operand(y, 0) == casc_op_result(body->first->next, 0));
  casc_op *sf = nth_op(b, "ascendc.set_flag", 0);
  CHECK(casc_op_operand(sf, 0) == casc_op_result(loop, 0));
  const casc_loc *l = casc_loc_find_file(loop->loc);
  CHECK_EQ_INT(l->u.file.line, g_loop_line);
  casc_ctx_free(ctx);
}

static void branch_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_int n = asc_arg_i32(k, "n");
  asc_int_var v = asc_var(n);
  ASC_IF(asc_gt(n, 0)) {
    asc_set(v, asc_add(n, 1));
  }
  ASC_ELSE {
    asc_set(v, 5);
  }
  asc_set_flag(ASC_HARDEVENT_V_S, asc_get(v));
  ASC_IF(asc_lt(n, 4)) {
    asc_pipe_barrier(ASC_PIPEID_PIPE_V);
  }
}

static void test_branch_results(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_op *m = casc_jit_build(ctx, "branch_kernel", branch_kernel, NULL);
  REQUIRE(m != NULL);
  casc_block *b = func_body(m);
  char buf[1024];
  CHECK_STREQ(block_ops(b, buf, sizeof buf),
              "arith.constant arith.cmpi scf.if ascendc.set_flag "
              "arith.constant arith.cmpi scf.if func.return");
  casc_op *if1 = nth_op(b, "scf.if", 0);
  CHECK_EQ_INT(if1->nres, 1);
  CHECK_EQ_INT(if1->nregions, 2);
  CHECK_STREQ(block_ops(casc_op_regions(if1)[0].first, buf, sizeof buf),
              "arith.constant arith.addi scf.yield");
  CHECK_STREQ(block_ops(casc_op_regions(if1)[1].first, buf, sizeof buf),
              "arith.constant scf.yield");
  casc_op *sf = nth_op(b, "ascendc.set_flag", 0);
  CHECK(casc_op_operand(sf, 0) == casc_op_result(if1, 0));
  /* sgt = 4 */
  CHECK_EQ_INT(casc_op_attr(nth_op(b, "arith.cmpi", 0), "predicate")->u.i.v, 4);
  casc_op *if2 = nth_op(b, "scf.if", 1);
  CHECK_EQ_INT(if2->nres, 0);
  /* always an else region, as pyasc */
  REQUIRE(casc_op_regions(if2)[1].first != NULL);
  CHECK_STREQ(block_ops(casc_op_regions(if2)[1].first, buf, sizeof buf),
              "scf.yield");
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_que_kernel);
  RUN_TEST(test_loop_iter_args);
  RUN_TEST(test_branch_results);
  return CHECK_SUMMARY();
}
