/* Folding, constant hoisting and dead-op removal (cleanup.h). */
#include <stdlib.h>

#include "casc/diag.h"
#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/fold.h"
#include "util/alloc.h"
#include "util/grow.h"
#include "util/ptrmap.h"

casc_op *casc_build_const_int(casc_builder *b, casc_type *type, int64_t v) {
  casc_named_attr e = {casc_intern_cstr(b->ctx, "value"),
                       casc_attr_int(b->ctx, type, v)};
  return casc_build(b, CASC_OP_ARITH_CONSTANT, 0, NULL, 1, &type,
                    casc_attr_dict(b->ctx, 1, &e), 0);
}

static bool is_const(const casc_op *op) {
  const casc_op_info *info = casc_op_info_of(op);
  return info && (info->flags & CASC_F_CONST) && op->nres == 1 &&
         op->nops == 0 && op->nregions == 0;
}

bool casc_op_is_pure(const casc_op *op) {
  const casc_op_info *info = casc_op_info_of(op);
  return info && (info->flags & (CASC_F_PURE | CASC_F_CONST)) &&
         !(info->flags & CASC_F_TERMINATOR) && op->nregions == 0;
}

typedef casc_op_list op_list;

static bool collect(casc_op *op, void *user) {
  op_list *l = user;
  if (l->n == l->cap) {
    casc_op **n = casc_grow(l->ops, &l->cap, l->n + 1, sizeof *n);
    if (!n) {
      l->oom = true;
      return false;
    }
    l->ops = n;
  }
  l->ops[l->n++] = op;
  return true;
}

bool casc_collect_ops(casc_ctx *ctx, casc_op *root, bool post,
                      casc_op_list *l) {
  l->ops = NULL;
  l->n = l->cap = 0;
  l->oom = false;
  if (post)
    casc_walk_post(root, collect, l);
  else
    casc_walk_pre(root, collect, l);
  if (l->oom)
    casc_emit_error(ctx, root->loc, "out of memory");
  return !l->oom;
}

void casc_op_list_free(casc_op_list *l) {
  casc_free(l->ops);
  l->ops = NULL;
  l->n = l->cap = 0;
}

static bool const_of(const casc_value *v, int64_t *out) {
  return v->def && casc_fold_const_value(v->def, out);
}

static void replace_with_const(casc_ctx *ctx, casc_op *op, int64_t v) {
  casc_builder b;
  casc_builder_init(&b, ctx);
  casc_builder_set_before(&b, op);
  b.loc = op->loc;
  casc_op *c = casc_build_const_int(&b, casc_op_results(op)[0].type, v);
  if (!c)
    return; /* out of memory: reported by the context, op stays */
  casc_value_replace_all_uses(&casc_op_results(op)[0], &casc_op_results(c)[0]);
  casc_op_erase(op);
}

/* One op; returns true if it changed. */
static bool fold_op(casc_ctx *ctx, casc_op *op) {
  if (op->nres != 1 || op->nregions || !casc_fold_is_int_op(op))
    return false;
  int64_t in[3] = {0, 0, 0};
  bool k[3] = {false, false, false};
  for (unsigned i = 0; i < op->nops && i < 3; i++)
    k[i] = const_of(op->operands[i].value, &in[i]);
  bool all = op->nops <= 3;
  for (unsigned i = 0; i < op->nops && i < 3; i++)
    all &= k[i];
  int64_t out;
  if (all && casc_fold_int(op, in, &out)) {
    replace_with_const(ctx, op, out);
    return true;
  }
  const casc_op_info *info = casc_op_info_of(op);
  if (op->nops == 2 && info && (info->flags & CASC_F_COMMUTATIVE) && k[0] &&
      !k[1]) {
    casc_value *a = op->operands[0].value, *b = op->operands[1].value;
    casc_op_set_operand(op, 0, b);
    casc_op_set_operand(op, 1, a);
    k[0] = false, k[1] = true;
    in[1] = in[0];
  }
  casc_value *x = op->nops ? op->operands[0].value : NULL;
  casc_value *same = NULL;
  bool zero = false;
  if (op->nops == 2 && k[1]) {
    switch (op->kind) {
    case CASC_OP_ARITH_ADDI:
    case CASC_OP_ARITH_SUBI:
    case CASC_OP_ARITH_ORI:
    case CASC_OP_ARITH_XORI:
    case CASC_OP_ARITH_SHLI:
    case CASC_OP_ARITH_SHRSI:
    case CASC_OP_ARITH_SHRUI:
      if (in[1] == 0)
        same = x;
      break;
    case CASC_OP_ARITH_MULI:
      if (in[1] == 1)
        same = x;
      else if (in[1] == 0)
        zero = true;
      break;
    case CASC_OP_ARITH_DIVSI:
    case CASC_OP_ARITH_DIVUI:
      if (in[1] == 1)
        same = x;
      break;
    case CASC_OP_ARITH_ANDI:
      if (in[1] == 0)
        zero = true;
      break;
    default:
      break;
    }
  }
  if (op->kind == CASC_OP_ARITH_SELECT && op->nops == 3) {
    if (op->operands[1].value == op->operands[2].value)
      same = op->operands[1].value;
    else if (k[0])
      same = op->operands[(in[0] & 1) ? 1 : 2].value;
  }
  if (same && same->type == casc_op_results(op)[0].type) {
    casc_value_replace_all_uses(&casc_op_results(op)[0], same);
    casc_op_erase(op);
    return true;
  }
  if (zero) {
    replace_with_const(ctx, op, 0);
    return true;
  }
  return false;
}

static bool fold_all(casc_ctx *ctx, casc_op *func, bool *oom) {
  bool changed = false;
  for (int round = 0; round < 16; round++) {
    op_list l = {0};
    casc_walk_post(func, collect, &l);
    if (l.oom) {
      *oom = true;
      casc_free(l.ops);
      return changed;
    }
    bool any = false;
    for (size_t i = 0; i < l.n; i++)
      if (l.ops[i] != func && fold_op(ctx, l.ops[i]))
        any = true;
    casc_free(l.ops);
    if (!any)
      break;
    changed = true;
  }
  return changed;
}

static casc_attr *const_attr(const casc_op *op) {
  casc_attr *v = casc_op_attr(op, "value");
  if (!v)
    v = casc_dict_get(casc_op_props(op), "value");
  return v;
}

static bool same_const(const casc_op *a, const casc_op *b) {
  return a->kind == b->kind &&
         casc_op_results(a)[0].type == casc_op_results(b)[0].type &&
         const_attr(a) && const_attr(a) == const_attr(b) &&
         a->attrs == b->attrs && casc_op_props(a) == casc_op_props(b);
}

static bool hoist_all(casc_ctx *ctx, casc_op *func, bool *oom) {
  casc_block *entry = casc_op_regions(func)[0].first;
  op_list l = {0};
  casc_walk_pre(func, collect, &l);
  if (l.oom) {
    *oom = true;
    casc_free(l.ops);
    return false;
  }
  bool changed = false;
  casc_op **kept = casc_malloc((l.n ? l.n : 1) * sizeof *kept);
  if (!kept) {
    *oom = true;
    casc_free(l.ops);
    return false;
  }
  size_t nk = 0;
  casc_ptrmap first; /* value attribute -> index in kept (+1) */
  casc_ptrmap_init(&first);
  casc_op *cursor = NULL; /* last hoisted constant */
  casc_loc *unknown = casc_loc_unknown(ctx);
  for (size_t i = 0; i < l.n; i++) {
    casc_op *op = l.ops[i];
    if (!is_const(op))
      continue;
    casc_op *dup = NULL;
    uint32_t j = casc_ptrmap_get(&first, const_attr(op), 0);
    /* Same attribute but another kind/type: search that short chain. */
    if (j && same_const(kept[j - 1], op))
      dup = kept[j - 1];
    else if (j)
      for (size_t k = 0; k < nk && !dup; k++)
        if (same_const(kept[k], op))
          dup = kept[k];
    if (dup) {
      casc_value_replace_all_uses(&casc_op_results(op)[0],
                                  &casc_op_results(dup)[0]);
      casc_op_erase(op);
      changed = true;
      continue;
    }
    if (!j && const_attr(op) &&
        !casc_ptrmap_put(&first, const_attr(op), (uint32_t)nk + 1))
      *oom = true;
    kept[nk++] = op;
    /* Place it after the previous constant (or at the very top). */
    casc_op *want = cursor ? cursor->next : entry->first;
    if (op != want) {
      casc_op_unlink(op);
      if (cursor)
        casc_op_insert_after(cursor, op);
      else if (entry->first)
        casc_op_insert_before(entry->first, op);
      else
        casc_block_append(entry, op);
      changed = true;
    }
    if (op->loc != unknown) {
      op->loc = unknown;
      changed = true;
    }
    cursor = op;
  }
  casc_ptrmap_free(&first);
  casc_free(kept);
  casc_free(l.ops);
  return changed;
}

static bool dce_all(casc_op *func, bool *oom) {
  bool changed = false;
  for (int round = 0; round < 64; round++) {
    op_list l = {0};
    casc_walk_post(func, collect, &l);
    if (l.oom) {
      *oom = true;
      casc_free(l.ops);
      return changed;
    }
    bool any = false;
    /* Reverse post-order: users before the ops they use. */
    for (size_t i = l.n; i-- > 0;) {
      casc_op *op = l.ops[i];
      if (op == func || !casc_op_is_pure(op))
        continue;
      bool used = false;
      for (unsigned r = 0; r < op->nres && !used; r++)
        used = casc_value_has_uses(&casc_op_results(op)[r]);
      if (!used) {
        casc_op_erase(op);
        any = true;
      }
    }
    casc_free(l.ops);
    if (!any)
      break;
    changed = true;
  }
  return changed;
}

bool casc_cleanup_func(casc_ctx *ctx, casc_op *func, unsigned what) {
  if (func->nregions < 1 || !casc_op_regions(func)[0].first)
    return false;
  bool oom = false, changed = false;
  if (what & CASC_CLEANUP_FOLD)
    changed |= fold_all(ctx, func, &oom);
  if (what & CASC_CLEANUP_DCE)
    changed |= dce_all(func, &oom);
  if (what & CASC_CLEANUP_HOIST)
    changed |= hoist_all(ctx, func, &oom);
  if (oom)
    casc_emit_error(ctx, func->loc, "out of memory while simplifying");
  return changed;
}
