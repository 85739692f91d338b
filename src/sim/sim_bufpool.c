/* TBufPool (docs/simulator.md, "TBufPool"): sub-pools of the TPipe's
 * memory. TPipe::InitBufPool(pool, len) carves len bytes (rounded up to 32,
 * as InitBuffer's lengths are) from the TPipe's bump pointer of the pool's
 * TPosition memory; TBufPool::InitBufPool(pool, len) carves them from
 * another pool; with shareBuf the new pool starts where shareBuf starts and
 * takes no new memory (at most shareBuf's length). TBufPool::InitBuffer
 * (queue or TBuf) reserves the buffers inside the pool (queue.c's reserve,
 * through b->carve) and counts them against the pool's bufIDSize, the
 * second template argument. Reset() gives the pool's memory back: its
 * queues, TBufs and sub-pools must be initialised again, and a buffer still
 * held is a leak error, as at TPipe::Reset. */
#include <stdio.h>

#include "sim/sim_internal.h"

static sim_bufpool *pool_arg(sim_block *b, const sim_insn *in, unsigned i,
                             bool need_init) {
  int64_t pi = b->slots[in->a[i]].i;
  if (pi < 0 || pi >= b->nbufpools) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: the TBufPool object was never constructed",
               sim_api_name(in->op));
    return NULL;
  }
  sim_bufpool *p = &b->bufpools[pi];
  if (need_init && !p->inited) {
    sim_issue *is = sim_report(
        b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
        "%s on TBufPool #%d before InitBufPool gave it memory (or after its "
        "Reset, or its parent's)",
        sim_api_name(in->op), (int)pi);
    sim_note_add(is, p->decl->loc, "TBufPool declared here");
    return NULL;
  }
  return p;
}

static int pool_index(const sim_block *b, const sim_bufpool *p) {
  return (int)(p - b->bufpools);
}

static bool do_new(sim_block *b, const sim_insn *in) {
  const casc_type *t = casc_op_results(in->op)[0].type;
  int pi = -1;
  for (int i = 0; i < b->nbufpools; i++)
    if (b->bufpools[i].decl == in->op)
      pi = i; /* the constructor again: a fresh object in its place */
  if (pi < 0) {
    if (b->nbufpools == SIM_MAX_BUFPOOLS) {
      sim_report(b, CASC_CHECK_TOO_MANY_BUFFERS, CASC_SEV_ERROR, in->op,
                 "more than %d TBufPool objects", SIM_MAX_BUFPOOLS);
      return false;
    }
    pi = b->nbufpools++;
  }
  sim_bufpool *p = &b->bufpools[pi];
  memset(p, 0, sizeof *p);
  p->decl = in->op;
  p->parent = -1;
  int64_t pos = t && t->kind == CASC_TYPE_ASC ? t->u.asc.p[0] : -1;
  int64_t ids = t && t->kind == CASC_TYPE_ASC ? t->u.asc.p[1] : 0;
  p->pool = (uint8_t)sim_pool_of_pos((int)pos);
  p->max_bufs = (uint8_t)(ids > 0 && ids < 255 ? ids : 0);
  b->slots[in->r].i = pi;
  return true;
}

/* InitBufPool from the TPipe (origin NULL) or from origin. */
static bool do_init_pool(sim_block *b, const sim_insn *in, sim_bufpool *origin,
                         unsigned pool_opnd) {
  sim_bufpool *p = pool_arg(b, in, pool_opnd, false);
  if (!p)
    return false;
  const char *api = sim_api_name(in->op);
  int idx = pool_index(b, p);
  if (p->pool >= SIM_POOL_COUNT_) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: TBufPool #%d's position is not a local memory", api, idx);
    return false;
  }
  if (p->inited) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: TBufPool #%d already has its memory (Reset it first)", api,
               idx);
    return false;
  }
  if (origin && origin->pool != p->pool) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: TBufPool #%d is in %s, but TBufPool #%d is in %s", api, idx,
               casc_hw_mem_name((casc_hw_mem)p->pool), pool_index(b, origin),
               casc_hw_mem_name((casc_hw_mem)origin->pool));
    return false;
  }
  unsigned lendt =
      casc_dtype_of_type(in->op->operands[pool_opnd + 1].value->type);
  int64_t len = sim_count(&b->slots[in->a[pool_opnd + 1]], lendt);
  if (len <= 0 || len > (int64_t)1 << 31) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: length %lld must be positive", api, (long long)len);
    return false;
  }
  len = casc_hw_buffer_len(len);
  if (in->nargs > pool_opnd + 2) {
    /* shareBuf: the same memory as another pool */
    sim_bufpool *sh = pool_arg(b, in, pool_opnd + 2, true);
    if (!sh)
      return false;
    if (sh->pool != p->pool || len > sh->len) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: TBufPool #%d shares TBufPool #%d's memory, which is %u "
                 "bytes of %s; it asks for %lld bytes of %s",
                 api, idx, pool_index(b, sh), sh->len,
                 casc_hw_mem_name((casc_hw_mem)sh->pool), (long long)len,
                 casc_hw_mem_name((casc_hw_mem)p->pool));
      return false;
    }
    p->start = p->top = sh->start;
    p->parent = sh->parent;
  } else {
    int64_t start = origin ? origin->top : b->pool_top[p->pool];
    int64_t limit = origin ? (int64_t)origin->start + origin->len
                           : (int64_t)b->pool_size[p->pool];
    if (start + len > limit) {
      if (origin)
        sim_report(b, CASC_CHECK_UB_CAPACITY, CASC_SEV_ERROR, in->op,
                   "%s: TBufPool #%d needs bytes [%lld, %lld), but TBufPool "
                   "#%d ends at %lld",
                   api, idx, (long long)start, (long long)(start + len),
                   pool_index(b, origin), (long long)limit);
      else
        sim_report(b, CASC_CHECK_UB_CAPACITY, CASC_SEV_ERROR, in->op,
                   "%s: TBufPool #%d needs bytes [%lld, %lld), but %s has %lld "
                   "bytes",
                   api, idx, (long long)start, (long long)(start + len),
                   casc_hw_mem_name((casc_hw_mem)p->pool), (long long)limit);
      return false;
    }
    p->start = p->top = (uint32_t)start;
    p->parent = (int8_t)(origin ? pool_index(b, origin) : -1);
    if (origin)
      origin->top = (uint32_t)(start + len);
    else
      b->pool_top[p->pool] = (uint32_t)(start + len);
  }
  p->len = (uint32_t)len;
  p->nbufs = 0;
  p->inited = true;
  if (in->r)
    b->slots[in->r].i = sim_norm(1, in->dt); /* InitBufPool succeeded */
  return true;
}

/* Reset pool pi and everything carved from it; the pools carved from it
 * (not the root, the one Reset was called on) lose their memory. False
 * after reporting a buffer still held. */
static bool reset_pool(sim_block *b, const sim_insn *in, int pi, bool root) {
  for (int i = 0; i < b->nbufpools; i++)
    if (i != pi && b->bufpools[i].inited && b->bufpools[i].parent == pi &&
        !reset_pool(b, in, i, false))
      return false;
  int lowest = b->nbufs;
  for (int qi = 0; qi < b->nqueues; qi++) {
    sim_queue *q = &b->queues[qi];
    if (!q->inited || q->bufpool != pi + 1)
      continue;
    for (int k = 0; k < q->num; k++) {
      sim_buffer *buf = &b->bufs[q->first + k];
      if (buf->state != SIM_BUF_FREE && q->kind != SIM_Q_TBUF) {
        char qd[128];
        sim_issue *is = sim_report(b, CASC_CHECK_LEAK, CASC_SEV_ERROR, in->op,
                                   "%s: buffer %d of %s is still in use",
                                   sim_api_name(in->op), k,
                                   sim_queue_desc(q, qd, sizeof qd));
        if (buf->alloc_op)
          sim_note_add(is, buf->alloc_op->loc, "the tensor was taken here");
        return false;
      }
      /* the last FreeTensor's flag: waited, as TPipe::Reset does, and its
       * event id given back */
      if (buf->free_id >= 0) {
        if (!sim_flag(b, in, q->free_evt, buf->free_id, false))
          return false;
        if (q->free_evt >= 0)
          b->evt_mask[q->free_evt] &= (uint8_t) ~(1u << buf->free_id);
        buf->free_id = -1;
      }
    }
    q->inited = false;
    q->bufpool = 0;
    if (q->first < lowest)
      lowest = q->first;
  }
  /* The pool's buffers at the end of the TPipe's table are given back, so
   * that a loop of InitBuffer / Reset does not run out of them. */
  bool tail = true;
  for (int i = lowest; i < b->nbufs && tail; i++)
    tail = !b->queues[b->bufs[i].queue].inited;
  if (tail)
    b->nbufs = lowest;
  sim_bufpool *p = &b->bufpools[pi];
  p->top = p->start;
  p->nbufs = 0;
  if (!root)
    p->inited = false; /* carved again after its parent's Reset */
  return true;
}

bool sim_exec_bufpool(sim_block *b, const sim_insn *in) {
  switch ((sim_opc)in->opc) {
  case SIM_BUFPOOL_NEW:
    return do_new(b, in);
  case SIM_PIPE_INIT_BUF_POOL:
    if (!b->pipe_alive) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "InitBufPool: the TPipe was never constructed or has been "
                 "destroyed");
      return false;
    }
    return do_init_pool(b, in, NULL, 1);
  case SIM_BUFPOOL_INIT_BUF_POOL: {
    sim_bufpool *origin = pool_arg(b, in, 0, true);
    return origin && do_init_pool(b, in, origin, 1);
  }
  case SIM_BUFPOOL_RESET: {
    sim_bufpool *p = pool_arg(b, in, 0, true);
    return p && reset_pool(b, in, pool_index(b, p), true);
  }
  default:
    return false;
  }
}

bool sim_bufpool_carve_begin(sim_block *b, const sim_insn *in,
                             const sim_queue *q, int64_t num) {
  sim_bufpool *p = pool_arg(b, in, 0, true);
  if (!p)
    return false;
  char qd[128];
  int idx = pool_index(b, p);
  if (q->pool != p->pool) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "InitBuffer: %s is in %s, but TBufPool #%d is in %s",
               sim_queue_desc(q, qd, sizeof qd),
               casc_hw_mem_name((casc_hw_mem)q->pool), idx,
               casc_hw_mem_name((casc_hw_mem)p->pool));
    return false;
  }
  if (q->kind != SIM_Q_TBUF && q->depth == 0) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "not supported by the simulator: %s (an in-place queue, depth "
               "0, from a TBufPool: its event ids would outlive the pool's "
               "Reset)",
               casc_op_name(in->op));
    return false;
  }
  if (p->max_bufs && p->nbufs + num > p->max_bufs) {
    sim_report(b, CASC_CHECK_TOO_MANY_BUFFERS, CASC_SEV_ERROR, in->op,
               "InitBuffer for %s: TBufPool #%d would manage %lld buffers; its "
               "bufIDSize is %u",
               sim_queue_desc(q, qd, sizeof qd), idx,
               (long long)(p->nbufs + num), p->max_bufs);
    return false;
  }
  b->carve = (int8_t)idx;
  return true;
}

void sim_bufpool_span(const sim_block *b, int64_t *start, int64_t *limit) {
  const sim_bufpool *p = &b->bufpools[b->carve];
  *start = p->top;
  *limit = (int64_t)p->start + p->len;
}

void sim_bufpool_overflow(sim_block *b, const sim_insn *in, const sim_queue *q,
                          int num, int64_t len, int64_t start, int64_t end) {
  char qd[128];
  const sim_bufpool *p = &b->bufpools[b->carve];
  sim_issue *is = sim_report(
      b, CASC_CHECK_UB_CAPACITY, CASC_SEV_ERROR, in->op,
      "InitBuffer for %s: %d buffer(s) of %lld bytes need bytes [%lld, %lld), "
      "but TBufPool #%d has [%u, %u)",
      sim_queue_desc(q, qd, sizeof qd), num, (long long)len, (long long)start,
      (long long)end, (int)b->carve, p->start, p->start + p->len);
  sim_note_add(is, p->decl->loc, "TBufPool declared here");
}

void sim_bufpool_took(sim_block *b, sim_queue *q, int64_t end, int num) {
  sim_bufpool *p = &b->bufpools[b->carve];
  p->top = (uint32_t)end;
  p->nbufs = (uint8_t)(p->nbufs + num);
  q->bufpool = (int8_t)(b->carve + 1);
}
