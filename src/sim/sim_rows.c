/* The op table as the simulator sees it: for every ops.def row, the
 * handler that runs it and, for a vector family, its element kernel. Both
 * come from the row's CLASS and SIM columns through the SIMROW_<class>
 * macros below, one per op class: a class added to op_classes.def does not
 * compile here until it says how (or that) the simulator runs it, and a
 * misspelt handler or kernel name in ops.def does not compile either. */
#include <string.h>

#include "sim/sim_internal.h"

/* Non-vector classes: the SIM column names the handler (NONE = none). */
#define SIMROW_HANDLER_(h)                                                     \
  { SIM_##h, SIM_K_NONE, false }
#define SIMROW_STRUCT(h) SIMROW_HANDLER_(h)
#define SIMROW_ARITH(h) SIMROW_HANDLER_(h)
#define SIMROW_EMIT(h) SIMROW_HANDLER_(h)
#define SIMROW_FWK(h) SIMROW_HANDLER_(h)
#define SIMROW_TENSOR(h) SIMROW_HANDLER_(h)
#define SIMROW_COPY(h) SIMROW_HANDLER_(h)
#define SIMROW_SYNC(h) SIMROW_HANDLER_(h)
#define SIMROW_SYS(h) SIMROW_HANDLER_(h)
#define SIMROW_MISC(h) SIMROW_HANDLER_(h)
#define SIMROW_CUBE(h) SIMROW_HANDLER_(h)
#define SIMROW_ADV(h) SIMROW_HANDLER_(h)

/* Vector families with a handler: the SIM column names the kernel. */
#define SIMROW_VBIN_L2(k)                                                      \
  { SIM_VEC_BINARY, SIM_K_##k, true }
#define SIMROW_VSCALAR_L2(k)                                                   \
  { SIM_VEC_SCALAR, SIM_K_##k, true }
#define SIMROW_VUNARY_L2(k)                                                    \
  { SIM_VEC_UNARY, SIM_K_##k, true }
#define SIMROW_VREDUCE_L2(k)                                                   \
  { SIM_VEC_REDUCE, SIM_K_##k, true }
/* Levels 0 and 1 (mask + repeat times + strides; the mask a count or a bit
 * array): one handler per operand shape. */
#define SIMROW_VBIN_L0(k)                                                      \
  { SIM_VEC_BINARY_REP, SIM_K_##k, true }
#define SIMROW_VBIN_L1(k)                                                      \
  { SIM_VEC_BINARY_REP, SIM_K_##k, true }
#define SIMROW_VSCALAR_L0(k)                                                   \
  { SIM_VEC_SCALAR_REP, SIM_K_##k, true }
#define SIMROW_VSCALAR_L1(k)                                                   \
  { SIM_VEC_SCALAR_REP, SIM_K_##k, true }
#define SIMROW_VUNARY_L0(k)                                                    \
  { SIM_VEC_UNARY_REP, SIM_K_##k, true }
#define SIMROW_VUNARY_L1(k)                                                    \
  { SIM_VEC_UNARY_REP, SIM_K_##k, true }
/* Duplicate and Cast are their class: no kernel to name. */
#define SIMROW_VDUP_L2(k)                                                      \
  { SIM_VEC_DUP, SIM_K_##k, false }
#define SIMROW_VDUP_L0(k)                                                      \
  { SIM_VEC_DUP_REP, SIM_K_##k, false }
#define SIMROW_VDUP_L1(k)                                                      \
  { SIM_VEC_DUP_REP, SIM_K_##k, false }
#define SIMROW_VREDUCE_L0(k)                                                   \
  { SIM_VEC_REDUCE_REP, SIM_K_##k, true }
#define SIMROW_VREDUCE_L1(k)                                                   \
  { SIM_VEC_REDUCE_REP, SIM_K_##k, true }
/* Vector ops of an operand shape of their own: like the non-vector
 * classes, the SIM column names the handler (NONE = not run yet). */
#define SIMROW_VOTHER(h) SIMROW_HANDLER_(h)
#define SIMROW_VCAST_L2(k)                                                     \
  { SIM_CAST_L2, SIM_K_##k, false }

/* Vector forms the simulator does not run yet (the C++ operators):
 * reported by name. The kernel is kept so that a
 * handler for the class runs all its ops. */
#define SIMROW_LATER_(k)                                                       \
  { SIM_NONE, SIM_K_##k, false }
#define SIMROW_VBIN_L3(k)                                                      \
  { SIM_VEC_BINARY_L3, SIM_K_##k, true }
#define SIMROW_VCAST_L0(k)                                                     \
  { SIM_CAST_REP, SIM_K_##k, false }
#define SIMROW_VCAST_L1(k)                                                     \
  { SIM_CAST_REP, SIM_K_##k, false }

static const sim_row rows[CASC_OP_COUNT_] = {
#define CASC_OP(id, name, api, pipe, flags, operands, results, attrs, format,  \
                emit, cls, dtypes, sim)                                        \
  [CASC_OP_##id] = SIMROW_##cls(sim),
#include "dialect/ops.def"
#undef CASC_OP
};

bool casc_sim_runs_op(casc_op_kind kind) {
  const sim_row *r = sim_row_of(kind);
  return r->opc != SIM_NONE && (!r->need_kernel || r->kern != SIM_K_NONE);
}

const char *casc_sim_why_not(casc_op_kind kind) {
  static const struct {
    const char *op, *why;
  } reasons[] = {
#define SIM_WHY_NOT(op, why) {op, why},
#include "sim/sim_unsupported.def"
#undef SIM_WHY_NOT
  };
  const casc_op_info *info = casc_op_info_get(kind);
  if (!info || casc_sim_runs_op(kind))
    return NULL;
  for (size_t i = 0; i < sizeof reasons / sizeof reasons[0]; i++)
    if (strcmp(reasons[i].op, info->name) == 0)
      return reasons[i].why;
  return NULL;
}

const sim_row *sim_row_of(casc_op_kind kind) {
  static const sim_row none = {SIM_NONE, SIM_K_NONE, false};
  return (unsigned)kind < CASC_OP_COUNT_ ? &rows[kind] : &none;
}
