/* The cube unit's basic API (pyasc asc.language.basic mm.py / fixpipe.py):
 * the parameter structs (Nd2NzParams, LoadData2DParams, MmadParams,
 * FixpipeParamsV220, FixpipeConfig) as the ascendc.construct ops pyasc
 * builds, and LoadData, Mmad and Fixpipe. Each struct's operands are
 * materialised in the type pyasc's `_mat` gives them and carry pyasc's field
 * types, so a kernel built here prints as pyasc prints it. The element
 * types follow the Ascend C reference for Atlas A2 (docs/simulator.md, "The
 * cube path"); TPositions are runtime facts and are checked by the
 * simulator. */
#include "lang/lang_internal.h"

/* A parameter-struct constructor: begin the call, build the construct. */
static void *params(const char *api, const char *file, int line,
                    casc_asc_type id, unsigned n, const asc__sv *in,
                    const char *const *names, casc_type *const *mat,
                    casc_type *const *ft, unsigned *stamp) {
  lang_call c;
  *stamp = 0;
  if (!lang_begin(&c, api, file, line))
    return NULL;
  *stamp = lang_stamp(&c);
  return lang_construct(&c, id, n, in, names, mat, ft);
}

static lang_kernel *cur(void) {
  return lang_current();
}

asc_nd2nz_params asc_nd2nzparams_at(const char *file, int line,
                                    const asc__sv *fields) {
  static const char *const names[8] = {
      "nd_num",          "n_value",
      "d_value",         "src_nd_matrix_stride",
      "src_d_value",     "dst_nz_c0_stride",
      "dst_nz_n_stride", "dst_nz_matrix_stride"};
  asc_nd2nz_params r = {0};
  lang_kernel *k = cur();
  casc_type *mat[8], *ft[8];
  for (unsigned i = 0; i < 8; i++) {
    mat[i] = k ? k->i32 : NULL;
    ft[i] = k ? k->ui16 : NULL;
  }
  r.p_ = params("asc_nd2nzparams", file, line, CASC_ASC_ND2NZ_PARAMS, 8, fields,
                names, mat, ft, &r.k_);
  return r;
}

asc_load_data_2d_params asc_loaddata2dparams_at(const char *file, int line,
                                                const asc__sv *fields) {
  static const char *const names[7] = {
      "start_index", "repeat_times", "src_stride", "sid",
      "dst_gap",     "if_transpose", "addr_mode"};
  asc_load_data_2d_params r = {0};
  lang_kernel *k = cur();
  casc_type *const t[7] = {k ? k->ui16 : NULL, k ? k->ui8 : NULL,
                           k ? k->ui16 : NULL, k ? k->ui16 : NULL,
                           k ? k->ui16 : NULL, k ? k->i1 : NULL,
                           k ? k->ui8 : NULL};
  /* pyasc materialises each field in its own type (_mat(x, KT.uint16)). */
  r.p_ = params("asc_loaddata2dparams", file, line,
                CASC_ASC_LOAD_DATA_2D_PARAMS, 7, fields, names, t, t, &r.k_);
  return r;
}

asc_mmad_params asc_mmadparams_at(const char *file, int line,
                                  const asc__sv *fields) {
  static const char *const names[6] = {
      "m", "n", "k", "unit_flag", "cmatrix_source", "cmatrix_init_val"};
  asc_mmad_params r = {0};
  lang_kernel *k = cur();
  /* pyasc's 6-field form: unit_flag is materialised (and typed) as i1
   * there, unlike the C++ field (uint8_t); kept for byte-compatible IR. */
  casc_type *const t[6] = {k ? k->ui16 : NULL, k ? k->ui16 : NULL,
                           k ? k->ui16 : NULL, k ? k->i1 : NULL,
                           k ? k->i1 : NULL,   k ? k->i1 : NULL};
  r.p_ = params("asc_mmadparams", file, line, CASC_ASC_MMAD_PARAMS, 6, fields,
                names, t, t, &r.k_);
  return r;
}

/* FixpipeParamsV220 from its 12 fields in pyasc's argument order
 * (types.py: n_size, m_size, src_stride, dst_stride, quant_pre,
 * deq_scalar, nd_num, src_nd_stride, dst_nd_stride, relu_en, unit_flag,
 * is_channel_split); the construct lists them in the C++ struct's order
 * (relu_en fifth), each materialised as pyasc's `_mat` does. */
static asc_fixpipe_params fixpipe_params(const char *api, const char *file,
                                         int line, const asc__sv *f) {
  static const char *const names[12] = {
      "n_size",        "m_size",        "src_stride", "dst_stride",
      "relu_en",       "quant_pre",     "deq_scalar", "nd_num",
      "src_nd_stride", "dst_nd_stride", "unit_flag",  "is_channel_split"};
  asc_fixpipe_params r = {0};
  lang_kernel *k = cur();
  if (!k) { /* outside a build: let params() report it */
    r.p_ = params(api, file, line, CASC_ASC_FIXPIPE_PARAMS_V220, 0, NULL, NULL,
                  NULL, NULL, &r.k_);
    return r;
  }
  int q = (int)f[4].i_;
  if (f[4].kind_ == ASC__SV_INT &&
      (q < ASC_QUANTMODE_NOQUANT || q > ASC_QUANTMODE_VREQ8)) {
    lang_call c;
    if (lang_begin(&c, api, file, line))
      lang_error(&c, "%d is not a valid QuantMode", q);
    return r;
  }
  const asc__sv in[12] = {f[0], f[1], f[2], f[3], f[9],  f[4],
                          f[5], f[6], f[7], f[8], f[10], f[11]};
  casc_ctx *ctx = k->ctx;
  casc_type *quant =
      casc_type_asc(ctx, CASC_ASC_QUANT_MODE_T, 0, NULL, 0, NULL, NULL);
  casc_type *mat[12] = {k->ui16, k->ui16, k->ui16, k->ui32, k->i1,  k->i32,
                        k->i32,  k->ui16, k->ui16, k->ui16, k->i32, k->i1};
  casc_type *const ft[12] = {k->ui16, k->ui16, k->ui16, k->ui32, k->i1,  quant,
                             k->ui64, k->ui16, k->ui16, k->ui16, k->ui8, k->i1};
  /* pyasc's `_mat(x)` without a type keeps a runtime value's own type
   * (relu_en, quant_pre, deq_scalar, unit_flag, is_channel_split): only
   * the C constants take the types above. */
  static const unsigned untyped[5] = {4, 5, 6, 10, 11};
  for (unsigned i = 0; i < 5; i++)
    if (in[untyped[i]].kind_ == ASC__SV_VALUE)
      mat[untyped[i]] = NULL;
  r.p_ = params(api, file, line, CASC_ASC_FIXPIPE_PARAMS_V220, 12, in, names,
                mat, ft, &r.k_);
  return r;
}

asc_fixpipe_params asc_fixpipeparamsv220_at(const char *file, int line,
                                            const asc__sv *fields) {
  /* (n, m, ss, ds, quant, relu): pyasc's defaults for the rest */
  const asc__sv f[12] = {fields[0],    fields[1],    fields[2],
                         fields[3],    fields[4],    asc__sv_i(0),
                         asc__sv_i(1), asc__sv_i(0), asc__sv_i(0),
                         fields[5],    asc__sv_i(0), asc__sv_i(0)};
  return fixpipe_params("asc_fixpipeparamsv220", file, line, f);
}

asc_fixpipe_params asc_fixpipeparamsv220_full_at(const char *file, int line,
                                                 const asc__sv *fields) {
  return fixpipe_params("asc_fixpipeparamsv220_full", file, line, fields);
}

asc_fixpipe_config asc_fixpipeconfig_at(const char *file, int line,
                                        asc_co2layout layout) {
  asc_fixpipe_config r = {0};
  lang_call c;
  if (!lang_begin(&c, "asc_fixpipeconfig", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  if ((int)layout < ASC_CO2LAYOUT_NZ || (int)layout > ASC_CO2LAYOUT_ROW_MAJOR) {
    lang_error(&c,
               "%d is not a CO2Layout Fixpipe takes on Atlas A2 (NZ, "
               "ROW_MAJOR)",
               (int)layout);
    return r;
  }
  static const char *const names[1] = {"layout"};
  const asc__sv in[1] = {asc__sv_i(layout)};
  casc_type *const mat[1] = {c.k->i32};
  casc_type *const ft[1] = {
      casc_type_asc(c.k->ctx, CASC_ASC_CO2_LAYOUT, 0, NULL, 0, NULL, NULL)};
  r.p_ = lang_construct(&c, CASC_ASC_FIXPIPE_CONFIG, 1, in, names, mat, ft);
  return r;
}

/* A LocalTensor operand and its element dtype. */
static casc_value *ltensor(lang_call *c, asc_local_tensor t, const char *what,
                           casc_dtype *dt) {
  return lang_local_tensor(c, t.p_, t.k_, what, dt);
}

/* A parameter-struct operand of the given type. */
static casc_value *param_value(lang_call *c, void *p, unsigned k,
                               casc_asc_type id, const char *what) {
  casc_value *v = lang_value(c, p, k, "params");
  if (v && !casc_type_is_asc(v->type, id)) {
    lang_error(c, "params is not a %s", what);
    return NULL;
  }
  return v;
}

void asc_load_data_at(const char *file, int line, asc_local_tensor dst,
                      asc_local_tensor src, asc_load_data_2d_params params_) {
  lang_call c;
  if (!lang_begin(&c, "asc_load_data", file, line))
    return;
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID;
  casc_value *ops[3];
  ops[0] = ltensor(&c, dst, "dst", &dd);
  ops[1] = ltensor(&c, src, "src", &sd);
  ops[2] = param_value(&c, params_.p_, params_.k_, CASC_ASC_LOAD_DATA_2D_PARAMS,
                       "LoadData2DParams");
  if (c.failed)
    return;
  if (dd != sd) {
    lang_error(&c, "dst has dtype %s but src has dtype %s",
               casc_dtype_pyasc_name(dd), casc_dtype_pyasc_name(sd));
    return;
  }
  /* pyasc's load_data of two LocalTensors with LoadData2DParams. */
  lang_op(&c, CASC_OP_LOAD_DATA_L0, 3, ops, 0, NULL, NULL);
}

/* The accumulator type Mmad gives an operand type on Atlas A2, or
 * CASC_DT_INVALID when the cube does not take it (the Mmad reference's
 * precision table: half/bf16 -> float, int8 -> int32). */
static casc_dtype mmad_acc(casc_dtype in) {
  switch (in) {
  case CASC_DT_F16:
  case CASC_DT_BF16:
  case CASC_DT_F32: /* regular FP32 (SetHF32Mode false) */
    return CASC_DT_F32;
  case CASC_DT_I8:
    return CASC_DT_I32;
  default:
    return CASC_DT_INVALID;
  }
}

void asc_mmad_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor fm, asc_local_tensor filter,
                 asc_local_tensor bias, bool has_bias,
                 asc_mmad_params params_) {
  lang_call c;
  if (!lang_begin(&c, "asc_mmad", file, line))
    return;
  casc_dtype dd = CASC_DT_INVALID, ad = CASC_DT_INVALID, bd = CASC_DT_INVALID,
             cd = CASC_DT_INVALID;
  casc_value *ops[5];
  unsigned n = 0;
  ops[n++] = ltensor(&c, dst, "dst", &dd);
  ops[n++] = ltensor(&c, fm, "fm", &ad);
  ops[n++] = ltensor(&c, filter, "filter", &bd);
  if (has_bias)
    ops[n++] = ltensor(&c, bias, "bias", &cd);
  ops[n] = param_value(&c, params_.p_, params_.k_, CASC_ASC_MMAD_PARAMS,
                       "MmadParams");
  n++;
  if (c.failed)
    return;
  casc_dtype acc = mmad_acc(ad);
  if (acc == CASC_DT_INVALID || ad != bd) {
    lang_error(&c,
               "fm has dtype %s and filter %s; Mmad takes half, bfloat16, "
               "float or int8, the same for both",
               casc_dtype_pyasc_name(ad), casc_dtype_pyasc_name(bd));
    return;
  }
  if (dd != acc || (has_bias && cd != acc)) {
    lang_error(&c, "%s has dtype %s; Mmad of %s accumulates in %s",
               dd != acc ? "dst" : "bias",
               casc_dtype_pyasc_name(dd != acc ? dd : cd),
               casc_dtype_pyasc_name(ad), casc_dtype_pyasc_name(acc));
    return;
  }
  lang_op(&c, has_bias ? CASC_OP_MMAD_WITH_BIAS : CASC_OP_MMAD, n, ops, 0, NULL,
          NULL);
}

void asc_fixpipe_at(const char *file, int line, asc_global_tensor dst,
                    asc_local_tensor src, asc_fixpipe_params params_,
                    asc_fixpipe_config config) {
  lang_call c;
  if (!lang_begin(&c, "asc_fixpipe", file, line))
    return;
  casc_dtype sd = CASC_DT_INVALID;
  casc_value *ops[4];
  ops[0] = lang_global_value(&c, dst.p_, dst.k_, "dst");
  ops[1] = ltensor(&c, src, "src", &sd);
  ops[2] = param_value(&c, params_.p_, params_.k_, CASC_ASC_FIXPIPE_PARAMS_V220,
                       "FixpipeParamsV220");
  ops[3] = lang_value(&c, config.p_, config.k_, "config");
  if (c.failed)
    return;
  if (!casc_type_is_asc(ops[3]->type, CASC_ASC_FIXPIPE_CONFIG)) {
    lang_error(&c, "config is not a FixpipeConfig");
    return;
  }
  if (sd != CASC_DT_F32 && sd != CASC_DT_I32) {
    lang_error(&c, "src has dtype %s; Fixpipe reads float or int32 from CO1",
               casc_dtype_pyasc_name(sd));
    return;
  }
  lang_op(&c, CASC_OP_FIXPIPE, 4, ops, 0, NULL, NULL);
}
