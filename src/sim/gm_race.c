/* Races between blocks on GM. The blocks of a launch run at the same time
 * on the NPU's cores; nothing orders one block's GM writes before another
 * block's reads or writes of the same bytes, so such an overlap is a race
 * even though running the blocks one after another on a CPU gives some
 * answer. Three exceptions: atomic writes (SetAtomicAdd/Max/Min, atomic.c)
 * of two blocks combine in any order, accesses of different epochs are
 * ordered by the SyncAll between them (sync_all.c), and accesses that block
 * flags order (IBSet -> IBWait, NotifyNextBlock -> WaitPreBlock;
 * block_flags.c) do not race.
 *
 * Every block records the GM byte ranges it reads and writes: one record
 * per op, kernel argument and direction, grown while the op's accesses
 * touch or overlap the record (a tile loop streaming through a block's
 * share stays one record), a new one when they jump. After the launch the
 * records of all blocks are sorted by (argument, start) and swept once:
 * each record is checked against the earlier-starting record of another
 * block that reaches furthest, among the writes (and, for a write, among
 * the reads). That one is enough: if any earlier record of another block
 * overlaps this one, the one reaching furthest does. So the check costs a
 * sort of the records, never a pass over the bytes. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"
#include "util/alloc.h"
#include "util/grow.h"

static unsigned cache_slot(const sim_insn *in, bool write) {
  uintptr_t h = (uintptr_t)in / sizeof *in;
  return (unsigned)((h * 2u + write) % SIM_GM_ACC_CACHE);
}

void sim_gm_record(sim_block *b, const sim_insn *in, int buf, int64_t lo,
                   int64_t bytes, bool write) {
  sim_gm_acc_list *l = &b->gm_acc;
  /* A block alone cannot race with anything. */
  if (bytes <= 0 || l->overflow || b->L->block_dim < 2)
    return;
  int64_t hi = lo + bytes;
  /* a DMA write (MTE3) under the block's atomic mode */
  bool atomic =
      write && b->atomic_op != SIM_ATOMIC_NONE && in->pipe == CASC_PIPE_MTE3;
  unsigned c = cache_slot(in, write);
  if (l->cache_in[c] == in && l->cache_idx[c] < l->n) {
    sim_gm_acc *r = &l->items[l->cache_idx[c]];
    if (r->op == in->op && r->write == write && r->buf == buf &&
        r->atomic == atomic && r->epoch == b->epoch && r->seg == b->bf_seg &&
        lo <= r->hi && hi >= r->lo) {
      if (lo < r->lo)
        r->lo = lo;
      if (hi > r->hi)
        r->hi = hi;
      return;
    }
  }
  if (l->n == l->cap) {
    sim_gm_acc *ni = casc_grow(l->items, &l->cap, l->n + 1, sizeof *ni);
    if (!ni) {
      l->overflow = true; /* reported after the launch */
      return;
    }
    l->items = ni;
  }
  l->cache_in[c] = in;
  l->cache_idx[c] = l->n;
  l->items[l->n++] =
      (sim_gm_acc){lo, hi, in->op, buf, write, atomic, b->epoch, b->bf_seg};
}

void sim_gm_acc_list_free(sim_gm_acc_list *l) {
  casc_free(l->items);
  memset(l, 0, sizeof *l);
}

typedef struct {
  const sim_gm_acc *a;
  unsigned block;
  unsigned seq; /* position in the flat list: a total, deterministic order */
} flat_acc;

static int cmp_flat(const void *x, const void *y) {
  const flat_acc *p = x, *q = y;
  if (p->a->buf != q->a->buf)
    return p->a->buf < q->a->buf ? -1 : 1;
  if (p->a->epoch != q->a->epoch)
    return p->a->epoch < q->a->epoch ? -1 : 1;
  if (p->a->lo != q->a->lo)
    return p->a->lo < q->a->lo ? -1 : 1;
  return p->seq < q->seq ? -1 : p->seq > q->seq;
}

/* Sorting by cmp_flat's order fast: a launch of a few hundred blocks
 * makes hundreds of thousands of records (a tiled matmul records a row of
 * A and of B per load), and comparison sorting them through their
 * pointers took longer than the kernel's arithmetic. When (argument,
 * epoch, start) fit in 64 bits together, which they do unless GM or the
 * SyncAll count is huge, they are packed into one key in that order and
 * sorted by a stable LSD radix sort; the records are listed in seq order,
 * so equal keys stay in seq order, as cmp_flat orders them. false (out of
 * memory, or the key does not fit): the caller sorts with qsort. */
typedef struct {
  uint64_t key;
  size_t at; /* index into the flat list */
} radix_item;

static unsigned bit_width(uint64_t v) {
  unsigned n = 0;
  for (; v; v >>= 1)
    n++;
  return n;
}

static bool radix_sort_flat(flat_acc *f, size_t n) {
  uint64_t mb = 0, me = 0, ml = 0;
  for (size_t i = 0; i < n; i++) {
    const sim_gm_acc *a = f[i].a;
    if (a->buf < 0 || a->lo < 0)
      return false;
    mb = (uint64_t)a->buf > mb ? (uint64_t)a->buf : mb;
    me = a->epoch > me ? a->epoch : me;
    ml = (uint64_t)a->lo > ml ? (uint64_t)a->lo : ml;
  }
  unsigned be = bit_width(me), bl = bit_width(ml);
  unsigned bits = bit_width(mb) + be + bl;
  if (bits > 64)
    return false;
  radix_item *x = casc_malloc(n * sizeof *x), *y = casc_malloc(n * sizeof *y);
  flat_acc *g = casc_malloc(n * sizeof *g);
  if (!x || !y || !g) {
    casc_free(x);
    casc_free(y);
    casc_free(g);
    return false;
  }
  for (size_t i = 0; i < n; i++) {
    const sim_gm_acc *a = f[i].a;
    uint64_t k = (uint64_t)a->lo;
    if (bl < 64)
      k |= ((uint64_t)a->buf << be | a->epoch) << bl;
    x[i] = (radix_item){k, i};
  }
  for (unsigned shift = 0; shift < bits; shift += 8) {
    size_t count[257] = {0};
    for (size_t i = 0; i < n; i++)
      count[(x[i].key >> shift & 0xff) + 1]++;
    if (count[(x[0].key >> shift & 0xff) + 1] == n)
      continue; /* one digit for all: the pass would keep the order */
    for (unsigned d = 0; d < 256; d++)
      count[d + 1] += count[d];
    for (size_t i = 0; i < n; i++)
      y[count[x[i].key >> shift & 0xff]++] = x[i];
    radix_item *t = x;
    x = y;
    y = t;
  }
  for (size_t i = 0; i < n; i++)
    g[i] = f[x[i].at];
  memcpy(f, g, n * sizeof *f);
  casc_free(x);
  casc_free(y);
  casc_free(g);
  return true;
}

/* The two earlier records reaching furthest, from two different blocks:
 * top[0] reaches furthest of all, top[1] furthest among the other blocks. */
typedef struct {
  const flat_acc *top[2];
} reach;

static void reach_add(reach *r, const flat_acc *x) {
  const flat_acc *t0 = r->top[0];
  if (!t0 || x->a->hi > t0->a->hi) {
    if (t0 && t0->block != x->block)
      r->top[1] = t0;
    r->top[0] = x;
  } else if (x->block != t0->block &&
             (!r->top[1] || x->a->hi > r->top[1]->a->hi)) {
    r->top[1] = x;
  }
}

/* The record of a block other than x's that reaches furthest, if it
 * overlaps x. */
static const flat_acc *reach_overlap(const reach *r, const flat_acc *x) {
  const flat_acc *o =
      r->top[0] && r->top[0]->block != x->block ? r->top[0] : r->top[1];
  return o && o->a->hi > x->a->lo ? o : NULL;
}

/* One report per pair of ops: a loop would repeat it per tile. */
#define MAX_PAIRS 64

typedef struct {
  const sim_launch *L;
  sim_issue_list *lists;
  bool *failed;
  const casc_op *pairs[MAX_PAIRS][2];
  unsigned npairs;
} race_report;

static const char *verb(const sim_gm_acc *a) {
  return a->atomic ? "atomically writes" : a->write ? "writes" : "reads";
}

static void report(race_report *R, const flat_acc *x, const flat_acc *y) {
  for (unsigned k = 0; k < R->npairs; k++)
    if ((R->pairs[k][0] == x->a->op && R->pairs[k][1] == y->a->op) ||
        (R->pairs[k][0] == y->a->op && R->pairs[k][1] == x->a->op))
      return;
  if (R->npairs == MAX_PAIRS)
    return;
  R->pairs[R->npairs][0] = x->a->op;
  R->pairs[R->npairs][1] = y->a->op;
  R->npairs++;
  /* Reported in the higher block, with a note at the lower one's op. */
  if (x->block > y->block) {
    const flat_acc *t = x;
    x = y;
    y = t;
  }
  /* sim_report files the issue under a block: lend it y's list. */
  sim_block tmp;
  memset(&tmp, 0, sizeof tmp);
  tmp.L = R->L;
  tmp.idx = (int)y->block;
  tmp.issues = R->lists[y->block];
  const sim_gm *gm = &R->L->gm[y->a->buf];
  int64_t lo = x->a->lo > y->a->lo ? x->a->lo : y->a->lo;
  int64_t hi = x->a->hi < y->a->hi ? x->a->hi : y->a->hi;
  int64_t es = casc_dtype_size(gm->dtype);
  if (es <= 0)
    es = 1;
  sim_issue *is = sim_report(
      &tmp, CASC_CHECK_GM_RACE, CASC_SEV_ERROR, y->a->op,
      "%s: block %u %s GM '%s' elements [%lld, %lld), which block %u %s; the "
      "blocks of a launch run at the same time, so nothing orders the two "
      "accesses (each block must write its own part of GM)",
      sim_api_name(y->a->op), y->block, verb(y->a), gm->name,
      (long long)(lo / es), (long long)((hi + es - 1) / es), x->block,
      verb(x->a));
  sim_note_add(is, x->a->op->loc, "block %u %s them here", x->block,
               verb(x->a));
  R->lists[y->block] = tmp.issues;
  R->failed[y->block] |= tmp.failed;
}

/* Whether x and y conflict: one writes, and they are not both atomic. */
static bool conflict(const sim_gm_acc *x, const sim_gm_acc *y) {
  return (x->write || y->write) && !(x->atomic && y->atomic);
}

/* The sweep of a kernel with block flags (block_flags.c): the flags order
 * some pairs of blocks and not others, so the record reaching furthest
 * says nothing about the rest. Every earlier record still reaching this
 * one's start is compared (records of a group sorted by start: one that
 * ends before this start ends before every later one). */
static bool sweep_ordered(const sim_bflags *bf, race_report *R, flat_acc *f,
                          size_t n) {
  const flat_acc **act = casc_malloc(n * sizeof *act);
  if (!act)
    return false;
  size_t na = 0;
  for (size_t i = 0; i < n; i++) {
    const flat_acc *x = &f[i];
    if (i && (f[i - 1].a->buf != x->a->buf || f[i - 1].a->epoch != x->a->epoch))
      na = 0;
    size_t k = 0;
    for (size_t j = 0; j < na; j++) {
      const flat_acc *o = act[j];
      if (o->a->hi <= x->a->lo)
        continue; /* done with: drop it */
      act[k++] = o;
      if (o->block != x->block && conflict(o->a, x->a) &&
          !sim_bflags_ordered(bf, o->block, o->a->seg, x->block, x->a->seg))
        report(R, o, x);
    }
    na = k;
    act[na++] = x;
  }
  casc_free(act);
  return true;
}

bool sim_gm_check_races(const sim_launch *L, sim_gm_acc_list *accs,
                        sim_issue_list *lists, bool *failed, unsigned nblocks) {
  size_t total = 0;
  bool complete = true;
  for (unsigned b = 0; b < nblocks; b++) {
    total += accs[b].n;
    complete &= !accs[b].overflow;
  }
  if (nblocks < 2 || total < 2)
    return complete;
  flat_acc *f = casc_malloc(total * sizeof *f);
  if (!f)
    return false;
  size_t n = 0;
  for (unsigned b = 0; b < nblocks; b++)
    for (unsigned i = 0; i < accs[b].n; i++, n++)
      f[n] = (flat_acc){&accs[b].items[i], b, (unsigned)n};
  if (!radix_sort_flat(f, n))
    qsort(f, n, sizeof *f, cmp_flat);
  race_report R = {.L = L, .lists = lists, .failed = failed};
  const sim_bflags *bf = sim_xsync_bflags(L->xsync);
  if (bf) {
    complete &= sweep_ordered(bf, &R, f, n);
    casc_free(f);
    return complete;
  }
  /* Plain writes race with everything; atomic writes with plain writes
   * and reads; reads with writes of either kind. Records of one argument
   * and epoch only meet each other. */
  reach writes = {{NULL, NULL}}, atomics = {{NULL, NULL}},
        reads = {{NULL, NULL}};
  for (size_t i = 0; i < n; i++) {
    const flat_acc *x = &f[i];
    if (i && (f[i - 1].a->buf != x->a->buf || f[i - 1].a->epoch != x->a->epoch))
      writes = atomics = reads = (reach){{NULL, NULL}};
    const flat_acc *o = reach_overlap(&writes, x);
    if (o)
      report(&R, o, x);
    if (!x->a->atomic && (o = reach_overlap(&atomics, x)))
      report(&R, o, x);
    if (x->a->write && (o = reach_overlap(&reads, x)))
      report(&R, o, x);
    reach_add(x->a->atomic ? &atomics : x->a->write ? &writes : &reads, x);
  }
  casc_free(f);
  return complete;
}
