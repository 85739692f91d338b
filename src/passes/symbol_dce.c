/* -symbol-dce: erases private functions nothing refers to (MLIR's pass
 * restricted to what casc modules hold: func.func symbols referenced from
 * attributes such as func.call's callee). Repeats until nothing changes,
 * so chains of unused helpers go too. */
#include <string.h>

#include "dialect/dialect.h"
#include "passes/pass_impl.h"

static bool attr_refers(const casc_attr *a, const char *name) {
  if (!a)
    return false;
  switch (a->kind) {
  case CASC_ATTR_SYMREF:
    return a->u.sym.n > 0 && strcmp(a->u.sym.path[0], name) == 0;
  case CASC_ATTR_ARRAY:
    for (unsigned i = 0; i < a->u.array.n; i++)
      if (attr_refers(a->u.array.elems[i], name))
        return true;
    return false;
  case CASC_ATTR_DICT:
    for (unsigned i = 0; i < a->u.dict.n; i++)
      if (attr_refers(a->u.dict.entries[i].value, name))
        return true;
    return false;
  default:
    return false;
  }
}

typedef struct {
  const char *name;
  const casc_op *self;
  bool used;
} use_ctx;

static bool find_use(casc_op *op, void *user) {
  use_ctx *u = user;
  if (op != u->self && (attr_refers(op->attrs, u->name) ||
                        attr_refers(casc_op_props(op), u->name))) {
    u->used = true;
    return false;
  }
  return true;
}

bool casc_pass_symbol_dce(casc_ctx *ctx, casc_op *module, const char *options) {
  (void)ctx;
  (void)options;
  for (bool changed = true; changed;) {
    changed = false;
    casc_op *next;
    for (casc_op *f = casc_module_body(module)->first; f; f = next) {
      next = f->next;
      if (f->kind != CASC_OP_FUNC_FUNC)
        continue;
      casc_attr *vis = casc_op_attr(f, "sym_visibility");
      const char *name = casc_func_name(f);
      if (!name || !vis || vis->kind != CASC_ATTR_STRING ||
          vis->u.str.len != 7 || memcmp(vis->u.str.s, "private", 7) != 0)
        continue;
      use_ctx u = {name, f, false};
      casc_walk_pre(module, find_use, &u);
      if (!u.used) {
        casc_op_erase(f);
        changed = true;
      }
    }
  }
  return true;
}
