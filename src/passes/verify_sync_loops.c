/* verify-sync's loops (docs/verify-sync.md): scf.for runs iteration by
 * iteration when its trip count is known and small, and otherwise to a
 * fixpoint of the set of states at the loop head, with the remaining
 * iterations tracked (verify_sync_domain.c) when the trip count is unknown;
 * scf.while runs its test and body iteration by iteration to a fixpoint,
 * as a loop of unknown trip count that may also run zero times. */
#include <stdlib.h>

#include "passes/fold.h"
#include "passes/verify_sync_internal.h"

/* ---- shared by scf.for and scf.while ------------------------------------- */

/* Number of ops nested in op (op excluded), saturating. */
static uint32_t body_size(casc_op *op) {
  uint32_t n = 0;
  for (unsigned r = 0; r < op->nregions; r++)
    for (casc_block *b = casc_op_regions(op)[r].first; b; b = b->next)
      for (casc_op *o = b->first; o; o = o->next) {
        uint32_t k = 1 + body_size(o);
        n = n + k < n ? UINT32_MAX : n + k;
      }
  return n;
}

/* Binds the body's block arguments (iv excluded) of each state from its
 * carry: the iter_args of the next iteration. */
static void bind_iter_args(vs_ctx *c, casc_block *body, vs_set *S) {
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    for (unsigned a = 1; a < body->nargs; a++)
      vs_set_bind_arg(c, s, body->args[a],
                      a - 1 < s->nc ? s->carry[a - 1] : VS_B_UNKNOWN);
    s->nc = 0;
  }
}

/* End of one iteration for every state: decisions correlated with this
 * loop make the path uncertain from here on (the branch that ends the
 * loop may not be followed by another iteration, and vice versa). */
static void back_edge(vs_set *S, uint32_t bit) {
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    if (s->corr & bit) {
      s->cert = 0;
      s->corr &= ~bit;
    }
  }
}

/* Scalar iter_args for the next iteration: the yielded values. */
static void next_scalars(vs_ctx *c, casc_block *body, uint32_t bit) {
  casc_op *y = casc_block_terminator(body);
  /* Read every yielded value first: a yield may swap the arguments. */
  enum { MAXA = 32 };
  bool known[MAXA];
  int64_t val[MAXA];
  unsigned n = body->nargs > MAXA ? MAXA : body->nargs;
  for (unsigned a = 1; a < n; a++) {
    uint32_t yv =
        y && a - 1 < y->nops ? vid_of(c, y->operands[a - 1].value) : NO_DEATH;
    known[a] = yv < c->nv && c->sknown[yv];
    val[a] = known[a] ? c->sval[yv] : 0;
  }
  for (unsigned a = 1; a < body->nargs; a++) {
    uint32_t v = vid_of(c, body->args[a]);
    if (v >= c->nv)
      continue;
    c->sknown[v] = a < n && known[a];
    c->sval[v] = a < n ? val[a] : 0;
    c->taint[v] |= bit;
  }
}

/* Results of the loop from the body arguments' bindings. */
static void bind_results(vs_ctx *c, casc_op *op, casc_block *body, vs_set *S,
                         bool scalars_known) {
  casc_op *y = casc_block_terminator(body);
  for (unsigned r = 0; r < op->nres; r++) {
    uint32_t rv = vid_of(c, &casc_op_results(op)[r]);
    if (rv >= c->nv)
      continue;
    uint32_t yv = y && r < y->nops ? vid_of(c, y->operands[r].value) : NO_DEATH;
    c->sknown[rv] = scalars_known && yv < c->nv && c->sknown[yv];
    c->sval[rv] = c->sknown[rv] ? c->sval[yv] : 0;
    c->taint[rv] = yv < c->nv ? c->taint[yv] : 0;
  }
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    for (unsigned r = 0; r < op->nres && r + 1 < body->nargs; r++) {
      uint32_t av = vid_of(c, body->args[r + 1]);
      vs_set_bind(c, s, &casc_op_results(op)[r],
                  av < c->nv ? vs_env_get(s, av) : VS_B_UNKNOWN);
    }
    for (unsigned a = 1; a < body->nargs; a++) {
      uint32_t av = vid_of(c, body->args[a]);
      if (av < c->nv)
        vs_env_remove(s, av);
    }
  }
}

/* Records that every state is in iteration k (from 1) of loop op at depth
 * d, for findings that name the iteration. */
static void mark_iteration(vs_ctx *c, uint32_t d, casc_op *op, uint32_t k) {
  if (d < VS_MAX_NEST) {
    c->iter[d] = k;
    c->loop_op[d] = op;
  }
}

static bool set_contains(const vs_set *A, const vs_state *s, uint32_t nq,
                         uint32_t np) {
  for (uint32_t i = 0; i < A->n; i++)
    if (vs_state_equal(A->s[i], s, nq, np))
      return true;
  return false;
}

static bool add_copies(vs_ctx *c, vs_set *dst, const vs_set *src) {
  for (uint32_t i = 0; i < src->n; i++) {
    if (set_contains(dst, src->s[i], c->nq, c->np))
      continue;
    vs_state *cp = vs_state_copy(src->s[i], c->nq, c->np);
    if (!cp || !vs_set_push(dst, cp))
      return false;
  }
  return true;
}

/* ---- scf.for ------------------------------------------------------------- */

/* An scf.for being run: its bounds as far as they are known. */
typedef struct {
  casc_op *op;
  casc_block *body;
  uint32_t lbv, ubv, stv, ivv; /* value ids: lb, ub, step, iv */
  bool lbk;                    /* lb is known */
  bool stk;                    /* step is known and > 0 */
  int64_t lb, st;              /* lb (0 if unknown), step (1 if unknown) */
  int64_t trips;               /* trip count, -1 unknown */
  uint32_t depth, bit;         /* loop depth and its bit */
  unsigned ivw;                /* width of iv */
} for_loop;

static void for_read_bounds(vs_ctx *c, casc_op *op, casc_block *body,
                            for_loop *f) {
  f->op = op;
  f->body = body;
  f->lbv = vid_of(c, op->operands[0].value);
  f->ubv = vid_of(c, op->operands[1].value);
  f->stv = vid_of(c, op->operands[2].value);
  f->ivv = vid_of(c, body->args[0]);
  f->lbk = f->lbv < c->nv && c->sknown[f->lbv];
  f->stk = f->stv < c->nv && c->sknown[f->stv] && c->sval[f->stv] > 0;
  bool bk = f->lbk && f->ubv < c->nv && c->sknown[f->ubv] && f->stk;
  f->lb = f->lbk ? c->sval[f->lbv] : 0;
  f->st = f->stk ? c->sval[f->stv] : 1;
  f->trips = -1;
  if (bk) {
    int64_t ub = c->sval[f->ubv], lb = f->lb, st = f->st;
    f->trips =
        ub > lb ? (int64_t)(((uint64_t)ub - (uint64_t)lb + (uint64_t)st - 1) /
                            (uint64_t)st)
                : 0;
  }
  f->depth = c->depth;
  f->bit = loop_bit(f->depth);
  f->ivw = casc_fold_width(body->args[0]->type);
}

/* Entry: iter_args from the init operands, in every state and in the
 * scalar tables. False when out of memory. */
static bool for_enter(vs_ctx *c, const for_loop *f, vs_set *S) {
  casc_op *op = f->op;
  casc_block *body = f->body;
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    unsigned n = op->nops - 3;
    int32_t tmp[64];
    int32_t *bs = n <= 64 ? tmp : casc_malloc(n * sizeof *bs);
    if (!bs) {
      c->oom = true;
      return false;
    }
    for (unsigned k = 0; k < n; k++)
      bs[k] = vs_bind_of(c, s, op->operands[3 + k].value);
    if (!vs_carry_set(s, n, bs))
      c->oom = true;
    if (bs != tmp)
      casc_free(bs);
  }
  for (unsigned a = 1; a < body->nargs; a++) {
    uint32_t v = vid_of(c, body->args[a]);
    uint32_t iv =
        a + 2 < op->nops ? vid_of(c, op->operands[a + 2].value) : NO_DEATH;
    if (v >= c->nv)
      continue;
    c->sknown[v] = iv < c->nv && c->sknown[iv];
    c->sval[v] = c->sknown[v] ? c->sval[iv] : 0;
    c->taint[v] = (iv < c->nv ? c->taint[iv] : 0) | f->bit;
  }
  bind_iter_args(c, body, S);
  return true;
}

/* Sets up remaining-iteration tracking (unknown trip count, lb and step
 * known, a tracked depth) and returns whether it is on. The states that
 * cannot enter the loop at all go to skip. */
static bool for_track(vs_ctx *c, const for_loop *f, vs_set *S, vs_set *skip) {
  bool track = f->trips < 0 && f->lbk && f->stk && f->depth < VS_RLOOPS;
  if (f->depth < VS_RLOOPS) {
    c->lp[f->depth].track = false;
    if (f->lbk && f->stk)
      vs_loop_setup(c, f->depth, f->op, f->ivv, f->lb, f->st, track);
    track = track && c->lp[f->depth].track;
  }
  if (track && f->ivv < c->nv) {
    c->sknown[f->ivv] = 1;
    c->sval[f->ivv] = casc_fold_norm(f->ivw, f->lb);
    vs_loop_entry(c, f->depth, S, skip);
  }
  return track;
}

/* One run of the body over S: iteration i (from 0), with iv known or not;
 * the scalar iter_args are the yielded values after the first iteration. */
static void for_iteration(vs_ctx *c, const for_loop *f, vs_set *S, int64_t i,
                          bool iv_known) {
  mark_iteration(c, f->depth, f->op,
                 i < (int64_t)UINT32_MAX - 1 ? (uint32_t)i + 1 : UINT32_MAX);
  if (f->ivv < c->nv) {
    c->sknown[f->ivv] = iv_known;
    c->sval[f->ivv] = casc_fold_norm(f->ivw, f->lb + i * f->st);
    c->taint[f->ivv] = f->bit;
  }
  if (i > 0)
    next_scalars(c, f->body, f->bit);
  vs_run_block(c, f->body, S);
  back_edge(S, f->bit);
  bind_iter_args(c, f->body, S);
  if (!vs_set_dedup(S, c->nq, c->np, VS_MAX_STATES))
    c->oom = true;
}

/* A known trip count small enough: every iteration with iv known. */
static void for_run_concrete(vs_ctx *c, const for_loop *f, vs_set *S) {
  for (int64_t k = 0; k < f->trips && S->n && !c->aborted; k++)
    for_iteration(c, f, S, k, true);
  c->depth--;
  bind_results(c, f->op, f->body, S, true);
}

/* The fixpoint's stop test after an iteration: the head set maps onto
 * itself (stationary: equal to the previous one) or holds nothing new.
 * Otherwise records it in seen and prev. */
static bool head_repeats(vs_ctx *c, const vs_set *S, vs_set *seen, vs_set *prev,
                         bool *stationary) {
  bool all_seen = true;
  for (uint32_t i = 0; i < S->n && all_seen; i++)
    all_seen = set_contains(seen, S->s[i], c->nq, c->np);
  if (prev->n == S->n) {
    bool same = true;
    for (uint32_t i = 0; i < S->n && same; i++)
      same = set_contains(prev, S->s[i], c->nq, c->np);
    *stationary = same;
  }
  if (*stationary || all_seen)
    return true;
  if (!add_copies(c, seen, S))
    c->oom = true;
  vs_set_clear(prev);
  if (!add_copies(c, prev, S))
    c->oom = true;
  return false;
}

/* Fixpoint over the set of states at the loop head. Iteration k knows
 * iv = lb + (k-1) * step when lb and step are constants; scalar iter_args
 * are unknown after iteration 1. An unknown trip count is assumed to be at
 * least 2 unless the path knows better (remaining iterations), and large
 * enough for every iteration followed: a bug of iteration k is claimed
 * when the trip count may reach k. */
static void for_run_fixpoint(vs_ctx *c, const for_loop *f, vs_set *S,
                             bool track) {
  int64_t trips = f->trips;
  vs_set seen, exits, prev;
  vs_set_init(&seen);
  vs_set_init(&exits);
  vs_set_init(&prev);
  bool stationary = false, reached = false;
  c->folded &= ~f->bit;
  uint32_t kmax = VS_MAX_LOOP_ITERS;
  if (trips > 0 && (uint64_t)trips < kmax)
    kmax = (uint32_t)trips;
  for (uint32_t k = 1; k <= kmax && S->n && !c->aborted; k++) {
    for_iteration(c, f, S, (int64_t)(k - 1), f->lbk && f->stk);
    if (trips > 0 && k == (uint32_t)trips) {
      reached = true; /* the real exit: all iterations were followed */
      break;
    }
    if (track) {
      vs_loop_iterate(c, f->depth, k, S, &exits);
      if (!vs_set_dedup(S, c->nq, c->np, VS_MAX_STATES) ||
          !vs_set_dedup(&exits, c->nq, c->np, VS_MAX_STATES))
        c->oom = true;
    } else {
      if (k == 1)
        continue; /* iteration 1 never exits (trip count >= 2) */
      if (trips < 0 && !add_copies(c, &exits, S))
        c->oom = true;
    }
    if (k == 1)
      continue;
    if (head_repeats(c, S, &seen, &prev, &stationary))
      break;
  }
  c->depth--;
  if (trips < 0) {
    vs_set_clear(S);
    vs_move_set(S, &exits);
  } else if (!reached && (!stationary || (c->folded & f->bit))) {
    /* A known trip count the analysis did not reach: the exit state is
     * one of these, but which one is not known (a branch on the
     * induction variable or a carried scalar may change the course of
     * a later iteration). */
    for (uint32_t i = 0; i < S->n; i++)
      S->s[i]->cert = 0;
  }
  vs_set_free(&seen);
  vs_set_free(&exits);
  vs_set_free(&prev);
  bind_results(c, f->op, f->body, S, false);
}

void vs_run_for(vs_ctx *c, casc_op *op, vs_set *S) {
  casc_block *body = op->nregions ? casc_op_regions(op)[0].first : NULL;
  if (!body || op->nops < 3 || body->nargs < 1) {
    for (uint32_t i = 0; i < S->n; i++)
      vs_havoc_all(c, S->s[i]);
    return;
  }
  for_loop f;
  for_read_bounds(c, op, body, &f);
  if (!for_enter(c, &f, S))
    return;
  if (f.trips == 0) {
    bind_results(c, op, body, S, true);
    return;
  }
  /* Values the loop bounds are made of: a decision on them is a decision
   * on the trip count. */
  uint32_t saved[3] = {0, 0, 0};
  uint32_t bvs[3] = {f.lbv, f.ubv, f.stv};
  for (int k = 0; k < 3; k++)
    if (bvs[k] < c->nv) {
      saved[k] = c->taint[bvs[k]];
      c->taint[bvs[k]] |= f.bit;
    }
  uint64_t work =
      (uint64_t)body_size(op) * (uint64_t)(f.trips > 0 ? f.trips : 0);
  bool concrete = f.trips > 0 && f.trips <= VS_UNROLL_TRIPS &&
                  work <= VS_UNROLL_WORK && work * 4 <= c->budget;
  vs_set skip;
  vs_set_init(&skip);
  bool track = for_track(c, &f, S, &skip);
  c->depth++;
  if (concrete)
    for_run_concrete(c, &f, S);
  else
    for_run_fixpoint(c, &f, S, track);
  /* Paths that never entered the loop: their iter_args are the results. */
  if (skip.n) {
    bind_results(c, op, body, &skip, false);
    vs_move_set(S, &skip);
  }
  vs_set_free(&skip);
  if (!vs_set_dedup(S, c->nq, c->np, VS_MAX_STATES))
    c->oom = true;
  for (int k = 0; k < 3; k++)
    if (bvs[k] < c->nv)
      c->taint[bvs[k]] = saved[k];
}

/* ---- scf.while ----------------------------------------------------------- */

/* An scf.while being run. Iteration k evaluates the before-region (the
 * test) for the k-th time; when it holds, the after-region (the body) runs
 * for the k-th time. */
typedef struct {
  casc_op *op;
  casc_block *before, *after;
  casc_op *cond; /* scf.condition */
  uint32_t depth, bit;
} while_loop;

/* Binds block's arguments in every state from its carry (the operands of
 * the terminator that led there). */
static void bind_args_from_carry(vs_ctx *c, casc_block *b, vs_set *S) {
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    for (unsigned a = 0; a < b->nargs; a++)
      vs_set_bind_arg(c, s, b->args[a], a < s->nc ? s->carry[a] : VS_B_UNKNOWN);
    s->nc = 0;
  }
}

/* Scalars of block b's arguments from the values `from[first..]` hands
 * over (the init operands, the condition's or the yield's operands): known
 * when those are, tainted by the loop. All are read before any is written
 * (a yield may swap the arguments). */
static void pass_scalars(vs_ctx *c, casc_block *b, casc_op *from,
                         unsigned first, uint32_t bit) {
  enum { MAXA = 32 };
  bool known[MAXA];
  int64_t val[MAXA];
  uint32_t taint[MAXA];
  unsigned n = b->nargs > MAXA ? MAXA : b->nargs;
  for (unsigned a = 0; a < n; a++) {
    uint32_t v = from && first + a < from->nops
                     ? vid_of(c, from->operands[first + a].value)
                     : NO_DEATH;
    known[a] = v < c->nv && c->sknown[v];
    val[a] = known[a] ? c->sval[v] : 0;
    taint[a] = v < c->nv ? c->taint[v] : 0;
  }
  for (unsigned a = 0; a < b->nargs; a++) {
    uint32_t v = vid_of(c, b->args[a]);
    if (v >= c->nv)
      continue;
    c->sknown[v] = a < n && known[a];
    c->sval[v] = a < n ? val[a] : 0;
    c->taint[v] = (a < n ? taint[a] : 0) | bit;
  }
}

/* A copy of s leaves the loop after the test (or s itself when `move`):
 * the results are the condition's arguments. A decision in this iteration
 * correlated with the loop makes the exit uncertain; a loop skipped
 * entirely is named in the path's findings (zero-trip). */
static void while_exit(vs_ctx *c, const while_loop *w, vs_state *s, bool move,
                       bool zero_trip, vs_set *exits) {
  vs_state *e = move ? s : vs_state_copy(s, c->nq, c->np);
  if (!e) {
    c->oom = true;
    return;
  }
  if (e->corr & w->bit) {
    e->cert = 0;
    e->corr &= ~w->bit;
  }
  if (zero_trip && !e->zloop)
    e->zloop = oid_of(c, w->op) + 1;
  for (unsigned r = 0; r < w->op->nres && r < e->nc; r++)
    vs_set_bind(c, e, &casc_op_results(w->op)[r], e->carry[r]);
  e->nc = 0;
  if (!vs_set_push(exits, e))
    c->oom = true;
}

/* After the k-th test: the states on which it fails leave, those on which
 * it holds stay in S. An unknown test may go either way, except that the
 * body is assumed to run at least twice unless it runs not at all (as for
 * an scf.for of unknown trip count): no exit after exactly one run. A
 * decision before the loop that implies the test (`n > 0` around a loop
 * on `i < n`) rules the zero-trip exit out. Returns whether the test was
 * a known constant. */
static bool while_test(vs_ctx *c, const while_loop *w, uint32_t k, vs_set *S,
                       vs_set *exits) {
  uint32_t cv = w->cond && w->cond->nops ? vid_of(c, w->cond->operands[0].value)
                                         : NO_DEATH;
  bool known = cv < c->nv && c->sknown[cv];
  bool val = known && (c->sval[cv] & 1);
  uint32_t out = 0;
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    int a = known ? (int)val : vs_cond_decided(c, s, cv);
    if (a == 0) {
      while_exit(c, w, s, true, k == 1 && !known, exits);
      continue;
    }
    if (a < 0 && k != 2)
      while_exit(c, w, s, false, k == 1, exits);
    S->s[out++] = s;
  }
  S->n = out;
  return known;
}

/* The test held: the body runs and hands its yield back to the test. */
static void while_body(vs_ctx *c, const while_loop *w, vs_set *S) {
  pass_scalars(c, w->after, w->cond, 1, w->bit);
  bind_args_from_carry(c, w->after, S);
  vs_run_block(c, w->after, S);
  back_edge(S, w->bit);
  pass_scalars(c, w->before, casc_block_terminator(w->after), 0, w->bit);
  bind_args_from_carry(c, w->before, S);
}

/* scf.while as a loop of unknown trip count (docs/verify-sync.md): the
 * test and the body run iteration by iteration, with the loop-carried
 * scalars known whenever the previous iteration computed them, until the
 * set of states at the test repeats (at most VS_MAX_LOOP_ITERS). The body
 * may run zero times, or any number from two on. */
void vs_run_while(vs_ctx *c, casc_op *op, vs_set *S) {
  while_loop w;
  w.op = op;
  w.before = op->nregions > 0 ? casc_op_regions(op)[0].first : NULL;
  w.after = op->nregions > 1 ? casc_op_regions(op)[1].first : NULL;
  if (!w.before || !w.after) {
    for (uint32_t i = 0; i < S->n; i++)
      vs_havoc_all(c, S->s[i]);
    return;
  }
  w.cond = casc_block_terminator(w.before);
  w.depth = c->depth;
  w.bit = loop_bit(w.depth);
  if (w.depth < VS_RLOOPS)
    c->lp[w.depth].track = false;
  for (uint32_t i = 0; i < S->n; i++)
    for (unsigned a = 0; a < w.before->nargs && a < op->nops; a++)
      vs_set_bind_arg(c, S->s[i], w.before->args[a],
                      vs_bind_of(c, S->s[i], op->operands[a].value));
  pass_scalars(c, w.before, op, 0, w.bit);
  c->depth++;
  vs_set exits, seen, prev;
  vs_set_init(&exits);
  vs_set_init(&seen);
  vs_set_init(&prev);
  bool stationary = false, cut = true, all_known = true;
  for (uint32_t k = 1; k <= VS_MAX_LOOP_ITERS && S->n && !c->aborted; k++) {
    mark_iteration(c, w.depth, op, k);
    vs_run_block(c, w.before, S);
    all_known &= while_test(c, &w, k, S, &exits);
    if (!S->n) {
      cut = false;
      break;
    }
    while_body(c, &w, S);
    if (!vs_set_dedup(S, c->nq, c->np, VS_MAX_STATES) ||
        !vs_set_dedup(&exits, c->nq, c->np, VS_MAX_STATES))
      c->oom = true;
    /* A test known every time (`i < 8` from i = 0) exits at a given
     * iteration only: states that repeat do not mean the exits are all
     * collected, so it runs on until the test fails. */
    if (k >= 2 && !all_known && head_repeats(c, S, &seen, &prev, &stationary)) {
      cut = false;
      break;
    }
  }
  c->depth--;
  /* Cut off with the test still holding: the real exit comes later, from
   * one of these states, but the analysis cannot vouch for which. */
  if (cut)
    for (uint32_t i = 0; i < S->n; i++) {
      S->s[i]->cert = 0;
      while_exit(c, &w, S->s[i], false, false, &exits);
    }
  vs_set_clear(S);
  vs_move_set(S, &exits);
  vs_set_free(&exits);
  vs_set_free(&seen);
  vs_set_free(&prev);
  for (unsigned r = 0; r < op->nres; r++) {
    uint32_t v = vid_of(c, &casc_op_results(op)[r]);
    if (v < c->nv)
      c->sknown[v] = 0;
  }
  if (!vs_set_dedup(S, c->nq, c->np, VS_MAX_STATES))
    c->oom = true;
}
