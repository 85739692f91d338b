/* Cast (level 2) with every RoundMode of docs/ascendc-facts.md §7, for the
 * pairs A2 supports and only with the modes documented for each pair. Overflow
 * saturates (the default mode of the hardware); NaN converts to 0 for
 * integer targets and stays NaN for float targets; infinities stay
 * infinite for float targets. CAST_NONE rounds like CAST_RINT where the
 * conversion loses precision. */
#include <float.h>
#include <math.h>

#include "sim/sim_internal.h"

enum { M_NONE, M_RINT, M_FLOOR, M_CEIL, M_ROUND, M_TRUNC, M_ODD };

static double round_int(double y, int mode) {
  switch (mode) {
  case M_FLOOR:
    return floor(y);
  case M_CEIL:
    return ceil(y);
  case M_ROUND:
    return round(y);
  case M_TRUNC:
    return trunc(y);
  case M_ODD: {
    double t = trunc(y);
    if (t != y && fmod(t, 2.0) == 0.0)
      t += y > 0 ? 1.0 : -1.0;
    return t;
  }
  default:
    return nearbyint(y);
  }
}

static void format_of(unsigned dt, int *p, int *emin, double *maxf) {
  switch (dt) {
  case CASC_DT_F16:
    *p = 11;
    *emin = -14;
    *maxf = 65504.0;
    break;
  case CASC_DT_BF16:
    *p = 8;
    *emin = -126;
    *maxf = 3.3895313892515355e38;
    break;
  default:
    *p = 24;
    *emin = -126;
    *maxf = FLT_MAX;
    break;
  }
}

double sim_round_mode(double x, int mode, unsigned dt, bool saturate) {
  if (x == 0 || !isfinite(x))
    return x;
  int p, emin;
  double maxf;
  format_of(dt, &p, &emin, &maxf);
  int e;
  frexp(x, &e); /* |x| in [2^(e-1), 2^e) */
  int lead = e - 1 < emin ? emin : e - 1;
  double q = ldexp(1.0, lead - (p - 1)); /* the ulp at x */
  double r = round_int(x / q, mode) * q;
  if (fabs(r) > maxf)
    r = saturate ? copysign(maxf, r) : copysign(INFINITY, r);
  return r;
}

/* An integer rounded to p significant bits with a mode (exact, no double
 * rounding even for 64-bit inputs). */
static double int_to_bits(int64_t v, int p, int mode) {
  if (v == 0)
    return 0;
  bool neg = v < 0;
  uint64_t m = neg ? 0 - (uint64_t)v : (uint64_t)v;
  int msb = 63 - __builtin_clzll(m);
  if (msb < p)
    return neg ? -(double)m : (double)m;
  int sh = msb - (p - 1);
  uint64_t q = m >> sh, rem = m & ((1ull << sh) - 1), half = 1ull << (sh - 1);
  bool inexact = rem != 0;
  switch (mode) {
  case M_FLOOR:
    q += inexact && neg;
    break;
  case M_CEIL:
    q += inexact && !neg;
    break;
  case M_ROUND:
    q += rem >= half;
    break;
  case M_TRUNC:
    break;
  case M_ODD:
    q |= inexact;
    break;
  default:
    q += rem > half || (rem == half && (q & 1));
    break;
  }
  double r = ldexp((double)q, sh);
  return neg ? -r : r;
}

static int64_t sat_int(double t, unsigned dt) {
  if (isnan(t))
    return 0;
  double lo, hi;
  switch (dt) {
  case CASC_DT_I8:
    lo = INT8_MIN;
    hi = INT8_MAX;
    break;
  case CASC_DT_U8:
    lo = 0;
    hi = UINT8_MAX;
    break;
  case CASC_DT_I16:
    lo = INT16_MIN;
    hi = INT16_MAX;
    break;
  case CASC_DT_I32:
    lo = INT32_MIN;
    hi = INT32_MAX;
    break;
  default:
    if (t <= -9223372036854775808.0)
      return INT64_MIN;
    if (t >= 9223372036854775808.0)
      return INT64_MAX;
    return (int64_t)t;
  }
  return (int64_t)(t < lo ? lo : t > hi ? hi : t);
}

static int64_t sat_i64(int64_t v, unsigned dt) {
  switch (dt) {
  case CASC_DT_I8:
    return v < INT8_MIN ? INT8_MIN : v > INT8_MAX ? INT8_MAX : v;
  case CASC_DT_U8:
    return v < 0 ? 0 : v > UINT8_MAX ? UINT8_MAX : v;
  case CASC_DT_I16:
    return v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v;
  case CASC_DT_I32:
    return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v;
  default:
    return v;
  }
}

/* One element: src of type sdt at sp to dst of type ddt at dp. */
static void cast_one(uint8_t *dp, unsigned ddt, const uint8_t *sp, unsigned sdt,
                     int mode) {
  if (sim_dt_is_float(sdt)) {
    double x = sim_load_f(sp, sdt);
    if (sim_dt_is_float(ddt)) {
      double r;
      if (ddt == sdt) /* float -> float with a mode: round to integral */
        r = isfinite(x) ? round_int(x, mode) : x;
      else if (casc_dtype_size((casc_dtype)ddt) >
               casc_dtype_size((casc_dtype)sdt))
        r = x; /* widening is exact */
      else
        r = sim_round_mode(x, mode == M_NONE ? M_RINT : mode, ddt, true);
      sim_store_f(dp, ddt, r);
    } else {
      double t = isfinite(x) ? round_int(x, mode == M_NONE ? M_RINT : mode)
                 : isnan(x)  ? NAN
                             : x;
      sim_store_i(dp, ddt, sat_int(t, ddt));
    }
    return;
  }
  int64_t v = sim_load_i(sp, sdt);
  if (sim_dt_is_float(ddt)) {
    int p = ddt == CASC_DT_F16 ? 11 : ddt == CASC_DT_BF16 ? 8 : 24;
    double r = int_to_bits(v, p, mode == M_NONE ? M_RINT : mode);
    if (ddt == CASC_DT_F16 && fabs(r) > 65504.0)
      r = copysign(65504.0, r);
    sim_store_f(dp, ddt, r);
  } else {
    sim_store_i(dp, ddt, sat_i64(v, ddt));
  }
}

void sim_cast_elem(uint8_t *dp, unsigned ddt, const uint8_t *sp, unsigned sdt,
                   int mode) {
  cast_one(dp, ddt, sp, sdt, mode);
}

bool sim_exec_cast(sim_block *b, const sim_insn *in) {
  unsigned ddt = in->dt, sdt = in->dt3;
  unsigned cdt = casc_dtype_of_type(in->op->operands[2].value->type);
  int64_t n = sim_count(&b->slots[in->a[2]], cdt);
  if (n < 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "Cast: the element count is %lld", (long long)n);
    return false;
  }
  if (n == 0)
    return true;
  unsigned des = casc_dtype_size((casc_dtype)ddt);
  unsigned ses = casc_dtype_size((casc_dtype)sdt);
  uint8_t *dp = sim_local_access(b, in, 0, 0, n * des, true);
  if (!dp)
    return false;
  uint8_t *sp = sim_local_access(b, in, 1, 0, n * ses, true);
  if (!sp)
    return false;
  sim_check_init(b, in, 1, sp, n * ses);
  if (!sim_check_overlap(b, in, 0, dp, n * des, 1, sp, n * ses))
    return false;
  int mode = (int)in->imm;
  for (int64_t i = 0; i < n; i++)
    cast_one(dp + i * des, ddt, sp + i * ses, sdt, mode);
  sim_mark_written(b, dp, n * des);
  return true;
}

/* Cast at levels 0 / 1: dst, src, the mask, repeatTimes, UnaryRepeatParams
 * (dst, src block strides; dst, src repeat strides). A repeat holds 256
 * bytes of the wider of the two types, so the mask counts elements of that
 * type (as Axpy's PAR column documents for its half -> float form; for
 * Cast the rule is taken by analogy: docs/simulator.md); each operand's
 * element e is at its own type's offset. Unselected dst elements keep
 * their value. */
bool sim_exec_cast_repeat(sim_block *b, const sim_insn *in) {
  const unsigned ddt = in->dt, sdt = in->dt3;
  const unsigned des = casc_dtype_size((casc_dtype)ddt);
  const unsigned ses = casc_dtype_size((casc_dtype)sdt);
  /* the op's mask, or the mask register's (vec_mask.c) */
  sim_rep_plan plan;
  if (!sim_rep_plan_of(b, in, des >= ses ? ddt : sdt, 2, in->nargs - 4,
                       in->imm2 == 1, in->nargs - 2, &plan))
    return false;
  if (plan.repeats == 0)
    return true;
  const unsigned es[2] = {des, ses};
  int64_t blk[2], rep[2];
  uint8_t *base[2];
  for (unsigned o = 0; o < 2; o++) {
    blk[o] = sim_field(b, in, in->nargs - 1, o);
    rep[o] = sim_field(b, in, in->nargs - 1, 2 + o);
    base[o] = sim_local_access(
        b, in, o, 0, sim_rep_plan_extent(&plan, blk[o], rep[o], es[o]), true);
    if (!base[o])
      return false;
  }
  const int mode = (int)in->imm;
  uint64_t sel[2];
  for (int64_t r = 0; r < plan.repeats; r++)
    for (int64_t e = 0, last_e = sim_rep_plan_sel(&plan, r, sel); e <= last_e;
         e++) {
      if (!(sel[e / 64] >> (e % 64) & 1))
        continue;
      const uint8_t *ps = base[1] + sim_rep_elem_off(r, e, blk[1], rep[1], ses);
      uint8_t *pd = base[0] + sim_rep_elem_off(r, e, blk[0], rep[0], des);
      sim_check_init(b, in, 1, ps, ses);
      cast_one(pd, ddt, ps, sdt, mode);
      sim_mark_written(b, pd, des);
    }
  return true;
}
