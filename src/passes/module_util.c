/* Helpers of module_passes.h. */
#include "passes/module_passes.h"

typedef struct {
  const char *name;
  bool found;
} find_ctx;

static bool find_name(casc_op *op, void *user) {
  find_ctx *f = user;
  if (casc_op_name(op) && strcmp(casc_op_name(op), f->name) == 0) {
    f->found = true;
    return false;
  }
  return true;
}

bool casc_module_has_op(casc_op *root, const char *name) {
  find_ctx f = {name, false};
  casc_walk_pre(root, find_name, &f);
  return f.found;
}
