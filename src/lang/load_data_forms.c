/* The C API of LoadData's parameter-struct forms (casc/asc_cube_forms.h):
 * LoadData2DParamsV2, LoadData3DParamsV1 / V2 / V2Pro and
 * LoadData2dTransposeParamsV2, and the load_data / load_data_with_transpose
 * overloads that take them, built as pyasc's core/types.py and basic/mm.py
 * build them: every field materialised in its own type (_mat(x, KT.uint16)
 * ...), so a kernel prints as pyasc prints it. */
#include "casc/asc_cube_forms.h"
#include "lang/lang_internal.h"

/* A parameter struct whose fields pyasc materialises in their field types;
 * ft holds the types by code: 'b' ui8, 'h' ui16, 'w' ui32, 'q' ui64, 's'
 * i16, 'i' i32, '1' i1. */
static void *struct_of(const char *api, const char *file, int line,
                       casc_asc_type id, const char *codes,
                       const char *const *names, const asc__sv *fields,
                       unsigned *stamp) {
  lang_call c;
  *stamp = 0;
  if (!lang_begin(&c, api, file, line))
    return NULL;
  *stamp = lang_stamp(&c);
  casc_type *ft[LANG_CONSTRUCT_MAX];
  unsigned n = 0;
  for (; codes[n] && n < LANG_CONSTRUCT_MAX; n++) {
    lang_kernel *k = c.k;
    switch (codes[n]) {
    case 'b':
      ft[n] = k->ui8;
      break;
    case 'h':
      ft[n] = k->ui16;
      break;
    case 'w':
      ft[n] = k->ui32;
      break;
    case 'q':
      ft[n] = k->ui64;
      break;
    case 's':
      ft[n] = k->i16;
      break;
    case 'i':
      ft[n] = k->i32;
      break;
    default:
      ft[n] = k->i1;
      break;
    }
  }
  return lang_construct(&c, id, n, fields, names, ft, ft);
}

asc_load_data_2d_params_v2 asc_loaddata2dparamsv2_at(const char *file, int line,
                                                     const asc__sv *fields) {
  static const char *const names[8] = {
      "m_start_position", "k_start_position", "m_step",       "k_step",
      "src_stride",       "dst_stride",       "if_transpose", "sid"};
  asc_load_data_2d_params_v2 r = {0};
  r.p_ = struct_of("asc_loaddata2dparamsv2", file, line,
                   CASC_ASC_LOAD_DATA_2D_PARAMS_V2, "wwhhih1b", names, fields,
                   &r.k_);
  return r;
}

asc_load_data_2d_transpose_params_v2
asc_loaddata2dtransposeparamsv2_at(const char *file, int line,
                                   const asc__sv *fields) {
  static const char *const names[7] = {
      "start_index",  "repeat_times", "src_stride", "dst_gap",
      "dst_frac_gap", "src_frac_gap", "addr_mode"};
  asc_load_data_2d_transpose_params_v2 r = {0};
  r.p_ = struct_of("asc_loaddata2dtransposeparamsv2", file, line,
                   CASC_ASC_LOAD_DATA_2D_TRANSPOSE_PARAMS_V2, "hbhhhhb", names,
                   fields, &r.k_);
  return r;
}

asc_load_data_3d_params_v1 asc_loaddata3dparamsv1_at(const char *file, int line,
                                                     const asc__sv *fields) {
  static const char *const names[22] = {"pad_list[0]",
                                        "pad_list[1]",
                                        "pad_list[2]",
                                        "pad_list[3]",
                                        "l1_h",
                                        "l1_w",
                                        "c1_index",
                                        "fetch_filter_w",
                                        "fetch_filter_h",
                                        "left_top_w",
                                        "left_top_h",
                                        "stride_w",
                                        "stride_h",
                                        "filter_w",
                                        "filter_h",
                                        "dilation_filter_w",
                                        "dilation_filter_h",
                                        "jump_stride",
                                        "repeat_mode",
                                        "repeat_time",
                                        "c_size",
                                        "pad_value"};
  asc_load_data_3d_params_v1 r = {0};
  r.p_ = struct_of("asc_loaddata3dparamsv1", file, line,
                   CASC_ASC_LOAD_DATA_3D_PARAMS_V1, "bbbbhhhbbssbbbbbbbbbbh",
                   names, fields, &r.k_);
  return r;
}

asc_load_data_3d_params_v2 asc_loaddata3dparamsv2_at(const char *file, int line,
                                                     const asc__sv *fields) {
  static const char *const names[22] = {"pad_list[0]",
                                        "pad_list[1]",
                                        "pad_list[2]",
                                        "pad_list[3]",
                                        "l1_h",
                                        "l1_w",
                                        "channel_size",
                                        "k_extension",
                                        "m_extension",
                                        "k_start_pt",
                                        "m_start_pt",
                                        "stride_w",
                                        "stride_h",
                                        "filter_w",
                                        "filter_h",
                                        "dilation_filter_w",
                                        "dilation_filter_h",
                                        "en_transpose",
                                        "pad_value",
                                        "filter_size_w",
                                        "filter_size_h",
                                        "f_matrix_ctrl"};
  asc_load_data_3d_params_v2 r = {0};
  r.p_ = struct_of("asc_loaddata3dparamsv2", file, line,
                   CASC_ASC_LOAD_DATA_3D_PARAMS_V2, "bbbbhhbhhhhbbbbbb1h111",
                   names, fields, &r.k_);
  return r;
}

asc_load_data_3d_params_v2pro
asc_loaddata3dparamsv2pro_at(const char *file, int line,
                             const asc__sv *fields) {
  static const char *const names[8] = {
      "channel_size",  "en_transpose",  "en_small_k", "filter_size_w",
      "filter_size_h", "f_matrix_ctrl", "ext_config", "filter_config"};
  asc_load_data_3d_params_v2pro r = {0};
  r.p_ = struct_of("asc_loaddata3dparamsv2pro", file, line,
                   CASC_ASC_LOAD_DATA_3D_PARAMS_V2_PRO, "h11111qq", names,
                   fields, &r.k_);
  return r;
}

/* load_data(dst, src, params) of any form: dst a LocalTensor, src a
 * LocalTensor (l0_kind) or, where pyasc has the form, a GlobalTensor
 * (g2l_kind, 0 = none); one element type. */
static void load_data_form(const char *file, int line, asc_local_tensor dst,
                           asc__tensor src, void *pp, unsigned pk,
                           casc_asc_type id, const char *what,
                           casc_op_kind l0_kind, casc_op_kind g2l_kind,
                           bool has_g2l) {
  lang_call c;
  if (!lang_begin(&c, "asc_load_data", file, line))
    return;
  casc_value *ops[3];
  casc_dtype dd = CASC_DT_INVALID;
  ops[0] = lang_local_tensor(&c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = src.global_ ? lang_global_value(&c, src.p_, src.k_, "src")
                       : lang_value(&c, src.p_, src.k_, "src");
  ops[2] = lang_value(&c, pp, pk, "params");
  if (c.failed)
    return;
  if (!casc_type_is_asc(ops[2]->type, id)) {
    lang_error(&c, "params is not a %s", what);
    return;
  }
  if (src.global_ && !has_g2l) {
    lang_error(&c, "LoadData with %s loads from a LocalTensor (A1 / B1)", what);
    return;
  }
  if (casc_type_elem(ops[0]->type) != casc_type_elem(ops[1]->type)) {
    lang_error(&c, "dst and src have different dtypes (%s, %s)",
               lang_type_name(&c, casc_type_elem(ops[0]->type)),
               lang_type_name(&c, casc_type_elem(ops[1]->type)));
    return;
  }
  lang_op(&c, src.global_ ? g2l_kind : l0_kind, 3, ops, 0, NULL, NULL);
}

void asc_load_data_2d_any_at(const char *file, int line, asc_local_tensor dst,
                             asc__tensor src, asc_load_data_2d_params p) {
  if (!src.global_) { /* the original form (src/lang/cube.c) */
    asc_local_tensor s = {src.p_, src.k_};
    asc_load_data_at(file, line, dst, s, p);
    return;
  }
  load_data_form(file, line, dst, src, p.p_, p.k_, CASC_ASC_LOAD_DATA_2D_PARAMS,
                 "LoadData2DParams", CASC_OP_LOAD_DATA_L0,
                 CASC_OP_LOAD_DATA_G2L, true);
}

void asc_load_data_2d_v2_at(const char *file, int line, asc_local_tensor dst,
                            asc__tensor src, asc_load_data_2d_params_v2 p) {
  load_data_form(file, line, dst, src, p.p_, p.k_,
                 CASC_ASC_LOAD_DATA_2D_PARAMS_V2, "LoadData2DParamsV2",
                 CASC_OP_LOAD_DATA_L0_V2, CASC_OP_LOAD_DATA_G2L_V2, true);
}

void asc_load_data_3d_v1_at(const char *file, int line, asc_local_tensor dst,
                            asc__tensor src, asc_load_data_3d_params_v1 p) {
  load_data_form(file, line, dst, src, p.p_, p.k_,
                 CASC_ASC_LOAD_DATA_3D_PARAMS_V1, "LoadData3DParamsV1",
                 CASC_OP_LOAD_DATA_3D_L0_V1, CASC_OP_LOAD_DATA_3D_L0_V1, false);
}

void asc_load_data_3d_v2_at(const char *file, int line, asc_local_tensor dst,
                            asc__tensor src, asc_load_data_3d_params_v2 p) {
  load_data_form(file, line, dst, src, p.p_, p.k_,
                 CASC_ASC_LOAD_DATA_3D_PARAMS_V2, "LoadData3DParamsV2",
                 CASC_OP_LOAD_DATA_3D_L0_V2, CASC_OP_LOAD_DATA_3D_L0_V2, false);
}

void asc_load_data_3d_v2pro_at(const char *file, int line, asc_local_tensor dst,
                               asc__tensor src,
                               asc_load_data_3d_params_v2pro p) {
  load_data_form(file, line, dst, src, p.p_, p.k_,
                 CASC_ASC_LOAD_DATA_3D_PARAMS_V2_PRO, "LoadData3DParamsV2Pro",
                 CASC_OP_LOAD_DATA_3D_L0_V2PRO, CASC_OP_LOAD_DATA_3D_L0_V2PRO,
                 false);
}

void asc_load_data_with_transpose_v2_at(
    const char *file, int line, asc_local_tensor dst, asc_local_tensor src,
    asc_load_data_2d_transpose_params_v2 p) {
  lang_load_data_with_transpose(file, line, dst, src, p.p_, p.k_,
                                CASC_ASC_LOAD_DATA_2D_TRANSPOSE_PARAMS_V2,
                                "LoadData2dTransposeParamsV2",
                                CASC_OP_LOAD_DATA_WITH_TRANSPOSE_V2);
}
