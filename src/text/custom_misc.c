/* Hand-written syntax of arith.constant and emitc.include, and the table
 * that maps CASC_F_CUSTOM ops to their parse/print functions. */
#include <string.h>

#include "text/parser.h"
#include "text/printer.h"

bool casc_custom_parse_module(casc_parser *p, pp_op_state *st);
void casc_custom_print_module(casc_printer *pr, casc_op *op);
bool casc_custom_parse_func(casc_parser *p, pp_op_state *st);
void casc_custom_print_func(casc_printer *pr, casc_op *op);
bool casc_custom_parse_for(casc_parser *p, pp_op_state *st);
void casc_custom_print_for(casc_printer *pr, casc_op *op);
bool casc_custom_parse_if(casc_parser *p, pp_op_state *st);
void casc_custom_print_if(casc_printer *pr, casc_op *op);
bool casc_custom_parse_while(casc_parser *p, pp_op_state *st);
void casc_custom_print_while(casc_printer *pr, casc_op *op);
bool casc_custom_parse_memref_load(casc_parser *p, pp_op_state *st);
void casc_custom_print_memref_load(casc_printer *pr, casc_op *op);
bool casc_custom_parse_memref_store(casc_parser *p, pp_op_state *st);
void casc_custom_print_memref_store(casc_printer *pr, casc_op *op);
bool casc_custom_parse_index_switch(casc_parser *p, pp_op_state *st);
void casc_custom_print_index_switch(casc_printer *pr, casc_op *op);

/* arith.constant: `attr-dict $value`, result type = the value's type. */
static bool parse_constant(casc_parser *p, pp_op_state *st) {
  casc_attr *d = NULL;
  if (!pp_parse_opt_dict(p, &d) || !pp_state_add_dict(p, st, d))
    return false;
  unsigned l = p->tok.line, c = p->tok.col;
  casc_attr *v = pp_parse_attr(p);
  if (!v)
    return false;
  casc_type *t = NULL;
  if (v->kind == CASC_ATTR_INTEGER || v->kind == CASC_ATTR_FLOAT)
    t = v->type;
  else if (v->kind == CASC_ATTR_BOOL)
    t = casc_type_i1(p->ctx);
  if (!t)
    return pp_error_at(p, l, c,
                       "custom op 'arith.constant' expected a typed integer "
                       "or float value");
  return pp_state_add_attr(p, st, "value", v) && pp_state_add_result(p, st, t);
}

static void print_constant(casc_printer *pr, casc_op *op) {
  static const char *const elide[] = {"value"};
  pr_attr_dict(pr, op->attrs, elide, 1, false);
  pr_putc(pr, ' ');
  pr_attr(pr, casc_op_attr(op, "value"));
}

/* emitc.include: `"file.h"` or `<"file.h">` (is_standard_include). */
static bool parse_include(casc_parser *p, pp_op_state *st) {
  bool std_inc = pp_consume(p, CASC_TK_LESS);
  if (!pp_is(p, CASC_TK_STRING))
    return pp_error(p, "expected string");
  size_t n;
  const char *s = pp_string_value(p, &n);
  if (!s)
    return false;
  pp_next(p);
  if (std_inc && !pp_expect(p, CASC_TK_GREATER, ">"))
    return false;
  if (!pp_state_add_attr(p, st, "include", casc_attr_string(p->ctx, s, n)))
    return false;
  if (std_inc &&
      !pp_state_add_attr(p, st, "is_standard_include", casc_attr_unit(p->ctx)))
    return false;
  casc_attr *d = NULL;
  return pp_parse_opt_dict(p, &d) && pp_state_add_dict(p, st, d);
}

static void print_include(casc_printer *pr, casc_op *op) {
  casc_attr *inc = casc_op_attr(op, "include");
  bool std_inc = casc_op_attr(op, "is_standard_include") != NULL;
  pr_puts(pr, std_inc ? " <" : " ");
  if (inc && inc->kind == CASC_ATTR_STRING)
    pr_escaped_string(pr, inc->u.str.s, inc->u.str.len);
  else
    pr_puts(pr, "\"\"");
  if (std_inc)
    pr_putc(pr, '>');
  static const char *const elide[] = {"include", "is_standard_include"};
  pr_attr_dict(pr, op->attrs, elide, 2, false);
}

static const struct {
  casc_op_kind kind;
  pp_custom_fn parse;
  pr_custom_fn print;
} customs[] = {
    {CASC_OP_MODULE, casc_custom_parse_module, casc_custom_print_module},
    {CASC_OP_FUNC_FUNC, casc_custom_parse_func, casc_custom_print_func},
    {CASC_OP_ARITH_CONSTANT, parse_constant, print_constant},
    {CASC_OP_SCF_FOR, casc_custom_parse_for, casc_custom_print_for},
    {CASC_OP_SCF_IF, casc_custom_parse_if, casc_custom_print_if},
    {CASC_OP_SCF_WHILE, casc_custom_parse_while, casc_custom_print_while},
    {CASC_OP_SCF_INDEX_SWITCH, casc_custom_parse_index_switch,
     casc_custom_print_index_switch},
    {CASC_OP_EMITC_INCLUDE, parse_include, print_include},
    {CASC_OP_MEMREF_LOAD, casc_custom_parse_memref_load,
     casc_custom_print_memref_load},
    {CASC_OP_MEMREF_STORE, casc_custom_parse_memref_store,
     casc_custom_print_memref_store},
};

pp_custom_fn pp_custom_parser(casc_op_kind kind) {
  for (unsigned i = 0; i < sizeof customs / sizeof customs[0]; i++)
    if (customs[i].kind == kind)
      return customs[i].parse;
  return NULL;
}

pr_custom_fn pr_custom_printer(casc_op_kind kind) {
  for (unsigned i = 0; i < sizeof customs / sizeof customs[0]; i++)
    if (customs[i].kind == kind)
      return customs[i].print;
  return NULL;
}
