/* Hand-written syntax of scf.for (iter_args), scf.if (results, else) and
 * scf.while, parse and print as MLIR 19's SCF dialect does (including the
 * two spaces before `: i32` of a non-index scf.for). */
#include <string.h>

#include "text/parser.h"
#include "text/printer.h"

bool casc_custom_parse_for(casc_parser *p, pp_op_state *st);
void casc_custom_print_for(casc_printer *pr, casc_op *op);
bool casc_custom_parse_if(casc_parser *p, pp_op_state *st);
void casc_custom_print_if(casc_printer *pr, casc_op *op);
bool casc_custom_parse_while(casc_parser *p, pp_op_state *st);
void casc_custom_print_while(casc_printer *pr, casc_op *op);

/* `(%a = %x, %b = %y)` into region args (names) and operand uses. */
static bool parse_assignments(casc_parser *p, pp_arg **args, unsigned *nargs,
                              pp_ssa_use **inits, unsigned first) {
  if (!pp_expect(p, CASC_TK_LPAREN, "("))
    return false;
  unsigned cap = *nargs;
  unsigned ni = 0;
  if (pp_consume(p, CASC_TK_RPAREN))
    return true;
  do {
    if (*nargs == cap) {
      unsigned cap_inits = cap;
      pp_arg *na =
          casc_arena_grow(&p->tmp, *args, *nargs, &cap, *nargs + 1, sizeof *na);
      pp_ssa_use *nu = casc_arena_grow(&p->tmp, *inits, ni, &cap_inits,
                                       *nargs + 1, sizeof *nu);
      if (!na || !nu)
        return pp_error(p, "out of memory");
      *args = na;
      *inits = nu;
    }
    pp_arg *a = &(*args)[*nargs];
    memset(a, 0, sizeof *a);
    if (!pp_parse_ssa_use(p, &a->name))
      return false;
    if (a->name.num)
      return pp_error_at(p, a->name.line, a->name.col,
                         "expected SSA identifier");
    a->loc = pp_loc_at(p, a->name.line, a->name.col);
    if (!pp_expect(p, CASC_TK_EQUAL, "=") ||
        !pp_parse_ssa_use(p, &(*inits)[ni]))
      return false;
    (*nargs)++;
    ni++;
  } while (pp_consume(p, CASC_TK_COMMA));
  (void)first;
  return pp_expect(p, CASC_TK_RPAREN, ")");
}

bool casc_custom_parse_for(casc_parser *p, pp_op_state *st) {
  pp_arg *args = casc_arena_alloc(&p->tmp, sizeof *args);
  pp_ssa_use bounds[3];
  pp_ssa_use *inits = NULL;
  unsigned nargs = 1;
  if (!args)
    return pp_error(p, "out of memory");
  memset(args, 0, sizeof *args);
  if (!pp_parse_ssa_use(p, &args[0].name))
    return false;
  if (args[0].name.num)
    return pp_error_at(p, args[0].name.line, args[0].name.col,
                       "expected SSA identifier");
  args[0].loc = pp_loc_at(p, args[0].name.line, args[0].name.col);
  if (!pp_expect(p, CASC_TK_EQUAL, "=") || !pp_parse_ssa_use(p, &bounds[0]) ||
      !pp_expect_kw(p, "to") || !pp_parse_ssa_use(p, &bounds[1]) ||
      !pp_expect_kw(p, "step") || !pp_parse_ssa_use(p, &bounds[2]))
    return false;
  casc_type **rtypes = NULL;
  unsigned nr = 0;
  if (pp_consume_kw(p, "iter_args")) {
    if (!parse_assignments(p, &args, &nargs, &inits, 1))
      return false;
    if (!pp_expect(p, CASC_TK_ARROW, "->") ||
        !pp_parse_result_types(p, &rtypes, &nr))
      return false;
  }
  if (nargs != nr + 1)
    return pp_error(p, "mismatch in number of loop-carried values and "
                       "defined values");
  casc_type *ivt = casc_type_index(p->ctx);
  if (pp_consume(p, CASC_TK_COLON)) {
    ivt = pp_parse_type(p);
    if (!ivt)
      return false;
  }
  args[0].type = ivt;
  for (unsigned i = 0; i < nr; i++)
    args[i + 1].type = rtypes[i];
  casc_region *body = pp_state_add_region(p, st);
  if (!body || !pp_parse_region(p, body, args, nargs, false, ""))
    return false;
  pp_ensure_terminator(p, body->first, CASC_OP_SCF_YIELD, st->loc);
  for (unsigned i = 0; i < 3; i++) {
    casc_value *v = pp_resolve(p, &bounds[i], ivt);
    if (!v || !pp_state_add_operand(p, st, v))
      return false;
  }
  for (unsigned i = 0; i < nr; i++) {
    casc_value *v = pp_resolve(p, &inits[i], rtypes[i]);
    if (!v || !pp_state_add_operand(p, st, v) ||
        !pp_state_add_result(p, st, rtypes[i]))
      return false;
  }
  casc_attr *d = NULL;
  return pp_parse_opt_dict(p, &d) && pp_state_add_dict(p, st, d);
}

static void print_init_list(casc_printer *pr, casc_block *b, unsigned first,
                            casc_op *op, unsigned from, const char *prefix) {
  unsigned n = op->nops > from ? op->nops - from : 0;
  if (!n)
    return;
  pr_puts(pr, prefix);
  pr_putc(pr, '(');
  for (unsigned i = 0; i < n; i++) {
    if (i)
      pr_puts(pr, ", ");
    if (b && first + i < b->nargs)
      pr_value(pr, b->args[first + i]);
    pr_puts(pr, " = ");
    pr_value(pr, op->operands[from + i].value);
  }
  pr_putc(pr, ')');
}

void casc_custom_print_for(casc_printer *pr, casc_op *op) {
  casc_block *body = op->nregions ? casc_op_regions(op)[0].first : NULL;
  pr_putc(pr, ' ');
  if (body && body->nargs)
    pr_value(pr, body->args[0]);
  pr_puts(pr, " = ");
  pr_value(pr, op->nops > 0 ? op->operands[0].value : NULL);
  pr_puts(pr, " to ");
  pr_value(pr, op->nops > 1 ? op->operands[1].value : NULL);
  pr_puts(pr, " step ");
  pr_value(pr, op->nops > 2 ? op->operands[2].value : NULL);
  print_init_list(pr, body, 1, op, 3, " iter_args");
  bool iter = op->nops > 3;
  if (iter) {
    pr_puts(pr, " -> (");
    for (unsigned i = 3; i < op->nops; i++) {
      if (i > 3)
        pr_puts(pr, ", ");
      pr_type(pr, op->operands[i].value->type);
    }
    pr_putc(pr, ')');
  }
  pr_putc(pr, ' ');
  if (body && body->nargs && body->args[0]->type->kind != CASC_TYPE_INDEX) {
    pr_puts(pr, " : ");
    pr_type(pr, body->args[0]->type);
    pr_putc(pr, ' ');
  }
  if (op->nregions)
    pr_region(pr, &casc_op_regions(op)[0], false, iter, false);
  pr_attr_dict(pr, op->attrs, NULL, 0, false);
}

bool casc_custom_parse_if(casc_parser *p, pp_op_state *st) {
  pp_ssa_use cond;
  if (!pp_parse_ssa_use(p, &cond))
    return false;
  casc_value *c = pp_resolve(p, &cond, casc_type_i1(p->ctx));
  if (!c || !pp_state_add_operand(p, st, c))
    return false;
  if (pp_consume(p, CASC_TK_ARROW)) {
    casc_type **rt;
    unsigned nr;
    if (!pp_parse_result_types(p, &rt, &nr))
      return false;
    for (unsigned i = 0; i < nr; i++)
      if (!pp_state_add_result(p, st, rt[i]))
        return pp_error(p, "out of memory");
  }
  casc_region *then_r = pp_state_add_region(p, st);
  casc_region *else_r = then_r ? pp_state_add_region(p, st) : NULL;
  if (!else_r || !pp_parse_region(p, then_r, NULL, 0, false, ""))
    return false;
  if (!then_r->first) {
    casc_block *b = casc_block_create(p->ctx);
    if (!b)
      return pp_error(p, "out of memory");
    casc_region_push_block(then_r, b);
  }
  pp_ensure_terminator(p, then_r->first, CASC_OP_SCF_YIELD, st->loc);
  if (pp_consume_kw(p, "else")) {
    if (!pp_parse_region(p, else_r, NULL, 0, false, ""))
      return false;
    if (!else_r->first) {
      casc_block *b = casc_block_create(p->ctx);
      if (!b)
        return pp_error(p, "out of memory");
      casc_region_push_block(else_r, b);
    }
    pp_ensure_terminator(p, else_r->first, CASC_OP_SCF_YIELD, st->loc);
  }
  casc_attr *d = NULL;
  return pp_parse_opt_dict(p, &d) && pp_state_add_dict(p, st, d);
}

void casc_custom_print_if(casc_printer *pr, casc_op *op) {
  pr_putc(pr, ' ');
  pr_value(pr, op->nops ? op->operands[0].value : NULL);
  bool term = false;
  if (op->nres) {
    pr_puts(pr, " -> (");
    for (unsigned i = 0; i < op->nres; i++) {
      if (i)
        pr_puts(pr, ", ");
      pr_type(pr, casc_op_results(op)[i].type);
    }
    pr_putc(pr, ')');
    term = true;
  }
  pr_putc(pr, ' ');
  if (op->nregions)
    pr_region(pr, &casc_op_regions(op)[0], false, term, false);
  if (op->nregions > 1 && casc_op_regions(op)[1].first) {
    pr_puts(pr, " else ");
    pr_region(pr, &casc_op_regions(op)[1], false, term, false);
  }
  pr_attr_dict(pr, op->attrs, NULL, 0, false);
}

bool casc_custom_parse_while(casc_parser *p, pp_op_state *st) {
  pp_arg *args = NULL;
  pp_ssa_use *inits = NULL;
  unsigned nargs = 0;
  if (pp_is(p, CASC_TK_LPAREN) &&
      !parse_assignments(p, &args, &nargs, &inits, 0))
    return false;
  if (!pp_expect(p, CASC_TK_COLON, ":"))
    return false;
  unsigned tl = p->tok.line, tc = p->tok.col;
  casc_type *ft = pp_parse_type(p);
  if (!ft)
    return false;
  if (ft->kind != CASC_TYPE_FUNCTION)
    return pp_error_at(p, tl, tc, "expected function type");
  if (ft->u.func.nin != nargs)
    return pp_error_at(p, tl, tc,
                       "expected as many input types as operands (expected "
                       "%u got %u)",
                       nargs, ft->u.func.nin);
  for (unsigned i = 0; i < nargs; i++) {
    casc_value *v = pp_resolve(p, &inits[i], ft->u.func.in[i]);
    if (!v || !pp_state_add_operand(p, st, v))
      return false;
    args[i].type = ft->u.func.in[i];
  }
  for (unsigned i = 0; i < ft->u.func.nout; i++)
    if (!pp_state_add_result(p, st, ft->u.func.out[i]))
      return pp_error(p, "out of memory");
  casc_region *before = pp_state_add_region(p, st);
  casc_region *after = before ? pp_state_add_region(p, st) : NULL;
  if (!after || !pp_parse_region(p, before, args, nargs, false, "") ||
      !pp_expect_kw(p, "do") || !pp_parse_region(p, after, NULL, 0, false, ""))
    return false;
  if (pp_consume_kw(p, "attributes")) {
    casc_attr *d = pp_parse_dict(p);
    return d && pp_state_add_dict(p, st, d);
  }
  return true;
}

void casc_custom_print_while(casc_printer *pr, casc_op *op) {
  casc_block *before = op->nregions ? casc_op_regions(op)[0].first : NULL;
  print_init_list(pr, before, 0, op, 0, " ");
  pr_puts(pr, " : (");
  pr_value_types(pr, op->operands, op->nops);
  pr_puts(pr, ") -> ");
  if (op->nres == 1 &&
      casc_op_results(op)[0].type->kind != CASC_TYPE_FUNCTION) {
    pr_type(pr, casc_op_results(op)[0].type);
  } else {
    pr_putc(pr, '(');
    for (unsigned i = 0; i < op->nres; i++) {
      if (i)
        pr_puts(pr, ", ");
      pr_type(pr, casc_op_results(op)[i].type);
    }
    pr_putc(pr, ')');
  }
  pr_putc(pr, ' ');
  if (op->nregions > 0)
    pr_region(pr, &casc_op_regions(op)[0], false, true, false);
  pr_puts(pr, " do ");
  if (op->nregions > 1)
    pr_region(pr, &casc_op_regions(op)[1], true, true, false);
  pr_attr_dict(pr, op->attrs, NULL, 0, true);
}

/* scf.index_switch: `%arg attr-dict (-> types)? (case N region)* default
 * region`; the default region is region 0, cases follow in order; the case
 * values live in `cases = array<i64: ...>`. */
bool casc_custom_parse_index_switch(casc_parser *p, pp_op_state *st);
void casc_custom_print_index_switch(casc_printer *pr, casc_op *op);

bool casc_custom_parse_index_switch(casc_parser *p, pp_op_state *st) {
  casc_value *arg;
  if (!pp_parse_operand(p, casc_type_index(p->ctx), &arg) ||
      !pp_state_add_operand(p, st, arg))
    return false;
  casc_attr *d = NULL;
  if (!pp_parse_opt_dict(p, &d) || !pp_state_add_dict(p, st, d))
    return false;
  if (pp_consume(p, CASC_TK_ARROW)) {
    casc_type **rt;
    unsigned nr;
    if (pp_is(p, CASC_TK_LPAREN) ? !pp_parse_result_types(p, &rt, &nr)
                                 : !pp_parse_type_list(p, &rt, &nr))
      return false;
    for (unsigned i = 0; i < nr; i++)
      if (!pp_state_add_result(p, st, rt[i]))
        return pp_error(p, "out of memory");
  }
  casc_region *dflt = pp_state_add_region(p, st);
  if (!dflt)
    return false;
  casc_buf cases;
  casc_buf_init(&cases);
  casc_buf_puts(&cases, "array<i64");
  unsigned ncases = 0;
  bool ok = true;
  while (ok && pp_consume_kw(p, "case")) {
    bool neg = pp_consume(p, CASC_TK_MINUS);
    uint64_t v;
    casc_region *r;
    ok = pp_parse_uint(p, &v) && (r = pp_state_add_region(p, st)) &&
         pp_parse_region(p, r, NULL, 0, false, "");
    if (ok) {
      if (!r->first) {
        casc_block *b = casc_block_create(p->ctx);
        if (b)
          casc_region_push_block(r, b);
      }
      if (r->first)
        pp_ensure_terminator(p, r->first, CASC_OP_SCF_YIELD, st->loc);
      casc_buf_printf(&cases, "%s%s%llu", ncases ? ", " : ": ", neg ? "-" : "",
                      (unsigned long long)v);
      ncases++;
    }
  }
  casc_buf_putc(&cases, '>');
  if (ok)
    ok = pp_expect_kw(p, "default") &&
         pp_parse_region(p, dflt, NULL, 0, false, "");
  if (ok) {
    if (!dflt->first) {
      casc_block *b = casc_block_create(p->ctx);
      if (b)
        casc_region_push_block(dflt, b);
    }
    if (dflt->first)
      pp_ensure_terminator(p, dflt->first, CASC_OP_SCF_YIELD, st->loc);
    casc_attr *a = cases.data
                       ? casc_attr_opaque(
                             p->ctx, casc_intern(p->ctx, cases.data, cases.len))
                       : NULL;
    ok =
        a ? pp_state_add_attr(p, st, "cases", a) : pp_error(p, "out of memory");
  }
  casc_buf_free(&cases);
  return ok;
}

/* Regions printed by an ODS format with an implicit terminator: the
 * terminator shows only when it carries something. */
static bool term_worth_printing(casc_region *r) {
  casc_block *b = r->first;
  if (!b || !b->last)
    return true;
  casc_op *t = b->last;
  return t->nops || t->nres || (t->attrs && t->attrs->u.dict.n);
}

void casc_custom_print_index_switch(casc_printer *pr, casc_op *op) {
  pr_putc(pr, ' ');
  pr_value(pr, op->nops ? op->operands[0].value : NULL);
  static const char *const elide[] = {"cases"};
  pr_attr_dict(pr, op->attrs, elide, 1, false);
  if (op->nres) {
    pr_puts(pr, " -> ");
    for (unsigned i = 0; i < op->nres; i++) {
      if (i)
        pr_puts(pr, ", ");
      pr_type(pr, casc_op_results(op)[i].type);
    }
  }
  pr_putc(pr, ' ');
  casc_attr *cases = casc_op_attr(op, "cases");
  const char *c = cases && cases->kind == CASC_ATTR_OPAQUE
                      ? strchr(cases->u.opaque.text, ':')
                      : NULL;
  for (unsigned i = 1; i < op->nregions; i++) {
    pr_newline(pr);
    pr_indent(pr);
    pr_puts(pr, "case ");
    if (c) {
      c++;
      while (*c == ' ')
        c++;
      const char *e = c;
      while (*e && *e != ',' && *e != '>')
        e++;
      pr_put(pr, c, (size_t)(e - c));
      c = *e == ',' ? e : NULL;
    }
    pr_putc(pr, ' ');
    pr_region(pr, &casc_op_regions(op)[i], false, true, false);
  }
  pr_newline(pr);
  pr_indent(pr);
  pr_puts(pr, "default ");
  if (op->nregions)
    pr_region(pr, &casc_op_regions(op)[0], true,
              term_worth_printing(&casc_op_regions(op)[0]), false);
}
