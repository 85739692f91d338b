/* Small helpers shared by the module-level passes. */
#ifndef CASC_PASSES_MODULE_PASSES_H
#define CASC_PASSES_MODULE_PASSES_H

#include <string.h>

#include "casc/ir.h"

/* True if some op nested in root is named `name` (registered or not). */
bool casc_module_has_op(casc_op *root, const char *name);
/* True if func has the unit attribute ascendc.global (a kernel entry). */
static inline bool casc_func_is_kernel(const casc_op *f) {
  return casc_op_attr(f, "ascendc.global") != NULL;
}

#endif
