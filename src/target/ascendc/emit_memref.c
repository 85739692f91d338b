/* MLIR memref ops as pyasc's translator prints them (its MemRef.cpp):
 *   memref.alloca  `int32_t v1[777];` (element type unsigned with the
 *                  ascendc.emit_as_unsigned attribute)
 *   memref.load    `int64_t v6 = v2[v3][v4];`
 *   memref.store   `v3[v1] = v2;`
 *   memref.cast    `int32_t* v2 = reinterpret_cast<int32_t*>(v1);`
 * An alloca needs a static shape: pyasc prints a dynamic dimension as
 * `[-9223372036854775808]`; casc reports it. */
#include "casc/diag.h"
#include "target/ascendc/emitter.h"

static bool emit_alloca(casc_emitter *e, casc_op *op) {
  const casc_type *t = op->nres == 1 ? casc_op_results(op)[0].type : NULL;
  if (!t || t->kind != CASC_TYPE_MEMREF)
    return casc_em_fail(e, op, "needs a ranked memref result");
  for (unsigned i = 0; i < t->u.memref.rank; i++)
    if (t->u.memref.shape[i] < 0)
      return casc_em_fail(e, op, "needs a static memref shape");
  casc_em_indent(e);
  bool ok = casc_op_attr(op, "ascendc.emit_as_unsigned")
                ? casc_em_type_unsigned(e->out, t->u.memref.elem)
                : casc_em_type(e->out, t->u.memref.elem);
  if (!ok)
    return casc_em_fail(e, op, "unable to emit C++ type");
  const char *name = casc_em_define(e, &casc_op_results(op)[0]);
  if (!name)
    return casc_em_fail(e, op, "ran out of memory naming a value");
  casc_buf_printf(e->out, " %s", name);
  for (unsigned i = 0; i < t->u.memref.rank; i++)
    casc_buf_printf(e->out, "[%lld]", (long long)t->u.memref.shape[i]);
  return true;
}

/* `m[i][j]` for the memref operand at `first` and the indices after it
 * (one per dimension of a ranked memref). */
static bool put_element(casc_emitter *e, casc_op *op, unsigned first,
                        casc_buf *b) {
  const casc_type *t = casc_op_operand(op, first)->type;
  unsigned nidx = op->nops - first - 1;
  if (t->kind == CASC_TYPE_MEMREF && t->u.memref.rank != nidx) {
    casc_emit_error(e->ctx, op->loc,
                    "'%s' op has %u indices for a memref of rank %u",
                    casc_op_name(op), nidx, t->u.memref.rank);
    return false;
  }
  for (unsigned i = first; i < op->nops; i++) {
    const char *n = casc_em_name(e, casc_op_operand(op, i), op);
    if (!n)
      return false;
    casc_buf_printf(b, i == first ? "%s" : "[%s]", n);
  }
  return true;
}

static bool emit_load(casc_emitter *e, casc_op *op) {
  if (op->nops < 1 || op->nres != 1)
    return casc_em_fail(e, op, "is malformed");
  casc_buf rhs;
  casc_buf_init(&rhs);
  bool ok = put_element(e, op, 0, &rhs);
  if (ok) {
    casc_em_indent(e);
    ok = casc_em_decl(e, e->out, &casc_op_results(op)[0], op);
  }
  if (ok)
    casc_buf_printf(e->out, " = %s", casc_buf_str(&rhs));
  casc_em_scratch_done(e->out, &rhs);
  return ok;
}

static bool emit_store(casc_emitter *e, casc_op *op) {
  if (op->nops < 2 || op->nres)
    return casc_em_fail(e, op, "is malformed");
  const char *v = casc_em_name(e, casc_op_operand(op, 0), op);
  casc_buf lhs;
  casc_buf_init(&lhs);
  bool ok = v && put_element(e, op, 1, &lhs);
  if (ok) {
    casc_em_indent(e);
    casc_buf_printf(e->out, "%s = %s", casc_buf_str(&lhs), v);
  }
  casc_em_scratch_done(e->out, &lhs);
  return ok;
}

static bool emit_cast(casc_emitter *e, casc_op *op) {
  if (op->nops != 1 || op->nres != 1)
    return casc_em_fail(e, op, "is malformed");
  const char *src = casc_em_name(e, casc_op_operand(op, 0), op);
  if (!src)
    return false;
  casc_buf rhs;
  casc_buf_init(&rhs);
  casc_buf_puts(&rhs, "reinterpret_cast<");
  bool ok = casc_em_type_at(e, &rhs, casc_op_results(op)[0].type, op);
  casc_buf_printf(&rhs, ">(%s)", src);
  if (ok) {
    casc_em_indent(e);
    ok = casc_em_decl(e, e->out, &casc_op_results(op)[0], op);
  }
  if (ok)
    casc_buf_printf(e->out, " = %s", casc_buf_str(&rhs));
  casc_em_scratch_done(e->out, &rhs);
  return ok;
}

bool casc_em_memref(casc_emitter *e, casc_op *op, bool *semi) {
  (void)semi;
  switch (op->kind) {
  case CASC_OP_MEMREF_ALLOCA:
    return emit_alloca(e, op);
  case CASC_OP_MEMREF_LOAD:
    return emit_load(e, op);
  case CASC_OP_MEMREF_STORE:
    return emit_store(e, op);
  case CASC_OP_MEMREF_CAST:
    return emit_cast(e, op);
  default:
    return casc_em_fail(e, op, "unable to find printer for op");
  }
}
