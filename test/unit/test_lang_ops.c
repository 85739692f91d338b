/* Operand types and attributes of the ops the API records, one API at a
 * time, against docs/ir.md's per-op sections: unsigned indices and counts,
 * DataCopyParams, event ids, enum attributes, LocalTensorAuto shapes,
 * scalar conversions. */
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "check.h"

static casc_ctx *g_ctx;

static casc_block *build(asc_kernel_body body) {
  g_ctx = casc_ctx_new();
  casc_op *m = casc_jit_build(g_ctx, "k", body, NULL);
  if (!m)
    return NULL;
  return casc_op_regions(casc_module_body(m)->first)[0].first;
}

static casc_op *find(casc_block *b, const char *name, unsigned n) {
  for (casc_op *op = b->first; op; op = op->next)
    if (strcmp(casc_op_name(op), name) == 0 && n-- == 0)
      return op;
  return NULL;
}

static const char *ty(casc_value *v) {
  return casc_type_str(g_ctx, v->type);
}

/* "name:type" of operand i's defining op (constants show how an operand
 * was materialised). */
static const char *def_name(casc_op *op, unsigned i) {
  casc_value *v = casc_op_operand(op, i);
  return v->def ? casc_op_name(v->def) : "(arg)";
}

static void tensor_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_int n = asc_arg_i32(k, "n");
  asc_global_tensor g = asc_globaltensor();
  asc_globaltensor_set_global_buffer(g, x, n);
  asc_float v = asc_globaltensor_get_value_float(g, 3);
  asc_globaltensor_set_value(g, n, v);
  asc_local_tensor t = asc_localtensor(ASC_FLOAT, ASC_TPOSITION_VECCALC, 0, n);
  asc_localtensor_set_value(t, 1, 2.5);
  asc_int len = asc_localtensor_get_length(t);
  asc_int size = asc_localtensor_get_size(t);
  asc_local_tensor ti = asc_localtensor_reinterpret_cast(t, ASC_INT32);
  asc_local_tensor same = asc_localtensor_reinterpret_cast(ti, ASC_INT32);
  asc_local_tensor b = asc_localtensor_bracket(same, size);
  asc_set_flag(ASC_HARDEVENT_S_V, asc_to_int(len, ASC_INT32));
  asc_data_copy(b, asc_localtensor_subindex(ti, 8),
                asc_datacopyparams(1, 8, 0, 0));
  asc_gm_addr p = asc_globaltensor_get_phy_addr(g);
  (void)p;
  asc_local_tensor a = asc_localtensorauto(ASC_HALF, 8, 32);
  asc_local_tensor d = asc_localtensorauto(ASC_HALF, n, 16);
  asc_duplicate(a, 1, 256);
  asc_duplicate(d, 1, 256);
}

static void test_tensor_ops(void) {
  casc_block *b = build(tensor_kernel);
  REQUIRE(b != NULL);
  casc_op *sgb = find(b, "ascendc.global_tensor.set_global_buffer", 0);
  REQUIRE(sgb);
  CHECK_EQ_INT(sgb->nops, 3);
  casc_op *gv = find(b, "ascendc.global_tensor.get_value", 0);
  REQUIRE(gv);
  CHECK_STREQ(ty(casc_op_operand(gv, 1)), "ui64");
  CHECK_STREQ(def_name(gv, 1), "emitc.constant");
  CHECK_STREQ(ty(casc_op_result(gv, 0)), "f32");
  casc_op *sv = find(b, "ascendc.global_tensor.set_value", 0);
  REQUIRE(sv);
  CHECK_STREQ(ty(casc_op_operand(sv, 1)), "ui64");
  CHECK_STREQ(def_name(sv, 1), "emitc.cast"); /* i32 argument -> ui64 */
  casc_op *v2 = find(b, "ascendc.local_tensor_v2", 0);
  REQUIRE(v2);
  CHECK_EQ_INT(casc_op_attr_int(v2, "pos", -1), 11);
  CHECK_STREQ(def_name(v2, 0), "emitc.constant");
  CHECK_STREQ(def_name(v2, 1), "emitc.cast");
  casc_op *lsv = find(b, "ascendc.local_tensor.set_value", 0);
  REQUIRE(lsv);
  CHECK_STREQ(ty(casc_op_operand(lsv, 1)), "ui32");
  CHECK_STREQ(ty(casc_op_operand(lsv, 2)), "f32");
  CHECK_STREQ(
      ty(casc_op_result(find(b, "ascendc.local_tensor.get_length", 0), 0)),
      "ui32");
  CHECK_STREQ(
      ty(casc_op_result(find(b, "ascendc.local_tensor.get_size", 0), 0)),
      "i32");
  /* reinterpret_cast to the same dtype records nothing (pyasc) */
  CHECK(find(b, "ascendc.reinterpret_cast", 1) == NULL);
  CHECK(find(b, "ascendc.reinterpret_cast", 0) != NULL);
  /* ui32 length -> i32 event id: emitc.cast */
  casc_op *sf = find(b, "ascendc.set_flag", 0);
  REQUIRE(sf);
  CHECK_STREQ(def_name(sf, 0), "emitc.cast");
  CHECK_EQ_INT(casc_op_attr_int(sf, "event", -1), 21);
  /* DataCopyParams: construct [ui16 x 4] from i32 operands */
  casc_op *cons = find(b, "ascendc.construct", 0);
  REQUIRE(cons);
  CHECK_EQ_INT(cons->nops, 4);
  CHECK_STREQ(ty(casc_op_operand(cons, 0)), "i32");
  casc_attr *types = casc_op_attr(cons, "types");
  REQUIRE(types && types->kind == CASC_ATTR_ARRAY);
  CHECK_EQ_INT(types->u.array.n, 4);
  CHECK_STREQ(ty(casc_op_result(cons, 0)), "!ascendc.data_copy_params");
  casc_op *dc = find(b, "ascendc.data_copy_l0", 0);
  REQUIRE(dc);
  CHECK(casc_op_operand(dc, 2) == casc_op_result(cons, 0));
  casc_op *pa = find(b, "ascendc.global_tensor.get_phy_addr", 0);
  REQUIRE(pa);
  CHECK_STREQ(ty(casc_op_result(pa, 0)), "memref<*xf32, 22>");
  CHECK_STREQ(ty(casc_op_operand(pa, 1)), "ui64");
  /* LocalTensorAuto: static shape vs. i64 operands */
  casc_op *a0 = find(b, "ascendc.local_tensor_auto", 0);
  casc_op *a1 = find(b, "ascendc.local_tensor_auto", 1);
  REQUIRE(a0 && a1);
  CHECK_EQ_INT(a0->nops, 0);
  CHECK_STREQ(ty(casc_op_result(a0, 0)), "!ascendc.local_tensor<8x32xf16>");
  CHECK_EQ_INT(a1->nops, 2);
  CHECK_STREQ(ty(casc_op_operand(a1, 0)), "i64");
  CHECK_STREQ(def_name(a1, 0), "arith.extsi");
  CHECK_STREQ(ty(casc_op_result(a1, 0)), "!ascendc.local_tensor<*xf16>");
  /* duplicate: scalar in the tensor dtype */
  casc_op *dup = find(b, "ascendc.duplicate_l2", 0);
  REQUIRE(dup);
  CHECK_STREQ(ty(casc_op_operand(dup, 1)), "f16");
  casc_ctx_free(g_ctx);
}

static void framework_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qb = asc_tquebind(ASC_TPOSITION_VECIN, ASC_TPOSITION_VECOUT, 1);
  asc_tbuf buf = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, qb, 1, 1024);
  asc_tpipe_init_buffer(pipe, buf, 2048);
  asc_int ev = asc_tpipe_alloc_event_id(pipe, ASC_HARDEVENT_MTE2_V);
  asc_tpipe_release_event_id(pipe, ev, ASC_HARDEVENT_MTE2_V);
  asc_local_tensor t = asc_tquebind_alloc_tensor(qb, ASC_HALF);
  asc_tquebind_enque(qb, t, ASC_TPOSITION_VECIN, ASC_TPOSITION_VECOUT);
  asc_local_tensor d = asc_tquebind_deque(qb, ASC_HALF, ASC_TPOSITION_VECIN,
                                          ASC_TPOSITION_VECOUT);
  asc_tquebind_alloc_tensor(qb, d); /* in place */
  asc_tquebind_deque(qb, d);        /* in place */
  asc_bool idle = asc_tquebind_has_idle_buffer(qb);
  asc_int cnt = asc_tquebind_get_tensor_count_in_que(qb);
  (void)idle;
  (void)cnt;
  asc_tquebind_free_tensor(qb, d);
  asc_tquebind_free_all_event(qb);
  asc_local_tensor w = asc_tbuf_get(buf, ASC_FLOAT, 128);
  asc_local_tensor o = asc_tbuf_get_with_offset(buf, 64, 256, ASC_FLOAT);
  asc_reduce_max(w, o, w, 64, 1);
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
  asc_tpipe_destroy(pipe);
}

static void test_framework_ops(void) {
  casc_block *b = build(framework_kernel);
  REQUIRE(b != NULL);
  casc_op *ae = find(b, "ascendc.pipe.alloc_event_id", 0);
  REQUIRE(ae);
  CHECK_EQ_INT(casc_op_attr_int(ae, "event", -1), 4);
  CHECK_STREQ(ty(casc_op_result(ae, 0)), "i32");
  CHECK(find(b, "ascendc.pipe.release_event_id", 0) != NULL);
  casc_op *ep = find(b, "ascendc.que_bind.enque_tensor_pos", 0);
  REQUIRE(ep);
  CHECK_EQ_INT(casc_op_attr_int(ep, "srcUserPos", -1), 9);
  CHECK_EQ_INT(casc_op_attr_int(ep, "dstUserPos", -1), 10);
  CHECK(find(b, "ascendc.que_bind.deque_tensor_pos", 0) != NULL);
  CHECK(find(b, "ascendc.que_bind.alloc_tensor_in_place", 0) != NULL);
  CHECK(find(b, "ascendc.que_bind.deque_tensor_in_place", 0) != NULL);
  CHECK(find(b, "ascendc.que_bind.free_all_event", 0) != NULL);
  CHECK_STREQ(
      ty(casc_op_result(find(b, "ascendc.que_bind.has_idle_buffer", 0), 0)),
      "i1");
  casc_op *get = find(b, "ascendc.tbuf.get_tensor", 0);
  REQUIRE(get);
  CHECK_EQ_INT(get->nops, 2);
  CHECK_STREQ(ty(casc_op_operand(get, 1)), "ui32");
  casc_op *gwo = find(b, "ascendc.tbuf.get_with_offset", 0);
  REQUIRE(gwo);
  CHECK_STREQ(ty(casc_op_operand(gwo, 1)), "ui32");
  CHECK_STREQ(ty(casc_op_operand(gwo, 2)), "ui32");
  casc_op *rm = find(b, "ascendc.reduce_max_l2", 0);
  REQUIRE(rm);
  CHECK_STREQ(ty(casc_op_operand(rm, 3)), "ui32");
  CHECK_STREQ(ty(casc_op_operand(rm, 4)), "i8");
  casc_attr *ci = casc_op_attr(casc_op_operand(rm, 4)->def, "value");
  CHECK(ci && ci->u.i.v == 1);
  CHECK_EQ_INT(casc_op_attr_int(find(b, "ascendc.pipe_barrier", 0), "pipe", -1),
               6);
  CHECK(find(b, "ascendc.pipe.destroy", 0) != NULL);
  casc_ctx_free(g_ctx);
}

static void scalar_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_int n = asc_arg_i32(k, "n");
  asc_float f = asc_arg_f32(k, "f");
  asc_int b8 = asc_arg_bool(k, "flag");
  asc_float h = asc_to_float(f, ASC_HALF);  /* truncf */
  asc_float w = asc_to_float(n, ASC_FLOAT); /* sitofp */
  asc_int i64 = asc_to_int(n, ASC_INT64);   /* extsi */
  asc_int u32 = asc_to_int(n, ASC_UINT32);  /* emitc.cast */
  asc_bool c = asc_le(asc_mul(w, 2), f);    /* mulf, cmpf ole */
  asc_int s = asc_select(c, n, 7);
  asc_int_var acc = asc_var(s);
  ASC_IF(b8) {
    asc_set(acc, asc_rem(asc_get(acc), 3));
  }
  (void)h;
  (void)i64;
  (void)u32;
  asc_set_flag(ASC_HARDEVENT_V_S, asc_get(acc));
}

static void test_scalar_ops(void) {
  casc_block *b = build(scalar_kernel);
  REQUIRE(b != NULL);
  REQUIRE(b->nargs == 3);
  CHECK_STREQ(ty(b->args[2]), "i8");
  CHECK(find(b, "arith.truncf", 0) != NULL);
  CHECK(find(b, "arith.sitofp", 0) != NULL);
  CHECK(find(b, "arith.extsi", 0) != NULL);
  CHECK(find(b, "emitc.cast", 0) != NULL);
  casc_op *cmp = find(b, "arith.cmpf", 0);
  REQUIRE(cmp);
  CHECK_EQ_INT(casc_op_attr_int(cmp, "predicate", -1), 5); /* ole */
  CHECK_STREQ(def_name(find(b, "arith.mulf", 0), 1), "arith.constant");
  casc_op *sel = find(b, "arith.select", 0);
  REQUIRE(sel);
  CHECK_STREQ(ty(casc_op_result(sel, 0)), "i32");
  /* ASC_IF on the i8 argument: cmpi ne with 0 */
  casc_op *ne = find(b, "arith.cmpi", 0);
  REQUIRE(ne);
  CHECK_EQ_INT(casc_op_attr_int(ne, "predicate", -1), 1);
  CHECK_STREQ(ty(casc_op_operand(ne, 0)), "i8");
  casc_op *iff = find(b, "scf.if", 0);
  REQUIRE(iff);
  CHECK_EQ_INT(iff->nres, 1);
  /* the else branch yields the value from before the if */
  casc_op *ey = casc_op_regions(iff)[1].first->first;
  CHECK(casc_op_operand(ey, 0) == casc_op_result(sel, 0));
  casc_ctx_free(g_ctx);
}

/* Nested loops carrying a cell through both, and an if inside a loop. */
static void nested_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_int n = asc_arg_i32(k, "n");
  asc_int_var acc = asc_var(0);
  ASC_FOR(i, 0, n) {
    ASC_FOR_STEP(j, i, n, 2) {
      ASC_IF(asc_lt(j, 5)) {
        asc_set(acc, asc_add(asc_get(acc), j));
      }
    }
  }
  asc_set_flag(ASC_HARDEVENT_V_S, asc_get(acc));
}

static void test_nested(void) {
  casc_block *b = build(nested_kernel);
  REQUIRE(b != NULL);
  casc_op *outer = find(b, "scf.for", 0);
  REQUIRE(outer);
  CHECK_EQ_INT(outer->nres, 1);
  casc_block *ob = casc_op_regions(outer)[0].first;
  casc_op *inner = find(ob, "scf.for", 0);
  REQUIRE(inner);
  CHECK_EQ_INT(inner->nres, 1);
  /* inner loop: lb = outer iv, init = outer's carried arg */
  CHECK(casc_op_operand(inner, 0) == ob->args[0]);
  CHECK(casc_op_operand(inner, 3) == ob->args[1]);
  casc_block *ib = casc_op_regions(inner)[0].first;
  casc_op *iff = find(ib, "scf.if", 0);
  REQUIRE(iff);
  CHECK_EQ_INT(iff->nres, 1);
  /* inner yield = if result; outer yield = inner result */
  CHECK(casc_op_operand(ib->last, 0) == casc_op_result(iff, 0));
  CHECK(casc_op_operand(ob->last, 0) == casc_op_result(inner, 0));
  CHECK(casc_op_operand(find(b, "ascendc.set_flag", 0), 0) ==
        casc_op_result(outer, 0));
  casc_ctx_free(g_ctx);
}

int main(void) {
  RUN_TEST(test_tensor_ops);
  RUN_TEST(test_framework_ops);
  RUN_TEST(test_scalar_ops);
  RUN_TEST(test_nested);
  return CHECK_SUMMARY();
}
