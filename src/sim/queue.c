/* The TPipe / TQueBind / TBuf state machine (docs/ascendc-facts.md §1-§4), with
 * every misuse the CPU-debug library asserts on (and a few it misses)
 * reported as a located error that stops the block:
 *  - InitBuffer: 32-byte length rounding, one bump pointer per physical
 *    pool, at most 64 buffers per TPipe, capacity of the pool;
 *  - buffers FREE -> ALLOCATED -> ENQUEUED -> DEQUEUED -> FREE, round-robin
 *    allocation from a cursor, a FIFO of `depth` entries;
 *  - event ids: 8 per HardEvent; EnQue holds one until DeQue, FreeTensor
 *    holds one until the next AllocTensor of that buffer (depth-0 queues
 *    hold theirs for good), explicit AllocEventID / SetFlag / WaitFlag;
 *  - at kernel end: buffers still held (leaks) and unbalanced flags. */
#include <stdio.h>
#include <string.h>

#include "sim/sim_internal.h"

sim_pool sim_pool_of_pos(int pos) {
  casc_hw_mem m = casc_hw_mem_of_pos(pos);
  /* GM, CO2 (GM on 2201) and MAX are no pool of the TPipe. */
  return m < CASC_HW_MEM_LOCAL_COUNT_ ? (sim_pool)m : SIM_POOL_COUNT_;
}

static const char *pos_name(int pos) {
  const char *s = casc_enum_cxx(CASC_ENUM_TPOSITION, pos);
  return s ? s : "?";
}

static const char *event_name(int evt) {
  const char *s = casc_hw_event_name(evt);
  return s ? s : "?";
}

const char *sim_queue_desc(const sim_queue *q, char *buf, unsigned n) {
  const casc_loc *l = q->decl ? q->decl->loc : NULL;
  char name[64] = "";
  if (l && l->kind == CASC_LOC_NAME && l->u.name.name)
    snprintf(name, sizeof name, " '%s'", l->u.name.name);
  if (q->kind == SIM_Q_TBUF)
    snprintf(buf, n, "TBuf #%d%s <%s>", q->ordinal, name, pos_name(q->src));
  else if (q->kind == SIM_Q_QUEUE)
    snprintf(buf, n, "queue #%d%s <%s, %d>", q->ordinal, name, pos_name(q->src),
             q->depth);
  else
    snprintf(buf, n, "queue #%d%s <%s, %s, %d>", q->ordinal, name,
             pos_name(q->src), pos_name(q->dst), q->depth);
  return buf;
}

void sim_pipe_reset_state(sim_block *b) {
  b->pipe_alive = false;
  b->pipe_op = NULL;
  memset(b->pool_top, 0, sizeof b->pool_top);
  memset(b->bufs, 0, sizeof b->bufs);
  /* the buffers' ShapeInfos (shape_info.c) go with them: a new TPipe's
   * buffers restart their generations */
  memset(b->buf_shape, 0, sizeof b->buf_shape);
  b->nbufs = 0;
  b->nqueues = 0;
  b->nbufpools = 0;
  b->carve = -1;
  memset(b->evt_mask, 0, sizeof b->evt_mask);
  memset(b->flag_bal, 0, sizeof b->flag_bal);
  memset(b->flag_op, 0, sizeof b->flag_op);
  sim_sync_reset(b);
}

/* ---- event pools ----------------------------------------------------------
 */

static int evt_alloc(sim_block *b, int evt) {
  for (int id = 0; id < SIM_EVENT_IDS; id++)
    if (!(b->evt_mask[evt] & (1u << id))) {
      b->evt_mask[evt] |= (uint8_t)(1u << id);
      return id;
    }
  return -1;
}

static void evt_release(sim_block *b, int evt, int id) {
  if (evt >= 0 && id >= 0)
    b->evt_mask[evt] &= (uint8_t) ~(1u << id);
}

static bool exhausted(sim_block *b, const sim_insn *in, const sim_queue *q,
                      int evt) {
  char qd[128];
  sim_issue *is = sim_report(
      b, CASC_CHECK_EVENT_IDS_EXHAUSTED, CASC_SEV_ERROR, in->op,
      "%s on %s: all %d event ids of %s are in use (at most %d tensors "
      "per position may be between FreeTensor and AllocTensor or EnQue and "
      "DeQue); on the NPU this hangs or corrupts synchronisation",
      sim_api_name(in->op), q ? sim_queue_desc(q, qd, sizeof qd) : "the pipe",
      SIM_EVENT_IDS, event_name(evt), SIM_EVENT_IDS);
  if (q && q->decl)
    sim_note_add(is, q->decl->loc, "queue declared here");
  return false;
}

/* What the class library makes of a queue's type (ascend_hw.h): its
 * events and the pool of its buffers. A TBuf<pos> is TQueBind<pos, pos>
 * with no events: only its pool counts. */
static void queue_facts(const sim_queue *q, casc_hw_queue *f) {
  if (q->kind == SIM_Q_QUEUE)
    casc_hw_tque(q->src, f);
  else
    casc_hw_tquebind(q->src, q->kind == SIM_Q_TBUF ? q->src : q->dst, f);
}

/* ---- operand helpers -------------------------------------------------------
 */

static sim_queue *queue_arg(sim_block *b, const sim_insn *in, unsigned i,
                            bool need_init) {
  int64_t qi = b->slots[in->a[i]].i;
  if (qi < 0 || qi >= b->nqueues) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: the queue object was never constructed",
               sim_api_name(in->op));
    return NULL;
  }
  sim_queue *q = &b->queues[qi];
  if (need_init && !q->inited) {
    char qd[128];
    sim_issue *is =
        sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                   "%s on %s before InitBuffer", sim_api_name(in->op),
                   sim_queue_desc(q, qd, sizeof qd));
    sim_note_add(is, q->decl->loc, "queue declared here");
    return NULL;
  }
  return q;
}

static bool pipe_arg(sim_block *b, const sim_insn *in) {
  if (!b->pipe_alive) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: the TPipe was never constructed or has been destroyed",
               sim_api_name(in->op));
    return false;
  }
  return true;
}

static sim_tensor buffer_tensor(sim_block *b, int bi) {
  sim_tensor t;
  memset(&t, 0, sizeof t);
  t.off = b->bufs[bi].addr;
  t.len = b->bufs[bi].len;
  t.buf = (int16_t)bi;
  t.pool = (uint8_t)b->queues[b->bufs[bi].queue].pool;
  t.gen = b->bufs[bi].gen;
  return t;
}

static void note_tensor(sim_issue *is, const sim_buffer *buf) {
  if (buf->alloc_op)
    sim_note_add(is, buf->alloc_op->loc, "tensor obtained here");
}

/* The buffer behind tensor operand i, checked to belong to queue q and to
 * be live. Reports and returns -1 otherwise. */
static int owned_buffer(sim_block *b, const sim_insn *in, unsigned i,
                        sim_queue *q, const char *what) {
  const sim_tensor *t = &b->slots[in->a[i]].t;
  char qd[128], qd2[128];
  if (t->buf < 0) {
    sim_issue *is =
        sim_report(b, CASC_CHECK_WRONG_QUEUE, CASC_SEV_ERROR, in->op,
                   "%s on %s: the tensor was not obtained from a queue", what,
                   sim_queue_desc(q, qd, sizeof qd));
    (void)is;
    return -1;
  }
  sim_buffer *buf = &b->bufs[t->buf];
  sim_queue *owner = &b->queues[buf->queue];
  if (owner->kind == SIM_Q_TBUF && strcmp(what, "FreeTensor") == 0) {
    sim_issue *is = sim_report(
        b, CASC_CHECK_FREE_TBUF, CASC_SEV_ERROR, in->op,
        "FreeTensor on %s: the tensor comes from %s; TBuf memory is never "
        "freed",
        sim_queue_desc(q, qd, sizeof qd),
        sim_queue_desc(owner, qd2, sizeof qd2));
    sim_note_add(is, owner->decl->loc, "TBuf declared here");
    return -1;
  }
  if (owner != q) {
    sim_issue *is =
        sim_report(b, CASC_CHECK_WRONG_QUEUE, CASC_SEV_ERROR, in->op,
                   "%s on %s: the tensor is buffer %d of %s", what,
                   sim_queue_desc(q, qd, sizeof qd), t->buf - owner->first,
                   sim_queue_desc(owner, qd2, sizeof qd2));
    note_tensor(is, buf);
    sim_note_add(is, owner->decl->loc, "its queue is declared here");
    return -1;
  }
  if (t->gen != buf->gen || buf->state == SIM_BUF_FREE) {
    sim_issue *is;
    if (strcmp(what, "FreeTensor") == 0)
      is = sim_report(b, CASC_CHECK_DOUBLE_FREE, CASC_SEV_ERROR, in->op,
                      "FreeTensor on %s: buffer %d was already freed "
                      "(double free)",
                      sim_queue_desc(q, qd, sizeof qd), t->buf - q->first);
    else
      is = sim_report(b, CASC_CHECK_USE_AFTER_FREE, CASC_SEV_ERROR, in->op,
                      "%s on %s: buffer %d was freed before this use", what,
                      sim_queue_desc(q, qd, sizeof qd), t->buf - q->first);
    if (buf->free_op)
      sim_note_add(is, buf->free_op->loc, "freed here");
    return -1;
  }
  return t->buf;
}

/* ---- construction and InitBuffer -------------------------------------------
 */

static bool do_pipe(sim_block *b, const sim_insn *in) {
  if (b->pipe_alive && b->pipe_op != in->op) {
    sim_issue *is = sim_report(
        b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
        "a second TPipe while another one is alive (a kernel has one TPipe; "
        "their buffers would overlap)");
    sim_note_add(is, b->pipe_op->loc, "the first TPipe is constructed here");
    return false;
  }
  if (b->pipe_alive) {
    /* The same constructor again (in a loop): a fresh TPipe. */
    bool any = false;
    for (int i = 0; i < b->nbufs; i++)
      any |= b->bufs[i].state != SIM_BUF_FREE &&
             b->queues[b->bufs[i].queue].kind != SIM_Q_TBUF;
    if (any) {
      sim_report(b, CASC_CHECK_LEAK, CASC_SEV_ERROR, in->op,
                 "TPipe constructed again while tensors of the previous "
                 "one are still held");
      return false;
    }
    int nq = b->nqueues, np = b->nbufpools;
    sim_pipe_reset_state(b);
    b->nqueues = nq; /* queue objects survive; their buffers do not */
    for (int i = 0; i < nq; i++)
      b->queues[i].inited = false;
    b->nbufpools = np; /* so do TBufPools; their memory does not */
    for (int i = 0; i < np; i++)
      b->bufpools[i].inited = false;
  }
  b->pipe_alive = true;
  b->pipe_op = in->op;
  b->slots[in->r].i = 0;
  return true;
}

static bool do_queue_ctor(sim_block *b, const sim_insn *in) {
  int qi = -1;
  for (int i = 0; i < b->nqueues; i++)
    if (b->queues[i].decl == in->op) {
      /* Re-executed constructor: a new object in the same place. Its old
       * buffers stay allocated in the pipe, as on the NPU. */
      qi = i;
      break;
    }
  if (qi < 0) {
    if (b->nqueues == SIM_MAX_QUEUES) {
      sim_report(b, CASC_CHECK_TOO_MANY_BUFFERS, CASC_SEV_ERROR, in->op,
                 "more than %d queue objects", SIM_MAX_QUEUES);
      return false;
    }
    qi = b->nqueues++;
  }
  sim_queue *q = &b->queues[qi];
  memset(q, 0, sizeof *q);
  q->decl = in->op;
  q->kind = in->opc == SIM_QUEUE  ? SIM_Q_QUEUE
            : in->opc == SIM_TBUF ? SIM_Q_TBUF
                                  : SIM_Q_BIND;
  q->src = (uint8_t)(in->imm & 0xff);
  q->dst = (uint8_t)((in->imm >> 8) & 0xff);
  q->depth = (int)in->imm2;
  q->ordinal = qi;
  q->enq_evt = q->free_evt = -1;
  casc_hw_queue f;
  queue_facts(q, &f);
  q->pool = (uint8_t)(f.pool < CASC_HW_MEM_LOCAL_COUNT_ ? (int)f.pool
                                                        : SIM_POOL_COUNT_);
  b->slots[in->r].i = qi;
  return true;
}

static bool reserve(sim_block *b, const sim_insn *in, sim_queue *q, int num,
                    int64_t len) {
  char qd[128];
  if (q->pool >= SIM_POOL_COUNT_) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "InitBuffer for %s: the buffer position cannot be GM",
               sim_queue_desc(q, qd, sizeof qd));
    return false;
  }
  if (b->nbufs + num > SIM_MAX_BUFFERS) {
    sim_issue *is = sim_report(
        b, CASC_CHECK_TOO_MANY_BUFFERS, CASC_SEV_ERROR, in->op,
        "InitBuffer for %s: the TPipe would manage %d buffers; at most %d",
        sim_queue_desc(q, qd, sizeof qd), b->nbufs + num, SIM_MAX_BUFFERS);
    sim_note_add(is, q->decl->loc, "queue declared here");
    return false;
  }
  int64_t start = b->pool_top[q->pool];
  int64_t limit = b->pool_size[q->pool];
  if (b->carve >= 0) /* TBufPool::InitBuffer: inside the pool */
    sim_bufpool_span(b, &start, &limit);
  int64_t end = start + (int64_t)num * len;
  if (end > limit && b->carve >= 0) {
    sim_bufpool_overflow(b, in, q, num, len, start, end);
    return false;
  }
  if (end > limit) {
    sim_issue *is = sim_report(
        b, CASC_CHECK_UB_CAPACITY, CASC_SEV_ERROR, in->op,
        "InitBuffer for %s: %d buffer(s) of %lld bytes need %s bytes [%lld, "
        "%lld), but %s has %u bytes",
        sim_queue_desc(q, qd, sizeof qd), num, (long long)len,
        casc_hw_mem_name((casc_hw_mem)q->pool), (long long)start,
        (long long)end, casc_hw_mem_name((casc_hw_mem)q->pool),
        b->pool_size[q->pool]);
    sim_note_add(is, q->decl->loc, "queue declared here");
    return false;
  }
  q->first = b->nbufs;
  q->num = num;
  q->len = (uint32_t)len;
  /* A fresh queue (also after TPipe::Reset): the cursor and the FIFO
   * indices must lie inside the new buffers and depth. */
  q->cursor = q->used = q->buf_used = q->head = q->tail = 0;
  for (int k = 0; k < num; k++) {
    sim_buffer *buf = &b->bufs[b->nbufs++];
    memset(buf, 0, sizeof *buf);
    buf->queue = q->ordinal;
    buf->addr = (uint32_t)(start + k * len);
    buf->len = (uint32_t)len;
    buf->state = SIM_BUF_FREE;
    buf->enq_id = buf->free_id = -1;
  }
  if (b->carve >= 0)
    sim_bufpool_took(b, q, end, num);
  else
    b->pool_top[q->pool] = (uint32_t)end;
  q->inited = true;
  return true;
}

static bool do_init_queue(sim_block *b, const sim_insn *in) {
  if (!pipe_arg(b, in))
    return false;
  sim_queue *q = queue_arg(b, in, 1, false);
  if (!q)
    return false;
  char qd[128];
  if (q->inited) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "InitBuffer called again for %s",
               sim_queue_desc(q, qd, sizeof qd));
    return false;
  }
  const casc_op *op = in->op;
  unsigned numdt = casc_dtype_of_type(op->operands[2].value->type);
  unsigned lendt = casc_dtype_of_type(op->operands[3].value->type);
  int64_t num = sim_count(&b->slots[in->a[2]], numdt);
  int64_t len = sim_count(&b->slots[in->a[3]], lendt);
  if (q->kind == SIM_Q_TBUF) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "InitBuffer(queue, num, len) used for %s; a TBuf takes "
               "InitBuffer(buf, len)",
               sim_queue_desc(q, qd, sizeof qd));
    return false;
  }
  if (num < 1 || num > SIM_MAX_BUFFERS) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "InitBuffer for %s: num is %lld; its valid range is 1 ~ %d",
               sim_queue_desc(q, qd, sizeof qd), (long long)num,
               SIM_MAX_BUFFERS);
    return false;
  }
  if (len <= 0 || len > (int64_t)1 << 31) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "InitBuffer for %s: buffer length %lld must be positive",
               sim_queue_desc(q, qd, sizeof qd), (long long)len);
    return false;
  }
  if (q->depth < 0 || q->depth > SIM_MAX_DEPTH) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s: depth %d is not supported (0 ~ %d)",
               sim_queue_desc(q, qd, sizeof qd), q->depth, SIM_MAX_DEPTH);
    return false;
  }
  casc_hw_queue f;
  queue_facts(q, &f);
  if (!f.valid) {
    sim_issue *is = sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                               "%s is not a valid queue on arch 2201: %s",
                               sim_queue_desc(q, qd, sizeof qd), f.why);
    sim_note_add(is, q->decl->loc, "queue declared here");
    return false;
  }
  q->enq_evt = f.enq_event;
  q->free_evt = f.free_event;
  int64_t rlen = casc_hw_buffer_len(len);
  if (!reserve(b, in, q, (int)num, rlen))
    return false;
  if (q->depth == 0) {
    /* In-place queues take their ids at InitBuffer and keep them; the free
     * event is set at once so the first AllocTensor does not wait. */
    for (int k = 0; k < q->num; k++) {
      sim_buffer *buf = &b->bufs[q->first + k];
      buf->enq_id = (int8_t)evt_alloc(b, q->enq_evt);
      if (buf->enq_id < 0)
        return exhausted(b, in, q, q->enq_evt);
      buf->free_id = (int8_t)evt_alloc(b, q->free_evt);
      if (buf->free_id < 0)
        return exhausted(b, in, q, q->free_evt);
      if (!sim_flag(b, in, q->free_evt, buf->free_id, true))
        return false;
    }
  }
  return true;
}

static bool do_init_buffer(sim_block *b, const sim_insn *in) {
  if (!pipe_arg(b, in))
    return false;
  sim_queue *q = queue_arg(b, in, 1, false);
  if (!q)
    return false;
  char qd[128];
  if (q->kind != SIM_Q_TBUF) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "InitBuffer(buf, len) used for %s, which is not a TBuf",
               sim_queue_desc(q, qd, sizeof qd));
    return false;
  }
  if (q->inited) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "InitBuffer called again for %s",
               sim_queue_desc(q, qd, sizeof qd));
    return false;
  }
  unsigned lendt = casc_dtype_of_type(in->op->operands[2].value->type);
  int64_t len = sim_count(&b->slots[in->a[2]], lendt);
  if (len <= 0 || len > (int64_t)1 << 31) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "InitBuffer for %s: buffer length %lld must be positive",
               sim_queue_desc(q, qd, sizeof qd), (long long)len);
    return false;
  }
  if (!reserve(b, in, q, 1, casc_hw_buffer_len(len)))
    return false;
  sim_buffer *buf = &b->bufs[q->first];
  buf->state = SIM_BUF_ALLOCATED; /* a TBuf is always usable */
  buf->alloc_op = in->op;
  return true;
}

/* ---- AllocTensor / EnQue / DeQue / FreeTensor
 * --------------------------------- */

static int pick_free(sim_block *b, sim_queue *q) {
  for (int k = 0; k < q->num; k++) {
    int i = q->cursor;
    if (q->num > 1)
      q->cursor = q->cursor + 1 == q->num ? 0 : q->cursor + 1;
    if (b->bufs[q->first + i].state == SIM_BUF_FREE)
      return q->first + i;
  }
  return -1;
}

static bool do_alloc(sim_block *b, const sim_insn *in, sim_tensor *out) {
  sim_queue *q = queue_arg(b, in, 0, true);
  if (!q)
    return false;
  char qd[128];
  if (q->kind == SIM_Q_TBUF) {
    *out = buffer_tensor(b, q->first);
    out->tbuf_alloc = 1;
    return true;
  }
  if (q->depth == 0 && in->opc == SIM_ALLOC_TENSOR) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "AllocTensor<T>() on the depth-0 %s; in-place queues need "
               "AllocTensor(tensor)",
               sim_queue_desc(q, qd, sizeof qd));
    return false;
  }
  int bi = pick_free(b, q);
  if (bi < 0) {
    sim_issue *is = sim_report(
        b, CASC_CHECK_ALLOC_NO_FREE_BUFFER, CASC_SEV_ERROR, in->op,
        "AllocTensor on %s: no free buffer (all %d are held); on the NPU "
        "this hangs",
        sim_queue_desc(q, qd, sizeof qd), q->num);
    for (int k = 0; k < q->num && k < SIM_MAX_NOTES - 1; k++)
      if (b->bufs[q->first + k].alloc_op)
        sim_note_add(is, b->bufs[q->first + k].alloc_op->loc,
                     "buffer %d was allocated here and not freed", k);
    sim_note_add(is, q->decl->loc, "queue declared here");
    return false;
  }
  sim_buffer *buf = &b->bufs[bi];
  buf->state = SIM_BUF_ALLOCATED;
  /* WaitFlag<freeBufEvt> in the pipe that fills the buffer. */
  if (buf->free_id >= 0 && !sim_flag(b, in, q->free_evt, buf->free_id, false))
    return false;
  if (q->depth > 0 && buf->free_id >= 0) {
    evt_release(b, q->free_evt, buf->free_id);
    buf->free_id = -1;
  }
  q->buf_used++;
  buf->alloc_op = in->op;
  *out = buffer_tensor(b, bi);
  return true;
}

static bool do_enque(sim_block *b, const sim_insn *in) {
  sim_queue *q = queue_arg(b, in, 0, true);
  if (!q)
    return false;
  if (q->kind == SIM_Q_TBUF)
    return true; /* TBuf::EnQue is a no-op */
  int bi = owned_buffer(b, in, 1, q, "EnQue");
  if (bi < 0)
    return false;
  sim_buffer *buf = &b->bufs[bi];
  char qd[128];
  if (buf->state == SIM_BUF_ENQUEUED) {
    sim_issue *is =
        sim_report(b, CASC_CHECK_USE_WHILE_ENQUEUED, CASC_SEV_ERROR, in->op,
                   "EnQue on %s: buffer %d is already enqueued",
                   sim_queue_desc(q, qd, sizeof qd), bi - q->first);
    note_tensor(is, buf);
    return false;
  }
  if (q->depth == 0) {
    buf->state = SIM_BUF_ENQUEUED;
    return sim_flag(b, in, q->enq_evt, buf->enq_id, true);
  }
  if (q->used >= q->depth) {
    sim_issue *is = sim_report(
        b, CASC_CHECK_ENQUE_FULL, CASC_SEV_ERROR, in->op,
        "EnQue on %s: the queue already holds %d tensor(s), its depth is %d "
        "(DeQue first); the NPU silently overwrites a queue slot",
        sim_queue_desc(q, qd, sizeof qd), q->used, q->depth);
    sim_note_add(is, q->decl->loc, "queue declared here");
    return false;
  }
  int id = evt_alloc(b, q->enq_evt);
  if (id < 0)
    return exhausted(b, in, q, q->enq_evt);
  buf->enq_id = (int8_t)id;
  if (!sim_flag(b, in, q->enq_evt, id, true)) /* SetFlag<enQueEvt> */
    return false;
  q->ring[q->tail] = (int16_t)bi;
  q->tail = q->tail + 1 == q->depth ? 0 : q->tail + 1;
  q->used++;
  buf->state = SIM_BUF_ENQUEUED;
  return true;
}

static bool do_deque(sim_block *b, const sim_insn *in, sim_tensor *out) {
  sim_queue *q = queue_arg(b, in, 0, true);
  if (!q)
    return false;
  char qd[128];
  if (q->kind == SIM_Q_TBUF) {
    *out = buffer_tensor(b, q->first);
    return true;
  }
  if (q->depth == 0) {
    if (in->opc != SIM_DEQUE_IN_PLACE) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "DeQue<T>() on the depth-0 %s; in-place queues need "
                 "DeQue(tensor)",
                 sim_queue_desc(q, qd, sizeof qd));
      return false;
    }
    int bi = owned_buffer(b, in, 1, q, "DeQue");
    if (bi < 0)
      return false;
    if (b->bufs[bi].state != SIM_BUF_ENQUEUED) {
      sim_issue *is =
          sim_report(b, CASC_CHECK_DEQUE_EMPTY, CASC_SEV_ERROR, in->op,
                     "DeQue on %s: buffer %d was not enqueued",
                     sim_queue_desc(q, qd, sizeof qd), bi - q->first);
      note_tensor(is, &b->bufs[bi]);
      return false;
    }
    b->bufs[bi].state = SIM_BUF_DEQUEUED;
    *out = buffer_tensor(b, bi);
    return sim_flag(b, in, q->enq_evt, b->bufs[bi].enq_id, false);
  }
  if (q->used == 0) {
    sim_issue *is = sim_report(
        b, CASC_CHECK_DEQUE_EMPTY, CASC_SEV_ERROR, in->op,
        "DeQue on %s: the queue is empty (no EnQue before this DeQue)",
        sim_queue_desc(q, qd, sizeof qd));
    sim_note_add(is, q->decl->loc, "queue declared here");
    return false;
  }
  int bi = q->ring[q->head];
  q->head = q->head + 1 == q->depth ? 0 : q->head + 1;
  q->used--;
  sim_buffer *buf = &b->bufs[bi];
  /* WaitFlag<enQueEvt> */
  if (!sim_flag(b, in, q->enq_evt, buf->enq_id, false))
    return false;
  evt_release(b, q->enq_evt, buf->enq_id);
  buf->enq_id = -1;
  buf->state = SIM_BUF_DEQUEUED;
  *out = buffer_tensor(b, bi);
  return true;
}

static bool do_free(sim_block *b, const sim_insn *in) {
  sim_queue *q = queue_arg(b, in, 0, true);
  if (!q)
    return false;
  char qd[128];
  const sim_tensor *t = &b->slots[in->a[1]].t;
  /* The Ascend C library's TBuf::AllocTensor is Get and its FreeTensor a
   * no-op (asc-devkit kernel_tpipe_impl.h), as verify-sync has it: a tensor
   * TBuf.AllocTensor gave, freed on the same TBuf, is accepted. */
  if (q->kind == SIM_Q_TBUF && t->tbuf_alloc && t->buf == q->first)
    return true;
  if (q->kind == SIM_Q_TBUF) {
    sim_issue *is = sim_report(b, CASC_CHECK_FREE_TBUF, CASC_SEV_ERROR, in->op,
                               "FreeTensor on %s: TBuf memory is never freed",
                               sim_queue_desc(q, qd, sizeof qd));
    sim_note_add(is, q->decl->loc, "TBuf declared here");
    return false;
  }
  int bi = owned_buffer(b, in, 1, q, "FreeTensor");
  if (bi < 0)
    return false;
  (void)t;
  sim_buffer *buf = &b->bufs[bi];
  if (buf->state == SIM_BUF_ENQUEUED) {
    sim_issue *is =
        sim_report(b, CASC_CHECK_USE_WHILE_ENQUEUED, CASC_SEV_ERROR, in->op,
                   "FreeTensor on %s: buffer %d is between EnQue and DeQue",
                   sim_queue_desc(q, qd, sizeof qd), bi - q->first);
    note_tensor(is, buf);
    return false;
  }
  if (q->depth > 0) {
    int id = evt_alloc(b, q->free_evt);
    if (id < 0)
      return exhausted(b, in, q, q->free_evt);
    buf->free_id = (int8_t)id;
    q->buf_used--;
  }
  /* SetFlag<freeBufEvt> */
  if (!sim_flag(b, in, q->free_evt, buf->free_id, true))
    return false;
  buf->state = SIM_BUF_FREE;
  buf->gen++;
  buf->free_op = in->op;
  return true;
}

static bool do_free_all_event(sim_block *b, const sim_insn *in) {
  sim_queue *q = queue_arg(b, in, 0, true);
  if (!q)
    return false;
  if (q->kind == SIM_Q_TBUF || q->depth == 0)
    return true;
  char qd[128];
  for (int k = 0; k < q->num; k++) {
    sim_buffer *buf = &b->bufs[q->first + k];
    if (buf->enq_id >= 0) {
      sim_issue *is =
          sim_report(b, CASC_CHECK_BAD_EVENT, CASC_SEV_ERROR, in->op,
                     "%s on %s: buffer %d is still enqueued",
                     sim_api_name(in->op), sim_queue_desc(q, qd, sizeof qd), k);
      note_tensor(is, buf);
      return false;
    }
    if (buf->free_id >= 0) {
      if (!sim_flag(b, in, q->free_evt, buf->free_id, false))
        return false;
      evt_release(b, q->free_evt, buf->free_id);
      buf->free_id = -1;
    }
  }
  return true;
}

static bool do_query(sim_block *b, const sim_insn *in) {
  sim_queue *q = queue_arg(b, in, 0, true);
  if (!q)
    return false;
  char qd[128];
  if (q->kind == SIM_Q_TBUF || q->depth == 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s on %s: not available for %s", sim_api_name(in->op),
               sim_queue_desc(q, qd, sizeof qd),
               q->kind == SIM_Q_TBUF ? "a TBuf" : "a depth-0 queue");
    return false;
  }
  int64_t v = 0;
  switch (in->opc) {
  case SIM_HAS_IDLE_BUFFER:
    v = q->buf_used < q->num;
    break;
  case SIM_HAS_TENSOR_IN_QUE:
    v = q->used > 0;
    break;
  case SIM_VACANT_IN_QUE:
    v = q->used < q->depth;
    break;
  default:
    v = q->used;
    break;
  }
  b->slots[in->r].i = sim_norm(v, in->dt);
  return true;
}

static bool do_tbuf_get(sim_block *b, const sim_insn *in) {
  sim_queue *q = queue_arg(b, in, 0, true);
  if (!q)
    return false;
  char qd[128];
  if (q->kind != SIM_Q_TBUF) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s on %s, which is not a TBuf", sim_api_name(in->op),
               sim_queue_desc(q, qd, sizeof qd));
    return false;
  }
  sim_tensor t = buffer_tensor(b, q->first);
  int64_t es = casc_dtype_size((casc_dtype)in->dt);
  const casc_op *op = in->op;
  if (in->opc == SIM_TBUF_GET && in->nargs > 1) {
    unsigned ldt = casc_dtype_of_type(op->operands[1].value->type);
    int64_t n = sim_count(&b->slots[in->a[1]], ldt);
    if (n <= 0 || n * es > t.len) {
      sim_issue *is = sim_report(
          b, CASC_CHECK_UB_OUT_OF_BOUNDS, CASC_SEV_ERROR, in->op,
          "Get on %s: %lld elements (%lld bytes) do not fit the %lld-byte "
          "buffer",
          sim_queue_desc(q, qd, sizeof qd), (long long)n, (long long)(n * es),
          (long long)t.len);
      sim_note_add(is, q->decl->loc, "TBuf declared here");
      return false;
    }
    if ((n * es) % 32) {
      sim_report(b, CASC_CHECK_UNALIGNED, CASC_SEV_ERROR, in->op,
                 "Get on %s: length %lld bytes is not a multiple of 32 bytes",
                 sim_queue_desc(q, qd, sizeof qd), (long long)(n * es));
      return false;
    }
    t.len = n * es;
  } else if (in->opc == SIM_TBUF_GET_WITH_OFFSET) {
    unsigned sdt = casc_dtype_of_type(op->operands[1].value->type);
    unsigned odt = casc_dtype_of_type(op->operands[2].value->type);
    int64_t n = sim_count(&b->slots[in->a[1]], sdt);
    int64_t off = sim_count(&b->slots[in->a[2]], odt);
    if (off % 32) {
      sim_report(b, CASC_CHECK_UNALIGNED, CASC_SEV_ERROR, in->op,
                 "GetWithOffset on %s: offset %lld is not 32-byte aligned",
                 sim_queue_desc(q, qd, sizeof qd), (long long)off);
      return false;
    }
    if (n <= 0 || off < 0 || off + n * es > t.len) {
      sim_issue *is = sim_report(
          b, CASC_CHECK_UB_OUT_OF_BOUNDS, CASC_SEV_ERROR, in->op,
          "GetWithOffset on %s: bytes [%lld, %lld) are outside the %lld-byte "
          "buffer",
          sim_queue_desc(q, qd, sizeof qd), (long long)off,
          (long long)(off + n * es), (long long)t.len);
      sim_note_add(is, q->decl->loc, "TBuf declared here");
      return false;
    }
    t.off += off;
    t.len = n * es;
  }
  b->slots[in->r].t = t;
  return true;
}

/* ---- events
 * ---------------------------------------------------------------------- */

static bool event_ok(sim_block *b, const sim_insn *in, int64_t evt) {
  if (!casc_hw_event_name(evt)) {
    sim_report(b, CASC_CHECK_BAD_EVENT, CASC_SEV_ERROR, in->op,
               "%s: %lld is not a hardware event", sim_api_name(in->op),
               (long long)evt);
    return false;
  }
  return true;
}

static bool id_ok(sim_block *b, const sim_insn *in, int evt, int64_t id) {
  if (id < 0 || id >= SIM_EVENT_IDS) {
    sim_report(b, CASC_CHECK_BAD_EVENT, CASC_SEV_ERROR, in->op,
               "%s<%s>: event id %lld should be in range [0, %d)",
               sim_api_name(in->op), event_name(evt), (long long)id,
               SIM_EVENT_IDS);
    return false;
  }
  return true;
}

static bool do_events(sim_block *b, const sim_insn *in) {
  int evt = (int)in->imm;
  if (!event_ok(b, in, in->imm))
    return false;
  switch (in->opc) {
  case SIM_ALLOC_EVENT_ID:
  case SIM_FETCH_EVENT_ID: {
    if (!pipe_arg(b, in))
      return false;
    int id = -1;
    for (int k = 0; k < SIM_EVENT_IDS && id < 0; k++)
      if (!(b->evt_mask[evt] & (1u << k)))
        id = k;
    if (id < 0)
      return exhausted(b, in, NULL, evt);
    if (in->opc == SIM_ALLOC_EVENT_ID)
      b->evt_mask[evt] |= (uint8_t)(1u << id);
    b->slots[in->r].i = sim_norm(id, in->dt);
    return true;
  }
  case SIM_RELEASE_EVENT_ID: {
    if (!pipe_arg(b, in))
      return false;
    unsigned idt = casc_dtype_of_type(in->op->operands[1].value->type);
    int64_t id = sim_sext(b->slots[in->a[1]].i, idt);
    if (!id_ok(b, in, evt, id))
      return false;
    if (!(b->evt_mask[evt] & (1u << id))) {
      sim_report(b, CASC_CHECK_BAD_EVENT, CASC_SEV_ERROR, in->op,
                 "ReleaseEventID<%s>(%lld): the id is not allocated",
                 event_name(evt), (long long)id);
      return false;
    }
    b->evt_mask[evt] &= (uint8_t) ~(1u << id);
    return true;
  }
  default: {
    /* SetFlag / WaitFlag: operand 0 is the id. V_V is a barrier. */
    int64_t id = sim_sext(b->slots[in->a[0]].i, in->dt2);
    if (!id_ok(b, in, evt, id))
      return false;
    if (evt == CASC_HW_EV_V_V) {
      /* SetFlag<V_V> is PipeBarrier<PIPE_V>; WaitFlag<V_V> does nothing. */
      if (in->opc == SIM_SET_FLAG)
        sim_tm_barrier(b, 1 /* PIPE_V */);
      return true;
    }
    int16_t *bal = &b->flag_bal[evt][id];
    if (in->opc == SIM_SET_FLAG) {
      if (*bal >= 1) {
        sim_issue *is = sim_report(
            b, CASC_CHECK_UNPAIRED_FLAG, CASC_SEV_ERROR, in->op,
            "SetFlag<%s>(%lld): the flag is already set and not yet waited "
            "for (an event id must not be set twice in a row)",
            event_name(evt), (long long)id);
        if (b->flag_op[evt][id])
          sim_note_add(is, b->flag_op[evt][id]->loc, "set here before");
        return false;
      }
      (*bal)++;
    } else {
      if (*bal <= -1) {
        sim_issue *is = sim_report(
            b, CASC_CHECK_UNPAIRED_FLAG, CASC_SEV_ERROR, in->op,
            "WaitFlag<%s>(%lld): waits twice with no SetFlag in between; on "
            "the NPU this hangs",
            event_name(evt), (long long)id);
        if (b->flag_op[evt][id])
          sim_note_add(is, b->flag_op[evt][id]->loc, "waited here before");
        return false;
      }
      (*bal)--;
    }
    b->flag_op[evt][id] = in->op;
    return sim_flag(b, in, evt, (int)id, in->opc == SIM_SET_FLAG);
  }
  }
}

/* ---- dispatch
 * ------------------------------------------------------------------- */

bool sim_exec_framework(sim_block *b, const sim_insn *in) {
  sim_slot *s = b->slots;
  switch (in->opc) {
  case SIM_PIPE:
    return do_pipe(b, in);
  case SIM_QUEUE:
  case SIM_QUE_BIND:
  case SIM_TBUF:
    return do_queue_ctor(b, in);
  case SIM_INIT_QUEUE:
    return do_init_queue(b, in);
  case SIM_INIT_BUFFER:
    return do_init_buffer(b, in);
  case SIM_BUFPOOL_INIT_QUEUE:
  case SIM_BUFPOOL_INIT_BUFFER: {
    /* TBufPool::InitBuffer: the TPipe's InitBuffer inside the pool */
    sim_queue *q = queue_arg(b, in, 1, false);
    if (!q)
      return false;
    int64_t num =
        in->opc == SIM_BUFPOOL_INIT_QUEUE
            ? sim_count(&b->slots[in->a[2]],
                        casc_dtype_of_type(in->op->operands[2].value->type))
            : 1;
    if (!sim_bufpool_carve_begin(b, in, q, num))
      return false;
    bool ok = in->opc == SIM_BUFPOOL_INIT_QUEUE ? do_init_queue(b, in)
                                                : do_init_buffer(b, in);
    b->carve = -1;
    return ok;
  }
  case SIM_PIPE_INIT:
    /* "TPipe如果要重复申请需要先destroy释放后再init" (Ascend C reference,
     * TPipe::Init): Init after Destroy makes the same TPipe usable again,
     * with no buffers (InitBuffer gives them). */
    if (!b->pipe_alive && b->pipe_op) {
      b->pipe_alive = true;
      return true;
    }
    return pipe_arg(b, in);
  case SIM_PIPE_RESET:
  case SIM_PIPE_DESTROY: {
    if (!pipe_arg(b, in))
      return false;
    for (int i = 0; i < b->nbufs; i++) {
      sim_buffer *buf = &b->bufs[i];
      if (buf->state != SIM_BUF_FREE &&
          b->queues[buf->queue].kind != SIM_Q_TBUF) {
        char qd[128];
        sim_issue *is =
            sim_report(b, CASC_CHECK_LEAK, CASC_SEV_ERROR, in->op,
                       "%s: buffer %d of %s is still in use",
                       sim_api_name(in->op), i - b->queues[buf->queue].first,
                       sim_queue_desc(&b->queues[buf->queue], qd, sizeof qd));
        note_tensor(is, buf);
        return false;
      }
    }
    /* Reset/Destroy wait on every outstanding event and free all pools. */
    for (int i = 0; i < b->nbufs; i++)
      if (b->bufs[i].free_id >= 0 && b->bufs[i].state == SIM_BUF_FREE &&
          !sim_flag(b, in, b->queues[b->bufs[i].queue].free_evt,
                    b->bufs[i].free_id, false))
        return false;
    if (!sim_sync_scalar_waits(b, in))
      return false;
    sim_tm_barrier(b, 6 /* PIPE_ALL */);
    int nq = b->nqueues, np = b->nbufpools;
    const casc_op *pop = b->pipe_op;
    sim_pipe_reset_state(b);
    b->nqueues = nq;
    for (int i = 0; i < nq; i++)
      b->queues[i].inited = false;
    b->nbufpools = np;
    for (int i = 0; i < np; i++)
      b->bufpools[i].inited = false;
    /* A destroyed TPipe keeps its constructor: Init may revive it. */
    b->pipe_op = pop;
    if (in->opc == SIM_PIPE_RESET)
      b->pipe_alive = true;
    return true;
  }
  case SIM_ALLOC_TENSOR:
  case SIM_DEQUE:
  case SIM_DEQUE_POS: {
    sim_tensor t;
    if (!(in->opc == SIM_ALLOC_TENSOR ? do_alloc(b, in, &t)
                                      : do_deque(b, in, &t)))
      return false;
    s[in->r].t = t;
    return true;
  }
  case SIM_ALLOC_TENSOR_IN_PLACE: {
    sim_tensor t;
    if (!do_alloc(b, in, &t))
      return false;
    s[in->a[1]].t = t;
    return true;
  }
  case SIM_DEQUE_IN_PLACE: {
    sim_tensor t;
    if (!do_deque(b, in, &t))
      return false;
    s[in->a[1]].t = t;
    return true;
  }
  case SIM_ENQUE:
  case SIM_ENQUE_POS:
    return do_enque(b, in);
  case SIM_FREE_TENSOR:
    return do_free(b, in);
  case SIM_HAS_IDLE_BUFFER:
  case SIM_HAS_TENSOR_IN_QUE:
  case SIM_VACANT_IN_QUE:
  case SIM_TENSOR_COUNT_IN_QUE:
    return do_query(b, in);
  case SIM_QUE_DESTROY:
  case SIM_FREE_ALL_EVENT:
    return do_free_all_event(b, in);
  case SIM_TBUF_GET:
  case SIM_TBUF_GET_WITH_OFFSET:
    return do_tbuf_get(b, in);
  case SIM_TO_QUE_BIND:
    s[in->r].i = s[in->a[0]].i;
    return true;
  case SIM_ALLOC_EVENT_ID:
  case SIM_FETCH_EVENT_ID:
  case SIM_RELEASE_EVENT_ID:
  case SIM_SET_FLAG:
  case SIM_WAIT_FLAG:
    return do_events(b, in);
  default:
    return false;
  }
}

void sim_end_of_kernel(sim_block *b) {
  char qd[128];
  for (int i = 0; i < b->nbufs; i++) {
    sim_buffer *buf = &b->bufs[i];
    sim_queue *q = &b->queues[buf->queue];
    if (buf->state == SIM_BUF_FREE || q->kind == SIM_Q_TBUF)
      continue;
    const char *what =
        buf->state == SIM_BUF_ENQUEUED
            ? "is still enqueued at kernel end (EnQue without DeQue)"
        : buf->state == SIM_BUF_DEQUEUED
            ? "was dequeued but never freed (leak at kernel end)"
            : "is still allocated at kernel end (AllocTensor without "
              "FreeTensor)";
    sim_issue *is = sim_report(
        b, CASC_CHECK_LEAK, CASC_SEV_ERROR, buf->alloc_op, "buffer %d of %s %s",
        i - q->first, sim_queue_desc(q, qd, sizeof qd), what);
    sim_note_add(is, q->decl->loc, "queue declared here");
  }
  /* A pipe still held by a wait is reported at that wait; its flag's
   * imbalance is the same bug. */
  int held_evt = -1, held_id = -1;
  sim_sync_kernel_end(b, &held_evt, &held_id);
  for (int e = 0; e < SIM_NUM_EVENTS; e++)
    for (int id = 0; id < SIM_EVENT_IDS; id++) {
      int bal = b->flag_bal[e][id];
      if (!bal || (bal < 0 && e == held_evt && id == held_id))
        continue;
      sim_report(b, CASC_CHECK_UNPAIRED_FLAG, CASC_SEV_ERROR, b->flag_op[e][id],
                 bal > 0 ? "SetFlag<%s>(%d) has no matching WaitFlag at "
                           "kernel end"
                         : "WaitFlag<%s>(%d) has no matching SetFlag before "
                           "kernel end",
                 event_name(e), id);
    }
}
