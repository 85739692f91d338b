/* -ascendc-input-output-tensor: marks each local_tensor_auto `input` when a
 * data copy fills it from global memory and `output` when a data copy
 * writes it to global memory (the direction comes from the operand types,
 * docs/ir.md §5.1); materialize-tensor then gives it a VECIN or VECOUT queue.
 * A local tensor coming out of an scf.for / scf.if that is copied to
 * global memory is first copied into a fresh output tensor (pyasc's
 * createDataCopyIfNeeded; casc looks at every use, where pyasc stops at the
 * first one that is not such a copy, docs/ir.md §10.16). */
#include <string.h>

#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/pass_impl.h"

/* 1 = GM -> local, 2 = local -> GM, 0 = other (for a data copy op). */
static int copy_dir(const casc_op *op) {
  if (strncmp(casc_op_name(op), "ascendc.data_copy", 17) != 0 || op->nops < 2)
    return 0;
  const casc_type *dst = op->operands[0].value->type;
  const casc_type *src = op->operands[1].value->type;
  if (casc_type_is_local_tensor(dst) && casc_type_is_global_tensor(src))
    return 1;
  if (casc_type_is_global_tensor(dst) && casc_type_is_local_tensor(src))
    return 2;
  return 0;
}

static void set_unit(casc_ctx *ctx, casc_op *op, const char *name, bool on) {
  casc_op_set_attr(ctx, op, name, on ? casc_attr_unit(ctx) : NULL);
}

static bool static_count(const casc_type *t, int64_t *n) {
  if (t->kind != CASC_TYPE_ASC || t->u.asc.rank == 0)
    return false;
  *n = 1;
  for (unsigned i = 0; i < t->u.asc.rank; i++) {
    if (t->u.asc.shape[i] < 0)
      return false;
    *n *= t->u.asc.shape[i];
  }
  return true;
}

/* A tensor result of a region op stored to GM: stage it in an output
 * tensor created before the region op and filled right after it. */
static void stage_results(casc_ctx *ctx, casc_op *op) {
  for (unsigned r = 0; r < op->nres; r++) {
    casc_value *res = &casc_op_results(op)[r];
    int64_t count;
    if (!casc_type_is_local_tensor(res->type) ||
        !static_count(res->type, &count))
      continue;
    casc_use *next;
    for (casc_use *u = res->first_use; u; u = next) {
      next = u->next;
      casc_op *copy = u->user;
      if (copy_dir(copy) != 2 || casc_use_index(u) != 1)
        continue;
      casc_builder b;
      casc_builder_init(&b, ctx);
      casc_builder_set_before(&b, op);
      b.loc = op->loc;
      casc_type *t = res->type;
      casc_op *dst =
          casc_build(&b, CASC_OP_LOCAL_TENSOR_AUTO, 0, NULL, 1, &t, NULL, 0);
      if (!dst)
        continue;
      set_unit(ctx, dst, "output", true);
      casc_builder_set_after(&b, op);
      casc_op *cnt = casc_build_const_int(&b, casc_type_i64(ctx), count);
      if (!cnt)
        continue; /* out of memory: reported by the context */
      casc_value *o[3] = {&casc_op_results(dst)[0], res,
                          &casc_op_results(cnt)[0]};
      casc_build(&b, CASC_OP_DATA_COPY_L2, 3, o, 0, NULL, NULL, 0);
      casc_op_set_operand(copy, 1, &casc_op_results(dst)[0]);
    }
  }
}

bool casc_pass_input_output_tensor(casc_ctx *ctx, casc_op *module,
                                   const char *options) {
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
    for (size_t i = 0; i < l.n; i++) {
      casc_op *op = l.ops[i];
      if (op->kind != CASC_OP_LOCAL_TENSOR_AUTO || op->nres != 1)
        continue;
      bool in = false, out = false;
      for (casc_use *u = casc_op_results(op)[0].first_use; u; u = u->next) {
        int d = copy_dir(u->user);
        in |= d == 1;
        out |= d == 2;
      }
      set_unit(ctx, op, "input", in);
      set_unit(ctx, op, "output", out);
    }
    for (size_t i = 0; i < l.n; i++)
      if (l.ops[i]->kind == CASC_OP_SCF_FOR || l.ops[i]->kind == CASC_OP_SCF_IF)
        stage_results(ctx, l.ops[i]);
    casc_op_list_free(&l);
    casc_cleanup_func(ctx, f, CASC_CLEANUP_ALL);
  }
  return true;
}
