/* Entry points of the passes listed in passes.def, and small helpers that
 * several passes share. Internal to src/passes. */
#ifndef CASC_PASSES_PASS_IMPL_H
#define CASC_PASSES_PASS_IMPL_H

#include "casc/passes.h"

#define CASC_PASS(flag, name, anchor, summary, opts, fn)                       \
  bool fn(casc_ctx *ctx, casc_op *module, const char *options);
#include "passes/passes.def"
#undef CASC_PASS

#endif
