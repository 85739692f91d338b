/* Tensor bookkeeping the value model can hold: LocalTensor SetSize,
 * SetBufferLen, SetAddrWithOffset and GetPosition, TPipe GetBaseAddr, and the
 * static tensor allocator LocalMemAllocator (Alloc, GetCurAddr), whose tensors
 * are tensors built from an address (buf -1) as LocalTensor(pos, addr, len)
 * makes them. Semantics: docs/simulator.md ("Tensor bookkeeping"). */
#include <stdio.h>

#include "sim/sim_internal.h"

/* Hardware enum (GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF): the pool of a
 * local one, SIM_POOL_COUNT_ for GM and out-of-range values. */
static unsigned pool_of_hardware(int64_t hw) {
  return hw >= 1 && hw <= SIM_POOL_COUNT_ ? (unsigned)(hw - 1)
                                          : SIM_POOL_COUNT_;
}

static const char *pool_name(unsigned p) {
  static const char *const n[SIM_POOL_COUNT_] = {
      [SIM_POOL_UB] = "UB",    [SIM_POOL_L1] = "L1",   [SIM_POOL_L0A] = "L0A",
      [SIM_POOL_L0B] = "L0B",  [SIM_POOL_L0C] = "L0C", [SIM_POOL_BT] = "BIAS",
      [SIM_POOL_FB] = "FIXBUF"};
  return p < SIM_POOL_COUNT_ ? n[p] : "?";
}

bool sim_tensor_meta_check(const casc_op *op, sim_insn *in, char *why,
                           size_t n) {
  const casc_type *t = NULL;
  switch ((sim_opc)in->opc) {
  case SIM_LMA_NEW:
    t = casc_op_results(op)[0].type;
    break;
  case SIM_LMA_ALLOC:
  case SIM_LMA_CUR_ADDR:
    t = op->operands[0].value->type;
    break;
  default:
    return true;
  }
  if (!t || t->kind != CASC_TYPE_ASC ||
      pool_of_hardware(t->u.asc.p[0]) >= SIM_POOL_COUNT_) {
    snprintf(why, n,
             "a LocalMemAllocator other than of UB, L1, L0A, L0B, L0C, BIAS "
             "or FIXBUF");
    return false;
  }
  in->imm2 = (int64_t)pool_of_hardware(t->u.asc.p[0]);
  return true;
}

/* Bytes the tensor may grow to from its start: to the end of its buffer
 * (a queue / TBuf tensor) or of its memory (one built from an address). */
static int64_t room(const sim_block *b, const sim_tensor *t) {
  if (t->buf >= 0 && t->buf < b->nbufs) {
    const sim_buffer *bf = &b->bufs[t->buf];
    return (int64_t)bf->addr + bf->len - t->off;
  }
  return (int64_t)b->pool_size[t->pool < SIM_POOL_COUNT_ ? t->pool : 0] -
         t->off;
}

bool sim_exec_tensor_meta(sim_block *b, const sim_insn *in) {
  sim_slot *s = b->slots, *r = &s[in->r];
  switch ((sim_opc)in->opc) {
  case SIM_LT_SET_SIZE: {
    /* SetSize(size): size elements of the tensor's type, within its
     * buffer */
    sim_tensor *t = &s[in->a[0]].t;
    int64_t es = casc_dtype_size((casc_dtype)in->dt2);
    int64_t sz = sim_count(&s[in->a[1]], in->dt3) * es;
    if (sz < 0 || sz > room(b, t))
      return sim_fail(
          b, in, CASC_CHECK_UB_OUT_OF_BOUNDS,
          "%lld bytes, but the tensor's buffer has room for %lld from "
          "its start",
          (long long)sz, (long long)room(b, t));
    t->len = sz;
    return true;
  }
  case SIM_LT_SET_BUFFER_LEN: {
    /* SetBufferLen(dataLen): the tensor's length in bytes, as the
     * reference's example has it (1024 bytes), within its buffer */
    sim_tensor *t = &s[in->a[0]].t;
    int64_t sz = sim_count(&s[in->a[1]], in->dt3);
    if (sz < 0 || sz > room(b, t))
      return sim_fail(
          b, in, CASC_CHECK_UB_OUT_OF_BOUNDS,
          "%lld bytes, but the tensor's buffer has room for %lld from "
          "its start",
          (long long)sz, (long long)room(b, t));
    t->len = sz;
    return true;
  }
  case SIM_LT_SET_ADDR_OFFSET: {
    /* tensor = src + offset elements of src */
    const sim_tensor *src = &s[in->a[1]].t;
    int64_t es = casc_dtype_size((casc_dtype)in->dt3);
    int64_t off = sim_count(&s[in->a[2]], CASC_DT_U32) * es;
    if (off > src->len)
      return sim_fail(b, in, CASC_CHECK_UB_OUT_OF_BOUNDS,
                      "an offset of %lld bytes into a tensor of %lld",
                      (long long)off, (long long)src->len);
    sim_tensor nt = *src;
    nt.off += off;
    nt.len -= off;
    s[in->a[0]].t = nt;
    return true;
  }
  case SIM_LT_GET_POSITION: {
    /* the TPosition of the queue (its source side) or TBuf that gave the
     * tensor; a tensor built from an address has none the model keeps */
    const sim_tensor *t = &s[in->a[0]].t;
    if (t->buf < 0 || t->buf >= b->nbufs || b->bufs[t->buf].queue < 0) {
      sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
                 "not supported by the simulator: %s (a tensor not from a "
                 "queue or TBuf)",
                 casc_op_name(in->op));
      return false;
    }
    r->i = sim_norm(b->queues[b->bufs[t->buf].queue].src, in->dt);
    return true;
  }
  case SIM_PIPE_BASE_ADDR:
    /* every memory's addresses start at 0 (GetPhyAddr agrees) */
    r->i = 0;
    return true;
  case SIM_LMA_NEW:
    r->i = 0; /* the next free address */
    return true;
  case SIM_LMA_CUR_ADDR:
    r->i = sim_norm(s[in->a[0]].i, in->dt);
    return true;
  case SIM_LMA_ALLOC: {
    unsigned pool = (unsigned)in->imm2;
    int posp = (int)sim_pool_of_pos((int)in->imm);
    if (posp != (int)pool) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: the position is not in the allocator's %s",
                 sim_api_name(in->op), pool_name(pool));
      return false;
    }
    if (b->pipe_alive) {
      sim_issue *is =
          sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                     "%s: LocalMemAllocator while a TPipe is alive (the "
                     "reference: they must not be mixed)",
                     sim_api_name(in->op));
      if (b->pipe_op)
        sim_note_add(is, b->pipe_op->loc, "the TPipe was made here");
      return false;
    }
    int64_t es = casc_dtype_size((casc_dtype)in->dt);
    int64_t n = sim_count(&s[in->a[1]], in->dt3) * es;
    int64_t cur = s[in->a[0]].i;
    if (n < 0 || cur + n > (int64_t)b->pool_size[pool])
      return sim_fail(b, in, CASC_CHECK_UB_CAPACITY,
                      "%lld bytes at the allocator's address %lld run past the "
                      "memory's end",
                      (long long)n, (long long)cur);
    memset(&r->t, 0, sizeof r->t);
    r->t.off = cur;
    r->t.len = n;
    r->t.buf = -1;
    r->t.pool = (uint8_t)pool;
    s[in->a[0]].i = cur + n;
    return true;
  }
  default:
    return true;
  }
}
