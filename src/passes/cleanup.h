/* What MLIR's greedy rewrite driver does around every pattern-based pass
 * (materialize-tensor, canonicalize): fold integer ops whose operands are
 * constants, move constants of commutative ops to the right, hoist every
 * constant to the top of the function's entry block and deduplicate it,
 * and erase side-effect-free ops whose results are unused. Passes that
 * mirror pyasc's greedy passes call it so their output has pyasc's shape. */
#ifndef CASC_PASSES_CLEANUP_H
#define CASC_PASSES_CLEANUP_H

#include "casc/ir.h"

enum {
  CASC_CLEANUP_FOLD = 1,
  CASC_CLEANUP_HOIST = 2,
  CASC_CLEANUP_DCE = 4,
  CASC_CLEANUP_ALL = 7
};

/* Every op nested in root (root included), pre- or post-order, collected
 * first so that the caller may change the IR while going through them.
 * Running out of memory is reported (at root) and returns false. */
typedef struct {
  casc_op **ops;
  unsigned n, cap;
  bool oom;
} casc_op_list;
bool casc_collect_ops(casc_ctx *ctx, casc_op *root, bool post, casc_op_list *l);
void casc_op_list_free(casc_op_list *l);

/* Creates `arith.constant v : type` (integer-like type) at the builder. */
casc_op *casc_build_const_int(casc_builder *b, casc_type *type, int64_t v);
/* True for ops with no side effects (pure or constant-like, no regions). */
bool casc_op_is_pure(const casc_op *op);
/* pyasc's PipeBarrierOp canonicalisation on op (a pipe_barrier) and the op
 * after it, when that is a pipe_barrier too: one of them is erased (PIPE_ALL
 * absorbs the other; equal barriers merge). True if something was erased. */
bool casc_canon_barrier(casc_op *op);
/* Runs the cleanup on one func.func. Returns true if anything changed. */
bool casc_cleanup_func(casc_ctx *ctx, casc_op *func, unsigned what);

#endif
