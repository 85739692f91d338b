/* -loop-invariant-code-motion: side-effect-free ops of an scf.for /
 * scf.while body whose operands are all defined outside the loop move in
 * front of it (inner loops first, repeatedly). Divisions and remainders
 * move only with a non-zero constant divisor (they may trap otherwise, and
 * the loop may run zero times), like MLIR's speculatability rule. */
#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/fold.h"
#include "passes/pass_impl.h"

static bool defined_outside(const casc_value *v, const casc_op *loop) {
  const casc_op *owner = v->def;
  const casc_block *b = casc_value_block(v);
  if (!owner)
    owner = b && b->parent ? b->parent->parent : NULL;
  return owner && !casc_op_is_ancestor(loop, owner);
}

static bool may_trap(const casc_op *op) {
  switch (op->kind) {
  case CASC_OP_ARITH_DIVSI:
  case CASC_OP_ARITH_DIVUI:
  case CASC_OP_ARITH_REMSI:
  case CASC_OP_ARITH_REMUI:
  case CASC_OP_ARITH_CEILDIVSI:
  case CASC_OP_ARITH_CEILDIVUI:
  case CASC_OP_ARITH_FLOORDIVSI: {
    int64_t d;
    const casc_value *v = op->nops > 1 ? op->operands[1].value : NULL;
    return !v || !v->def || !casc_fold_const_value(v->def, &d) || d == 0 ||
           d == -1;
  }
  default:
    return false;
  }
}

static bool hoist_from(casc_op *loop) {
  bool any = false;
  for (unsigned r = 0; r < loop->nregions; r++)
    for (casc_block *b = casc_op_regions(loop)[r].first; b; b = b->next) {
      casc_op *next;
      for (casc_op *op = b->first; op; op = next) {
        next = op->next;
        if (!casc_op_is_pure(op) || may_trap(op))
          continue;
        bool inv = true;
        for (unsigned i = 0; i < op->nops && inv; i++)
          inv = defined_outside(op->operands[i].value, loop);
        if (inv) {
          casc_op_move_before(loop, op);
          any = true;
        }
      }
    }
  return any;
}

bool casc_pass_licm(casc_ctx *ctx, casc_op *module, const char *options) {
  (void)ctx;
  (void)options;
  for (int round = 0; round < 16; round++) {
    casc_op_list l;
    if (!casc_collect_ops(ctx, module, true, &l)) {
      casc_op_list_free(&l);
      return false;
    }
    bool any = false;
    for (size_t i = 0; i < l.n; i++)
      if (l.ops[i]->kind == CASC_OP_SCF_FOR ||
          l.ops[i]->kind == CASC_OP_SCF_WHILE)
        any |= hoist_from(l.ops[i]);
    casc_op_list_free(&l);
    if (!any)
      break;
  }
  return true;
}
