/* SyncAll across the blocks of a launch (the hard form, and the soft form
 * over its GM / UB workspaces). On the NPU every block of such a kernel is
 * resident on its own core and each SyncAll holds a block until every
 * block has reached it. The simulator does the same: a launch whose kernel
 * has a SyncAll runs every block on a thread of its own (launch.c asks
 * sim_xsync_threads), and a SyncAll is a barrier over them. The Ascend C
 * reference requires the launch's block count not to exceed the cores that
 * run it, or the kernel hangs; that is a launch error here.
 *
 * A SyncAll that some block never reaches (it ended, or stopped on an
 * error, first) would hang the NPU; here every block waiting at it reports
 * a located `block-deadlock` error instead. A barrier passed increments the
 * blocks' epoch: gm_race.c does not compare GM accesses of different
 * epochs, which the SyncAll between them orders. Kernels with block flags
 * (block_flags.c) run the same way: a flag wait holds a block until
 * another block gives the flag. */
#include <errno.h>
#include <stdatomic.h>
#include <time.h>

#include "sim/sim_internal.h"
#include "sim/xsync.h"
#include "util/alloc.h"

/* The first instruction that waits for other blocks (SyncAll or a block
 * flag), NULL when the kernel has none; *flags: whether it has flags. */
static const sim_insn *cross_block_wait(const casc_sim_program *p,
                                        bool *flags) {
  const sim_insn *first = NULL;
  *flags = false;
  for (unsigned i = 0; i < p->ncode; i++) {
    const sim_insn *in = &p->code[i];
    bool flag = sim_is_block_flag(in->opc);
    if (in->opc == SIM_SYNC_ALL || flag) {
      *flags |= flag;
      if (!first)
        first = in;
    }
  }
  return first;
}

sim_xsync *sim_xsync_new(casc_ctx *ctx, const casc_sim_program *p,
                         const casc_platform *plat, unsigned block_dim,
                         bool *err) {
  *err = false;
  bool flags;
  const sim_insn *first = cross_block_wait(p, &flags);
  if (!first)
    return NULL;
  unsigned cores = plat->vector_core_cnt ? plat->vector_core_cnt : 1;
  /* one thread per block: keep within what launch.c can start */
  const unsigned max_threads = 256;
  if (block_dim > cores || block_dim > max_threads) {
    casc_emit_error(ctx, p->func->loc,
                    "@%s uses %s, so all %u blocks must run at once, but "
                    "the platform has %u vector cores%s: on the NPU the "
                    "kernel hangs (the Ascend C reference: the block count "
                    "must not exceed the cores)",
                    casc_func_name(p->func), sim_api_name(first->op), block_dim,
                    cores,
                    block_dim > max_threads ? " (and the simulator runs at "
                                              "most 256 blocks at once)"
                                            : "");
    *err = true;
    return NULL;
  }
  sim_xsync *x = casc_calloc(1, sizeof *x);
  if (!x) {
    casc_emit_error(ctx, p->func->loc, "out of memory for the launch");
    *err = true;
    return NULL;
  }
  if (flags && !(x->bf = sim_bflags_new(block_dim))) {
    casc_free(x);
    casc_emit_error(ctx, p->func->loc, "out of memory for the launch");
    *err = true;
    return NULL;
  }
  pthread_mutex_init(&x->lock, NULL);
  pthread_cond_init(&x->cv, NULL);
  x->nblocks = block_dim;
  x->nworkers = block_dim;
  x->ended_block = -1;
  return x;
}

void sim_xsync_free(sim_xsync *x) {
  if (!x)
    return;
  sim_bflags_free(x->bf);
  pthread_mutex_destroy(&x->lock);
  pthread_cond_destroy(&x->cv);
  casc_free(x);
}

const sim_bflags *sim_xsync_bflags(const sim_xsync *x) {
  return x ? x->bf : NULL;
}

unsigned sim_xsync_threads(const sim_xsync *x) {
  return x->nblocks;
}

void sim_xsync_set_workers(sim_xsync *x, unsigned nworkers) {
  pthread_mutex_lock(&x->lock);
  x->nworkers = nworkers;
  pthread_cond_broadcast(&x->cv);
  pthread_mutex_unlock(&x->lock);
}

void sim_xsync_block_start(sim_xsync *x) {
  pthread_mutex_lock(&x->lock);
  x->started++;
  pthread_mutex_unlock(&x->lock);
}

void sim_xsync_block_end(sim_xsync *x, int block, bool failed, uint32_t epoch) {
  pthread_mutex_lock(&x->lock);
  if (block >= 0 && block < 256 && x->gave_up[block]) {
    pthread_mutex_unlock(&x->lock);
    return;
  }
  if (x->ended_block < 0 || block < x->ended_block) {
    x->ended_block = block;
    x->ended_failed = failed;
    x->ended_epoch = epoch;
  }
  x->done++;
  pthread_cond_broadcast(&x->cv);
  pthread_mutex_unlock(&x->lock);
}

/* The soft form's operands: gmWorkspace and ubWorkspace hold at least 32
 * bytes per core (the reference), usedCores is 0 (all) or the block count.
 * The workspace is the barrier's own memory: it is bounds-checked, not
 * recorded as GM data the blocks share. */
static bool check_soft(sim_block *b, const sim_insn *in) {
  const sim_launch *L = b->L;
  int64_t used = sim_count(
      &b->slots[in->a[2]],
      in->op->nops > 2 ? casc_dtype_of_type(in->op->operands[2].value->type)
                       : CASC_DT_I32);
  if (used < 0 || used > (int64_t)L->block_dim) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "SyncAll: usedCores is %lld; it must be 0 (all) up to the "
               "launch's %u blocks",
               (long long)used, L->block_dim);
    return false;
  }
  if (used != 0 && used != (int64_t)L->block_dim) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "not supported by the simulator: ascendc.sync_all_soft "
               "(usedCores %lld of %u blocks: a SyncAll over part of the "
               "blocks is not modelled)",
               (long long)used, L->block_dim);
    return false;
  }
  int64_t need = (int64_t)L->block_dim * 32;
  const sim_tensor *g = &b->slots[in->a[0]].t;
  if (g->buf < 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "SyncAll: gmWorkspace is a GlobalTensor without "
               "SetGlobalBuffer");
    return false;
  }
  const sim_gm *gm = &L->gm[g->buf];
  int64_t have = gm->bytes - g->off;
  if (g->len >= 0 && g->len < have)
    have = g->len;
  if (have < need) {
    sim_report(b, CASC_CHECK_GM_OUT_OF_BOUNDS, CASC_SEV_ERROR, in->op,
               "SyncAll: gmWorkspace '%s' has %lld bytes; the %u blocks need "
               "at least %lld (32 per core)",
               gm->name, (long long)(have > 0 ? have : 0), L->block_dim,
               (long long)need);
    return false;
  }
  uint8_t *ub = sim_local_access(b, in, 1, 0, need, true);
  if (!ub)
    return false;
  sim_mark_written(b, ub, need); /* the library keeps its flags there */
  return true;
}

void sim_xsync_timed_wait(sim_xsync *x) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  ts.tv_nsec += 20 * 1000 * 1000; /* look at the launch's stop flag */
  if (ts.tv_nsec >= 1000000000L) {
    ts.tv_sec++;
    ts.tv_nsec -= 1000000000L;
  }
  pthread_cond_timedwait(&x->cv, &x->lock, &ts);
}

static void report_deadlock(sim_block *b, const sim_insn *in,
                            const sim_xsync *x) {
  sim_report(b, CASC_CHECK_BLOCK_DEADLOCK, CASC_SEV_ERROR, in->op,
             "SyncAll waits for all %u blocks, but block %d %s after "
             "passing %u SyncAll(s), without reaching this one: on the NPU "
             "this hangs",
             x->nblocks, x->ended_block,
             x->ended_failed ? "stopped on an error" : "ended",
             (unsigned)x->ended_epoch);
}

bool sim_exec_sync_all(sim_block *b, const sim_insn *in) {
  if (in->op->kind == CASC_OP_SYNC_ALL_SOFT && !check_soft(b, in))
    return false;
  sim_xsync *x = b->L->xsync;
  if (!x) /* one thread per launch without SyncAll: cannot happen */
    return true;
  pthread_mutex_lock(&x->lock);
  uint32_t gen = x->gen;
  if (++x->arrived == x->nblocks) {
    x->arrived = 0;
    x->gen++;
    pthread_cond_broadcast(&x->cv);
    pthread_mutex_unlock(&x->lock);
    b->epoch++;
    return true;
  }
  for (;;) {
    sim_xsync_timed_wait(x);
    if (x->gen != gen)
      break;
    /* the launch stopping (time limit) comes first: a block it stopped
     * has not really ended */
    int why = atomic_load(&b->L->stop->reason);
    if (why != SIM_STOP_NONE) {
      x->gave_up[b->idx] = true;
      pthread_mutex_unlock(&x->lock);
      sim_report_stopped(b, (sim_stop_reason)why, in->op);
      return false;
    }
    if (x->done && x->arrived + x->done == x->nblocks) {
      /* every block is here or has ended: it will never complete */
      x->gave_up[b->idx] = true;
      report_deadlock(b, in, x);
      pthread_mutex_unlock(&x->lock);
      return false;
    }
    if (sim_xsync_all_stuck(x)) {
      /* the others wait for block flags nobody will give */
      x->gave_up[b->idx] = true;
      sim_report(b, CASC_CHECK_BLOCK_DEADLOCK, CASC_SEV_ERROR, in->op,
                 "SyncAll waits for all %u blocks, but the others wait for "
                 "block flags (IBWait, WaitPreBlock) that no block will "
                 "give any more, or have ended: on the NPU this hangs",
                 x->nblocks);
      pthread_mutex_unlock(&x->lock);
      return false;
    }
    if (x->nworkers < x->nblocks && x->started == x->nworkers &&
        x->arrived == x->started) {
      /* every thread waits here and some blocks never started */
      x->gave_up[b->idx] = true;
      sim_report(b, CASC_CHECK_LAUNCH, CASC_SEV_ERROR, in->op,
                 "SyncAll needs all %u blocks running at once; the simulator "
                 "could start only %u threads",
                 x->nblocks, x->nworkers);
      pthread_mutex_unlock(&x->lock);
      return false;
    }
  }
  pthread_mutex_unlock(&x->lock);
  b->epoch++;
  return true;
}
