/* ascendc ops whose C++ needs facts the op itself does not carry, found in
 * the ops around it as pyasc's translator finds them:
 *   fixpipe / fixpipe_with_workspace  the FixpipeConfig template argument
 *       (AscendC::CFG_NZ for CO2Layout 0, CFG_ROW_MAJOR otherwise) from the
 *       constant the config was constructed from;
 *   trans_data_to_5hd  the element type from a set_value that stores the
 *       GetPhyAddr of a data tensor into the dst or src address tensor;
 *   trans_data_to_5hd_tensor_list / _uint_list  C arrays of the lists, the
 *       element type from the first tensor (or the tensor whose GetPhyAddr
 *       the first address is).
 *   get_hccl_context / set_hccl_context  the communication domain is a
 *       template argument: a constant index (a constexpr variable) is
 *       passed as pyasc passes it; any other value chooses between the two
 *       domains the reference allows (0 and 1) at run time, since its name
 *       is no constant expression (pyasc's `GetHcclContext<v1>()` does not
 *       compile).
 *   global_tensor.set_shape_info_v2  SetShapeInfo from a list of dims: a
 *       ShapeInfo(dim count, uint32_t array) (the reference's constructor;
 *       pyasc has no printer).
 * Where pyasc asserts or crashes when the fact is missing, casc reports it
 * at the op. Array names are unique in the function (pyasc declares
 * `<t>_list` twice when both lists start with the same tensor). */
#include "casc/diag.h"
#include "target/ascendc/emitter.h"

static bool fail_infer(casc_emitter *e, casc_op *op, const char *what) {
  casc_emit_error(e->ctx, op->loc, "'%s' op %s", casc_op_name(op), what);
  return false;
}

/* The element-type failures are pyasc's own messages, which it emits
 * without the op prefix (emitError, not emitOpError): the same bytes, so
 * that pyasc-diff compares the first error lines equal. */
static bool fail_no_elem(casc_emitter *e, casc_op *op, const char *what) {
  casc_emit_error(e->ctx, op->loc, "could not infer element type from %s",
                  what);
  return false;
}

/* `AscendC::Fixpipe<Dst, Src, AscendC::CFG_X>(args)`; args are operands
 * [0, n) without the config (the last operand). */
static bool emit_fixpipe(casc_emitter *e, casc_op *op) {
  if (op->nops < 4)
    return casc_em_fail(e, op, "is malformed");
  casc_op *cfg = casc_op_operand(op, op->nops - 1)->def;
  casc_op *c = cfg && cfg->kind == CASC_OP_CONSTRUCT && cfg->nops
                   ? casc_op_operand(cfg, 0)->def
                   : NULL;
  int64_t layout;
  if (!c || c->kind != CASC_OP_ARITH_CONSTANT ||
      !casc_em_attr_int(casc_op_attr(c, "value"), &layout))
    return fail_infer(e, op,
                      "needs its FixpipeConfig constructed from a constant "
                      "CO2Layout (the template argument)");
  casc_buf b;
  casc_buf_init(&b);
  casc_buf_puts(&b, "AscendC::Fixpipe<");
  bool ok =
      casc_em_type_at(e, &b, casc_type_elem(casc_op_operand(op, 0)->type), op);
  casc_buf_puts(&b, ", ");
  ok = ok &&
       casc_em_type_at(e, &b, casc_type_elem(casc_op_operand(op, 1)->type), op);
  casc_buf_printf(&b, ", AscendC::%s>(",
                  layout == 0 ? "CFG_NZ" : "CFG_ROW_MAJOR");
  for (unsigned i = 0; ok && i + 1 < op->nops; i++) {
    const char *n = casc_em_name(e, casc_op_operand(op, i), op);
    ok = n != NULL;
    if (ok)
      casc_buf_printf(&b, "%s%s", i ? ", " : "", n);
  }
  if (ok) {
    casc_em_indent(e);
    casc_buf_printf(e->out, "%s)", casc_buf_str(&b));
  }
  casc_em_scratch_done(e->out, &b);
  return ok;
}

/* The element type of the tensor whose GetPhyAddr v is, or NULL. */
static const casc_type *phy_addr_elem(const casc_value *v) {
  const casc_op *d = v->def;
  if (!d || d->kind != CASC_OP_LOCAL_TENSOR_GET_PHY_ADDR || !d->nops ||
      !casc_type_is_local_tensor(d->operands[0].value->type))
    return NULL;
  return casc_type_elem(d->operands[0].value->type);
}

/* For the address tensor t: a set_value into it of a GetPhyAddr. */
static const casc_type *addr_tensor_elem(const casc_value *t) {
  for (const casc_use *u = t->first_use; u; u = u->next) {
    const casc_op *s = u->user;
    if (s->kind != CASC_OP_LOCAL_TENSOR_SET_VALUE || s->nops != 3 ||
        s->operands[0].value != t)
      continue;
    const casc_type *et = phy_addr_elem(s->operands[2].value);
    if (et)
      return et;
  }
  return NULL;
}

static bool emit_call(casc_emitter *e, casc_op *op, const casc_type *et,
                      const char *dst, const char *src, const char *params) {
  casc_em_indent(e);
  casc_buf_puts(e->out, "AscendC::TransDataTo5HD<");
  if (!casc_em_type_at(e, e->out, et, op))
    return false;
  casc_buf_printf(e->out, ">(%s, %s, %s)", dst, src, params);
  return true;
}

static bool emit_5hd(casc_emitter *e, casc_op *op) {
  if (op->nops != 3)
    return casc_em_fail(e, op, "is malformed");
  const casc_type *et = addr_tensor_elem(casc_op_operand(op, 0));
  if (!et)
    et = addr_tensor_elem(casc_op_operand(op, 1));
  if (!et)
    return fail_no_elem(e, op, "addr tensor");
  const char *d = casc_em_name(e, casc_op_operand(op, 0), op);
  const char *s = casc_em_name(e, casc_op_operand(op, 1), op);
  const char *p = casc_em_name(e, casc_op_operand(op, 2), op);
  return d && s && p && emit_call(e, op, et, d, s, p);
}

/* `T name[] = {v0, ...};` on its own line for operands [begin, begin+n). */
static const char *declare_array(casc_emitter *e, casc_op *op, const char *t,
                                 const char *base, unsigned begin, unsigned n) {
  const char *name = casc_em_fresh(e, base);
  if (!name)
    return NULL;
  casc_em_indent(e);
  casc_buf_printf(e->out, "%s %s[] = {", t, name);
  for (unsigned i = 0; i < n; i++) {
    const char *v = casc_em_name(e, casc_op_operand(op, begin + i), op);
    if (!v)
      return NULL;
    casc_buf_printf(e->out, "%s%s", i ? ", " : "", v);
  }
  casc_buf_puts(e->out, "};\n");
  return name;
}

/* The two lists (operand groups 0 and 1) of a 5HD list op. */
static bool list_groups(casc_op *op, unsigned *db, unsigned *dn, unsigned *sb,
                        unsigned *sn) {
  return casc_op_operand_group(op, 0, db, dn) &&
         casc_op_operand_group(op, 1, sb, sn) && op->nops == *dn + *sn + 1;
}

static bool emit_5hd_list(casc_emitter *e, casc_op *op, bool tensors) {
  unsigned db, dn, sb, sn;
  if (!list_groups(op, &db, &dn, &sb, &sn))
    return casc_em_fail(e, op, "is malformed");
  if (!dn)
    return fail_infer(e, op, "has an empty dst list");
  const casc_type *et = NULL;
  for (unsigned g = 0; g < 2 && !et; g++) {
    unsigned b = g ? sb : db, n = g ? sn : dn;
    if (!n)
      continue;
    casc_value *first = casc_op_operand(op, b);
    et = tensors ? (casc_type_is_local_tensor(first->type)
                        ? casc_type_elem(first->type)
                        : NULL)
                 : phy_addr_elem(first);
  }
  if (!et)
    return fail_no_elem(e, op, "tensor list");
  casc_buf t, base;
  casc_buf_init(&t);
  casc_buf_init(&base);
  bool ok = true;
  if (tensors) {
    casc_buf_puts(&t, "AscendC::LocalTensor<");
    ok = casc_em_type_at(e, &t, et, op);
    casc_buf_putc(&t, '>');
  } else {
    casc_buf_puts(&t, "uint64_t");
  }
  const char *names[2] = {NULL, NULL};
  const char *params = casc_em_name(e, casc_op_operand(op, op->nops - 1), op);
  ok = ok && params;
  for (unsigned g = 0; ok && g < 2; g++) {
    casc_buf_clear(&base);
    if (tensors) {
      const char *f = casc_em_name(e, casc_op_operand(op, g ? sb : db), op);
      ok = f != NULL;
      if (ok)
        casc_buf_printf(&base, "%s_list", f);
    } else {
      casc_buf_printf(&base, "%s_%s_list", params, g ? "src" : "dst");
    }
    names[g] = ok ? declare_array(e, op, casc_buf_str(&t), casc_buf_str(&base),
                                  g ? sb : db, g ? sn : dn)
                  : NULL;
    ok = names[g] != NULL;
  }
  if (ok)
    ok = emit_call(e, op, et, names[0], names[1], params);
  casc_em_scratch_done(e->out, &t);
  casc_em_scratch_done(e->out, &base);
  return ok;
}

/* True if v is a constant the emitter declares constexpr. */
static bool is_constexpr(const casc_value *v) {
  const casc_op *d = v->def;
  return d &&
         (d->kind == CASC_OP_ARITH_CONSTANT ||
          d->kind == CASC_OP_EMITC_CONSTANT) &&
         v->type->kind == CASC_TYPE_INTEGER;
}

/* [T vN = ]AscendC::Get/SetHcclContext<index>([context]), or with a run-time
 * index `(i == 0 ? Api<0>(...) : Api<1>(...))`. */
static bool emit_hccl(casc_emitter *e, casc_op *op, bool get) {
  if (op->nops != (get ? 1u : 2u) || op->nres != (get ? 1u : 0u))
    return casc_em_fail(e, op, "is malformed");
  const char *api = get ? "GetHcclContext" : "SetHcclContext";
  const char *idx = casc_em_name(e, casc_op_operand(op, 0), op);
  const char *ctx = get ? "" : casc_em_name(e, casc_op_operand(op, 1), op);
  if (!idx || !ctx)
    return false;
  casc_buf b;
  casc_buf_init(&b);
  bool ok = true;
  if (get) {
    ok = casc_em_decl(e, &b, &casc_op_results(op)[0], op);
    casc_buf_puts(&b, " = ");
  }
  if (is_constexpr(casc_op_operand(op, 0)))
    casc_buf_printf(&b, "AscendC::%s<%s>(%s)", api, idx, ctx);
  else
    casc_buf_printf(&b, "(%s == 0 ? AscendC::%s<0>(%s) : AscendC::%s<1>(%s))",
                    idx, api, ctx, api, ctx);
  if (ok) {
    casc_em_indent(e);
    casc_buf_put(e->out, b.data ? b.data : "", b.len);
  }
  casc_em_scratch_done(e->out, &b);
  return ok;
}

/* `uint32_t <t>_shape[] = {static_cast<uint32_t>(d0), ...};` then
 * `t.SetShapeInfo(AscendC::ShapeInfo(n, <t>_shape))`. ShapeInfo holds at
 * most 8 dims (K_MAX_DIM) and a C array cannot be empty. */
static bool emit_shape_info_v2(casc_emitter *e, casc_op *op) {
  unsigned n = op->nops ? op->nops - 1 : 0;
  if (!op->nops)
    return casc_em_fail(e, op, "is malformed");
  if (!n)
    return fail_infer(e, op, "has an empty dims list");
  if (n > 8)
    return fail_infer(e, op, "has more than 8 dims (ShapeInfo's K_MAX_DIM)");
  const char *t = casc_em_name(e, casc_op_operand(op, 0), op);
  if (!t)
    return false;
  casc_buf base;
  casc_buf_init(&base);
  casc_buf_printf(&base, "%s_shape", t);
  const char *arr = casc_em_fresh(e, casc_buf_str(&base));
  casc_em_scratch_done(e->out, &base);
  if (!arr)
    return casc_em_fail(e, op, "ran out of memory naming a value");
  casc_em_indent(e);
  casc_buf_printf(e->out, "uint32_t %s[] = {", arr);
  for (unsigned i = 0; i < n; i++) {
    const char *v = casc_em_name(e, casc_op_operand(op, 1 + i), op);
    if (!v)
      return false;
    casc_buf_printf(e->out, "%sstatic_cast<uint32_t>(%s)", i ? ", " : "", v);
  }
  casc_buf_puts(e->out, "};\n");
  casc_em_indent(e);
  casc_buf_printf(e->out, "%s.SetShapeInfo(AscendC::ShapeInfo(%u, %s))", t, n,
                  arr);
  return true;
}

bool casc_em_inferred(casc_emitter *e, casc_op *op, bool *semi) {
  (void)semi;
  switch (op->kind) {
  case CASC_OP_FIXPIPE:
  case CASC_OP_FIXPIPE_WITH_WORKSPACE:
    return emit_fixpipe(e, op);
  case CASC_OP_TRANS_DATA_TO_5HD:
    return emit_5hd(e, op);
  case CASC_OP_TRANS_DATA_TO_5HD_TENSOR_LIST:
    return emit_5hd_list(e, op, true);
  case CASC_OP_TRANS_DATA_TO_5HD_UINT_LIST:
    return emit_5hd_list(e, op, false);
  case CASC_OP_GET_HCCL_CONTEXT:
    return emit_hccl(e, op, true);
  case CASC_OP_SET_HCCL_CONTEXT:
    return emit_hccl(e, op, false);
  case CASC_OP_GLOBAL_TENSOR_SET_SHAPE_INFO_V2:
    return emit_shape_info_v2(e, op);
  default:
    return casc_em_fail(e, op, "unable to find printer for op");
  }
}

bool casc_em_is_inferred(const casc_op *op) {
  switch (op->kind) {
  case CASC_OP_FIXPIPE:
  case CASC_OP_FIXPIPE_WITH_WORKSPACE:
  case CASC_OP_TRANS_DATA_TO_5HD:
  case CASC_OP_TRANS_DATA_TO_5HD_TENSOR_LIST:
  case CASC_OP_TRANS_DATA_TO_5HD_UINT_LIST:
  case CASC_OP_GET_HCCL_CONTEXT:
  case CASC_OP_SET_HCCL_CONTEXT:
  case CASC_OP_GLOBAL_TENSOR_SET_SHAPE_INFO_V2:
    return true;
  default:
    return false;
  }
}
