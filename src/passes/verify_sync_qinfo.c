/* What a queue-like type means on the hardware, for verify-sync
 * (ASCENDC_FACTS §1-§3): the TPosition of a TQue / TQueBind / TBuf's
 * buffers, the memory they take and the HardEvents its EnQue and FreeTensor
 * hold ids of. */
#include <string.h>

#include "passes/verify_sync_internal.h"

/* Ascend910B1 memory sizes (ASCENDC_FACTS §3). */
const int64_t vs_mem_size[VS_NMEM] = {196608, 524288, 65536,
                                      65536,  131072, 1024};
const char *const vs_mem_name[VS_NMEM] = {"UB",  "L1",  "L0A",
                                          "L0B", "L0C", "BiasTable"};

/* HardEvent numbers (IR.md §2.2). */
enum {
  EV_MTE2_MTE1 = 0,
  EV_MTE1_MTE2 = 1,
  EV_MTE1_M = 2,
  EV_M_MTE1 = 3,
  EV_MTE2_V = 4,
  EV_V_MTE2 = 5,
  EV_MTE3_V = 6,
  EV_V_MTE3 = 7,
  EV_MTE3_MTE1 = 11,
  EV_MTE1_MTE3 = 12,
  EV_M_FIX = 17,
  EV_FIX_M = 18,
  EV_MTE3_MTE2 = 19,
  EV_MTE2_MTE3 = 20
};
enum {
  P_GM = 0,
  P_A1,
  P_A2,
  P_B1,
  P_B2,
  P_C1,
  P_C2,
  P_CO1,
  P_CO2,
  P_VECIN,
  P_VECOUT,
  P_VECCALC
};

static bool is_l1(int64_t p) {
  return p == P_A1 || p == P_B1 || p == P_C1;
}
static bool is_ub(int64_t p) {
  return p == P_VECIN || p == P_VECOUT || p == P_VECCALC;
}

static int8_t mem_of(int64_t p) {
  if (is_ub(p))
    return 0;
  if (is_l1(p))
    return 1;
  switch (p) {
  case P_A2:
    return 2;
  case P_B2:
    return 3;
  case P_CO1:
    return 4;
  case P_C2:
    return 5;
  default:
    return -1;
  }
}

/* Events of a TQueBind<src, dst> (TQue<pos> is TQueBind<GM, pos> for
 * inputs and TQueBind<pos, GM> for outputs). */
static void queue_events(int64_t src, int64_t dst, int8_t *enq, int8_t *fre) {
  *enq = *fre = -1;
  if ((src == P_GM || src == P_CO2) && dst == P_VECIN) {
    *enq = EV_MTE2_V, *fre = EV_V_MTE2;
  } else if (src == P_VECOUT && dst == P_GM) {
    *enq = EV_V_MTE3, *fre = EV_MTE3_V;
  } else if (src == P_VECIN && dst == P_VECOUT) {
    *enq = EV_MTE2_MTE3, *fre = EV_MTE3_MTE2;
  } else if (src == P_VECOUT && is_l1(dst)) {
    *enq = EV_MTE3_MTE1, *fre = EV_MTE1_MTE3;
  } else if (src == P_GM && is_l1(dst)) {
    *enq = EV_MTE2_MTE1, *fre = EV_MTE1_MTE2;
  } else if (is_l1(src) && (dst == P_A2 || dst == P_B2 || dst == P_C2)) {
    *enq = EV_MTE1_M, *fre = EV_M_MTE1;
  } else if (src == P_CO1 && (dst == P_CO2 || dst == P_GM)) {
    *enq = EV_M_FIX, *fre = EV_FIX_M;
  }
}

void vs_fill_qinfo(vs_qinfo *qi, const casc_type *t) {
  memset(qi, 0, sizeof *qi);
  qi->enq_evt = qi->free_evt = -1;
  qi->mem = -1;
  qi->pos = -1;
  qi->depth = 1;
  if (!t || t->kind != CASC_TYPE_ASC)
    return;
  int64_t src = P_GM, dst = P_GM;
  if (t->u.asc.id == CASC_ASC_QUEUE) {
    int64_t pos = t->u.asc.p[0];
    qi->depth = (int32_t)t->u.asc.p[1];
    qi->pos = (int8_t)pos;
    if (pos == P_VECOUT || pos == P_CO1)
      src = pos, dst = pos == P_CO1 ? P_CO2 : P_GM;
    else if (pos == P_A2 || pos == P_B2 || pos == P_C2)
      src = P_A1, dst = pos;
    else
      dst = pos;
  } else if (t->u.asc.id == CASC_ASC_QUE_BIND) {
    src = t->u.asc.p[0];
    dst = t->u.asc.p[1];
    qi->depth = (int32_t)t->u.asc.p[2];
    qi->pos = (int8_t)(src == P_GM ? dst : src);
  } else if (t->u.asc.id == CASC_ASC_TBUF) {
    qi->tbuf = 1;
    qi->pos = (int8_t)t->u.asc.p[0];
    qi->depth = 0;
    qi->mem = mem_of(qi->pos);
    return;
  } else {
    return;
  }
  qi->mem = mem_of(qi->pos);
  queue_events(src, dst, &qi->enq_evt, &qi->free_evt);
}
