/* The C API of LoadDataWithTranspose and SetLoadDataRepeat with their
 * parameter structs (casc/asc_data.h), built as pyasc's mm.py and
 * core/types.py build them: LoadData2dTransposeParams' fields
 * materialised as their own types (uint16 / uint8), LoadDataRepeatParam's
 * as pyasc's plain _mat (i32) under the types ui8, ui16, ui8. */
#include "casc/asc_data.h"
#include "lang/lang_internal.h"

asc_load_data_2d_transpose_params
asc_loaddata2dtransposeparams_at(const char *file, int line,
                                 const asc__sv *fields) {
  lang_call c;
  asc_load_data_2d_transpose_params r = {0};
  if (!lang_begin(&c, "asc_loaddata2dtransposeparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  static const char *const names[6] = {"start_index",  "repeat_times",
                                       "src_stride",   "dst_gap",
                                       "dst_frac_gap", "addr_mode"};
  casc_type *const t[6] = {c.k->ui16, c.k->ui8,  c.k->ui16,
                           c.k->ui16, c.k->ui16, c.k->ui8};
  r.p_ = lang_construct(&c, CASC_ASC_LOAD_DATA_2D_TRANSPOSE_PARAMS, 6, fields,
                        names, t, t);
  return r;
}

/* LoadDataWithTranspose with params of type `want` (its C++ name
 * want_name): both forms check the same, then build `kind`. */
void lang_load_data_with_transpose(const char *file, int line,
                                   asc_local_tensor dst, asc_local_tensor src,
                                   void *params_p, unsigned params_k,
                                   casc_asc_type want, const char *want_name,
                                   casc_op_kind kind) {
  lang_call c;
  if (!lang_begin(&c, "asc_load_data_with_transpose", file, line))
    return;
  casc_value *ops[3];
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID;
  if (!(ops[0] = lang_local_tensor(&c, dst.p_, dst.k_, "dst", &dd)) ||
      !(ops[1] = lang_local_tensor(&c, src.p_, src.k_, "src", &sd)) ||
      !(ops[2] = lang_value(&c, params_p, params_k, "params")))
    return;
  /* The transpose moves fractals; it does not convert. */
  if (dd != sd) {
    lang_error(&c, "src has dtype %s but dst has dtype %s",
               casc_dtype_pyasc_name(sd), casc_dtype_pyasc_name(dd));
    return;
  }
  if (!casc_type_is_asc(ops[2]->type, want)) {
    lang_error(&c, "params is not a %s", want_name);
    return;
  }
  lang_op(&c, kind, 3, ops, 0, NULL, NULL);
}

void asc_load_data_with_transpose_at(const char *file, int line,
                                     asc_local_tensor dst, asc_local_tensor src,
                                     asc_load_data_2d_transpose_params params) {
  lang_load_data_with_transpose(file, line, dst, src, params.p_, params.k_,
                                CASC_ASC_LOAD_DATA_2D_TRANSPOSE_PARAMS,
                                "LoadData2dTransposeParams",
                                CASC_OP_LOAD_DATA_WITH_TRANSPOSE);
}

asc_load_data_repeat_param
asc_loaddatarepeatparam_at(const char *file, int line, asc__sv repeat_time,
                           asc__sv repeat_stride, asc__sv repeat_mode) {
  lang_call c;
  asc_load_data_repeat_param r = {0};
  if (!lang_begin(&c, "asc_loaddatarepeatparam", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[3] = {repeat_time, repeat_stride, repeat_mode};
  static const char *const names[3] = {"repeat_time", "repeat_stride",
                                       "repeat_mode"};
  casc_type *const mat[3] = {NULL, NULL, NULL};
  casc_type *const ft[3] = {c.k->ui8, c.k->ui16, c.k->ui8};
  r.p_ = lang_construct(&c, CASC_ASC_LOAD_DATA_REPEAT_PARAM, 3, in, names, mat,
                        ft);
  return r;
}

void asc_set_load_data_repeat_at(const char *file, int line,
                                 asc_load_data_repeat_param param) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_load_data_repeat", file, line))
    return;
  casc_value *p = lang_value(&c, param.p_, param.k_, "param");
  if (!p)
    return;
  if (!casc_type_is_asc(p->type, CASC_ASC_LOAD_DATA_REPEAT_PARAM)) {
    lang_error(&c, "param is not a LoadDataRepeatParam");
    return;
  }
  lang_op(&c, CASC_OP_SET_LOAD_DATA_REPEAT, 1, &p, 0, NULL, NULL);
}
