/* -inline: every func.call whose callee is a func.func of this module with
 * a single-block body is replaced by a copy of that body (MLIR's inliner
 * with the permissive interface pyasc registers). The copies carry
 * callsite(callee location at call location), as MLIR's do. Calls inside
 * inlined bodies are inlined in later rounds; recursion stops after a
 * bounded number of rounds and the remaining calls stay calls. */
#include "casc/diag.h"
#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/clone.h"
#include "passes/pass_impl.h"

#define MAX_ROUNDS 16

static casc_loc *callsite_loc(casc_ctx *ctx, casc_loc *orig, void *user) {
  return casc_loc_callsite(ctx, orig, (casc_loc *)user);
}

static bool inline_call(casc_ctx *ctx, casc_op *module, casc_op *call) {
  casc_attr *callee = casc_op_attr(call, "callee");
  if (!callee || callee->kind != CASC_ATTR_SYMREF || callee->u.sym.n != 1)
    return false;
  casc_op *f = casc_module_lookup_func(module, callee->u.sym.path[0]);
  if (!f || !f->nregions || !casc_op_regions(f)[0].first ||
      casc_op_regions(f)[0].first != casc_op_regions(f)[0].last ||
      casc_op_is_ancestor(f, call))
    return false;
  casc_block *body = casc_op_regions(f)[0].first;
  casc_op *ret = casc_block_terminator(body);
  if (!ret || ret->kind != CASC_OP_FUNC_RETURN || ret->nops != call->nres ||
      body->nargs != call->nops)
    return false;
  casc_value_map m;
  casc_value_map_init(&m);
  for (unsigned i = 0; i < body->nargs; i++)
    casc_value_map_put(&m, body->args[i], call->operands[i].value);
  for (casc_op *o = body->first; o && o != ret; o = o->next) {
    casc_op *c = casc_clone_op(ctx, o, &m, callsite_loc, call->loc);
    if (c)
      casc_op_insert_before(call, c);
  }
  for (unsigned i = 0; i < call->nres; i++)
    casc_value_replace_all_uses(&casc_op_results(call)[i],
                                casc_value_map_get(&m, ret->operands[i].value));
  bool oom = m.oom;
  casc_value_map_free(&m);
  casc_op_erase(call);
  if (oom)
    casc_emit_error(ctx, call->loc, "out of memory while inlining");
  return true;
}

bool casc_pass_inline(casc_ctx *ctx, casc_op *module, const char *options) {
  (void)options;
  for (int round = 0; round < MAX_ROUNDS; round++) {
    casc_op_list l;
    if (!casc_collect_ops(ctx, module, false, &l)) {
      casc_op_list_free(&l);
      return false;
    }
    bool any = false;
    for (size_t i = 0; i < l.n; i++)
      if (l.ops[i]->kind == CASC_OP_FUNC_CALL)
        any |= inline_call(ctx, module, l.ops[i]);
    casc_op_list_free(&l);
    if (!any)
      break;
  }
  return true;
}
