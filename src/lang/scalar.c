/* Scalars: materialising C constants at their use (pyasc's
 * materialize_ir_value), conversions (PlainValue.cast), and the PlainValue
 * operators (+ - * / % min max, comparisons, select) as arith ops. */
#include <math.h>
#include <stdint.h>

#include "lang/lang_internal.h"

/* ---- constants ------------------------------------------------------------
 */

/* Round x to the nearest value of a binary float format with p significand
 * bits and exponents emin..emax (ties to even, overflow to infinity), so
 * that a constant's attribute holds exactly the value its type can hold. */
static double round_to_format(double x, int p, int emin, int emax) {
  if (!isfinite(x) || x == 0.0)
    return x;
  double a = fabs(x);
  int e;
  frexp(a, &e);
  int exp = e - 1;
  if (exp < emin)
    exp = emin; /* subnormal: fixed quantum */
  double q = ldexp(1.0, exp - (p - 1));
  double r = nearbyint(a / q) * q;
  if (r >= ldexp(1.0, emax + 1))
    r = INFINITY;
  return copysign(r, x);
}

static double round_for(const casc_type *t, double x) {
  switch (t->u.flt.fk) {
  case CASC_F16:
    return round_to_format(x, 11, -14, 15);
  case CASC_BF16:
    return round_to_format(x, 8, -126, 127);
  case CASC_F32:
    return round_to_format(x, 24, -126, 127);
  case CASC_F64:
    return x;
  }
  return x;
}

/* Does integer constant (v, or u for unsigned C sources) fit type t? The
 * stored attribute value is sign-extended for the width. */
static bool int_fits(const asc__sv *s, const casc_type *t, int64_t *out) {
  unsigned w = t->kind == CASC_TYPE_INDEX ? 64 : t->u.integer.width;
  bool uns = t->kind == CASC_TYPE_INTEGER && t->u.integer.sign == CASC_UNSIGNED;
  if (w == 1) { /* i1: C's 0/1 (a bool) */
    bool ok = s->kind_ == ASC__SV_INT ? s->i_ == 0 || s->i_ == 1 : s->u_ <= 1;
    unsigned long long v =
        s->kind_ == ASC__SV_INT ? (unsigned long long)s->i_ : s->u_;
    *out = v ? -1 : 0;
    return ok;
  }
  if (s->kind_ == ASC__SV_INT && s->i_ < 0) {
    if (uns)
      return false;
    if (w < 64 && s->i_ < -(1LL << (w - 1)))
      return false;
    *out = s->i_;
    return true;
  }
  unsigned long long v =
      s->kind_ == ASC__SV_INT ? (unsigned long long)s->i_ : s->u_;
  unsigned long long max =
      uns ? (w == 64 ? UINT64_MAX : (1ULL << w) - 1) : (1ULL << (w - 1)) - 1;
  if (v > max)
    return false;
  /* sign-extend the w-bit pattern */
  if (w < 64 && (v >> (w - 1)) & 1)
    *out = (int64_t)(v | ~((1ULL << w) - 1));
  else
    *out = (int64_t)v;
  return true;
}

static casc_value *make_const(lang_call *c, casc_attr *value, casc_type *t,
                              bool unsigned_int) {
  casc_attr *attrs = lang_attrs1(c, "value", value);
  /* pyasc materialises unsigned constants with emitc.constant. */
  return lang_op1(
      c, unsigned_int ? CASC_OP_EMITC_CONSTANT : CASC_OP_ARITH_CONSTANT, 0,
      NULL, t, attrs);
}

static casc_value *const_int(lang_call *c, const asc__sv *s, casc_type *t,
                             const char *what) {
  casc_ctx *ctx = c->k->ctx;
  if (t->kind == CASC_TYPE_FLOAT) {
    double d = s->kind_ == ASC__SV_INT ? (double)s->i_ : (double)s->u_;
    return make_const(c, casc_attr_float(ctx, t, round_for(t, d)), t, false);
  }
  if (t->kind != CASC_TYPE_INTEGER && t->kind != CASC_TYPE_INDEX) {
    lang_error(c, "%s: a constant cannot be used where %s is expected", what,
               lang_type_name(c, t));
    return NULL;
  }
  int64_t v;
  if (!int_fits(s, t, &v)) {
    if (s->kind_ == ASC__SV_INT)
      lang_error(c, "%s: constant %lld does not fit in %s", what, s->i_,
                 casc_type_str(ctx, t));
    else
      lang_error(c, "%s: constant %llu does not fit in %s", what, s->u_,
                 casc_type_str(ctx, t));
    return NULL;
  }
  bool uns = t->kind == CASC_TYPE_INTEGER && t->u.integer.sign == CASC_UNSIGNED;
  return make_const(c, casc_attr_int(ctx, t, v), t, uns);
}

static casc_value *const_float(lang_call *c, const asc__sv *s, casc_type *t,
                               const char *what) {
  if (t->kind != CASC_TYPE_FLOAT) {
    lang_error(c, "%s: %g is not an integer, but %s is expected", what, s->f_,
               lang_type_name(c, t));
    return NULL;
  }
  return make_const(c, casc_attr_float(c->k->ctx, t, round_for(t, s->f_)), t,
                    false);
}

/* ---- conversions ------------------------------------------------------------
 */

static bool is_uns(const casc_type *t) {
  return t->kind == CASC_TYPE_INTEGER && t->u.integer.sign == CASC_UNSIGNED;
}

casc_value *lang_cast(lang_call *c, casc_value *v, casc_type *want,
                      const char *what) {
  casc_type *from = v->type;
  if (from == want)
    return v;
  casc_op_kind kind = CASC_OP_UNREGISTERED;
  bool fi = from->kind == CASC_TYPE_INTEGER, ff = from->kind == CASC_TYPE_FLOAT;
  bool ti = want->kind == CASC_TYPE_INTEGER, tf = want->kind == CASC_TYPE_FLOAT;
  unsigned fw = casc_type_bit_width(from), tw = casc_type_bit_width(want);
  if (fi && ti) {
    if (is_uns(from) || is_uns(want))
      kind = CASC_OP_EMITC_CAST; /* pyasc: (uint32_t) v */
    else
      kind = fw < tw ? CASC_OP_ARITH_EXTSI : CASC_OP_ARITH_TRUNCI;
  } else if (ff && tf && fw != tw) {
    kind = fw < tw ? CASC_OP_ARITH_EXTF : CASC_OP_ARITH_TRUNCF;
  } else if (fi && tf && !is_uns(from)) {
    kind = CASC_OP_ARITH_SITOFP;
  } else if (ff && ti && !is_uns(want)) {
    kind = CASC_OP_ARITH_FPTOSI;
  } else if ((fi && want->kind == CASC_TYPE_INDEX) ||
             (from->kind == CASC_TYPE_INDEX && ti)) {
    kind = CASC_OP_ARITH_INDEX_CAST;
  }
  if (kind == CASC_OP_UNREGISTERED) {
    lang_error(c, "%s: cannot convert %s to %s", what, lang_type_name(c, from),
               lang_type_name(c, want));
    return NULL;
  }
  return lang_op1(c, kind, 1, &v, want, NULL);
}

casc_value *lang_sv_value(lang_call *c, asc__sv s, const char *what) {
  if (s.kind_ != ASC__SV_VALUE)
    return NULL;
  return lang_value(c, s.p_, s.k_, what);
}

casc_value *lang_mat(lang_call *c, asc__sv s, casc_type *want,
                     const char *what) {
  switch (s.kind_) {
  case ASC__SV_VALUE: {
    casc_value *v = lang_value(c, s.p_, s.k_, what);
    if (!v)
      return NULL;
    return want ? lang_cast(c, v, want, what) : v;
  }
  case ASC__SV_INT:
  case ASC__SV_UINT:
    return const_int(c, &s, want ? want : c->k->i32, what);
  case ASC__SV_FLOAT:
    return const_float(c, &s, want ? want : c->k->f32, what);
  default:
    lang_error(c, "%s: expected a number", what);
    return NULL;
  }
}

/* ---- operators --------------------------------------------------------------
 */

typedef enum { NUM_INT, NUM_FLOAT } num_kind;

/* pyasc's infer_common_type: the type of the runtime operand (lhs first).
 * Returns NULL after an error (or a poisoned operand). */
static casc_type *common_type(lang_call *c, asc__sv *a, asc__sv *b,
                              num_kind kind, bool allow_two_consts) {
  casc_value *va = lang_sv_value(c, *a, "lhs");
  casc_value *vb = lang_sv_value(c, *b, "rhs");
  if (c->failed)
    return NULL;
  casc_type *t = va ? va->type : vb ? vb->type : NULL;
  if (!t) {
    if (allow_two_consts)
      return kind == NUM_INT ? c->k->i32 : c->k->f32;
    lang_error(c, "at least one operand must be a runtime value (asc_int or "
                  "asc_float); compute constant expressions in C");
    return NULL;
  }
  if (va && vb && va->type != vb->type) {
    lang_error(c,
               "operands have different types %s and %s; convert one "
               "with asc_to_int / asc_to_float",
               lang_type_name(c, va->type), lang_type_name(c, vb->type));
    return NULL;
  }
  bool is_int = t->kind == CASC_TYPE_INTEGER || t->kind == CASC_TYPE_INDEX;
  if (kind == NUM_FLOAT && t->kind != CASC_TYPE_FLOAT) {
    lang_error(c,
               "cannot mix %s with a floating-point operand; convert it "
               "with asc_to_float",
               lang_type_name(c, t));
    return NULL;
  }
  if (kind == NUM_INT && !is_int) {
    lang_error(c, "expected integer operands, got %s", lang_type_name(c, t));
    return NULL;
  }
  if (kind == NUM_INT && (is_uns(t) || t == c->k->i1)) {
    lang_error(c,
               "integer arithmetic needs signless integers, got %s; "
               "convert with asc_to_int(x, ASC_INT32)",
               lang_type_name(c, t));
    return NULL;
  }
  return t;
}

static casc_value *binary(lang_call *c, asc__sv a, asc__sv b, num_kind kind,
                          casc_op_kind op) {
  casc_type *t = common_type(c, &a, &b, kind, false);
  if (!t)
    return NULL;
  casc_value *ops[2];
  ops[0] = lang_mat(c, a, t, "lhs");
  ops[1] = ops[0] ? lang_mat(c, b, t, "rhs") : NULL;
  if (!ops[1])
    return NULL;
  return lang_op1(c, op, 2, ops, t, NULL);
}

#define INT_BINARY(fn, api, opkind)                                            \
  asc_int fn(const char *file, int line, asc__sv a, asc__sv b) {               \
    lang_call c;                                                               \
    asc_int r = {0};                                                           \
    if (!lang_begin(&c, api, file, line))                                      \
      return r;                                                                \
    r.p_ = binary(&c, a, b, NUM_INT, opkind);                                  \
    r.k_ = lang_stamp(&c);                                                     \
    return r;                                                                  \
  }
#define FLOAT_BINARY(fn, api, opkind)                                          \
  asc_float fn(const char *file, int line, asc__sv a, asc__sv b) {             \
    lang_call c;                                                               \
    asc_float r = {0};                                                         \
    if (!lang_begin(&c, api, file, line))                                      \
      return r;                                                                \
    r.p_ = binary(&c, a, b, NUM_FLOAT, opkind);                                \
    r.k_ = lang_stamp(&c);                                                     \
    return r;                                                                  \
  }

INT_BINARY(asc_iadd_at, "asc_add", CASC_OP_ARITH_ADDI)
INT_BINARY(asc_isub_at, "asc_sub", CASC_OP_ARITH_SUBI)
INT_BINARY(asc_imul_at, "asc_mul", CASC_OP_ARITH_MULI)
INT_BINARY(asc_idiv_at, "asc_div", CASC_OP_ARITH_DIVSI)
INT_BINARY(asc_irem_at, "asc_rem", CASC_OP_ARITH_REMSI)
INT_BINARY(asc_imin_at, "asc_min", CASC_OP_ARITH_MINSI)
INT_BINARY(asc_imax_at, "asc_max", CASC_OP_ARITH_MAXSI)
INT_BINARY(asc_iceildiv_at, "asc_ceildiv", CASC_OP_ARITH_CEILDIVSI)
FLOAT_BINARY(asc_fadd_at, "asc_add", CASC_OP_ARITH_ADDF)
FLOAT_BINARY(asc_fsub_at, "asc_sub", CASC_OP_ARITH_SUBF)
FLOAT_BINARY(asc_fmul_at, "asc_mul", CASC_OP_ARITH_MULF)
FLOAT_BINARY(asc_fdiv_at, "asc_div", CASC_OP_ARITH_DIVF)

static const char *const k_cmp_names[] = {"asc_eq", "asc_ne", "asc_lt",
                                          "asc_le", "asc_gt", "asc_ge"};
/* arith.cmpi / arith.cmpf predicate numbers (MLIR's, enums.def order). */
static const int64_t k_cmpi[] = {0 /*eq*/,  1 /*ne*/,  2 /*slt*/,
                                 3 /*sle*/, 4 /*sgt*/, 5 /*sge*/};
static const int64_t k_cmpf[] = {1 /*oeq*/, 6 /*one*/, 4 /*olt*/,
                                 5 /*ole*/, 2 /*ogt*/, 3 /*oge*/};

asc_bool asc_cmp_at(const char *file, int line, asc__cmp pred, asc__sv a,
                    asc__sv b) {
  lang_call c;
  asc_bool r = {0};
  unsigned p = (unsigned)pred < 6 ? (unsigned)pred : 0;
  if (!lang_begin(&c, k_cmp_names[p], file, line))
    return r;
  r.k_ = lang_stamp(&c);
  /* The kind follows the runtime operand, as in pyasc. */
  casc_value *va = lang_sv_value(&c, a, "lhs");
  casc_value *vb = lang_sv_value(&c, b, "rhs");
  if (c.failed)
    return r;
  casc_value *rt = va ? va : vb;
  num_kind kind = rt && rt->type->kind == CASC_TYPE_FLOAT ? NUM_FLOAT : NUM_INT;
  casc_type *t = common_type(&c, &a, &b, kind, false);
  if (!t)
    return r;
  casc_value *ops[2];
  ops[0] = lang_mat(&c, a, t, "lhs");
  ops[1] = ops[0] ? lang_mat(&c, b, t, "rhs") : NULL;
  if (!ops[1])
    return r;
  casc_attr *attr = casc_attr_int(c.k->ctx, c.k->i64,
                                  kind == NUM_INT ? k_cmpi[p] : k_cmpf[p]);
  r.p_ = lang_op1(&c, kind == NUM_INT ? CASC_OP_ARITH_CMPI : CASC_OP_ARITH_CMPF,
                  2, ops, c.k->i1, lang_attrs1(&c, "predicate", attr));
  return r;
}

static casc_value *select_op(lang_call *c, asc_bool cond, asc__sv a, asc__sv b,
                             num_kind kind) {
  casc_value *cv = lang_value(c, cond.p_, cond.k_, "condition");
  if (!cv)
    return NULL;
  if (cv->type != c->k->i1) {
    lang_error(c, "condition must be an asc_bool (i1)");
    return NULL;
  }
  casc_value *va = lang_sv_value(c, a, "true value");
  casc_value *vb = lang_sv_value(c, b, "false value");
  if (c->failed)
    return NULL;
  casc_type *t = va ? va->type : vb ? vb->type : NULL;
  if (!t)
    t = kind == NUM_INT ? c->k->i32 : c->k->f32;
  if (va && vb && va->type != vb->type) {
    lang_error(c, "the two values have different types %s and %s",
               lang_type_name(c, va->type), lang_type_name(c, vb->type));
    return NULL;
  }
  if ((kind == NUM_FLOAT) != (t->kind == CASC_TYPE_FLOAT)) {
    lang_error(c, "cannot mix integer and floating-point values");
    return NULL;
  }
  casc_value *ops[3] = {cv, NULL, NULL};
  ops[1] = lang_mat(c, a, t, "true value");
  ops[2] = ops[1] ? lang_mat(c, b, t, "false value") : NULL;
  if (!ops[2])
    return NULL;
  return lang_op1(c, CASC_OP_ARITH_SELECT, 3, ops, t, NULL);
}

asc_int asc_iselect_at(const char *file, int line, asc_bool cond, asc__sv a,
                       asc__sv b) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_select", file, line))
    return r;
  r.p_ = select_op(&c, cond, a, b, NUM_INT);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_float asc_fselect_at(const char *file, int line, asc_bool cond, asc__sv a,
                         asc__sv b) {
  lang_call c;
  asc_float r = {0};
  if (!lang_begin(&c, "asc_select", file, line))
    return r;
  r.p_ = select_op(&c, cond, a, b, NUM_FLOAT);
  r.k_ = lang_stamp(&c);
  return r;
}

static casc_value *convert(lang_call *c, asc__sv x, asc_dtype dt,
                           bool to_float) {
  casc_type *t = lang_dtype_checked(c, dt, "dtype");
  if (!t)
    return NULL;
  if ((t->kind == CASC_TYPE_FLOAT) != to_float) {
    lang_error(c, "dtype %s is not %s type", asc_dtype_name(dt),
               to_float ? "a floating-point" : "an integer");
    return NULL;
  }
  return lang_mat(c, x, t, "value");
}

asc_int asc_to_int_at(const char *file, int line, asc__sv x, asc_dtype dt) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_to_int", file, line))
    return r;
  r.p_ = convert(&c, x, dt, false);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_float asc_to_float_at(const char *file, int line, asc__sv x, asc_dtype dt) {
  lang_call c;
  asc_float r = {0};
  if (!lang_begin(&c, "asc_to_float", file, line))
    return r;
  r.p_ = convert(&c, x, dt, true);
  r.k_ = lang_stamp(&c);
  return r;
}
