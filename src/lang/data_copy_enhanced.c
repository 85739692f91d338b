/* The C API of casc/asc_data_copy_enhanced.h: DataCopyEnhancedParams and
 * the four-argument DataCopy, built as pyasc builds them (core/types.py
 * DataCopyEnhancedParams, basic/data_copy.py). */
#include "casc/asc_data_copy_enhanced.h"
#include "lang/lang_internal.h"

asc_data_copy_enhanced_params
asc_datacopyenhancedparams_at(const char *file, int line,
                              const asc__sv *fields) {
  lang_call c;
  asc_data_copy_enhanced_params r = {0};
  if (!lang_begin(&c, "asc_datacopyenhancedparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  /* The enums' ranges, when the C call passes a constant (pyasc's
   * IntEnum would not take another value). */
  static const struct {
    unsigned field;
    int max;
    const char *what;
  } enums[3] = {{0, ASC_BLOCKMODE_DEPTHWISE, "BlockMode"},
                {1, ASC_DEQSCALE_VDEQ16, "DeqScale"},
                {5, ASC_PAD_MODE7, "pad_t"}};
  for (unsigned i = 0; i < 3; i++) {
    const asc__sv *f = &fields[enums[i].field];
    if (f->kind_ == ASC__SV_INT && (f->i_ < 0 || f->i_ > enums[i].max)) {
      lang_error(&c, "%lld is not a valid %s", (long long)f->i_, enums[i].what);
      return r;
    }
  }
  static const char *const names[7] = {
      "block_mode", "deq_scale",   "deq_value_in", "sid_store_mode_in",
      "is_relu_in", "pad_mode_in", "pad_value_in"};
  casc_ctx *ctx = c.k->ctx;
  casc_type *bm =
      casc_type_asc(ctx, CASC_ASC_BLOCK_MODE, 0, NULL, 0, NULL, NULL);
  casc_type *dq =
      casc_type_asc(ctx, CASC_ASC_DEQ_SCALE, 0, NULL, 0, NULL, NULL);
  casc_type *pm = casc_type_asc(ctx, CASC_ASC_PAD_T, 0, NULL, 0, NULL, NULL);
  /* pyasc's plain _mat: Python ints and IntEnums as i32, bools as i1. */
  casc_type *const mat[7] = {c.k->i32, c.k->i32, c.k->i32, c.k->i32,
                             c.k->i1,  c.k->i32, c.k->i32};
  casc_type *const ft[7] = {bm,      dq, c.k->ui64, c.k->ui8,
                            c.k->i1, pm, c.k->ui64};
  r.p_ = lang_construct(&c, CASC_ASC_DATA_COPY_ENHANCED_PARAMS, 7, fields,
                        names, mat, ft);
  return r;
}

void asc_data_copy_enhanced_at(const char *file, int line, asc__tensor dst,
                               asc__tensor src, asc_data_copy_params params,
                               asc_data_copy_enhanced_params enhanced) {
  lang_call c;
  if (!lang_begin(&c, "asc_data_copy_enhanced", file, line))
    return;
  casc_value *ops[4];
  ops[0] = dst.global_ ? lang_global_value(&c, dst.p_, dst.k_, "dst")
                       : lang_value(&c, dst.p_, dst.k_, "dst");
  ops[1] = src.global_ ? lang_global_value(&c, src.p_, src.k_, "src")
                       : lang_value(&c, src.p_, src.k_, "src");
  ops[2] = lang_value(&c, params.p_, params.k_, "params");
  ops[3] = lang_value(&c, enhanced.p_, enhanced.k_, "enhanced_params");
  if (c.failed)
    return;
  if (dst.global_ && src.global_) {
    lang_error(&c, "DataCopy with DataCopyEnhancedParams copies GM -> local, "
                   "local -> local or local -> GM; here both are "
                   "GlobalTensors");
    return;
  }
  if (!casc_type_is_asc(ops[2]->type, CASC_ASC_DATA_COPY_PARAMS)) {
    lang_error(&c, "params is not a DataCopyParams");
    return;
  }
  if (!casc_type_is_asc(ops[3]->type, CASC_ASC_DATA_COPY_ENHANCED_PARAMS)) {
    lang_error(&c, "enhanced_params is not a DataCopyEnhancedParams");
    return;
  }
  lang_op(&c, CASC_OP_DATA_COPY_ENHANCED, 4, ops, 0, NULL, NULL);
}
