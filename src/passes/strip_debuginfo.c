/* -strip-debuginfo: every location becomes unknown (pyasc's strip_loc). */
#include "passes/pass_impl.h"

static bool strip(casc_op *op, void *user) {
  casc_loc *unknown = user;
  op->loc = unknown;
  for (unsigned r = 0; r < op->nregions; r++)
    for (casc_block *b = casc_op_regions(op)[r].first; b; b = b->next)
      for (unsigned a = 0; a < b->nargs; a++)
        casc_value_set_loc(b->args[a], unknown);
  return true;
}

bool casc_pass_strip_debuginfo(casc_ctx *ctx, casc_op *module,
                               const char *options) {
  (void)options;
  casc_walk_pre(module, strip, casc_loc_unknown(ctx));
  return true;
}
