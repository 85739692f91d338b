/* Stopping a launch early (sim_stop in sim_internal.h): the wall-clock
 * limit, and the step limit of a kernel whose blocks all run alike. Blocks
 * look here at backward jumps (interp.c) and before they start (launch.c). */
#include <stdatomic.h>
#include <time.h>

#include "sim/sim_internal.h"

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The first reason wins; block and op are written before it is published. */
static void request_stop(sim_stop *st, sim_stop_reason why, int block,
                         const casc_op *op) {
  pthread_mutex_lock(&st->lock);
  if (atomic_load(&st->reason) == SIM_STOP_NONE) {
    st->block = block;
    st->op = op;
    atomic_store(&st->reason, (int)why);
  }
  pthread_mutex_unlock(&st->lock);
}

/* Out of steps at op. When every block runs alike, all are reported so (the
 * others are stopped, or never start, once one is): the same outcome at any
 * thread count, reached in the time of one block. */
static void report_out_of_steps(sim_block *b, const casc_op *op) {
  const sim_launch *L = b->L;
  sim_issue *is = sim_report(b, CASC_CHECK_STEP_LIMIT, CASC_SEV_ERROR, op,
                             "the block ran more than %llu steps without "
                             "finishing (an endless loop?)",
                             (unsigned long long)L->max_steps);
  if (L->stop->blocks_run_alike)
    sim_note_add(is, L->prog->func->loc,
                 "@%s reads neither its block index nor scalars from memory, "
                 "so every block runs alike: all were stopped once one ran "
                 "out of steps",
                 casc_func_name(L->prog->func));
}

void sim_report_stopped(sim_block *b, sim_stop_reason why, const casc_op *op) {
  const sim_stop *st = b->L->stop;
  /* One wording for every block, so that they merge into one diagnostic. */
  if (why == SIM_STOP_STEPS)
    report_out_of_steps(b, st->op);
  else if (op)
    sim_report(b, CASC_CHECK_STEP_LIMIT, CASC_SEV_ERROR, op,
               "stopped here at the launch's time limit of %g s (an endless "
               "loop?)",
               st->timeout);
  else
    sim_report(b, CASC_CHECK_STEP_LIMIT, CASC_SEV_ERROR, b->L->prog->func,
               "not run: the launch reached its time limit of %g s first",
               st->timeout);
}

bool sim_block_check_stop(sim_block *b, const casc_op *op, uint64_t steps) {
  const sim_launch *L = b->L;
  sim_stop *st = L->stop;
  int why = atomic_load(&st->reason);
  if (why == SIM_STOP_NONE && steps > L->max_steps) {
    report_out_of_steps(b, op);
    if (st->blocks_run_alike)
      request_stop(st, SIM_STOP_STEPS, b->idx, op);
    return true;
  }
  if (why == SIM_STOP_NONE && st->deadline > 0 && now_seconds() >= st->deadline)
    request_stop(st, SIM_STOP_TIMEOUT, b->idx, op);
  why = atomic_load(&st->reason);
  if (why == SIM_STOP_NONE)
    return false;
  sim_report_stopped(b, (sim_stop_reason)why, op);
  return true;
}

bool sim_blocks_run_alike(const casc_sim_program *p) {
  for (unsigned i = 0; i < p->ncode; i++)
    if (p->code[i].opc == SIM_GET_BLOCK_IDX ||
        p->code[i].opc == SIM_GT_GET_VALUE ||
        p->code[i].opc == SIM_LT_GET_VALUE ||
        p->code[i].opc == SIM_MEMREF_LOAD || p->code[i].opc == SIM_EMIT_DEREF ||
        p->code[i].opc == SIM_DESC_NEW || p->code[i].opc == SIM_DESC_LIST)
      return false;
  return true;
}
