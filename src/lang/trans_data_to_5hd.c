/* The C API of TransDataTo5HD (casc/asc_data.h) in its three forms (two
 * uint64 tensors of addresses, lists of 16 LocalTensors, lists of 16 uint64
 * addresses) and TransDataTo5HDParams, built as pyasc's vec_transpose.py
 * and core/types.py build them: the two half flags as i1, the other fields
 * as pyasc's plain _mat (i32) under the types ui8, ui16, ui16. */
#include <stdio.h>

#include "casc/asc_data.h"
#include "lang/lang_internal.h"

asc_trans_data_to_5hd_params
asc_transdatato5hdparams_at(const char *file, int line, const asc__sv *fields) {
  lang_call c;
  asc_trans_data_to_5hd_params r = {0};
  if (!lang_begin(&c, "asc_transdatato5hdparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  static const char *const names[5] = {"dst_high_half", "src_high_half",
                                       "repeat_times", "dst_rep_stride",
                                       "src_rep_stride"};
  casc_type *const mat[5] = {c.k->i1, c.k->i1, NULL, NULL, NULL};
  casc_type *const ft[5] = {c.k->i1, c.k->i1, c.k->ui8, c.k->ui16, c.k->ui16};
  r.p_ = lang_construct(&c, CASC_ASC_TRANS_DATA_TO_5HD_PARAMS, 5, fields, names,
                        mat, ft);
  return r;
}

void asc_trans_data_to_5hd_at(const char *file, int line, asc_local_tensor dst,
                              asc_local_tensor src,
                              asc_trans_data_to_5hd_params params) {
  lang_call c;
  if (!lang_begin(&c, "asc_trans_data_to_5hd", file, line))
    return;
  casc_value *ops[3];
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID;
  if (!(ops[0] = lang_local_tensor(&c, dst.p_, dst.k_, "dst", &dd)) ||
      !(ops[1] = lang_local_tensor(&c, src.p_, src.k_, "src", &sd)) ||
      !(ops[2] = lang_value(&c, params.p_, params.k_, "params")))
    return;
  /* pyasc's check: this form takes the 16 addresses as uint64 elements. */
  if (dd != CASC_DT_U64 || sd != CASC_DT_U64) {
    lang_error(&c,
               "dst has dtype %s and src %s; with LocalTensor inputs both "
               "must be uint64 (the addresses)",
               casc_dtype_pyasc_name(dd), casc_dtype_pyasc_name(sd));
    return;
  }
  if (!casc_type_is_asc(ops[2]->type, CASC_ASC_TRANS_DATA_TO_5HD_PARAMS)) {
    lang_error(&c, "params is not a TransDataTo5HDParams");
    return;
  }
  lang_op(&c, CASC_OP_TRANS_DATA_TO_5HD, 3, ops, 0, NULL, NULL);
}

/* The LocalTensor-list form (pyasc's trans_data_to_5hd(dst_list,
 * src_list, params) with lists of LocalTensors): 16 of each, one dtype
 * (pyasc's check), the op's operand groups 16, 16, 1. */
void asc_trans_data_to_5hd_list_at(const char *file, int line,
                                   const asc_local_tensor *dst_list,
                                   const asc_local_tensor *src_list,
                                   asc_trans_data_to_5hd_params params) {
  lang_call c;
  if (!lang_begin(&c, "asc_trans_data_to_5hd_list", file, line))
    return;
  if (!dst_list || !src_list) {
    lang_error(&c, "dst_list and src_list are arrays of 16 LocalTensors");
    return;
  }
  casc_value *ops[33];
  casc_dtype first = CASC_DT_INVALID;
  for (unsigned i = 0; i < 32; i++) {
    const asc_local_tensor t = i < 16 ? dst_list[i] : src_list[i - 16];
    casc_dtype dt = CASC_DT_INVALID;
    if (!(ops[i] = lang_local_tensor(&c, t.p_, t.k_,
                                     i < 16 ? "dst_list" : "src_list", &dt)))
      return;
    if (i == 0)
      first = dt;
    else if (dt != first) {
      lang_error(&c,
                 "%s[%u] has dtype %s and dst_list[0] %s; all tensors in "
                 "dst_list and src_list must have the same dtype",
                 i < 16 ? "dst_list" : "src_list", i % 16,
                 casc_dtype_pyasc_name(dt), casc_dtype_pyasc_name(first));
      return;
    }
  }
  if (!(ops[32] = lang_value(&c, params.p_, params.k_, "params")))
    return;
  if (!casc_type_is_asc(ops[32]->type, CASC_ASC_TRANS_DATA_TO_5HD_PARAMS)) {
    lang_error(&c, "params is not a TransDataTo5HDParams");
    return;
  }
  casc_named_attr seg = {casc_intern_cstr(c.k->ctx, "operandSegmentSizes"),
                         casc_attr_opaque(c.k->ctx, "array<i32: 16, 16, 1>")};
  lang_op(&c, CASC_OP_TRANS_DATA_TO_5HD_TENSOR_LIST, 33, ops, 0, NULL,
          casc_attr_dict(c.k->ctx, 1, &seg));
}

/* The address-list form (pyasc's trans_data_to_5hd with lists of
 * RuntimeInt): 16 + 16 UB addresses, each materialised as uint64 as
 * pyasc's _mat(addr, uint64) does, the op's operand groups 16, 16, 1. */
void asc_trans_data_to_5hd_uint_list_at(const char *file, int line,
                                        const asc_int *dst_list,
                                        const asc_int *src_list,
                                        asc_trans_data_to_5hd_params params) {
  lang_call c;
  if (!lang_begin(&c, "asc_trans_data_to_5hd_uint_list", file, line))
    return;
  if (!dst_list || !src_list) {
    lang_error(&c, "dst_list and src_list are arrays of 16 addresses");
    return;
  }
  casc_value *ops[33];
  for (unsigned i = 0; i < 32; i++) {
    const asc_int a = i < 16 ? dst_list[i] : src_list[i - 16];
    char what[16];
    snprintf(what, sizeof what, "%s[%u]", i < 16 ? "dst_list" : "src_list",
             i % 16);
    if (!(ops[i] = lang_mat(&c, asc__sv_vi(a), c.k->ui64, what)))
      return;
  }
  if (!(ops[32] = lang_value(&c, params.p_, params.k_, "params")))
    return;
  if (!casc_type_is_asc(ops[32]->type, CASC_ASC_TRANS_DATA_TO_5HD_PARAMS)) {
    lang_error(&c, "params is not a TransDataTo5HDParams");
    return;
  }
  casc_named_attr seg = {casc_intern_cstr(c.k->ctx, "operandSegmentSizes"),
                         casc_attr_opaque(c.k->ctx, "array<i32: 16, 16, 1>")};
  lang_op(&c, CASC_OP_TRANS_DATA_TO_5HD_UINT_LIST, 33, ops, 0, NULL,
          casc_attr_dict(c.k->ctx, 1, &seg));
}
