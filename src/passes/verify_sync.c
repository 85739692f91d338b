/* -ascendc-verify-sync: TQue / TQueBind / TBuf misuse, found by abstract
 * interpretation of each function's structured IR (docs/verify-sync.md).
 *
 * pyasc's pass walks a function once in text order; this one follows the
 * control flow: every scf.if arm is a path of its own, scf.for bodies run
 * once per iteration when the trip count is known and small, and to a
 * fixpoint of the state set otherwise. A warning is only given on a path
 * the analysis knows to be feasible (vs_state.cert), and pyasc's six
 * messages are used, with pyasc's notes, wherever pyasc gives them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "dialect/ascend_hw.h"
#include "dialect/dialect.h"
#include "passes/fold.h"
#include "passes/pass_impl.h"
#include "passes/ptrmap.h"
#include "passes/verify_sync_state.h"

/* ---- limits (docs/verify-sync.md "Limits") --------------------------------
 */
#define VS_MAX_STATES 64        /* paths kept at once */
#define VS_MAX_LOOP_ITERS 80    /* fixpoint iterations of one loop */
#define VS_UNROLL_TRIPS 4096    /* known trip counts followed exactly */
#define VS_UNROLL_WORK 2000000u /* trips x body ops followed exactly */
#define VS_BUDGET 50000000ull   /* op x state steps per function */
/* The hardware's (ascend_hw.h): buffers of one TPipe, ids per HardEvent. */
#define VS_MAX_HELD CASC_HW_MAX_BUFFERS
#define VS_EVENT_IDS CASC_HW_EVENT_IDS
#define VS_MAX_BUFS CASC_HW_MAX_BUFFERS
#define VS_MAX_CALLS 8     /* nesting of calls followed into their callee */
#define VS_MAX_CALLEES 256 /* callee bodies numbered per function */

/* vs_pipe.bytes is indexed by the local memories of ascend_hw.h that a
 * TPosition can name (UB ... BiasTable). */
_Static_assert(VS_NMEM == CASC_HW_MEM_BIAS + 1, "VS_NMEM");
_Static_assert(VS_NEVENTS >= CASC_HW_EV_COUNT_, "VS_NEVENTS");

/* Diagnostic kinds, pyasc's first: for one op the lowest kind wins. */
enum {
  K_FREE_NO_ALLOC,
  K_DOUBLE_FREE,
  K_ALLOC_LEAK,
  K_DEQUE_EMPTY,
  K_ENQUE_LEAK,
  K_USE_BETWEEN,
  K_ALLOC_HANG,
  K_ALLOC_NO_INIT,
  K_ENQUE_FULL,
  K_FREE_WRONG_QUEUE,
  K_USE_AFTER_FREE,
  K_EVENT_LIMIT,
  K_INIT_MEM,
  K_INIT_COUNT,
  K_INIT_NUM,
  K_INIT_LEN,
  K_INIT_TYPE,
  K_INPLACE,
  K_COUNT_
};

#define VS_MAX_NOTES 4
typedef struct {
  uint32_t op; /* op index */
  uint32_t kind;
  char *msg;
  unsigned nnotes;
  casc_loc *note_loc[VS_MAX_NOTES];
  const char *note_msg[VS_MAX_NOTES]; /* static strings */
} vs_diag;

/* Static facts about one queue-like value. */
typedef struct {
  uint32_t decl;   /* value id of the queue value */
  int32_t depth;   /* from the type */
  int8_t tbuf;     /* a TBuf: Alloc/DeQue are Get, Free/EnQue no-ops */
  int8_t enq_evt;  /* HardEvent of EnQue->DeQue, -1 unknown */
  int8_t free_evt; /* HardEvent of Free->Alloc, -1 unknown */
  int8_t pos;      /* TPosition of the buffers */
  int8_t mem;      /* memory index (mem_name), -1 none */
  int8_t pad[3];
} vs_qinfo;

/* An scf.for being interpreted (see vs_state.rlo/rhi). */
typedef struct {
  uint32_t iv;    /* value id of the induction variable */
  uint32_t ub;    /* root of the upper bound (lin_form) */
  int64_t ub_off; /* upper bound = ub + ub_off */
  int64_t step;   /* > 0 */
  uint32_t mod;   /* the trip count is a multiple of mod (>= 1) */
  bool track;     /* remaining iterations are tracked */
} vs_loop;

typedef struct {
  casc_ctx *ctx;
  casc_op *module;
  casc_op *func;
  bool oom;
  bool aborted;
  uint64_t budget;
  /* numbering */
  casc_ptrmap vid, oid;
  casc_value **vals;
  uint32_t nv, capv;
  casc_op **ops;
  uint32_t nops, capo;
  /* per value */
  int32_t *vq, *vp;
  uint8_t *vtensor, *sknown, *assumed;
  int64_t *sval;
  uint32_t *taint;
  uint32_t *death;
  uint32_t *crep; /* i1 values: the condition they are (or negate) */
  uint8_t *cneg;  /* 1: the value is the negation of crep */
  uint32_t *dstart, *dlist;
  /* queues, pipes */
  vs_qinfo *qi;
  uint32_t nq, capq;
  uint32_t *pdecl; /* value id of each pipe */
  uint32_t np, capp;
  /* analysis */
  uint32_t depth;               /* active scf.for / scf.while nesting */
  vs_loop lp[VS_RLOOPS];        /* the loops at depths 0..VS_RLOOPS-1 */
  casc_op *calls[VS_MAX_CALLS]; /* callees being interpreted */
  uint32_t folded;              /* loops (bits) with a branch decided by a
                                   value that varies per iteration */
  uint32_t call_depth;
  uint32_t mute; /* >0: no claims (iterations past what is assumed) */
  /* diagnostics */
  vs_diag *diags;
  uint32_t nd, capd;
  casc_ptrmap dkeys;
} vs_ctx;

#define DEAD_NOW 0xfffffffeu
#define NO_DEATH 0xffffffffu

/* ---- small helpers ----------------------------------------------------------
 */

static bool grow(void **arr, uint32_t *cap, uint32_t need, size_t elem) {
  if (need <= *cap)
    return true;
  uint32_t ncap = *cap ? *cap * 2 : 64;
  while (ncap < need)
    ncap *= 2;
  void *n = realloc(*arr, (size_t)ncap * elem);
  if (!n)
    return false;
  *arr = n;
  *cap = ncap;
  return true;
}

static uint32_t vid_of(vs_ctx *c, const casc_value *v) {
  return casc_ptrmap_get(&c->vid, v, NO_DEATH);
}

static uint32_t oid_of(vs_ctx *c, const casc_op *op) {
  return casc_ptrmap_get(&c->oid, op, 0);
}

static casc_loc *value_loc(vs_ctx *c, const casc_value *v) {
  if (v->def)
    return v->def->loc;
  return v->loc ? v->loc : casc_loc_unknown(c->ctx);
}

static casc_loc *vid_loc(vs_ctx *c, uint32_t v) {
  return v < c->nv ? value_loc(c, c->vals[v]) : casc_loc_unknown(c->ctx);
}

static const casc_type *queue_type(const casc_value *v) {
  const casc_type *t = v->type;
  return casc_type_is_queue_like(t) ? t : NULL;
}

static bool is_tbuf_type(const casc_type *t) {
  return t && t->kind == CASC_TYPE_ASC && t->u.asc.id == CASC_ASC_TBUF;
}

static bool is_pipe_type(const casc_type *t) {
  return t && t->kind == CASC_TYPE_ASC && t->u.asc.id == CASC_ASC_PIPE;
}

/* ---- hardware facts (ASCENDC_FACTS §1-§3) ----------------------------------
 */

/* What the class library makes of a queue type (ascend_hw.h); false for
 * a type that is no queue. A TBuf<pos> is TQueBind<pos, pos> without
 * events: only its pool counts. */
static bool queue_facts(const casc_type *t, casc_hw_queue *f) {
  if (!t || t->kind != CASC_TYPE_ASC)
    return false;
  const int64_t *p = t->u.asc.p;
  if (t->u.asc.id == CASC_ASC_QUEUE)
    casc_hw_tque(p[0], f);
  else if (t->u.asc.id == CASC_ASC_QUE_BIND)
    casc_hw_tquebind(p[0], p[1], f);
  else if (t->u.asc.id == CASC_ASC_TBUF)
    casc_hw_tquebind(p[0], p[0], f);
  else
    return false;
  return true;
}

static void fill_qinfo(vs_qinfo *qi, const casc_type *t) {
  memset(qi, 0, sizeof *qi);
  qi->enq_evt = qi->free_evt = -1;
  qi->mem = -1;
  qi->pos = -1;
  qi->depth = 1;
  casc_hw_queue f;
  if (!queue_facts(t, &f))
    return;
  if (t->u.asc.id == CASC_ASC_QUEUE) {
    qi->pos = (int8_t)t->u.asc.p[0];
    qi->depth = (int32_t)t->u.asc.p[1];
  } else if (t->u.asc.id == CASC_ASC_QUE_BIND) {
    qi->pos = (int8_t)(f.src == CASC_TPOS_GM ? f.dst : f.src);
    qi->depth = (int32_t)t->u.asc.p[2];
  } else {
    qi->tbuf = 1;
    qi->pos = (int8_t)f.src;
    qi->depth = 0;
  }
  qi->mem = f.pool < VS_NMEM ? (int8_t)f.pool : -1;
  if (f.valid && !qi->tbuf) {
    qi->enq_evt = (int8_t)f.enq_event;
    qi->free_evt = (int8_t)f.free_event;
  }
}

/* ---- diagnostics
 * --------------------------------------------------------------- */

static bool claims(const vs_ctx *c, const vs_state *s) {
  return s->cert && !c->mute;
}

/* Starts a diagnostic; NULL when an equal one (same op, same kind) exists
 * or memory ran out. */
static vs_diag *diag_new(vs_ctx *c, uint32_t op, uint32_t kind, const char *fmt,
                         ...) __attribute__((format(printf, 4, 5)));

static vs_diag *diag_new(vs_ctx *c, uint32_t op, uint32_t kind, const char *fmt,
                         ...) {
  const void *key =
      (const void *)(uintptr_t)((uint64_t)op * K_COUNT_ + kind + 1);
  if (casc_ptrmap_get(&c->dkeys, key, 0))
    return NULL;
  if (!casc_ptrmap_put(&c->dkeys, key, 1) ||
      !grow((void **)&c->diags, &c->capd, c->nd + 1, sizeof(vs_diag))) {
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
  d->msg = malloc(strlen(buf) + 1);
  if (!d->msg) {
    c->oom = true;
    return NULL;
  }
  strcpy(d->msg, buf);
  d->op = op;
  d->kind = kind;
  c->nd++;
  return d;
}

static void diag_note(vs_diag *d, casc_loc *loc, const char *msg) {
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

/* ---- numbering (pre-pass)
 * ---------------------------------------------------- */

typedef struct {
  vs_ctx *c;
} number_ctx;

static bool add_value(vs_ctx *c, casc_value *v) {
  if (!grow((void **)&c->vals, &c->capv, c->nv + 1, sizeof(casc_value *)) ||
      !casc_ptrmap_put(&c->vid, v, c->nv)) {
    c->oom = true;
    return false;
  }
  c->vals[c->nv++] = v;
  return true;
}

static bool number_op(casc_op *op, void *user) {
  vs_ctx *c = user;
  if (!grow((void **)&c->ops, &c->capo, c->nops + 1, sizeof(casc_op *)) ||
      !casc_ptrmap_put(&c->oid, op, c->nops)) {
    c->oom = true;
    return false;
  }
  c->ops[c->nops++] = op;
  for (unsigned r = 0; r < op->nregions; r++)
    for (casc_block *b = op->regions[r].first; b; b = b->next)
      for (unsigned a = 0; a < b->nargs; a++)
        if (!add_value(c, b->args[a]))
          return false;
  for (unsigned i = 0; i < op->nres; i++)
    if (!add_value(c, &op->results[i]))
      return false;
  return true;
}

/* The func.func a func.call runs, when the analysis can follow it: a
 * function of this module (not the one being verified) with one block
 * that ends in func.return and matching arity. */
static casc_op *resolve_callee(casc_op *module, const casc_op *caller,
                               casc_op *call) {
  if (!module || call->kind != CASC_OP_FUNC_CALL)
    return NULL;
  casc_attr *callee = casc_op_attr(call, "callee");
  if (!callee || callee->kind != CASC_ATTR_SYMREF || callee->u.sym.n != 1)
    return NULL;
  casc_op *f = casc_module_lookup_func(module, callee->u.sym.path[0]);
  if (!f || f == caller || !f->nregions || !f->regions[0].first ||
      f->regions[0].first != f->regions[0].last)
    return NULL;
  casc_block *body = f->regions[0].first;
  casc_op *ret = casc_block_terminator(body);
  if (!ret || ret->kind != CASC_OP_FUNC_RETURN || ret->nops != call->nres ||
      body->nargs != call->nops)
    return NULL;
  return f;
}

/* Numbers the bodies of the functions the verified one calls (and so on),
 * so that calls can be interpreted in place. */
static bool number_callees(vs_ctx *c) {
  uint32_t ncallees = 0;
  for (uint32_t i = 0; i < c->nops; i++) {
    casc_op *f = resolve_callee(c->module, c->func, c->ops[i]);
    if (!f || casc_ptrmap_get(&c->oid, f, NO_DEATH) != NO_DEATH)
      continue;
    if (ncallees++ >= VS_MAX_CALLEES)
      break;
    if (!casc_walk_pre(f, number_op, c) || c->oom)
      return false;
  }
  return true;
}

static casc_block *def_block(const casc_value *v) {
  return v->def ? v->def->parent : v->block;
}

/* The op of `block` that contains `op` (op itself or an ancestor). */
static casc_op *ancestor_in(casc_op *op, const casc_block *block) {
  while (op && op->parent != block)
    op = casc_op_parent_op(op);
  return op;
}

static bool alloc_tables(vs_ctx *c) {
  uint32_t n = c->nv ? c->nv : 1;
  c->vq = malloc(n * sizeof *c->vq);
  c->vp = malloc(n * sizeof *c->vp);
  c->vtensor = calloc(n, 1);
  c->sknown = calloc(n, 1);
  c->assumed = calloc(n, 1);
  c->sval = calloc(n, sizeof *c->sval);
  c->taint = calloc(n, sizeof *c->taint);
  c->death = malloc(n * sizeof *c->death);
  c->crep = malloc(n * sizeof *c->crep);
  c->cneg = calloc(n, 1);
  c->dstart = calloc((size_t)c->nops + 2, sizeof *c->dstart);
  if (!c->vq || !c->vp || !c->vtensor || !c->sknown || !c->assumed ||
      !c->sval || !c->taint || !c->death || !c->dstart || !c->crep || !c->cneg)
    return false;
  for (uint32_t i = 0; i < n; i++) {
    c->vq[i] = c->vp[i] = -1;
    c->death[i] = NO_DEATH;
    c->crep[i] = i;
  }
  return true;
}

static bool new_queue(vs_ctx *c, uint32_t v) {
  if (!grow((void **)&c->qi, &c->capq, c->nq + 1, sizeof(vs_qinfo)))
    return false;
  fill_qinfo(&c->qi[c->nq], queue_type(c->vals[v]));
  c->qi[c->nq].decl = v;
  c->vq[v] = (int32_t)c->nq++;
  return true;
}

static bool new_pipe(vs_ctx *c, uint32_t v) {
  if (!grow((void **)&c->pdecl, &c->capp, c->np + 1, sizeof(uint32_t)))
    return false;
  c->pdecl[c->np] = v;
  c->vp[v] = (int32_t)c->np++;
  return true;
}

/* CmpIPredicate with its operands swapped / negated (IR.md §2). */
static int64_t pred_swap(int64_t p) {
  static const int64_t sw[10] = {0, 1, 4, 5, 2, 3, 8, 9, 6, 7};
  return p >= 0 && p < 10 ? sw[p] : -1;
}
static int64_t pred_not(int64_t p) {
  static const int64_t ng[10] = {1, 0, 5, 4, 3, 2, 9, 8, 7, 6};
  return p >= 0 && p < 10 ? ng[p] : -1;
}

static bool is_true_const(const casc_value *v) {
  int64_t x;
  return v->def && casc_fold_const_value(v->def, &x) && (x & 1);
}

/* Conditions that are the same comparison of the same values (or its
 * negation, or `xori %c, true`) share one representative, so that two
 * scf.if on them take matching arms. A comparison stands for an earlier one
 * only when the earlier one dominates it (both are then computed from the
 * same dynamic values). */
static bool link_conditions(vs_ctx *c) {
  casc_ptrmap first; /* (lhs, rhs) of a cmpi -> its value id + 1 */
  casc_ptrmap_init(&first);
  for (uint32_t v = 0; v < c->nv; v++) {
    casc_op *d = c->vals[v]->def;
    if (!d || d->nres != 1 || d->nops != 2)
      continue;
    if (d->kind == CASC_OP_ARITH_XORI) {
      for (int k = 0; k < 2; k++)
        if (is_true_const(d->operands[k].value)) {
          uint32_t x = vid_of(c, d->operands[1 - k].value);
          if (x < c->nv) {
            c->crep[v] = c->crep[x];
            c->cneg[v] = !c->cneg[x];
          }
          break;
        }
      continue;
    }
    if (d->kind != CASC_OP_ARITH_CMPI)
      continue;
    uint32_t a = vid_of(c, d->operands[0].value);
    uint32_t b = vid_of(c, d->operands[1].value);
    if (a >= c->nv || b >= c->nv)
      continue;
    uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
    const void *key = (const void *)(uintptr_t)((lo << 32 | hi) + 1);
    uint32_t e = casc_ptrmap_get(&first, key, 0);
    if (!e) {
      if (!casc_ptrmap_put(&first, key, v + 1)) {
        casc_ptrmap_free(&first);
        return false;
      }
      continue;
    }
    casc_op *d0 = c->vals[e - 1]->def;
    casc_op *anc = ancestor_in(d, d0->parent);
    if (!anc || oid_of(c, anc) <= oid_of(c, d0))
      continue;
    int64_t p0 = casc_op_attr_int(d0, "predicate", -1);
    int64_t p = casc_op_attr_int(d, "predicate", -1);
    if (d0->operands[0].value != d->operands[0].value)
      p = pred_swap(p);
    if (p < 0 || p0 < 0)
      continue;
    if (p == p0 || p == pred_not(p0)) {
      c->crep[v] = c->crep[e - 1];
      c->cneg[v] = c->cneg[e - 1] ^ (p != p0);
    }
  }
  casc_ptrmap_free(&first);
  return true;
}

/* Queues, pipes and tensor liveness. */
static bool classify(vs_ctx *c) {
  casc_block *entry = c->func->regions[0].first;
  for (uint32_t v = 0; v < c->nv; v++) {
    casc_value *val = c->vals[v];
    c->vtensor[v] = casc_type_is_local_tensor(val->type);
    bool fresh = (val->def && (val->def->kind == CASC_OP_QUEUE ||
                               val->def->kind == CASC_OP_QUE_BIND ||
                               val->def->kind == CASC_OP_TBUF)) ||
                 (!val->def && val->block == entry);
    if (queue_type(val)) {
      if (val->def && val->def->kind == CASC_OP_TO_QUE_BIND &&
          val->def->nops == 1) {
        uint32_t src = vid_of(c, val->def->operands[0].value);
        if (src < c->nv && c->vq[src] >= 0)
          c->vq[v] = c->vq[src];
      } else if (fresh && !new_queue(c, v)) {
        return false;
      }
    } else if (is_pipe_type(val->type)) {
      if (((val->def && val->def->kind == CASC_OP_PIPE) ||
           (!val->def && val->block == entry)) &&
          !new_pipe(c, v))
        return false;
    }
    if (!c->vtensor[v])
      continue;
    /* Liveness: the value dies after the op of its own block that holds
     * its last use. */
    casc_block *db = def_block(val);
    uint32_t death = DEAD_NOW;
    for (casc_use *u = val->first_use; u; u = u->next) {
      casc_op *a = ancestor_in(u->user, db);
      uint32_t idx = a ? oid_of(c, a) : NO_DEATH;
      if (!a) {
        death = NO_DEATH;
        break;
      }
      if (death == DEAD_NOW || idx > death)
        death = idx;
    }
    c->death[v] = death;
  }
  /* CSR lists of the values dying at each op. */
  for (uint32_t v = 0; v < c->nv; v++)
    if (c->death[v] < c->nops)
      c->dstart[c->death[v] + 1]++;
  for (uint32_t i = 0; i < c->nops; i++)
    c->dstart[i + 1] += c->dstart[i];
  uint32_t total = c->dstart[c->nops];
  c->dlist = malloc((total ? total : 1) * sizeof *c->dlist);
  uint32_t *fill = calloc((size_t)c->nops + 1, sizeof *fill);
  if (!c->dlist || !fill) {
    free(fill);
    return false;
  }
  for (uint32_t v = 0; v < c->nv; v++)
    if (c->death[v] < c->nops) {
      uint32_t o = c->death[v];
      c->dlist[c->dstart[o] + fill[o]++] = v;
    }
  free(fill);
  return true;
}

/* ---- per-state queries
 * ------------------------------------------------------- */

static int32_t queue_of(vs_ctx *c, const casc_value *v) {
  uint32_t id = vid_of(c, v);
  return id < c->nv ? c->vq[id] : -1;
}

static bool precise(const vs_state *s, int32_t q) {
  return q >= 0 && !(s->q[q].flags & VS_QF_IMPRECISE);
}

static uint32_t fifo_count(const vs_state *s, int32_t q) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < s->ns; i++)
    if (s->slots[i].status == VS_ENQ && s->slots[i].fifo_q == (uint32_t)q)
      n++;
  return n;
}

static int32_t fifo_head(const vs_state *s, int32_t q) {
  int32_t best = -1;
  for (uint32_t i = 0; i < s->ns; i++) {
    const vs_slot *sl = &s->slots[i];
    if (sl->status == VS_ENQ && sl->fifo_q == (uint32_t)q &&
        (best < 0 || sl->seq < s->slots[best].seq))
      best = (int32_t)i;
  }
  return best;
}

/* Event ids of HardEvent e held right now (a lower bound: queues whose
 * state is not known exactly count for nothing). EnQue holds one id per
 * queued tensor; a freed buffer holds one until an AllocTensor picks it
 * again, and AllocTensor picks the first `num` buffers in turn, so a queue
 * holds min(num, allocs) - held of them (ASCENDC_FACTS §1). */
static uint32_t event_ids(vs_ctx *c, const vs_state *s, int e) {
  uint32_t n = s->uevt[e];
  for (uint32_t q = 0; q < c->nq; q++) {
    const vs_qinfo *qi = &c->qi[q];
    const vs_queue *qs = &s->q[q];
    if (qi->tbuf || !(qs->flags & VS_QF_INIT) || (qs->flags & VS_QF_IMPRECISE))
      continue;
    if (qi->depth == 0) {
      /* In-place queues take an EnQue and a free id per buffer for good. */
      if (qs->num > 0 && (qi->enq_evt == e || qi->free_evt == e))
        n += (uint32_t)qs->num;
      continue;
    }
    if (qi->enq_evt == e)
      n += fifo_count(s, (int32_t)q);
    if (qi->free_evt == e && qs->num > 0) {
      uint32_t used = qs->allocs < qs->num ? qs->allocs : (uint32_t)qs->num;
      if (used > qs->held)
        n += used - qs->held;
    }
  }
  return n;
}

static const char *event_name(int e) {
  const char *s = casc_hw_event_name(e);
  return s ? s : "?";
}

static const char *pos_name(int p) {
  const char *s = p >= 0 ? casc_enum_cxx(CASC_ENUM_TPOSITION, p) : NULL;
  return s ? s : "?";
}

/* True when the call would need a ninth event id: the path ends there
 * (AllocEventID asserts; the NPU's synchronisation is broken from then
 * on, so nothing after it could be trusted). */
static bool check_events(vs_ctx *c, vs_state *s, casc_op *op, int32_t q, int e,
                         const char *api) {
  if (e < 0 || !claims(c, s))
    return false;
  uint32_t held = event_ids(c, s, e);
  if (held < VS_EVENT_IDS)
    return false;
  vs_diag *d = diag_new(
      c, oid_of(c, op), K_EVENT_LIMIT,
      "%s: all %u event ids of HardEvent %s are already held (by tensors of "
      "every queue with that event, this %s one included, and by "
      "AllocEventID); the NPU allows %d, "
      "so this call hangs or breaks synchronisation",
      api, held, event_name(e), q >= 0 ? pos_name(c->qi[q].pos) : "?",
      VS_EVENT_IDS);
  if (q >= 0)
    diag_note(d, vid_loc(c, c->qi[q].decl), "queue declared here");
  return true;
}

/* ---- transfer functions
 * -------------------------------------------------------- */

/* A value's binding in s. */
static int32_t bind_of(vs_ctx *c, const vs_state *s, const casc_value *v) {
  uint32_t id = vid_of(c, v);
  return id < c->nv ? vs_env_get(s, id) : VS_B_UNKNOWN;
}

static void set_bind(vs_ctx *c, vs_state *s, const casc_value *v, int32_t b) {
  uint32_t id = vid_of(c, v);
  if (id >= c->nv || c->death[id] == DEAD_NOW || !c->vtensor[id])
    return;
  if (!vs_env_set(s, id, b))
    c->oom = true;
}

/* Loop-carried block arguments are bound even when the body never uses
 * them: the loop's results are read back from them. */
static void set_bind_arg(vs_ctx *c, vs_state *s, const casc_value *v,
                         int32_t b) {
  uint32_t id = vid_of(c, v);
  if (id >= c->nv || !c->vtensor[id])
    return;
  if (!vs_env_set(s, id, b))
    c->oom = true;
}

/* The tensor value an EnQue put into the FIFO (for pyasc's note). */
static casc_loc *enqueued_loc(vs_ctx *c, const vs_slot *sl) {
  casc_op *op = sl->last < c->nops ? c->ops[sl->last] : NULL;
  if (op &&
      (op->kind == CASC_OP_QUE_BIND_ENQUE_TENSOR ||
       op->kind == CASC_OP_QUE_BIND_ENQUE_TENSOR_POS) &&
      op->nops >= 2)
    return value_loc(c, op->operands[1].value);
  if (sl->flags & VS_SF_EXT)
    return vid_loc(c, sl->decl);
  return sl->alloc < c->nops ? c->ops[sl->alloc]->loc
                             : casc_loc_unknown(c->ctx);
}

static void note_alloc(vs_ctx *c, vs_diag *d, const vs_slot *sl) {
  if (sl->flags & VS_SF_EXT)
    diag_note(d, vid_loc(c, sl->decl), "tensor declared here");
  else if (sl->alloc < c->nops)
    diag_note(d, c->ops[sl->alloc]->loc, "allocated here");
}

/* Ops that only look at or adjust the tensor handle, not its memory. */
static bool handle_only(casc_op_kind k) {
  switch (k) {
  case CASC_OP_LOCAL_TENSOR_SUBINDEX:
  case CASC_OP_LOCAL_TENSOR_BRACKET:
  case CASC_OP_REINTERPRET_CAST:
  case CASC_OP_LOCAL_TENSOR_GET_SIZE:
  case CASC_OP_LOCAL_TENSOR_GET_LENGTH:
  case CASC_OP_LOCAL_TENSOR_GET_PHY_ADDR:
  case CASC_OP_LOCAL_TENSOR_GET_POSITION:
  case CASC_OP_LOCAL_TENSOR_GET_USER_TAG:
  case CASC_OP_LOCAL_TENSOR_GET_SHAPE_INFO:
  case CASC_OP_LOCAL_TENSOR_SET_BUFFER_LEN:
  case CASC_OP_LOCAL_TENSOR_SET_SHAPE_INFO:
  case CASC_OP_LOCAL_TENSOR_SET_SIZE:
  case CASC_OP_LOCAL_TENSOR_SET_USER_TAG:
    return true;
  default:
    return false;
  }
}

static const char *api_of(const casc_op *op) {
  const casc_op_info *info = casc_op_info_of(op);
  return info && info->api && info->api[0] ? info->api : op->name;
}

/* A use of tensor value v by op: between EnQue and DeQue, or after free. */
static void check_use(vs_ctx *c, vs_state *s, casc_op *op, casc_value *v) {
  int32_t b = bind_of(c, s, v);
  if (b < 0)
    return;
  vs_slot *sl = &s->slots[b];
  if (sl->flags & (VS_SF_POISON | VS_SF_UNK))
    return;
  if (sl->status == VS_ENQ) {
    if (!claims(c, s))
      return;
    vs_diag *d = diag_new(c, oid_of(c, op), K_USE_BETWEEN,
                          "unexpected use of tensor between EnQue and DeQue");
    diag_note(d, enqueued_loc(c, sl), "tensor declared here");
    sl->flags |= VS_SF_POISON;
  } else if (sl->status == VS_FREED && !handle_only(op->kind)) {
    if (!claims(c, s))
      return;
    vs_diag *d =
        diag_new(c, oid_of(c, op), K_USE_AFTER_FREE,
                 "%s: use of tensor memory after its FreeTensor", api_of(op));
    note_alloc(c, d, sl);
    if (sl->last < c->nops)
      diag_note(d, c->ops[sl->last]->loc, "freed here");
    sl->flags |= VS_SF_POISON;
  }
}

/* Everything s knows about queue q or slot b becomes unknown (a call, an
 * op with regions casc does not model). */
static void havoc_queue(vs_state *s, int32_t q) {
  if (q < 0)
    return;
  s->q[q].flags |= VS_QF_IMPRECISE;
  for (uint32_t i = 0; i < s->ns; i++)
    if (s->slots[i].owner == (uint32_t)q || s->slots[i].fifo_q == (uint32_t)q)
      s->slots[i].flags |= VS_SF_POISON | VS_SF_NOLEAK;
}

static void havoc_slot(vs_state *s, int32_t b) {
  if (b < 0 || (uint32_t)b >= s->ns)
    return;
  vs_slot *sl = &s->slots[b];
  sl->flags |= VS_SF_POISON | VS_SF_NOLEAK | VS_SF_UNK;
  if (sl->owner != VS_NOQ)
    s->q[sl->owner].flags |= VS_QF_IMPRECISE;
  if (sl->fifo_q != VS_NOQ)
    s->q[sl->fifo_q].flags |= VS_QF_IMPRECISE;
}

static void havoc_all(vs_ctx *c, vs_state *s) {
  for (uint32_t q = 0; q < c->nq; q++)
    s->q[q].flags |= VS_QF_IMPRECISE;
  for (uint32_t i = 0; i < s->ns; i++)
    s->slots[i].flags |= VS_SF_POISON | VS_SF_NOLEAK | VS_SF_UNK;
  memset(s->uevt, 0, sizeof s->uevt);
}

/* The tensor value bound to an outside slot (created on first need). */
static int32_t ext_slot(vs_ctx *c, vs_state *s, casc_value *v) {
  int32_t b = vs_slot_new(s);
  if (b < 0) {
    c->oom = true;
    return -1;
  }
  s->slots[b].flags = VS_SF_EXT;
  s->slots[b].status = VS_HELD;
  s->slots[b].decl = vid_of(c, v);
  set_bind(c, s, v, b);
  return b;
}

/* A new buffer of queue q (AllocTensor). false: the path ends (hang). */
static bool do_alloc(vs_ctx *c, vs_state *s, casc_op *op, int32_t q,
                     casc_value *result) {
  const vs_qinfo *qi = &c->qi[q];
  vs_queue *qs = &s->q[q];
  if (qi->tbuf) {
    set_bind(c, s, result, VS_B_TBUF_ALLOC);
    return true;
  }
  uint32_t oi = oid_of(c, op);
  bool local = c->vals[qi->decl]->def != NULL;
  if (precise(s, q) && local && !(qs->flags & VS_QF_INIT)) {
    if (claims(c, s)) {
      vs_diag *d = diag_new(c, oi, K_ALLOC_NO_INIT,
                            "AllocTensor: InitBuffer was not called for this "
                            "queue, so it has no buffers; on the NPU this "
                            "call never returns");
      diag_note(d, vid_loc(c, qi->decl), "queue declared here");
    }
    return false;
  }
  if (precise(s, q) && qs->num >= 0 && qs->held >= qs->num) {
    if (claims(c, s)) {
      vs_diag *d = diag_new(c, oi, K_ALLOC_HANG,
                            "AllocTensor: all %d buffers of this queue are "
                            "held; on the NPU this call never returns",
                            qs->num);
      diag_note(d, vid_loc(c, qi->decl), "queue declared here");
      /* Where the held buffers came from (distinct sites). */
      uint32_t seen[VS_MAX_NOTES];
      unsigned ns = 0;
      for (uint32_t i = 0; i < s->ns && d && d->nnotes < VS_MAX_NOTES; i++) {
        const vs_slot *sl = &s->slots[i];
        if (sl->owner != (uint32_t)q || sl->status == VS_FREED ||
            (sl->flags & VS_SF_EXT))
          continue;
        bool dup = false;
        for (unsigned k = 0; k < ns; k++)
          dup |= seen[k] == sl->alloc;
        if (dup || ns == VS_MAX_NOTES)
          continue;
        seen[ns++] = sl->alloc;
        diag_note(d, c->ops[sl->alloc]->loc, "allocated here");
      }
    }
    return false;
  }
  if (qs->held >= VS_MAX_HELD) {
    /* More than a TPipe can ever hold: num is unknown here, stop counting. */
    havoc_queue(s, q);
  }
  int32_t b = vs_slot_new(s);
  if (b < 0) {
    c->oom = true;
    return true;
  }
  vs_slot *sl = &s->slots[b];
  sl->owner = (uint16_t)q;
  sl->status = VS_HELD;
  sl->alloc = oi;
  sl->last = oi;
  if (qs->held < 0xffff)
    qs->held++;
  if (qs->num > 0 && qs->allocs < qs->num)
    qs->allocs++;
  set_bind(c, s, result, b);
  return true;
}

static bool do_free(vs_ctx *c, vs_state *s, casc_op *op, int32_t q,
                    casc_value *tv) {
  uint32_t oi = oid_of(c, op);
  int32_t b = bind_of(c, s, tv);
  if (q < 0) {
    havoc_slot(s, b);
    return true;
  }
  const vs_qinfo *qi = &c->qi[q];
  if (b == VS_B_UNKNOWN)
    return true;
  if (b == VS_B_TBUF_ALLOC && qi->tbuf)
    return true; /* TBuf::FreeTensor is a no-op on a TBuf tensor */
  bool ext = b == VS_B_EXT || b == VS_B_TBUF_GET || b == VS_B_TBUF_ALLOC ||
             (b >= 0 && (s->slots[b].flags & VS_SF_EXT));
  if (ext) {
    /* pyasc's "no AllocTensor": the tensor does not come from one. */
    if (b >= 0 && (s->slots[b].flags & (VS_SF_POISON | VS_SF_UNK)))
      return true;
    if (claims(c, s)) {
      vs_diag *d =
          diag_new(c, oi, K_FREE_NO_ALLOC,
                   "FreeTensor: there is no corresponding call to AllocTensor");
      diag_note(d, value_loc(c, tv), "tensor declared here");
    }
    if (b >= 0)
      s->slots[b].flags |= VS_SF_POISON;
    return true;
  }
  if (b < 0)
    return true;
  vs_slot *sl = &s->slots[b];
  if (sl->flags & VS_SF_UNK)
    return true;
  if (sl->owner != (uint32_t)q) {
    if (!(sl->flags & VS_SF_POISON) && claims(c, s) && precise(s, q)) {
      vs_diag *d = diag_new(c, oi, K_FREE_WRONG_QUEUE,
                            "FreeTensor: this queue did not allocate the "
                            "tensor; free it through the queue of its "
                            "AllocTensor");
      diag_note(d, c->ops[sl->alloc]->loc, "allocated here");
      diag_note(d, vid_loc(c, qi->decl), "queue declared here");
    }
    sl->flags |= VS_SF_POISON;
    return true;
  }
  if (sl->status == VS_FREED) {
    if (!(sl->flags & VS_SF_POISON) && claims(c, s)) {
      vs_diag *d =
          diag_new(c, oi, K_DOUBLE_FREE,
                   "FreeTensor: tensor memory was freed before its last use");
      diag_note(d, value_loc(c, tv), "tensor declared here");
    }
    sl->flags |= VS_SF_POISON;
    return true;
  }
  vs_queue *qs = &s->q[q];
  if (sl->status == VS_ENQ) {
    /* pyasc: a use between EnQue and DeQue. The tensor stays in the FIFO
     * (its DeQue still pairs with this EnQue) but its buffer is free. */
    check_use(c, s, op, tv);
    sl->flags |= VS_SF_GONE | VS_SF_POISON;
    if (qs->held > 0)
      qs->held--;
    return true;
  }
  if (check_events(c, s, op, q, qi->free_evt, "FreeTensor"))
    return false;
  if (qs->held > 0)
    qs->held--;
  sl->status = VS_FREED;
  sl->last = oi;
  return true;
}

static bool do_enque(vs_ctx *c, vs_state *s, casc_op *op, int32_t q,
                     casc_value *tv) {
  uint32_t oi = oid_of(c, op);
  int32_t b = bind_of(c, s, tv);
  if (q < 0) {
    havoc_slot(s, b);
    return true;
  }
  const vs_qinfo *qi = &c->qi[q];
  if (qi->tbuf)
    return true;
  if (b >= 0 && s->slots[b].status == VS_ENQ) {
    check_use(c, s, op, tv); /* enqueued twice */
    return true;
  }
  if (b >= 0 && s->slots[b].status == VS_FREED) {
    check_use(c, s, op, tv);
    s->slots[b].flags |= VS_SF_GONE | VS_SF_POISON;
  }
  vs_queue *qs = &s->q[q];
  if (claims(c, s) && precise(s, q) && qi->depth >= 1) {
    uint32_t n = fifo_count(s, q);
    if (n >= (uint32_t)qi->depth) {
      vs_diag *d = diag_new(c, oi, K_ENQUE_FULL,
                            "EnQue: %u tensor%s already wait in this queue of "
                            "depth %d; EnQue on a full queue fails",
                            n, n == 1 ? "" : "s", qi->depth);
      diag_note(d, vid_loc(c, qi->decl), "queue declared here");
    }
  }
  if (check_events(c, s, op, q, qi->enq_evt, "EnQue"))
    return false;
  if (b == VS_B_EXT) {
    b = ext_slot(c, s, tv);
  } else if (b < 0) {
    /* A tensor the analysis cannot follow still takes a FIFO place. */
    b = vs_slot_new(s);
    if (b >= 0) {
      s->slots[b].flags = VS_SF_UNK | VS_SF_NOLEAK;
      s->slots[b].status = VS_HELD;
    }
  }
  if (b < 0) {
    c->oom = true;
    return true;
  }
  if (qs->next_seq >= 0xfff0 && !vs_state_canon(s, c->nq, c->np))
    c->oom = true;
  vs_slot *sl = &s->slots[b];
  sl->status = VS_ENQ;
  sl->fifo_q = (uint16_t)q;
  sl->seq = qs->next_seq++;
  sl->last = oi;
  return true;
}

static void do_deque(vs_ctx *c, vs_state *s, casc_op *op, int32_t q,
                     casc_value *result) {
  uint32_t oi = oid_of(c, op);
  if (q < 0)
    return;
  const vs_qinfo *qi = &c->qi[q];
  if (qi->tbuf) {
    set_bind(c, s, result, VS_B_TBUF_ALLOC);
    return;
  }
  if (!precise(s, q))
    return;
  int32_t b = fifo_head(s, q);
  if (b < 0) {
    if (claims(c, s)) {
      vs_diag *d = diag_new(c, oi, K_DEQUE_EMPTY,
                            "DeQue: there is no corresponding call to EnQue");
      diag_note(d, value_loc(c, op->operands[0].value), "queue declared here");
    }
    return;
  }
  vs_slot *sl = &s->slots[b];
  sl->status = (sl->flags & VS_SF_GONE) ? VS_FREED : VS_HELD;
  sl->fifo_q = VS_NOQ;
  sl->seq = 0;
  sl->last = oi;
  if (!(sl->flags & VS_SF_UNK))
    set_bind(c, s, result, b);
}

/* DeQue(LocalTensor&) of a depth-0 queue: waits for t's own EnQue. */
static void do_deque_in_place(vs_ctx *c, vs_state *s, casc_op *op, int32_t q,
                              casc_value *tv) {
  int32_t b = bind_of(c, s, tv);
  if (q < 0 || b < 0)
    return;
  vs_slot *sl = &s->slots[b];
  if (sl->flags & (VS_SF_UNK | VS_SF_POISON))
    return;
  if (sl->status == VS_ENQ && sl->fifo_q == (uint32_t)q) {
    sl->status = VS_HELD;
    sl->fifo_q = VS_NOQ;
    sl->last = oid_of(c, op);
    return;
  }
  if (sl->status == VS_FREED) {
    check_use(c, s, op, tv);
    return;
  }
  if (claims(c, s) && precise(s, q)) {
    vs_diag *d = diag_new(c, oid_of(c, op), K_DEQUE_EMPTY,
                          "DeQue: there is no corresponding call to EnQue");
    diag_note(d, value_loc(c, op->operands[0].value), "queue declared here");
  }
}

/* InitBuffer(queue, num, len) / InitBuffer(tbuf, len). */
static void do_init(vs_ctx *c, vs_state *s, casc_op *op, bool tbuf) {
  uint32_t oi = oid_of(c, op);
  if (op->nops < (tbuf ? 3u : 4u))
    return;
  int32_t q = queue_of(c, op->operands[1].value);
  uint32_t pv = vid_of(c, op->operands[0].value);
  int32_t p = pv < c->nv ? c->vp[pv] : -1;
  uint32_t nvid = vid_of(c, op->operands[2].value);
  uint32_t lvid = vid_of(c, op->operands[tbuf ? 2 : 3].value);
  bool num_known = tbuf || (nvid < c->nv && c->sknown[nvid]);
  bool len_known = lvid < c->nv && c->sknown[lvid];
  int64_t num = tbuf ? 1 : (num_known ? c->sval[nvid] : -1);
  int64_t len = len_known ? c->sval[lvid] : -1;
  if (q >= 0) {
    vs_queue *qs = &s->q[q];
    qs->flags |= VS_QF_INIT;
    qs->num = num_known && num >= 1 && num <= VS_MAX_BUFS ? (int32_t)num : -1;
    qs->allocs = 0;
  }
  if (!claims(c, s) && p < 0)
    return;
  if (num_known && !tbuf && (num < 1 || num > VS_MAX_BUFS)) {
    if (claims(c, s))
      diag_new(c, oi, K_INIT_NUM,
               "InitBuffer: num is %lld; it must be in 1..%d", (long long)num,
               VS_MAX_BUFS);
    return;
  }
  if (len_known && len <= 0) {
    if (claims(c, s))
      diag_new(c, oi, K_INIT_LEN,
               "InitBuffer: buffer length is %lld bytes; it must be greater "
               "than 0",
               (long long)len);
    return;
  }
  casc_hw_queue f;
  if (q >= 0 && !tbuf && queue_facts(c->vals[c->qi[q].decl]->type, &f) &&
      !f.valid) {
    if (claims(c, s)) {
      vs_diag *d = diag_new(c, oi, K_INIT_TYPE,
                            "InitBuffer: this queue type is not valid on "
                            "arch 2201: %s",
                            f.why);
      diag_note(d, vid_loc(c, c->qi[q].decl), "queue declared here");
    }
    return;
  }
  if (p < 0)
    return;
  vs_pipe *ps = &s->p[p];
  if (num_known && ps->bufs < 1000000)
    ps->bufs += (int32_t)num;
  if (num_known && ps->bufs > VS_MAX_BUFS && claims(c, s)) {
    vs_diag *d = diag_new(c, oi, K_INIT_COUNT,
                          "InitBuffer: this TPipe now manages %d buffers; at "
                          "most %d are allowed",
                          ps->bufs, VS_MAX_BUFS);
    diag_note(d, vid_loc(c, c->pdecl[p]), "pipe declared here");
  }
  int m = q >= 0 ? c->qi[q].mem : -1;
  if (m < 0 || !num_known || !len_known)
    return;
  int64_t bytes = num * casc_hw_buffer_len(len);
  int64_t size = casc_hw_mem_default_size((casc_hw_mem)m);
  if (ps->bytes[m] < (int64_t)1 << 50)
    ps->bytes[m] += bytes;
  if (ps->bytes[m] > size && claims(c, s)) {
    vs_diag *d = diag_new(c, oi, K_INIT_MEM,
                          "InitBuffer: the buffers of this TPipe now take "
                          "%lld bytes of %s, more than its %lld bytes on "
                          "Ascend910B1",
                          (long long)ps->bytes[m],
                          casc_hw_mem_name((casc_hw_mem)m), (long long)size);
    diag_note(d, vid_loc(c, c->pdecl[p]), "pipe declared here");
  }
}

/* HasIdleBuffer / HasTensorInQue / VacantInQue: when the queue's state is
 * known on this path, the result is known too; it is recorded as a
 * decision on the result value, so a branch on it takes the right arm. */
static void assume_query(vs_ctx *c, vs_state *s, casc_op *op, int32_t q) {
  uint32_t v = vid_of(c, &op->results[0]);
  if (q < 0 || v >= c->nv || c->crep[v] != v || !precise(s, q) ||
      c->qi[q].tbuf || !(s->q[q].flags & VS_QF_INIT) || c->qi[q].depth < 1)
    return;
  const vs_queue *qs = &s->q[q];
  int truth;
  if (op->kind == CASC_OP_QUE_BIND_HAS_IDLE_BUFFER) {
    if (qs->num < 0)
      return;
    truth = qs->held < qs->num;
  } else if (op->kind == CASC_OP_QUE_BIND_HAS_TENSOR_IN_QUE) {
    truth = fifo_count(s, q) > 0;
  } else {
    truth = fifo_count(s, q) < (uint32_t)c->qi[q].depth;
  }
  if (!vs_assume_set(s, v, (uint32_t)truth))
    c->oom = true;
  c->assumed[v] = 1;
}

/* Hands the bindings of a terminator's operands (from `first` on) to the
 * parent op: scf.yield, scf.condition, a callee's func.return. */
static void hand_back(vs_ctx *c, vs_state *s, casc_op *op, unsigned first) {
  unsigned n = op->nops > first ? op->nops - first : 0;
  int32_t tmp[64] = {0};
  int32_t *bs = n <= 64 ? tmp : malloc(n * sizeof *bs);
  if (!bs) {
    c->oom = true;
    return;
  }
  for (unsigned i = 0; i < n; i++)
    bs[i] = bind_of(c, s, op->operands[first + i].value);
  if (!vs_carry_set(s, n, bs))
    c->oom = true;
  if (bs != tmp)
    free(bs);
}

/* Applies a region-free op to one state. Returns false if the path ends. */
static bool transfer(vs_ctx *c, vs_state *s, casc_op *op) {
  casc_value *q0 = op->nops ? op->operands[0].value : NULL;
  switch (op->kind) {
  case CASC_OP_QUE_BIND_ALLOC_TENSOR: {
    int32_t q = queue_of(c, q0);
    if (q < 0 || op->nres != 1)
      return true;
    return do_alloc(c, s, op, q, &op->results[0]);
  }
  case CASC_OP_QUE_BIND_ALLOC_TENSOR_IN_PLACE: {
    int32_t q = queue_of(c, q0);
    if (q < 0 || op->nops != 2)
      return true;
    /* The argument becomes a handle of a new buffer. */
    int32_t old = bind_of(c, s, op->operands[1].value);
    (void)old;
    return do_alloc(c, s, op, q, op->operands[1].value);
  }
  case CASC_OP_QUE_BIND_FREE_TENSOR:
    return op->nops != 2 ||
           do_free(c, s, op, queue_of(c, q0), op->operands[1].value);
  case CASC_OP_QUE_BIND_ENQUE_TENSOR:
  case CASC_OP_QUE_BIND_ENQUE_TENSOR_POS:
    return op->nops < 2 ||
           do_enque(c, s, op, queue_of(c, q0), op->operands[1].value);
  case CASC_OP_QUE_BIND_DEQUE_TENSOR:
  case CASC_OP_QUE_BIND_DEQUE_TENSOR_POS:
    if (op->nres == 1 && op->nops >= 1)
      do_deque(c, s, op, queue_of(c, q0), &op->results[0]);
    return true;
  case CASC_OP_QUE_BIND_DEQUE_TENSOR_IN_PLACE:
    if (op->nops == 2)
      do_deque_in_place(c, s, op, queue_of(c, q0), op->operands[1].value);
    return true;
  case CASC_OP_QUE_BIND_HAS_IDLE_BUFFER:
  case CASC_OP_QUE_BIND_HAS_TENSOR_IN_QUE:
  case CASC_OP_QUE_BIND_VACANT_IN_QUE:
    /* The answer on this path, for a later scf.if on it. */
    if (op->nres == 1)
      assume_query(c, s, op, queue_of(c, q0));
    return true;
  case CASC_OP_QUE_BIND_FREE_ALL_EVENT: {
    int32_t q = queue_of(c, q0);
    if (q >= 0)
      s->q[q].allocs = s->q[q].held;
    return true;
  }
  case CASC_OP_QUEUE:
  case CASC_OP_QUE_BIND:
  case CASC_OP_TBUF: {
    /* (Re)construction: a fresh object with no buffers. */
    int32_t q = op->nres == 1 ? queue_of(c, &op->results[0]) : -1;
    if (q >= 0) {
      memset(&s->q[q], 0, sizeof s->q[q]);
      s->q[q].num = -1;
    }
    return true;
  }
  case CASC_OP_PIPE: {
    uint32_t v = op->nres == 1 ? vid_of(c, &op->results[0]) : NO_DEATH;
    if (v < c->nv && c->vp[v] >= 0)
      memset(&s->p[c->vp[v]], 0, sizeof(vs_pipe));
    return true;
  }
  case CASC_OP_PIPE_RESET: {
    uint32_t v = q0 ? vid_of(c, q0) : NO_DEATH;
    if (v < c->nv && c->vp[v] >= 0)
      memset(&s->p[c->vp[v]], 0, sizeof(vs_pipe));
    return true;
  }
  case CASC_OP_PIPE_INIT_QUEUE:
    do_init(c, s, op, false);
    return true;
  case CASC_OP_PIPE_INIT_BUFFER:
    do_init(c, s, op, true);
    return true;
  case CASC_OP_PIPE_ALLOC_EVENT_ID: {
    int64_t e = casc_op_attr_int(op, "event", -1);
    if (!casc_hw_event_name(e)) /* HardEvent::MAX is no event */
      return true;
    if (claims(c, s) && event_ids(c, s, (int)e) >= VS_EVENT_IDS) {
      diag_new(c, oid_of(c, op), K_EVENT_LIMIT,
               "AllocEventID: all %d event ids of HardEvent %s are already "
               "held; the NPU allows %d",
               VS_EVENT_IDS, event_name((int)e), VS_EVENT_IDS);
      return false;
    }
    if (s->uevt[e] < 255)
      s->uevt[e]++;
    return true;
  }
  case CASC_OP_PIPE_RELEASE_EVENT_ID: {
    int64_t e = casc_op_attr_int(op, "event", -1);
    if (casc_hw_event_name(e) && s->uevt[e] > 0)
      s->uevt[e]--;
    return true;
  }
  case CASC_OP_TBUF_GET_TENSOR:
  case CASC_OP_TBUF_GET_WITH_OFFSET:
    if (op->nres == 1)
      set_bind(c, s, &op->results[0], VS_B_TBUF_GET);
    return true;
  case CASC_OP_LOCAL_TENSOR:
  case CASC_OP_LOCAL_TENSOR_V2:
  case CASC_OP_LOCAL_TENSOR_AUTO:
    if (op->nres == 1)
      set_bind(c, s, &op->results[0], VS_B_EXT);
    return true;
  case CASC_OP_LOCAL_TENSOR_SUBINDEX:
  case CASC_OP_LOCAL_TENSOR_BRACKET:
  case CASC_OP_REINTERPRET_CAST:
    /* A view of the same buffer. */
    if (op->nops >= 1 && op->nres == 1) {
      check_use(c, s, op, q0);
      set_bind(c, s, &op->results[0], bind_of(c, s, q0));
    }
    return true;
  case CASC_OP_FUNC_CALL:
    for (unsigned i = 0; i < op->nops; i++) {
      casc_value *v = op->operands[i].value;
      if (casc_type_is_local_tensor(v->type))
        havoc_slot(s, bind_of(c, s, v));
      else if (queue_type(v))
        havoc_queue(s, queue_of(c, v));
    }
    return true;
  case CASC_OP_FUNC_RETURN:
    if (c->call_depth > 0) {
      hand_back(c, s, op, 0); /* a callee's results go to its call */
      return true;
    }
    for (unsigned i = 0; i < op->nops; i++) {
      int32_t b = bind_of(c, s, op->operands[i].value);
      if (b >= 0)
        s->slots[b].flags |= VS_SF_NOLEAK;
    }
    return true;
  case CASC_OP_SCF_YIELD:
    hand_back(c, s, op, 0);
    return true;
  case CASC_OP_SCF_CONDITION:
    hand_back(c, s, op, 1);
    return true;
  default:
    break;
  }
  /* Any other op: every local-tensor operand is a use. */
  for (unsigned i = 0; i < op->nops; i++) {
    casc_value *v = op->operands[i].value;
    if (casc_type_is_local_tensor(v->type))
      check_use(c, s, op, v);
  }
  return true;
}

/* ---- scalars (shared by all paths)
 * ---------------------------------------------- */

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
    uint32_t v = vid_of(c, &op->results[r]);
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

/* ---- control flow
 * ------------------------------------------------------------------- */

static void run_block(vs_ctx *c, casc_block *b, vs_set *S);
static uint32_t loop_bit(uint32_t depth);

/* ---- loop bounds: remaining iterations ------------------------------------
 *
 * In an scf.for of unknown trip count, a condition such as `i + 1 < n`
 * (n the upper bound) says whether more iterations follow. Each state keeps
 * the number r of iterations after the current one as an interval; a
 * decision on such a condition narrows it, the back edge needs r >= 1 and
 * decrements it, the exit needs r = 0. The prefetch pattern is then exact:
 * the path that skipped the prefetch is the last iteration. */

#define NO_ROOT 0xffffffffu

/* v = root + off, following addi/subi by constants and integer casts
 * (root NO_ROOT: v is the constant off). */
static void lin_form(vs_ctx *c, uint32_t v, uint32_t *root, int64_t *off) {
  int64_t o = 0;
  for (int guard = 0; guard < 16 && v < c->nv; guard++) {
    if (c->sknown[v]) {
      *root = NO_ROOT;
      *off = o + c->sval[v];
      return;
    }
    casc_op *d = c->vals[v]->def;
    if (!d)
      break;
    if ((d->kind == CASC_OP_ARITH_ADDI || d->kind == CASC_OP_ARITH_SUBI) &&
        d->nops == 2) {
      uint32_t a = vid_of(c, d->operands[0].value);
      uint32_t b = vid_of(c, d->operands[1].value);
      if (b < c->nv && c->sknown[b]) {
        o += d->kind == CASC_OP_ARITH_ADDI ? c->sval[b] : -c->sval[b];
        v = a;
        continue;
      }
      if (d->kind == CASC_OP_ARITH_ADDI && a < c->nv && c->sknown[a]) {
        o += c->sval[a];
        v = b;
        continue;
      }
      break;
    }
    if ((d->kind == CASC_OP_ARITH_INDEX_CAST ||
         d->kind == CASC_OP_ARITH_INDEX_CASTUI ||
         d->kind == CASC_OP_ARITH_EXTSI || d->kind == CASC_OP_ARITH_EXTUI) &&
        d->nops == 1) {
      v = vid_of(c, d->operands[0].value);
      continue;
    }
    break;
  }
  *root = v;
  *off = o;
}

static int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}
static int64_t ceil_div(int64_t a, int64_t b) {
  return -floor_div(-a, b);
}

/* A set of values of r: [lo, hi] (hi INT64_MAX: unbounded). */
typedef struct {
  int64_t lo, hi;
} vs_rset;

static vs_rset rset(int64_t lo, int64_t hi) {
  vs_rset r = {lo < 0 ? 0 : lo, hi};
  return r;
}
static const vs_rset RALL = {0, INT64_MAX};

static vs_rset rmeet(vs_rset a, vs_rset b) {
  vs_rset r = {a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
  return r;
}

/* What a condition says about r of loop L: when true r is in T, when false
 * in F. `ok` false: the condition is not (exactly) about r. */
typedef struct {
  bool ok;
  vs_rset t, f;
} vs_rcond;

/* D = ub - iv lies in (r*step, (r+1)*step]. Constraint of `D > t`. */
static vs_rcond rcond_gt(int64_t t, int64_t step) {
  vs_rcond rc = {true, rset(floor_div(t, step), INT64_MAX),
                 rset(0, ceil_div(t, step) - 1)};
  return rc;
}

static vs_rcond rcond_not(vs_rcond a) {
  vs_rset t = a.t;
  a.t = a.f;
  a.f = t;
  return a;
}

static vs_rcond decode_rcond(vs_ctx *c, uint32_t v, uint32_t L, int depth);

/* A side of an andi / ori: its own constraint, or none when it does not
 * depend on loop L at all. */
static bool rcond_side(vs_ctx *c, uint32_t v, uint32_t L, int depth,
                       vs_rcond *out) {
  *out = decode_rcond(c, v, L, depth + 1);
  if (out->ok)
    return true;
  if (v < c->nv && !(c->taint[v] & loop_bit(L)) && !c->sknown[v]) {
    out->ok = true;
    out->t = out->f = RALL;
    return true;
  }
  return false;
}

static vs_rcond decode_rcond(vs_ctx *c, uint32_t v, uint32_t L, int depth) {
  vs_rcond none = {false, {0, 0}, {0, 0}};
  const vs_loop *lp = &c->lp[L];
  casc_op *d = v < c->nv ? c->vals[v]->def : NULL;
  if (!d || depth > 6 || d->nops != 2)
    return none;
  if (d->kind == CASC_OP_ARITH_XORI) {
    for (int k = 0; k < 2; k++)
      if (is_true_const(d->operands[k].value))
        return rcond_not(
            decode_rcond(c, vid_of(c, d->operands[1 - k].value), L, depth + 1));
    return none;
  }
  if (d->kind == CASC_OP_ARITH_ANDI || d->kind == CASC_OP_ARITH_ORI) {
    vs_rcond a, b;
    if (!rcond_side(c, vid_of(c, d->operands[0].value), L, depth, &a) ||
        !rcond_side(c, vid_of(c, d->operands[1].value), L, depth, &b))
      return none;
    bool is_or = d->kind == CASC_OP_ARITH_ORI;
    if (is_or) {
      a = rcond_not(a);
      b = rcond_not(b);
    }
    /* a && b: true needs both; false is the union of the two false sets,
     * exact only when one of them is everything (no gap). */
    vs_rcond r = {true, rmeet(a.t, b.t), RALL};
    bool a_all = a.f.lo == 0 && a.f.hi == INT64_MAX;
    bool b_all = b.f.lo == 0 && b.f.hi == INT64_MAX;
    if (!a_all && !b_all)
      return none;
    return is_or ? rcond_not(r) : r;
  }
  if (d->kind != CASC_OP_ARITH_CMPI)
    return none;
  int64_t p = casc_op_attr_int(d, "predicate", -1);
  uint32_t ra, rb;
  int64_t oa, ob;
  lin_form(c, vid_of(c, d->operands[0].value), &ra, &oa);
  lin_form(c, vid_of(c, d->operands[1].value), &rb, &ob);
  if (ra == lp->ub && rb != lp->ub) {
    uint32_t tr = ra;
    int64_t to = oa;
    ra = rb, oa = ob, rb = tr, ob = to;
    p = pred_swap(p);
  }
  if (rb != lp->ub || p < 0)
    return none;
  /* lhs P ub + (ob - ub_off), lhs = iv + oa or the constant oa. */
  int64_t cc;
  if (ra == lp->iv)
    cc = oa - (ob - lp->ub_off);
  else if (ra == NO_ROOT && lp->iv < c->nv && c->sknown[lp->iv])
    cc = oa - (ob - lp->ub_off) - c->sval[lp->iv];
  else
    return none;
  if (cc > ((int64_t)1 << 40) || cc < -((int64_t)1 << 40))
    return none;
  /* iv + cc P ub, i.e. a relation between D = ub - iv and cc. */
  int64_t s = lp->step;
  switch (p) {
  case 2: /* slt: D > cc */
  case 6:
    return rcond_gt(cc, s);
  case 3: /* sle: D >= cc */
  case 7:
    return rcond_gt(cc - 1, s);
  case 4: /* sgt: D < cc */
  case 8:
    return rcond_not(rcond_gt(cc - 1, s));
  case 5: /* sge: D <= cc */
  case 9:
    return rcond_not(rcond_gt(cc, s));
  case 0:   /* eq: D == cc */
  case 1: { /* ne */
    int64_t r = ceil_div(cc, s) - 1;
    vs_rcond e = {true, r >= 0 ? rset(r, r) : rset(1, 0), RALL};
    if (s != 1 && r >= 0)
      return none; /* D == cc does not pin r down exactly */
    /* The false side excludes one value: exact only at r = 0. */
    if (r == 0)
      e.f = rset(1, INT64_MAX);
    else if (r > 0)
      return none;
    return p == 0 ? e : rcond_not(e);
  }
  default:
    return none;
  }
}

/* Narrows the state's interval of loop L; false when it becomes empty (the
 * path is infeasible). */
static bool rnarrow(vs_state *s, uint32_t L, vs_rset r) {
  vs_rset cur = {s->rlo[L], s->rhi[L] == VS_RINF ? INT64_MAX : s->rhi[L]};
  vs_rset n = rmeet(cur, r);
  if (n.lo > n.hi)
    return false;
  s->rlo[L] = (int16_t)(n.lo < VS_RINF - 1 ? n.lo : VS_RINF - 1);
  s->rhi[L] = (int16_t)(n.hi < VS_RINF ? n.hi : VS_RINF);
  return true;
}

static void kill_dead(vs_ctx *c, casc_op *op, vs_set *S) {
  uint32_t oi = oid_of(c, op);
  if (oi >= c->nops)
    return;
  for (uint32_t k = c->dstart[oi]; k < c->dstart[oi + 1]; k++)
    for (uint32_t i = 0; i < S->n; i++)
      vs_env_remove(S->s[i], c->dlist[k]);
}

static uint32_t loop_bit(uint32_t depth) {
  return depth < 31 ? 1u << depth : 1u << 31;
}

/* Bits of the loops enclosing the current point. */
static uint32_t active_loops(const vs_ctx *c) {
  return c->depth >= 32 ? 0xffffffffu : (c->depth ? (1u << c->depth) - 1 : 0);
}

static void move_set(vs_set *dst, vs_set *src) {
  for (uint32_t i = 0; i < src->n; i++)
    if (!vs_set_push(dst, src->s[i]))
      break;
  src->n = 0;
}

static void run_if(vs_ctx *c, casc_op *op, vs_set *S) {
  casc_value *cond = op->operands[0].value;
  uint32_t cv = vid_of(c, cond);
  bool known = cv < c->nv && c->sknown[cv];
  bool val = known && (c->sval[cv] & 1);
  uint32_t taint = cv < c->nv ? c->taint[cv] & active_loops(c) : 0;
  if (known)
    c->folded |= taint;
  /* Decisions are remembered on the condition's representative. */
  uint32_t rep = cv < c->nv ? c->crep[cv] : NO_DEATH;
  unsigned neg = cv < c->nv ? c->cneg[cv] : 0;
  /* A condition on the remaining iterations of a tracked loop narrows them
   * on each arm instead of making the path uncertain. */
  vs_rcond rc[VS_RLOOPS];
  uint32_t nl = c->depth < VS_RLOOPS ? c->depth : VS_RLOOPS;
  for (uint32_t L = 0; L < nl; L++) {
    rc[L].ok = false;
    if (known || !c->lp[L].track)
      continue;
    rc[L] = decode_rcond(c, cv, L, 0);
    if (rc[L].ok)
      taint &= ~loop_bit(L);
  }
  vs_set T, E;
  vs_set_init(&T);
  vs_set_init(&E);
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    int a = known ? (int)val : (rep < c->nv ? vs_assume_get(s, rep) : -1);
    if (!known && a >= 0)
      a ^= (int)neg;
    if (a >= 0) {
      if (!vs_set_push(a ? &T : &E, s))
        c->oom = true;
      continue;
    }
    /* Both arms are possible: split, and remember the decision so that a
     * later scf.if on the same condition takes the same arm. */
    vs_state *e = vs_state_copy(s, c->nq, c->np);
    if (!e) {
      c->oom = true;
      vs_state_free(s);
      continue;
    }
    if (rep < c->nv) {
      if (!vs_assume_set(s, rep, 1u ^ neg) || !vs_assume_set(e, rep, 0u ^ neg))
        c->oom = true;
      c->assumed[rep] = 1;
    }
    s->corr |= taint;
    e->corr |= taint;
    bool t_ok = true, e_ok = true;
    for (uint32_t L = 0; L < nl; L++)
      if (rc[L].ok) {
        t_ok &= rnarrow(s, L, rc[L].t);
        e_ok &= rnarrow(e, L, rc[L].f);
      }
    if (t_ok) {
      if (!vs_set_push(&T, s))
        c->oom = true;
    } else {
      vs_state_free(s);
    }
    if (e_ok) {
      if (!vs_set_push(&E, e))
        c->oom = true;
    } else {
      vs_state_free(e);
    }
  }
  S->n = 0;
  casc_block *tb = op->nregions > 0 ? op->regions[0].first : NULL;
  casc_block *eb = op->nregions > 1 ? op->regions[1].first : NULL;
  if (tb)
    run_block(c, tb, &T);
  if (eb)
    run_block(c, eb, &E);
  /* An arm no path got through was not (fully) evaluated: its scalars are
   * stale. */
  bool t_ran = tb && T.n > 0, e_ran = eb && E.n > 0;
  /* Results: tensor bindings from each arm's yield; scalars are known only
   * if the arm is known or both arms yield the same constant. */
  casc_op *ty = tb ? casc_block_terminator(tb) : NULL;
  casc_op *ey = eb ? casc_block_terminator(eb) : NULL;
  for (unsigned r = 0; r < op->nres; r++) {
    uint32_t rv = vid_of(c, &op->results[r]);
    if (rv >= c->nv)
      continue;
    uint32_t tv =
        ty && r < ty->nops ? vid_of(c, ty->operands[r].value) : NO_DEATH;
    uint32_t ev =
        ey && r < ey->nops ? vid_of(c, ey->operands[r].value) : NO_DEATH;
    bool tk = tv < c->nv && c->sknown[tv], ek = ev < c->nv && c->sknown[ev];
    if (!known && t_ran != e_ran) {
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
    if (known && (val ? tk : ek)) {
      c->sknown[rv] = 1;
      c->sval[rv] = c->sval[val ? tv : ev];
    } else if (!known && tk && ek && c->sval[tv] == c->sval[ev]) {
      c->sknown[rv] = 1;
      c->sval[rv] = c->sval[tv];
    }
  }
  vs_set *arms[2] = {&T, &E};
  for (int a = 0; a < 2; a++)
    for (uint32_t i = 0; i < arms[a]->n; i++) {
      vs_state *s = arms[a]->s[i];
      for (unsigned r = 0; r < op->nres && r < s->nc; r++)
        set_bind(c, s, &op->results[r], s->carry[r]);
      s->nc = 0;
    }
  move_set(S, &T);
  move_set(S, &E);
  vs_set_free(&T);
  vs_set_free(&E);
  if (!vs_set_dedup(S, c->nq, c->np, VS_MAX_STATES))
    c->oom = true;
}

/* Number of ops nested in op (op excluded), saturating. */
static uint32_t body_size(casc_op *op) {
  uint32_t n = 0;
  for (unsigned r = 0; r < op->nregions; r++)
    for (casc_block *b = op->regions[r].first; b; b = b->next)
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
      set_bind_arg(c, s, body->args[a],
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
    uint32_t rv = vid_of(c, &op->results[r]);
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
      set_bind(c, s, &op->results[r],
               av < c->nv ? vs_env_get(s, av) : VS_B_UNKNOWN);
    }
    for (unsigned a = 1; a < body->nargs; a++) {
      uint32_t av = vid_of(c, body->args[a]);
      if (av < c->nv)
        vs_env_remove(s, av);
    }
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

/* The loop record of depth d for run_for (lb, step known, step > 0). */
static void loop_setup(vs_ctx *c, uint32_t d, casc_op *op, uint32_t ivv,
                       int64_t lb, int64_t st, bool track) {
  if (d >= VS_RLOOPS)
    return;
  vs_loop *lp = &c->lp[d];
  memset(lp, 0, sizeof *lp);
  lp->iv = ivv;
  lp->step = st;
  lp->mod = 1;
  lp->track = track;
  lin_form(c, vid_of(c, op->operands[1].value), &lp->ub, &lp->ub_off);
  if (lp->ub == NO_ROOT)
    lp->track = false;
  /* ub = x * C with lb = 0: the trip count is a multiple of C / step. */
  casc_op *ud = op->operands[1].value->def;
  if (lb == 0 && ud && ud->kind == CASC_OP_ARITH_MULI && ud->nops == 2)
    for (int k = 0; k < 2; k++) {
      uint32_t cv = vid_of(c, ud->operands[k].value);
      if (cv < c->nv && c->sknown[cv] && c->sval[cv] > 0 &&
          c->sval[cv] % st == 0 && c->sval[cv] / st <= 1024) {
        lp->mod = (uint32_t)(c->sval[cv] / st);
        break;
      }
    }
}

/* Loop entry (iteration 1, iv = lb): decisions taken before the loop on
 * its upper bound (`if n > 1`) bound the trip count. A state that cannot
 * enter the loop at all goes to `skip`. */
static void loop_entry(vs_ctx *c, uint32_t d, vs_set *S, vs_set *skip) {
  uint32_t out = 0;
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    vs_state_rreset(s, d);
    bool ok = true;
    for (uint32_t a = 0; a < s->na && ok; a++) {
      vs_rcond rc = decode_rcond(c, s->as[a].v, d, 0);
      if (rc.ok)
        ok = rnarrow(s, d, s->as[a].val ? rc.t : rc.f);
    }
    if (ok) {
      S->s[out++] = s;
    } else {
      vs_state_rreset(s, d);
      if (!vs_set_push(skip, s))
        c->oom = true;
    }
  }
  S->n = out;
}

/* After iteration k of a tracked loop: copies the states that may leave
 * the loop here to `exits`, keeps in S those that may go on (r >= 1) with
 * r decremented. Without information the trip count is taken to be at
 * least 2 (no exit after iteration 1). */
static void loop_iterate(vs_ctx *c, uint32_t d, uint32_t k, vs_set *S,
                         vs_set *exits) {
  const vs_loop *lp = &c->lp[d];
  uint32_t out = 0;
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    bool can_exit =
        s->rlo[d] == 0 && (k >= 2 || s->rhi[d] == 0) && k % lp->mod == 0;
    bool can_go = s->rhi[d] != 0;
    if (can_exit) {
      vs_state *e = can_go ? vs_state_copy(s, c->nq, c->np) : s;
      if (!e) {
        c->oom = true;
      } else {
        vs_state_rreset(e, d);
        if (!vs_set_push(exits, e))
          c->oom = true;
      }
      if (!can_go)
        continue;
    } else if (!can_go) {
      vs_state_free(s);
      continue;
    }
    if (s->rlo[d] > 0)
      s->rlo[d]--;
    if (s->rhi[d] != VS_RINF)
      s->rhi[d]--;
    S->s[out++] = s;
  }
  S->n = out;
}

static void run_for(vs_ctx *c, casc_op *op, vs_set *S) {
  casc_block *body = op->nregions ? op->regions[0].first : NULL;
  if (!body || op->nops < 3 || body->nargs < 1) {
    for (uint32_t i = 0; i < S->n; i++)
      havoc_all(c, S->s[i]);
    return;
  }
  uint32_t lbv = vid_of(c, op->operands[0].value);
  uint32_t ubv = vid_of(c, op->operands[1].value);
  uint32_t stv = vid_of(c, op->operands[2].value);
  uint32_t ivv = vid_of(c, body->args[0]);
  bool lbk = lbv < c->nv && c->sknown[lbv];
  bool stk = stv < c->nv && c->sknown[stv] && c->sval[stv] > 0;
  bool bk = lbk && ubv < c->nv && c->sknown[ubv] && stk;
  int64_t lb = lbk ? c->sval[lbv] : 0;
  int64_t st = stk ? c->sval[stv] : 1;
  int64_t trips = -1;
  if (bk) {
    int64_t ub = c->sval[ubv];
    trips = ub > lb
                ? (int64_t)(((uint64_t)ub - (uint64_t)lb + (uint64_t)st - 1) /
                            (uint64_t)st)
                : 0;
  }
  uint32_t depth = c->depth;
  uint32_t bit = loop_bit(depth);
  unsigned ivw = casc_fold_width(body->args[0]->type);
  /* Entry: iter_args from the init operands. */
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    unsigned n = op->nops - 3;
    int32_t tmp[64];
    int32_t *bs = n <= 64 ? tmp : malloc(n * sizeof *bs);
    if (!bs) {
      c->oom = true;
      return;
    }
    for (unsigned k = 0; k < n; k++)
      bs[k] = bind_of(c, s, op->operands[3 + k].value);
    if (!vs_carry_set(s, n, bs))
      c->oom = true;
    if (bs != tmp)
      free(bs);
  }
  for (unsigned a = 1; a < body->nargs; a++) {
    uint32_t v = vid_of(c, body->args[a]);
    uint32_t iv =
        a + 2 < op->nops ? vid_of(c, op->operands[a + 2].value) : NO_DEATH;
    if (v >= c->nv)
      continue;
    c->sknown[v] = iv < c->nv && c->sknown[iv];
    c->sval[v] = c->sknown[v] ? c->sval[iv] : 0;
    c->taint[v] = (iv < c->nv ? c->taint[iv] : 0) | bit;
  }
  bind_iter_args(c, body, S);
  if (trips == 0) {
    bind_results(c, op, body, S, true);
    return;
  }
  /* Values the loop bounds are made of: a decision on them is a decision
   * on the trip count. */
  uint32_t saved[3] = {0, 0, 0};
  uint32_t bvs[3] = {lbv, ubv, stv};
  for (int k = 0; k < 3; k++)
    if (bvs[k] < c->nv) {
      saved[k] = c->taint[bvs[k]];
      c->taint[bvs[k]] |= bit;
    }
  uint64_t work = (uint64_t)body_size(op) * (uint64_t)(trips > 0 ? trips : 0);
  bool concrete = trips > 0 && trips <= VS_UNROLL_TRIPS &&
                  work <= VS_UNROLL_WORK && work * 4 <= c->budget;
  /* Remaining iterations are tracked for unknown trip counts. */
  bool track = trips < 0 && lbk && stk && depth < VS_RLOOPS;
  if (depth < VS_RLOOPS) {
    c->lp[depth].track = false;
    if (lbk && stk)
      loop_setup(c, depth, op, ivv, lb, st, track);
    track = track && c->lp[depth].track;
  }
  vs_set skip;
  vs_set_init(&skip);
  if (track && ivv < c->nv) {
    c->sknown[ivv] = 1;
    c->sval[ivv] = casc_fold_norm(ivw, lb);
    loop_entry(c, depth, S, &skip);
  }
  c->depth++;
  if (concrete) {
    for (int64_t k = 0; k < trips && S->n && !c->aborted; k++) {
      if (ivv < c->nv) {
        c->sknown[ivv] = 1;
        c->sval[ivv] = casc_fold_norm(ivw, lb + k * st);
        c->taint[ivv] = bit;
      }
      if (k > 0)
        next_scalars(c, body, bit);
      run_block(c, body, S);
      back_edge(S, bit);
      bind_iter_args(c, body, S);
      if (!vs_set_dedup(S, c->nq, c->np, VS_MAX_STATES))
        c->oom = true;
    }
    c->depth--;
    bind_results(c, op, body, S, true);
  } else {
    /* Fixpoint over the set of states at the loop head. Iteration k knows
     * iv = lb + (k-1) * step when lb and step are constants; scalar
     * iter_args are unknown after iteration 1. An unknown trip count is
     * assumed to be at least 2 unless the path knows better (remaining
     * iterations), and large enough for every iteration followed: a bug
     * of iteration k is claimed when the trip count may reach k. */
    vs_set seen, exits, prev;
    vs_set_init(&seen);
    vs_set_init(&exits);
    vs_set_init(&prev);
    bool stationary = false, reached = false;
    c->folded &= ~bit;
    uint32_t kmax = VS_MAX_LOOP_ITERS;
    if (trips > 0 && (uint64_t)trips < kmax)
      kmax = (uint32_t)trips;
    for (uint32_t k = 1; k <= kmax && S->n && !c->aborted; k++) {
      if (ivv < c->nv) {
        c->sknown[ivv] = lbk && stk;
        c->sval[ivv] = casc_fold_norm(ivw, lb + (int64_t)(k - 1) * st);
        c->taint[ivv] = bit;
      }
      if (k > 1)
        next_scalars(c, body, bit);
      run_block(c, body, S);
      back_edge(S, bit);
      bind_iter_args(c, body, S);
      if (!vs_set_dedup(S, c->nq, c->np, VS_MAX_STATES))
        c->oom = true;
      if (trips > 0 && k == (uint32_t)trips) {
        reached = true; /* the real exit: all iterations were followed */
        break;
      }
      if (track) {
        loop_iterate(c, depth, k, S, &exits);
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
      /* Stop when the head set maps onto itself or repeats. */
      bool all_seen = true;
      for (uint32_t i = 0; i < S->n && all_seen; i++)
        all_seen = set_contains(&seen, S->s[i], c->nq, c->np);
      if (prev.n == S->n) {
        bool same = true;
        for (uint32_t i = 0; i < S->n && same; i++)
          same = set_contains(&prev, S->s[i], c->nq, c->np);
        stationary = same;
      }
      if (stationary || all_seen)
        break;
      if (!add_copies(c, &seen, S))
        c->oom = true;
      vs_set_clear(&prev);
      if (!add_copies(c, &prev, S))
        c->oom = true;
    }
    c->depth--;
    if (trips < 0) {
      vs_set_clear(S);
      move_set(S, &exits);
    } else if (!reached && (!stationary || (c->folded & bit))) {
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
    bind_results(c, op, body, S, false);
  }
  /* Paths that never entered the loop: their iter_args are the results. */
  if (skip.n) {
    bind_results(c, op, body, &skip, false);
    move_set(S, &skip);
  }
  vs_set_free(&skip);
  if (!vs_set_dedup(S, c->nq, c->np, VS_MAX_STATES))
    c->oom = true;
  for (int k = 0; k < 3; k++)
    if (bvs[k] < c->nv)
      c->taint[bvs[k]] = saved[k];
}

/* scf.while: before-region, then (condition true) after-region, until the
 * condition is false. The trip count is never known: the first pass is
 * checked, later ones only carry states, and exits are uncertain unless
 * the condition is known to be false. */
static void run_while(vs_ctx *c, casc_op *op, vs_set *S) {
  casc_block *before = op->nregions > 0 ? op->regions[0].first : NULL;
  casc_block *after = op->nregions > 1 ? op->regions[1].first : NULL;
  if (!before || !after) {
    for (uint32_t i = 0; i < S->n; i++)
      havoc_all(c, S->s[i]);
    return;
  }
  uint32_t bit = loop_bit(c->depth);
  if (c->depth < VS_RLOOPS)
    c->lp[c->depth].track = false;
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    for (unsigned a = 0; a < before->nargs && a < op->nops; a++)
      set_bind_arg(c, s, before->args[a], bind_of(c, s, op->operands[a].value));
  }
  for (unsigned a = 0; a < before->nargs; a++) {
    uint32_t v = vid_of(c, before->args[a]);
    if (v < c->nv) {
      c->sknown[v] = 0;
      c->taint[v] = bit;
    }
  }
  c->depth++;
  vs_set exits, seen;
  vs_set_init(&exits);
  vs_set_init(&seen);
  casc_op *cond_op = casc_block_terminator(before);
  for (uint32_t k = 1; k <= VS_MAX_LOOP_ITERS && S->n && !c->aborted; k++) {
    bool muted = k >= 3;
    if (muted)
      c->mute++;
    run_block(c, before, S);
    uint32_t cv = cond_op && cond_op->nops
                      ? vid_of(c, cond_op->operands[0].value)
                      : NO_DEATH;
    bool known = cv < c->nv && c->sknown[cv];
    bool val = known && (c->sval[cv] & 1);
    /* Exit side: results from the condition's arguments. */
    if (!known || !val) {
      for (uint32_t i = 0; i < S->n; i++) {
        vs_state *e = vs_state_copy(S->s[i], c->nq, c->np);
        if (!e) {
          c->oom = true;
          continue;
        }
        if (!known)
          e->cert = 0;
        for (unsigned r = 0; r < op->nres && r < e->nc; r++)
          set_bind(c, e, &op->results[r], e->carry[r]);
        e->nc = 0;
        if (!vs_set_push(&exits, e))
          c->oom = true;
      }
    }
    if (known && !val) {
      vs_set_clear(S);
    } else {
      for (uint32_t i = 0; i < S->n; i++) {
        vs_state *s = S->s[i];
        if (!known)
          s->corr |= bit;
        for (unsigned a = 0; a < after->nargs; a++)
          set_bind_arg(c, s, after->args[a],
                       a < s->nc ? s->carry[a] : VS_B_UNKNOWN);
        s->nc = 0;
      }
      run_block(c, after, S);
      back_edge(S, bit);
      for (uint32_t i = 0; i < S->n; i++) {
        vs_state *s = S->s[i];
        for (unsigned a = 0; a < before->nargs; a++)
          set_bind_arg(c, s, before->args[a],
                       a < s->nc ? s->carry[a] : VS_B_UNKNOWN);
        s->nc = 0;
      }
    }
    if (muted)
      c->mute--;
    if (!vs_set_dedup(S, c->nq, c->np, VS_MAX_STATES))
      c->oom = true;
    bool all_seen = true;
    for (uint32_t i = 0; i < S->n && all_seen; i++)
      all_seen = set_contains(&seen, S->s[i], c->nq, c->np);
    if (all_seen)
      break;
    if (!add_copies(c, &seen, S))
      c->oom = true;
  }
  c->depth--;
  vs_set_clear(S);
  move_set(S, &exits);
  vs_set_free(&exits);
  vs_set_free(&seen);
  for (unsigned r = 0; r < op->nres; r++) {
    uint32_t v = vid_of(c, &op->results[r]);
    if (v < c->nv)
      c->sknown[v] = 0;
  }
  if (!vs_set_dedup(S, c->nq, c->np, VS_MAX_STATES))
    c->oom = true;
}

/* The callee of `call` when it is interpreted in place (numbered, not
 * already running: no recursion). */
static casc_op *callable(vs_ctx *c, casc_op *call) {
  if (c->call_depth >= VS_MAX_CALLS)
    return NULL;
  casc_op *f = resolve_callee(c->module, c->func, call);
  if (!f || casc_ptrmap_get(&c->oid, f, NO_DEATH) == NO_DEATH)
    return NULL;
  for (uint32_t i = 0; i < c->call_depth; i++)
    if (c->calls[i] == f)
      return NULL;
  return f;
}

/* A call into a function of the module: its body runs in place, with its
 * parameters bound to the caller's queues, pipes, tensors and scalars,
 * and its func.return hands the results back. */
static void run_call(vs_ctx *c, casc_op *call, casc_op *f, vs_set *S) {
  casc_block *body = f->regions[0].first;
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
      set_bind_arg(c, S->s[k], body->args[i],
                   bind_of(c, S->s[k], call->operands[i].value));
  }
  c->calls[c->call_depth++] = f;
  run_block(c, body, S);
  c->call_depth--;
  casc_op *ret = casc_block_terminator(body);
  for (unsigned r = 0; r < call->nres; r++) {
    uint32_t rv = vid_of(c, &call->results[r]);
    uint32_t yv = r < ret->nops ? vid_of(c, ret->operands[r].value) : NO_DEATH;
    if (rv >= c->nv)
      continue;
    c->sknown[rv] = yv < c->nv && c->sknown[yv];
    c->sval[rv] = c->sknown[rv] ? c->sval[yv] : 0;
    c->taint[rv] = yv < c->nv ? c->taint[yv] : 0;
  }
  for (uint32_t k = 0; k < S->n; k++) {
    vs_state *s = S->s[k];
    for (unsigned r = 0; r < call->nres && r < s->nc; r++)
      set_bind(c, s, &call->results[r], s->carry[r]);
    s->nc = 0;
    for (unsigned i = 0; i < body->nargs; i++) {
      uint32_t av = vid_of(c, body->args[i]);
      if (av < c->nv)
        vs_env_remove(s, av);
    }
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
    run_for(c, op, S);
  } else if (op->kind == CASC_OP_SCF_WHILE) {
    run_while(c, op, S);
  } else if (op->kind == CASC_OP_FUNC_CALL && callable(c, op)) {
    run_call(c, op, callable(c, op), S);
  } else if (op->nregions > 0) {
    /* A region op casc does not model: forget what it may touch. */
    for (uint32_t i = 0; i < S->n; i++)
      havoc_all(c, S->s[i]);
    eval_scalars(c, op, S);
  } else {
    eval_scalars(c, op, S);
    uint32_t out = 0;
    for (uint32_t i = 0; i < S->n; i++) {
      vs_state *s = S->s[i];
      if (transfer(c, s, op))
        S->s[out++] = s;
      else
        vs_state_free(s); /* the NPU hangs here: no successor */
    }
    S->n = out;
  }
  kill_dead(c, op, S);
}

static void run_block(vs_ctx *c, casc_block *b, vs_set *S) {
  for (casc_op *op = b->first; op && S->n && !c->aborted && !c->oom;
       op = op->next)
    run_op(c, op, S);
}

/* ---- function driver
 * ------------------------------------------------------------------ */

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
    fill_qinfo(&qi, t);
    const char *api = op->kind == CASC_OP_QUE_BIND_ALLOC_TENSOR ||
                              op->kind == CASC_OP_QUE_BIND_ALLOC_TENSOR_IN_PLACE
                          ? "AllocTensor"
                          : "DeQue";
    vs_diag *d = NULL;
    if (plain_op && qi.depth == 0)
      d = diag_new(c, i, K_INPLACE,
                   "%s: this queue has depth 0 (in-place); use the in-place "
                   "form %s(LocalTensor&)",
                   api, api);
    else if (inplace_op && qi.depth != 0)
      d = diag_new(c, i, K_INPLACE,
                   "%s: the in-place form %s(LocalTensor&) needs a queue of "
                   "depth 0; this queue has depth %d",
                   api, api, qi.depth);
    if (d)
      diag_note(d, value_loc(c, op->operands[0].value), "queue declared here");
  }
}

/* Function end: buffers still held and tensors still queued. */
static void final_checks(vs_ctx *c, vs_set *S) {
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    if (!claims(c, s))
      continue;
    for (uint32_t k = 0; k < s->ns; k++) {
      const vs_slot *sl = &s->slots[k];
      if (sl->flags & (VS_SF_NOLEAK | VS_SF_UNK))
        continue;
      if (sl->status == VS_ENQ && precise(s, (int32_t)sl->fifo_q) &&
          sl->last < c->nops) {
        casc_op *eq = c->ops[sl->last];
        vs_diag *d = diag_new(c, sl->last, K_ENQUE_LEAK,
                              "EnQue: there is no corresponding call to DeQue "
                              "for this tensor");
        diag_note(d, value_loc(c, eq->operands[0].value),
                  "queue declared here");
      }
      if (sl->status != VS_FREED && !(sl->flags & (VS_SF_EXT | VS_SF_GONE)) &&
          sl->owner != VS_NOQ && !c->qi[sl->owner].tbuf)
        diag_new(c, sl->alloc, K_ALLOC_LEAK,
                 "AllocTensor: there is no corresponding call to FreeTensor "
                 "for this tensor");
    }
  }
}

static void ctx_free(vs_ctx *c) {
  casc_ptrmap_free(&c->vid);
  casc_ptrmap_free(&c->oid);
  casc_ptrmap_free(&c->dkeys);
  free(c->vals);
  free(c->ops);
  free(c->vq);
  free(c->vp);
  free(c->vtensor);
  free(c->sknown);
  free(c->assumed);
  free(c->sval);
  free(c->taint);
  free(c->death);
  free(c->crep);
  free(c->cneg);
  free(c->dstart);
  free(c->dlist);
  free(c->qi);
  free(c->pdecl);
  for (uint32_t i = 0; i < c->nd; i++)
    free(c->diags[i].msg);
  free(c->diags);
}

static bool verify_func(casc_ctx *ctx, casc_op *module, casc_op *func) {
  if (func->nregions < 1 || !func->regions[0].first)
    return true; /* a declaration */
  vs_ctx c;
  memset(&c, 0, sizeof c);
  c.ctx = ctx;
  c.module = module;
  c.func = func;
  c.budget = VS_BUDGET;
  casc_ptrmap_init(&c.vid);
  casc_ptrmap_init(&c.oid);
  casc_ptrmap_init(&c.dkeys);
  bool ok = casc_walk_pre(func, number_op, &c) && !c.oom &&
            number_callees(&c) && alloc_tables(&c) && classify(&c) &&
            link_conditions(&c);
  if (ok) {
    static_checks(&c);
    vs_set S;
    vs_set_init(&S);
    vs_state *s0 = vs_state_new(c.nq, c.np);
    if (!s0 || !vs_set_push(&S, s0)) {
      c.oom = true;
    } else {
      casc_block *entry = func->regions[0].first;
      for (unsigned a = 0; a < entry->nargs; a++)
        set_bind(&c, s0, entry->args[a], VS_B_EXT);
      run_block(&c, entry, &S);
      if (!c.aborted && !c.oom)
        final_checks(&c, &S);
    }
    vs_set_free(&S);
  }
  if (c.oom || !ok) {
    casc_emit_error(ctx, func->loc, "ascendc-verify-sync: out of memory");
    ctx_free(&c);
    return false;
  }
  flush_diags(&c);
  ctx_free(&c);
  return true;
}

typedef struct {
  casc_op *module, *caller;
  casc_ptrmap called; /* func.func -> 1 */
  bool oom;
} callee_scan;

static bool mark_callee(casc_op *op, void *user) {
  callee_scan *cs = user;
  casc_op *f = resolve_callee(cs->module, cs->caller, op);
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
