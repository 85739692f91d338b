/* Builder with an insertion point, and module/function helpers. */
#include <string.h>

#include "dialect/dialect.h"
#include "ir/ctx_internal.h"

void casc_builder_init(casc_builder *b, casc_ctx *ctx) {
  b->ctx = ctx;
  b->block = NULL;
  b->before = NULL;
  b->loc = casc_loc_unknown(ctx);
}

void casc_builder_set_end(casc_builder *b, casc_block *block) {
  b->block = block;
  b->before = NULL;
}

void casc_builder_set_before(casc_builder *b, casc_op *op) {
  b->block = op->parent;
  b->before = op;
}

void casc_builder_set_after(casc_builder *b, casc_op *op) {
  b->block = op->parent;
  b->before = op->next;
}

void casc_builder_insert(casc_builder *b, casc_op *op) {
  if (!op || !b->block)
    return;
  if (b->before)
    casc_op_insert_before(b->before, op);
  else
    casc_block_append(b->block, op);
}

casc_op *casc_build(casc_builder *b, casc_op_kind kind, unsigned nops,
                    casc_value *const *operands, unsigned nres,
                    casc_type *const *result_types, casc_attr *attrs,
                    unsigned nregions) {
  casc_op *op = casc_op_create_kind(b->ctx, kind, b->loc, nops, operands, nres,
                                    result_types, attrs, nregions);
  casc_builder_insert(b, op);
  return op;
}

casc_op *casc_module_create(casc_ctx *ctx, casc_loc *loc) {
  casc_op *m =
      casc_op_create_kind(ctx, CASC_OP_MODULE, loc, 0, NULL, 0, NULL, NULL, 1);
  if (m && !casc_region_entry(ctx, &casc_op_regions(m)[0]))
    return NULL;
  return m;
}

casc_block *casc_module_body(casc_op *module) {
  if (!module || module->nregions < 1)
    return NULL;
  return casc_op_regions(module)[0].first;
}

const char *casc_func_name(const casc_op *func) {
  casc_attr *a = casc_op_attr(func, "sym_name");
  return a && a->kind == CASC_ATTR_STRING ? a->u.str.s : NULL;
}

casc_type *casc_func_type(const casc_op *func) {
  casc_attr *a = casc_op_attr(func, "function_type");
  return a && a->kind == CASC_ATTR_TYPE && a->type->kind == CASC_TYPE_FUNCTION
             ? a->type
             : NULL;
}

casc_op *casc_module_lookup_func(casc_op *module, const char *name) {
  casc_block *body = casc_module_body(module);
  if (!body)
    return NULL;
  for (casc_op *o = body->first; o; o = o->next) {
    if (o->kind != CASC_OP_FUNC_FUNC)
      continue;
    const char *n = casc_func_name(o);
    if (n && strcmp(n, name) == 0)
      return o;
  }
  return NULL;
}
