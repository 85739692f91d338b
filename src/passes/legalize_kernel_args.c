/* -ascendc-legalize-kernel-args (docs/ir.md §6.3): on every kernel entry
 * (ascendc.global) each argument gets {emitasc.kernel_arg = explicit}, and
 * a trailing `ffts_addr` argument (memref<?xui64, 22>, kernel_arg
 * ffts_addr) is appended with `ascendc.set_ffts_base_addr` as the first op.
 *
 * pyasc adds the ffts argument to every kernel. With option `ffts=mixed`
 * (casc's default pipeline) it is added only to kernels that need it: mixed
 * cube/vector kernels, i.e. modules that register a matmul object. The
 * cross-core sync pyasc also inserts for those is not generated (matmul
 * kernels are out of casc's scope and their ops are kept as generic ops). */
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "dialect/dialect.h"
#include "passes/module_passes.h"
#include "passes/pass_impl.h"
#include "util/alloc.h"

/* An argument already marked keeps its kind (running the pass twice
 * changes nothing). */
static void mark(casc_ctx *ctx, casc_value *arg, int64_t kind) {
  if (casc_dict_get(casc_value_arg_attrs(arg), "emitasc.kernel_arg"))
    return;
  casc_value_set_arg_attrs(arg, casc_dict_set(ctx, casc_value_arg_attrs(arg),
                                              "emitasc.kernel_arg",
                                              casc_attr_kernel_arg(ctx, kind)));
}

static bool has_ffts_arg(const casc_block *entry) {
  for (unsigned i = 0; i < entry->nargs; i++) {
    casc_attr *k = casc_dict_get(casc_value_arg_attrs(entry->args[i]),
                                 "emitasc.kernel_arg");
    if (k && k->kind == CASC_ATTR_KERNEL_ARG && k->u.kernel_arg == 1)
      return true;
  }
  return false;
}

static void legalize(casc_ctx *ctx, casc_op *f, bool add_ffts) {
  casc_block *entry = casc_op_regions(f)[0].first;
  bool had_ffts = has_ffts_arg(entry);
  for (unsigned i = 0; i < entry->nargs; i++)
    mark(ctx, entry->args[i], 0);
  if (!add_ffts || had_ffts)
    return;
  casc_type *ui64 = casc_type_int(ctx, 64, CASC_UNSIGNED);
  casc_type *mt = casc_type_gm_memref(ctx, ui64);
  casc_value *ffts =
      casc_block_add_arg(ctx, entry, mt, casc_loc_name(ctx, "ffts_addr", NULL));
  if (!ffts)
    return;
  mark(ctx, ffts, 1);
  casc_type *ft = casc_func_type(f);
  unsigned nin = ft ? ft->u.func.nin : 0;
  casc_type **in = casc_malloc((nin + 1) * sizeof *in);
  if (!in) {
    casc_emit_error(ctx, f->loc, "out of memory");
    return;
  }
  for (unsigned i = 0; i < nin; i++)
    in[i] = ft->u.func.in[i];
  in[nin] = mt;
  casc_type *nft = casc_type_func(ctx, nin + 1, in, ft ? ft->u.func.nout : 0,
                                  ft ? ft->u.func.out : NULL);
  casc_free(in);
  casc_op_set_attr(ctx, f, "function_type", casc_attr_type(ctx, nft));
  casc_op *set =
      casc_op_create_kind(ctx, CASC_OP_SET_FFTS_BASE_ADDR,
                          casc_loc_unknown(ctx), 1, &ffts, 0, NULL, NULL, 0);
  if (!set)
    return;
  if (entry->first)
    casc_op_insert_before(entry->first, set);
  else
    casc_block_append(entry, set);
}

bool casc_pass_legalize_kernel_args(casc_ctx *ctx, casc_op *module,
                                    const char *options) {
  bool only_mixed = false;
  if (options && options[0]) {
    if (strcmp(options, "ffts=mixed") == 0) {
      only_mixed = true;
    } else if (strcmp(options, "ffts=all") != 0) {
      casc_emit_error(ctx, module->loc,
                      "ascendc-legalize-kernel-args: unknown option '%s' "
                      "(known: ffts=all, ffts=mixed)",
                      options);
      return false;
    }
  }
  bool add_ffts =
      !only_mixed || casc_module_has_op(module, "ascendc.regist_matmul_obj");
  for (casc_op *f = casc_module_body(module)->first; f; f = f->next)
    if (f->kind == CASC_OP_FUNC_FUNC && casc_func_is_kernel(f) && f->nregions &&
        casc_op_regions(f)[0].first)
      legalize(ctx, f, add_ffts);
  return true;
}
