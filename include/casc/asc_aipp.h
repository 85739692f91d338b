/* AIPP (the AI pre-processing unit that turns images in GM into L1
 * tensors), LoadImageToLocal and CheckLocalMemoryIA (pyasc's
 * asc.language.core.aipp_types, basic.common, basic.data_copy), included by
 * casc/asc.h; same naming rule and error handling as there.
 *
 *   asc_aipp_swap_params sw = asc_aippswapparams(1, 0, 0);  // swap R/B
 *   asc_aipp_params cfg = asc_aippparams(ASC_HALF, NULL, &sw, NULL, NULL,
 *                                        NULL, NULL);
 *   asc_set_aipp_functions(img, ASC_AIPPINPUTFORMAT_RGB888_U8, cfg);
 *   asc_load_image_to_local(l1, asc_loadimagetolocalparams(
 *                                   16, 16, 0, 0, 16, 0, 0, 0, 0));
 *
 * pyasc's six AIPP sub-parameter classes are Python dataclasses that build
 * no IR until AippParams materialises them (in its dtype), so in C they are
 * plain structs of field values; asc_aippparams builds all six structs and
 * the AippParams, in pyasc's order. The simulator does not run these ops
 * (docs/simulator.md). */
#ifndef CASC_ASC_AIPP_H
#define CASC_ASC_AIPP_H

#include "casc/asc.h"

#pragma GCC visibility push(default)
#ifdef __cplusplus
extern "C" {
#endif

/* asc.AippInputFormat, pyasc's values. */
typedef enum {
  ASC_AIPPINPUTFORMAT_YUV420SP_U8 = 0,
  ASC_AIPPINPUTFORMAT_XRGB8888_U8 = 1,
  ASC_AIPPINPUTFORMAT_RGB888_U8 = 4,
  ASC_AIPPINPUTFORMAT_YUV400_U8 = 9
} asc_aippinputformat;

/* The sub-parameters (every field given; pass NULL to asc_aippparams for
 * pyasc's defaults). Integer fields take asc_int or a C integer, the
 * padding values and the dtc min/var fields a C number or runtime value,
 * the flags asc_bool or a C 0/1. */
typedef struct {
  asc__sv padding_mode; /* i32, field uint32 */
  asc__sv padding_value_ch0, padding_value_ch1, padding_value_ch2,
      padding_value_ch3; /* the AippParams dtype */
} asc_aipp_padding_params;
typedef struct {
  asc__sv is_swap_rb, is_swap_uv, is_swap_ax; /* i1, fields int8 */
} asc_aipp_swap_params;
typedef struct {
  asc__sv is_single_line_copy; /* i1, field int8 */
} asc_aipp_single_line_params;
typedef struct {
  asc__sv dtc_mean_ch0, dtc_mean_ch1, dtc_mean_ch2; /* uint8 */
  asc__sv dtc_min_ch0, dtc_min_ch1, dtc_min_ch2;    /* half */
  asc__sv dtc_var_ch0, dtc_var_ch1, dtc_var_ch2;    /* half */
  asc__sv dtc_round_mode;                           /* uint32 */
} asc_aipp_data_type_conv_params;
typedef struct {
  asc__sv c_padding_mode;  /* i32, field uint32 */
  asc__sv c_padding_value; /* the AippParams dtype */
} asc_aipp_channel_padding_params;
typedef struct {
  asc__sv is_enable_csc;    /* i1, field int8 */
  asc__sv csc_matrix[3][3]; /* int16, row-major (r0_c0, r0_c1, ...) */
  asc__sv csc_bias_in[3], csc_bias_out[3]; /* uint8 */
} asc_aipp_color_space_conv_params;

/* asc.AippPaddingParams(padding_mode, ch0, ch1, ch2, ch3) and friends, in
 * pyasc's field order. */
#define asc_aipppaddingparams(m, v0, v1, v2, v3)                               \
  ((asc_aipp_padding_params){ASC__I(m), ASC__N(v0), ASC__N(v1), ASC__N(v2),    \
                             ASC__N(v3)})
#define asc_aippswapparams(rb, uv, ax)                                         \
  ((asc_aipp_swap_params){ASC__B(rb), ASC__B(uv), ASC__B(ax)})
#define asc_aippsinglelineparams(b) ((asc_aipp_single_line_params){ASC__B(b)})
#define asc_aippdatatypeconvparams(m0, m1, m2, n0, n1, n2, v0, v1, v2, r)      \
  ((asc_aipp_data_type_conv_params){                                           \
      ASC__I(m0), ASC__I(m1), ASC__I(m2), ASC__F(n0), ASC__F(n1), ASC__F(n2),  \
      ASC__F(v0), ASC__F(v1), ASC__F(v2), ASC__I(r)})
#define asc_aippchannelpaddingparams(m, v)                                     \
  ((asc_aipp_channel_padding_params){ASC__I(m), ASC__N(v)})
#define asc_aippcolorspaceconvparams(en, a, b, c, d, e, f, g, h, i, bi0, bi1,  \
                                     bi2, bo0, bo1, bo2)                       \
  ((asc_aipp_color_space_conv_params){                                         \
      ASC__B(en),                                                              \
      {{ASC__I(a), ASC__I(b), ASC__I(c)},                                      \
       {ASC__I(d), ASC__I(e), ASC__I(f)},                                      \
       {ASC__I(g), ASC__I(h), ASC__I(i)}},                                     \
      {ASC__I(bi0), ASC__I(bi1), ASC__I(bi2)},                                 \
      {ASC__I(bo0), ASC__I(bo1), ASC__I(bo2)}})

ASC__HANDLE(asc_aipp_params);                 /* AippParams */
ASC__HANDLE(asc_load_image_to_local_params);  /* LoadImageToLocalParams */
ASC__HANDLE(asc_check_local_memory_ia_param); /* CheckLocalMemoryIAParam */

/* asc.AippParams(dtype, padding, swap, single_line, dtc, c_padding, csc):
 * dtype int8 or half; a NULL part takes pyasc's defaults (all zero, the
 * dtc variances 1.0). asc_aippparams(dtype) is all defaults. */
asc_aipp_params asc_aippparams_at(const char *file, int line, asc_dtype dt,
                                  const asc_aipp_padding_params *padding,
                                  const asc_aipp_swap_params *swap,
                                  const asc_aipp_single_line_params *single,
                                  const asc_aipp_data_type_conv_params *dtc,
                                  const asc_aipp_channel_padding_params *cpad,
                                  const asc_aipp_color_space_conv_params *csc);
#define asc_aippparams(...) ASC__OVERLOAD(asc__aippparams_, __VA_ARGS__)
#define asc__aippparams_1(dt)                                                  \
  asc_aippparams_at(ASC__AT, dt, NULL, NULL, NULL, NULL, NULL, NULL)
#define asc__aippparams_7(dt, p, s, l, d, c, x)                                \
  asc_aippparams_at(ASC__AT, dt, p, s, l, d, c, x)

/* set_aipp_functions(src0[, src1], input_format, config): src0 (and src1,
 * the second plane) GlobalTensors of the image. */
void asc_set_aipp_functions_at(const char *file, int line,
                               asc_global_tensor src0, asc_global_tensor src1,
                               bool has_src1, asc_aippinputformat format,
                               asc_aipp_params config);
#define asc_set_aipp_functions(...)                                            \
  ASC__OVERLOAD(asc__set_aipp_functions_, __VA_ARGS__)
#define asc__set_aipp_functions_3(s0, f, c)                                    \
  asc_set_aipp_functions_at(ASC__AT, s0, (asc_global_tensor){0}, false, f, c)
#define asc__set_aipp_functions_4(s0, s1, f, c)                                \
  asc_set_aipp_functions_at(ASC__AT, s0, s1, true, f, c)

/* asc.LoadImageToLocalParams(horiz_size, vert_size, horiz_start_pos,
 * vert_start_pos, src_horiz_size, top_pad_size, bot_pad_size,
 * left_pad_size, right_pad_size): nine uint16 fields, every one given
 * (pyasc's defaults: 2, 2, 0, 0, 2, 0, 0, 0, 0). load_image_to_local(dst,
 * params): dst an int8 or half LocalTensor (in L1, A1). */
asc_load_image_to_local_params
asc_loadimagetolocalparams_at(const char *file, int line, asc__sv horiz_size,
                              asc__sv vert_size, asc__sv horiz_start_pos,
                              asc__sv vert_start_pos, asc__sv src_horiz_size,
                              asc__sv top_pad_size, asc__sv bot_pad_size,
                              asc__sv left_pad_size, asc__sv right_pad_size);
void asc_load_image_to_local_at(const char *file, int line,
                                asc_local_tensor dst,
                                asc_load_image_to_local_params params);
#define asc_loadimagetolocalparams(h, v, hs, vs, sh, t, b, l, r)               \
  asc_loadimagetolocalparams_at(ASC__AT, ASC__I(h), ASC__I(v), ASC__I(hs),     \
                                ASC__I(vs), ASC__I(sh), ASC__I(t), ASC__I(b),  \
                                ASC__I(l), ASC__I(r))
#define asc_load_image_to_local(d, p) asc_load_image_to_local_at(ASC__AT, d, p)

/* asc.CheckLocalMemoryIAParam(enable_bit, start_addr, end_addr,
 * is_scalar_read, is_scalar_write, is_vector_read, is_vector_write,
 * is_mte_read, is_mte_write, is_enable): uint8, uint32, uint32 and seven
 * flags, every one given (pyasc's defaults: all 0). check_local_memory_ia(
 * param). */
asc_check_local_memory_ia_param asc_checklocalmemoryiaparam_at(
    const char *file, int line, asc__sv enable_bit, asc__sv start_addr,
    asc__sv end_addr, asc__sv is_scalar_read, asc__sv is_scalar_write,
    asc__sv is_vector_read, asc__sv is_vector_write, asc__sv is_mte_read,
    asc__sv is_mte_write, asc__sv is_enable);
void asc_check_local_memory_ia_at(const char *file, int line,
                                  asc_check_local_memory_ia_param param);
#define asc_checklocalmemoryiaparam(e, s, n, sr, sw, vr, vw, mr, mw, en)       \
  asc_checklocalmemoryiaparam_at(                                              \
      ASC__AT, ASC__I(e), ASC__I(s), ASC__I(n), ASC__B(sr), ASC__B(sw),        \
      ASC__B(vr), ASC__B(vw), ASC__B(mr), ASC__B(mw), ASC__B(en))
#define asc_check_local_memory_ia(p) asc_check_local_memory_ia_at(ASC__AT, p)

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif /* CASC_ASC_AIPP_H */
