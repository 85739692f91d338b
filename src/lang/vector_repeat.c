/* The level-0 and level-1 forms of the vector families (binary, unary,
 * vector-scalar) and their repeat parameter structs, as pyasc builds them
 * (asc.language.basic's op_impl): the mask as a count (level 0) or as two
 * uint64 words (level 1), repeat times as int8, a BinaryRepeatParams or
 * UnaryRepeatParams, and isSetMask when is_set_mask is true. The mask
 * count is int64 for binary and vector-scalar ops and uint64 for unary
 * ones, as in pyasc. The tensors' dtypes are checked against the op's row
 * as at level 2; the mask and repeat values are checked where they are
 * known, by the simulator. */
#include <string.h>

#include "lang/lang_internal.h"

/* The repeat-form operands after the tensors (and the scalar): the mask
 * (a count, or the two words of a level-1 mask), repeat times, params.
 * Returns how many operands it appended to ops[] from ops[at], 0 after an
 * error. */
static unsigned rep_operands(lang_call *c, casc_value **ops, unsigned at,
                             asc__mask mask, casc_type *count_type,
                             asc__sv repeat_times, void *params_p,
                             unsigned params_k, casc_asc_type params_id,
                             const char *params_api) {
  unsigned n = at;
  if (mask.bits_) {
    for (unsigned w = 0; w < 2; w++)
      if (!(ops[n++] =
                lang_mat(c, asc__sv_u(mask.bits_[w]), c->k->ui64, "mask")))
        return 0;
  } else if (!(ops[n++] = lang_mat(c, mask.count_, count_type, "mask"))) {
    return 0;
  }
  if (!(ops[n++] = lang_mat(c, repeat_times, c->k->i8, "repeat_times")))
    return 0;
  casc_value *p = lang_value(c, params_p, params_k, "repeat_params");
  if (!p)
    return 0;
  if (!casc_type_is_asc(p->type, params_id)) {
    lang_error(c, "repeat_params is not a %s", params_api);
    return 0;
  }
  ops[n++] = p;
  return n - at;
}

/* Build the level-0 or level-1 op (by the mask's form) once its tensors
 * are in ops[0..nt) and checked. */
static void rep_op(lang_call *c, const casc_op_info *l0, const char *op_l1,
                   casc_op_class cls1, casc_value **ops, unsigned nt,
                   asc__mask mask, casc_type *count_type, asc__sv repeat_times,
                   void *params_p, unsigned params_k, casc_asc_type params_id,
                   const char *params_api, bool is_set_mask) {
  const casc_op_info *vi = l0;
  if (mask.bits_) {
    casc_op_kind k = op_l1 ? casc_op_kind_lookup(op_l1, strlen(op_l1))
                           : CASC_OP_UNREGISTERED;
    vi = casc_op_info_get(k);
    if (!vi || vi->cls != cls1) {
      lang_error(c, "'%s' is not the level-1 form of %s",
                 op_l1 ? op_l1 : "(null)", l0->name);
      return;
    }
  }
  unsigned n = rep_operands(c, ops, nt, mask, count_type, repeat_times,
                            params_p, params_k, params_id, params_api);
  if (!n)
    return;
  casc_attr *attrs =
      is_set_mask ? lang_attrs1(c, "isSetMask", casc_attr_unit(c->k->ctx))
                  : NULL;
  lang_op(c, casc_op_info_kind(vi), nt + n, ops, 0, NULL, attrs);
}

void asc_vec_binary_rep_at(const char *file, int line, const char *api,
                           const char *op_l0, const char *op_l1,
                           asc_local_tensor dst, asc_local_tensor src0,
                           asc_local_tensor src1, asc__mask mask,
                           asc__sv repeat_times,
                           asc_binary_repeat_params params, bool is_set_mask) {
  static const char *const names[3] = {"dst", "src0", "src1"};
  const asc_local_tensor t[3] = {dst, src0, src1};
  lang_call c;
  casc_value *ops[8];
  const casc_op_info *vi = lang_vec_begin(&c, api, file, line, op_l0,
                                          CASC_CLS_VBIN_L0, 3, t, names, ops);
  if (vi)
    rep_op(&c, vi, op_l1, CASC_CLS_VBIN_L1, ops, 3, mask, c.k->i64,
           repeat_times, params.p_, params.k_, CASC_ASC_BINARY_REPEAT_PARAMS,
           "BinaryRepeatParams", is_set_mask);
}

void asc_vec_scalar_rep_at(const char *file, int line, const char *api,
                           const char *op_l0, const char *op_l1,
                           asc_local_tensor dst, asc_local_tensor src,
                           asc__sv scalar, asc__mask mask, asc__sv repeat_times,
                           asc_unary_repeat_params params, bool is_set_mask) {
  static const char *const names[2] = {"dst", "src"};
  const asc_local_tensor t[2] = {dst, src};
  lang_call c;
  casc_value *ops[8];
  const casc_op_info *vi = lang_vec_begin(
      &c, api, file, line, op_l0, CASC_CLS_VSCALAR_L0, 2, t, names, ops);
  if (!vi)
    return;
  /* pyasc materialises the scalar (in src's dtype) first. */
  ops[2] = lang_mat(&c, scalar, casc_type_elem(ops[1]->type), "scalar");
  if (ops[2])
    rep_op(&c, vi, op_l1, CASC_CLS_VSCALAR_L1, ops, 3, mask, c.k->i64,
           repeat_times, params.p_, params.k_, CASC_ASC_UNARY_REPEAT_PARAMS,
           "UnaryRepeatParams", is_set_mask);
}

void asc_vec_unary_rep_at(const char *file, int line, const char *api,
                          const char *op_l0, const char *op_l1,
                          asc_local_tensor dst, asc_local_tensor src,
                          asc__mask mask, asc__sv repeat_times,
                          asc_unary_repeat_params params, bool is_set_mask) {
  static const char *const names[2] = {"dst", "src"};
  const asc_local_tensor t[2] = {dst, src};
  lang_call c;
  casc_value *ops[8];
  const casc_op_info *vi = lang_vec_begin(&c, api, file, line, op_l0,
                                          CASC_CLS_VUNARY_L0, 2, t, names, ops);
  if (vi)
    rep_op(&c, vi, op_l1, CASC_CLS_VUNARY_L1, ops, 2, mask, c.k->ui64,
           repeat_times, params.p_, params.k_, CASC_ASC_UNARY_REPEAT_PARAMS,
           "UnaryRepeatParams", is_set_mask);
}

/* asc.BinaryRepeatParams(...): six fields, each materialised as pyasc's
 * default integer (i32) and declared ui8 in the construct's field types. */
asc_binary_repeat_params
asc_binaryrepeatparams_at(const char *file, int line, asc__sv dst_blk_stride,
                          asc__sv src0_blk_stride, asc__sv src1_blk_stride,
                          asc__sv dst_rep_stride, asc__sv src0_rep_stride,
                          asc__sv src1_rep_stride) {
  lang_call c;
  asc_binary_repeat_params r = {0};
  if (!lang_begin(&c, "asc_binaryrepeatparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[6] = {dst_blk_stride, src0_blk_stride, src1_blk_stride,
                         dst_rep_stride, src0_rep_stride, src1_rep_stride};
  static const char *const names[6] = {"dst_blk_stride",  "src0_blk_stride",
                                       "src1_blk_stride", "dst_rep_stride",
                                       "src0_rep_stride", "src1_rep_stride"};
  casc_type *const mat[6] = {c.k->i32, c.k->i32, c.k->i32,
                             c.k->i32, c.k->i32, c.k->i32};
  casc_type *const ft[6] = {c.k->ui8, c.k->ui8, c.k->ui8,
                            c.k->ui8, c.k->ui8, c.k->ui8};
  r.p_ =
      lang_construct(&c, CASC_ASC_BINARY_REPEAT_PARAMS, 6, in, names, mat, ft);
  return r;
}

/* asc.UnaryRepeatParams(...): ui16 block strides, ui8 repeat strides. */
asc_unary_repeat_params asc_unaryrepeatparams_at(const char *file, int line,
                                                 asc__sv dst_blk_stride,
                                                 asc__sv src_blk_stride,
                                                 asc__sv dst_rep_stride,
                                                 asc__sv src_rep_stride) {
  lang_call c;
  asc_unary_repeat_params r = {0};
  if (!lang_begin(&c, "asc_unaryrepeatparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[4] = {dst_blk_stride, src_blk_stride, dst_rep_stride,
                         src_rep_stride};
  static const char *const names[4] = {"dst_blk_stride", "src_blk_stride",
                                       "dst_rep_stride", "src_rep_stride"};
  casc_type *const mat[4] = {c.k->i32, c.k->i32, c.k->i32, c.k->i32};
  casc_type *const ft[4] = {c.k->ui16, c.k->ui16, c.k->ui8, c.k->ui8};
  r.p_ =
      lang_construct(&c, CASC_ASC_UNARY_REPEAT_PARAMS, 4, in, names, mat, ft);
  return r;
}

void lang_vec_binary_rep_op(lang_call *c, const casc_op_info *l0,
                            const char *op_l1, casc_value **ops, asc__mask mask,
                            asc__sv repeat_times,
                            asc_binary_repeat_params params, bool is_set_mask) {
  rep_op(c, l0, op_l1, CASC_CLS_VBIN_L1, ops, 3, mask, c->k->i64, repeat_times,
         params.p_, params.k_, CASC_ASC_BINARY_REPEAT_PARAMS,
         "BinaryRepeatParams", is_set_mask);
}
