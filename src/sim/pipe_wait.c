/* Waits that never end, found without the timing model (docs/simulator.md,
 * docs/ascendc-facts.md §2).
 *
 * WaitFlag<SRC_DST>(id) runs in pipe DST and holds DST's later work until
 * SetFlag<SRC_DST>(id) has run in pipe SRC. A wait before its set in
 * program order is legal: DST stalls while the scalar unit goes on issuing
 * to the other pipes, and DST resumes when SRC reaches the set. It hangs
 * when SRC cannot reach it: the set sits behind a wait of SRC's own that
 * (through further pipes) waits for DST, when the scalar unit itself waits
 * (WaitFlag<X_S>, PipeBarrier<PIPE_ALL>) while a pipe is held, or when the
 * kernel ends with a pipe still held. The interpreter runs a block's ops
 * in program order and does not stall, so this file follows the flags the
 * way the pipes would: every SetFlag / WaitFlag (the user's and those the
 * queue operations make) goes to its pipe; a held pipe keeps the flag
 * operations issued to it in order and runs them when it is released. A
 * set that runs releases the pipe waiting for it. That costs a few tests
 * per flag operation and never stalls the interpreter. */
#include <stdio.h>

#include "sim/sim_internal.h"

static const char *event_name(int evt) {
  const char *s = casc_hw_event_name(evt);
  return s ? s : "?";
}

/* The pipe that runs a SetFlag / WaitFlag of evt (from the table that
 * sim_sync_reset copies out of the hardware facts once per workspace: the
 * flags of every queue operation come through here). */
static casc_hw_pipe pipe_of(const sim_sync *s, int evt, bool set) {
  return (casc_hw_pipe)(set ? s->src_pipe[evt] : s->dst_pipe[evt]);
}

static bool tracked(casc_hw_pipe p) {
  return p > CASC_PIPE_NONE && p < SIM_SYNC_PIPES;
}

void sim_sync_reset(sim_block *b) {
  sim_sync *s = &b->sync;
  for (int p = 0; p < SIM_SYNC_PIPES; p++) {
    s->pipe[p].held = false;
    s->pipe[p].n = 0;
  }
  memset(s->fired, 0, sizeof s->fired);
  s->order = 0;
  s->nheld = 0;
  s->gave_up = false;
  if (!s->pipes_known) {
    for (int e = 0; e < SIM_NUM_EVENTS; e++) {
      s->src_pipe[e] = (uint8_t)casc_hw_event_src_pipe(e);
      s->dst_pipe[e] = (uint8_t)casc_hw_event_dst_pipe(e);
    }
    s->pipes_known = true;
  }
}

/* The iteration of the innermost scf.for around op that is running now:
 * (iv - lb) / step from the block's slots. False when op is in no scf.for
 * or its loop cannot be told apart (a helper inlined twice). Only called
 * when a wait holds a pipe, so the search through the program is rare. */
static bool loop_iteration(const sim_block *b, const casc_op *op,
                           const casc_op **loop, int64_t *iter) {
  const casc_op *l = casc_op_parent_op(op);
  while (l && l->kind != CASC_OP_SCF_FOR)
    l = casc_op_parent_op(l);
  if (!l)
    return false;
  const casc_sim_program *P = b->L->prog;
  unsigned t = 0, found = 0;
  for (unsigned i = 1; i < P->ncode; i++)
    if (P->code[i].opc == SIM_FOR_TEST && P->code[i].op == l) {
      t = i;
      found++;
    }
  if (found != 1)
    return false;
  /* lower.c: `mov iv, lb` comes right before the loop's test. */
  const sim_insn *test = &P->code[t], *mv = &P->code[t - 1];
  if (mv->opc != SIM_MOV || mv->r != test->a[0])
    return false;
  int64_t iv = sim_sext(b->slots[test->a[0]].i, test->dt);
  int64_t lb = sim_sext(b->slots[mv->a[0]].i, test->dt);
  int64_t st = sim_sext(b->slots[test->a[2]].i, test->dt);
  if (st <= 0 || iv < lb)
    return false;
  *loop = l;
  *iter = (iv - lb) / st;
  return true;
}

static sim_sync_rec make_rec(const sim_block *b, const sim_insn *in, int evt,
                             int id, bool set) {
  sim_sync_rec r;
  memset(&r, 0, sizeof r);
  r.evt = (int16_t)evt;
  r.id = (int8_t)id;
  r.set = set;
  r.op = in ? in->op : NULL;
  r.iter = -1;
  if (!set && r.op && !loop_iteration(b, r.op, &r.loop, &r.iter))
    r.iter = -1;
  return r;
}

/* "WaitFlag<MTE2_V>(0)" or, for a queue operation, "DeQue (its
 * WaitFlag<MTE2_V>(1))", plus " in iteration 3 of the loop at line 12". */
static void describe(const sim_sync_rec *r, char *out, size_t n) {
  const char *api = r->op ? sim_api_name(r->op) : "WaitFlag";
  int k;
  if (!r->op || r->op->kind == CASC_OP_WAIT_FLAG)
    k = snprintf(out, n, "WaitFlag<%s>(%d)", event_name(r->evt), r->id);
  else
    k = snprintf(out, n, "%s (its WaitFlag<%s>(%d))", api, event_name(r->evt),
                 r->id);
  if (k < 0 || (size_t)k >= n || r->iter < 0 || !r->loop)
    return;
  const casc_loc *ll = casc_loc_find_file(r->loop->loc);
  if (ll)
    snprintf(out + k, n - (size_t)k,
             " in iteration %lld of the loop at line %u", (long long)r->iter,
             ll->u.file.line);
  else
    snprintf(out + k, n - (size_t)k, " in iteration %lld of its loop",
             (long long)r->iter);
}

/* Pipe p's held wait, reported as a hang, with a note per other held pipe
 * on the way to the set it waits for. why: what makes it final. */
static void report_hang(sim_block *b, casc_hw_pipe p, const casc_op *at,
                        const char *why) {
  sim_sync *s = &b->sync;
  const sim_sync_rec *w = &s->pipe[p].wait;
  char d[200];
  describe(w, d, sizeof d);
  casc_hw_pipe src = casc_hw_event_src_pipe(w->evt);
  sim_issue *is = sim_report(
      b, CASC_CHECK_PIPE_DEADLOCK, CASC_SEV_ERROR, w->op,
      "%s holds pipe %s until SetFlag<%s>(%d) runs in pipe %s, and %s: on the "
      "NPU this hangs (is a SetFlag missing before it, e.g. before the loop?)",
      d, casc_hw_pipe_name(p), event_name(w->evt), w->id,
      casc_hw_pipe_name(src), why);
  /* The chain of held pipes from SRC on. */
  casc_hw_pipe q = src;
  for (int k = 0; k < SIM_SYNC_PIPES && tracked(q) && q != p && s->pipe[q].held;
       k++) {
    const sim_sync_rec *v = &s->pipe[q].wait;
    describe(v, d, sizeof d);
    casc_hw_pipe next = casc_hw_event_src_pipe(v->evt);
    if (v->op)
      sim_note_add(is, v->op->loc,
                   "pipe %s is held here by %s, until pipe %s sets it",
                   casc_hw_pipe_name(q), d, casc_hw_pipe_name(next));
    q = next;
  }
  if (at && at != w->op)
    sim_note_add(is, at->loc, "the scalar unit waits here");
}

/* Hold pipe p on wait r. */
static void hold(sim_sync *s, casc_hw_pipe p, const sim_sync_rec *r) {
  s->nheld += !s->pipe[p].held;
  s->pipe[p].held = true;
  s->pipe[p].wait = *r;
  s->pipe[p].since = ++s->order;
}

static void fire(sim_sync *s, int evt, int id);

/* Pipe p was released: run the flag operations it kept, until one of its
 * waits holds it again. */
static void run_kept(sim_sync *s, casc_hw_pipe p) {
  sim_pipe_wait *pw = &s->pipe[p];
  unsigned i = 0;
  while (i < pw->n && !pw->held) {
    sim_sync_rec r = pw->kept[i++];
    if (r.set)
      fire(s, r.evt, r.id);
    else if (s->fired[r.evt] & (1u << r.id))
      s->fired[r.evt] &= (uint8_t) ~(1u << r.id);
    else
      hold(s, p, &r);
  }
  memmove(pw->kept, pw->kept + i, (pw->n - i) * sizeof *pw->kept);
  pw->n -= i;
}

/* SetFlag<evt>(id) has run: the flag is set; the pipe waiting for it goes
 * on. Recursion depth is bounded by the pipes: a pipe releases another
 * only while it runs, and each release clears a held wait. */
static void fire(sim_sync *s, int evt, int id) {
  casc_hw_pipe q = pipe_of(s, evt, false);
  if (tracked(q) && s->pipe[q].held && s->pipe[q].wait.evt == evt &&
      s->pipe[q].wait.id == id) {
    s->pipe[q].held = false;
    s->nheld--;
    run_kept(s, q);
    return;
  }
  s->fired[evt] |= (uint8_t)(1u << id);
}

/* The held pipes from p on, following each wait to the pipe of its set:
 * true if that comes back to p (they wait for each other). */
static bool waits_in_circle(const sim_sync *s, casc_hw_pipe p) {
  casc_hw_pipe q = p;
  for (int k = 0; k < SIM_SYNC_PIPES; k++) {
    if (!tracked(q) || !s->pipe[q].held)
      return false;
    q = casc_hw_event_src_pipe(s->pipe[q].wait.evt);
    if (q == p)
      return true;
  }
  return false;
}

/* The pipe of the circle through p that was held first: its wait is where
 * the hang begins. */
static casc_hw_pipe first_in_circle(const sim_sync *s, casc_hw_pipe p) {
  casc_hw_pipe best = p, q = p;
  for (int k = 0; k < SIM_SYNC_PIPES; k++) {
    q = casc_hw_event_src_pipe(s->pipe[q].wait.evt);
    if (q == p)
      break;
    if (s->pipe[q].since < s->pipe[best].since)
      best = q;
  }
  return best;
}

/* The held pipe that was held first, or CASC_PIPE_NONE. */
static casc_hw_pipe first_held(const sim_sync *s) {
  casc_hw_pipe best = CASC_PIPE_NONE;
  for (int p = CASC_PIPE_NONE + 1; p < SIM_SYNC_PIPES; p++)
    if (s->pipe[p].held &&
        (best == CASC_PIPE_NONE || s->pipe[p].since < s->pipe[best].since))
      best = (casc_hw_pipe)p;
  return best;
}

bool sim_sync_flag(sim_block *b, const sim_insn *in, int evt, int id,
                   bool set) {
  sim_sync *s = &b->sync;
  if (s->gave_up || evt < 0 || evt >= SIM_NUM_EVENTS || id < 0 ||
      id >= SIM_EVENT_IDS)
    return true;
  casc_hw_pipe p = pipe_of(s, evt, set);
  if (!tracked(p))
    return true;
  if (p == CASC_PIPE_S && !set) {
    /* The scalar unit waits: it issues nothing more until the flag is set,
     * so a set not run by now never comes. */
    if (s->fired[evt] & (1u << id)) {
      s->fired[evt] &= (uint8_t) ~(1u << id);
      return true;
    }
    casc_hw_pipe src = casc_hw_event_src_pipe(evt);
    sim_issue *is = sim_report(
        b, CASC_CHECK_PIPE_DEADLOCK, CASC_SEV_ERROR, in ? in->op : NULL,
        "WaitFlag<%s>(%d) stalls the scalar unit before the SetFlag it waits "
        "for has run%s: on the NPU this hangs",
        event_name(evt), id,
        tracked(src) && s->pipe[src].held ? " (its pipe is held)" : "");
    if (tracked(src) && s->pipe[src].held && s->pipe[src].wait.op) {
      char d[200];
      describe(&s->pipe[src].wait, d, sizeof d);
      sim_note_add(is, s->pipe[src].wait.op->loc, "pipe %s is held here by %s",
                   casc_hw_pipe_name(src), d);
    }
    return false;
  }
  sim_pipe_wait *pw = &s->pipe[p];
  if (pw->held) {
    /* Behind the wait that holds the pipe, in order. */
    if (pw->n == SIM_SYNC_KEPT) {
      char d[200];
      describe(&pw->wait, d, sizeof d);
      sim_report(b, CASC_CHECK_PIPE_DEADLOCK, CASC_SEV_WARNING, pw->wait.op,
                 "%s holds pipe %s while %d later flag operations of that "
                 "pipe wait behind it; the simulator stops following this "
                 "block's flags, so a hang further on may go unreported",
                 d, casc_hw_pipe_name(p), SIM_SYNC_KEPT);
      s->gave_up = true;
      return true;
    }
    pw->kept[pw->n++] = make_rec(b, in, evt, id, set);
    return true;
  }
  if (set) {
    fire(s, evt, id);
    /* A released pipe may have run into a kept wait that closes a circle. */
    for (int q = CASC_PIPE_NONE + 1; s->nheld && q < SIM_SYNC_PIPES; q++)
      if (s->pipe[q].held && waits_in_circle(s, (casc_hw_pipe)q)) {
        report_hang(b, first_in_circle(s, (casc_hw_pipe)q), NULL,
                    "that pipe is held by waits that come back to this one");
        return false;
      }
    return true;
  }
  if (s->fired[evt] & (1u << id)) {
    s->fired[evt] &= (uint8_t) ~(1u << id);
    return true;
  }
  sim_sync_rec w = make_rec(b, in, evt, id, false);
  hold(s, p, &w);
  if (waits_in_circle(s, p)) {
    report_hang(b, first_in_circle(s, p), NULL,
                "that pipe is held by waits that come back to this one");
    return false;
  }
  return true;
}

bool sim_sync_scalar_waits(sim_block *b, const sim_insn *in) {
  sim_sync *s = &b->sync;
  if (s->gave_up)
    return true;
  casc_hw_pipe p = first_held(s);
  if (p == CASC_PIPE_NONE)
    return true;
  report_hang(b, p, in ? in->op : NULL,
              "the scalar unit waits for every pipe before issuing it");
  return false;
}

bool sim_sync_kernel_end(sim_block *b, int *evt, int *id) {
  sim_sync *s = &b->sync;
  if (s->gave_up)
    return true;
  casc_hw_pipe p = first_held(s);
  if (p == CASC_PIPE_NONE)
    return true;
  *evt = s->pipe[p].wait.evt;
  *id = s->pipe[p].wait.id;
  report_hang(b, p, NULL, "the kernel ends without running it");
  return false;
}
