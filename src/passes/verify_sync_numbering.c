/* verify-sync's pre-pass (docs/verify-sync.md): numbers the ops and values
 * of the verified function and of the callees it runs in place, finds its
 * queues and pipes, the op after which each tensor value dies, and links
 * conditions that are the same comparison so that their decisions agree.
 * Everything here is path-independent and computed once per function. */
#include <stdlib.h>

#include "passes/fold.h"
#include "passes/verify_sync_internal.h"

static bool add_value(vs_ctx *c, casc_value *v) {
  casc_value **vals = casc_grow(c->vals, &c->capv, c->nv + 1, sizeof *vals);
  if (vals)
    c->vals = vals;
  if (!vals || !casc_ptrmap_put(&c->vid, v, c->nv)) {
    c->oom = true;
    return false;
  }
  c->vals[c->nv++] = v;
  return true;
}

static bool number_op(casc_op *op, void *user) {
  vs_ctx *c = user;
  casc_op **ops = casc_grow(c->ops, &c->capo, c->nops + 1, sizeof *ops);
  if (ops)
    c->ops = ops;
  if (!ops || !casc_ptrmap_put(&c->oid, op, c->nops)) {
    c->oom = true;
    return false;
  }
  c->ops[c->nops++] = op;
  for (unsigned r = 0; r < op->nregions; r++)
    for (casc_block *b = casc_op_regions(op)[r].first; b; b = b->next)
      for (unsigned a = 0; a < b->nargs; a++)
        if (!add_value(c, b->args[a]))
          return false;
  for (unsigned i = 0; i < op->nres; i++)
    if (!add_value(c, &casc_op_results(op)[i]))
      return false;
  return true;
}

/* The func.func a func.call runs, when the analysis can follow it: a
 * function of this module (not the one being verified) with one block
 * that ends in func.return and matching arity. */
casc_op *vs_resolve_callee(casc_op *module, const casc_op *caller,
                           casc_op *call) {
  if (!module || call->kind != CASC_OP_FUNC_CALL)
    return NULL;
  casc_attr *callee = casc_op_attr(call, "callee");
  if (!callee || callee->kind != CASC_ATTR_SYMREF || callee->u.sym.n != 1)
    return NULL;
  casc_op *f = casc_module_lookup_func(module, callee->u.sym.path[0]);
  if (!f || f == caller || !f->nregions || !casc_op_regions(f)[0].first ||
      casc_op_regions(f)[0].first != casc_op_regions(f)[0].last)
    return NULL;
  casc_block *body = casc_op_regions(f)[0].first;
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
    casc_op *f = vs_resolve_callee(c->module, c->func, c->ops[i]);
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
  return v->def ? v->def->parent : casc_value_block(v);
}

/* The op of `block` that contains `op` (op itself or an ancestor). */
static casc_op *ancestor_in(casc_op *op, const casc_block *block) {
  while (op && op->parent != block)
    op = casc_op_parent_op(op);
  return op;
}

static bool alloc_tables(vs_ctx *c) {
  uint32_t n = c->nv ? c->nv : 1;
  c->vq = casc_malloc(n * sizeof *c->vq);
  c->vp = casc_malloc(n * sizeof *c->vp);
  c->vtensor = casc_calloc(n, 1);
  c->sknown = casc_calloc(n, 1);
  c->assumed = casc_calloc(n, 1);
  c->sval = casc_calloc(n, sizeof *c->sval);
  c->taint = casc_calloc(n, sizeof *c->taint);
  c->death = casc_malloc(n * sizeof *c->death);
  c->crep = casc_malloc(n * sizeof *c->crep);
  c->cneg = casc_calloc(n, 1);
  c->dstart = casc_calloc((size_t)c->nops + 2, sizeof *c->dstart);
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
  vs_qinfo *qi = casc_grow(c->qi, &c->capq, c->nq + 1, sizeof *qi);
  if (!qi)
    return false;
  c->qi = qi;
  vs_fill_qinfo(&c->qi[c->nq], queue_type(c->vals[v]));
  c->qi[c->nq].decl = v;
  c->vq[v] = (int32_t)c->nq++;
  return true;
}

static bool new_pipe(vs_ctx *c, uint32_t v) {
  uint32_t *pdecl = casc_grow(c->pdecl, &c->capp, c->np + 1, sizeof *pdecl);
  if (!pdecl)
    return false;
  c->pdecl = pdecl;
  c->pdecl[c->np] = v;
  c->vp[v] = (int32_t)c->np++;
  return true;
}

/* CmpIPredicate with its operands swapped / negated (docs/ir.md §2). */
int64_t vs_pred_swap(int64_t p) {
  static const int64_t sw[10] = {0, 1, 4, 5, 2, 3, 8, 9, 6, 7};
  return p >= 0 && p < 10 ? sw[p] : -1;
}
static int64_t pred_not(int64_t p) {
  static const int64_t ng[10] = {1, 0, 5, 4, 3, 2, 9, 8, 7, 6};
  return p >= 0 && p < 10 ? ng[p] : -1;
}

bool vs_is_true_const(const casc_value *v) {
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
        if (vs_is_true_const(d->operands[k].value)) {
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
      p = vs_pred_swap(p);
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
  casc_block *entry = casc_op_regions(c->func)[0].first;
  for (uint32_t v = 0; v < c->nv; v++) {
    casc_value *val = c->vals[v];
    c->vtensor[v] = casc_type_is_local_tensor(val->type);
    bool fresh = (val->def && (val->def->kind == CASC_OP_QUEUE ||
                               val->def->kind == CASC_OP_QUE_BIND ||
                               val->def->kind == CASC_OP_TBUF)) ||
                 (!val->def && casc_value_block(val) == entry);
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
           (!val->def && casc_value_block(val) == entry)) &&
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
  c->dlist = casc_malloc((total ? total : 1) * sizeof *c->dlist);
  uint32_t *fill = casc_calloc((size_t)c->nops + 1, sizeof *fill);
  if (!c->dlist || !fill) {
    casc_free(fill);
    return false;
  }
  for (uint32_t v = 0; v < c->nv; v++)
    if (c->death[v] < c->nops) {
      uint32_t o = c->death[v];
      c->dlist[c->dstart[o] + fill[o]++] = v;
    }
  casc_free(fill);
  return true;
}

/* Ops and values of a function, counted so that the numbering tables
 * are made at their size once rather than grown step by step. */
typedef struct {
  unsigned ops, vals;
} census;

static bool count_op(casc_op *op, void *user) {
  census *n = user;
  n->ops++;
  n->vals += op->nres;
  for (unsigned r = 0; r < op->nregions; r++)
    for (casc_block *b = casc_op_regions(op)[r].first; b; b = b->next)
      n->vals += b->nargs;
  return true;
}

static bool reserve_tables(vs_ctx *c) {
  census n = {0, 0};
  casc_walk_pre(c->func, count_op, &n);
  casc_op **ops = casc_grow(c->ops, &c->capo, n.ops ? n.ops : 1, sizeof *ops);
  if (ops)
    c->ops = ops;
  casc_value **vals =
      casc_grow(c->vals, &c->capv, n.vals ? n.vals : 1, sizeof *vals);
  if (vals)
    c->vals = vals;
  return ops && vals && casc_ptrmap_reserve(&c->oid, n.ops) &&
         casc_ptrmap_reserve(&c->vid, n.vals);
}

bool vs_number(vs_ctx *c) {
  if (!reserve_tables(c)) {
    c->oom = true;
    return false;
  }
  if (!casc_walk_pre(c->func, number_op, c) || c->oom)
    return false;
  c->nv_func = c->nv;
  c->nops_func = c->nops;
  return number_callees(c) && alloc_tables(c) && classify(c) &&
         link_conditions(c);
}
