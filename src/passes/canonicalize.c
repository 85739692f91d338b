/* -canonicalize: the greedy cleanup (cleanup.h: folding, constant hoisting
 * and deduplication, dead pure ops) plus the canonicalization patterns the
 * pipeline relies on:
 *   scf.if with a constant condition   -> the taken arm, inlined
 *   scf.if with an empty else          -> no else region (printed without)
 *   scf.if with nothing in either arm  -> erased
 *   scf.for that runs zero times       -> erased (results = init values)
 *   unused ascendc.local_tensor / ascendc.global_tensor -> erased (pyasc)
 *   adjacent pipe_barriers             -> one (pipe_all absorbs the other)
 * It is not MLIR's full canonicalizer (no algebraic reassociation such as
 * (x + 1) + 2 -> x + 3). */
#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/fold.h"
#include "passes/pass_impl.h"

static bool int_const(const casc_value *v, int64_t *out) {
  return v->def && casc_fold_const_value(v->def, out);
}

static bool only_yield(const casc_block *b) {
  return b && b->first && b->first == b->last &&
         b->first->kind == CASC_OP_SCF_YIELD && b->first->nops == 0;
}

/* Drops the (single) block of region r; its ops must be dead. */
static void clear_region(casc_region *r) {
  for (casc_block *b = r->first; b; b = b->next) {
    casc_op *next;
    for (casc_op *o = b->first; o; o = next) {
      next = o->next;
      casc_op_erase(o);
    }
  }
  r->first = r->last = NULL;
}

/* Replaces op by the ops of block b (minus its terminator), whose yielded
 * values replace op's results. */
static void inline_block(casc_op *op, casc_block *b) {
  casc_op *y = b ? casc_block_terminator(b) : NULL;
  if (y)
    for (unsigned i = 0; i < op->nres && i < y->nops; i++)
      casc_value_replace_all_uses(&casc_op_results(op)[i],
                                  y->operands[i].value);
  if (b) {
    casc_op *next;
    for (casc_op *o = b->first; o && o != y; o = next) {
      next = o->next;
      casc_op_move_before(op, o);
    }
  }
  casc_op_erase(op);
}

static bool canon_if(casc_op *op) {
  if (op->nops != 1 || op->nregions != 2)
    return false;
  casc_block *tb = casc_op_regions(op)[0].first,
             *eb = casc_op_regions(op)[1].first;
  int64_t c;
  if (int_const(op->operands[0].value, &c)) {
    casc_block *taken = (c & 1) ? tb : eb;
    if (!taken && op->nres)
      return false;
    inline_block(op, taken);
    return true;
  }
  if (op->nres == 0 && only_yield(eb)) {
    clear_region(&casc_op_regions(op)[1]);
    if (only_yield(tb)) {
      casc_op_erase(op);
    }
    return true;
  }
  return false;
}

static bool canon_for(casc_op *op) {
  int64_t lb, ub, st;
  if (op->nops < 3 || !int_const(op->operands[0].value, &lb) ||
      !int_const(op->operands[1].value, &ub) ||
      !int_const(op->operands[2].value, &st) || ub > lb)
    return false;
  for (unsigned i = 0; i < op->nres && 3 + i < op->nops; i++)
    casc_value_replace_all_uses(&casc_op_results(op)[i],
                                op->operands[3 + i].value);
  casc_op_erase(op);
  return true;
}

bool casc_canon_barrier(casc_op *op) {
  casc_op *next = op->next;
  if (!next || next->kind != CASC_OP_PIPE_BARRIER)
    return false;
  int64_t a = casc_op_attr_int(op, "pipe", -1);
  int64_t b = casc_op_attr_int(next, "pipe", -1);
  const int64_t pipe_all = 6;
  if (a == pipe_all) {
    casc_op_erase(next);
    return true;
  }
  if (op->attrs == next->attrs || b == pipe_all) {
    casc_op_erase(op);
    return true;
  }
  return false;
}

static bool canon_op(casc_op *op) {
  switch (op->kind) {
  case CASC_OP_SCF_IF:
    return canon_if(op);
  case CASC_OP_SCF_FOR:
    return canon_for(op);
  case CASC_OP_PIPE_BARRIER:
    return casc_canon_barrier(op);
  case CASC_OP_LOCAL_TENSOR:
  case CASC_OP_GLOBAL_TENSOR:
    if (op->nres == 1 && !casc_value_has_uses(&casc_op_results(op)[0])) {
      casc_op_erase(op);
      return true;
    }
    return false;
  default:
    return false;
  }
}

bool casc_canonicalize_func(casc_ctx *ctx, casc_op *f);

bool casc_canonicalize_func(casc_ctx *ctx, casc_op *f) {
  for (int round = 0; round < 16; round++) {
    bool any = casc_cleanup_func(ctx, f, CASC_CLEANUP_FOLD | CASC_CLEANUP_DCE);
    casc_op_list l;
    if (!casc_collect_ops(ctx, f, true, &l)) {
      casc_op_list_free(&l);
      return false;
    }
    for (size_t i = 0; i < l.n; i++) {
      /* Skip ops erased (or inside ops erased) earlier in this round. */
      if (l.ops[i] != f && casc_op_is_ancestor(f, l.ops[i]) &&
          canon_op(l.ops[i]))
        any = true;
    }
    casc_op_list_free(&l);
    if (!any)
      break;
  }
  casc_cleanup_func(ctx, f, CASC_CLEANUP_HOIST);
  return true;
}

bool casc_pass_canonicalize(casc_ctx *ctx, casc_op *module,
                            const char *options) {
  (void)options;
  for (casc_op *f = casc_module_body(module)->first; f; f = f->next)
    if (f->kind == CASC_OP_FUNC_FUNC && f->nregions &&
        casc_op_regions(f)[0].first && !casc_canonicalize_func(ctx, f))
      return false;
  return true;
}
