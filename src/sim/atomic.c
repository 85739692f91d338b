/* The DMA atomic mode: SetAtomicAdd/Max/Min<T>, SetAtomicType<T>,
 * SetAtomicNone and SetStoreAtomicConfig set it per block; while it is on,
 * a UB -> GM DataCopy (or DataCopyPad) combines each element with the one
 * already in GM (sum, max or min) instead of overwriting it. The Ascend C
 * reference lists the types for Atlas A2 (SetAtomicType page): int8,
 * int16, half, bfloat16, int32, float; a copy of another element type than
 * the mode's is an error, since the hardware would read the GM bytes as the
 * mode's type. GM races between blocks whose writes are both atomic are
 * not races (gm_race.c). */
#include <math.h>

#include "sim/sim_internal.h"

static bool atomic_type_ok(unsigned dt) {
  return dt == CASC_DT_I8 || dt == CASC_DT_I16 || dt == CASC_DT_F16 ||
         dt == CASC_DT_BF16 || dt == CASC_DT_I32 || dt == CASC_DT_F32;
}

static const char *mode_api(unsigned op) {
  switch (op) {
  case SIM_ATOMIC_ADD:
    return "SetAtomicAdd";
  case SIM_ATOMIC_MAX:
    return "SetAtomicMax";
  default:
    return "SetAtomicMin";
  }
}

void sim_sys_block_begin(sim_block *b) {
  b->atomic_op = SIM_ATOMIC_NONE;
  b->atomic_dt = CASC_DT_INVALID;
  b->atomic_from = NULL;
  b->epoch = 0;
  b->bf_seg = 0;
}

/* The AtomicDtype value of a dtype (GetStoreAtomicConfig's atomicType). */
static int64_t atomic_dtype_enum(unsigned dt) {
  switch (dt) {
  case CASC_DT_F32:
    return 1;
  case CASC_DT_F16:
    return 2;
  case CASC_DT_I16:
    return 3;
  case CASC_DT_I32:
    return 4;
  case CASC_DT_I8:
    return 5;
  case CASC_DT_BF16:
    return 6;
  default:
    return 0;
  }
}

bool sim_exec_atomic(sim_block *b, const sim_insn *in) {
  if (in->opc == SIM_GET_STORE_ATOMIC) {
    bool on = b->atomic_op != SIM_ATOMIC_NONE;
    b->slots[in->r].i =
        sim_norm(on ? atomic_dtype_enum(b->atomic_dt) : 0, in->dt);
    /* AtomicOp has ATOMIC_SUM (0) only */
    b->slots[in->imm2].i = 0;
    return true;
  }
  unsigned dt = (unsigned)in->imm2;
  if (in->imm == SIM_ATOMIC_NONE) {
    b->atomic_op = SIM_ATOMIC_NONE;
    b->atomic_from = in->op;
    return true;
  }
  if (!atomic_type_ok(dt)) {
    sim_report(b, CASC_CHECK_ATOMIC, CASC_SEV_ERROR, in->op,
               "%s<%s>: the atomic operations of Atlas A2 take int8, int16, "
               "half, bfloat16, int32 and float",
               sim_api_name(in->op), casc_dtype_pyasc_name((casc_dtype)dt));
    return false;
  }
  b->atomic_dt = (uint8_t)dt;
  if (in->imm >= 0) /* SetAtomicType (-1) keeps the operation */
    b->atomic_op = (uint8_t)in->imm;
  b->atomic_from = in->op;
  return true;
}

/* One element: GM value g combined with the copied value u. */
static double combine_f(unsigned op, double g, double u, unsigned dt) {
  switch (op) {
  case SIM_ATOMIC_ADD:
    /* the sum rounded once to the element type (float arithmetic) */
    return sim_fround((float)g + (float)u, dt);
  case SIM_ATOMIC_MAX:
    return isnan(g) || isnan(u) ? NAN : (u > g ? u : g);
  default:
    return isnan(g) || isnan(u) ? NAN : (u < g ? u : g);
  }
}

static int64_t combine_i(unsigned op, int64_t g, int64_t u, unsigned dt) {
  switch (op) {
  case SIM_ATOMIC_ADD: /* two's complement, wrapping at the type's width */
    return sim_norm((int64_t)((uint64_t)g + (uint64_t)u), dt);
  case SIM_ATOMIC_MAX:
    return u > g ? u : g;
  default:
    return u < g ? u : g;
  }
}

int sim_atomic_store(sim_block *b, const sim_insn *in, uint8_t *dp,
                     const uint8_t *sp, int64_t n) {
  unsigned op = b->atomic_op;
  if (op == SIM_ATOMIC_NONE)
    return 0;
  unsigned dt = b->atomic_dt, cdt = in->dt;
  if (dt != cdt) {
    sim_issue *is = sim_report(
        b, CASC_CHECK_ATOMIC, CASC_SEV_ERROR, in->op,
        "%s of %s elements while %s<%s> is on: the atomic operation reads GM "
        "as %s (set the atomic type of the data: %s<%s>)",
        sim_api_name(in->op), casc_dtype_pyasc_name((casc_dtype)cdt),
        mode_api(op), casc_dtype_pyasc_name((casc_dtype)dt),
        casc_dtype_pyasc_name((casc_dtype)dt), mode_api(op),
        casc_dtype_pyasc_name((casc_dtype)cdt));
    if (b->atomic_from)
      sim_note_add(is, b->atomic_from->loc, "the atomic mode was set here");
    return -1;
  }
  int64_t es = casc_dtype_size((casc_dtype)dt);
  bool fl = sim_dt_is_float(dt);
  for (int64_t o = 0; o + es <= n; o += es) {
    if (fl)
      sim_store_f(
          dp + o, dt,
          combine_f(op, sim_load_f(dp + o, dt), sim_load_f(sp + o, dt), dt));
    else
      sim_store_i(
          dp + o, dt,
          combine_i(op, sim_load_i(dp + o, dt), sim_load_i(sp + o, dt), dt));
  }
  return 1;
}
