/* Per-block diagnostics. Worker threads must not touch the context (its
 * handler and arena are not thread-safe), so each block keeps its issues as
 * heap strings; launch.c hands them to the context after the launch, block
 * by block. An error stops the block; a warning is kept once per op. */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/issues_lost.h"
#include "sim/sim_internal.h"
#include "util/alloc.h"
#include "util/grow.h"

static char *vformat(const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    n = 0;
  char *s = casc_malloc((size_t)n + 1);
  if (s)
    vsnprintf(s, (size_t)n + 1, fmt, ap);
  return s;
}

/* Returned for a warning already on the list, and when the issue cannot be
 * recorded for lack of memory: that is counted (issues_lost.h) and fails
 * the block, so that the launch reports the loss instead of passing clean. */
static sim_issue dropped_issue;
static atomic_ulong issues_lost;

unsigned long sim_issues_lost(void) {
  return atomic_load(&issues_lost);
}

static sim_issue *lost(sim_block *b) {
  atomic_fetch_add(&issues_lost, 1);
  b->failed = true;
  return &dropped_issue;
}

sim_issue *sim_report(sim_block *b, casc_sim_check c, casc_severity sev,
                      const casc_op *op, const char *fmt, ...) {
  if (sev == CASC_SEV_ERROR)
    b->failed = true;
  if (sev == CASC_SEV_WARNING) {
    /* A warning in a loop would repeat every iteration: keep the first. */
    for (unsigned i = 0; i < b->issues.n; i++)
      if (b->issues.items[i].op == op && b->issues.items[i].check == c)
        return &dropped_issue;
  }
  sim_issue_list *l = &b->issues;
  if (l->n == l->cap) {
    sim_issue *ni = casc_grow(l->items, &l->cap, l->n + 1, sizeof *ni);
    if (!ni)
      return lost(b);
    l->items = ni;
  }
  sim_issue *is = &l->items[l->n];
  va_list ap;
  va_start(ap, fmt);
  char *msg = vformat(fmt, ap);
  va_end(ap);
  if (!msg)
    return lost(b);
  memset(is, 0, sizeof *is);
  is->check = c;
  is->sev = sev;
  is->op = op;
  is->loc = op ? op->loc : NULL;
  is->msg = msg;
  l->n++;
  return is;
}

void sim_note_add(sim_issue *is, const casc_loc *loc, const char *fmt, ...) {
  if (is == &dropped_issue || is->nnotes == SIM_MAX_NOTES || !loc)
    return;
  va_list ap;
  va_start(ap, fmt);
  char *msg = vformat(fmt, ap);
  va_end(ap);
  /* A NULL message marks a note lost for lack of memory: launch.c reports
   * the loss rather than let the diagnostic pass as complete. */
  is->notes[is->nnotes].loc = loc;
  is->notes[is->nnotes].msg = msg;
  is->nnotes++;
}

void sim_issue_list_free(sim_issue_list *l) {
  for (unsigned i = 0; i < l->n; i++) {
    casc_free(l->items[i].msg);
    for (unsigned j = 0; j < l->items[i].nnotes; j++)
      casc_free(l->items[i].notes[j].msg);
  }
  casc_free(l->items);
  l->items = NULL;
  l->n = l->cap = 0;
}

const char *sim_operand_name(const casc_op *op, unsigned i, char *buf,
                             unsigned n) {
  const casc_op_info *info = casc_op_info_of(op);
  /* Operand i is spec i while no variadic or optional spec comes before
   * it (Copy's dst and src before its mask words, MrgSort's sortList). */
  bool fixed = info && i < info->nopnds;
  for (unsigned j = 0; fixed && j <= i; j++)
    fixed = info->opnds[j].card == 0;
  if (info && i < info->nopnds && info->opnds[i].name &&
      info->opnds[i].name[0] && (fixed || !info->has_variadic_operands))
    return info->opnds[i].name;
  snprintf(buf, n, "operand %u", i);
  return buf;
}

const char *sim_api_name(const casc_op *op) {
  const casc_op_info *info = casc_op_info_of(op);
  if (info && info->api && info->api[0])
    return info->api;
  return casc_op_name(op);
}

static const char *const check_names[CASC_CHECK_COUNT_] = {
    [CASC_CHECK_NONE] = "none",
    [CASC_CHECK_ALLOC_NO_FREE_BUFFER] = "alloc-no-free-buffer",
    [CASC_CHECK_ENQUE_FULL] = "enque-full",
    [CASC_CHECK_DEQUE_EMPTY] = "deque-empty",
    [CASC_CHECK_DOUBLE_FREE] = "double-free",
    [CASC_CHECK_WRONG_QUEUE] = "wrong-queue",
    [CASC_CHECK_FREE_TBUF] = "free-tbuf",
    [CASC_CHECK_USE_AFTER_FREE] = "use-after-free",
    [CASC_CHECK_USE_WHILE_ENQUEUED] = "use-while-enqueued",
    [CASC_CHECK_UB_OUT_OF_BOUNDS] = "ub-out-of-bounds",
    [CASC_CHECK_GM_OUT_OF_BOUNDS] = "gm-out-of-bounds",
    [CASC_CHECK_UNALIGNED] = "unaligned",
    [CASC_CHECK_PARTIAL_OVERLAP] = "partial-overlap",
    [CASC_CHECK_UB_CAPACITY] = "ub-capacity",
    [CASC_CHECK_TOO_MANY_BUFFERS] = "too-many-buffers",
    [CASC_CHECK_EVENT_IDS_EXHAUSTED] = "event-ids-exhausted",
    [CASC_CHECK_LEAK] = "leak",
    [CASC_CHECK_UNPAIRED_FLAG] = "unpaired-flag",
    [CASC_CHECK_UNINIT_READ] = "uninit-read",
    [CASC_CHECK_COPY_TRUNCATED] = "copy-truncated",
    [CASC_CHECK_BAD_EVENT] = "bad-event",
    [CASC_CHECK_BAD_VALUE] = "bad-value",
    [CASC_CHECK_ARITH] = "arith",
    [CASC_CHECK_UNSUPPORTED] = "unsupported",
    [CASC_CHECK_STEP_LIMIT] = "step-limit",
    [CASC_CHECK_LAUNCH] = "launch",
    [CASC_CHECK_RACE] = "race",
    [CASC_CHECK_PIPE_DEADLOCK] = "pipe-deadlock",
    [CASC_CHECK_FRACTAL_ALIGN] = "fractal-alignment",
    [CASC_CHECK_L0C_UNINIT] = "l0c-uninit",
    [CASC_CHECK_GM_RACE] = "gm-race",
    [CASC_CHECK_ATOMIC] = "atomic",
    [CASC_CHECK_BLOCK_DEADLOCK] = "block-deadlock",
    [CASC_CHECK_TRAP] = "trap",
    [CASC_CHECK_LOCAL_MEMORY_IA] = "local-memory-ia",
};

const char *casc_sim_check_name(casc_sim_check c) {
  return (unsigned)c < CASC_CHECK_COUNT_ && check_names[c] ? check_names[c]
                                                           : "?";
}

bool sim_fail(sim_block *b, const sim_insn *in, casc_sim_check c,
              const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  sim_report(b, c, CASC_SEV_ERROR, in->op, "%s: %s", sim_api_name(in->op), msg);
  return false;
}
