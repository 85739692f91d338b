/* Block-to-block flags (docs/simulator.md, "Block flags"): IBSet / IBWait
 * and NotifyNextBlock / WaitPreBlock.
 *
 * A kernel with these runs every block on a thread of its own, as SyncAll
 * does (sync_all.c), and a wait holds its block until another block gives
 * the flag. A wait that no block can satisfy any more (every other block
 * waits too, or has ended) would hang the NPU; here it is a located
 * `block-deadlock` error.
 *
 * IBSet / IBWait: the flag of (blockIdx, eventID) is the int32 at byte
 * (eventID * blockNum + blockIdx) * 32 of gmWorkspace, which the reference
 * sizes as blockNum * 32 * eventID_max + blockIdx_max * 32 + 32 bytes and
 * asks the host to zero. IBSet waits until the flag is 0 and writes 1;
 * IBWait waits until it is 1 and writes 0 back, so a set is consumed by
 * one wait. The simulator keeps the flag in the argument itself.
 *
 * NotifyNextBlock / WaitPreBlock run the blocks' sections in block order,
 * round after round: the k-th WaitPreBlock of block i waits until the
 * blocks have notified k * blockNum + i times in all; NotifyNextBlock
 * counts one. The reference does not give the GM layout of this counter
 * (and pyasc has no InitDetermineComputeWorkspace), so it is kept beside
 * the workspace, which is only bounds-checked.
 *
 * Order for the GM race check (gm_race.c): every flag carries the vector
 * clock of the block that gave it; a block's clock counts its releases
 * (IBSet, the clearing IBWait, NotifyNextBlock) and takes the maximum with
 * the flag's on every acquire. Each block keeps its clock after every flag
 * operation: GM records carry the index of that segment, and an access of
 * block a in segment sa comes before one of block b in segment sb when b's
 * clock there has seen a release of a issued after sa began. */
#include <inttypes.h>
#include <stdatomic.h>

#include "sim/sim_internal.h"
#include "sim/xsync.h"
#include "util/alloc.h"
#include "util/grow.h"

enum { WAIT_NONE, WAIT_IB_ZERO, WAIT_IB_ONE, WAIT_TURN };

typedef struct {
  uint8_t kind;        /* WAIT_* */
  bool gave_up;        /* stopped waiting: stuck for good */
  uint8_t *flag;       /* WAIT_IB_*: the flag (an int32) in GM */
  uint64_t turn;       /* WAIT_TURN: the count it waits for */
  uint32_t *hist;      /* its clock after each flag operation */
  unsigned nhist, cap; /* snapshots kept, allocated */
  uint64_t waits_pre;  /* WaitPreBlocks passed */
  unsigned acc_mark;   /* the block's GM records when its segment began */
} block_state;

/* The clock a flag carries, per flag slot of gmWorkspace. */
typedef struct {
  const uint8_t *addr;
  uint32_t *vc;
} flag_clock;

struct sim_bflags {
  unsigned n;
  block_state *blk;
  uint32_t *vc; /* n clocks of n entries: the blocks' own */
  flag_clock *flags;
  unsigned nflags, cap;
  uint64_t turn;     /* NotifyNextBlocks so far */
  uint32_t *turn_vc; /* the clock of the last one */
};

sim_bflags *sim_bflags_new(unsigned nblocks) {
  sim_bflags *f = casc_calloc(1, sizeof *f);
  if (!f)
    return NULL;
  f->n = nblocks;
  f->blk = casc_calloc(nblocks, sizeof *f->blk);
  f->vc = casc_calloc((size_t)nblocks * nblocks, sizeof *f->vc);
  f->turn_vc = casc_calloc(nblocks, sizeof *f->turn_vc);
  if (!f->blk || !f->vc || !f->turn_vc) {
    sim_bflags_free(f);
    return NULL;
  }
  return f;
}

void sim_bflags_free(sim_bflags *f) {
  if (!f)
    return;
  for (unsigned i = 0; f->blk && i < f->n; i++)
    casc_free(f->blk[i].hist);
  for (unsigned i = 0; i < f->nflags; i++)
    casc_free(f->flags[i].vc);
  casc_free(f->flags);
  casc_free(f->blk);
  casc_free(f->vc);
  casc_free(f->turn_vc);
  casc_free(f);
}

bool sim_is_block_flag(unsigned opc) {
  return opc == SIM_IB_SET || opc == SIM_IB_WAIT ||
         opc == SIM_NOTIFY_NEXT_BLOCK || opc == SIM_WAIT_PRE_BLOCK;
}

static int32_t flag_value(const uint8_t *p) {
  int32_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

static bool given(const sim_bflags *f, const block_state *s) {
  switch (s->kind) {
  case WAIT_IB_ZERO:
    return flag_value(s->flag) == 0;
  case WAIT_IB_ONE:
    return flag_value(s->flag) == 1;
  case WAIT_TURN:
    return f->turn == s->turn;
  default:
    return true;
  }
}

unsigned sim_bflags_stuck(const sim_bflags *f) {
  unsigned k = 0;
  for (unsigned i = 0; i < f->n; i++)
    k += f->blk[i].gave_up || !given(f, &f->blk[i]);
  return k;
}

/* ---- the order of GM accesses ------------------------------------------ */

/* Block i's clock entry for block j in segment s (0: before any flag). */
static uint32_t clock_at(const sim_bflags *f, unsigned i, uint32_t s,
                         unsigned j) {
  const block_state *bs = &f->blk[i];
  if (s == 0 || s > bs->nhist)
    return 0;
  return bs->hist[(size_t)(s - 1) * f->n + j];
}

bool sim_bflags_ordered(const sim_bflags *f, unsigned ba, uint32_t sa,
                        unsigned bb, uint32_t sb) {
  if (!f || ba >= f->n || bb >= f->n || ba == bb)
    return false;
  return clock_at(f, bb, sb, ba) > clock_at(f, ba, sa, ba) ||
         clock_at(f, ba, sa, bb) > clock_at(f, bb, sb, bb);
}

/* Start a new segment of block b: keep its clock. Out of memory the race
 * check loses its order, so the block's GM record is marked incomplete. */
static void new_segment(sim_bflags *f, sim_block *b) {
  block_state *bs = &f->blk[b->idx];
  if (bs->nhist > 0 && b->gm_acc.n == bs->acc_mark) {
    /* No GM record refers to the current segment: it takes the new clock
     * (a loop of flag operations without GM accesses keeps one snapshot) */
    memcpy(bs->hist + (size_t)(bs->nhist - 1) * f->n,
           f->vc + (size_t)b->idx * f->n, f->n * sizeof *f->vc);
    return;
  }
  bs->acc_mark = b->gm_acc.n;
  if (bs->nhist == bs->cap) {
    size_t want = (size_t)(bs->cap ? bs->cap * 2 : 16) * f->n;
    uint32_t *nh = casc_realloc(bs->hist, want * sizeof *nh);
    if (!nh) {
      b->gm_acc.overflow = true;
      return;
    }
    bs->hist = nh;
    bs->cap = (unsigned)(want / f->n);
  }
  memcpy(bs->hist + (size_t)bs->nhist * f->n, f->vc + (size_t)b->idx * f->n,
         f->n * sizeof *f->vc);
  bs->nhist++;
  b->bf_seg = bs->nhist;
}

static void clock_acquire(sim_bflags *f, unsigned i, const uint32_t *from) {
  uint32_t *mine = f->vc + (size_t)i * f->n;
  for (unsigned j = 0; j < f->n; j++)
    if (from[j] > mine[j])
      mine[j] = from[j];
}

/* A release of block i: its own count goes up, and `to` takes its clock. */
static void clock_release(sim_bflags *f, unsigned i, uint32_t *to) {
  uint32_t *mine = f->vc + (size_t)i * f->n;
  mine[i]++;
  for (unsigned j = 0; j < f->n; j++)
    if (mine[j] > to[j])
      to[j] = mine[j];
}

/* The clock of the flag at addr (a new one, zero, on first use); NULL out
 * of memory. */
static uint32_t *flag_vc(sim_bflags *f, const uint8_t *addr) {
  for (unsigned i = 0; i < f->nflags; i++)
    if (f->flags[i].addr == addr)
      return f->flags[i].vc;
  if (f->nflags == f->cap) {
    flag_clock *nf =
        casc_grow(f->flags, &f->cap, f->nflags + 1, sizeof *f->flags);
    if (!nf)
      return NULL;
    f->flags = nf;
  }
  uint32_t *vc = casc_calloc(f->n, sizeof *vc);
  if (!vc)
    return NULL;
  f->flags[f->nflags++] = (flag_clock){addr, vc};
  return vc;
}

/* ---- the operations ------------------------------------------------------ */

/* Bytes of GM tensor operand 0 from its start to the end of what it may
 * address, or -1 after reporting one without SetGlobalBuffer. */
static int64_t gm_room(sim_block *b, const sim_insn *in) {
  const sim_tensor *g = &b->slots[in->a[0]].t;
  if (g->buf < 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: gmWorkspace is a GlobalTensor without SetGlobalBuffer",
               sim_api_name(in->op));
    return -1;
  }
  const sim_gm *gm = &b->L->gm[g->buf];
  int64_t have = gm->bytes - g->off;
  if (g->len >= 0 && g->len < have)
    have = g->len;
  return have > 0 ? have : 0;
}

static const char *gm_name(const sim_block *b, const sim_insn *in) {
  return b->L->gm[b->slots[in->a[0]].t.buf].name;
}

/* The ubWorkspace the library moves the flags through: `need` bytes. */
static bool ub_workspace(sim_block *b, const sim_insn *in, int64_t need) {
  uint8_t *ub = sim_local_access(b, in, 1, 0, need, true);
  if (!ub)
    return false;
  sim_mark_written(b, ub, need);
  return true;
}

/* Wait (lock held) until the block's wait is given; false after reporting
 * a wait that can never end, or the launch stopping. */
static bool wait_given(sim_block *b, const sim_insn *in, sim_xsync *x,
                       const char *what) {
  sim_bflags *f = x->bf;
  block_state *bs = &f->blk[b->idx];
  while (!given(f, bs)) {
    sim_xsync_timed_wait(x);
    if (given(f, bs))
      break;
    int why = atomic_load(&b->L->stop->reason);
    if (why != SIM_STOP_NONE) {
      bs->gave_up = x->gave_up[b->idx] = true;
      pthread_mutex_unlock(&x->lock);
      sim_report_stopped(b, (sim_stop_reason)why, in->op);
      pthread_mutex_lock(&x->lock);
      return false;
    }
    if (sim_xsync_all_stuck(x)) {
      bs->gave_up = x->gave_up[b->idx] = true;
      pthread_cond_broadcast(&x->cv);
      sim_report(b, CASC_CHECK_BLOCK_DEADLOCK, CASC_SEV_ERROR, in->op,
                 "%s: %s, but every other block waits too (at a block flag "
                 "or a SyncAll) or has ended: on the NPU this hangs",
                 sim_api_name(in->op), what);
      return false;
    }
  }
  bs->kind = WAIT_NONE;
  return true;
}

static bool ib_flag(sim_block *b, const sim_insn *in, sim_xsync *x) {
  sim_bflags *f = x->bf;
  const char *api = sim_api_name(in->op);
  int64_t blk = sim_count(&b->slots[in->a[2]],
                          casc_dtype_of_type(in->op->operands[2].value->type));
  int64_t ev = sim_count(&b->slots[in->a[3]],
                         casc_dtype_of_type(in->op->operands[3].value->type));
  bool set = in->opc == SIM_IB_SET;
  if (blk < 0 || blk >= (int64_t)f->n) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: blockIdx is %lld; it must be in [0, %u) (the launch's "
               "blocks)",
               api, (long long)blk, f->n);
    return false;
  }
  if (!set && blk == b->idx) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "IBWait: block %d waits for its own flag (blockIdx %lld); the "
               "reference excludes the waiting block's own index",
               b->idx, (long long)blk);
    return false;
  }
  if (ev < 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: eventID is %lld; it must not be negative", api,
               (long long)ev);
    return false;
  }
  int64_t off = (ev * (int64_t)f->n + blk) * 32;
  int64_t have = gm_room(b, in);
  if (have < 0)
    return false;
  if (off + 32 > have) {
    sim_report(b, CASC_CHECK_GM_OUT_OF_BOUNDS, CASC_SEV_ERROR, in->op,
               "%s: the flag of blockIdx %lld, eventID %lld is at bytes "
               "[%lld, %lld) of gmWorkspace '%s', which has %lld (the "
               "reference: blockNum * 32 * eventID_max + blockIdx_max * 32 + "
               "32 bytes)",
               api, (long long)blk, (long long)ev, (long long)off,
               (long long)(off + 32), gm_name(b, in), (long long)have);
    return false;
  }
  if (!ub_workspace(b, in, 32))
    return false;
  const sim_tensor *g = &b->slots[in->a[0]].t;
  uint8_t *flag = b->L->gm[g->buf].base + g->off + off;
  pthread_mutex_lock(&x->lock);
  block_state *bs = &f->blk[b->idx];
  bs->kind = set ? WAIT_IB_ZERO : WAIT_IB_ONE;
  bs->flag = flag;
  char what[96];
  snprintf(what, sizeof what,
           set ? "the flag of block %lld, event %lld is still set (no IBWait "
                 "took it)"
               : "the flag of block %lld, event %lld is not set",
           (long long)blk, (long long)ev);
  if (!wait_given(b, in, x, what)) {
    pthread_mutex_unlock(&x->lock);
    return false;
  }
  uint32_t *fvc = flag_vc(f, flag);
  if (!fvc) {
    pthread_mutex_unlock(&x->lock);
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: out of memory", api);
    return false;
  }
  clock_acquire(f, (unsigned)b->idx, fvc);
  clock_release(f, (unsigned)b->idx, fvc);
  int32_t v = set ? 1 : 0;
  memcpy(flag, &v, sizeof v);
  new_segment(f, b);
  pthread_cond_broadcast(&x->cv);
  pthread_mutex_unlock(&x->lock);
  return true;
}

static bool turn_flag(sim_block *b, const sim_insn *in, sim_xsync *x) {
  sim_bflags *f = x->bf;
  const char *api = sim_api_name(in->op);
  int64_t have = gm_room(b, in);
  if (have < 0)
    return false;
  int64_t need = (int64_t)f->n * 32;
  if (have < need) {
    sim_report(b, CASC_CHECK_GM_OUT_OF_BOUNDS, CASC_SEV_ERROR, in->op,
               "%s: gmWorkspace '%s' has %lld bytes; the %u blocks need at "
               "least %lld (blockNum * 32)",
               api, gm_name(b, in), (long long)have, f->n, (long long)need);
    return false;
  }
  if (!ub_workspace(b, in, need + 32))
    return false;
  pthread_mutex_lock(&x->lock);
  block_state *bs = &f->blk[b->idx];
  if (in->opc == SIM_WAIT_PRE_BLOCK) {
    bs->kind = WAIT_TURN;
    bs->turn = bs->waits_pre * f->n + (uint64_t)b->idx;
    char what[96];
    snprintf(what, sizeof what,
             "its turn comes after %" PRIu64 " NotifyNextBlock(s), and %" PRIu64
             " happened",
             bs->turn, f->turn);
    if (f->turn > bs->turn) {
      pthread_mutex_unlock(&x->lock);
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "WaitPreBlock: block %d's turn (after %" PRIu64
                 " NotifyNextBlock(s)) has passed: %" PRIu64
                 " happened (every block must call WaitPreBlock and "
                 "NotifyNextBlock the same number of times)",
                 b->idx, bs->turn, f->turn);
      bs->kind = WAIT_NONE;
      return false;
    }
    if (!wait_given(b, in, x, what)) {
      pthread_mutex_unlock(&x->lock);
      return false;
    }
    bs->waits_pre++;
    clock_acquire(f, (unsigned)b->idx, f->turn_vc);
  } else {
    /* the notify of the block whose turn it is */
    if (bs->waits_pre == 0 ||
        f->turn != (bs->waits_pre - 1) * f->n + (uint64_t)b->idx) {
      pthread_mutex_unlock(&x->lock);
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "NotifyNextBlock: block %d has passed %" PRIu64
                 " WaitPreBlock(s) and the blocks have notified %" PRIu64
                 " time(s): it is not this block's turn (a block notifies "
                 "once after each of its WaitPreBlocks)",
                 b->idx, bs->waits_pre, f->turn);
      return false;
    }
    clock_release(f, (unsigned)b->idx, f->turn_vc);
    f->turn++;
  }
  new_segment(f, b);
  pthread_cond_broadcast(&x->cv);
  pthread_mutex_unlock(&x->lock);
  return true;
}

bool sim_exec_block_flag(sim_block *b, const sim_insn *in) {
  sim_xsync *x = b->L->xsync;
  if (!x || !x->bf) /* launch.c made the state for every flag kernel */
    return true;
  if (in->opc == SIM_IB_SET || in->opc == SIM_IB_WAIT)
    return ib_flag(b, in, x);
  return turn_flag(b, in, x);
}
