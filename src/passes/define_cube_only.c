/* -ascendc-define-cube-only: pyasc runs it for a matmul kernel that uses the
 * cube core only. The generated C++ must then start with
 * `#define ASCENDC_CUBE_ONLY` (before kernel_operator.h is included, so the
 * library compiles its cube-only variant), and the module gets the unit
 * attribute asc.matmul_cube_only, which tells -ascendc-legalize-kernel-args
 * that no cross-core synchronisation is needed. */
#include <string.h>

#include "dialect/dialect.h"
#include "passes/pass_impl.h"

static const char k_define[] = "#define ASCENDC_CUBE_ONLY";

/* Running the pass twice must not define the macro twice (pyasc would add a
 * second verbatim, which the C++ preprocessor accepts but is noise). */
static bool has_define(casc_op *module) {
  for (casc_op *o = casc_module_body(module)->first; o; o = o->next) {
    casc_attr *a =
        o->kind == CASC_OP_EMITC_VERBATIM ? casc_op_attr(o, "value") : NULL;
    if (a && a->kind == CASC_ATTR_STRING &&
        a->u.str.len == sizeof k_define - 1 &&
        memcmp(a->u.str.s, k_define, a->u.str.len) == 0)
      return true;
  }
  return false;
}

bool casc_pass_define_cube_only(casc_ctx *ctx, casc_op *module,
                                const char *options) {
  (void)options;
  if (!has_define(module)) {
    casc_named_attr v = {casc_intern_cstr(ctx, "value"),
                         casc_attr_string(ctx, k_define, sizeof k_define - 1)};
    casc_op *def =
        casc_op_create_kind(ctx, CASC_OP_EMITC_VERBATIM, module->loc, 0, NULL,
                            0, NULL, casc_attr_dict(ctx, 1, &v), 0);
    if (!def)
      return false;
    casc_block *body = casc_module_body(module);
    if (body->first)
      casc_op_insert_before(body->first, def);
    else
      casc_block_append(body, def);
  }
  casc_op_set_attr(ctx, module, "asc.matmul_cube_only", casc_attr_unit(ctx));
  return true;
}
