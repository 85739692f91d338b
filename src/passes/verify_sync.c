/* -ascendc-verify-sync: TQue / TQueBind / TBuf misuse, found by abstract
 * interpretation of each function's structured IR (docs/verify-sync.md).
 *
 * pyasc's pass walks a function once in text order; this one follows the
 * control flow: every scf.if arm is a path of its own, scf.for bodies run
 * once per iteration when the trip count is known and small, and to a
 * fixpoint of the state set otherwise. A warning is only given on a path
 * the analysis knows to be feasible (vs_state.cert), and pyasc's six
 * messages are used, with pyasc's notes, wherever pyasc gives them.
 *
 * This file is the pass entry, the per-function driver and the reporting;
 * verify_sync_internal.h lists the other pieces. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes/pass_impl.h"
#include "passes/verify_sync_internal.h"

/* ---- diagnostics --------------------------------------------------------- */

vs_diag *vs_diag_new(vs_ctx *c, uint32_t op, uint32_t kind, const char *fmt,
                     ...) {
  /* A correct helper misused by its caller: the finding is the call's. */
  uint32_t at_op = op;
  bool moved = c->blame_caller && c->site && c->site <= c->nops &&
               op >= c->nops_func && op < c->nops;
  c->blame_caller = false;
  if (moved)
    op = c->site - 1;
  const void *key =
      (const void *)(uintptr_t)((uint64_t)op * K_COUNT_ + kind + 1);
  if (casc_ptrmap_get(&c->dkeys, key, 0))
    return NULL;
  vs_diag *nd = casc_grow(c->diags, &c->capd, c->nd + 1, sizeof *nd);
  if (nd)
    c->diags = nd;
  if (!nd || !casc_ptrmap_put(&c->dkeys, key, 1)) {
    c->oom = true;
    return NULL;
  }
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  vs_diag *d = &c->diags[c->nd];
  memset(d, 0, sizeof *d);
  d->msg = casc_malloc(strlen(buf) + 1);
  if (!d->msg) {
    c->oom = true;
    return NULL;
  }
  strcpy(d->msg, buf);
  d->op = op;
  d->kind = kind;
  c->nd++;
  if (moved)
    vs_diag_note(d, c->ops[at_op]->loc,
                 "in the called function, at this operation");
  /* On a path that skipped a loop because its run-time trip count may be
   * 0, the finding only holds for that count: point at the loop. */
  if (c->cur && c->cur->zloop && c->cur->zloop <= c->nops)
    vs_diag_note(d, c->ops[c->cur->zloop - 1]->loc,
                 "when this loop runs zero times (its trip count is only "
                 "known at run time)");
  return d;
}

void vs_diag_note(vs_diag *d, casc_loc *loc, const char *msg) {
  if (d && d->nnotes < VS_MAX_NOTES) {
    d->note_loc[d->nnotes] = loc;
    d->note_msg[d->nnotes] = msg;
    d->nnotes++;
  }
}

static int diag_cmp(const void *pa, const void *pb) {
  const vs_diag *a = pa, *b = pb;
  if (a->op != b->op)
    return a->op < b->op ? -1 : 1;
  return a->kind < b->kind ? -1 : a->kind > b->kind;
}

/* One warning per op (the lowest kind: pyasc's texts first), in op order. */
static void flush_diags(vs_ctx *c) {
  if (c->nd)
    qsort(c->diags, c->nd, sizeof *c->diags, diag_cmp);
  for (uint32_t i = 0; i < c->nd; i++) {
    vs_diag *d = &c->diags[i];
    if (i > 0 && c->diags[i - 1].op == d->op)
      continue;
    casc_diag *cd = casc_diag_begin(c->ctx, CASC_SEV_WARNING,
                                    c->ops[d->op]->loc, "%s", d->msg);
    for (unsigned k = 0; k < d->nnotes; k++)
      casc_diag_note(cd, d->note_loc[k], "%s", d->note_msg[k]);
    casc_diag_emit(cd);
  }
}

/* Compile-time misuse of the in-place API (a static_assert in Ascend C):
 * reported wherever the op is, whatever the path. */
static void static_checks(vs_ctx *c) {
  for (uint32_t i = 0; i < c->nops; i++) {
    casc_op *op = c->ops[i];
    bool inplace_op = op->kind == CASC_OP_QUE_BIND_ALLOC_TENSOR_IN_PLACE ||
                      op->kind == CASC_OP_QUE_BIND_DEQUE_TENSOR_IN_PLACE;
    bool plain_op = op->kind == CASC_OP_QUE_BIND_ALLOC_TENSOR ||
                    op->kind == CASC_OP_QUE_BIND_DEQUE_TENSOR;
    if ((!inplace_op && !plain_op) || op->nops < 1)
      continue;
    const casc_type *t = queue_type(op->operands[0].value);
    if (!t || is_tbuf_type(t))
      continue;
    vs_qinfo qi;
    vs_fill_qinfo(&qi, t);
    const char *api = op->kind == CASC_OP_QUE_BIND_ALLOC_TENSOR ||
                              op->kind == CASC_OP_QUE_BIND_ALLOC_TENSOR_IN_PLACE
                          ? "AllocTensor"
                          : "DeQue";
    vs_diag *d = NULL;
    if (plain_op && qi.depth == 0)
      d = vs_diag_new(c, i, K_INPLACE,
                      "%s: this queue has depth 0 (in-place); use the in-place "
                      "form %s(LocalTensor&)",
                      api, api);
    else if (inplace_op && qi.depth != 0)
      d = vs_diag_new(c, i, K_INPLACE,
                      "%s: the in-place form %s(LocalTensor&) needs a queue of "
                      "depth 0; this queue has depth %d",
                      api, api, qi.depth);
    if (d)
      vs_diag_note(d, value_loc(c, op->operands[0].value),
                   "queue declared here");
  }
}

/* " if the loop at line N runs zero times" when s skipped a loop whose
 * run-time trip count may be 0 (the condition under which the leak is
 * real), else "". */
static void zero_trip_suffix(vs_ctx *c, const vs_state *s, char *buf,
                             size_t n) {
  buf[0] = 0;
  if (!s->zloop || s->zloop > c->nops)
    return;
  const casc_loc *l = casc_loc_find_file(c->ops[s->zloop - 1]->loc);
  if (l)
    snprintf(buf, n, " if the loop at line %u runs zero times", l->u.file.line);
  else
    snprintf(buf, n, " if the loop runs zero times");
}

/* A buffer still held at the end. Allocated in a helper that handed it
 * on (returned, queued, left to the caller): the call that allocated it is
 * where a FreeTensor is missing. Lost inside the helper: the helper's. */
static void leak_report(vs_ctx *c, const vs_slot *sl, const char *zt) {
  bool in_call = sl->asite && sl->asite <= c->nops;
  bool callers = in_call && !(sl->flags & VS_SF_LOST);
  vs_diag *d = vs_diag_new(c, callers ? sl->asite - 1 : sl->alloc, K_ALLOC_LEAK,
                           "AllocTensor: there is no corresponding call to "
                           "FreeTensor for this tensor%s",
                           zt);
  if (callers)
    vs_diag_note(d, c->ops[sl->alloc]->loc,
                 "allocated in the called function here");
  else if (in_call)
    vs_diag_note(d, c->ops[sl->asite - 1]->loc, "the function is called here");
}

/* Function end: buffers still held and tensors still queued. */
static void final_checks(vs_ctx *c, vs_set *S) {
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    if (!claims(c, s))
      continue;
    char zt[64];
    zero_trip_suffix(c, s, zt, sizeof zt);
    c->cur = s;
    for (uint32_t k = 0; k < s->ns; k++) {
      const vs_slot *sl = &s->slots[k];
      if (sl->flags & (VS_SF_NOLEAK | VS_SF_UNK))
        continue;
      if (sl->status == VS_ENQ && precise(s, (int32_t)sl->fifo_q) &&
          sl->last < c->nops) {
        /* Enqueued by a helper: the caller was to dequeue it. */
        bool in_call = sl->lsite && sl->lsite <= c->nops;
        casc_op *eq = c->ops[sl->last];
        vs_diag *d =
            vs_diag_new(c, in_call ? sl->lsite - 1 : sl->last, K_ENQUE_LEAK,
                        "EnQue: there is no corresponding call to DeQue "
                        "for this tensor%s",
                        zt);
        if (in_call)
          vs_diag_note(d, eq->loc, "enqueued in the called function here");
        vs_diag_note(d, value_loc(c, eq->operands[0].value),
                     "queue declared here");
      }
      if (sl->status != VS_FREED && !(sl->flags & (VS_SF_EXT | VS_SF_GONE)) &&
          sl->owner != VS_NOQ && !c->qi[sl->owner].tbuf)
        leak_report(c, sl, zt);
    }
    c->cur = NULL;
  }
}

void vs_ctx_init(vs_ctx *c, casc_ctx *ctx, casc_op *module, casc_op *func) {
  memset(c, 0, sizeof *c);
  c->ctx = ctx;
  c->module = module;
  c->func = func;
  c->budget = VS_BUDGET;
  casc_ptrmap_init(&c->vid);
  casc_ptrmap_init(&c->oid);
  casc_ptrmap_init(&c->dkeys);
}

void vs_ctx_free(vs_ctx *c) {
  casc_ptrmap_free(&c->vid);
  casc_ptrmap_free(&c->oid);
  casc_ptrmap_free(&c->dkeys);
  casc_free(c->vals);
  casc_free(c->ops);
  casc_free(c->vq);
  casc_free(c->vp);
  casc_free(c->vtensor);
  casc_free(c->sknown);
  casc_free(c->assumed);
  casc_free(c->sval);
  casc_free(c->taint);
  casc_free(c->death);
  casc_free(c->crep);
  casc_free(c->cneg);
  casc_free(c->dstart);
  casc_free(c->dlist);
  casc_free(c->qi);
  casc_free(c->pdecl);
  for (uint32_t i = 0; i < c->nd; i++)
    casc_free(c->diags[i].msg);
  casc_free(c->diags);
}

static bool verify_func(casc_ctx *ctx, casc_op *module, casc_op *func) {
  if (func->nregions < 1 || !casc_op_regions(func)[0].first)
    return true; /* a declaration */
  vs_ctx c;
  vs_ctx_init(&c, ctx, module, func);
  bool ok = vs_number(&c);
  if (ok) {
    static_checks(&c);
    vs_set S;
    vs_set_init(&S);
    vs_state *s0 = vs_state_new(c.nq, c.np);
    if (!s0 || !vs_set_push(&S, s0)) {
      c.oom = true;
    } else {
      casc_block *entry = casc_op_regions(func)[0].first;
      for (unsigned a = 0; a < entry->nargs; a++)
        vs_set_bind(&c, s0, entry->args[a], VS_B_EXT);
      vs_run_block(&c, entry, &S);
      if (!c.aborted && !c.oom)
        final_checks(&c, &S);
    }
    vs_set_free(&S);
  }
  if (c.oom || !ok) {
    casc_emit_error(ctx, func->loc, "ascendc-verify-sync: out of memory");
    vs_ctx_free(&c);
    return false;
  }
  flush_diags(&c);
  vs_ctx_free(&c);
  return true;
}

typedef struct {
  casc_op *module, *caller;
  casc_ptrmap called; /* func.func -> 1 */
  bool oom;
} callee_scan;

static bool mark_callee(casc_op *op, void *user) {
  callee_scan *cs = user;
  casc_op *f = vs_resolve_callee(cs->module, cs->caller, op);
  if (f && !casc_ptrmap_put(&cs->called, f, 1)) {
    cs->oom = true;
    return false;
  }
  return true;
}

bool casc_pass_verify_sync(casc_ctx *ctx, casc_op *module,
                           const char *options) {
  if (options && options[0]) {
    casc_emit_error(ctx, module->loc,
                    "ascendc-verify-sync: unknown option '%s'", options);
    return false;
  }
  /* Functions another function calls are verified in the context of each
   * call (their queue parameters are the caller's queues), not alone. */
  callee_scan cs;
  cs.module = module;
  cs.oom = false;
  casc_ptrmap_init(&cs.called);
  for (casc_op *op = casc_module_body(module)->first; op && !cs.oom;
       op = op->next)
    if (op->kind == CASC_OP_FUNC_FUNC) {
      cs.caller = op;
      if (!casc_walk_pre(op, mark_callee, &cs))
        cs.oom = true;
    }
  bool ok = true;
  if (cs.oom) {
    casc_emit_error(ctx, module->loc, "ascendc-verify-sync: out of memory");
    ok = false;
  }
  for (casc_op *op = casc_module_body(module)->first; op && ok; op = op->next)
    if (op->kind == CASC_OP_FUNC_FUNC && !casc_ptrmap_get(&cs.called, op, 0))
      ok &= verify_func(ctx, module, op);
  casc_ptrmap_free(&cs.called);
  return ok;
}
