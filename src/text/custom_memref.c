/* Hand-written syntax of memref.load and memref.store, as MLIR 19 prints
 * them: the loaded/stored value's type is the memref's element type, which
 * no declarative `=other` rule of the op table can say.
 *   %v = memref.load %m[%i, %j] attr-dict : memref<?x?xi64>
 *   memref.store %v, %m[%i] attr-dict : memref<?xi64>
 * The indices are `index` values; that there is one per dimension is, as in
 * MLIR, not the parser's business (the emitter checks it). */
#include "text/parser.h"
#include "text/printer.h"

bool casc_custom_parse_memref_load(casc_parser *p, pp_op_state *st);
void casc_custom_print_memref_load(casc_printer *pr, casc_op *op);
bool casc_custom_parse_memref_store(casc_parser *p, pp_op_state *st);
void casc_custom_print_memref_store(casc_printer *pr, casc_op *op);

/* `%m[%i, ...] attr-dict : memref-type`, after the optional stored value:
 * adds memref and indices as operands; *elem = the element type. */
static bool parse_access(casc_parser *p, pp_op_state *st, casc_type **elem) {
  pp_ssa_use m;
  pp_ssa_use *idx = NULL;
  unsigned nidx = 0;
  if (!pp_parse_ssa_use(p, &m) || !pp_expect(p, CASC_TK_LSQUARE, "[") ||
      !pp_parse_ssa_use_list(p, &idx, &nidx, true) ||
      !pp_expect(p, CASC_TK_RSQUARE, "]"))
    return false;
  casc_attr *d = NULL;
  if (!pp_parse_opt_dict(p, &d) || !pp_state_add_dict(p, st, d) ||
      !pp_expect(p, CASC_TK_COLON, ":"))
    return false;
  unsigned l = p->tok.line, c = p->tok.col;
  casc_type *t = pp_parse_type(p);
  if (!t)
    return false;
  if (t->kind != CASC_TYPE_MEMREF && t->kind != CASC_TYPE_UNRANKED_MEMREF)
    return pp_custom_error_at(p, l, c, "expected a memref type");
  casc_value *mv = pp_resolve(p, &m, t);
  if (!mv || !pp_state_add_operand(p, st, mv))
    return false;
  casc_type *index = casc_type_index(p->ctx);
  for (unsigned i = 0; i < nidx; i++) {
    casc_value *iv = pp_resolve(p, &idx[i], index);
    if (!iv || !pp_state_add_operand(p, st, iv))
      return false;
  }
  *elem = t->u.memref.elem;
  return true;
}

static void print_access(casc_printer *pr, casc_op *op, unsigned first) {
  pr_putc(pr, ' ');
  pr_value(pr, casc_op_operand(op, first));
  pr_putc(pr, '[');
  if (op->nops > first + 1)
    pr_value_list(pr, op->operands + first + 1, op->nops - first - 1);
  pr_putc(pr, ']');
  pr_attr_dict(pr, op->attrs, NULL, 0, false);
  pr_puts(pr, " : ");
  pr_type(pr, casc_op_operand(op, first)->type);
}

bool casc_custom_parse_memref_load(casc_parser *p, pp_op_state *st) {
  casc_type *elem = NULL;
  return parse_access(p, st, &elem) && pp_state_add_result(p, st, elem);
}

void casc_custom_print_memref_load(casc_printer *pr, casc_op *op) {
  print_access(pr, op, 0);
}

bool casc_custom_parse_memref_store(casc_parser *p, pp_op_state *st) {
  pp_ssa_use v;
  if (!pp_parse_ssa_use(p, &v) || !pp_expect(p, CASC_TK_COMMA, ","))
    return false;
  /* The value is resolved after the memref's type is known; its operand
   * slot comes first. */
  if (!pp_state_add_operand(p, st, NULL))
    return false;
  casc_type *elem = NULL;
  if (!parse_access(p, st, &elem))
    return false;
  casc_value *vv = pp_resolve(p, &v, elem);
  if (!vv)
    return false;
  st->ops[0] = vv;
  return true;
}

void casc_custom_print_memref_store(casc_printer *pr, casc_op *op) {
  pr_putc(pr, ' ');
  pr_value(pr, casc_op_operand(op, 0));
  pr_putc(pr, ',');
  print_access(pr, op, 1);
}
