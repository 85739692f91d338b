/* arith ops as C expressions, and constants named by value (docs/ir.md §0.4).
 * Where pyasc's translator loses MLIR's semantics this emitter keeps them:
 * unsigned predicates and unsigned ops (divui, remui, shrui, ...) work on
 * unsigned operands (docs/ir.md §10.21), i1 constants print as true/false
 * (§10.19), trunci to i1 keeps the low bit (§10.23), ceil/floor division
 * rounds correctly for negative operands, and the high half of
 * mului_extended is the unsigned one. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "casc/diag.h"
#include "target/ascendc/emitter.h"
#include "util/float_text.h"

static unsigned width_of(const casc_type *t) {
  if (t->kind == CASC_TYPE_INDEX)
    return 32; /* index is uint32_t in the generated C++ */
  return casc_type_bit_width(t);
}

/* `static_cast<uintN_t>(x)` / `static_cast<intN_t>(x)` of an operand. */
static void as_int(casc_buf *b, const char *x, const casc_type *t,
                   bool is_unsigned) {
  unsigned w = width_of(t);
  if (w == 1) {
    casc_buf_puts(b, x);
    return;
  }
  casc_buf_printf(b, "static_cast<%sint%u_t>(%s)", is_unsigned ? "u" : "", w,
                  x);
}

static const char *binop(casc_op_kind k, bool *is_unsigned) {
  *is_unsigned = false;
  switch (k) {
  case CASC_OP_ARITH_ADDI:
  case CASC_OP_ARITH_ADDF:
    return "+";
  case CASC_OP_ARITH_SUBI:
  case CASC_OP_ARITH_SUBF:
    return "-";
  case CASC_OP_ARITH_MULI:
  case CASC_OP_ARITH_MULF:
    return "*";
  case CASC_OP_ARITH_DIVSI:
  case CASC_OP_ARITH_DIVF:
    return "/";
  case CASC_OP_ARITH_REMSI:
    return "%";
  case CASC_OP_ARITH_ANDI:
    return "&";
  case CASC_OP_ARITH_ORI:
    return "|";
  case CASC_OP_ARITH_XORI:
    return "^";
  case CASC_OP_ARITH_SHLI:
    return "<<";
  case CASC_OP_ARITH_SHRSI:
    return ">>";
  case CASC_OP_ARITH_DIVUI:
    *is_unsigned = true;
    return "/";
  case CASC_OP_ARITH_REMUI:
    *is_unsigned = true;
    return "%";
  case CASC_OP_ARITH_SHRUI:
    *is_unsigned = true;
    return ">>";
  default:
    return NULL;
  }
}

/* ---- constants ------------------------------------------------------------
 */

static void type_suffix(casc_buf *b, const casc_type *t) {
  if (t->kind == CASC_TYPE_INDEX) {
    casc_buf_puts(b, "idx");
    return;
  }
  if (t->kind == CASC_TYPE_FLOAT) {
    static const char *const f[] = {"f16", "bf16", "f32", "f64"};
    casc_buf_puts(b, f[t->u.flt.fk]);
    return;
  }
  casc_buf_printf(b, "%si%u",
                  t->u.integer.sign == CASC_UNSIGNED ? "u"
                  : t->u.integer.sign == CASC_SIGNED ? "s"
                                                     : "",
                  t->u.integer.width);
}

/* pyasc's naming: the value's text with '.'->'_', '-'->'m', '+'->'p'. */
static void value_name(casc_buf *b, const char *text) {
  for (const char *p = text; *p; p++)
    casc_buf_putc(b, *p == '.' ? '_' : *p == '-' ? 'm' : *p == '+' ? 'p' : *p);
}

static bool emit_int_constant(casc_emitter *e, casc_op *op, casc_attr *a) {
  casc_value *r = &casc_op_results(op)[0];
  const casc_type *t = r->type;
  int64_t v;
  if (!casc_em_attr_int(a, &v))
    return casc_em_fail(e, op, "has no integer value");
  casc_buf name, text;
  casc_buf_init(&name);
  casc_buf_init(&text);
  if (width_of(t) == 1) {
    casc_buf_printf(&text, "%s", v ? "true" : "false");
    casc_buf_printf(&name, "c%d_", v ? 1 : 0);
  } else {
    if (v == INT64_MIN)
      casc_buf_puts(&text, "(-9223372036854775807LL - 1)");
    else if (t->kind == CASC_TYPE_INTEGER &&
             t->u.integer.sign == CASC_UNSIGNED && t->u.integer.width == 64)
      casc_buf_printf(&text, "%lluULL", (unsigned long long)v);
    else
      casc_buf_printf(&text, "%lld", (long long)v);
    char num[32];
    snprintf(num, sizeof num, "%lld", (long long)v);
    casc_buf_putc(&name, 'c');
    value_name(&name, num);
    casc_buf_putc(&name, '_');
  }
  type_suffix(&name, t);
  bool ok = false;
  const char *n = casc_em_define_as(e, r, name.oom ? NULL : name.data);
  if (n) {
    casc_em_indent(e);
    casc_buf_puts(e->out, "constexpr ");
    ok = casc_em_type_at(e, e->out, t, op);
    if (ok)
      casc_buf_printf(e->out, " %s = %s", n, casc_buf_str(&text));
  }
  casc_em_scratch_done(e->out, &name);
  casc_em_scratch_done(e->out, &text);
  return ok;
}

void casc_em_float_literal(casc_buf *b, double v, casc_float_kind fk) {
  if (isnan(v)) {
    /* pyasc prints `(0.f / 0.f)`, which is not a constant expression and
     * so does not compile as the initialiser of a constexpr. */
    casc_buf_puts(b, fk == CASC_F64 ? "__builtin_nan(\"\")"
                                    : "__builtin_nanf(\"\")");
  } else if (isinf(v)) {
    casc_buf_puts(b, v < 0 ? "-__builtin_inff()" : "__builtin_inff()");
  } else {
    if (fk == CASC_F32)
      casc_buf_puts(b, "(float)");
    else if (fk == CASC_F64)
      casc_buf_puts(b, "(double)");
    casc_float_to_string(v, fk, 0, 0, false, b);
  }
}

static bool emit_float_constant(casc_emitter *e, casc_op *op, casc_attr *a) {
  casc_value *r = &casc_op_results(op)[0];
  const casc_type *t = r->type;
  if (!a || a->kind != CASC_ATTR_FLOAT)
    return casc_em_fail(e, op, "has no float value");
  double v = a->u.f.v;
  casc_buf name, text;
  casc_buf_init(&name);
  casc_buf_init(&text);
  casc_float_kind fk = t->u.flt.fk;
  bool narrow = fk == CASC_F16 || fk == CASC_BF16;
  casc_buf num;
  casc_buf_init(&num);
  /* pyasc names a float constant by APFloat's default spelling of its
   * value (`1.23000002`, `+Inf`, `NaN`, `9.99999975E-6`). */
  casc_float_to_string(v, fk, 0, 3, true, &num);
  casc_em_float_literal(&text, v, fk);
  casc_buf_putc(&name, 'c');
  value_name(&name, num.data ? num.data : "");
  casc_em_scratch_done(e->out, &num);
  casc_buf_putc(&name, '_');
  type_suffix(&name, t);
  bool ok = false;
  const char *n = casc_em_define_as(e, r, name.oom ? NULL : name.data);
  if (n) {
    casc_em_indent(e);
    /* half/bfloat16_t are not literal types everywhere: no constexpr,
     * as pyasc prints them. */
    if (!narrow)
      casc_buf_puts(e->out, "constexpr ");
    ok = casc_em_type_at(e, e->out, t, op);
    if (ok)
      casc_buf_printf(e->out, " %s = %s", n, casc_buf_str(&text));
  }
  casc_em_scratch_done(e->out, &name);
  casc_em_scratch_done(e->out, &text);
  return ok;
}

static bool emit_constant(casc_emitter *e, casc_op *op) {
  if (op->nres != 1)
    return casc_em_fail(e, op, "must have one result");
  casc_attr *a = casc_em_attr(op, "value");
  const casc_type *t = casc_op_results(op)[0].type;
  if (t->kind == CASC_TYPE_FLOAT)
    return emit_float_constant(e, op, a);
  if (t->kind == CASC_TYPE_INTEGER || t->kind == CASC_TYPE_INDEX)
    return emit_int_constant(e, op, a);
  return casc_em_fail(e, op, "unable to find printer for op");
}

/* ---- everything else ------------------------------------------------------
 */

typedef struct {
  casc_emitter *e;
  casc_op *op;
  const char *a, *b; /* operand names */
  const casc_type *ta;
} ops2;

static void cmp_expr(casc_buf *o, ops2 *x, int64_t pred, bool is_float) {
  if (!is_float) {
    /* eq ne slt sle sgt sge ult ule ugt uge */
    static const char *const op[] = {"==", "!=", "<",  "<=", ">",
                                     ">=", "<",  "<=", ">",  ">="};
    bool u = pred >= 6;
    bool cast = u || x->ta->kind == CASC_TYPE_INDEX; /* index: signed */
    if (pred < 2)
      cast = false;
    if (cast) {
      as_int(o, x->a, x->ta, u);
      casc_buf_printf(o, " %s ", op[pred]);
      as_int(o, x->b, x->ta, u);
    } else {
      casc_buf_printf(o, "%s %s %s", x->a, op[pred], x->b);
    }
    return;
  }
  /* false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true.
   * C's relational operators are the ordered predicates (false on NaN) and
   * != is une; the other unordered ones negate the opposite ordered one. */
  const char *a = x->a, *b = x->b;
  switch (pred) {
  case 0:
    casc_buf_puts(o, "false");
    break;
  case 1:
    casc_buf_printf(o, "%s == %s", a, b);
    break;
  case 2:
    casc_buf_printf(o, "%s > %s", a, b);
    break;
  case 3:
    casc_buf_printf(o, "%s >= %s", a, b);
    break;
  case 4:
    casc_buf_printf(o, "%s < %s", a, b);
    break;
  case 5:
    casc_buf_printf(o, "%s <= %s", a, b);
    break;
  case 6:
    casc_buf_printf(o, "(%s < %s || %s > %s)", a, b, a, b);
    break;
  case 7:
    casc_buf_printf(o, "(%s == %s && %s == %s)", a, a, b, b);
    break;
  case 8:
    casc_buf_printf(o, "!(%s < %s || %s > %s)", a, b, a, b);
    break;
  case 9:
    casc_buf_printf(o, "!(%s <= %s)", a, b);
    break;
  case 10:
    casc_buf_printf(o, "!(%s < %s)", a, b);
    break;
  case 11:
    casc_buf_printf(o, "!(%s >= %s)", a, b);
    break;
  case 12:
    casc_buf_printf(o, "!(%s > %s)", a, b);
    break;
  case 13:
    casc_buf_printf(o, "%s != %s", a, b);
    break;
  case 14:
    casc_buf_printf(o, "(%s != %s || %s != %s)", a, a, b, b);
    break;
  default:
    casc_buf_puts(o, "true");
    break;
  }
}

/* RHS of a one-result op; false if the op is not handled here. */
static bool rhs(casc_emitter *e, casc_op *op, casc_buf *o, bool *handled) {
  casc_op_kind k = op->kind;
  *handled = true;
  const char *a =
      op->nops > 0 ? casc_em_name(e, casc_op_operand(op, 0), op) : NULL;
  const char *b =
      op->nops > 1 ? casc_em_name(e, casc_op_operand(op, 1), op) : NULL;
  if ((op->nops > 0 && !a) || (op->nops > 1 && !b))
    return false;
  const casc_type *ta = op->nops ? casc_op_operand(op, 0)->type : NULL;
  const casc_type *tr = casc_op_results(op)[0].type;
  bool u;
  const char *sym = binop(k, &u);
  if (sym && op->nops == 2) {
    if (u) {
      /* The operands are signed C++ types; do the op on unsigned ones. */
      casc_buf_puts(o, "static_cast<");
      casc_em_type(o, tr);
      casc_buf_puts(o, ">(");
      as_int(o, a, ta, true);
      casc_buf_printf(o, " %s ", sym);
      as_int(o, b, ta, true);
      casc_buf_puts(o, ")");
    } else {
      casc_buf_printf(o, "%s %s %s", a, sym, b);
    }
    return true;
  }
  ops2 x = {e, op, a, b, ta};
  switch (k) {
  case CASC_OP_ARITH_NEGF:
    casc_buf_printf(o, "-%s", a);
    return true;
  case CASC_OP_ARITH_REMF:
    /* C++ has no % on floats; fmod is remf's truncated remainder (the
     * sign of the dividend). pyasc has no printer for remf. */
    casc_buf_printf(o, "std::fmod(%s, %s)", a, b);
    return true;
  case CASC_OP_ARITH_CEILDIVSI:
    casc_buf_printf(o, "%s / %s + ((%s %% %s != 0) && ((%s < 0) == (%s < 0)))",
                    a, b, a, b, a, b);
    return true;
  case CASC_OP_ARITH_FLOORDIVSI:
    casc_buf_printf(o, "%s / %s - ((%s %% %s != 0) && ((%s < 0) != (%s < 0)))",
                    a, b, a, b, a, b);
    return true;
  case CASC_OP_ARITH_CEILDIVUI:
    casc_buf_puts(o, "static_cast<");
    casc_em_type(o, tr);
    casc_buf_puts(o, ">(");
    as_int(o, a, ta, true);
    casc_buf_puts(o, " / ");
    as_int(o, b, ta, true);
    casc_buf_puts(o, " + (");
    as_int(o, a, ta, true);
    casc_buf_puts(o, " % ");
    as_int(o, b, ta, true);
    casc_buf_puts(o, " != 0))");
    return true;
  case CASC_OP_ARITH_MAXSI:
  case CASC_OP_ARITH_MAXNUMF:
  case CASC_OP_ARITH_MAXIMUMF:
    casc_buf_printf(o, "((%s > %s) ? (%s) : (%s))", a, b, a, b);
    return true;
  case CASC_OP_ARITH_MINSI:
  case CASC_OP_ARITH_MINNUMF:
  case CASC_OP_ARITH_MINIMUMF:
    casc_buf_printf(o, "((%s < %s) ? (%s) : (%s))", a, b, a, b);
    return true;
  case CASC_OP_ARITH_MAXUI:
  case CASC_OP_ARITH_MINUI:
    casc_buf_puts(o, "((");
    as_int(o, a, ta, true);
    casc_buf_puts(o, k == CASC_OP_ARITH_MAXUI ? " > " : " < ");
    as_int(o, b, ta, true);
    casc_buf_printf(o, ") ? (%s) : (%s))", a, b);
    return true;
  case CASC_OP_ARITH_CMPI:
  case CASC_OP_ARITH_CMPF: {
    int64_t pred;
    if (!casc_em_attr_int(casc_em_attr(op, "predicate"), &pred) || pred < 0 ||
        pred > (k == CASC_OP_ARITH_CMPI ? 9 : 15))
      return casc_em_fail(e, op, "has no valid predicate");
    cmp_expr(o, &x, pred, k == CASC_OP_ARITH_CMPF);
    return true;
  }
  case CASC_OP_ARITH_SELECT: {
    const char *c = casc_em_name(e, casc_op_operand(op, 2), op);
    if (!c)
      return false;
    casc_buf_printf(o, "%s ? %s : %s", a, b, c);
    return true;
  }
  case CASC_OP_ARITH_BITCAST: {
    /* A constant operand is a `constexpr` variable: pyasc's
     * `reinterpret_cast<T*>` of its address casts the const away, which
     * C++ rejects, so casc reads it through a pointer to const
     * (docs/pyasc-compat.md). Other operands print as pyasc prints them. */
    const casc_op *d = casc_op_operand(op, 0)->def;
    bool constant = d && d->kind == CASC_OP_ARITH_CONSTANT;
    casc_buf_puts(o,
                  constant ? "*reinterpret_cast<const " : "*reinterpret_cast<");
    casc_em_type(o, tr);
    casc_buf_printf(o, "*>(&%s)", a);
    return true;
  }
  case CASC_OP_ARITH_TRUNCI:
    casc_buf_puts(o, "static_cast<");
    casc_em_type(o, tr);
    if (width_of(tr) == 1)
      casc_buf_printf(o, ">(%s & 1)", a);
    else
      casc_buf_printf(o, ">(%s)", a);
    return true;
  case CASC_OP_ARITH_EXTUI:
  case CASC_OP_ARITH_UITOFP:
  case CASC_OP_ARITH_INDEX_CASTUI:
    casc_buf_puts(o, "static_cast<");
    casc_em_type(o, tr);
    casc_buf_puts(o, ">(");
    as_int(o, a, ta, true);
    casc_buf_puts(o, ")");
    return true;
  case CASC_OP_ARITH_FPTOUI:
    casc_buf_puts(o, "static_cast<");
    casc_em_type(o, tr);
    casc_buf_printf(o, ">(static_cast<uint%u_t>(%s))", width_of(tr), a);
    return true;
  case CASC_OP_ARITH_EXTSI:
  case CASC_OP_ARITH_SITOFP:
  case CASC_OP_ARITH_FPTOSI:
  case CASC_OP_ARITH_EXTF:
  case CASC_OP_ARITH_TRUNCF:
  case CASC_OP_ARITH_INDEX_CAST:
    casc_buf_puts(o, "static_cast<");
    casc_em_type(o, tr);
    casc_buf_printf(o, ">(%s)", a);
    return true;
  default:
    *handled = false;
    return false;
  }
}

/* mului_extended / mulsi_extended: low and high halves of the product. */
static bool emit_mul_extended(casc_emitter *e, casc_op *op) {
  const char *a = casc_em_name(e, casc_op_operand(op, 0), op);
  const char *b = casc_em_name(e, casc_op_operand(op, 1), op);
  const casc_type *t = casc_op_operand(op, 0)->type;
  unsigned w = width_of(t);
  if (!a || !b)
    return false;
  if (w != 8 && w != 16 && w != 32)
    return casc_em_fail(e, op, "has no C++ form for this width");
  bool u = op->kind == CASC_OP_ARITH_MULUI_EXTENDED;
  casc_em_indent(e);
  if (!casc_em_decl(e, e->out, &casc_op_results(op)[0], op))
    return false;
  casc_buf_printf(e->out, " = %s * %s;\n", a, b);
  casc_em_indent(e);
  if (!casc_em_decl(e, e->out, &casc_op_results(op)[1], op))
    return false;
  /* The operands are signed C++ types: for the unsigned product they are
   * zero-extended (pyasc's `static_cast<uint64_t>(v1)` sign-extends a
   * negative v1 and gets the high half wrong). */
  if (u)
    casc_buf_printf(e->out,
                    " = (static_cast<uint%u_t>(static_cast<uint%u_t>(%s)) * "
                    "static_cast<uint%u_t>(static_cast<uint%u_t>(%s))) >> %u",
                    2 * w, w, a, 2 * w, w, b, w);
  else
    casc_buf_printf(e->out,
                    " = (static_cast<int%u_t>(%s) * static_cast<int%u_t>(%s))"
                    " >> %u",
                    2 * w, a, 2 * w, b, w);
  return true;
}

static bool emit_addui_extended(casc_emitter *e, casc_op *op) {
  const char *a = casc_em_name(e, casc_op_operand(op, 0), op);
  const char *b = casc_em_name(e, casc_op_operand(op, 1), op);
  const casc_type *t = casc_op_operand(op, 0)->type;
  if (!a || !b)
    return false;
  casc_em_indent(e);
  if (!casc_em_decl(e, e->out, &casc_op_results(op)[0], op))
    return false;
  const char *sum = casc_em_name(e, &casc_op_results(op)[0], op);
  casc_buf_printf(e->out, " = %s + %s;\n", a, b);
  casc_em_indent(e);
  if (!casc_em_decl(e, e->out, &casc_op_results(op)[1], op))
    return false;
  casc_buf_puts(e->out, " = ");
  as_int(e->out, sum, t, true);
  casc_buf_puts(e->out, " < ");
  as_int(e->out, a, t, true);
  return true;
}

bool casc_em_arith(casc_emitter *e, casc_op *op, bool *semi) {
  (void)semi;
  switch (op->kind) {
  case CASC_OP_ARITH_CONSTANT:
    return emit_constant(e, op);
  case CASC_OP_ARITH_MULUI_EXTENDED:
  case CASC_OP_ARITH_MULSI_EXTENDED:
    return emit_mul_extended(e, op);
  case CASC_OP_ARITH_ADDUI_EXTENDED:
    return emit_addui_extended(e, op);
  default:
    break;
  }
  if (op->nres != 1)
    return casc_em_fail(e, op, "unable to find printer for op");
  casc_buf expr;
  casc_buf_init(&expr);
  bool handled;
  bool ok = rhs(e, op, &expr, &handled);
  if (!ok && !handled)
    ok = casc_em_fail(e, op, "unable to find printer for op");
  if (ok) {
    casc_em_indent(e);
    ok = casc_em_decl(e, e->out, &casc_op_results(op)[0], op);
    if (ok)
      casc_buf_printf(e->out, " = %s", casc_buf_str(&expr));
  }
  casc_em_scratch_done(e->out, &expr);
  return ok;
}
