/* -ascendc-privatize-func: every function that is not a kernel entry
 * (no ascendc.global) becomes private, so that symbol-dce can drop it once
 * inlined; kernel entries with a body become public. */
#include "dialect/dialect.h"
#include "passes/module_passes.h"
#include "passes/pass_impl.h"

bool casc_pass_privatize_func(casc_ctx *ctx, casc_op *module,
                              const char *options) {
  (void)options;
  for (casc_op *f = casc_module_body(module)->first; f; f = f->next) {
    if (f->kind != CASC_OP_FUNC_FUNC)
      continue;
    if (!casc_func_is_kernel(f))
      casc_op_set_attr(ctx, f, "sym_visibility",
                       casc_attr_string(ctx, "private", 7));
    else if (f->nregions && casc_op_regions(f)[0].first)
      casc_op_set_attr(ctx, f, "sym_visibility", NULL);
  }
  return true;
}
