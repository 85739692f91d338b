/* -ascendc-unify-pipe: a kernel has one TPipe. When a function creates
 * several (materialize-tensor makes one per tensor), they are replaced by a
 * single ascendc.pipe at the top of the function (location unknown), as in
 * pyasc. casc also does this for a single pipe created inside a loop or a
 * branch, which pyasc leaves there (docs/ir.md §10.17): every iteration would
 * construct a new TPipe and InitBuffer its queues again. */
#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/pass_impl.h"

bool casc_pass_unify_pipe(casc_ctx *ctx, casc_op *module, const char *options) {
  (void)options;
  for (casc_op *f = casc_module_body(module)->first; f; f = f->next) {
    if (f->kind != CASC_OP_FUNC_FUNC || !f->nregions ||
        !casc_op_regions(f)[0].first)
      continue;
    casc_op_list l;
    if (!casc_collect_ops(ctx, f, false, &l)) {
      casc_op_list_free(&l);
      return false;
    }
    size_t npipes = 0;
    bool nested = false;
    for (size_t i = 0; i < l.n; i++)
      if (l.ops[i]->kind == CASC_OP_PIPE) {
        npipes++;
        nested |= casc_op_parent_op(l.ops[i]) != f;
      }
    if (npipes > 1 || nested) {
      casc_block *entry = casc_op_regions(f)[0].first;
      casc_type *pt = casc_type_pipe(ctx);
      casc_op *uni = casc_op_create_kind(
          ctx, CASC_OP_PIPE, casc_loc_unknown(ctx), 0, NULL, 1, &pt, NULL, 0);
      if (uni) {
        if (entry->first)
          casc_op_insert_before(entry->first, uni);
        else
          casc_block_append(entry, uni);
        for (size_t i = 0; i < l.n; i++)
          if (l.ops[i]->kind == CASC_OP_PIPE) {
            casc_value_replace_all_uses(&casc_op_results(l.ops[i])[0],
                                        &casc_op_results(uni)[0]);
            casc_op_erase(l.ops[i]);
          }
      }
    }
    casc_op_list_free(&l);
  }
  return true;
}
