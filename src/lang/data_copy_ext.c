/* DataCopyPad with DataCopyExtParams / DataCopyPadExtParams (pyasc
 * asc.language.basic.data_copy; casc/asc_data_copy_ext.h). */
#include "lang/lang_internal.h"

asc_data_copy_ext_params
asc_datacopyextparams_at(const char *file, int line, asc__sv block_count,
                         asc__sv block_len, asc__sv src_stride,
                         asc__sv dst_stride, asc__sv rsv) {
  lang_call c;
  asc_data_copy_ext_params r = {0};
  if (!lang_begin(&c, "asc_datacopyextparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[5] = {block_count, block_len, src_stride, dst_stride, rsv};
  static const char *const names[5] = {"block_count", "block_len", "src_stride",
                                       "dst_stride", "rsv"};
  /* pyasc: _mat(x) with no type, so a C integer is i32 */
  casc_type *const mat[5] = {NULL, NULL, NULL, NULL, NULL};
  casc_type *const ft[5] = {c.k->ui16, c.k->ui32, c.k->ui32, c.k->ui32,
                            c.k->ui32};
  r.p_ =
      lang_construct(&c, CASC_ASC_DATA_COPY_EXT_PARAMS, 5, in, names, mat, ft);
  return r;
}

asc_data_copy_pad_ext_params
asc_datacopypadextparams_at(const char *file, int line, asc_dtype dt,
                            asc__sv is_pad, asc__sv left_padding,
                            asc__sv right_padding, asc__sv padding_value) {
  lang_call c;
  asc_data_copy_pad_ext_params r = {0};
  if (!lang_begin(&c, "asc_datacopypadextparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_type *elem = lang_dtype_checked(&c, dt, "dtype");
  if (!elem)
    return r;
  /* is_pad: a Python bool, i1; the paddings i32 (no type); the value in
   * the struct's dtype */
  casc_value *ops[4];
  if (!(ops[0] = lang_mat(&c, is_pad, c.k->i1, "is_pad")) ||
      !(ops[1] = lang_mat(&c, left_padding, NULL, "left_padding")) ||
      !(ops[2] = lang_mat(&c, right_padding, NULL, "right_padding")) ||
      !(ops[3] = lang_mat(&c, padding_value, elem, "padding_value")))
    return r;
  casc_ctx *ctx = c.k->ctx;
  casc_attr *fields[4] = {
      casc_attr_type(ctx, c.k->i1), casc_attr_type(ctx, c.k->ui16),
      casc_attr_type(ctx, c.k->ui16), casc_attr_type(ctx, elem)};
  /* the one parameterised struct: lang_construct makes only plain ones */
  casc_type *t = casc_type_asc(ctx, CASC_ASC_DATA_COPY_PAD_EXT_PARAMS, 0, NULL,
                               0, NULL, elem);
  r.p_ = lang_op1(&c, CASC_OP_CONSTRUCT, 4, ops, t,
                  lang_attrs1(&c, "types", casc_attr_array(ctx, 4, fields)));
  return r;
}

static casc_value *copy_operand(lang_call *c, asc__tensor t, const char *what) {
  return t.global_ ? lang_global_value(c, t.p_, t.k_, what)
                   : lang_local_tensor(c, t.p_, t.k_, what, NULL);
}

void asc_data_copy_pad_ext_at(const char *file, int line, asc__tensor dst,
                              asc__tensor src, asc_data_copy_ext_params params,
                              asc_data_copy_pad_ext_params pad, bool has_pad) {
  lang_call c;
  if (!lang_begin(&c, "asc_data_copy_pad", file, line))
    return;
  casc_value *ops[4] = {copy_operand(&c, dst, "dst"),
                        copy_operand(&c, src, "src"),
                        lang_value(&c, params.p_, params.k_, "params"), NULL};
  if (has_pad)
    ops[3] = lang_value(&c, pad.p_, pad.k_, "pad_params");
  if (c.failed)
    return;
  if (!casc_type_is_asc(ops[2]->type, CASC_ASC_DATA_COPY_EXT_PARAMS)) {
    lang_error(&c, "params is not a DataCopyExtParams");
    return;
  }
  if (!lang_data_copy_pad_ok(&c, dst.global_, src.global_, has_pad, ops,
                             "asc_datacopypadextparams"))
    return;
  const casc_op_info *vi = casc_op_info_get(
      has_pad ? CASC_OP_DATA_COPY_PAD_L0_EXT : CASC_OP_DATA_COPY_PAD_L2_EXT);
  casc_type *de = casc_type_elem(ops[0]->type);
  casc_dtype dt = casc_dtype_of_type(de);
  char why[256];
  if (vi->dtypes && !(vi->dtypes & CASC_DT_BIT(dt))) {
    lang_error(&c, "%s", casc_op_dtype_error(vi, "dst", dt, why, sizeof why));
    return;
  }
  /* DataCopyPadExtParams<T> pads with a T: the tensors' dtype */
  if (has_pad &&
      (!casc_type_is_asc(ops[3]->type, CASC_ASC_DATA_COPY_PAD_EXT_PARAMS) ||
       ops[3]->type->u.asc.elem != de)) {
    lang_error(&c, "pad_params is not a DataCopyPadExtParams of %s",
               lang_type_name(&c, de));
    return;
  }
  lang_op(&c, casc_op_info_kind(vi), has_pad ? 4 : 3, ops, 0, NULL, NULL);
}
