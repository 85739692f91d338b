/* -ascendc-hoist-que-bind and -ascendc-hoist-ub-allocation: pyasc's
 * HoistOpPattern. An op of the hoisted kinds that sits inside a region op
 * (scf.for, scf.if) moves right before that region op when all its operands
 * are defined outside it, repeatedly, so it climbs to the function body.
 *   hoist-que-bind:      ascendc.queue / que_bind / tbuf, pipe.init_buffer,
 *                        pipe.init_queue, tbuf.get_tensor
 *   hoist-ub-allocation: local_tensor_auto that is neither input nor output
 * Then the greedy driver's cleanup (fold, hoist constants, drop dead ops). */
#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/pass_impl.h"

static bool hoistable_que_bind(const casc_op *op) {
  switch (op->kind) {
  case CASC_OP_QUEUE:
  case CASC_OP_QUE_BIND:
  case CASC_OP_TBUF:
  case CASC_OP_PIPE_INIT_BUFFER:
  case CASC_OP_PIPE_INIT_QUEUE:
  case CASC_OP_TBUF_GET_TENSOR:
    return true;
  default:
    return false;
  }
}

static bool hoistable_ub(const casc_op *op) {
  return op->kind == CASC_OP_LOCAL_TENSOR_AUTO && !casc_op_attr(op, "input") &&
         !casc_op_attr(op, "output");
}

/* Operand v is available before `parent`: it is not defined by parent
 * or inside it (a block argument belongs to the op owning its region). */
static bool outside(const casc_value *v, const casc_op *parent) {
  const casc_op *owner = v->def;
  if (!owner)
    owner = v->block && v->block->parent ? v->block->parent->parent : NULL;
  return owner && !casc_op_is_ancestor(parent, owner);
}

static bool hoist_func(casc_ctx *ctx, casc_op *f,
                       bool (*pred)(const casc_op *)) {
  for (int round = 0; round < 64; round++) {
    casc_op_list l;
    if (!casc_collect_ops(ctx, f, false, &l)) {
      casc_op_list_free(&l);
      return false;
    }
    bool any = false;
    for (size_t i = 0; i < l.n; i++) {
      casc_op *op = l.ops[i];
      if (op == f || !pred(op))
        continue;
      casc_op *parent = casc_op_parent_op(op);
      if (!parent || parent->kind == CASC_OP_FUNC_FUNC)
        continue;
      bool ok = true;
      for (unsigned k = 0; k < op->nops && ok; k++)
        ok = outside(op->operands[k].value, parent);
      if (!ok)
        continue;
      casc_op_move_before(parent, op);
      any = true;
    }
    casc_op_list_free(&l);
    if (!any)
      break;
  }
  casc_cleanup_func(ctx, f, CASC_CLEANUP_ALL);
  return true;
}

static bool run(casc_ctx *ctx, casc_op *module, bool (*pred)(const casc_op *)) {
  for (casc_op *f = casc_module_body(module)->first; f; f = f->next)
    if (f->kind == CASC_OP_FUNC_FUNC && f->nregions && f->regions[0].first &&
        !hoist_func(ctx, f, pred))
      return false;
  return true;
}

bool casc_pass_hoist_que_bind(casc_ctx *ctx, casc_op *module,
                              const char *options) {
  (void)options;
  return run(ctx, module, hoistable_que_bind);
}

bool casc_pass_hoist_ub_allocation(casc_ctx *ctx, casc_op *module,
                                   const char *options) {
  (void)options;
  return run(ctx, module, hoistable_ub);
}
