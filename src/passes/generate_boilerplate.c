/* -ascendc-generate-boilerplate: the includes at the top of the module
 * (docs/ir.md §6.3): kernel_operator.h always, lib/matmul_intf.h when a matmul
 * object is registered, the list-tensor header when tensor descriptors are
 * used. */
#include "dialect/dialect.h"
#include "passes/module_passes.h"
#include "passes/pass_impl.h"

static bool has_include(casc_op *module, const char *header) {
  for (casc_op *o = casc_module_body(module)->first; o; o = o->next) {
    casc_attr *a =
        o->kind == CASC_OP_EMITC_INCLUDE ? casc_op_attr(o, "include") : NULL;
    if (a && a->kind == CASC_ATTR_STRING && a->u.str.len == strlen(header) &&
        memcmp(a->u.str.s, header, a->u.str.len) == 0)
      return true;
  }
  return false;
}

/* Adds the include unless the module has it already (so that compiling an
 * already compiled module changes nothing; pyasc would add it again). */
static void add_include(casc_ctx *ctx, casc_op *module, casc_op **after,
                        const char *header) {
  if (has_include(module, header))
    return;
  casc_named_attr e = {casc_intern_cstr(ctx, "include"),
                       casc_attr_string(ctx, header, strlen(header))};
  casc_op *inc =
      casc_op_create_kind(ctx, CASC_OP_EMITC_INCLUDE, module->loc, 0, NULL, 0,
                          NULL, casc_attr_dict(ctx, 1, &e), 0);
  if (!inc)
    return;
  casc_block *body = casc_module_body(module);
  if (*after)
    casc_op_insert_after(*after, inc);
  else if (body->first)
    casc_op_insert_before(body->first, inc);
  else
    casc_block_append(body, inc);
  *after = inc;
}

bool casc_pass_generate_boilerplate(casc_ctx *ctx, casc_op *module,
                                    const char *options) {
  (void)options;
  casc_op *after = NULL;
  add_include(ctx, module, &after, "kernel_operator.h");
  if (casc_module_has_op(module, "ascendc.list_tensor_desc") ||
      casc_module_has_op(module, "ascendc.list_tensor_desc_v2"))
    add_include(ctx, module, &after, "kernel_operator_list_tensor_intf.h");
  if (casc_module_has_op(module, "ascendc.regist_matmul_obj"))
    add_include(ctx, module, &after, "lib/matmul_intf.h");
  if (casc_module_has_op(module, "ascendc.tensor_desc"))
    add_include(ctx, module, &after, "kernel_operator_list_tensor_intf.h");
  return true;
}
