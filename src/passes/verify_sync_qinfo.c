/* What a queue-like type means on the hardware, for verify-sync: the
 * TPosition of a TQue / TQueBind / TBuf's buffers, the memory they take and
 * the HardEvents its EnQue and FreeTensor hold ids of. The facts are the
 * dialect's hardware module (ascend_hw.h; docs/ascendc-facts.md §1-§3), the
 * same the simulator's queue runtime asks. */
#include <string.h>

#include "passes/verify_sync_internal.h"

/* vs_pipe.bytes is indexed by the local memories of ascend_hw.h that a
 * TPosition can name (UB ... BiasTable). */
_Static_assert(VS_NMEM == CASC_HW_MEM_BIAS + 1, "VS_NMEM");
_Static_assert(VS_NEVENTS >= CASC_HW_EV_COUNT_, "VS_NEVENTS");

bool vs_queue_facts(const casc_type *t, casc_hw_queue *f) {
  if (!t || t->kind != CASC_TYPE_ASC)
    return false;
  const int64_t *p = t->u.asc.p;
  if (t->u.asc.id == CASC_ASC_QUEUE)
    casc_hw_tque(p[0], f);
  else if (t->u.asc.id == CASC_ASC_QUE_BIND)
    casc_hw_tquebind(p[0], p[1], f);
  else if (t->u.asc.id == CASC_ASC_TBUF)
    casc_hw_tquebind(p[0], p[0], f); /* TBuf<pos>: only its pool counts */
  else
    return false;
  return true;
}

void vs_fill_qinfo(vs_qinfo *qi, const casc_type *t) {
  memset(qi, 0, sizeof *qi);
  qi->enq_evt = qi->free_evt = -1;
  qi->mem = -1;
  qi->pos = -1;
  qi->depth = 1;
  casc_hw_queue f;
  if (!vs_queue_facts(t, &f))
    return;
  if (t->u.asc.id == CASC_ASC_QUEUE) {
    qi->pos = (int8_t)t->u.asc.p[0];
    qi->depth = (int32_t)t->u.asc.p[1];
  } else if (t->u.asc.id == CASC_ASC_QUE_BIND) {
    qi->pos = (int8_t)(f.src == CASC_TPOS_GM ? f.dst : f.src);
    qi->depth = (int32_t)t->u.asc.p[2];
  } else {
    qi->tbuf = 1;
    qi->pos = (int8_t)f.src;
    qi->depth = 0;
  }
  qi->mem = f.pool < VS_NMEM ? (int8_t)f.pool : -1;
  if (f.valid && !qi->tbuf) {
    qi->enq_evt = (int8_t)f.enq_event;
    qi->free_evt = (int8_t)f.free_event;
  }
}
