/* Tensor operands and data movement: the memory half of the sanitizer.
 * Every UB access goes through sim_local_access (buffer state, tensor and
 * UB bounds, 32-byte alignment), every GM access through sim_global_access
 * (bounds of the caller's buffer), so a kernel can never reach host memory
 * outside what it was given. Also the tensor-building ops (GlobalTensor,
 * subindex, LocalTensor(pos, addr, len), ...) and DataCopy. */
#include <stdio.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sim/sim_internal.h"

static unsigned esize(unsigned dt) {
  unsigned s = casc_dtype_size((casc_dtype)dt);
  return s ? s : 1;
}

static const char *opnd_name(const sim_insn *in, unsigned i, char *buf,
                             unsigned n) {
  return sim_operand_name(in->op, i + in->opnd_base, buf, n);
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
  sim_pool pool;
  return sim_local_access_in(b, in, opnd, byte_off, bytes, align32 ? 32 : 1,
                             1u << SIM_POOL_UB, &pool);
}

/* "the unified buffer" or "L1" etc. for messages. */
static const char *pool_text(unsigned pool) {
  return pool == SIM_POOL_UB ? "the unified buffer"
                             : casc_hw_mem_name((casc_hw_mem)pool);
}

uint8_t *sim_local_access_in(sim_block *b, const sim_insn *in, unsigned opnd,
                             int64_t byte_off, int64_t bytes, unsigned align,
                             unsigned pools, sim_pool *pool) {
  const sim_tensor *t = &b->slots[in->a[opnd]].t;
  char on[32], bd[192];
  if (t->buf == SIM_BUF_UNSET) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: operand '%s' is a LocalTensor that was never given "
               "memory (AllocTensor, DeQue, Get or an address)",
               sim_api_name(in->op), opnd_name(in, opnd, on, sizeof on));
    return NULL;
  }
  if (t->pool >= SIM_POOL_COUNT_ || !(pools & (1u << t->pool)) ||
      !b->mem[t->pool]) {
    if (pools == (1u << SIM_POOL_UB) && t->pool != SIM_POOL_UB)
      sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
                 "%s: operand '%s' is not in the unified buffer; the "
                 "simulator runs this op on UB data only",
                 sim_api_name(in->op), opnd_name(in, opnd, on, sizeof on));
    else
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: operand '%s' is in %s, where this op cannot take it",
                 sim_api_name(in->op), opnd_name(in, opnd, on, sizeof on),
                 casc_hw_mem_name((casc_hw_mem)t->pool));
    return NULL;
  }
  const char *pn = casc_hw_mem_name((casc_hw_mem)t->pool);
  if (t->buf >= 0) {
    const sim_buffer *buf = &b->bufs[t->buf];
    if (t->gen != buf->gen || buf->state == SIM_BUF_FREE) {
      sim_issue *is = sim_report(
          b, CASC_CHECK_USE_AFTER_FREE, CASC_SEV_ERROR, in->op,
          "%s: operand '%s'%s is used after FreeTensor", sim_api_name(in->op),
          opnd_name(in, opnd, on, sizeof on), buf_desc(b, t, bd, sizeof bd));
      if (buf->free_op)
        sim_note_add(is, buf->free_op->loc, "freed here");
      return NULL;
    }
    if (buf->state == SIM_BUF_ENQUEUED) {
      sim_issue *is =
          sim_report(b, CASC_CHECK_USE_WHILE_ENQUEUED, CASC_SEV_ERROR, in->op,
                     "%s: operand '%s'%s is used between EnQue and DeQue",
                     sim_api_name(in->op), opnd_name(in, opnd, on, sizeof on),
                     buf_desc(b, t, bd, sizeof bd));
      if (buf->alloc_op)
        sim_note_add(is, buf->alloc_op->loc, "tensor obtained here");
      return NULL;
    }
  }
  int64_t lo = t->off + byte_off, hi = lo + bytes;
  if (byte_off < 0 || bytes < 0 || byte_off + bytes > t->len) {
    sim_report(b, CASC_CHECK_UB_OUT_OF_BOUNDS, CASC_SEV_ERROR, in->op,
               "%s: operand '%s'%s accesses %s bytes [%lld, %lld), outside "
               "its tensor [%lld, %lld) (%lld bytes)",
               sim_api_name(in->op), opnd_name(in, opnd, on, sizeof on),
               buf_desc(b, t, bd, sizeof bd), pn, (long long)lo, (long long)hi,
               (long long)t->off,
               (long long)(t->off + (t->len > 0 ? t->len : 0)),
               (long long)(t->len > 0 ? t->len : 0));
    return NULL;
  }
  if (lo < 0 || hi > (int64_t)b->pool_size[t->pool]) {
    sim_report(b, CASC_CHECK_UB_OUT_OF_BOUNDS, CASC_SEV_ERROR, in->op,
               "%s: operand '%s' accesses %s bytes [%lld, %lld), outside %s "
               "(%u bytes)",
               sim_api_name(in->op), opnd_name(in, opnd, on, sizeof on), pn,
               (long long)lo, (long long)hi, pool_text(t->pool),
               b->pool_size[t->pool]);
    return NULL;
  }
  if (align > 1 && (lo % align) != 0) {
    /* 32 bytes is the UB / L1 block; coarser alignment is the cube's
     * fractal rule (docs/simulator.md, "The cube path"). */
    sim_report(b, align > 32 ? CASC_CHECK_FRACTAL_ALIGN : CASC_CHECK_UNALIGNED,
               CASC_SEV_ERROR, in->op,
               "%s: operand '%s'%s has %s address %lld, which is not "
               "%u-byte aligned",
               sim_api_name(in->op), opnd_name(in, opnd, on, sizeof on),
               buf_desc(b, t, bd, sizeof bd), pn, (long long)lo, align);
    return NULL;
  }
  if (b->env.ia_any && t->pool == SIM_POOL_UB &&
      !sim_env_ia_access(b, in, opnd, lo, bytes))
    return NULL; /* CheckLocalMemoryIA (sys_env.c) */
  *pool = (sim_pool)t->pool;
  if (b->tm)
    sim_tm_access(b, in, opnd, sim_pool_base(b->pool_size, t->pool) + lo,
                  bytes);
  return b->mem[t->pool] + lo;
}

/* Element size of GM operand opnd, for messages in elements. */
static unsigned gm_esize(const sim_insn *in, unsigned opnd) {
  return esize(in->op->nops > opnd ? casc_dtype_of_type(casc_type_elem(
                                         in->op->operands[opnd].value->type))
                                   : CASC_DT_U8);
}

uint8_t *sim_global_access(sim_block *b, const sim_insn *in, unsigned opnd,
                           int64_t byte_off, int64_t bytes, bool write) {
  const sim_tensor *t = &b->slots[in->a[opnd]].t;
  char on[32];
  if (t->buf < 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: operand '%s' is a GlobalTensor without SetGlobalBuffer",
               sim_api_name(in->op), opnd_name(in, opnd, on, sizeof on));
    return NULL;
  }
  const sim_gm *gm = &b->L->gm[t->buf];
  int64_t lo = t->off + byte_off, hi = lo + bytes;
  if (lo < 0 || hi > gm->bytes || bytes < 0) {
    unsigned es = gm_esize(in, opnd);
    sim_report(b, CASC_CHECK_GM_OUT_OF_BOUNDS, CASC_SEV_ERROR, in->op,
               "%s: operand '%s' accesses GM '%s' elements [%lld, %lld), but "
               "the buffer has %lld elements",
               sim_api_name(in->op), opnd_name(in, opnd, on, sizeof on),
               gm->name, (long long)(lo / (int64_t)es),
               (long long)((hi + (int64_t)es - 1) / (int64_t)es),
               (long long)(gm->bytes / (int64_t)es));
    return NULL;
  }
  if (t->len >= 0 && byte_off + bytes > t->len) {
    unsigned es = gm_esize(in, opnd);
    sim_report(b, CASC_CHECK_GM_OUT_OF_BOUNDS, CASC_SEV_WARNING, in->op,
               "%s: operand '%s' accesses GM '%s' elements [%lld, %lld), past "
               "the %lld elements given to SetGlobalBuffer",
               sim_api_name(in->op), opnd_name(in, opnd, on, sizeof on),
               gm->name, (long long)(lo / (int64_t)es),
               (long long)((hi + (int64_t)es - 1) / (int64_t)es),
               (long long)((t->off + t->len) / (int64_t)es));
  }
  sim_gm_record(b, in, t->buf, lo, bytes, write);
  return gm->base + lo;
}

/* ---- the written-bytes shadow (sim_internal.h) ---------------------------
 */

/* The UB's initial contents, the same for every block and run (as the
 * CPU-debug library fills UB from a fixed-seed random engine): byte o is
 * byte o % 8 (little-endian) of splitmix64 of o / 8. Stateless, so any part
 * of UB is made when it is first needed. */
static uint64_t garbage_word(uint64_t i) {
  uint64_t z = (i + 1) * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint8_t sim_ub_initial_byte(uint32_t offset) {
  return (uint8_t)(garbage_word(offset / 8) >> (8 * (offset % 8)));
}

/* UB bytes [lo, hi) were never written: give them the initial garbage. */
static void fill_initial(sim_block *b, uint32_t lo, uint32_t hi) {
  uint8_t *ub = b->mem[SIM_POOL_UB];
  while (lo < hi) {
    uint64_t w = garbage_word(lo / 8);
    unsigned k = lo % 8;
    for (; k < 8 && lo < hi; k++, lo++)
      ub[lo] = (uint8_t)(w >> (8 * k));
  }
}

/* ---- bitmaps: bit k of w is w[k / 64] >> (k % 64) ---- */

static inline bool bit(const uint64_t *w, uint32_t k) {
  return (w[k / 64] >> (k % 64)) & 1;
}

/* Bits >= a of a word (a < 64) / bits < b (0 < b <= 64). */
static inline uint64_t from_bit(unsigned a) {
  return ~(uint64_t)0 << a;
}
static inline uint64_t below_bit(unsigned b) {
  return ~(uint64_t)0 >> (64 - b);
}

/* Set bits [k0, k1), k0 < k1: the partial words at the ends, whole words
 * between. */
static void bits_set(uint64_t *w, uint32_t k0, uint32_t k1) {
  uint32_t i = k0 / 64, j = (k1 - 1) / 64;
  if (i == j) {
    w[i] |= from_bit(k0 % 64) & below_bit(k1 - j * 64);
    return;
  }
  w[i] |= from_bit(k0 % 64);
  for (uint32_t t = i + 1; t < j; t++)
    w[t] = ~(uint64_t)0;
  w[j] |= below_bit(k1 - j * 64);
}

/* The first clear bit in [k0, k1), or k1; k0 < k1. */
static uint32_t first_clear(const uint64_t *w, uint32_t k0, uint32_t k1) {
  uint32_t i = k0 / 64, j = (k1 - 1) / 64;
  uint64_t c = ~w[i] & from_bit(k0 % 64);
  while (!c && i < j)
    c = ~w[++i];
  if (i == j)
    c &= below_bit(k1 - j * 64);
  return c ? i * 64 + (uint32_t)__builtin_ctzll(c) : k1;
}

/* Bytes [lo, hi) of 32-byte block k (a strict part of it) were written. */
static void mark_part(sim_block *b, uint32_t k, uint32_t lo, uint32_t hi) {
  if (bit(b->wfull, k))
    return;
  uint32_t base = k * 32;
  uint8_t *w = b->wbyte + base;
  if (!bit(b->wpart, k)) {
    /* The block's first write: the rest of it keeps the initial garbage. */
    memset(w, 0, 32);
    fill_initial(b, base, lo);
    fill_initial(b, hi, base + 32);
    b->wpart[k / 64] |= (uint64_t)1 << (k % 64);
  }
  memset(w + (lo - base), 1, hi - lo);
  if (!memchr(w, 0, 32))
    b->wfull[k / 64] |= (uint64_t)1 << (k % 64);
}

void sim_mark_written(sim_block *b, const uint8_t *p, int64_t bytes) {
  if (bytes <= 0)
    return;
  uint32_t lo = (uint32_t)(p - b->mem[SIM_POOL_UB]);
  uint32_t hi = lo + (uint32_t)bytes;
  uint32_t f = (lo + 31) / 32, l = hi / 32; /* whole blocks [f, l) */
  if (f >= l) {                             /* inside one block or two */
    mark_part(b, lo / 32, lo, hi < lo / 32 * 32 + 32 ? hi : lo / 32 * 32 + 32);
    if (hi > lo / 32 * 32 + 32)
      mark_part(b, hi / 32, hi / 32 * 32, hi);
    return;
  }
  if (lo % 32)
    mark_part(b, lo / 32, lo, f * 32);
  bits_set(b->wfull, f, l);
  if (hi % 32)
    mark_part(b, l, l * 32, hi);
}

void sim_check_init(sim_block *b, const sim_insn *in, unsigned opnd,
                    const uint8_t *p, int64_t bytes) {
  if (bytes <= 0)
    return;
  uint32_t lo = (uint32_t)(p - b->mem[SIM_POOL_UB]);
  uint32_t hi = lo + (uint32_t)bytes, k1 = (hi - 1) / 32 + 1;
  uint32_t k = first_clear(b->wfull, lo / 32, k1);
  if (k == k1)
    return; /* the common case: every block entirely written */
  int64_t first = -1;
  for (; k < k1; k = k + 1 < k1 ? first_clear(b->wfull, k + 1, k1) : k1) {
    uint32_t s = k * 32 > lo ? k * 32 : lo;
    uint32_t e = k * 32 + 32 < hi ? k * 32 + 32 : hi;
    if (!bit(b->wpart, k)) {
      /* Still stale memory: the read must see the initial garbage. */
      fill_initial(b, k * 32, k * 32 + 32);
      if (first < 0)
        first = s;
      continue;
    }
    const uint8_t *z = memchr(b->wbyte + s, 0, e - s);
    if (z && first < 0)
      first = z - b->wbyte;
  }
  if (first < 0)
    return;
  char on[32];
  sim_report(b, CASC_CHECK_UNINIT_READ, CASC_SEV_WARNING, in->op,
             "%s: operand '%s' reads UB bytes [%lld, %lld), which were never "
             "written (first at byte %lld); UB starts with garbage",
             sim_api_name(in->op), opnd_name(in, opnd, on, sizeof on),
             (long long)lo, (long long)hi, (long long)first);
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

/* UB -> GM bytes. With `stream` (a big GM buffer, see SIM_GM_STREAM_MIN)
 * the 16-byte-aligned body is written with non-temporal stores; the bytes
 * are the same either way. */
static void copy_to_gm(uint8_t *dp, const uint8_t *sp, size_t n, bool stream) {
#if defined(__SSE2__)
  if (stream && n >= 256) {
    size_t head = (size_t)(-(uintptr_t)dp & 15);
    memcpy(dp, sp, head);
    dp += head;
    sp += head;
    n -= head;
    size_t body = n & ~(size_t)63;
    for (size_t i = 0; i < body; i += 64) {
      __m128i v0 = _mm_loadu_si128((const void *)(sp + i));
      __m128i v1 = _mm_loadu_si128((const void *)(sp + i + 16));
      __m128i v2 = _mm_loadu_si128((const void *)(sp + i + 32));
      __m128i v3 = _mm_loadu_si128((const void *)(sp + i + 48));
      _mm_stream_si128((void *)(dp + i), v0);
      _mm_stream_si128((void *)(dp + i + 16), v1);
      _mm_stream_si128((void *)(dp + i + 32), v2);
      _mm_stream_si128((void *)(dp + i + 48), v3);
    }
    _mm_sfence(); /* order them before anything the block does next */
    memcpy(dp + body, sp + body, n - body);
    return;
  }
#else
  (void)stream;
#endif
  memcpy(dp, sp, n);
}

/* GM -> UB from a big GM buffer (see SIM_GM_STREAM_MIN): kernels walk such
 * buffers tile after tile, so the n bytes after the ones just copied are
 * asked for now (a prefetch hint, no access), and arrive while the block
 * computes on this tile instead of stalling the next copy, the way the NPU's
 * MTE2 overlaps with the vector unit. Clipped to the buffer. */
static void read_ahead(const sim_gm *gm, const uint8_t *sp, size_t n) {
#if defined(__SSE2__)
  const uint8_t *end = gm->base + gm->bytes, *p = sp + n;
  size_t ahead = (size_t)(end - p) < n ? (size_t)(end - p) : n;
  for (size_t i = 0; i < ahead; i += 64)
    _mm_prefetch((const char *)(p + i), _MM_HINT_T0);
#else
  (void)gm;
  (void)sp;
  (void)n;
#endif
}

/* One contiguous copy of n bytes at the given offsets of dst/src. */
static bool copy_bytes(sim_block *b, const sim_insn *in, bool dl, bool sl,
                       int64_t doff, int64_t soff, int64_t n) {
  if (dl && sl && b->slots[in->a[1]].t.pool == SIM_POOL_L1)
    return sim_cube_copy_from_l1(b, in, doff, soff, n);
  uint8_t *sp = sl ? sim_local_access(b, in, 1, soff, n, true)
                   : sim_global_access(b, in, 1, soff, n, false);
  if (!sp)
    return false;
  /* GM -> A1 / B1 (L1) is a DataCopy path of the cube (MTE2). */
  sim_pool dpool = SIM_POOL_UB;
  unsigned dpools = 1u << SIM_POOL_UB;
  if (!sl)
    dpools |= 1u << SIM_POOL_L1;
  uint8_t *dp = dl ? sim_local_access_in(b, in, 0, doff, n, 32, dpools, &dpool)
                   : sim_global_access(b, in, 0, doff, n, true);
  if (!dp)
    return false;
  if (dl && dpool == SIM_POOL_L1) {
    memcpy(dp, sp, (size_t)n);
    sim_cube_mark(b, SIM_POOL_L1, dp - b->mem[SIM_POOL_L1], n);
    return true;
  }
  if (sl)
    sim_check_init(b, in, 1, sp, n);
  if (dl && sl && !sim_check_overlap(b, in, 0, dp, n, 1, sp, n))
    return false;
  /* Lowering admits GM->UB, UB->UB and UB->GM only. UB is the block's own
   * memory, so only UB->UB can overlap, and then completely (checked). */
  if (!dl) {
    /* under SetAtomicAdd & co. the copy combines with GM (atomic.c) */
    int atomic = sim_atomic_store(b, in, dp, sp, n);
    if (atomic < 0)
      return false;
    if (!atomic)
      copy_to_gm(dp, sp, (size_t)n, b->L->gm[b->slots[in->a[0]].t.buf].stream);
  } else if (dp != sp) {
    memcpy(dp, sp, (size_t)n);
    const sim_gm *gm = sl ? NULL : &b->L->gm[b->slots[in->a[1]].t.buf];
    if (gm && gm->stream && n >= 256)
      read_ahead(gm, sp, (size_t)n);
  }
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
  int64_t bc = sim_field(b, in, 2, 0), bl = sim_field(b, in, 2, 1);
  int64_t sg = sim_field(b, in, 2, 2), dg = sim_field(b, in, 2, 3);
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

/* DataCopyPad (docs/ascendc-facts.md §7; the Ascend C reference's
 * DataCopyPad page): blockCount blocks of blockLen BYTES; a stride is the
 * gap between one block's end and the next one's start, in bytes on the GM
 * side and in 32-byte blocks on the UB side, where every block starts at a
 * 32-byte boundary. GM -> UB: a block lands as leftPadding elements, the
 * data, rightPadding elements, and a dummy fill up to 32 bytes. Without
 * padding the dummy is the block's first element; with padding, padding
 * and dummy are the MOV_PAD_VAL register's value (sys_env.c), which isPad
 * sets to paddingValue first and SetPadValue sets otherwise; never set, they
 * are "random" (the reference): UB keeps what it held. UB -> GM writes
 * exactly blockLen bytes per block. */
static bool data_copy_pad(sim_block *b, const sim_insn *in) {
  const casc_op *op = in->op;
  bool to_ub = casc_type_is_local_tensor(op->operands[0].value->type);
  unsigned es = esize(in->dt);
  int64_t bc = sim_field(b, in, 2, 0), bl = sim_field(b, in, 2, 1);
  int64_t sst = sim_field(b, in, 2, 2), dst_ = sim_field(b, in, 2, 3);
  bool is_pad = false;
  int64_t left = 0, right = 0;
  uint64_t value = 0;
  double value_f = 0;
  /* DataCopyPadParams' paddingValue is a uint64 (a float element's bits);
   * DataCopyPadExtParams<T>'s is a T, which a float constant fills: its
   * slot then holds a double (sim_slot), not bits. */
  bool pad_value_is_float = false;
  if (in->nargs > 3) {
    is_pad = sim_field(b, in, 3, 0) != 0;
    left = sim_field(b, in, 3, 1);
    right = sim_field(b, in, 3, 2);
    const casc_op *params = op->operands[3].value->def;
    pad_value_is_float = params && params->nops > 3 &&
                         casc_type_is_float(params->operands[3].value->type);
    if (pad_value_is_float)
      value_f = b->slots[b->slots[in->a[3]].i + 3].f;
    else
      value = (uint64_t)sim_field(b, in, 3, 3);
  }
  if (bc < 0 || bc > 4095)
    return bad_value(b, in, "blockCount (0..4095)", bc);
  if (bc == 0 || bl == 0)
    return true; /* NOP on A2 */
  if (bl < 0 || bl % es) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: blockLen is %lld bytes, not a whole number of %s "
               "elements",
               sim_api_name(in->op), (long long)bl,
               casc_dtype_name((casc_dtype)in->dt));
    return false;
  }
  if (left * es > 32 || right * es > 32) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: leftPadding %lld / rightPadding %lld elements; each may "
               "take at most 32 bytes",
               sim_api_name(in->op), (long long)left, (long long)right);
    return false;
  }
  /* The bytes one block takes in UB: padded to 32 bytes. */
  int64_t ub_block = (left * es + bl + right * es + 31) / 32 * 32;
  bool padded = left || right, have_pad = false;
  uint8_t pad[8];
  if (to_ub && is_pad) { /* the library writes MOV_PAD_VAL first */
    if (pad_value_is_float)
      sim_store_f(pad, in->dt, value_f);
    else if (sim_dt_is_float(in->dt)) /* uint64 paddingValue: the bits */
      memcpy(pad, &value, es);
    else
      sim_store_i(pad, in->dt, (int64_t)value);
    sim_env_pad_from_copy(b, in, in->dt, pad);
  }
  if (to_ub && padded)
    have_pad = sim_env_pad_fill(b, in, in->dt, pad);
  for (int64_t k = 0; k < bc; k++) {
    int64_t gm_off = k * (bl + (to_ub ? sst : dst_));
    int64_t ub_off = k * (ub_block + 32 * (to_ub ? dst_ : sst));
    if (to_ub) {
      uint8_t *gp = sim_global_access(b, in, 1, gm_off, bl, false);
      if (!gp)
        return false;
      uint8_t *up = sim_local_access(b, in, 0, ub_off, ub_block, true);
      if (!up)
        return false;
      int64_t data = left * es, tail = data + bl;
      memcpy(up + data, gp, (size_t)bl);
      if (!padded) {
        for (int64_t o = tail; o < ub_block; o += es) /* the first element */
          memcpy(up + o, up, es);
        sim_mark_written(b, up, ub_block);
      } else if (have_pad) {
        for (int64_t o = 0; o < data; o += es)
          memcpy(up + o, pad, es);
        for (int64_t o = tail; o < ub_block; o += es)
          memcpy(up + o, pad, es);
        sim_mark_written(b, up, ub_block);
      } else { /* padding and dummy: whatever UB held, as never written */
        sim_mark_written(b, up + data, bl);
      }
    } else {
      uint8_t *up = sim_local_access(b, in, 1, ub_off, bl, true);
      if (!up)
        return false;
      sim_check_init(b, in, 1, up, bl);
      uint8_t *gp = sim_global_access(b, in, 0, gm_off, bl, true);
      if (!gp)
        return false;
      int atomic = sim_atomic_store(b, in, gp, up, bl);
      if (atomic < 0)
        return false;
      if (!atomic)
        memcpy(gp, up, (size_t)bl);
    }
  }
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
                     ? sim_global_access(b, in, 0, i * es, es, false)
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
                     ? sim_global_access(b, in, 0, i * es, es, true)
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
    /* Each field in its slot (lower.c), converted to the field's type
     * (the op's `types` attribute: ui8, ui16, ui32, ui64, i1). */
    casc_attr *types = casc_op_attr(op, "types");
    for (unsigned i = 0; i < (unsigned)in->imm; i++) {
      /* the whole slot: a field may be a tensor (MrgSortSrcList) or a
       * local array (MrgSort4Info's elementLengths) */
      sim_slot v = s[in->a[i]];
      if (types && types->kind == CASC_ATTR_ARRAY && i < types->u.array.n &&
          types->u.array.elems[i]->kind == CASC_ATTR_TYPE &&
          !casc_type_is_local_tensor(types->u.array.elems[i]->type) &&
          types->u.array.elems[i]->type->kind != CASC_TYPE_MEMREF)
        v.i = sim_norm(v.i, casc_dtype_of_type(types->u.array.elems[i]->type));
      s[in->imm2 + i] = v;
    }
    r->i = in->imm2;
    return true;
  }
  case SIM_DATA_COPY_L2:
  case SIM_DATA_COPY_L0:
    return data_copy(b, in);
  case SIM_DATA_COPY_PAD:
    return data_copy_pad(b, in);
  default:
    return false;
  }
}
