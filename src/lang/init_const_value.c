/* The C API of InitConstValue and its InitConstValueParams (casc/
 * asc_data.h), built as pyasc's mm.py and core/types.py build them: the
 * init value materialised first (pyasc's _mat: a C integer i32, a C float
 * f32, a runtime value keeps its type), then repeatTimes, blockNum and
 * dstGap as uint16; the struct's `types` name the init value's type. */
#include "casc/asc_data.h"
#include "lang/lang_internal.h"

asc_init_const_value_params
asc_initconstvalueparams_at(const char *file, int line, asc__sv repeat_times,
                            asc__sv block_num, asc__sv dst_gap,
                            asc__sv init_value) {
  lang_call c;
  asc_init_const_value_params r = {0};
  if (!lang_begin(&c, "asc_initconstvalueparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_ctx *ctx = c.k->ctx;
  /* pyasc takes a runtime init value as it is; its own code for that case
   * reads an unset variable (cecba26), casc builds what it means. */
  casc_value *ops[4];
  if (!(ops[3] = lang_mat(&c, init_value, NULL, "init_value")))
    return r;
  const asc__sv in[3] = {repeat_times, block_num, dst_gap};
  static const char *const names[3] = {"repeat_times", "block_num", "dst_gap"};
  casc_attr *types[4];
  for (unsigned i = 0; i < 3; i++) {
    if (!(ops[i] = lang_mat(&c, in[i], c.k->ui16, names[i])))
      return r;
    types[i] = casc_attr_type(ctx, c.k->ui16);
  }
  types[3] = casc_attr_type(ctx, ops[3]->type);
  casc_type *t = casc_type_asc(ctx, CASC_ASC_INIT_CONST_VALUE_PARAMS, 0, NULL,
                               0, NULL, NULL);
  r.p_ = lang_op1(&c, CASC_OP_CONSTRUCT, 4, ops, t,
                  lang_attrs1(&c, "types", casc_attr_array(ctx, 4, types)));
  return r;
}

void asc_init_const_value_at(const char *file, int line, asc_local_tensor dst,
                             asc_init_const_value_params params) {
  lang_call c;
  if (!lang_begin(&c, "asc_init_const_value", file, line))
    return;
  casc_value *ops[2];
  if (!(ops[0] = lang_local_tensor(&c, dst.p_, dst.k_, "dst", NULL)))
    return;
  if (!(ops[1] = lang_value(&c, params.p_, params.k_, "params")))
    return;
  if (!casc_type_is_asc(ops[1]->type, CASC_ASC_INIT_CONST_VALUE_PARAMS)) {
    lang_error(&c, "params is not an InitConstValueParams");
    return;
  }
  lang_op(&c, CASC_OP_INIT_CONST_VALUE, 2, ops, 0, NULL, NULL);
}
