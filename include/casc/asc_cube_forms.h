/* The cube's other data movement forms, for C kernels (pyasc's
 * asc.DataCopyCO12DstParams, data_copy(dst, co1, params), the fixpipe with a
 * cbufWorkspace, asc.FixpipeConfig.cfg_nz / cfg_row_major). Included by
 * casc/asc.h; the naming rule and the error behaviour are asc.h's.
 *
 *   asc_datacopyco12dstparams(n_size, m_size, dst_stride, src_stride,
 *                             quant_pre, relu_pre, channel_split, nz2nd_en)
 *       DataCopyCO12DstParams: [ui64 x 4, QuantMode_t, ui8, i1, i1] as
 *       pyasc builds it (the integers materialised as i32).
 *   asc_data_copy_co12dst(dst, src, params)
 *       DataCopy CO1 -> GM (NZ, or ND with nz2nd_en) or CO1 -> A1 (NZ),
 *       converting float / int32 by quant_pre (ascendc.data_copy_co12dst;
 *       named after the IR op: asc_data_copy takes one dtype). DEQF16's
 *       scale is the value asc_set_fix_pipe_pre_quant_flag set.
 *   asc_fixpipe(dst, src, cbuf_workspace, params, config)
 *       Fixpipe with per-column quantisation parameters: cbuf_workspace is
 *       a uint64 A1 tensor of n_size values (ascendc.fixpipe_with_workspace).
 *   asc_fixpipeconfig_cfg_nz(), asc_fixpipeconfig_cfg_row_major()
 *       CFG_NZ / CFG_ROW_MAJOR, the FixpipeConfig constants.
 * LoadData's other parameter structs (pyasc's core/types.py; every field in
 * its own type) and the load_data overloads that take them:
 *   asc_loaddata2dparamsv2(m_start_position, k_start_position, m_step,
 *                          k_step, src_stride, dst_stride, if_transpose, sid)
 *   asc_loaddata3dparamsv1(pad_left, pad_right, pad_top, pad_bottom, l1_h,
 *                          l1_w, c1_index, fetch_filter_w, fetch_filter_h,
 *                          left_top_w, left_top_h, stride_w, stride_h,
 *                          filter_w, filter_h, dilation_filter_w,
 *                          dilation_filter_h, jump_stride, repeat_mode,
 *                          repeat_time, c_size, pad_value)
 *   asc_loaddata3dparamsv2(pad_left, pad_right, pad_top, pad_bottom, l1_h,
 *                          l1_w, channel_size, k_extension, m_extension,
 *                          k_start_pt, m_start_pt, stride_w, stride_h,
 *                          filter_w, filter_h, dilation_filter_w,
 *                          dilation_filter_h, en_transpose, pad_value,
 *                          filter_size_w, filter_size_h, f_matrix_ctrl)
 *   asc_loaddata3dparamsv2pro(channel_size, en_transpose, en_small_k,
 *                             filter_size_w, filter_size_h, f_matrix_ctrl,
 *                             ext_config, filter_config)
 *   asc_loaddata2dtransposeparamsv2(start_index, repeat_times, src_stride,
 *                                   dst_gap, dst_frac_gap, src_frac_gap,
 *                                   addr_mode)
 *   asc_load_data(dst, src, params)   picks the form by the params' type:
 *       LoadData2DParams (src LocalTensor: load_data_l0, GlobalTensor:
 *       load_data_g2l), LoadData2DParamsV2 (load_data_l0_v2 / _g2l_v2),
 *       LoadData3DParamsV1 / V2 / V2Pro (load_data_3d_l0_v1 / _v2 / _v2pro)
 *   asc_load_data_with_transpose(dst, src, params)   LoadData2dTransposeParams
 *       or LoadData2dTransposeParamsV2
 * Semantics and checks: docs/simulator.md, "The cube path: other forms". */
#ifndef CASC_ASC_CUBE_FORMS_H
#define CASC_ASC_CUBE_FORMS_H

#include "casc/asc.h"

#pragma GCC visibility push(default)

#ifdef __cplusplus
extern "C" {
#endif

ASC__HANDLE(asc_data_copy_co12dst_params); /* DataCopyCO12DstParams */

asc_data_copy_co12dst_params
asc_datacopyco12dstparams_at(const char *file, int line, const asc__sv *fields);
#define asc_datacopyco12dstparams(n, m, ds, ss, q, relu, cs, nz)               \
  asc_datacopyco12dstparams_at(                                                \
      ASC__AT,                                                                 \
      (const asc__sv[]){ASC__I(n), ASC__I(m), ASC__I(ds), ASC__I(ss),          \
                        ASC__I(q), ASC__I(relu), ASC__B(cs), ASC__B(nz)})

void asc_data_copy_co12dst_at(const char *file, int line, asc__tensor dst,
                              asc_local_tensor src,
                              asc_data_copy_co12dst_params params);
#define asc_data_copy_co12dst(d, s, p)                                         \
  asc_data_copy_co12dst_at(ASC__AT, ASC__T(d), s, p)

/* asc_fixpipe's five-argument form (asc.h names the four-argument one). */
void asc_fixpipe_workspace_at(const char *file, int line, asc_global_tensor dst,
                              asc_local_tensor src,
                              asc_local_tensor cbuf_workspace,
                              asc_fixpipe_params params,
                              asc_fixpipe_config config);
#define asc__fixpipe_5(d, s, ws, p, c)                                         \
  asc_fixpipe_workspace_at(ASC__AT, d, s, ws, p, c)

asc_fixpipe_config asc_fixpipeconfig_cfg_nz_at(const char *file, int line);
asc_fixpipe_config asc_fixpipeconfig_cfg_row_major_at(const char *file,
                                                      int line);
#define asc_fixpipeconfig_cfg_nz() asc_fixpipeconfig_cfg_nz_at(ASC__AT)
#define asc_fixpipeconfig_cfg_row_major()                                      \
  asc_fixpipeconfig_cfg_row_major_at(ASC__AT)

ASC__HANDLE(asc_load_data_2d_params_v2);           /* LoadData2DParamsV2 */
ASC__HANDLE(asc_load_data_3d_params_v1);           /* LoadData3DParamsV1 */
ASC__HANDLE(asc_load_data_3d_params_v2);           /* LoadData3DParamsV2 */
ASC__HANDLE(asc_load_data_3d_params_v2pro);        /* LoadData3DParamsV2Pro */
ASC__HANDLE(asc_load_data_2d_transpose_params_v2); /* ..TransposeParamsV2 */

asc_load_data_2d_params_v2 asc_loaddata2dparamsv2_at(const char *file, int line,
                                                     const asc__sv *fields);
#define asc_loaddata2dparamsv2(ms, ks, mst, kst, ss, ds, tr, sid)              \
  asc_loaddata2dparamsv2_at(                                                   \
      ASC__AT,                                                                 \
      (const asc__sv[]){ASC__I(ms), ASC__I(ks), ASC__I(mst), ASC__I(kst),      \
                        ASC__I(ss), ASC__I(ds), ASC__B(tr), ASC__I(sid)})
asc_load_data_2d_transpose_params_v2
asc_loaddata2dtransposeparamsv2_at(const char *file, int line,
                                   const asc__sv *fields);
#define asc_loaddata2dtransposeparamsv2(si, rt, ss, dg, dfg, sfg, am)          \
  asc_loaddata2dtransposeparamsv2_at(                                          \
      ASC__AT,                                                                 \
      (const asc__sv[]){ASC__I(si), ASC__I(rt), ASC__I(ss), ASC__I(dg),        \
                        ASC__I(dfg), ASC__I(sfg), ASC__I(am)})
asc_load_data_3d_params_v1 asc_loaddata3dparamsv1_at(const char *file, int line,
                                                     const asc__sv *fields);
#define asc_loaddata3dparamsv1(pl, pr, pt, pb, h, w, c1, ffw, ffh, ltw, lth,   \
                               sw, sh, fw, fh, dw, dh, js, rm, rt, cs, pv)     \
  asc_loaddata3dparamsv1_at(                                                   \
      ASC__AT,                                                                 \
      (const asc__sv[]){ASC__I(pl),  ASC__I(pr),  ASC__I(pt),  ASC__I(pb),     \
                        ASC__I(h),   ASC__I(w),   ASC__I(c1),  ASC__I(ffw),    \
                        ASC__I(ffh), ASC__I(ltw), ASC__I(lth), ASC__I(sw),     \
                        ASC__I(sh),  ASC__I(fw),  ASC__I(fh),  ASC__I(dw),     \
                        ASC__I(dh),  ASC__I(js),  ASC__I(rm),  ASC__I(rt),     \
                        ASC__I(cs),  ASC__I(pv)})
asc_load_data_3d_params_v2 asc_loaddata3dparamsv2_at(const char *file, int line,
                                                     const asc__sv *fields);
#define asc_loaddata3dparamsv2(pl, pr, pt, pb, h, w, ch, ke, me, ks, ms, sw,   \
                               sh, fw, fh, dw, dh, tr, pv, fsw, fsh, fmc)      \
  asc_loaddata3dparamsv2_at(                                                   \
      ASC__AT,                                                                 \
      (const asc__sv[]){ASC__I(pl),  ASC__I(pr), ASC__I(pt), ASC__I(pb),       \
                        ASC__I(h),   ASC__I(w),  ASC__I(ch), ASC__I(ke),       \
                        ASC__I(me),  ASC__I(ks), ASC__I(ms), ASC__I(sw),       \
                        ASC__I(sh),  ASC__I(fw), ASC__I(fh), ASC__I(dw),       \
                        ASC__I(dh),  ASC__B(tr), ASC__I(pv), ASC__B(fsw),      \
                        ASC__B(fsh), ASC__B(fmc)})
asc_load_data_3d_params_v2pro
asc_loaddata3dparamsv2pro_at(const char *file, int line, const asc__sv *fields);
#define asc_loaddata3dparamsv2pro(ch, tr, sk, fsw, fsh, fmc, ext, fcfg)        \
  asc_loaddata3dparamsv2pro_at(                                                \
      ASC__AT,                                                                 \
      (const asc__sv[]){ASC__I(ch), ASC__B(tr), ASC__B(sk), ASC__B(fsw),       \
                        ASC__B(fsh), ASC__B(fmc), ASC__I(ext), ASC__I(fcfg)})

/* load_data's forms (asc.h's asc_load_data picks one by the params). */
void asc_load_data_2d_any_at(const char *file, int line, asc_local_tensor dst,
                             asc__tensor src, asc_load_data_2d_params p);
void asc_load_data_2d_v2_at(const char *file, int line, asc_local_tensor dst,
                            asc__tensor src, asc_load_data_2d_params_v2 p);
void asc_load_data_3d_v1_at(const char *file, int line, asc_local_tensor dst,
                            asc__tensor src, asc_load_data_3d_params_v1 p);
void asc_load_data_3d_v2_at(const char *file, int line, asc_local_tensor dst,
                            asc__tensor src, asc_load_data_3d_params_v2 p);
void asc_load_data_3d_v2pro_at(const char *file, int line, asc_local_tensor dst,
                               asc__tensor src,
                               asc_load_data_3d_params_v2pro p);
void asc_load_data_with_transpose_v2_at(const char *file, int line,
                                        asc_local_tensor dst,
                                        asc_local_tensor src,
                                        asc_load_data_2d_transpose_params_v2 p);

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop

#endif /* CASC_ASC_CUBE_FORMS_H */
