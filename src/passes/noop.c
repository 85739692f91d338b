/* -ascendc-noop: pyasc's do-nothing pass (useful to test the driver). */
#include "passes/pass_impl.h"

bool casc_pass_noop(casc_ctx *ctx, casc_op *module, const char *options) {
  (void)ctx;
  (void)module;
  (void)options;
  return true;
}
