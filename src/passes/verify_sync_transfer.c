/* verify-sync's transfer functions: what one region-free op does to one
 * abstract state (docs/verify-sync.md), and the warnings it gives there
 * when the path is one the analysis vouches for (claims()). AllocTensor,
 * FreeTensor, EnQue, DeQue and InitBuffer move buffers between held,
 * queued and free and count events and memory; other ops are uses of their
 * tensor operands. */
#include <stdlib.h>
#include <string.h>

#include "passes/verify_sync_internal.h"

/* ---- queries of one state ------------------------------------------------ */

/* Op oi moved the buffer of sl (EnQue, DeQue, FreeTensor): it is no longer
 * as the caller of a running helper left it. */
static void touch(vs_ctx *c, vs_slot *sl, uint32_t oi) {
  sl->last = oi;
  sl->lsite = c->site;
  sl->flags &= (uint8_t)~VS_SF_PRIOR;
}

/* Whether a finding about sl (and the state its caller left) is the
 * caller's misuse of a helper; see vs_ctx.blame_caller. */
static bool callers_slot(const vs_ctx *c, const vs_slot *sl) {
  return c->site && (sl->flags & VS_SF_PRIOR);
}

/* A queue of the kernel (not one a helper constructs). */
static bool callers_queue(const vs_ctx *c, int32_t q) {
  return c->site && q >= 0 && c->qi[q].decl < c->nv_func;
}

/* Some buffer of queue q, held (or queued) since before the running call. */
static bool callers_buffers(const vs_ctx *c, const vs_state *s, int32_t q,
                            bool queued) {
  if (!c->site)
    return false;
  for (uint32_t i = 0; i < s->ns; i++) {
    const vs_slot *sl = &s->slots[i];
    bool mine = queued ? sl->status == VS_ENQ && sl->fifo_q == (uint32_t)q
                       : sl->owner == (uint32_t)q && sl->status != VS_FREED;
    if (mine && callers_slot(c, sl))
      return true;
  }
  return false;
}

static int32_t queue_of(vs_ctx *c, const casc_value *v) {
  uint32_t id = vid_of(c, v);
  return id < c->nv ? c->vq[id] : -1;
}

static uint32_t fifo_count(const vs_state *s, int32_t q) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < s->ns; i++)
    if (s->slots[i].status == VS_ENQ && s->slots[i].fifo_q == (uint32_t)q)
      n++;
  return n;
}

static int32_t fifo_head(const vs_state *s, int32_t q) {
  int32_t best = -1;
  for (uint32_t i = 0; i < s->ns; i++) {
    const vs_slot *sl = &s->slots[i];
    if (sl->status == VS_ENQ && sl->fifo_q == (uint32_t)q &&
        (best < 0 || sl->seq < s->slots[best].seq))
      best = (int32_t)i;
  }
  return best;
}

/* Event ids of HardEvent e held right now (a lower bound: queues whose
 * state is not known exactly count for nothing). EnQue holds one id per
 * queued tensor; a freed buffer holds one until an AllocTensor picks it
 * again, and AllocTensor picks the first `num` buffers in turn, so a queue
 * holds min(num, allocs) - held of them (docs/ascendc-facts.md §1). */
static uint32_t event_ids(vs_ctx *c, const vs_state *s, int e) {
  uint32_t n = s->uevt[e];
  for (uint32_t q = 0; q < c->nq; q++) {
    const vs_qinfo *qi = &c->qi[q];
    const vs_queue *qs = &s->q[q];
    if (qi->tbuf || !(qs->flags & VS_QF_INIT) || (qs->flags & VS_QF_IMPRECISE))
      continue;
    if (qi->depth == 0) {
      /* In-place queues take an EnQue and a free id per buffer for good. */
      if (qs->num > 0 && (qi->enq_evt == e || qi->free_evt == e))
        n += (uint32_t)qs->num;
      continue;
    }
    if (qi->enq_evt == e)
      n += fifo_count(s, (int32_t)q);
    if (qi->free_evt == e && qs->num > 0) {
      uint32_t used = qs->allocs < qs->num ? qs->allocs : (uint32_t)qs->num;
      if (used > qs->held)
        n += used - qs->held;
    }
  }
  return n;
}

static const char *event_name(int e) {
  const char *s = casc_hw_event_name(e);
  return s ? s : "?";
}

static const char *pos_name(int p) {
  const char *s = p >= 0 ? casc_enum_cxx(CASC_ENUM_TPOSITION, p) : NULL;
  return s ? s : "?";
}

/* True when the call would need a ninth event id: the path ends there
 * (AllocEventID asserts; the NPU's synchronisation is broken from then
 * on, so nothing after it could be trusted). */
static bool check_events(vs_ctx *c, vs_state *s, casc_op *op, int32_t q, int e,
                         const char *api) {
  if (e < 0 || !claims(c, s))
    return false;
  uint32_t held = event_ids(c, s, e);
  if (held < VS_EVENT_IDS)
    return false;
  c->blame_caller = callers_queue(c, q);
  vs_diag *d = vs_diag_new(
      c, oid_of(c, op), K_EVENT_LIMIT,
      "%s: all %u event ids of HardEvent %s are already held (by tensors of "
      "every queue with that event, this %s one included, and by "
      "AllocEventID); the NPU allows %d, "
      "so this call hangs or breaks synchronisation",
      api, held, event_name(e), q >= 0 ? pos_name(c->qi[q].pos) : "?",
      VS_EVENT_IDS);
  if (q >= 0)
    vs_diag_note(d, vid_loc(c, c->qi[q].decl), "queue declared here");
  return true;
}

/* ---- uses, havoc --------------------------------------------------------- */

/* The tensor value an EnQue put into the FIFO (for pyasc's note). */
static casc_loc *enqueued_loc(vs_ctx *c, const vs_slot *sl) {
  casc_op *op = sl->last < c->nops ? c->ops[sl->last] : NULL;
  if (op &&
      (op->kind == CASC_OP_QUE_BIND_ENQUE_TENSOR ||
       op->kind == CASC_OP_QUE_BIND_ENQUE_TENSOR_POS) &&
      op->nops >= 2)
    return value_loc(c, op->operands[1].value);
  if (sl->flags & VS_SF_EXT)
    return vid_loc(c, sl->decl);
  return sl->alloc < c->nops ? c->ops[sl->alloc]->loc
                             : casc_loc_unknown(c->ctx);
}

static void note_alloc(vs_ctx *c, vs_diag *d, const vs_slot *sl) {
  if (sl->flags & VS_SF_EXT)
    vs_diag_note(d, vid_loc(c, sl->decl), "tensor declared here");
  else if (sl->alloc < c->nops)
    vs_diag_note(d, c->ops[sl->alloc]->loc, "allocated here");
}

/* Ops that only look at or adjust the tensor handle, not its memory. */
static bool handle_only(casc_op_kind k) {
  switch (k) {
  case CASC_OP_LOCAL_TENSOR_SUBINDEX:
  case CASC_OP_LOCAL_TENSOR_BRACKET:
  case CASC_OP_REINTERPRET_CAST:
  case CASC_OP_LOCAL_TENSOR_GET_SIZE:
  case CASC_OP_LOCAL_TENSOR_GET_LENGTH:
  case CASC_OP_LOCAL_TENSOR_GET_PHY_ADDR:
  case CASC_OP_LOCAL_TENSOR_GET_POSITION:
  case CASC_OP_LOCAL_TENSOR_GET_USER_TAG:
  case CASC_OP_LOCAL_TENSOR_GET_SHAPE_INFO:
  case CASC_OP_LOCAL_TENSOR_SET_BUFFER_LEN:
  case CASC_OP_LOCAL_TENSOR_SET_SHAPE_INFO:
  case CASC_OP_LOCAL_TENSOR_SET_SIZE:
  case CASC_OP_LOCAL_TENSOR_SET_USER_TAG:
    return true;
  default:
    return false;
  }
}

static const char *api_of(const casc_op *op) {
  const casc_op_info *info = casc_op_info_of(op);
  return info && info->api && info->api[0] ? info->api : casc_op_name(op);
}

/* A use of tensor value v by op: between EnQue and DeQue, or after free. */
static void check_use(vs_ctx *c, vs_state *s, casc_op *op, casc_value *v) {
  int32_t b = vs_bind_of(c, s, v);
  if (b < 0)
    return;
  vs_slot *sl = &s->slots[b];
  if (sl->flags & (VS_SF_POISON | VS_SF_UNK))
    return;
  if (sl->status == VS_ENQ) {
    if (!claims(c, s))
      return;
    c->blame_caller = callers_slot(c, sl);
    vs_diag *d =
        vs_diag_new(c, oid_of(c, op), K_USE_BETWEEN,
                    "unexpected use of tensor between EnQue and DeQue");
    vs_diag_note(d, enqueued_loc(c, sl), "tensor declared here");
    sl->flags |= VS_SF_POISON;
  } else if (sl->status == VS_FREED && !handle_only(op->kind)) {
    if (!claims(c, s))
      return;
    c->blame_caller = callers_slot(c, sl);
    vs_diag *d = vs_diag_new(c, oid_of(c, op), K_USE_AFTER_FREE,
                             "%s: use of tensor memory after its FreeTensor",
                             api_of(op));
    note_alloc(c, d, sl);
    if (sl->last < c->nops)
      vs_diag_note(d, c->ops[sl->last]->loc, "freed here");
    sl->flags |= VS_SF_POISON;
  }
}

/* Everything s knows about queue q or slot b becomes unknown (a call, an
 * op with regions casc does not model). */
static void havoc_queue(vs_state *s, int32_t q) {
  if (q < 0)
    return;
  s->q[q].flags |= VS_QF_IMPRECISE;
  for (uint32_t i = 0; i < s->ns; i++)
    if (s->slots[i].owner == (uint32_t)q || s->slots[i].fifo_q == (uint32_t)q)
      s->slots[i].flags |= VS_SF_POISON | VS_SF_NOLEAK;
}

static void havoc_slot(vs_state *s, int32_t b) {
  if (b < 0 || (uint32_t)b >= s->ns)
    return;
  vs_slot *sl = &s->slots[b];
  sl->flags |= VS_SF_POISON | VS_SF_NOLEAK | VS_SF_UNK;
  if (sl->owner != VS_NOQ)
    s->q[sl->owner].flags |= VS_QF_IMPRECISE;
  if (sl->fifo_q != VS_NOQ)
    s->q[sl->fifo_q].flags |= VS_QF_IMPRECISE;
}

void vs_havoc_all(vs_ctx *c, vs_state *s) {
  memset(s->funk, 1, sizeof s->funk);
  for (uint32_t q = 0; q < c->nq; q++)
    s->q[q].flags |= VS_QF_IMPRECISE;
  for (uint32_t i = 0; i < s->ns; i++)
    s->slots[i].flags |= VS_SF_POISON | VS_SF_NOLEAK | VS_SF_UNK;
  memset(s->uevt, 0, sizeof s->uevt);
}

/* The tensor value bound to an outside slot (created on first need). */
static int32_t ext_slot(vs_ctx *c, vs_state *s, casc_value *v) {
  int32_t b = vs_slot_new(s);
  if (b < 0) {
    c->oom = true;
    return -1;
  }
  s->slots[b].flags = VS_SF_EXT;
  s->slots[b].status = VS_HELD;
  s->slots[b].decl = vid_of(c, v);
  vs_set_bind(c, s, v, b);
  return b;
}

/* ---- the queue API ------------------------------------------------------- */

/* The queue API sets flags of event e itself (EnQue, FreeTensor) with ids
 * from AllocEventID, which an explicit WaitFlag<e> of the same id would
 * consume: the path no longer knows which flags of e are set. */
static void flag_unknown(vs_state *s, int e) {
  if (e >= 0 && e < VS_NEVENTS)
    s->funk[e] = 1;
}

/* A new buffer of queue q (AllocTensor). false: the path ends (hang). */
static bool do_alloc(vs_ctx *c, vs_state *s, casc_op *op, int32_t q,
                     casc_value *result) {
  const vs_qinfo *qi = &c->qi[q];
  vs_queue *qs = &s->q[q];
  if (qi->tbuf) {
    vs_set_bind(c, s, result, VS_B_TBUF_ALLOC);
    return true;
  }
  uint32_t oi = oid_of(c, op);
  bool local = c->vals[qi->decl]->def != NULL;
  if (precise(s, q) && local && !(qs->flags & VS_QF_INIT)) {
    if (claims(c, s)) {
      c->blame_caller = callers_queue(c, q);
      vs_diag *d =
          vs_diag_new(c, oi, K_ALLOC_NO_INIT,
                      "AllocTensor: InitBuffer was not called for this "
                      "queue, so it has no buffers; on the NPU this "
                      "call never returns");
      vs_diag_note(d, vid_loc(c, qi->decl), "queue declared here");
    }
    return false;
  }
  if (precise(s, q) && qs->num >= 0 && qs->held >= qs->num) {
    if (claims(c, s)) {
      bool callers = callers_buffers(c, s, q, false);
      c->blame_caller = callers;
      vs_diag *d = vs_diag_new(c, oi, K_ALLOC_HANG,
                               "AllocTensor: all %d buffers of this queue are "
                               "held; on the NPU this call never returns",
                               qs->num);
      vs_diag_note(d, vid_loc(c, qi->decl), "queue declared here");
      /* Where the held buffers came from (distinct sites). */
      uint32_t seen[VS_MAX_NOTES];
      unsigned ns = 0;
      for (uint32_t i = 0; i < s->ns && d && d->nnotes < VS_MAX_NOTES; i++) {
        const vs_slot *sl = &s->slots[i];
        if (sl->owner != (uint32_t)q || sl->status == VS_FREED ||
            (sl->flags & VS_SF_EXT))
          continue;
        bool dup = false;
        for (unsigned k = 0; k < ns; k++)
          dup |= seen[k] == sl->alloc;
        if (dup || ns == VS_MAX_NOTES)
          continue;
        seen[ns++] = sl->alloc;
        vs_diag_note(d, c->ops[sl->alloc]->loc, "allocated here");
        /* Held by the caller: where it last went (a DeQue not followed by
         * a FreeTensor, in another helper or the kernel). */
        if (callers && callers_slot(c, sl) && sl->last != sl->alloc &&
            sl->last < c->nops)
          vs_diag_note(d, c->ops[sl->last]->loc,
                       "still held after this operation");
      }
    }
    return false;
  }
  if (qs->held >= VS_MAX_HELD) {
    /* More than a TPipe can ever hold: num is unknown here, stop counting. */
    havoc_queue(s, q);
  }
  int32_t b = vs_slot_new(s);
  if (b < 0) {
    c->oom = true;
    return true;
  }
  vs_slot *sl = &s->slots[b];
  sl->owner = (uint16_t)q;
  sl->status = VS_HELD;
  sl->alloc = oi;
  sl->last = oi;
  sl->asite = sl->lsite = c->site;
  if (qs->held < 0xffff)
    qs->held++;
  if (qs->num > 0 && qs->allocs < qs->num)
    qs->allocs++;
  vs_set_bind(c, s, result, b);
  return true;
}

static bool do_free(vs_ctx *c, vs_state *s, casc_op *op, int32_t q,
                    casc_value *tv) {
  uint32_t oi = oid_of(c, op);
  int32_t b = vs_bind_of(c, s, tv);
  if (q < 0) {
    havoc_slot(s, b);
    return true;
  }
  const vs_qinfo *qi = &c->qi[q];
  if (b == VS_B_UNKNOWN)
    return true;
  if (b == VS_B_TBUF_ALLOC && qi->tbuf)
    return true; /* TBuf::FreeTensor is a no-op on a TBuf tensor */
  bool ext = b == VS_B_EXT || b == VS_B_TBUF_GET || b == VS_B_TBUF_ALLOC ||
             (b >= 0 && (s->slots[b].flags & VS_SF_EXT));
  if (ext) {
    /* pyasc's "no AllocTensor": the tensor does not come from one. */
    if (b >= 0 && (s->slots[b].flags & (VS_SF_POISON | VS_SF_UNK)))
      return true;
    if (claims(c, s)) {
      c->blame_caller = b >= 0 && callers_slot(c, &s->slots[b]);
      vs_diag *d = vs_diag_new(
          c, oi, K_FREE_NO_ALLOC,
          "FreeTensor: there is no corresponding call to AllocTensor");
      vs_diag_note(d, value_loc(c, tv), "tensor declared here");
    }
    if (b >= 0)
      s->slots[b].flags |= VS_SF_POISON;
    return true;
  }
  if (b < 0)
    return true;
  vs_slot *sl = &s->slots[b];
  if (sl->flags & VS_SF_UNK)
    return true;
  if (sl->owner != (uint32_t)q) {
    if (!(sl->flags & VS_SF_POISON) && claims(c, s) && precise(s, q)) {
      c->blame_caller = callers_slot(c, sl);
      vs_diag *d = vs_diag_new(c, oi, K_FREE_WRONG_QUEUE,
                               "FreeTensor: this queue did not allocate the "
                               "tensor; free it through the queue of its "
                               "AllocTensor");
      vs_diag_note(d, c->ops[sl->alloc]->loc, "allocated here");
      vs_diag_note(d, vid_loc(c, qi->decl), "queue declared here");
    }
    sl->flags |= VS_SF_POISON;
    return true;
  }
  if (sl->status == VS_FREED) {
    if (!(sl->flags & VS_SF_POISON) && claims(c, s)) {
      c->blame_caller = callers_slot(c, sl);
      vs_diag *d = vs_diag_new(
          c, oi, K_DOUBLE_FREE,
          "FreeTensor: tensor memory was freed before its last use");
      vs_diag_note(d, value_loc(c, tv), "tensor declared here");
    }
    sl->flags |= VS_SF_POISON;
    return true;
  }
  vs_queue *qs = &s->q[q];
  if (sl->status == VS_ENQ) {
    /* pyasc: a use between EnQue and DeQue. The tensor stays in the FIFO
     * (its DeQue still pairs with this EnQue) but its buffer is free. */
    check_use(c, s, op, tv);
    sl->flags |= VS_SF_GONE | VS_SF_POISON;
    if (qs->held > 0)
      qs->held--;
    return true;
  }
  if (check_events(c, s, op, q, qi->free_evt, "FreeTensor"))
    return false;
  flag_unknown(s, qi->free_evt);
  if (qs->held > 0)
    qs->held--;
  sl->status = VS_FREED;
  touch(c, sl, oi);
  return true;
}

static bool do_enque(vs_ctx *c, vs_state *s, casc_op *op, int32_t q,
                     casc_value *tv) {
  uint32_t oi = oid_of(c, op);
  int32_t b = vs_bind_of(c, s, tv);
  if (q < 0) {
    havoc_slot(s, b);
    return true;
  }
  const vs_qinfo *qi = &c->qi[q];
  if (qi->tbuf)
    return true;
  if (b >= 0 && s->slots[b].status == VS_ENQ) {
    check_use(c, s, op, tv); /* enqueued twice */
    return true;
  }
  if (b >= 0 && s->slots[b].status == VS_FREED) {
    check_use(c, s, op, tv);
    s->slots[b].flags |= VS_SF_GONE | VS_SF_POISON;
  }
  vs_queue *qs = &s->q[q];
  if (claims(c, s) && precise(s, q) && qi->depth >= 1) {
    uint32_t n = fifo_count(s, q);
    if (n >= (uint32_t)qi->depth) {
      c->blame_caller = callers_buffers(c, s, q, true);
      vs_diag *d =
          vs_diag_new(c, oi, K_ENQUE_FULL,
                      "EnQue: %u tensor%s already wait in this queue of "
                      "depth %d; EnQue on a full queue fails",
                      n, n == 1 ? "" : "s", qi->depth);
      vs_diag_note(d, vid_loc(c, qi->decl), "queue declared here");
    }
  }
  if (check_events(c, s, op, q, qi->enq_evt, "EnQue"))
    return false;
  flag_unknown(s, qi->enq_evt);
  if (b == VS_B_EXT) {
    b = ext_slot(c, s, tv);
  } else if (b < 0) {
    /* A tensor the analysis cannot follow still takes a FIFO place. */
    b = vs_slot_new(s);
    if (b >= 0) {
      s->slots[b].flags = VS_SF_UNK | VS_SF_NOLEAK;
      s->slots[b].status = VS_HELD;
    }
  }
  if (b < 0) {
    c->oom = true;
    return true;
  }
  if (qs->next_seq >= 0xfff0 && !vs_state_canon(s, c->nq, c->np))
    c->oom = true;
  vs_slot *sl = &s->slots[b];
  sl->status = VS_ENQ;
  sl->fifo_q = (uint16_t)q;
  sl->seq = qs->next_seq++;
  touch(c, sl, oi);
  return true;
}

static void do_deque(vs_ctx *c, vs_state *s, casc_op *op, int32_t q,
                     casc_value *result) {
  uint32_t oi = oid_of(c, op);
  if (q < 0)
    return;
  const vs_qinfo *qi = &c->qi[q];
  if (qi->tbuf) {
    vs_set_bind(c, s, result, VS_B_TBUF_ALLOC);
    return;
  }
  if (!precise(s, q))
    return;
  int32_t b = fifo_head(s, q);
  if (b < 0) {
    if (claims(c, s)) {
      c->blame_caller = callers_queue(c, q);
      vs_diag *d =
          vs_diag_new(c, oi, K_DEQUE_EMPTY,
                      "DeQue: there is no corresponding call to EnQue");
      vs_diag_note(d, value_loc(c, op->operands[0].value),
                   "queue declared here");
    }
    return;
  }
  vs_slot *sl = &s->slots[b];
  sl->status = (sl->flags & VS_SF_GONE) ? VS_FREED : VS_HELD;
  sl->fifo_q = VS_NOQ;
  sl->seq = 0;
  touch(c, sl, oi);
  if (!(sl->flags & VS_SF_UNK))
    vs_set_bind(c, s, result, b);
}

/* DeQue(LocalTensor&) of a depth-0 queue: waits for t's own EnQue. */
static void do_deque_in_place(vs_ctx *c, vs_state *s, casc_op *op, int32_t q,
                              casc_value *tv) {
  int32_t b = vs_bind_of(c, s, tv);
  if (q < 0 || b < 0)
    return;
  vs_slot *sl = &s->slots[b];
  if (sl->flags & (VS_SF_UNK | VS_SF_POISON))
    return;
  if (sl->status == VS_ENQ && sl->fifo_q == (uint32_t)q) {
    sl->status = VS_HELD;
    sl->fifo_q = VS_NOQ;
    touch(c, sl, oid_of(c, op));
    return;
  }
  if (sl->status == VS_FREED) {
    check_use(c, s, op, tv);
    return;
  }
  if (claims(c, s) && precise(s, q)) {
    c->blame_caller = callers_queue(c, q);
    vs_diag *d = vs_diag_new(c, oid_of(c, op), K_DEQUE_EMPTY,
                             "DeQue: there is no corresponding call to EnQue");
    vs_diag_note(d, value_loc(c, op->operands[0].value), "queue declared here");
  }
}

/* ---- InitBuffer, queries, terminators ------------------------------------ */

/* InitBuffer(queue, num, len) / InitBuffer(tbuf, len). */
static void do_init(vs_ctx *c, vs_state *s, casc_op *op, bool tbuf) {
  uint32_t oi = oid_of(c, op);
  if (op->nops < (tbuf ? 3u : 4u))
    return;
  int32_t q = queue_of(c, op->operands[1].value);
  uint32_t pv = vid_of(c, op->operands[0].value);
  int32_t p = pv < c->nv ? c->vp[pv] : -1;
  uint32_t nvid = vid_of(c, op->operands[2].value);
  uint32_t lvid = vid_of(c, op->operands[tbuf ? 2 : 3].value);
  bool num_known = tbuf || (nvid < c->nv && c->sknown[nvid]);
  bool len_known = lvid < c->nv && c->sknown[lvid];
  int64_t num = tbuf ? 1 : (num_known ? c->sval[nvid] : -1);
  int64_t len = len_known ? c->sval[lvid] : -1;
  if (q >= 0) {
    vs_queue *qs = &s->q[q];
    qs->flags |= VS_QF_INIT;
    if (c->qi[q].depth == 0) /* in place: every buffer's free flag is set */
      flag_unknown(s, c->qi[q].free_evt);
    qs->num = num_known && num >= 1 && num <= VS_MAX_BUFS ? (int32_t)num : -1;
    qs->allocs = 0;
  }
  if (!claims(c, s) && p < 0)
    return;
  if (num_known && !tbuf && (num < 1 || num > VS_MAX_BUFS)) {
    if (claims(c, s))
      vs_diag_new(c, oi, K_INIT_NUM,
                  "InitBuffer: num is %lld; it must be in 1..%d",
                  (long long)num, VS_MAX_BUFS);
    return;
  }
  if (len_known && len <= 0) {
    if (claims(c, s))
      vs_diag_new(c, oi, K_INIT_LEN,
                  "InitBuffer: buffer length is %lld bytes; it must be greater "
                  "than 0",
                  (long long)len);
    return;
  }
  casc_hw_queue f;
  if (q >= 0 && !tbuf && vs_queue_facts(c->vals[c->qi[q].decl]->type, &f) &&
      !f.valid) {
    if (claims(c, s)) {
      vs_diag *d = vs_diag_new(c, oi, K_INIT_TYPE,
                               "InitBuffer: this queue type is not valid on "
                               "arch 2201: %s",
                               f.why);
      vs_diag_note(d, vid_loc(c, c->qi[q].decl), "queue declared here");
    }
    return;
  }
  if (p < 0)
    return;
  vs_pipe *ps = &s->p[p];
  if (num_known && ps->bufs < 1000000)
    ps->bufs += (int32_t)num;
  if (num_known && ps->bufs > VS_MAX_BUFS && claims(c, s)) {
    vs_diag *d =
        vs_diag_new(c, oi, K_INIT_COUNT,
                    "InitBuffer: this TPipe now manages %d buffers; at "
                    "most %d are allowed",
                    ps->bufs, VS_MAX_BUFS);
    vs_diag_note(d, vid_loc(c, c->pdecl[p]), "pipe declared here");
  }
  int m = q >= 0 ? c->qi[q].mem : -1;
  if (m < 0 || !num_known || !len_known)
    return;
  int64_t bytes = num * casc_hw_buffer_len(len);
  int64_t size = casc_hw_mem_default_size((casc_hw_mem)m);
  if (ps->bytes[m] < (int64_t)1 << 50)
    ps->bytes[m] += bytes;
  if (ps->bytes[m] > size && claims(c, s)) {
    vs_diag *d = vs_diag_new(c, oi, K_INIT_MEM,
                             "InitBuffer: the buffers of this TPipe now take "
                             "%lld bytes of %s, more than its %lld bytes on "
                             "Ascend910B1",
                             (long long)ps->bytes[m],
                             casc_hw_mem_name((casc_hw_mem)m), (long long)size);
    vs_diag_note(d, vid_loc(c, c->pdecl[p]), "pipe declared here");
  }
}

/* HasIdleBuffer / HasTensorInQue / VacantInQue: when the queue's state is
 * known on this path, the result is known too; it is recorded as a
 * decision on the result value, so a branch on it takes the right arm. */
static void assume_query(vs_ctx *c, vs_state *s, casc_op *op, int32_t q) {
  uint32_t v = vid_of(c, &casc_op_results(op)[0]);
  if (q < 0 || v >= c->nv || c->crep[v] != v || !precise(s, q) ||
      c->qi[q].tbuf || !(s->q[q].flags & VS_QF_INIT) || c->qi[q].depth < 1)
    return;
  const vs_queue *qs = &s->q[q];
  int truth;
  if (op->kind == CASC_OP_QUE_BIND_HAS_IDLE_BUFFER) {
    if (qs->num < 0)
      return;
    truth = qs->held < qs->num;
  } else if (op->kind == CASC_OP_QUE_BIND_HAS_TENSOR_IN_QUE) {
    truth = fifo_count(s, q) > 0;
  } else {
    truth = fifo_count(s, q) < (uint32_t)c->qi[q].depth;
  }
  if (!vs_assume_set(s, v, (uint32_t)truth))
    c->oom = true;
  c->assumed[v] = 1;
}

/* Hands the bindings of a terminator's operands (from `first` on) to the
 * parent op: scf.yield, scf.condition, a callee's func.return. */
static void hand_back(vs_ctx *c, vs_state *s, casc_op *op, unsigned first) {
  unsigned n = op->nops > first ? op->nops - first : 0;
  int32_t tmp[64] = {0};
  int32_t *bs = n <= 64 ? tmp : casc_malloc(n * sizeof *bs);
  if (!bs) {
    c->oom = true;
    return;
  }
  for (unsigned i = 0; i < n; i++)
    bs[i] = vs_bind_of(c, s, op->operands[first + i].value);
  if (!vs_carry_set(s, n, bs))
    c->oom = true;
  if (bs != tmp)
    casc_free(bs);
}

/* ---- one op -------------------------------------------------------------- */

/* AllocTensor() / AllocTensor(LocalTensor&). */
static bool alloc_op(vs_ctx *c, vs_state *s, casc_op *op, casc_value *q0) {
  int32_t q = queue_of(c, q0);
  if (op->kind == CASC_OP_QUE_BIND_ALLOC_TENSOR)
    return q < 0 || op->nres != 1 ||
           do_alloc(c, s, op, q, &casc_op_results(op)[0]);
  /* In place: the argument becomes a handle of a new buffer. */
  return q < 0 || op->nops != 2 || do_alloc(c, s, op, q, op->operands[1].value);
}

/* (Re)construction of a queue: a fresh object with no buffers. */
static void construct_queue(vs_ctx *c, vs_state *s, casc_op *op) {
  int32_t q = op->nres == 1 ? queue_of(c, &casc_op_results(op)[0]) : -1;
  if (q >= 0) {
    memset(&s->q[q], 0, sizeof s->q[q]);
    s->q[q].num = -1;
  }
}

/* Construction or Reset of TPipe value v: it manages no buffers. */
static void reset_pipe(vs_ctx *c, vs_state *s, const casc_value *v) {
  uint32_t id = v ? vid_of(c, v) : NO_DEATH;
  if (id < c->nv && c->vp[id] >= 0)
    memset(&s->p[c->vp[id]], 0, sizeof(vs_pipe));
}

/* AllocEventID; false when it would take a ninth id (the path ends). */
static bool alloc_event_id(vs_ctx *c, vs_state *s, casc_op *op) {
  int64_t e = casc_op_attr_int(op, "event", -1);
  if (!casc_hw_event_name(e)) /* HardEvent::MAX is no event */
    return true;
  if (claims(c, s) && event_ids(c, s, (int)e) >= VS_EVENT_IDS) {
    vs_diag_new(c, oid_of(c, op), K_EVENT_LIMIT,
                "AllocEventID: all %d event ids of HardEvent %s are already "
                "held; the NPU allows %d",
                VS_EVENT_IDS, event_name((int)e), VS_EVENT_IDS);
    return false;
  }
  if (s->uevt[e] < 255)
    s->uevt[e]++;
  return true;
}

static void release_event_id(vs_state *s, casc_op *op) {
  int64_t e = casc_op_attr_int(op, "event", -1);
  if (casc_hw_event_name(e) && s->uevt[e] > 0)
    s->uevt[e]--;
}

/* subindex / bracket / reinterpret_cast: a view of the same buffer. */
static void view_op(vs_ctx *c, vs_state *s, casc_op *op, casc_value *q0) {
  if (op->nops >= 1 && op->nres == 1) {
    check_use(c, s, op, q0);
    vs_set_bind(c, s, &casc_op_results(op)[0], vs_bind_of(c, s, q0));
  }
}

/* A call the analysis does not follow: the queues and tensors it gets are
 * forgotten. */
static void opaque_call(vs_ctx *c, vs_state *s, casc_op *op) {
  memset(s->funk, 1, sizeof s->funk); /* it may set any flag */
  for (unsigned i = 0; i < op->nops; i++) {
    casc_value *v = op->operands[i].value;
    if (casc_type_is_local_tensor(v->type))
      havoc_slot(s, vs_bind_of(c, s, v));
    else if (queue_type(v))
      havoc_queue(s, queue_of(c, v));
  }
}

/* func.return: a callee's results go to its call; the verified function's
 * returned tensors escape (no leak report). */
static void return_op(vs_ctx *c, vs_state *s, casc_op *op) {
  if (c->call_depth > 0) {
    hand_back(c, s, op, 0);
    return;
  }
  for (unsigned i = 0; i < op->nops; i++) {
    int32_t b = vs_bind_of(c, s, op->operands[i].value);
    if (b >= 0)
      s->slots[b].flags |= VS_SF_NOLEAK;
  }
}

/* Any other op: every local-tensor operand is a use. */
static void use_operands(vs_ctx *c, vs_state *s, casc_op *op) {
  for (unsigned i = 0; i < op->nops; i++) {
    casc_value *v = op->operands[i].value;
    if (casc_type_is_local_tensor(v->type))
      check_use(c, s, op, v);
  }
}

/* Applies a region-free op to one state. Returns false if the path ends. */
static bool transfer(vs_ctx *c, vs_state *s, casc_op *op) {
  casc_value *q0 = op->nops ? op->operands[0].value : NULL;
  switch (op->kind) {
  /* The queue API. */
  case CASC_OP_QUE_BIND_ALLOC_TENSOR:
  case CASC_OP_QUE_BIND_ALLOC_TENSOR_IN_PLACE:
    return alloc_op(c, s, op, q0);
  case CASC_OP_QUE_BIND_FREE_TENSOR:
    return op->nops != 2 ||
           do_free(c, s, op, queue_of(c, q0), op->operands[1].value);
  case CASC_OP_QUE_BIND_ENQUE_TENSOR:
  case CASC_OP_QUE_BIND_ENQUE_TENSOR_POS:
    return op->nops < 2 ||
           do_enque(c, s, op, queue_of(c, q0), op->operands[1].value);
  case CASC_OP_QUE_BIND_DEQUE_TENSOR:
  case CASC_OP_QUE_BIND_DEQUE_TENSOR_POS:
    if (op->nres == 1 && op->nops >= 1)
      do_deque(c, s, op, queue_of(c, q0), &casc_op_results(op)[0]);
    return true;
  case CASC_OP_QUE_BIND_DEQUE_TENSOR_IN_PLACE:
    if (op->nops == 2)
      do_deque_in_place(c, s, op, queue_of(c, q0), op->operands[1].value);
    return true;
  case CASC_OP_QUE_BIND_HAS_IDLE_BUFFER:
  case CASC_OP_QUE_BIND_HAS_TENSOR_IN_QUE:
  case CASC_OP_QUE_BIND_VACANT_IN_QUE:
    /* The answer on this path, for a later scf.if on it. */
    if (op->nres == 1)
      assume_query(c, s, op, queue_of(c, q0));
    return true;
  case CASC_OP_QUE_BIND_FREE_ALL_EVENT: {
    int32_t q = queue_of(c, q0);
    if (q >= 0)
      s->q[q].allocs = s->q[q].held;
    return true;
  }
  /* Construction, the TPipe API, event ids. */
  case CASC_OP_QUEUE:
  case CASC_OP_QUE_BIND:
  case CASC_OP_TBUF:
    construct_queue(c, s, op);
    return true;
  case CASC_OP_PIPE:
    reset_pipe(c, s, op->nres == 1 ? &casc_op_results(op)[0] : NULL);
    return true;
  case CASC_OP_PIPE_RESET:
    reset_pipe(c, s, q0);
    return true;
  case CASC_OP_PIPE_INIT_QUEUE:
    do_init(c, s, op, false);
    return true;
  case CASC_OP_PIPE_INIT_BUFFER:
    do_init(c, s, op, true);
    return true;
  case CASC_OP_PIPE_ALLOC_EVENT_ID:
    return alloc_event_id(c, s, op);
  case CASC_OP_PIPE_RELEASE_EVENT_ID:
    release_event_id(s, op);
    return true;
  case CASC_OP_SET_FLAG:
  case CASC_OP_WAIT_FLAG:
    return vs_flag_op(c, s, op);
  /* Where tensor handles come from and go. */
  case CASC_OP_TBUF_GET_TENSOR:
  case CASC_OP_TBUF_GET_WITH_OFFSET:
    if (op->nres == 1)
      vs_set_bind(c, s, &casc_op_results(op)[0], VS_B_TBUF_GET);
    return true;
  case CASC_OP_LOCAL_TENSOR:
  case CASC_OP_LOCAL_TENSOR_V2:
  case CASC_OP_LOCAL_TENSOR_AUTO:
    if (op->nres == 1)
      vs_set_bind(c, s, &casc_op_results(op)[0], VS_B_EXT);
    return true;
  case CASC_OP_LOCAL_TENSOR_SUBINDEX:
  case CASC_OP_LOCAL_TENSOR_BRACKET:
  case CASC_OP_REINTERPRET_CAST:
    view_op(c, s, op, q0);
    return true;
  case CASC_OP_FUNC_CALL:
    opaque_call(c, s, op);
    return true;
  case CASC_OP_FUNC_RETURN:
    return_op(c, s, op);
    return true;
  case CASC_OP_SCF_YIELD:
    hand_back(c, s, op, 0);
    return true;
  case CASC_OP_SCF_CONDITION:
    hand_back(c, s, op, 1);
    return true;
  default:
    use_operands(c, s, op);
    return true;
  }
}

void vs_transfer(vs_ctx *c, vs_set *S, casc_op *op) {
  uint32_t out = 0;
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    c->cur = s;
    bool goes_on = transfer(c, s, op);
    c->cur = NULL;
    if (goes_on)
      S->s[out++] = s;
    else
      vs_state_free(s); /* the NPU hangs here: no successor */
  }
  S->n = out;
}
