/* The launch's cross-block state, shared by sync_all.c (SyncAll) and
 * block_flags.c (the block-to-block flags): both wait on the same lock and
 * condition variable, so that either kind of wait sees every block that is
 * stuck at the other kind (a hang the NPU would show). */
#ifndef CASC_SIM_XSYNC_H
#define CASC_SIM_XSYNC_H

#include "sim/sim_internal.h"

struct sim_xsync {
  pthread_mutex_t lock;
  pthread_cond_t cv;
  unsigned nblocks;
  unsigned nworkers; /* threads that run blocks */
  /* blocks at the current barrier, including those that gave up waiting
   * there (the barrier can no longer complete then) */
  unsigned arrived;
  uint32_t gen; /* barriers completed */
  unsigned started;
  unsigned done; /* blocks that ended, not at a barrier */
  /* the lowest such block, how it ended and the SyncAlls it passed: once
   * every block has arrived or ended it is the same in every run */
  int ended_block;
  bool ended_failed;
  uint32_t ended_epoch;
  bool gave_up[256]; /* per block: it stopped waiting at a barrier or flag */
  /* IBSet / IBWait / NotifyNextBlock / WaitPreBlock (block_flags.c); NULL
   * when the kernel has none */
  sim_bflags *bf;
};

/* block_flags.c: blocks waiting at a flag that is not given, or that gave
 * up waiting; called with x->lock held. */
unsigned sim_bflags_stuck(const sim_bflags *f);
/* Whether every running block is stuck (at a SyncAll, at a flag) or has
 * ended, so that no wait can end any more; lock held. */
static inline bool sim_xsync_all_stuck(const struct sim_xsync *x) {
  unsigned flag = x->bf ? sim_bflags_stuck(x->bf) : 0;
  return x->arrived + x->done + flag >= x->nblocks;
}
/* Wait on x->cv for a while (the launch's stop flag is looked at between
 * waits); lock held. */
void sim_xsync_timed_wait(struct sim_xsync *x);

#endif
