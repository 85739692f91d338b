/* The scalar rows the interpreter does not run inline: the rest of MLIR's
 * arith (ceil/floor division, shifts, maxnum/minnum, remf, bitcast, the
 * two-result extended ops), math.* on scalars, Ascend C's scalar bit
 * functions and ScalarCast, the system queries, Trap, and the ops that
 * have no effect on values in this model (noop, data/instruction cache
 * maintenance, DataSyncBarrier, profiling markers). Semantics are written
 * down in docs/simulator.md ("Scalar, system and sync ops"). */
#include <math.h>
#include <stdio.h>

#include "sim/sim_internal.h"

/* Bits of an integer type (index and i64: 64). */
static unsigned width_of(unsigned dt) {
  switch (dt) {
  case CASC_DT_BOOL:
    return 1;
  case CASC_DT_I8:
  case CASC_DT_U8:
    return 8;
  case CASC_DT_I16:
  case CASC_DT_U16:
    return 16;
  case CASC_DT_I32:
  case CASC_DT_U32:
    return 32;
  default:
    return 64;
  }
}

static int64_t smin_of(unsigned dt) {
  unsigned w = width_of(dt);
  return w == 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
}

static bool arith_error(sim_block *b, const sim_insn *in, const char *what) {
  sim_report(b, CASC_CHECK_ARITH, CASC_SEV_ERROR, in->op, "'%s': %s",
             casc_op_name(in->op), what);
  return false;
}

/* Signed ceil / floor division as MLIR defines them (rounding toward +inf
 * / -inf); division by zero and MIN / -1 are errors, as for divsi. */
static bool sdiv_round(sim_block *b, const sim_insn *in, bool ceil_,
                       int64_t *out) {
  unsigned dt = in->dt;
  int64_t a = sim_sext(b->slots[in->a[0]].i, dt);
  int64_t d = sim_sext(b->slots[in->a[1]].i, dt);
  if (d == 0)
    return arith_error(b, in, "division by zero");
  if (d == -1 && a == smin_of(dt))
    return arith_error(b, in, "signed division overflows");
  int64_t q = a / d, r = a % d;
  if (r != 0) {
    bool pos = (r < 0) == (d < 0); /* the exact quotient is positive */
    if (ceil_ && pos)
      q++;
    if (!ceil_ && !pos)
      q--;
  }
  *out = sim_norm(q, dt);
  return true;
}

static bool shift(sim_block *b, const sim_insn *in) {
  unsigned dt = in->dt, w = width_of(dt);
  uint64_t x = sim_zext(b->slots[in->a[0]].i, dt);
  uint64_t n = sim_zext(b->slots[in->a[1]].i, dt);
  if (n >= w) {
    /* MLIR: poison; C++ (what the emitter prints): undefined behaviour */
    char what[96];
    snprintf(what, sizeof what,
             "shift amount %llu is not below the bit width %u",
             (unsigned long long)n, w);
    return arith_error(b, in, what);
  }
  int64_t r;
  if (in->opc == SIM_SHLI)
    r = (int64_t)(x << n);
  else if (in->opc == SIM_SHRUI)
    r = (int64_t)(x >> n);
  else {
    int64_t sx = sim_sext(b->slots[in->a[0]].i, dt);
    /* arithmetic shift without relying on >> of a negative value */
    r = sx >= 0 ? sx >> n : ~(~sx >> n);
  }
  b->slots[in->r].i = sim_norm(r, dt);
  return true;
}

/* A float op in the precision of dt: float arithmetic for half, bfloat16
 * and float (rounded to dt), double for double. */
static double fround_f(double v, unsigned dt) {
  return dt == CASC_DT_F64 ? v : sim_fround((float)v, dt);
}

static double math_unary(casc_op_kind k, double x, bool dbl) {
  float f = (float)x;
  switch (k) {
  case CASC_OP_MLIR_MATH_ABSF:
    return fabs(x);
  case CASC_OP_MLIR_MATH_CEIL:
    return ceil(x);
  case CASC_OP_MLIR_MATH_FLOOR:
    return floor(x);
  case CASC_OP_MLIR_MATH_ROUND: /* halfway cases away from zero */
    return round(x);
  case CASC_OP_MLIR_MATH_COS:
    return dbl ? cos(x) : cosf(f);
  case CASC_OP_MLIR_MATH_SIN:
    return dbl ? sin(x) : sinf(f);
  case CASC_OP_MLIR_MATH_ERF:
    return dbl ? erf(x) : erff(f);
  case CASC_OP_MLIR_MATH_EXP:
    return dbl ? exp(x) : expf(f);
  case CASC_OP_MLIR_MATH_EXP2:
    return dbl ? exp2(x) : exp2f(f);
  case CASC_OP_MLIR_MATH_LOG:
    return dbl ? log(x) : logf(f);
  case CASC_OP_MLIR_MATH_LOG2:
    return dbl ? log2(x) : log2f(f);
  case CASC_OP_MLIR_MATH_SQRT:
    return dbl ? sqrt(x) : sqrtf(f);
  case CASC_OP_MLIR_MATH_RSQRT:
    return dbl ? 1.0 / sqrt(x) : 1.0f / sqrtf(f);
  default:
    return NAN;
  }
}

static double math_op(const sim_block *b, const sim_insn *in) {
  const sim_slot *s = b->slots;
  double x = s[in->a[0]].f;
  double y = in->nargs > 1 ? s[in->a[1]].f : 0;
  bool dbl = in->dt == CASC_DT_F64;
  switch (in->op->kind) {
  case CASC_OP_MLIR_MATH_ATAN2:
    return dbl ? atan2(x, y) : atan2f((float)x, (float)y);
  case CASC_OP_MLIR_MATH_COPYSIGN:
    return copysign(x, y);
  case CASC_OP_MLIR_MATH_FMA:
    /* one rounding of the exact a * b + c, as a fused multiply-add */
    return dbl ? fma(x, y, s[in->a[2]].f)
               : fmaf((float)x, (float)y, (float)s[in->a[2]].f);
  default:
    return math_unary(in->op->kind, x, dbl);
  }
}

/* arith.bitcast: the bits of a value of type sdt read as type dt. */
static void bitcast(sim_slot *r, const sim_slot *a, unsigned dt, unsigned sdt) {
  uint8_t bytes[8] = {0};
  if (sim_dt_is_float(sdt))
    sim_store_f(bytes, sdt, a->f);
  else
    sim_store_i(bytes, sdt, a->i);
  if (sim_dt_is_float(dt))
    r->f = sim_load_f(bytes, dt);
  else
    r->i = sim_norm(sim_load_i(bytes, dt), dt);
}

/* The two-result ops: low / sum into r, high / overflow into slot imm2. */
static void extended(sim_block *b, const sim_insn *in) {
  sim_slot *s = b->slots;
  unsigned dt = in->dt, w = width_of(dt);
  uint64_t ua = sim_zext(s[in->a[0]].i, dt), ub = sim_zext(s[in->a[1]].i, dt);
  sim_slot *lo = &s[in->r], *hi = &s[in->imm2];
  if (in->opc == SIM_ADDUI_EXT) {
    uint64_t sum = ua + ub;
    uint64_t mask = w == 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1;
    lo->i = sim_norm((int64_t)sum, dt);
    hi->i = (sum & mask) < ua; /* a carry out of the top bit */
    return;
  }
  bool sgn = in->opc == SIM_MULSI_EXT;
  if (w == 64) {
    __int128 p = sgn ? (__int128)s[in->a[0]].i * s[in->a[1]].i
                     : (__int128)((unsigned __int128)ua * ub);
    lo->i = (int64_t)(uint64_t)p;
    hi->i = (int64_t)(uint64_t)((unsigned __int128)p >> 64);
    return;
  }
  int64_t p = sgn ? sim_sext(s[in->a[0]].i, dt) * sim_sext(s[in->a[1]].i, dt)
                  : (int64_t)(ua * ub);
  lo->i = sim_norm(p, dt);
  /* floor(p / 2^w) keeps the sign of a signed product */
  hi->i = sim_norm(p < 0 ? ~(~p >> w) : p >> w, dt);
}

/* ScalarCountLeadingZero, ScalarGetCountOfValue<v>, ScalarGetSFFValue<v>,
 * CountBitsCntSameAsSignBit on the 64-bit operand. */
static bool scalar_bits(sim_block *b, const sim_insn *in) {
  const sim_slot *s = b->slots;
  uint64_t v = (uint64_t)s[in->a[0]].i;
  int64_t r = 0;
  switch (in->op->kind) {
  case CASC_OP_SCALAR_COUNT_LEADING_ZERO:
    r = v ? __builtin_clzll(v) : 64;
    break;
  case CASC_OP_COUNT_BITS_CNT_SAME_AS_SIGN_BIT: {
    /* the bits below the sign bit equal to it, counted from the top */
    uint64_t x = (v >> 63) ? ~v : v; /* now the sign bit is 0 */
    x <<= 1;
    r = x ? __builtin_clzll(x) : 63;
    break;
  }
  default: { /* count / find-first of a bit value 0 or 1 */
    int64_t cv = s[in->a[1]].i;
    if (cv != 0 && cv != 1) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: countValue is %lld; it must be 0 or 1",
                 sim_api_name(in->op), (long long)cv);
      return false;
    }
    uint64_t x = cv ? v : ~v;
    if (in->op->kind == CASC_OP_SCALAR_GET_COUNT_OF_VALUE)
      r = __builtin_popcountll(x);
    else
      r = x ? __builtin_ctzll(x) : -1;
    break;
  }
  }
  b->slots[in->r].i = sim_norm(r, in->dt);
  return true;
}

/* ScalarCast<float, T, roundMode>: float to half / int32 with the mode
 * (checked when lowered: sim_sys_check). */
static void scalar_cast(sim_block *b, const sim_insn *in) {
  double x = b->slots[in->a[0]].f;
  sim_slot *r = &b->slots[in->r];
  if (sim_dt_is_float(in->dt)) {
    r->f = isfinite(x) ? sim_round_mode(x, (int)in->imm, in->dt, false) : x;
    return;
  }
  double y;
  switch ((int)in->imm) {
  case 2: /* CAST_FLOOR */
    y = floor(x);
    break;
  case 3: /* CAST_CEIL */
    y = ceil(x);
    break;
  case 4: /* CAST_ROUND: halfway away from zero */
    y = round(x);
    break;
  case 5: /* CAST_TRUNC */
    y = trunc(x);
    break;
  default: /* CAST_RINT: to nearest, halfway to even */
    y = nearbyint(x);
    break;
  }
  int64_t v;
  if (isnan(y))
    v = 0;
  else if (y <= -2147483648.0)
    v = INT32_MIN;
  else if (y >= 2147483647.0)
    v = INT32_MAX;
  else
    v = (int64_t)y;
  r->i = sim_norm(v, in->dt);
}

bool sim_exec_scalar_ext(sim_block *b, const sim_insn *in) {
  sim_slot *s = b->slots, *r = &s[in->r];
  const sim_slot *x = &s[in->a[0]], *y = &s[in->a[1]];
  unsigned dt = in->dt;
  switch ((sim_opc)in->opc) {
  case SIM_CEILDIVSI:
  case SIM_FLOORDIVSI:
    return sdiv_round(b, in, in->opc == SIM_CEILDIVSI, &r->i);
  case SIM_CEILDIVUI: {
    uint64_t a = sim_zext(x->i, dt), d = sim_zext(y->i, dt);
    if (d == 0)
      return arith_error(b, in, "division by zero");
    r->i = sim_norm((int64_t)(a / d + (a % d != 0)), dt);
    return true;
  }
  case SIM_SHLI:
  case SIM_SHRSI:
  case SIM_SHRUI:
    return shift(b, in);
  case SIM_MAXNUMF:
  case SIM_MINNUMF: {
    /* IEEE maxNum / minNum: a NaN operand yields the other one */
    double a = x->f, c = y->f;
    if (isnan(a) || isnan(c))
      r->f = isnan(a) ? c : a;
    else if (in->opc == SIM_MAXNUMF)
      r->f = a > c ? a : c;
    else
      r->f = a < c ? a : c;
    return true;
  }
  case SIM_REMF:
    /* C's fmod: the remainder with the dividend's sign */
    r->f = fround_f(dt == CASC_DT_F64 ? fmod(x->f, y->f)
                                      : fmodf((float)x->f, (float)y->f),
                    dt);
    return true;
  case SIM_BITCAST:
    bitcast(r, x, dt, in->dt2);
    return true;
  case SIM_ADDUI_EXT:
  case SIM_MULSI_EXT:
  case SIM_MULUI_EXT:
    extended(b, in);
    return true;
  case SIM_MATH:
    r->f = fround_f(math_op(b, in), dt);
    return true;
  case SIM_DATA_BLOCK_SIZE:
    r->i = sim_norm(32, dt); /* one DataBlock: 32 bytes */
    return true;
  case SIM_SYSTEM_CYCLE:
    /* the block's instruction count so far: a clock that only goes up */
    r->i = sim_norm((int64_t)b->steps, dt);
    return true;
  case SIM_PROGRAM_COUNTER:
    /* the instruction's index in the lowered program */
    r->i = sim_norm((int64_t)(in - b->L->prog->code), dt);
    return true;
  case SIM_TASK_RATIO:
    /* a vector-only launch: one AIV per task (no AIC:AIV mix) */
    r->i = sim_norm(1, dt);
    return true;
  case SIM_ICACHE_STATUS:
    /* ICachePreLoad has no effect here, so no preload is ever under way */
    r->i = 0;
    return true;
  case SIM_SCALAR_BITS:
    return scalar_bits(b, in);
  case SIM_SCALAR_CAST:
    scalar_cast(b, in);
    return true;
  case SIM_TRAP:
    sim_report(b, CASC_CHECK_TRAP, CASC_SEV_ERROR, in->op,
               "Trap: the kernel trapped here (on the NPU the core stops "
               "with an exception)");
    return false;
  case SIM_NO_EFFECT:
    return true;
  default:
    return true;
  }
}

/* Lowering checks of the rows of this file, atomic.c and sync_all.c. */
bool sim_sys_check(const casc_op *op, sim_insn *in, char *why, size_t n) {
  switch ((sim_opc)in->opc) {
  case SIM_CEILDIVSI:
  case SIM_CEILDIVUI:
  case SIM_FLOORDIVSI:
  case SIM_SHLI:
  case SIM_SHRSI:
  case SIM_SHRUI:
  case SIM_ADDUI_EXT:
  case SIM_MULSI_EXT:
  case SIM_MULUI_EXT:
    if (sim_dt_is_float(in->dt) || in->dt == CASC_DT_INVALID) {
      snprintf(why, n, "non-integer operands");
      return false;
    }
    return true;
  case SIM_MAXNUMF:
  case SIM_MINNUMF:
  case SIM_REMF:
  case SIM_MATH:
    if (!sim_dt_is_float(in->dt)) {
      snprintf(why, n, "non-float operands");
      return false;
    }
    return true;
  case SIM_BITCAST:
    if (in->dt == CASC_DT_INVALID || in->dt2 == CASC_DT_INVALID ||
        casc_dtype_size((casc_dtype)in->dt) !=
            casc_dtype_size((casc_dtype)in->dt2)) {
      snprintf(why, n, "a bitcast between types of different widths");
      return false;
    }
    return true;
  case SIM_SCALAR_CAST: {
    casc_attr *m = casc_op_attr((casc_op *)op, "roundMode");
    int64_t mode = m && m->kind == CASC_ATTR_INTEGER ? m->u.i.v : -1;
    bool to_half = in->dt == CASC_DT_F16, to_i32 = in->dt == CASC_DT_I32;
    /* the reference: float to half (CAST_ODD) or int32 (RINT, FLOOR,
     * CEIL, ROUND, TRUNC) */
    if (in->dt2 != CASC_DT_F32 || !(to_half || to_i32) || mode < 1 ||
        mode > 6 || (to_i32 && mode == 6)) {
      snprintf(why, n,
               "ScalarCast other than float to half or int32 with a "
               "RoundMode of CAST_RINT..CAST_ODD (CAST_ODD to half only)");
      return false;
    }
    in->imm = mode;
    return true;
  }
  case SIM_MEMREF_ALLOC:
  case SIM_MEMREF_LOAD:
  case SIM_MEMREF_STORE:
  case SIM_MEMREF_CAST:
  case SIM_EMIT_VARIABLE:
  case SIM_EMIT_DEREF:
  case SIM_EMIT_REINTERPRET:
    return sim_memref_check(op, in, why, n);
  case SIM_LMA_NEW:
  case SIM_LMA_ALLOC:
  case SIM_LMA_CUR_ADDR:
    return sim_tensor_meta_check(op, in, why, n);
  case SIM_SHAPE_INFO_NEW:
  case SIM_SHAPE_INFO_GET:
  case SIM_SHAPE_INFO_SET:
  case SIM_SHAPE_INFO_DIM:
  case SIM_SHAPE_SIZE:
    return sim_shape_info_check(op, in, why, n);
  case SIM_DESC_NEW:
  case SIM_DESC_LIST:
  case SIM_DESC_TENSOR:
    return sim_tensor_desc_check(op, in, why, n);
  case SIM_SET_PAD_VALUE:
  case SIM_SET_SYS_WORKSPACE:
  case SIM_GET_SYS_WORKSPACE:
  case SIM_POP_STACK_BUFFER:
  case SIM_CHECK_LOCAL_MEMORY_IA:
    return sim_env_check(op, in, why, n);
  case SIM_SET_ATOMIC:
  case SIM_SET_STORE_ATOMIC: {
    /* imm: the operation (-1: SetAtomicType, the type only); imm2: the
     * dtype (CASC_DT_INVALID: none given) */
    in->imm2 = CASC_DT_INVALID;
    if (in->opc == SIM_SET_STORE_ATOMIC) {
      /* AtomicDtype: NONE F32 F16 S16 S32 S8 BF16 */
      static const unsigned dts[] = {CASC_DT_INVALID, CASC_DT_F32, CASC_DT_F16,
                                     CASC_DT_I16,     CASC_DT_I32, CASC_DT_I8,
                                     CASC_DT_BF16};
      casc_attr *t = casc_op_attr((casc_op *)op, "atomicType");
      int64_t v = t && t->kind == CASC_ATTR_INTEGER ? t->u.i.v : -1;
      if (v < 0 || v > 6) {
        snprintf(why, n, "an atomicType outside AtomicDtype");
        return false;
      }
      in->imm = v ? SIM_ATOMIC_ADD : SIM_ATOMIC_NONE;
      in->imm2 = dts[v];
      return true;
    }
    switch (op->kind) {
    case CASC_OP_SET_ATOMIC_ADD:
      in->imm = SIM_ATOMIC_ADD;
      break;
    case CASC_OP_SET_ATOMIC_MAX:
      in->imm = SIM_ATOMIC_MAX;
      break;
    case CASC_OP_SET_ATOMIC_MIN:
      in->imm = SIM_ATOMIC_MIN;
      break;
    case CASC_OP_SET_ATOMIC_NONE:
      in->imm = SIM_ATOMIC_NONE;
      return true;
    default:
      in->imm = -1;
      break;
    }
    casc_attr *t = casc_op_attr((casc_op *)op, "dtype");
    if (!t || t->kind != CASC_ATTR_TYPE || !t->type) {
      snprintf(why, n, "a missing dtype attribute");
      return false;
    }
    in->imm2 = casc_dtype_of_type(t->type);
    return true;
  }
  default:
    return true;
  }
}

bool sim_sys_two_results(unsigned opc) {
  return opc == SIM_ADDUI_EXT || opc == SIM_MULSI_EXT || opc == SIM_MULUI_EXT ||
         opc == SIM_GET_STORE_ATOMIC;
}
