/* The math library of the advanced APIs (pyasc's UnaryMathOp /
 * BinaryMathOp: Acos ... Trunc, Power, Xor; and the adv Exp, ClampMax,
 * ClampMin, Axpy): dst[i] = f(src[i]) for the first calCount elements (the
 * whole source tensor without calCount), with an optional sharedTmpBuffer.
 * docs/simulator.md, "The math library".
 *
 * Ascend C computes these as sequences of vector instructions over the
 * tmp buffer (polynomial and Taylor approximations the reference does not
 * give). The simulator computes each element in double with the host's
 * libm and rounds the result once to the element type, so it is the
 * correctly rounded value up to libm's error (below 1 ulp of float) and
 * not bit-identical to the NPU; the documented tolerance of the tests is
 * 1 ulp of the element type. Ceil, Floor, Trunc, Round, Frac, Sign and Xor
 * are exact. The tmp buffer is checked (live, aligned) but not used; its
 * content after the op is not modelled, nor is what isReuseSource lets the
 * NPU do to the source (the simulator leaves it unchanged). */
#include <math.h>

#include "sim/sim_internal.h"

/* Round to nearest even on the double, once, for half (sim_store_f goes
 * through float: a second rounding otherwise). */
enum { M_RINT = 1 };

static const double PI = 3.14159265358979323846;

static double frac(double x) {
  return isinf(x) ? 0 * x : x - trunc(x);
}

/* -1, 0 or 1; NaN stays NaN (unsourced). */
static double sign(double x) {
  return isnan(x) ? x : (x > 0) - (x < 0);
}

/* The digamma function psi(x) = d/dx ln Gamma(x): the recurrence psi(x) =
 * psi(x + 1) - 1/x up to x >= 6, then the asymptotic series; the
 * reflection formula for x < 0. Double accuracy well below float's ulp. */
static double digamma(double x) {
  if (isnan(x) || x == -INFINITY)
    return NAN;
  if (x <= 0 && x == floor(x))
    return NAN; /* the poles */
  if (x < 0)
    return digamma(1 - x) - PI / tan(PI * x);
  double r = 0;
  while (x < 6) {
    r -= 1 / x;
    x += 1;
  }
  double f = 1 / (x * x);
  double t =
      f *
      (-1.0 / 12 +
       f * (1.0 / 120 +
            f * (-1.0 / 252 +
                 f * (1.0 / 240 + f * (-1.0 / 132 + f * (691.0 / 32760))))));
  return r + log(x) - 0.5 / x + t;
}

/* "四舍五入到最接近的整数" (Round(3.5) = 4, Round(-3.4) = -3): halves away
 * from zero. */
static double round_away(double x) {
  return round(x);
}

typedef double (*math_fn)(double);

static math_fn unary_fn(casc_op_kind k) {
  switch (k) {
  case CASC_OP_ACOS:
    return acos;
  case CASC_OP_ACOSH:
    return acosh;
  case CASC_OP_ASIN:
    return asin;
  case CASC_OP_ASINH:
    return asinh;
  case CASC_OP_ATAN:
    return atan;
  case CASC_OP_ATANH:
    return atanh;
  case CASC_OP_CEIL:
    return ceil;
  case CASC_OP_COS:
    return cos;
  case CASC_OP_COSH:
    return cosh;
  case CASC_OP_DIGAMMA:
    return digamma;
  case CASC_OP_ERF:
    return erf;
  case CASC_OP_ERFC:
    return erfc;
  case CASC_OP_FLOOR:
    return floor;
  case CASC_OP_FRAC:
    return frac;
  case CASC_OP_LGAMMA:
    return lgamma;
  case CASC_OP_LOG:
    return log;
  case CASC_OP_ROUND:
    return round_away;
  case CASC_OP_SIGN:
    return sign;
  case CASC_OP_SIN:
    return sin;
  case CASC_OP_SINH:
    return sinh;
  case CASC_OP_TAN:
    return tan;
  case CASC_OP_TANH:
    return tanh;
  case CASC_OP_TRUNC:
    return trunc;
  case CASC_OP_MATH_EXP:
    return exp;
  default:
    return NULL;
  }
}

bool sim_math_unary_known(casc_op_kind k) {
  return unary_fn(k) != NULL;
}

/* One source: a tensor (p != NULL) or a scalar, of type dt (es bytes). */
typedef struct {
  const uint8_t *p;
  double f;
  int64_t i;
  unsigned dt, es;
} msrc;

static double src_f(const msrc *s, int64_t e) {
  return s->p ? sim_load_f(s->p + e * s->es, s->dt) : s->f;
}
static int64_t src_i(const msrc *s, int64_t e) {
  return s->p ? sim_load_i(s->p + e * s->es, s->dt) : s->i;
}

/* Operand position p of the packed imm2 (lower.c), 0xff = absent. */
static unsigned opnd_at(const sim_insn *in, unsigned field) {
  return (unsigned)(in->imm2 >> (8 * field)) & 0xff;
}
enum { F_SRC0, F_SRC1, F_TMP, F_COUNT, ABSENT = 0xff };

/* The element type of operand o (a tensor's element, or a scalar's). */
static unsigned opnd_dt(const sim_insn *in, unsigned o) {
  const casc_type *t = in->op->operands[o].value->type;
  casc_type *e = casc_type_elem(t);
  return casc_dtype_of_type(e ? e : t);
}

/* Element e of the result, from the sources and (Axpy) dst's value. */
static double element(casc_op_kind kind, math_fn f, const msrc *src, int64_t e,
                      double dst) {
  double x = src_f(&src[0], e);
  if (f)
    return f(x);
  double y = src_f(&src[1], e);
  switch (kind) {
  case CASC_OP_POWER:
    return pow(x, y);
  case CASC_OP_CLAMP_MAX: /* values above the scalar become it */
    return x > y ? y : x;
  case CASC_OP_CLAMP_MIN:
    return x < y ? y : x;
  default: /* Axpy: the product and the sum exact, rounded once */
    return y * x + dst;
  }
}

bool sim_exec_math(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  const casc_op_kind kind = in->op->kind;
  const unsigned isrc[2] = {opnd_at(in, F_SRC0), opnd_at(in, F_SRC1)};
  const unsigned itmp = opnd_at(in, F_TMP), icnt = opnd_at(in, F_COUNT);
  /* the count: calCount, else the first source tensor's elements */
  int64_t n = -1;
  if (icnt != ABSENT) {
    n = sim_count(&b->slots[in->a[icnt]], opnd_dt(in, icnt));
  } else {
    for (unsigned s = 0; s < 2 && n < 0; s++)
      if (isrc[s] != ABSENT &&
          casc_type_is_local_tensor(in->op->operands[isrc[s]].value->type))
        n = b->slots[in->a[isrc[s]]].t.len /
            (int64_t)casc_dtype_size((casc_dtype)opnd_dt(in, isrc[s]));
  }
  if (n < 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: the element count is %lld", sim_api_name(in->op),
               (long long)n);
    return false;
  }
  if (itmp != ABSENT && !sim_local_access(b, in, itmp, 0, 0, true))
    return false;
  if (n == 0)
    return true;
  uint8_t *d = sim_local_access(b, in, 0, 0, n * es, true);
  if (!d)
    return false;
  const bool reads_dst = kind == CASC_OP_AXPY;
  if (reads_dst)
    sim_check_init(b, in, 0, d, n * es);
  msrc src[2] = {{NULL, 0, 0, dt, es}, {NULL, 0, 0, dt, es}};
  for (unsigned s = 0; s < 2; s++) {
    unsigned o = isrc[s];
    if (o == ABSENT)
      continue;
    src[s].dt = opnd_dt(in, o);
    src[s].es = casc_dtype_size((casc_dtype)src[s].dt);
    if (casc_type_is_local_tensor(in->op->operands[o].value->type)) {
      int64_t bytes = n * (int64_t)src[s].es;
      uint8_t *p = sim_local_access(b, in, o, 0, bytes, true);
      if (!p || !sim_check_overlap(b, in, 0, d, n * es, o, p, bytes))
        return false;
      sim_check_init(b, in, o, p, bytes);
      src[s].p = p;
    } else {
      /* a scalar operand: in the type of the tensor it combines with
       * (Axpy's in src's, the others' in dst's) */
      unsigned sdt = kind == CASC_OP_AXPY ? src[0].dt : dt;
      _Alignas(8) uint8_t c[8];
      sim_vec_scalar_elem(b, in, o, sdt, c);
      src[s].dt = sdt;
      src[s].f = sim_dt_is_float(sdt) ? sim_load_f(c, sdt) : 0;
      src[s].i = sim_dt_is_float(sdt) ? 0 : sim_load_i(c, sdt);
    }
  }
  if (kind == CASC_OP_XOR) {
    for (int64_t e = 0; e < n; e++)
      sim_store_i(d + e * es, dt, src_i(&src[0], e) ^ src_i(&src[1], e));
  } else {
    math_fn f = unary_fn(kind);
    for (int64_t e = 0; e < n; e++) {
      double r =
          element(kind, f, src, e, reads_dst ? sim_load_f(d + e * es, dt) : 0);
      if (dt == CASC_DT_F16 || kind == CASC_OP_AXPY)
        r = sim_round_mode(r, M_RINT, dt, false);
      sim_store_f(d + e * es, dt, r);
    }
  }
  sim_mark_written(b, d, n * es);
  return true;
}
