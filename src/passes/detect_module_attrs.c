/* -ascendc-detect-kernel-type and -ascendc-detect-enable-debug: module unit
 * attributes the launcher reads (docs/ir.md §2.5): asc.compile_mix when a
 * matmul object is registered (a mixed cube/vector kernel), asc.enable_debug
 * when printf or dump_tensor is used. */
#include "passes/module_passes.h"
#include "passes/pass_impl.h"

bool casc_pass_detect_kernel_type(casc_ctx *ctx, casc_op *module,
                                  const char *options) {
  (void)options;
  if (casc_module_has_op(module, "ascendc.regist_matmul_obj"))
    casc_op_set_attr(ctx, module, "asc.compile_mix", casc_attr_unit(ctx));
  return true;
}

bool casc_pass_detect_enable_debug(casc_ctx *ctx, casc_op *module,
                                   const char *options) {
  (void)options;
  if (casc_module_has_op(module, "ascendc.printf") ||
      casc_module_has_op(module, "ascendc.dump_tensor"))
    casc_op_set_attr(ctx, module, "asc.enable_debug", casc_attr_unit(ctx));
  return true;
}
