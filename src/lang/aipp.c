/* AIPP parameters and calls, LoadImageToLocal and CheckLocalMemoryIA
 * (pyasc asc.language.core.aipp_types / basic; casc/asc_aipp.h). */
#include "lang/lang_internal.h"

/* pyasc's defaults of the six AIPP sub-parameter dataclasses. */
static asc_aipp_padding_params default_padding(void) {
  asc_aipp_padding_params p = {asc__sv_i(0), asc__sv_i(0), asc__sv_i(0),
                               asc__sv_i(0), asc__sv_i(0)};
  return p;
}
static asc_aipp_swap_params default_swap(void) {
  asc_aipp_swap_params p = {asc__sv_i(0), asc__sv_i(0), asc__sv_i(0)};
  return p;
}
static asc_aipp_data_type_conv_params default_dtc(void) {
  asc_aipp_data_type_conv_params p = {
      asc__sv_i(0),   asc__sv_i(0),   asc__sv_i(0),   asc__sv_f(0.0),
      asc__sv_f(0.0), asc__sv_f(0.0), asc__sv_f(1.0), asc__sv_f(1.0),
      asc__sv_f(1.0), asc__sv_i(0)};
  return p;
}
static asc_aipp_color_space_conv_params default_csc(void) {
  asc_aipp_color_space_conv_params p;
  p.is_enable_csc = asc__sv_i(0);
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++)
      p.csc_matrix[i][j] = asc__sv_i(0);
    p.csc_bias_in[i] = asc__sv_i(0);
    p.csc_bias_out[i] = asc__sv_i(0);
  }
  return p;
}

/* ascendc.construct of struct `id` from n values already materialised,
 * with the field types ft[] in the `types` attribute. */
static casc_value *construct_values(lang_call *c, casc_asc_type id, unsigned n,
                                    casc_value *const *ops,
                                    casc_type *const *ft) {
  casc_attr *fields[LANG_CONSTRUCT_MAX];
  for (unsigned i = 0; i < n; i++)
    fields[i] = casc_attr_type(c->k->ctx, ft[i]);
  casc_type *t = casc_type_asc(c->k->ctx, id, 0, NULL, 0, NULL, NULL);
  return lang_op1(
      c, CASC_OP_CONSTRUCT, n, ops, t,
      lang_attrs1(c, "types", casc_attr_array(c->k->ctx, n, fields)));
}

static casc_value *
padding_struct(lang_call *c, const asc_aipp_padding_params *p, casc_type *dt) {
  const asc__sv in[5] = {p->padding_mode, p->padding_value_ch0,
                         p->padding_value_ch1, p->padding_value_ch2,
                         p->padding_value_ch3};
  static const char *const names[5] = {"padding_mode", "padding_value_ch0",
                                       "padding_value_ch1", "padding_value_ch2",
                                       "padding_value_ch3"};
  /* padding_mode is materialised without a type (a C integer is i32) */
  casc_type *const mat[5] = {NULL, dt, dt, dt, dt};
  casc_type *const ft[5] = {c->k->ui32, dt, dt, dt, dt};
  return lang_construct(c, CASC_ASC_AIPP_PADDING_PARAMS, 5, in, names, mat, ft);
}

static casc_value *swap_struct(lang_call *c, const asc_aipp_swap_params *p) {
  const asc__sv in[3] = {p->is_swap_rb, p->is_swap_uv, p->is_swap_ax};
  static const char *const names[3] = {"is_swap_rb", "is_swap_uv",
                                       "is_swap_ax"};
  casc_type *const mat[3] = {c->k->i1, c->k->i1, c->k->i1};
  casc_type *const ft[3] = {c->k->i8, c->k->i8, c->k->i8};
  return lang_construct(c, CASC_ASC_AIPP_SWAP_PARAMS, 3, in, names, mat, ft);
}

static casc_value *single_line_struct(lang_call *c,
                                      const asc_aipp_single_line_params *p) {
  static const char *const names[1] = {"is_single_line_copy"};
  casc_type *const mat[1] = {c->k->i1};
  casc_type *const ft[1] = {c->k->i8};
  return lang_construct(c, CASC_ASC_AIPP_SINGLE_LINE_PARAMS, 1,
                        &p->is_single_line_copy, names, mat, ft);
}

static casc_value *dtc_struct(lang_call *c,
                              const asc_aipp_data_type_conv_params *p) {
  const asc__sv in[10] = {p->dtc_mean_ch0,  p->dtc_mean_ch1, p->dtc_mean_ch2,
                          p->dtc_min_ch0,   p->dtc_min_ch1,  p->dtc_min_ch2,
                          p->dtc_var_ch0,   p->dtc_var_ch1,  p->dtc_var_ch2,
                          p->dtc_round_mode};
  static const char *const names[10] = {
      "dtc_mean_ch0", "dtc_mean_ch1",  "dtc_mean_ch2", "dtc_min_ch0",
      "dtc_min_ch1",  "dtc_min_ch2",   "dtc_var_ch0",  "dtc_var_ch1",
      "dtc_var_ch2",  "dtc_round_mode"};
  lang_kernel *k = c->k;
  casc_type *const t[10] = {k->ui8, k->ui8, k->ui8, k->f16, k->f16,
                            k->f16, k->f16, k->f16, k->f16, k->ui32};
  return lang_construct(c, CASC_ASC_AIPP_DTC_PARAMS, 10, in, names, t, t);
}

static casc_value *cpad_struct(lang_call *c,
                               const asc_aipp_channel_padding_params *p,
                               casc_type *dt) {
  const asc__sv in[2] = {p->c_padding_mode, p->c_padding_value};
  static const char *const names[2] = {"c_padding_mode", "c_padding_value"};
  casc_type *const mat[2] = {NULL, dt};
  casc_type *const ft[2] = {c->k->ui32, dt};
  return lang_construct(c, CASC_ASC_AIPP_CPADDING_PARAMS, 2, in, names, mat,
                        ft);
}

static casc_value *csc_struct(lang_call *c,
                              const asc_aipp_color_space_conv_params *p) {
  static const char *const names[16] = {
      "is_enable_csc",    "csc_matrix_r0_c0", "csc_matrix_r0_c1",
      "csc_matrix_r0_c2", "csc_matrix_r1_c0", "csc_matrix_r1_c1",
      "csc_matrix_r1_c2", "csc_matrix_r2_c0", "csc_matrix_r2_c1",
      "csc_matrix_r2_c2", "csc_bias_in_0",    "csc_bias_in_1",
      "csc_bias_in_2",    "csc_bias_out_0",   "csc_bias_out_1",
      "csc_bias_out_2"};
  asc__sv in[16];
  casc_type *mat[16], *ft[16];
  in[0] = p->is_enable_csc;
  mat[0] = c->k->i1;
  ft[0] = c->k->i8;
  for (int i = 0; i < 9; i++) {
    in[1 + i] = p->csc_matrix[i / 3][i % 3];
    mat[1 + i] = ft[1 + i] = c->k->i16;
  }
  for (int i = 0; i < 3; i++) {
    in[10 + i] = p->csc_bias_in[i];
    in[13 + i] = p->csc_bias_out[i];
    mat[10 + i] = ft[10 + i] = mat[13 + i] = ft[13 + i] = c->k->ui8;
  }
  return lang_construct(c, CASC_ASC_AIPP_CSC_PARAMS, 16, in, names, mat, ft);
}

asc_aipp_params asc_aippparams_at(const char *file, int line, asc_dtype dt,
                                  const asc_aipp_padding_params *padding,
                                  const asc_aipp_swap_params *swap,
                                  const asc_aipp_single_line_params *single,
                                  const asc_aipp_data_type_conv_params *dtc,
                                  const asc_aipp_channel_padding_params *cpad,
                                  const asc_aipp_color_space_conv_params *csc) {
  lang_call c;
  asc_aipp_params r = {0};
  if (!lang_begin(&c, "asc_aippparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  if (dt != ASC_INT8 && dt != ASC_HALF) {
    lang_error(&c, "dtype must be int8 or half, got %s", asc_dtype_name(dt));
    return r;
  }
  casc_type *elem = lang_dtype_type(c.k, dt);
  const asc_aipp_padding_params dpad = default_padding();
  const asc_aipp_swap_params dswap = default_swap();
  const asc_aipp_single_line_params dsingle = {asc__sv_i(0)};
  const asc_aipp_data_type_conv_params ddtc = default_dtc();
  const asc_aipp_channel_padding_params dcpad = {asc__sv_i(0), asc__sv_i(0)};
  const asc_aipp_color_space_conv_params dcsc = default_csc();
  /* pyasc materialises the six parts in this order, then the AippParams */
  casc_value *ops[6] = {NULL};
  if (!(ops[0] = padding_struct(&c, padding ? padding : &dpad, elem)) ||
      !(ops[1] = swap_struct(&c, swap ? swap : &dswap)) ||
      !(ops[2] = single_line_struct(&c, single ? single : &dsingle)) ||
      !(ops[3] = dtc_struct(&c, dtc ? dtc : &ddtc)) ||
      !(ops[4] = cpad_struct(&c, cpad ? cpad : &dcpad, elem)) ||
      !(ops[5] = csc_struct(&c, csc ? csc : &dcsc)))
    return r;
  casc_type *ft[6];
  for (int i = 0; i < 6; i++)
    ft[i] = ops[i]->type;
  r.p_ = construct_values(&c, CASC_ASC_AIPP_PARAMS, 6, ops, ft);
  return r;
}

static bool format_valid(asc_aippinputformat f) {
  return f == ASC_AIPPINPUTFORMAT_YUV420SP_U8 ||
         f == ASC_AIPPINPUTFORMAT_XRGB8888_U8 ||
         f == ASC_AIPPINPUTFORMAT_RGB888_U8 ||
         f == ASC_AIPPINPUTFORMAT_YUV400_U8;
}

/* A handle of a parameter struct of type id, checked. */
static casc_value *param_value(lang_call *c, void *p, unsigned k,
                               casc_asc_type id, const char *what,
                               const char *type_name) {
  casc_value *v = lang_value(c, p, k, what);
  if (v && !casc_type_is_asc(v->type, id)) {
    lang_error(c, "%s is not a%s %s", what, type_name[0] == 'A' ? "n" : "",
               type_name);
    return NULL;
  }
  return v;
}

void asc_set_aipp_functions_at(const char *file, int line,
                               asc_global_tensor src0, asc_global_tensor src1,
                               bool has_src1, asc_aippinputformat format,
                               asc_aipp_params config) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_aipp_functions", file, line))
    return;
  if (!format_valid(format)) {
    lang_error(&c, "%d is not a valid AippInputFormat", (int)format);
    return;
  }
  casc_value *ops[3];
  unsigned n = 0;
  ops[n++] = lang_global_value(&c, src0.p_, src0.k_, "src0");
  if (has_src1)
    ops[n++] = lang_global_value(&c, src1.p_, src1.k_, "src1");
  ops[n++] = param_value(&c, config.p_, config.k_, CASC_ASC_AIPP_PARAMS,
                         "config", "AippParams");
  if (!c.failed)
    lang_op(&c, CASC_OP_SET_AIPP_FUNCTIONS, n, ops, 0, NULL,
            lang_attrs1(&c, "format", lang_enum_attr(&c, format)));
}

asc_load_image_to_local_params
asc_loadimagetolocalparams_at(const char *file, int line, asc__sv horiz_size,
                              asc__sv vert_size, asc__sv horiz_start_pos,
                              asc__sv vert_start_pos, asc__sv src_horiz_size,
                              asc__sv top_pad_size, asc__sv bot_pad_size,
                              asc__sv left_pad_size, asc__sv right_pad_size) {
  lang_call c;
  asc_load_image_to_local_params r = {0};
  if (!lang_begin(&c, "asc_loadimagetolocalparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[9] = {horiz_size,     vert_size,      horiz_start_pos,
                         vert_start_pos, src_horiz_size, top_pad_size,
                         bot_pad_size,   left_pad_size,  right_pad_size};
  static const char *const names[9] = {
      "horiz_size",     "vert_size",      "horiz_start_pos",
      "vert_start_pos", "src_horiz_size", "top_pad_size",
      "bot_pad_size",   "left_pad_size",  "right_pad_size"};
  /* the reference's ranges, in pixels: sizes 2..4095, start positions
   * 0..4095, paddings 0..32 */
  static const long long lo[9] = {2, 2, 0, 0, 2, 0, 0, 0, 0};
  static const long long hi[9] = {4095, 4095, 4095, 4095, 4095, 32, 32, 32, 32};
  casc_type *mat[9], *ft[9];
  for (int i = 0; i < 9; i++) {
    mat[i] = NULL; /* pyasc: _mat(x), a C integer is i32 */
    ft[i] = c.k->ui16;
    bool out =
        (in[i].kind_ == ASC__SV_INT &&
         (in[i].i_ < lo[i] || in[i].i_ > hi[i])) ||
        (in[i].kind_ == ASC__SV_UINT && (in[i].u_ < (unsigned long long)lo[i] ||
                                         in[i].u_ > (unsigned long long)hi[i]));
    if (out) {
      lang_error(&c, "%s is out of range [%lld, %lld]", names[i], lo[i], hi[i]);
      return r;
    }
  }
  r.p_ = lang_construct(&c, CASC_ASC_LOAD_IMAGE_TO_LOCAL_PARAMS, 9, in, names,
                        mat, ft);
  return r;
}

void asc_load_image_to_local_at(const char *file, int line,
                                asc_local_tensor dst,
                                asc_load_image_to_local_params params) {
  lang_call c;
  if (!lang_begin(&c, "asc_load_image_to_local", file, line))
    return;
  casc_dtype dd = CASC_DT_INVALID;
  casc_value *ops[2] = {lang_local_tensor(&c, dst.p_, dst.k_, "dst", &dd),
                        param_value(&c, params.p_, params.k_,
                                    CASC_ASC_LOAD_IMAGE_TO_LOCAL_PARAMS,
                                    "params", "LoadImageToLocalParams")};
  if (c.failed)
    return;
  /* the reference's LoadImageToLocal writes int8_t or half */
  if (dd != CASC_DT_I8 && dd != CASC_DT_F16) {
    lang_error(&c, "dst has dtype %s; LoadImageToLocal writes int8 or half",
               casc_dtype_pyasc_name(dd));
    return;
  }
  lang_op(&c, CASC_OP_LOAD_IMAGE_TO_LOCAL, 2, ops, 0, NULL, NULL);
}

asc_check_local_memory_ia_param asc_checklocalmemoryiaparam_at(
    const char *file, int line, asc__sv enable_bit, asc__sv start_addr,
    asc__sv end_addr, asc__sv is_scalar_read, asc__sv is_scalar_write,
    asc__sv is_vector_read, asc__sv is_vector_write, asc__sv is_mte_read,
    asc__sv is_mte_write, asc__sv is_enable) {
  lang_call c;
  asc_check_local_memory_ia_param r = {0};
  if (!lang_begin(&c, "asc_checklocalmemoryiaparam", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[10] = {enable_bit,      start_addr,      end_addr,
                          is_scalar_read,  is_scalar_write, is_vector_read,
                          is_vector_write, is_mte_read,     is_mte_write,
                          is_enable};
  static const char *const names[10] = {
      "enable_bit",      "start_addr",     "end_addr",        "is_scalar_read",
      "is_scalar_write", "is_vector_read", "is_vector_write", "is_mte_read",
      "is_mte_write",    "is_enable"};
  casc_type *t[10] = {c.k->ui8, c.k->ui32, c.k->ui32};
  for (int i = 3; i < 10; i++)
    t[i] = c.k->i1;
  r.p_ = lang_construct(&c, CASC_ASC_CHECK_LOCAL_MEMORY_IA_PARAM, 10, in, names,
                        t, t);
  return r;
}

void asc_check_local_memory_ia_at(const char *file, int line,
                                  asc_check_local_memory_ia_param param) {
  lang_call c;
  if (!lang_begin(&c, "asc_check_local_memory_ia", file, line))
    return;
  casc_value *v =
      param_value(&c, param.p_, param.k_, CASC_ASC_CHECK_LOCAL_MEMORY_IA_PARAM,
                  "param", "CheckLocalMemoryIAParam");
  if (v)
    lang_op(&c, CASC_OP_CHECK_LOCAL_MEMORY_IA, 1, &v, 0, NULL, NULL);
}
