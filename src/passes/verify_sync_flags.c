/* verify-sync's explicit flags (docs/verify-sync.md "Deadlocked waits"):
 * SetFlag<E>(id) sets the flag (E, id) to 1; WaitFlag<E>(id) blocks its
 * pipe until the flag is 1 and clears it (docs/ascendc-facts.md §2). A
 * wait whose flag no SetFlag set before it on the path never returns:
 * the classic case is a loop that waits at the top of every iteration
 * and sets the flag only at its end, with no priming SetFlag before the
 * loop, so the first iteration blocks. Every state knows, per HardEvent,
 * which constant ids are set; a flag the path cannot follow (an id that
 * is not a constant, the queue API or an unfollowed call using the same
 * event) makes the event unknown and its waits unchecked. */
#include <stdio.h>

#include "passes/fold.h"
#include "passes/verify_sync_internal.h"

/* The constant id of a SetFlag / WaitFlag in 0..VS_EVENT_IDS-1, or -1. */
static int flag_id(vs_ctx *c, const casc_op *op) {
  uint32_t v = op->nops ? vid_of(c, op->operands[0].value) : NO_DEATH;
  if (v >= c->nv || !c->sknown[v])
    return -1;
  int64_t id = c->sval[v];
  return id >= 0 && id < VS_EVENT_IDS ? (int)id : -1;
}

/* " on the first iteration of the loop at line N" (or "on iteration K")
 * for the innermost loop around the current point, else "". */
static void iteration_text(vs_ctx *c, char *buf, size_t n) {
  buf[0] = 0;
  if (!c->depth || c->depth > VS_MAX_NEST)
    return;
  uint32_t d = c->depth - 1;
  const casc_loc *l =
      c->loop_op[d] ? casc_loc_find_file(c->loop_op[d]->loc) : NULL;
  char at[48] = "";
  if (l)
    snprintf(at, sizeof at, " at line %u", l->u.file.line);
  if (c->iter[d] == 1)
    snprintf(buf, n, " on the first iteration of the loop%s", at);
  else
    snprintf(buf, n, " on iteration %u of the loop%s", c->iter[d], at);
}

/* o is a SetFlag of (e, id). */
static bool sets(const casc_op *o, int64_t e, int id) {
  int64_t v;
  return o->kind == CASC_OP_SET_FLAG && casc_op_attr_int(o, "event", -1) == e &&
         o->nops && o->operands[0].value->def &&
         casc_fold_const_value(o->operands[0].value->def, &v) && v == id;
}

static casc_op *enclosing_func(casc_op *op) {
  while (op && op->kind != CASC_OP_FUNC_FUNC)
    op = casc_op_parent_op(op);
  return op;
}

/* The SetFlag ops of (e, id) in the function and its callees: where the
 * flag is set, too late for this wait. */
static void note_sets(vs_ctx *c, vs_diag *d, int64_t e, int id) {
  unsigned n = 0;
  for (uint32_t i = 0; i < c->nops && n < 2; i++)
    if (sets(c->ops[i], e, id)) {
      vs_diag_note(d, c->ops[i]->loc, "the flag is only set here");
      n++;
    }
}

/* A helper that waits on a flag it never sets itself expects its caller
 * to set it first: the wait is the call site's misuse. */
static bool callers_flag(vs_ctx *c, casc_op *wait, int64_t e, int id) {
  if (!c->site)
    return false;
  casc_op *f = enclosing_func(wait);
  for (uint32_t i = c->nops_func; i < c->nops; i++)
    if (sets(c->ops[i], e, id) && enclosing_func(c->ops[i]) == f)
      return false;
  return true;
}

/* A wait on (e, id) that nothing set: the pipe blocks for good. */
static void report_wait(vs_ctx *c, casc_op *op, int64_t e, int id) {
  const char *name = casc_hw_event_name(e);
  char it[96];
  iteration_text(c, it, sizeof it);
  c->blame_caller = callers_flag(c, op, e, id);
  vs_diag *d = vs_diag_new(
      c, oid_of(c, op), K_WAIT_BLOCKS,
      "WaitFlag<%s>(%d): no SetFlag<%s>(%d) comes before this wait%s; on the "
      "NPU it never returns",
      name, id, name, id, it);
  note_sets(c, d, e, id);
}

bool vs_flag_op(vs_ctx *c, vs_state *s, casc_op *op) {
  int64_t e = casc_op_attr_int(op, "event", -1);
  /* SetFlag<V_V> is a barrier and WaitFlag<V_V> does nothing. */
  if (!casc_hw_event_name(e) || e >= VS_NEVENTS || e == CASC_HW_EV_V_V)
    return true;
  int id = flag_id(c, op);
  if (op->kind == CASC_OP_SET_FLAG) {
    if (id < 0)
      s->funk[e] = 1;
    else
      s->fset[e] |= (uint8_t)(1u << id);
    return true;
  }
  if (id < 0 || s->funk[e])
    return true; /* which flag it clears is not known: nothing claimed */
  uint8_t bit = (uint8_t)(1u << id);
  if (s->fset[e] & bit) {
    s->fset[e] &= (uint8_t)~bit;
    return true;
  }
  if (claims(c, s))
    report_wait(c, op, e, id);
  return false; /* the NPU hangs here: nothing after it runs */
}
