/* -ascendc-erase-sync: pyasc runs it before -ascendc-insert-sync so that a
 * kernel's own synchronisation does not double the inserted one. Per
 * function with a body: every deque_tensor is replaced by the tensor
 * allocated from the same queue, and every enque_tensor, set_flag,
 * wait_flag and pipe_barrier is erased.
 *
 * pyasc takes the *last* alloc_tensor of the queue in the function for
 * every deque_tensor (docs/ir.md §10.15), which is wrong when a queue
 * allocates more than once; casc takes the last alloc_tensor of the queue
 * that dominates the deque_tensor (the nearest one before it). */
#include "casc/diag.h"
#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/pass_impl.h"

static bool is_sync(const casc_op *op) {
  switch (op->kind) {
  case CASC_OP_QUE_BIND_ENQUE_TENSOR:
  case CASC_OP_SET_FLAG:
  case CASC_OP_WAIT_FLAG:
  case CASC_OP_PIPE_BARRIER:
    return true;
  default:
    return false;
  }
}

/* a runs before b and its result is visible there: b, or an op enclosing
 * b, comes after a in a's block. */
static bool dominates(const casc_op *a, const casc_op *b) {
  for (; b; b = casc_op_parent_op(b)) {
    if (b->parent != a->parent)
      continue;
    for (const casc_op *o = a->next; o; o = o->next)
      if (o == b)
        return true;
    return false;
  }
  return false;
}

static bool erase_sync_func(casc_ctx *ctx, casc_op *f) {
  /* Pre-order is program order in structured IR: searching back from a
   * deque_tensor finds the nearest alloc_tensor first. */
  casc_op_list l;
  if (!casc_collect_ops(ctx, f, false, &l)) {
    casc_op_list_free(&l);
    return false;
  }
  bool ok = true;
  for (unsigned i = 0; i < l.n; i++) {
    casc_op *deq = l.ops[i];
    if (deq->kind != CASC_OP_QUE_BIND_DEQUE_TENSOR)
      continue;
    casc_op *alloc = NULL;
    for (unsigned k = i; k-- > 0 && !alloc;)
      if (l.ops[k]->kind == CASC_OP_QUE_BIND_ALLOC_TENSOR &&
          l.ops[k]->operands[0].value == deq->operands[0].value &&
          dominates(l.ops[k], deq))
        alloc = l.ops[k];
    if (!alloc) {
      casc_emit_error(ctx, deq->loc,
                      "'%s' op doesn't have corresponding alloc_tensor op",
                      casc_op_name(deq));
      ok = false;
      continue;
    }
    casc_value_replace_all_uses(casc_op_result(deq, 0),
                                casc_op_result(alloc, 0));
    casc_op_erase(deq);
    l.ops[i] = NULL;
  }
  for (unsigned i = 0; i < l.n && ok; i++)
    if (l.ops[i] && is_sync(l.ops[i]))
      casc_op_erase(l.ops[i]);
  casc_op_list_free(&l);
  return ok;
}

bool casc_pass_erase_sync(casc_ctx *ctx, casc_op *module, const char *options) {
  (void)options;
  bool ok = true;
  for (casc_op *f = casc_module_body(module)->first; f; f = f->next)
    if (f->kind == CASC_OP_FUNC_FUNC && f->nregions &&
        casc_op_regions(f)[0].first)
      ok &= erase_sync_func(ctx, f);
  return ok;
}
