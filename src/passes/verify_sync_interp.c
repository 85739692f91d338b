/* verify-sync's path-set interpreter (docs/verify-sync.md): runs a block
 * op by op on a set of states, one per path. A region-free op goes through
 * the transfer functions state by state; scf.if splits the states between
 * its arms (and remembers the decision); a func.call of a function of the
 * module runs the callee's body in place; scf.for and scf.while are in
 * verify_sync_loops.c. Integer scalars are folded here, once per op visit,
 * for all paths at once. */
#include "passes/fold.h"
#include "passes/verify_sync_internal.h"

/* ---- scalars (shared by all paths) --------------------------------------- */

/* Constant folding and loop taint of op's integer results, once per op
 * visit. Paths never disagree on these values: values that differ between
 * the arms of an scf.if are its results, which stay unknown. */
static void eval_scalars(vs_ctx *c, casc_op *op, vs_set *S) {
  if (op->nres == 0)
    return;
  uint32_t taint = 0;
  int64_t in[8];
  bool all_known = op->nops <= 8;
  for (unsigned i = 0; i < op->nops; i++) {
    uint32_t v = vid_of(c, op->operands[i].value);
    if (v >= c->nv) {
      all_known = false;
      continue;
    }
    taint |= c->taint[v];
    if (i < 8) {
      in[i] = c->sval[v];
      all_known &= c->sknown[v] != 0;
    }
  }
  for (unsigned r = 0; r < op->nres; r++) {
    uint32_t v = vid_of(c, &casc_op_results(op)[r]);
    if (v >= c->nv)
      continue;
    int64_t out = 0;
    bool known = false;
    if (op->nres == 1) {
      if (casc_fold_const_value(op, &out))
        known = true;
      else if (all_known && casc_fold_int(op, in, &out))
        known = true;
    }
    c->sknown[v] = known;
    c->sval[v] = out;
    c->taint[v] = taint;
    if (c->assumed[v])
      for (uint32_t k = 0; k < S->n; k++)
        vs_assume_drop(S->s[k], v);
  }
}

/* Tensor values whose last use is op leave every state's env. */
static void kill_dead(vs_ctx *c, casc_op *op, vs_set *S) {
  uint32_t oi = oid_of(c, op);
  if (oi >= c->nops)
    return;
  for (uint32_t k = c->dstart[oi]; k < c->dstart[oi + 1]; k++)
    for (uint32_t i = 0; i < S->n; i++)
      vs_env_remove(S->s[i], c->dlist[k]);
}

void vs_move_set(vs_set *dst, vs_set *src) {
  for (uint32_t i = 0; i < src->n; i++)
    if (!vs_set_push(dst, src->s[i]))
      break;
  src->n = 0;
}

/* ---- scf.if -------------------------------------------------------------- */

/* What is known of an scf.if's condition, the same on every path. */
typedef struct {
  uint32_t cv;     /* value id of the condition */
  bool known, val; /* the condition is a constant, and its value */
  uint32_t taint;  /* loops whose exit the decision may be correlated with */
  uint32_t rep;    /* the condition decisions are remembered on */
  unsigned neg;    /* 1: the condition is the negation of rep */
  uint32_t nl;     /* loop depths with an entry in rc */
  /* A condition on the remaining iterations of a tracked loop narrows them
   * on each arm instead of making the path uncertain. */
  vs_rcond rc[VS_RLOOPS];
} if_cond;

static void if_read_cond(vs_ctx *c, casc_op *op, if_cond *ic) {
  uint32_t cv = vid_of(c, op->operands[0].value);
  ic->cv = cv;
  ic->known = cv < c->nv && c->sknown[cv];
  ic->val = ic->known && (c->sval[cv] & 1);
  ic->taint = cv < c->nv ? c->taint[cv] & active_loops(c) : 0;
  if (ic->known)
    c->folded |= ic->taint;
  /* Decisions are remembered on the condition's representative. */
  ic->rep = cv < c->nv ? c->crep[cv] : NO_DEATH;
  ic->neg = cv < c->nv ? c->cneg[cv] : 0;
  ic->nl = c->depth < VS_RLOOPS ? c->depth : VS_RLOOPS;
  for (uint32_t L = 0; L < ic->nl; L++) {
    ic->rc[L].ok = false;
    if (ic->known || !c->lp[L].track)
      continue;
    ic->rc[L] = vs_decode_rcond(c, cv, L);
    if (ic->rc[L].ok)
      ic->taint &= ~loop_bit(L);
  }
}

/* The arm path s takes: 1 then, 0 else, -1 both are possible. */
static int if_arm_of(const vs_ctx *c, const if_cond *ic, const vs_state *s) {
  if (ic->known)
    return (int)ic->val;
  int a = ic->rep < c->nv ? vs_assume_get(s, ic->rep) : -1;
  return a >= 0 ? a ^ (int)ic->neg : -1;
}

/* Both arms are possible: s goes to T and a copy to E, the decision is
 * remembered so that a later scf.if on the same condition takes the same
 * arm, and each copy's remaining iterations are narrowed (a copy whose
 * interval becomes empty is infeasible and dropped). */
static void if_fork(vs_ctx *c, const if_cond *ic, vs_state *s, vs_set *T,
                    vs_set *E) {
  vs_state *e = vs_state_copy(s, c->nq, c->np);
  if (!e) {
    c->oom = true;
    vs_state_free(s);
    return;
  }
  if (ic->rep < c->nv) {
    if (!vs_assume_set(s, ic->rep, 1u ^ ic->neg) ||
        !vs_assume_set(e, ic->rep, 0u ^ ic->neg))
      c->oom = true;
    c->assumed[ic->rep] = 1;
  }
  s->corr |= ic->taint;
  e->corr |= ic->taint;
  bool t_ok = true, e_ok = true;
  for (uint32_t L = 0; L < ic->nl; L++)
    if (ic->rc[L].ok) {
      t_ok &= vs_rnarrow(s, L, ic->rc[L].t);
      e_ok &= vs_rnarrow(e, L, ic->rc[L].f);
    }
  if (t_ok) {
    if (!vs_set_push(T, s))
      c->oom = true;
  } else {
    vs_state_free(s);
  }
  if (e_ok) {
    if (!vs_set_push(E, e))
      c->oom = true;
  } else {
    vs_state_free(e);
  }
}

/* Moves every state of S to the arm(s) it takes. */
static void if_split(vs_ctx *c, const if_cond *ic, vs_set *S, vs_set *T,
                     vs_set *E) {
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    int a = if_arm_of(c, ic, s);
    if (a >= 0) {
      if (!vs_set_push(a ? T : E, s))
        c->oom = true;
      continue;
    }
    if_fork(c, ic, s, T, E);
  }
  S->n = 0;
}

/* Scalar results: known only if the arm is known (or is the only one any
 * path got through) or both arms yield the same constant. t_ran / e_ran:
 * some path got through that arm (an arm no path got through was not
 * (fully) evaluated: its scalars are stale). */
static void if_scalar_results(vs_ctx *c, casc_op *op, const if_cond *ic,
                              casc_block *tb, casc_block *eb, bool t_ran,
                              bool e_ran) {
  uint32_t cv = ic->cv;
  casc_op *ty = tb ? casc_block_terminator(tb) : NULL;
  casc_op *ey = eb ? casc_block_terminator(eb) : NULL;
  for (unsigned r = 0; r < op->nres; r++) {
    uint32_t rv = vid_of(c, &casc_op_results(op)[r]);
    if (rv >= c->nv)
      continue;
    uint32_t tv =
        ty && r < ty->nops ? vid_of(c, ty->operands[r].value) : NO_DEATH;
    uint32_t ev =
        ey && r < ey->nops ? vid_of(c, ey->operands[r].value) : NO_DEATH;
    bool tk = tv < c->nv && c->sknown[tv], ek = ev < c->nv && c->sknown[ev];
    if (!ic->known && t_ran != e_ran) {
      /* Every path took the same arm: its values are the results. */
      bool k1 = t_ran ? tk : ek;
      c->sknown[rv] = k1;
      c->sval[rv] = k1 ? c->sval[t_ran ? tv : ev] : 0;
      c->taint[rv] = (cv < c->nv ? c->taint[cv] : 0) |
                     (tv < c->nv ? c->taint[tv] : 0) |
                     (ev < c->nv ? c->taint[ev] : 0);
      continue;
    }
    c->sknown[rv] = 0;
    c->taint[rv] = (cv < c->nv ? c->taint[cv] : 0) |
                   (tv < c->nv ? c->taint[tv] : 0) |
                   (ev < c->nv ? c->taint[ev] : 0);
    if (ic->known && (ic->val ? tk : ek)) {
      c->sknown[rv] = 1;
      c->sval[rv] = c->sval[ic->val ? tv : ev];
    } else if (!ic->known && tk && ek && c->sval[tv] == c->sval[ev]) {
      c->sknown[rv] = 1;
      c->sval[rv] = c->sval[tv];
    }
  }
}

/* Tensor results: on each path, the bindings its arm's yield handed back. */
static void if_bind_results(vs_ctx *c, casc_op *op, vs_set *arm) {
  for (uint32_t i = 0; i < arm->n; i++) {
    vs_state *s = arm->s[i];
    for (unsigned r = 0; r < op->nres && r < s->nc; r++)
      vs_set_bind(c, s, &casc_op_results(op)[r], s->carry[r]);
    s->nc = 0;
  }
}

static void run_if(vs_ctx *c, casc_op *op, vs_set *S) {
  if_cond ic;
  if_read_cond(c, op, &ic);
  vs_set T, E;
  vs_set_init(&T);
  vs_set_init(&E);
  if_split(c, &ic, S, &T, &E);
  casc_block *tb = op->nregions > 0 ? casc_op_regions(op)[0].first : NULL;
  casc_block *eb = op->nregions > 1 ? casc_op_regions(op)[1].first : NULL;
  if (tb)
    vs_run_block(c, tb, &T);
  if (eb)
    vs_run_block(c, eb, &E);
  if_scalar_results(c, op, &ic, tb, eb, tb && T.n > 0, eb && E.n > 0);
  if_bind_results(c, op, &T);
  if_bind_results(c, op, &E);
  vs_move_set(S, &T);
  vs_move_set(S, &E);
  vs_set_free(&T);
  vs_set_free(&E);
  if (!vs_set_dedup(S, c->nq, c->np, VS_MAX_STATES))
    c->oom = true;
}

/* ---- calls --------------------------------------------------------------- */

/* The callee of `call` when it is interpreted in place (numbered, not
 * already running: no recursion). */
static casc_op *callable(vs_ctx *c, casc_op *call) {
  if (c->call_depth >= VS_MAX_CALLS)
    return NULL;
  casc_op *f = vs_resolve_callee(c->module, c->func, call);
  if (!f || casc_ptrmap_get(&c->oid, f, NO_DEATH) == NO_DEATH)
    return NULL;
  for (uint32_t i = 0; i < c->call_depth; i++)
    if (c->calls[i] == f)
      return NULL;
  return f;
}

/* Marks (or unmarks) every buffer of every state as the caller's: what a
 * helper finds on entry is the caller's doing until the helper touches it. */
static void mark_prior(vs_set *S, bool on) {
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    for (uint32_t k = 0; k < s->ns; k++)
      if (on)
        s->slots[k].flags |= VS_SF_PRIOR;
      else
        s->slots[k].flags &= (uint8_t)~VS_SF_PRIOR;
  }
}

/* At the return of the kernel's call: buffers the call allocated that are
 * still held but neither returned (s->carry holds the results) nor known
 * to the caller under a name of its own are lost inside the helper; their
 * leak is the helper's, not the call site's. */
static void mark_lost(vs_ctx *c, vs_state *s) {
  for (uint32_t k = 0; k < s->ns; k++) {
    vs_slot *sl = &s->slots[k];
    if (sl->asite != c->site || sl->status != VS_HELD ||
        (sl->flags & (VS_SF_EXT | VS_SF_UNK | VS_SF_NOLEAK)))
      continue;
    bool kept = false;
    for (uint32_t r = 0; r < s->nc && !kept; r++)
      kept = s->carry[r] == (int32_t)k;
    for (uint32_t e = 0; e < s->ne && !kept; e++)
      kept = s->env[e].b == (int32_t)k && s->env[e].v < c->nv_func;
    if (!kept)
      sl->flags |= VS_SF_LOST;
  }
}

/* A call into a function of the module: its body runs in place, with its
 * parameters bound to the caller's queues, pipes, tensors and scalars,
 * and its func.return hands the results back. */
static void run_call(vs_ctx *c, casc_op *call, casc_op *f, vs_set *S) {
  casc_block *body = casc_op_regions(f)[0].first;
  for (unsigned i = 0; i < body->nargs; i++) {
    uint32_t av = vid_of(c, body->args[i]);
    uint32_t ov = vid_of(c, call->operands[i].value);
    if (av >= c->nv)
      continue;
    bool ok = ov < c->nv;
    c->vq[av] = ok ? c->vq[ov] : -1;
    c->vp[av] = ok ? c->vp[ov] : -1;
    c->sknown[av] = ok && c->sknown[ov];
    c->sval[av] = c->sknown[av] ? c->sval[ov] : 0;
    c->taint[av] = ok ? c->taint[ov] : 0;
    for (uint32_t k = 0; k < S->n; k++)
      vs_set_bind_arg(c, S->s[k], body->args[i],
                      vs_bind_of(c, S->s[k], call->operands[i].value));
  }
  bool outer = c->call_depth == 0;
  if (outer) {
    c->site = oid_of(c, call) + 1;
    mark_prior(S, true);
  }
  c->calls[c->call_depth++] = f;
  vs_run_block(c, body, S);
  c->call_depth--;
  casc_op *ret = casc_block_terminator(body);
  for (unsigned r = 0; r < call->nres; r++) {
    uint32_t rv = vid_of(c, &casc_op_results(call)[r]);
    uint32_t yv = r < ret->nops ? vid_of(c, ret->operands[r].value) : NO_DEATH;
    if (rv >= c->nv)
      continue;
    c->sknown[rv] = yv < c->nv && c->sknown[yv];
    c->sval[rv] = c->sknown[rv] ? c->sval[yv] : 0;
    c->taint[rv] = yv < c->nv ? c->taint[yv] : 0;
  }
  for (uint32_t k = 0; k < S->n; k++) {
    vs_state *s = S->s[k];
    if (outer)
      mark_lost(c, s);
    for (unsigned r = 0; r < call->nres && r < s->nc; r++)
      vs_set_bind(c, s, &casc_op_results(call)[r], s->carry[r]);
    s->nc = 0;
    for (unsigned i = 0; i < body->nargs; i++) {
      uint32_t av = vid_of(c, body->args[i]);
      if (av < c->nv)
        vs_env_remove(s, av);
    }
  }
  if (outer) {
    mark_prior(S, false);
    c->site = 0;
  }
}

static void run_op(vs_ctx *c, casc_op *op, vs_set *S) {
  uint64_t cost = S->n ? S->n : 1;
  if (c->budget < cost) {
    c->aborted = true;
    return;
  }
  c->budget -= cost;
  if (op->kind == CASC_OP_SCF_IF && op->nops == 1) {
    run_if(c, op, S);
  } else if (op->kind == CASC_OP_SCF_FOR) {
    vs_run_for(c, op, S);
  } else if (op->kind == CASC_OP_SCF_WHILE) {
    vs_run_while(c, op, S);
  } else if (op->kind == CASC_OP_FUNC_CALL && callable(c, op)) {
    run_call(c, op, callable(c, op), S);
  } else if (op->nregions > 0) {
    /* A region op casc does not model: forget what it may touch. */
    for (uint32_t i = 0; i < S->n; i++)
      vs_havoc_all(c, S->s[i]);
    eval_scalars(c, op, S);
  } else {
    eval_scalars(c, op, S);
    vs_transfer(c, S, op);
  }
  kill_dead(c, op, S);
}

void vs_run_block(vs_ctx *c, casc_block *b, vs_set *S) {
  for (casc_op *op = b->first; op && S->n && !c->aborted && !c->oom;
       op = op->next)
    run_op(c, op, S);
}
