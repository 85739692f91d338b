/* IR core: uniquing, use lists, linking, erase, walks, builder. */
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/ir.h"
#include "check.h"
#include "dialect/dialect.h"
#include <stdlib.h>
#include <string.h>

static void test_types_are_uniqued(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx);
  CHECK(casc_type_int(ctx, 32, CASC_SIGNLESS) == casc_type_i32(ctx));
  CHECK(casc_type_int(ctx, 32, CASC_UNSIGNED) !=
        casc_type_int(ctx, 32, CASC_SIGNLESS));
  casc_type *f16 = casc_type_float(ctx, CASC_F16);
  CHECK(casc_type_local_tensor(ctx, f16) == casc_type_local_tensor(ctx, f16));
  CHECK(casc_type_local_tensor(ctx, f16) != casc_type_global_tensor(ctx, f16));
  CHECK(casc_type_queue(ctx, CASC_TPOS_VECIN, 2) ==
        casc_type_queue(ctx, CASC_TPOS_VECIN, 2));
  CHECK(casc_type_queue(ctx, CASC_TPOS_VECIN, 2) !=
        casc_type_queue(ctx, CASC_TPOS_VECIN, 1));
  casc_type *in[2] = {casc_type_i32(ctx), f16};
  CHECK(casc_type_func(ctx, 2, in, 1, in) == casc_type_func(ctx, 2, in, 1, in));
  CHECK(casc_type_gm_memref(ctx, f16) == casc_type_gm_memref(ctx, f16));
  CHECK_STREQ(casc_type_str(ctx, casc_type_gm_memref(ctx, f16)),
              "memref<?xf16, 22>");
  CHECK_STREQ(casc_type_str(ctx, casc_type_que_bind(ctx, CASC_TPOS_VECIN,
                                                    CASC_TPOS_VECOUT, 1)),
              "!ascendc.que_bind<vecin, vecout, 1>");
  CHECK_STREQ(casc_type_str(ctx, casc_type_local_tensor(ctx, f16)),
              "!ascendc.local_tensor<*xf16>");
  CHECK_STREQ(casc_type_str(ctx, casc_type_func(ctx, 2, in, 1, in)),
              "(i32, f16) -> i32");
  CHECK_STREQ(casc_type_str(ctx, casc_type_func(ctx, 0, NULL, 0, NULL)),
              "() -> ()");
  CHECK_EQ_INT(casc_type_byte_size(f16), 2);
  casc_ctx_free(ctx);
}

/* casc_type_asc reads only the np parameters it is given: a one-element heap
 * array (ASan sees any read past it) builds a one-parameter type, the rest of
 * a shorter list defaults to 0, and more than the type takes is an error. */
static void test_asc_type_param_count(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx);
  int64_t *one = malloc(sizeof *one);
  REQUIRE(one);
  *one = 1;
  casc_type *alloc =
      casc_type_asc(ctx, CASC_ASC_LOCAL_MEM_ALLOCATOR, 1, one, 0, NULL, NULL);
  REQUIRE(alloc);
  CHECK_STREQ(casc_type_str(ctx, alloc), "!ascendc.local_mem_allocator<1>");
  int64_t vecin = CASC_TPOS_VECIN;
  CHECK(casc_type_asc(ctx, CASC_ASC_QUEUE, 1, &vecin, 0, NULL, NULL) ==
        casc_type_queue(ctx, CASC_TPOS_VECIN, 0));
  CHECK_EQ_INT(casc_ctx_error_count(ctx), 0);
  CHECK(
      !casc_type_asc(ctx, CASC_ASC_LOCAL_MEM_ALLOCATOR, 2, one, 0, NULL, NULL));
  CHECK_EQ_INT(casc_ctx_error_count(ctx), 1);
  CHECK(!casc_type_asc(ctx, CASC_ASC_PIPE, 1, one, 0, NULL, NULL));
  CHECK(!casc_type_asc(ctx, CASC_ASC_TBUF, 1, NULL, 0, NULL, NULL));
  CHECK_EQ_INT(casc_ctx_error_count(ctx), 3);
  free(one);
  casc_ctx_free(ctx);
}

static void test_attrs_are_uniqued(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx);
  casc_type *i8 = casc_type_i8(ctx);
  /* canonical for the width: 255 and -1 are the same i8 value */
  CHECK(casc_attr_int(ctx, i8, 255) == casc_attr_int(ctx, i8, -1));
  CHECK_EQ_INT(casc_attr_int(ctx, i8, 255)->u.i.v, -1);
  casc_named_attr e1[2] = {{"b", casc_attr_unit(ctx)},
                           {"a", casc_attr_bool(ctx, true)}};
  casc_named_attr e2[2] = {{"a", casc_attr_bool(ctx, true)},
                           {"b", casc_attr_unit(ctx)}};
  casc_attr *d1 = casc_attr_dict(ctx, 2, e1);
  CHECK(d1 == casc_attr_dict(ctx, 2, e2));
  CHECK_STREQ(d1->u.dict.entries[0].name, "a");
  CHECK(casc_dict_get(d1, "b") == casc_attr_unit(ctx));
  casc_attr *d2 = casc_dict_set(ctx, d1, "b", NULL);
  CHECK_EQ_INT(d2->u.dict.n, 1);
  CHECK(casc_attr_string(ctx, "x", 1) == casc_attr_string(ctx, "x", 1));
  const char *path[2] = {"a", "b"};
  CHECK(casc_attr_symref(ctx, 2, path) == casc_attr_symref(ctx, 2, path));
  casc_ctx_free(ctx);
}

/* Callers hand casc_intern_cstr's result straight to casc_attr_dict: a
 * NULL name (that interning ran out of memory) fails the dict instead of
 * crashing in strlen (the fault-injection sweep hit it). */
static void test_dict_with_failed_name(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_named_attr e[2] = {{"a", casc_attr_unit(ctx)},
                          {NULL, casc_attr_unit(ctx)}};
  CHECK(casc_attr_dict(ctx, 2, e) == NULL);
  CHECK(casc_ctx_out_of_memory(ctx));
  casc_ctx_free(ctx);
}

/* An op's counts are 16-bit fields: going past CASC_OP_MAX_COUNT is a
 * located error, never a count that wrapped. */
static void test_op_count_limits(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx);
  casc_loc *l = casc_loc_file(ctx, "k.mlir", 1, 1);
  CHECK(casc_op_create(ctx, "test.many", l, CASC_OP_MAX_COUNT + 1, NULL, 0,
                       NULL, NULL, 0) == NULL);
  CHECK(casc_op_create(ctx, "test.many", l, 0, NULL, CASC_OP_MAX_COUNT + 1,
                       NULL, NULL, 0) == NULL);
  CHECK_EQ_INT(casc_ctx_error_count(ctx), 2);
  casc_op *op = casc_op_create(ctx, "test.many", l, CASC_OP_MAX_COUNT, NULL, 0,
                               NULL, NULL, 0);
  REQUIRE(op);
  CHECK_EQ_INT(op->nops, CASC_OP_MAX_COUNT);
  casc_op_add_operand(ctx, op, NULL);
  CHECK_EQ_INT(op->nops, CASC_OP_MAX_COUNT);
  CHECK_EQ_INT(casc_ctx_error_count(ctx), 3);
  CHECK(!casc_ctx_out_of_memory(ctx));
  casc_ctx_free(ctx);
}

/* A file location is 16 bytes: its kind shares a word with the column
 * (ir.h). Setting either keeps the other; a column too wide is kept as
 * CASC_LOC_MAX_COL. */
static void test_file_location_layout(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx);
  casc_loc *l = casc_loc_file(ctx, "a.mlir", 7, CASC_LOC_MAX_COL);
  REQUIRE(l);
  CHECK_EQ_INT(l->kind, CASC_LOC_FILE);
  CHECK_EQ_INT(l->u.file.line, 7);
  CHECK(l->u.file.col == CASC_LOC_MAX_COL);
  CHECK_STREQ(l->u.file.file, "a.mlir");
  CHECK(casc_loc_file(ctx, "a.mlir", 7, CASC_LOC_MAX_COL + 1u) == l);
  casc_loc *small = casc_loc_file(ctx, "a.mlir", 7, 1);
  REQUIRE(small);
  CHECK(small != l && small->u.file.col == 1 && small->kind == CASC_LOC_FILE);
  casc_loc *n = casc_loc_name(ctx, "x", l);
  REQUIRE(n);
  CHECK(n->kind == CASC_LOC_NAME && n->u.name.child == l);
  CHECK_STREQ(n->u.name.name, "x");
  casc_loc *parts[2] = {l, n};
  casc_loc *f = casc_loc_fused(ctx, 2, parts);
  REQUIRE(f);
  CHECK(f->kind == CASC_LOC_FUSED && f->u.fused.n == 2 &&
        f->u.fused.locs[1] == n);
  casc_ctx_free(ctx);
}

static void test_use_lists_and_erase(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx);
  casc_op *m = casc_module_create(ctx, NULL);
  REQUIRE(m);
  casc_builder b;
  casc_builder_init(&b, ctx);
  casc_builder_set_end(&b, casc_module_body(m));
  casc_type *pt = casc_type_pipe(ctx);
  casc_op *pipe = casc_build(&b, CASC_OP_PIPE, 0, NULL, 1, &pt, NULL, 0);
  casc_type *qt = casc_type_queue(ctx, CASC_TPOS_VECIN, 2);
  casc_op *q = casc_build(&b, CASC_OP_QUEUE, 0, NULL, 1, &qt, NULL, 0);
  casc_type *tt = casc_type_local_tensor(ctx, casc_type_float(ctx, CASC_F32));
  casc_value *qv = casc_op_result(q, 0);
  casc_op *alloc =
      casc_build(&b, CASC_OP_QUE_BIND_ALLOC_TENSOR, 1, &qv, 1, &tt, NULL, 0);
  casc_value *ops[2] = {qv, casc_op_result(alloc, 0)};
  casc_op *fr =
      casc_build(&b, CASC_OP_QUE_BIND_FREE_TENSOR, 2, ops, 0, NULL, NULL, 0);
  REQUIRE(pipe && q && alloc && fr);
  CHECK_EQ_INT(casc_value_num_uses(qv), 2);
  CHECK(casc_module_body(m)->first == pipe);
  CHECK(casc_module_body(m)->last == fr);
  /* growing the operand list keeps the use lists intact */
  for (int i = 0; i < 10; i++)
    casc_op_add_operand(ctx, fr, qv);
  CHECK_EQ_INT(casc_value_num_uses(qv), 12);
  casc_op_set_operands(ctx, fr, 2, ops);
  CHECK_EQ_INT(casc_value_num_uses(qv), 2);
  /* RAUW moves every use */
  casc_op *q2 =
      casc_op_create_kind(ctx, CASC_OP_QUEUE, NULL, 0, NULL, 1, &qt, NULL, 0);
  casc_op_insert_after(q, q2);
  casc_value_replace_all_uses(qv, casc_op_result(q2, 0));
  CHECK(!casc_value_has_uses(qv));
  CHECK_EQ_INT(casc_value_num_uses(casc_op_result(q2, 0)), 2);
  CHECK(q->next == q2 && q2->next == alloc);
  casc_op_erase(fr);
  CHECK_EQ_INT(casc_value_num_uses(casc_op_result(q2, 0)), 1);
  CHECK(casc_module_body(m)->last == alloc);
  casc_op_move_before(pipe, alloc);
  CHECK(casc_module_body(m)->first == alloc);
  casc_ctx_free(ctx);
}

static bool count_op(casc_op *op, void *user) {
  (void)op;
  (*(int *)user)++;
  return true;
}

static bool erase_queues(casc_op *op, void *user) {
  (void)user;
  if (op->kind == CASC_OP_QUEUE)
    casc_op_erase(op);
  return true;
}

static void test_walks(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx);
  casc_op *m = casc_module_create(ctx, NULL);
  casc_builder b;
  casc_builder_init(&b, ctx);
  casc_builder_set_end(&b, casc_module_body(m));
  casc_type *qt = casc_type_queue(ctx, CASC_TPOS_VECOUT, 1);
  for (int i = 0; i < 5; i++)
    casc_build(&b, CASC_OP_QUEUE, 0, NULL, 1, &qt, NULL, 0);
  int n = 0;
  casc_walk_pre(m, count_op, &n);
  CHECK_EQ_INT(n, 6);
  casc_walk_post(m, erase_queues, NULL);
  n = 0;
  casc_walk_pre(m, count_op, &n);
  CHECK_EQ_INT(n, 1);
  casc_ctx_free(ctx);
}

static void diag_count(const casc_diag *d, void *user) {
  (void)d;
  (*(int *)user)++;
}

static void test_diagnostics(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx);
  int n = 0;
  casc_ctx_set_diag_handler(ctx, diag_count, &n);
  casc_loc *l = casc_loc_file(ctx, "k.c", 12, 3);
  casc_diag *d = casc_diag_begin(ctx, CASC_SEV_WARNING, l, "bad %s", "thing");
  casc_diag_note(d, casc_loc_name(ctx, "x", l), "declared here");
  CHECK_STREQ(d->msg, "bad thing");
  CHECK_EQ_INT(d->nnotes, 1);
  casc_diag_emit(d);
  casc_emit_error(ctx, casc_loc_callsite(ctx, l, casc_loc_unknown(ctx)), "e");
  CHECK_EQ_INT(n, 2);
  CHECK_EQ_INT(casc_ctx_error_count(ctx), 1);
  char buf[64];
  casc_loc_format(casc_loc_name(ctx, "x", l), buf, sizeof buf);
  CHECK_STREQ(buf, "k.c:12:3");
  casc_loc_format(casc_loc_unknown(ctx), buf, sizeof buf);
  CHECK_STREQ(buf, "<unknown>:0");
  casc_ctx_free(ctx);
}

static void test_op_table(void) {
  CHECK(casc_op_table_error() == NULL);
  if (casc_op_table_error())
    fprintf(stderr, "  malformed ops.def row: %s\n", casc_op_table_error());
  CHECK_EQ_INT(casc_op_kind_lookup("ascendc.pipe", 12), CASC_OP_PIPE);
  CHECK_EQ_INT(casc_op_kind_lookup("ascendc.nope", 12), CASC_OP_UNREGISTERED);
  const casc_op_info *fr = casc_op_info_get(CASC_OP_QUE_BIND_FREE_TENSOR);
  REQUIRE(fr);
  CHECK_EQ_INT(fr->nopnds, 2);
  CHECK_STREQ(fr->opnds[1].name, "tensor");
  CHECK_EQ_INT(fr->opnds[0].c, CASC_C_QUEUE_LIKE);
  CHECK_EQ_INT(casc_enum_parse(CASC_ENUM_HARDEVENT, "v_s", 3), 22);
  CHECK_STREQ(casc_enum_keyword(CASC_ENUM_TPOSITION, 9), "vecin");
  CHECK(casc_enum_keyword(CASC_ENUM_ROUNDMODE, 1) == NULL);
  CHECK_STREQ(casc_enum_cxx(CASC_ENUM_ROUNDMODE, 1), "CAST_RINT");
}

/* Each operand's use names its user and its number; the values' use
 * lists hold exactly the op's operands. */
static void check_operands(casc_op *op, casc_value *const *want, unsigned n) {
  CHECK_EQ_INT(op->nops, n);
  for (unsigned i = 0; i < op->nops && i < n; i++) {
    casc_use *u = &op->operands[i];
    CHECK(u->value == want[i] && u->user == op);
    CHECK_EQ_INT(casc_use_index(u), i);
    bool listed = false;
    for (casc_use *o = want[i]->first_use; o; o = o->next)
      listed |= o == u;
    CHECK(listed);
  }
}

/* casc_op keeps no operand capacity: an op made with 3 operands, cut to 1
 * and grown back past 3 (and past the first grown array) has its operands
 * in order, each use in its value's list, and no use left of the old
 * arrays. */
static void test_operands_grow_after_shrinking(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx);
  casc_type *i32 = casc_type_i32(ctx);
  casc_value *v[40];
  for (unsigned i = 0; i < 40; i++)
    v[i] = casc_op_result(
        casc_op_create(ctx, "test.def", NULL, 0, NULL, 1, &i32, NULL, 0), 0);
  casc_op *op = casc_op_create(ctx, "test.use", NULL, 3, v, 0, NULL, NULL, 0);
  REQUIRE(op);
  check_operands(op, v, 3);
  casc_op_set_operands(ctx, op, 1, v);
  check_operands(op, v, 1);
  CHECK_EQ_INT(casc_value_num_uses(v[1]), 0);
  for (unsigned i = 1; i < 40; i++)
    casc_op_add_operand(ctx, op, v[i]);
  check_operands(op, v, 40);
  for (unsigned i = 0; i < 40; i++)
    CHECK_EQ_INT(casc_value_num_uses(v[i]), 1);
  casc_op_set_operands(ctx, op, 2, v + 5);
  check_operands(op, v + 5, 2);
  casc_op_add_operand(ctx, op, v[0]);
  casc_value *after[3] = {v[5], v[6], v[0]};
  check_operands(op, after, 3);
  CHECK_EQ_INT(casc_value_num_uses(v[0]), 1);
  CHECK_EQ_INT(casc_value_num_uses(v[39]), 0);
  casc_ctx_free(ctx);
}

/* A block argument's location and attributes are kept beside it; an op
 * result has neither, and setting them on one changes nothing. */
static void test_block_argument_loc_and_attrs(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx);
  casc_type *i32 = casc_type_i32(ctx);
  casc_block *b = casc_block_create(ctx);
  casc_loc *here = casc_loc_file(ctx, "k.mlir", 3, 4);
  casc_value *a0 = casc_block_add_arg(ctx, b, i32, NULL);
  casc_value *a1 = casc_block_add_arg(ctx, b, i32, here);
  REQUIRE(a0 && a1);
  CHECK(casc_value_loc(a0) == casc_loc_unknown(ctx));
  CHECK(casc_value_loc(a1) == here);
  CHECK(casc_value_arg_attrs(a1) == NULL);
  casc_named_attr e = {"foo.bar", casc_attr_unit(ctx)};
  casc_attr *d = casc_attr_dict(ctx, 1, &e);
  casc_value_set_arg_attrs(a1, d);
  casc_value_set_loc(a0, here);
  CHECK(casc_value_arg_attrs(a1) == d && casc_value_arg_attrs(a0) == NULL);
  CHECK(casc_value_loc(a0) == here);
  CHECK(casc_value_block(a1) == b && a1->index == 1 && a1->def == NULL);
  casc_op *op =
      casc_op_create(ctx, "test.def", here, 0, NULL, 1, &i32, NULL, 0);
  REQUIRE(op);
  casc_value *r = casc_op_result(op, 0);
  casc_value_set_loc(r, here);
  casc_value_set_arg_attrs(r, d);
  CHECK(casc_value_loc(r) == NULL && casc_value_arg_attrs(r) == NULL);
  CHECK(r->type == i32 && r->def == op);
  casc_ctx_free(ctx);
}

/* Properties belong to unregistered ops (kept in front of the op): set
 * and read back there, always NULL for a registered op, which refuses
 * any but NULL. */
static void test_unregistered_op_properties(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx);
  casc_type *i32 = casc_type_i32(ctx);
  casc_named_attr e = {"n", casc_attr_int(ctx, i32, 3)};
  casc_attr *d = casc_attr_dict(ctx, 1, &e);
  casc_op *u =
      casc_op_create(ctx, "test.thing", NULL, 0, NULL, 1, &i32, NULL, 1);
  casc_op *r =
      casc_op_create(ctx, "arith.constant", NULL, 0, NULL, 1, &i32, NULL, 0);
  REQUIRE(u && r);
  CHECK_EQ_INT(u->kind, CASC_OP_UNREGISTERED);
  CHECK(casc_op_props(u) == NULL);
  CHECK(casc_op_set_props(u, d));
  CHECK(casc_op_props(u) == d);
  /* The op's own parts are untouched by the slot in front of it. */
  CHECK(casc_op_result(u, 0)->type == i32 && u->nregions == 1 &&
        casc_op_regions(u)[0].parent == u);
  CHECK(!casc_op_set_props(r, d));
  CHECK(casc_op_set_props(r, NULL));
  CHECK(casc_op_props(r) == NULL);
  casc_ctx_free(ctx);
}

/* File locations are uniqued whichever order they come in: in order (the
 * sorted run, across its chunks), out of order (the set), from another file,
 * and asked for again from either place. */
static void test_file_locations_are_uniqued(void) {
  casc_ctx *ctx = casc_ctx_new();
  enum { N = 9000 }; /* more than two chunks of the run */
  static casc_loc *in_order[N];
  for (unsigned i = 0; i < N; i++)
    in_order[i] = casc_loc_file(ctx, "a.mlir", i / 3 + 1, i % 3 + 1);
  casc_loc *back = casc_loc_file(ctx, "a.mlir", 2, 7); /* before the end */
  casc_loc *other = casc_loc_file(ctx, "b.mlir", 1, 1);
  casc_loc *last = casc_loc_file(ctx, "a.mlir", N, 1); /* past the end */
  bool same = true;
  for (unsigned i = 0; i < N; i++) {
    casc_loc *l = casc_loc_file(ctx, "a.mlir", i / 3 + 1, i % 3 + 1);
    same &= l == in_order[i] && l->kind == CASC_LOC_FILE &&
            l->u.file.line == i / 3 + 1 && l->u.file.col == i % 3 + 1 &&
            strcmp(l->u.file.file, "a.mlir") == 0;
  }
  CHECK(same);
  CHECK(in_order[0] != in_order[1] && in_order[1] != in_order[3]);
  CHECK(casc_loc_file(ctx, "a.mlir", 2, 7) == back && back != in_order[5]);
  CHECK(back->u.file.line == 2 && back->u.file.col == 7);
  CHECK(casc_loc_file(ctx, "b.mlir", 1, 1) == other && other != in_order[0]);
  CHECK(casc_loc_file(ctx, "a.mlir", N, 1) == last && last != back);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_types_are_uniqued);
  RUN_TEST(test_asc_type_param_count);
  RUN_TEST(test_attrs_are_uniqued);
  RUN_TEST(test_dict_with_failed_name);
  RUN_TEST(test_op_count_limits);
  RUN_TEST(test_file_location_layout);
  RUN_TEST(test_use_lists_and_erase);
  RUN_TEST(test_walks);
  RUN_TEST(test_diagnostics);
  RUN_TEST(test_op_table);
  RUN_TEST(test_operands_grow_after_shrinking);
  RUN_TEST(test_block_argument_loc_and_attrs);
  RUN_TEST(test_unregistered_op_properties);
  RUN_TEST(test_file_locations_are_uniqued);
  return CHECK_SUMMARY();
}
