/* Struct members (emitasc.member, member_ptr, member_ref, set_member), as
 * pyasc's translator prints them:
 *   T vN = base.field;                 (base->field when base is a pointer)
 *   T* vN = reinterpret_cast<T*>(&base->field);
 *   T& vN = reinterpret_cast<T&>(base->field);
 *   base.field = value;
 * member_ptr / member_ref without a field name use pyasc's name for the
 * index-th field of a py_struct, `var<index>`. */
#include "casc/diag.h"
#include "target/ascendc/emitter.h"

static bool is_pointer(const casc_type *t) {
  return t->kind == CASC_TYPE_MEMREF || t->kind == CASC_TYPE_UNRANKED_MEMREF;
}

/* The field's C++ name: the `field` string, or `var<index>`. */
static bool field_name(casc_emitter *e, casc_op *op, casc_buf *b) {
  casc_attr *f = casc_em_attr(op, "field");
  if (f && f->kind == CASC_ATTR_STRING) {
    casc_buf_put(b, f->u.str.s, f->u.str.len);
    return true;
  }
  if (f)
    return casc_em_fail(e, op, "has a field that is not a string");
  int64_t index;
  if (!casc_em_attr_int(casc_em_attr(op, "index"), &index) || index < 0)
    return casc_em_fail(e, op, "has neither a field name nor an index");
  casc_buf_printf(b, "var%lld", (long long)index);
  return true;
}

/* emitasc.member: `T vN = base.field` (`->` through a pointer). */
static bool emit_member(casc_emitter *e, casc_op *op) {
  if (op->nops != 1 || op->nres != 1)
    return casc_em_fail(e, op, "is malformed");
  casc_value *base = casc_op_operand(op, 0);
  const char *bn = casc_em_name(e, base, op);
  if (!bn)
    return false;
  casc_em_indent(e);
  if (!casc_em_decl(e, e->out, &casc_op_results(op)[0], op))
    return false;
  casc_buf_printf(e->out, " = %s%s", bn, is_pointer(base->type) ? "->" : ".");
  return field_name(e, op, e->out);
}

/* emitasc.member_ptr / member_ref: the member through the base pointer,
 * reinterpreted as the result's pointer (`*`) or reference (`&`) type. */
static bool emit_member_access(casc_emitter *e, casc_op *op, bool ref) {
  if (op->nops != 1 || op->nres != 1)
    return casc_em_fail(e, op, "is malformed");
  const char *bn = casc_em_name(e, casc_op_operand(op, 0), op);
  if (!bn)
    return false;
  casc_buf type;
  casc_buf_init(&type);
  bool ok = casc_em_type_at(e, &type, casc_op_results(op)[0].type, op);
  const char *name = ok ? casc_em_define(e, &casc_op_results(op)[0]) : NULL;
  if (ok && !name)
    ok = casc_em_fail(e, op, "ran out of memory naming a value");
  if (ok) {
    const char *t = casc_buf_str(&type);
    casc_em_indent(e);
    if (ref)
      casc_buf_printf(e->out, "%s& %s = reinterpret_cast<%s&>(%s->", t, name, t,
                      bn);
    else
      casc_buf_printf(e->out, "%s %s = reinterpret_cast<%s>(&%s->", t, name, t,
                      bn);
    ok = field_name(e, op, e->out);
    casc_buf_putc(e->out, ')');
  }
  casc_em_scratch_done(e->out, &type);
  return ok;
}

/* emitasc.set_member: `base.field = value`. */
static bool emit_set_member(casc_emitter *e, casc_op *op) {
  if (op->nops != 2 || op->nres != 0)
    return casc_em_fail(e, op, "is malformed");
  const char *bn = casc_em_name(e, casc_op_operand(op, 0), op);
  const char *vn = bn ? casc_em_name(e, casc_op_operand(op, 1), op) : NULL;
  if (!vn)
    return false;
  casc_em_indent(e);
  casc_buf_printf(e->out, "%s.", bn);
  if (!field_name(e, op, e->out))
    return false;
  casc_buf_printf(e->out, " = %s", vn);
  return true;
}

bool casc_em_member(casc_emitter *e, casc_op *op) {
  switch (op->kind) {
  case CASC_OP_EMITASC_MEMBER:
    return emit_member(e, op);
  case CASC_OP_EMITASC_MEMBER_PTR:
    return emit_member_access(e, op, false);
  case CASC_OP_EMITASC_MEMBER_REF:
    return emit_member_access(e, op, true);
  case CASC_OP_EMITASC_SET_MEMBER:
    return emit_set_member(e, op);
  default:
    return casc_em_fail(e, op, "is not a struct member op");
  }
}
