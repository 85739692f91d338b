/* -sccp: constants propagated through the integer arith ops and folded
 * into their users, then hoisted and deduplicated (cleanup.h). This covers
 * what MLIR's SCCP does to the straight-line integer code of a kernel; it
 * does not reason about values flowing around loops or through scf.if
 * results (canonicalize resolves constant conditions). */
#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/pass_impl.h"

bool casc_pass_sccp(casc_ctx *ctx, casc_op *module, const char *options) {
  (void)options;
  for (casc_op *f = casc_module_body(module)->first; f; f = f->next)
    if (f->kind == CASC_OP_FUNC_FUNC && f->nregions &&
        casc_op_regions(f)[0].first)
      casc_cleanup_func(ctx, f, CASC_CLEANUP_ALL);
  return true;
}
