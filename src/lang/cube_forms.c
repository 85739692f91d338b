/* The C API of casc/asc_cube_forms.h: the cube's other data movement forms,
 * built as pyasc builds them (core/types.py DataCopyCO12DstParams and
 * FixpipeConfig, basic/data_copy.py, basic/fixpipe.py). Element types and
 * TPositions that the IR cannot tell are the simulator's runtime checks. */
#include "casc/asc_cube_forms.h"
#include "lang/lang_internal.h"

asc_data_copy_co12dst_params
asc_datacopyco12dstparams_at(const char *file, int line,
                             const asc__sv *fields) {
  lang_call c;
  asc_data_copy_co12dst_params r = {0};
  if (!lang_begin(&c, "asc_datacopyco12dstparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  int q = (int)fields[4].i_;
  if (fields[4].kind_ == ASC__SV_INT &&
      (q < ASC_QUANTMODE_NOQUANT || q > ASC_QUANTMODE_VREQ8)) {
    lang_error(&c, "%d is not a valid QuantMode", q);
    return r;
  }
  static const char *const names[8] = {
      "n_size",    "m_size",   "dst_stride",    "src_stride",
      "quant_pre", "relu_pre", "channel_split", "nz2nd_en"};
  casc_type *quant =
      casc_type_asc(c.k->ctx, CASC_ASC_QUANT_MODE_T, 0, NULL, 0, NULL, NULL);
  /* pyasc's plain _mat: Python ints and the QuantModes enum as i32. */
  casc_type *const mat[8] = {c.k->i32, c.k->i32, c.k->i32, c.k->i32,
                             c.k->i32, c.k->i32, c.k->i1,  c.k->i1};
  casc_type *const ft[8] = {c.k->ui64, c.k->ui64, c.k->ui64, c.k->ui64,
                            quant,     c.k->ui8,  c.k->i1,   c.k->i1};
  r.p_ = lang_construct(&c, CASC_ASC_DATA_COPY_CO12DST_PARAMS, 8, fields, names,
                        mat, ft);
  return r;
}

void asc_data_copy_co12dst_at(const char *file, int line, asc__tensor dst,
                              asc_local_tensor src,
                              asc_data_copy_co12dst_params params) {
  lang_call c;
  if (!lang_begin(&c, "asc_data_copy_co12dst", file, line))
    return;
  casc_value *ops[3];
  casc_dtype sd = CASC_DT_INVALID;
  ops[0] = dst.global_ ? lang_global_value(&c, dst.p_, dst.k_, "dst")
                       : lang_value(&c, dst.p_, dst.k_, "dst");
  ops[1] = lang_local_tensor(&c, src.p_, src.k_, "src", &sd);
  ops[2] = lang_value(&c, params.p_, params.k_, "params");
  if (c.failed)
    return;
  if (!casc_type_is_asc(ops[2]->type, CASC_ASC_DATA_COPY_CO12DST_PARAMS)) {
    lang_error(&c, "params is not a DataCopyCO12DstParams");
    return;
  }
  if (sd != CASC_DT_F32 && sd != CASC_DT_I32) {
    lang_error(&c, "src has dtype %s; the CO1 DataCopy reads float or int32",
               casc_dtype_pyasc_name(sd));
    return;
  }
  lang_op(&c, CASC_OP_DATA_COPY_CO12DST, 3, ops, 0, NULL, NULL);
}

void asc_fixpipe_workspace_at(const char *file, int line, asc_global_tensor dst,
                              asc_local_tensor src,
                              asc_local_tensor cbuf_workspace,
                              asc_fixpipe_params params,
                              asc_fixpipe_config config) {
  lang_call c;
  if (!lang_begin(&c, "asc_fixpipe", file, line))
    return;
  casc_dtype sd = CASC_DT_INVALID, wd = CASC_DT_INVALID;
  casc_value *ops[5];
  ops[0] = lang_global_value(&c, dst.p_, dst.k_, "dst");
  ops[1] = lang_local_tensor(&c, src.p_, src.k_, "src", &sd);
  ops[2] = lang_local_tensor(&c, cbuf_workspace.p_, cbuf_workspace.k_,
                             "cbuf_workspace", &wd);
  ops[3] = lang_value(&c, params.p_, params.k_, "params");
  ops[4] = lang_value(&c, config.p_, config.k_, "config");
  if (c.failed)
    return;
  if (!casc_type_is_asc(ops[3]->type, CASC_ASC_FIXPIPE_PARAMS_V220)) {
    lang_error(&c, "params is not a FixpipeParamsV220");
    return;
  }
  if (!casc_type_is_asc(ops[4]->type, CASC_ASC_FIXPIPE_CONFIG)) {
    lang_error(&c, "config is not a FixpipeConfig");
    return;
  }
  if (sd != CASC_DT_F32 && sd != CASC_DT_I32) {
    lang_error(&c, "src has dtype %s; Fixpipe reads float or int32 from CO1",
               casc_dtype_pyasc_name(sd));
    return;
  }
  /* "cbufWorkspace: 量化参数，类型为LocalTensor<uint64_t>" */
  if (wd != CASC_DT_U64) {
    lang_error(&c, "cbuf_workspace has dtype %s; it holds uint64 parameters",
               casc_dtype_pyasc_name(wd));
    return;
  }
  lang_op(&c, CASC_OP_FIXPIPE_WITH_WORKSPACE, 5, ops, 0, NULL, NULL);
}

asc_fixpipe_config asc_fixpipeconfig_cfg_nz_at(const char *file, int line) {
  return asc_fixpipeconfig_at(file, line, ASC_CO2LAYOUT_NZ);
}

asc_fixpipe_config asc_fixpipeconfig_cfg_row_major_at(const char *file,
                                                      int line) {
  return asc_fixpipeconfig_at(file, line, ASC_CO2LAYOUT_ROW_MAJOR);
}
