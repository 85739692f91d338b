/* Hand-written syntax of builtin.module and func.func (MLIR 19's ModuleOp
 * and function_interface_impl), parse and print. */
#include <string.h>

#include "text/parser.h"
#include "text/printer.h"

/* ---- builtin.module ------------------------------------------------------ */

bool casc_custom_parse_module(casc_parser *p, pp_op_state *st);
void casc_custom_print_module(casc_printer *pr, casc_op *op);

bool casc_custom_parse_module(casc_parser *p, pp_op_state *st) {
  if (pp_is(p, CASC_TK_AT)) {
    const char *name = p->tok.len > 1 && p->tok.p[1] == '"'
                           ? pp_string_value(p, NULL)
                           : casc_intern(p->ctx, p->tok.p + 1, p->tok.len - 1);
    if (!name)
      return false;
    pp_next(p);
    if (!pp_state_add_attr(p, st, "sym_name",
                           casc_attr_string(p->ctx, name, strlen(name))))
      return false;
  }
  if (pp_consume_kw(p, "attributes")) {
    casc_attr *d = pp_parse_dict(p);
    if (!d || !pp_state_add_dict(p, st, d))
      return false;
  }
  casc_region *r = pp_state_add_region(p, st);
  if (!r || !pp_parse_region(p, r, NULL, 0, true, "builtin"))
    return false;
  if (!r->first) {
    casc_block *b = casc_block_create(p->ctx);
    if (!b)
      return pp_error(p, "out of memory");
    casc_region_push_block(r, b);
  }
  return true;
}

void casc_custom_print_module(casc_printer *pr, casc_op *op) {
  casc_attr *name = casc_op_attr(op, "sym_name");
  if (name && name->kind == CASC_ATTR_STRING) {
    pr_putc(pr, ' ');
    pr_symbol(pr, name->u.str.s);
  }
  static const char *const elide[] = {"sym_name"};
  pr_attr_dict(pr, op->attrs, elide, 1, true);
  pr_putc(pr, ' ');
  if (op->nregions)
    pr_region(pr, &casc_op_regions(op)[0], false, false, false);
}

/* ---- func.func ----------------------------------------------------------- */

bool casc_custom_parse_func(casc_parser *p, pp_op_state *st);
void casc_custom_print_func(casc_printer *pr, casc_op *op);

static bool is_visibility(const casc_parser *p) {
  return pp_is_kw(p, "private") || pp_is_kw(p, "public") ||
         pp_is_kw(p, "nested");
}

bool casc_custom_parse_func(casc_parser *p, pp_op_state *st) {
  casc_ctx *ctx = p->ctx;
  if (is_visibility(p)) {
    const char *v = casc_intern(ctx, p->tok.p, p->tok.len);
    pp_next(p);
    if (!pp_state_add_attr(p, st, "sym_visibility",
                           casc_attr_string(ctx, v, strlen(v))))
      return false;
  }
  if (!pp_is(p, CASC_TK_AT))
    return pp_error(p, "expected valid '@'-identifier for symbol name");
  const char *name = p->tok.len > 1 && p->tok.p[1] == '"'
                         ? pp_string_value(p, NULL)
                         : casc_intern(ctx, p->tok.p + 1, p->tok.len - 1);
  if (!name)
    return false;
  pp_next(p);
  if (!pp_state_add_attr(p, st, "sym_name",
                         casc_attr_string(ctx, name, strlen(name))))
    return false;

  /* Arguments: `%a: T {attrs} loc(..)` (definition) or `T {attrs}`. */
  if (!pp_expect(p, CASC_TK_LPAREN, "("))
    return false;
  pp_arg *args = NULL;
  unsigned nargs = 0, cap = 0;
  int named = -1;
  if (!pp_consume(p, CASC_TK_RPAREN)) {
    do {
      if (nargs == cap) {
        pp_arg *na =
            casc_arena_grow(&p->tmp, args, nargs, &cap, nargs + 1, sizeof *na);
        if (!na)
          return pp_error(p, "out of memory");
        args = na;
      }
      pp_arg *a = &args[nargs];
      bool this_named = pp_is(p, CASC_TK_PERCENT);
      if (named >= 0 && this_named != (bool)named)
        return pp_error(p, "expected SSA identifier");
      named = this_named;
      if (this_named) {
        if (!pp_parse_arg(p, a, true))
          return false;
      } else {
        memset(a, 0, sizeof *a);
        a->type = pp_parse_type(p);
        if (!a->type)
          return false;
        if (pp_is(p, CASC_TK_LBRACE)) {
          a->attrs = pp_parse_dict(p);
          if (!a->attrs)
            return false;
        }
        casc_loc *ignored = NULL;
        if (!pp_parse_opt_loc(p, &ignored))
          return false;
      }
      nargs++;
    } while (pp_consume(p, CASC_TK_COMMA));
    if (!pp_expect(p, CASC_TK_RPAREN, ")"))
      return false;
  }

  /* Results: `-> T` or `-> (T {attrs}, ...)`. */
  casc_type **res = NULL;
  casc_attr **res_attrs = NULL;
  unsigned nres = 0;
  bool any_res_attrs = false;
  if (pp_consume(p, CASC_TK_ARROW)) {
    if (pp_consume(p, CASC_TK_LPAREN)) {
      unsigned rcap = 0;
      if (!pp_is(p, CASC_TK_RPAREN)) {
        do {
          if (nres == rcap) {
            unsigned acap = rcap;
            casc_type **nt = casc_arena_grow(&p->tmp, res, nres, &rcap,
                                             nres + 1, sizeof *nt);
            casc_attr **na = casc_arena_grow(&p->tmp, res_attrs, nres, &acap,
                                             nres + 1, sizeof *na);
            if (!nt || !na)
              return pp_error(p, "out of memory");
            res = nt;
            res_attrs = na;
          }
          res[nres] = pp_parse_type(p);
          if (!res[nres])
            return false;
          res_attrs[nres] = NULL;
          if (pp_is(p, CASC_TK_LBRACE)) {
            res_attrs[nres] = pp_parse_dict(p);
            if (!res_attrs[nres])
              return false;
            if (res_attrs[nres]->u.dict.n)
              any_res_attrs = true;
          }
          nres++;
        } while (pp_consume(p, CASC_TK_COMMA));
      }
      if (!pp_expect(p, CASC_TK_RPAREN, ")"))
        return false;
    } else {
      res = casc_arena_alloc(&p->tmp, sizeof *res);
      if (!res)
        return pp_error(p, "out of memory");
      res[0] = pp_parse_type(p);
      if (!res[0])
        return false;
      nres = 1;
    }
  }
  casc_type **in = casc_arena_alloc(&p->tmp, (nargs ? nargs : 1) * sizeof *in);
  if (!in)
    return pp_error(p, "out of memory");
  for (unsigned i = 0; i < nargs; i++)
    in[i] = args[i].type;
  casc_type *ft = casc_type_func(ctx, nargs, in, nres, res);
  if (!ft ||
      !pp_state_add_attr(p, st, "function_type", casc_attr_type(ctx, ft)))
    return false;
  if (any_res_attrs) {
    for (unsigned i = 0; i < nres; i++)
      if (!res_attrs[i])
        res_attrs[i] = casc_attr_dict(ctx, 0, NULL);
    if (!pp_state_add_attr(p, st, "res_attrs",
                           casc_attr_array(ctx, nres, res_attrs)))
      return false;
  }
  if (pp_consume_kw(p, "attributes")) {
    casc_attr *d = pp_parse_dict(p);
    if (!d || !pp_state_add_dict(p, st, d))
      return false;
  }
  casc_region *body = pp_state_add_region(p, st);
  if (!body)
    return false;
  if (pp_is(p, CASC_TK_LBRACE)) {
    if (named == 0)
      return pp_error(p, "expected SSA identifier");
    return pp_parse_region(p, body, args, nargs, true, "func");
  }
  /* External function: argument attributes stay on the op. */
  bool any = false;
  for (unsigned i = 0; i < nargs; i++)
    if (args[i].attrs && args[i].attrs->u.dict.n)
      any = true;
  if (any) {
    casc_attr **ds = casc_arena_alloc(&p->tmp, nargs * sizeof *ds);
    if (!ds)
      return pp_error(p, "out of memory");
    for (unsigned i = 0; i < nargs; i++)
      ds[i] = args[i].attrs ? args[i].attrs : casc_attr_dict(ctx, 0, NULL);
    if (!pp_state_add_attr(p, st, "arg_attrs", casc_attr_array(ctx, nargs, ds)))
      return false;
  }
  return true;
}

void casc_custom_print_func(casc_printer *pr, casc_op *op) {
  casc_attr *vis = casc_op_attr(op, "sym_visibility");
  casc_attr *name = casc_op_attr(op, "sym_name");
  casc_attr *fta = casc_op_attr(op, "function_type");
  casc_type *ft = fta && fta->kind == CASC_ATTR_TYPE ? fta->type : NULL;
  pr_putc(pr, ' ');
  if (vis && vis->kind == CASC_ATTR_STRING) {
    pr_puts(pr, vis->u.str.s);
    pr_putc(pr, ' ');
  }
  pr_symbol(pr, name && name->kind == CASC_ATTR_STRING ? name->u.str.s : "");
  casc_region *body = op->nregions ? &casc_op_regions(op)[0] : NULL;
  casc_block *entry = body ? body->first : NULL;
  unsigned nin = ft && ft->kind == CASC_TYPE_FUNCTION ? ft->u.func.nin : 0;
  casc_attr *aa = casc_op_attr(op, "arg_attrs");
  pr_putc(pr, '(');
  for (unsigned i = 0; i < nin; i++) {
    if (i)
      pr_puts(pr, ", ");
    casc_attr *attrs = aa && aa->kind == CASC_ATTR_ARRAY && i < aa->u.array.n
                           ? aa->u.array.elems[i]
                           : NULL;
    if (entry && i < entry->nargs) {
      if (!attrs)
        attrs = casc_value_arg_attrs(entry->args[i]);
      pr_region_argument(pr, entry->args[i], attrs, false);
    } else {
      pr_type(pr, ft->u.func.in[i]);
      pr_attr_dict(pr, attrs, NULL, 0, false);
    }
  }
  pr_putc(pr, ')');
  if (ft && ft->kind == CASC_TYPE_FUNCTION && ft->u.func.nout) {
    casc_attr *ra = casc_op_attr(op, "res_attrs");
    unsigned n = ft->u.func.nout;
    bool attrs0 = ra && ra->kind == CASC_ATTR_ARRAY && ra->u.array.n &&
                  ra->u.array.elems[0]->kind == CASC_ATTR_DICT &&
                  ra->u.array.elems[0]->u.dict.n;
    bool parens =
        n > 1 || ft->u.func.out[0]->kind == CASC_TYPE_FUNCTION || attrs0;
    pr_puts(pr, " -> ");
    if (parens)
      pr_putc(pr, '(');
    for (unsigned i = 0; i < n; i++) {
      if (i)
        pr_puts(pr, ", ");
      pr_type(pr, ft->u.func.out[i]);
      if (ra && ra->kind == CASC_ATTR_ARRAY && i < ra->u.array.n)
        pr_attr_dict(pr, ra->u.array.elems[i], NULL, 0, false);
    }
    if (parens)
      pr_putc(pr, ')');
  }
  static const char *const elide[] = {
      "sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs"};
  pr_attr_dict(pr, op->attrs, elide, 5, true);
  if (entry) {
    pr_putc(pr, ' ');
    pr_region(pr, body, false, true, false);
  }
}
