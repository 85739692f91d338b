/* Cube ops whose Ascend C form the op table's patterns cannot express.
 *
 * Fixpipe takes its FixpipeConfig as a template argument
 * (`Fixpipe<DstT, SrcT, CFG_ROW_MAJOR>(dst, src, params)`, the Ascend C
 * reference's Fixpipe page), while the IR passes it as an operand built by
 * ascendc.construct from one constant (CO2Layout: 0 NZ, 1 ROW_MAJOR). As
 * pyasc's printFixpipeTemplate does, the emitter reads that constant. */
#include "target/ascendc/emitter.h"

/* The integer the FixpipeConfig operand v is constructed from, or false. */
static bool config_layout(casc_value *v, int64_t *layout) {
  casc_op *ctor = v ? v->def : NULL;
  if (!ctor || ctor->kind != CASC_OP_CONSTRUCT || ctor->nops != 1)
    return false;
  casc_op *c = casc_op_operand(ctor, 0)->def;
  if (!c ||
      (c->kind != CASC_OP_ARITH_CONSTANT && c->kind != CASC_OP_EMITC_CONSTANT))
    return false;
  return casc_em_attr_int(casc_em_attr(c, "value"), layout);
}

bool casc_em_fixpipe(casc_emitter *e, casc_op *op) {
  bool ws = op->kind == CASC_OP_FIXPIPE_WITH_WORKSPACE;
  unsigned n = ws ? 5 : 4;
  if (op->nops != n || op->nres)
    return casc_em_fail(e, op, "is malformed");
  int64_t layout;
  if (!config_layout(casc_op_operand(op, n - 1), &layout) ||
      (layout != 0 && layout != 1))
    return casc_em_fail(e, op,
                        "needs a FixpipeConfig constructed from a constant "
                        "CO2Layout (0 NZ or 1 ROW_MAJOR)");
  casc_buf s;
  casc_buf_init(&s);
  casc_buf_puts(&s, "AscendC::Fixpipe<");
  bool ok =
      casc_em_type_at(e, &s, casc_type_elem(casc_op_operand(op, 0)->type), op);
  casc_buf_puts(&s, ", ");
  ok = ok &&
       casc_em_type_at(e, &s, casc_type_elem(casc_op_operand(op, 1)->type), op);
  casc_buf_printf(&s, ", AscendC::%s>(", layout ? "CFG_ROW_MAJOR" : "CFG_NZ");
  for (unsigned i = 0; ok && i + 1 < n; i++) {
    const char *name = casc_em_name(e, casc_op_operand(op, i), op);
    ok = name != NULL;
    if (ok)
      casc_buf_printf(&s, "%s%s", i ? ", " : "", name);
  }
  casc_buf_puts(&s, ")");
  if (ok) {
    casc_em_indent(e);
    casc_buf_puts(e->out, casc_buf_str(&s));
  }
  casc_em_scratch_done(e->out, &s);
  return ok;
}
