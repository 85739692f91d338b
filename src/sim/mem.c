/* Tensor operands and data movement: the memory half of the sanitizer.
 * Every UB access goes through sim_local_access (buffer state, tensor and
 * UB bounds, 32-byte alignment), every GM access through sim_global_access
 * (bounds of the caller's buffer), so a kernel can never reach host memory
 * outside what it was given. Also the tensor-building ops (GlobalTensor,
 * subindex, LocalTensor(pos, addr, len), ...) and DataCopy. */
#include <stdio.h>
#include <string.h>

#include "sim/sim_internal.h"

static unsigned esize(unsigned dt) {
  unsigned s = casc_dtype_size((casc_dtype)dt);
  return s ? s : 1;
}

static const char *opnd_name(const sim_insn *in, unsigned i, char *buf,
                             unsigned n) {
  return sim_operand_name(in->op, i, buf, n);
}

/* " (buffer 1 of queue #0 <VECIN, 2>)" or "" for tensors not from a queue. */
static const char *buf_desc(sim_block *b, const sim_tensor *t, char *out,
                            unsigned n) {
  if (t->buf < 0) {
    out[0] = 0;
    return out;
  }
  const sim_buffer *buf = &b->bufs[t->buf];
  const sim_queue *q = &b->queues[buf->queue];
  char qd[128];
  snprintf(out, n, " (buffer %d of %s)", t->buf - q->first,
           sim_queue_desc(q, qd, sizeof qd));
  return out;
}

uint8_t *sim_local_access(sim_block *b, const sim_insn *in, unsigned opnd,
                          int64_t byte_off, int64_t bytes, bool align32) {
  const sim_tensor *t = &b->slots[in->a[opnd]].t;
  char on[32], bd[192];
  const char *api = sim_api_name(in->op);
  if (t->buf == SIM_BUF_UNSET) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: operand '%s' is a LocalTensor that was never given "
               "memory (AllocTensor, DeQue, Get or an address)",
               api, opnd_name(in, opnd, on, sizeof on));
    return NULL;
  }
  if (t->pool != SIM_POOL_UB) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s: operand '%s' is not in the unified buffer; the "
               "simulator models data in UB only",
               api, opnd_name(in, opnd, on, sizeof on));
    return NULL;
  }
  if (t->buf >= 0) {
    const sim_buffer *buf = &b->bufs[t->buf];
    if (t->gen != buf->gen || buf->state == SIM_BUF_FREE) {
      sim_issue *is = sim_report(
          b, CASC_CHECK_USE_AFTER_FREE, CASC_SEV_ERROR, in->op,
          "%s: operand '%s'%s is used after FreeTensor", api,
          opnd_name(in, opnd, on, sizeof on), buf_desc(b, t, bd, sizeof bd));
      if (buf->free_op)
        sim_note_add(is, buf->free_op->loc, "freed here");
      return NULL;
    }
    if (buf->state == SIM_BUF_ENQUEUED) {
      sim_issue *is = sim_report(
          b, CASC_CHECK_USE_WHILE_ENQUEUED, CASC_SEV_ERROR, in->op,
          "%s: operand '%s'%s is used between EnQue and DeQue", api,
          opnd_name(in, opnd, on, sizeof on), buf_desc(b, t, bd, sizeof bd));
      if (buf->alloc_op)
        sim_note_add(is, buf->alloc_op->loc, "tensor obtained here");
      return NULL;
    }
  }
  int64_t lo = t->off + byte_off, hi = lo + bytes;
  if (byte_off < 0 || bytes < 0 || byte_off + bytes > t->len) {
    sim_report(b, CASC_CHECK_UB_OUT_OF_BOUNDS, CASC_SEV_ERROR, in->op,
               "%s: operand '%s'%s accesses UB bytes [%lld, %lld), outside "
               "its tensor [%lld, %lld) (%lld bytes)",
               api, opnd_name(in, opnd, on, sizeof on),
               buf_desc(b, t, bd, sizeof bd), (long long)lo, (long long)hi,
               (long long)t->off,
               (long long)(t->off + (t->len > 0 ? t->len : 0)),
               (long long)(t->len > 0 ? t->len : 0));
    return NULL;
  }
  if (lo < 0 || hi > (int64_t)b->pool_size[SIM_POOL_UB]) {
    sim_report(b, CASC_CHECK_UB_OUT_OF_BOUNDS, CASC_SEV_ERROR, in->op,
               "%s: operand '%s' accesses UB bytes [%lld, %lld), outside the "
               "unified buffer (%u bytes)",
               api, opnd_name(in, opnd, on, sizeof on), (long long)lo,
               (long long)hi, b->pool_size[SIM_POOL_UB]);
    return NULL;
  }
  if (align32 && (lo % 32) != 0) {
    sim_report(b, CASC_CHECK_UNALIGNED, CASC_SEV_ERROR, in->op,
               "%s: operand '%s'%s has UB address %lld, which is not 32-byte "
               "aligned",
               api, opnd_name(in, opnd, on, sizeof on),
               buf_desc(b, t, bd, sizeof bd), (long long)lo);
    return NULL;
  }
  if (b->tm)
    sim_tm_access(b, in, opnd, lo, bytes);
  return b->mem[SIM_POOL_UB] + lo;
}

uint8_t *sim_global_access(sim_block *b, const sim_insn *in, unsigned opnd,
                           int64_t byte_off, int64_t bytes) {
  const sim_tensor *t = &b->slots[in->a[opnd]].t;
  char on[32];
  const char *api = sim_api_name(in->op);
  if (t->buf < 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: operand '%s' is a GlobalTensor without SetGlobalBuffer",
               api, opnd_name(in, opnd, on, sizeof on));
    return NULL;
  }
  const sim_gm *gm = &b->L->gm[t->buf];
  unsigned es =
      esize(in->op->nops > opnd ? casc_dtype_of_type(casc_type_elem(
                                      in->op->operands[opnd].value->type))
                                : CASC_DT_U8);
  int64_t lo = t->off + byte_off, hi = lo + bytes;
  if (lo < 0 || hi > gm->bytes || bytes < 0) {
    sim_report(b, CASC_CHECK_GM_OUT_OF_BOUNDS, CASC_SEV_ERROR, in->op,
               "%s: operand '%s' accesses GM '%s' elements [%lld, %lld), but "
               "the buffer has %lld elements",
               api, opnd_name(in, opnd, on, sizeof on), gm->name,
               (long long)(lo / (int64_t)es),
               (long long)((hi + (int64_t)es - 1) / (int64_t)es),
               (long long)(gm->bytes / (int64_t)es));
    return NULL;
  }
  if (t->len >= 0 && byte_off + bytes > t->len)
    sim_report(b, CASC_CHECK_GM_OUT_OF_BOUNDS, CASC_SEV_WARNING, in->op,
               "%s: operand '%s' accesses GM '%s' elements [%lld, %lld), past "
               "the %lld elements given to SetGlobalBuffer",
               api, opnd_name(in, opnd, on, sizeof on), gm->name,
               (long long)(lo / (int64_t)es),
               (long long)((hi + (int64_t)es - 1) / (int64_t)es),
               (long long)((t->off + t->len) / (int64_t)es));
  return gm->base + lo;
}

void sim_check_init(sim_block *b, const sim_insn *in, unsigned opnd,
                    const uint8_t *p, int64_t bytes) {
  const uint8_t *sh = b->shadow + (p - b->mem[SIM_POOL_UB]);
  const uint8_t *z = memchr(sh, 0, (size_t)bytes);
  if (!z)
    return;
  char on[32];
  int64_t at = p - b->mem[SIM_POOL_UB];
  sim_report(b, CASC_CHECK_UNINIT_READ, CASC_SEV_WARNING, in->op,
             "%s: operand '%s' reads UB bytes [%lld, %lld), which were never "
             "written (first at byte %lld); UB starts with garbage",
             sim_api_name(in->op),
             sim_operand_name(in->op, opnd, on, sizeof on), (long long)at,
             (long long)(at + bytes), (long long)(at + (z - sh)));
}

bool sim_check_overlap(sim_block *b, const sim_insn *in, unsigned d,
                       const uint8_t *dp, int64_t dbytes, unsigned s,
                       const uint8_t *sp, int64_t sbytes) {
  if (dp == sp && dbytes == sbytes)
    return true; /* in place: allowed */
  if (dp < sp + sbytes && sp < dp + dbytes) {
    char dn[32], sn[32];
    int64_t d0 = dp - b->mem[SIM_POOL_UB], s0 = sp - b->mem[SIM_POOL_UB];
    sim_report(b, CASC_CHECK_PARTIAL_OVERLAP, CASC_SEV_ERROR, in->op,
               "%s: '%s' UB bytes [%lld, %lld) partially overlap '%s' bytes "
               "[%lld, %lld); operands may only overlap completely",
               sim_api_name(in->op), sim_operand_name(in->op, d, dn, sizeof dn),
               (long long)d0, (long long)(d0 + dbytes),
               sim_operand_name(in->op, s, sn, sizeof sn), (long long)s0,
               (long long)(s0 + sbytes));
    return false;
  }
  return true;
}

static int64_t arg_int(sim_block *b, const sim_insn *in, unsigned i) {
  unsigned dt = casc_dtype_of_type(in->op->operands[i].value->type);
  return sim_count(&b->slots[in->a[i]], dt);
}

static bool bad_value(sim_block *b, const sim_insn *in, const char *what,
                      long long v) {
  sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op, "%s: %s is %lld",
             sim_api_name(in->op), what, v);
  return false;
}

/* One contiguous copy of n bytes at the given offsets of dst/src. */
static bool copy_bytes(sim_block *b, const sim_insn *in, bool dl, bool sl,
                       int64_t doff, int64_t soff, int64_t n) {
  uint8_t *sp = sl ? sim_local_access(b, in, 1, soff, n, true)
                   : sim_global_access(b, in, 1, soff, n);
  if (!sp)
    return false;
  uint8_t *dp = dl ? sim_local_access(b, in, 0, doff, n, true)
                   : sim_global_access(b, in, 0, doff, n);
  if (!dp)
    return false;
  if (sl)
    sim_check_init(b, in, 1, sp, n);
  if (dl && sl && !sim_check_overlap(b, in, 0, dp, n, 1, sp, n))
    return false;
  memmove(dp, sp, (size_t)n);
  if (dl)
    sim_mark_written(b, dp, n);
  return true;
}

static bool data_copy(sim_block *b, const sim_insn *in) {
  const casc_op *op = in->op;
  bool dl = casc_type_is_local_tensor(op->operands[0].value->type);
  bool sl = casc_type_is_local_tensor(op->operands[1].value->type);
  unsigned es = esize(in->dt);
  if (in->opc == SIM_DATA_COPY_L2) {
    int64_t count = arg_int(b, in, 2);
    if (count < 0)
      return bad_value(b, in, "the element count", count);
    int64_t bytes = count * es, n = bytes / 32 * 32;
    if (bytes != n)
      sim_report(b, CASC_CHECK_COPY_TRUNCATED, CASC_SEV_WARNING, in->op,
                 "DataCopy of %lld x %s = %lld bytes is not a multiple of 32 "
                 "bytes: only %lld bytes are copied (use DataCopyPad)",
                 (long long)count, casc_dtype_name((casc_dtype)in->dt),
                 (long long)bytes, (long long)n);
    if (n == 0)
      return true;
    return copy_bytes(b, in, dl, sl, 0, 0, n);
  }
  /* DataCopyParams: blockCount blocks of blockLen x 32 B, gaps in 32 B. */
  uint64_t p = (uint64_t)b->slots[in->a[2]].i;
  int64_t bc = (uint16_t)p, bl = (uint16_t)(p >> 16);
  int64_t sg = (uint16_t)(p >> 32), dg = (uint16_t)(p >> 48);
  if (bc > 4095)
    return bad_value(b, in, "blockCount (at most 4095)", bc);
  if (bc == 0 || bl == 0)
    return true; /* NOP on A2 */
  for (int64_t k = 0; k < bc; k++)
    if (!copy_bytes(b, in, dl, sl, k * (bl + dg) * 32, k * (bl + sg) * 32,
                    bl * 32))
      return false;
  return true;
}

bool sim_exec_memory(sim_block *b, const sim_insn *in) {
  sim_slot *s = b->slots;
  sim_slot *r = &s[in->r];
  const casc_op *op = in->op;
  switch (in->opc) {
  case SIM_PTR_OFFSET: {
    int64_t idx = sim_sext(s[in->a[1]].i, in->dt3);
    r->t = s[in->a[0]].t;
    r->t.off += idx * (int64_t)esize(in->dt2);
    return true;
  }
  case SIM_GLOBAL_TENSOR:
    memset(&r->t, 0, sizeof r->t);
    r->t.buf = -1;
    return true;
  case SIM_SET_GLOBAL_BUFFER: {
    sim_tensor t = s[in->a[1]].t;
    t.len = -1;
    if (in->nargs > 2) {
      int64_t n = arg_int(b, in, 2);
      if (n < 0)
        return bad_value(b, in, "the size", n);
      t.len = n * (int64_t)esize(in->dt2);
    }
    s[in->a[0]].t = t;
    return true;
  }
  case SIM_GT_SUBINDEX:
  case SIM_GT_BRACKET:
  case SIM_LT_SUBINDEX:
  case SIM_LT_BRACKET: {
    int64_t idx = sim_sext(s[in->a[1]].i, in->dt3) * (int64_t)esize(in->dt2);
    r->t = s[in->a[0]].t;
    r->t.off += idx;
    if (r->t.len >= 0 || in->opc == SIM_LT_SUBINDEX ||
        in->opc == SIM_LT_BRACKET)
      r->t.len -= idx;
    return true;
  }
  case SIM_GT_GET_VALUE:
  case SIM_LT_GET_VALUE: {
    unsigned es = esize(in->dt);
    int64_t i = arg_int(b, in, 1);
    uint8_t *p = in->opc == SIM_GT_GET_VALUE
                     ? sim_global_access(b, in, 0, i * es, es)
                     : sim_local_access(b, in, 0, i * es, es, false);
    if (!p)
      return false;
    if (in->opc == SIM_LT_GET_VALUE)
      sim_check_init(b, in, 0, p, es);
    if (sim_dt_is_float(in->dt))
      r->f = sim_load_f(p, in->dt);
    else
      r->i = sim_norm(sim_load_i(p, in->dt), in->dt);
    return true;
  }
  case SIM_GT_SET_VALUE:
  case SIM_LT_SET_VALUE: {
    unsigned es = esize(in->dt);
    int64_t i = arg_int(b, in, 1);
    uint8_t *p = in->opc == SIM_GT_SET_VALUE
                     ? sim_global_access(b, in, 0, i * es, es)
                     : sim_local_access(b, in, 0, i * es, es, false);
    if (!p)
      return false;
    unsigned vdt = casc_dtype_of_type(op->operands[2].value->type);
    const sim_slot *v = &s[in->a[2]];
    if (sim_dt_is_float(vdt))
      sim_store_f(p, in->dt, v->f);
    else
      sim_store_i(p, in->dt, v->i);
    if (in->opc == SIM_LT_SET_VALUE)
      sim_mark_written(b, p, es);
    return true;
  }
  case SIM_GT_GET_SIZE: {
    const sim_tensor *t = &s[in->a[0]].t;
    unsigned es = esize(in->dt2);
    int64_t n = 0;
    if (t->buf >= 0)
      n = t->len >= 0 ? t->len / es : (b->L->gm[t->buf].bytes - t->off) / es;
    r->i = sim_norm(n < 0 ? 0 : n, in->dt);
    return true;
  }
  case SIM_GT_GET_PHY_ADDR:
    r->t = s[in->a[0]].t;
    if (in->nargs > 1)
      r->t.off += arg_int(b, in, 1) * (int64_t)esize(in->dt2);
    return true;
  case SIM_LOCAL_TENSOR:
    memset(&r->t, 0, sizeof r->t);
    r->t.buf = SIM_BUF_UNSET;
    return true;
  case SIM_LOCAL_TENSOR_V2: {
    int pool = sim_pool_of_pos((int)in->imm);
    if (pool >= SIM_POOL_COUNT_) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "LocalTensor(pos, addr, len): the position is not a local "
                 "memory");
      return false;
    }
    memset(&r->t, 0, sizeof r->t);
    r->t.off = arg_int(b, in, 0);
    r->t.len = arg_int(b, in, 1) * (int64_t)esize(in->dt);
    r->t.buf = -1;
    r->t.pool = (uint8_t)pool;
    return true;
  }
  case SIM_LT_GET_SIZE:
    r->i = sim_norm(s[in->a[0]].t.len / (int64_t)esize(in->dt2), in->dt);
    return true;
  case SIM_LT_GET_LENGTH:
    r->i = sim_norm(s[in->a[0]].t.len, in->dt);
    return true;
  case SIM_LT_GET_PHY_ADDR: {
    int64_t off = s[in->a[0]].t.off;
    if (in->nargs > 1)
      off += arg_int(b, in, 1) * (int64_t)esize(in->dt2);
    r->i = sim_norm(off, in->dt);
    return true;
  }
  case SIM_REINTERPRET_CAST:
    r->t = s[in->a[0]].t;
    return true;
  case SIM_CONSTRUCT: {
    uint64_t v = 0;
    for (unsigned i = 0; i < 4; i++)
      v |= (uint64_t)(uint16_t)arg_int(b, in, i) << (16 * i);
    r->i = (int64_t)v;
    return true;
  }
  case SIM_DATA_COPY_L2:
  case SIM_DATA_COPY_L0:
    return data_copy(b, in);
  default:
    return false;
  }
}
