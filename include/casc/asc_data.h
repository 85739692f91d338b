/* Data movement inside UB and the CMPMASK register, for C kernels (pyasc's
 * asc.copy, asc.CopyRepeatParams, the register form of asc.compare,
 * asc.get_cmp_mask and asc.set_cmp_mask). Included by casc/asc.h; the
 * naming rule and the error behaviour are asc.h's.
 *
 *   asc_copyrepeatparams(dst_stride, src_stride, dst_repeat_size,
 *                        src_repeat_size)
 *       CopyRepeatParams: block strides and repeat strides, in 32-byte
 *       blocks (uint16 fields, as pyasc).
 *   asc_copy(dst, src, mask, repeat_time, params[, is_set_mask = 1])
 *       Copy, UB -> UB: mask an element count (ascendc.copy_l1) or a
 *       `uint64_t[2]` bit mask (ascendc.copy_l0) — pyasc's op names for
 *       its int and list masks; repeat_time uint8.
 *   asc_compare_r(src0, src1, cmp_mode, mask, params)
 *       pyasc's compare(src0, src1, cmp_mode, mask, repeat_params): one
 *       repeat compared into the CMPMASK register (compare_r_l0 with a
 *       count, compare_r_l1 with a bit mask), BinaryRepeatParams. Named
 *       after the IR op: C cannot tell it from asc_compare's five-argument
 *       form by argument count.
 *   asc_get_cmp_mask(dst), asc_set_cmp_mask(src)
 *       Store the register into dst / load it from src (LocalTensors).
 * The sort family on A2's (score, index) layout (pyasc's asc.sort,
 * asc.adv.extract, asc.MrgSortSrcList, asc.mrg_sort):
 *   asc_sort(dst, concat, index, tmp, repeat_time[, is_full_sort = 0])
 *   asc_adv_extract(dst_value, dst_index, sorted, repeat_time)
 *   asc_mrgsortsrclist(dtype, src1, src2[, src3[, src4]])
 *   asc_mrg_sort(dst, list, counts, valid_bit, repeat_time
 *                [, is_exhausted_suspension = 0])
 *       counts: `const uint16_t[4]`, the element count of each list.
 *       pyasc's sorted_num (an output of the C++ call that pyasc passes as
 *       four input values) is built as four zeros.
 * Gatherb (pyasc's asc.gatherb, asc.GatherRepeatParams):
 *   asc_gatherb(dst, src0, offset, repeat_time,
 *               asc_gatherrepeatparams(dst_blk_stride, dst_rep_stride))
 *       32-byte blocks of src0 at the uint32 byte offsets into dst.
 * DataCopy NZ -> ND (pyasc's asc.Nz2NdParamsFull):
 *   asc_nz2ndparamsfull(nd_num, n_value, d_value, src_nd_matrix_stride,
 *                       src_n_stride, dst_d_stride, dst_nd_matrix_stride)
 *       used as asc_data_copy(gm, ub, params) (ascendc.data_copy_nz2nd).
 * DataCopy of a multi-dimensional slice (pyasc's asc.SliceInfo and
 * data_copy(dst, src, dst_slices, src_slices, dim_value)):
 *   asc_sliceinfo(start_index, end_index, stride, burst_len, shape_value)
 *   asc_data_copy_slice(dst, src, dst_infos, src_infos, n, dim_value)
 *       dst_infos / src_infos: arrays of n asc_slice_info (GM <-> UB);
 *       named after the IR op (data_copy_slice): asc_data_copy's third
 *       argument cannot carry two arrays.
 * Control registers and scalar queries (pyasc's set_pad_value,
 * set_load_data_boundary, set_load_data_padding_value,
 * set_fix_pipe_pre_quant_flag, get_sort_len, get_sort_offset,
 * get_mrg_sort_result, get_gather_mask_remain_count):
 *   asc_set_pad_value(value[, pos = ASC_TPOSITION_MAX])
 *       pos: MAX, VECIN or VECOUT (pyasc's check); value int -> i32,
 *       float -> f32, an asc_int / asc_float keeps its type.
 *   asc_set_load_data_boundary(boundary), asc_set_load_data_padding_value(v)
 *   asc_set_fix_pipe_pre_quant_flag(config)      config as uint64
 *   asc_get_sort_len(n), asc_get_sort_offset(n)  uint32 in and out
 *   asc_get_mrg_sort_result(&l1, &l2, &l3, &l4)  four uint16 asc_int
 *   asc_get_gather_mask_remain_count()           uint64
 *   The simulator runs set_fix_pipe_pre_quant_flag (DataCopy CO1 -> GM
 *   reads it), the load-data registers (LoadData 3-D reads them), the
 *   sort/merge queries and get_gather_mask_remain_count, and reports
 *   set_pad_value as not supported (docs/simulator.md).
 * InitConstValue (pyasc's asc.InitConstValueParams, asc.init_const_value):
 *   asc_initconstvalueparams(repeat_times, block_num, dst_gap, init_value)
 *   asc_init_const_value(dst, params)            fills an L1 / L0 tensor
 * MrgSort4 (pyasc's asc.MrgSort4Info, asc.mrg_sort4):
 *   asc_mrgsort4info(len0, len1, len2, len3[, if_exhausted_suspension,
 *                    valid_bit, repeat_times])   defaults 0, 15, 1
 *   asc_mrg_sort4(dst, src_list, info)
 * LoadDataWithTranspose and SetLoadDataRepeat (pyasc's
 * asc.LoadData2dTransposeParams, load_data_with_transpose,
 * asc.LoadDataRepeatParam, set_load_data_repeat):
 *   asc_loaddata2dtransposeparams(start_index, repeat_times, src_stride,
 *                                 dst_gap, dst_frac_gap, addr_mode)
 *   asc_load_data_with_transpose(dst, src, params)   one dtype, L1 -> L0
 *   asc_loaddatarepeatparam(repeat_time, repeat_stride, repeat_mode)
 *       pyasc's names and order; the C++ constructor it becomes takes
 *       (repeatStride, repeatTime, repeatMode), so the first value is the
 *       stride on the device and in the simulator (docs/simulator.md)
 *   asc_set_load_data_repeat(param)
 * TransDataTo5HD, LocalTensor form (pyasc's asc.TransDataTo5HDParams,
 * trans_data_to_5hd(dst, src, params)):
 *   asc_transdatato5hdparams(dst_high_half, src_high_half, repeat_times,
 *                            dst_rep_stride, src_rep_stride)
 *   asc_trans_data_to_5hd(dst, src, params)   uint64 address tensors
 *   asc_trans_data_to_5hd_list(dst_list, src_list, params)
 *       arrays of 16 LocalTensors of one dtype (pyasc's list form)
 *   asc_trans_data_to_5hd_uint_list(dst_list, src_list, params)
 *       arrays of 16 asc_int UB addresses (GetPhyAddr), uint64 in the IR
 * The sparse cube path (pyasc's load_data_with_sparse, mmad_with_sparse):
 *   asc_load_data_with_sparse(dst, src, idx, load_data_2d_params)
 *       int8 B1 -> B2 with the uint8 index of the kept values
 *   asc_mmad_with_sparse(dst, fm, filter, mmad_params)   int8 -> int32
 * Semantics and checks: docs/simulator.md, "Copy", "The CMPMASK
 * register" and (the sparse path) "The cube path: 4:2 sparse matmul". */
#ifndef CASC_ASC_DATA_H
#define CASC_ASC_DATA_H

#include "casc/asc.h"

#pragma GCC visibility push(default)

#ifdef __cplusplus
extern "C" {
#endif

ASC__HANDLE(asc_copy_repeat_params); /* CopyRepeatParams */

asc_copy_repeat_params asc_copyrepeatparams_at(const char *file, int line,
                                               asc__sv dst_stride,
                                               asc__sv src_stride,
                                               asc__sv dst_repeat_size,
                                               asc__sv src_repeat_size);
#define asc_copyrepeatparams(ds, ss, dr, sr)                                   \
  asc_copyrepeatparams_at(ASC__AT, ASC__I(ds), ASC__I(ss), ASC__I(dr),         \
                          ASC__I(sr))

void asc_copy_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor src, asc__mask mask, asc__sv repeat_time,
                 asc_copy_repeat_params params, asc__sv is_set_mask);
#define asc_copy(...) ASC__OVERLOAD(asc__copy_, __VA_ARGS__)
#define asc__copy_5(d, s, m, r, p)                                             \
  asc_copy_at(ASC__AT, d, s, ASC__MASK(m), ASC__I(r), p, asc__sv_i(1))
#define asc__copy_6(d, s, m, r, p, sm)                                         \
  asc_copy_at(ASC__AT, d, s, ASC__MASK(m), ASC__I(r), p, ASC__B(sm))

void asc_compare_r_at(const char *file, int line, asc_local_tensor src0,
                      asc_local_tensor src1, asc_cmpmode mode, asc__mask mask,
                      asc_binary_repeat_params params);
#define asc_compare_r(s0, s1, mode, m, p)                                      \
  asc_compare_r_at(ASC__AT, s0, s1, mode, ASC__MASK(m), p)

void asc_get_cmp_mask_at(const char *file, int line, asc_local_tensor dst);
void asc_set_cmp_mask_at(const char *file, int line, asc_local_tensor src);
#define asc_get_cmp_mask(d) asc_get_cmp_mask_at(ASC__AT, d)
#define asc_set_cmp_mask(s) asc_set_cmp_mask_at(ASC__AT, s)

ASC__HANDLE(asc_mrg_sort_src_list);    /* MrgSortSrcList<T> */
ASC__HANDLE(asc_nz2nd_params_full);    /* Nz2NdParamsFull */
ASC__HANDLE(asc_gather_repeat_params); /* GatherRepeatParams */
ASC__HANDLE(asc_slice_info);           /* SliceInfo */

asc_slice_info asc_sliceinfo_at(const char *file, int line,
                                const asc__sv *fields);
#define asc_sliceinfo(s, e, st, b, sh)                                         \
  asc_sliceinfo_at(ASC__AT,                                                    \
                   (const asc__sv[]){ASC__I(s), ASC__I(e), ASC__I(st),         \
                                     ASC__I(b), ASC__I(sh)})
void asc_data_copy_slice_at(const char *file, int line, asc__tensor dst,
                            asc__tensor src, const asc_slice_info *dst_infos,
                            const asc_slice_info *src_infos, unsigned n,
                            asc__sv dim_value);
#define asc_data_copy_slice(d, s, di, si, n, dim)                              \
  asc_data_copy_slice_at(ASC__AT, ASC__T(d), ASC__T(s), di, si, n, ASC__I(dim))

asc_gather_repeat_params asc_gatherrepeatparams_at(const char *file, int line,
                                                   asc__sv dst_blk_stride,
                                                   asc__sv dst_rep_stride);
#define asc_gatherrepeatparams(b, r)                                           \
  asc_gatherrepeatparams_at(ASC__AT, ASC__I(b), ASC__I(r))
void asc_gatherb_at(const char *file, int line, asc_local_tensor dst,
                    asc_local_tensor src0, asc_local_tensor offset,
                    asc__sv repeat_time, asc_gather_repeat_params params);
#define asc_gatherb(d, s, o, r, p)                                             \
  asc_gatherb_at(ASC__AT, d, s, o, ASC__I(r), p)

asc_nz2nd_params_full asc_nz2ndparamsfull_at(const char *file, int line,
                                             const asc__sv *fields);
#define asc_nz2ndparamsfull(nd, n, d, snd, sn, dd, dnd)                        \
  asc_nz2ndparamsfull_at(ASC__AT,                                              \
                         (const asc__sv[]){ASC__I(nd), ASC__I(n), ASC__I(d),   \
                                           ASC__I(snd), ASC__I(sn),            \
                                           ASC__I(dd), ASC__I(dnd)})
/* asc_data_copy's conversion of the params (asc.h). */
static inline asc__sv asc__sv_nz2nd(asc_nz2nd_params_full p) {
  asc__sv s = {0};
  s.kind_ = ASC__SV_PARAMS;
  s.p_ = p.p_;
  s.k_ = p.k_;
  return s;
}

void asc_sort_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor concat, asc_local_tensor index,
                 asc_local_tensor tmp, asc__sv repeat_time, bool full_sort);
#define asc_sort(...) ASC__OVERLOAD(asc__sort_, __VA_ARGS__)
#define asc__sort_5(d, c, i, t, r)                                             \
  asc_sort_at(ASC__AT, d, c, i, t, ASC__I(r), false)
#define asc__sort_6(d, c, i, t, r, full)                                       \
  asc_sort_at(ASC__AT, d, c, i, t, ASC__I(r), (full) != 0)

void asc_adv_extract_at(const char *file, int line, asc_local_tensor dst_value,
                        asc_local_tensor dst_index, asc_local_tensor sorted,
                        asc__sv repeat_time);
#define asc_adv_extract(v, i, s, r)                                            \
  asc_adv_extract_at(ASC__AT, v, i, s, ASC__I(r))

asc_mrg_sort_src_list asc_mrgsortsrclist_at(const char *file, int line,
                                            asc_dtype dtype,
                                            const asc_local_tensor *srcs,
                                            unsigned n);
#define asc_mrgsortsrclist(dt, ...)                                            \
  asc_mrgsortsrclist_at(ASC__AT, dt, (const asc_local_tensor[]){__VA_ARGS__},  \
                        (unsigned)(sizeof((asc_local_tensor[]){__VA_ARGS__}) / \
                                   sizeof(asc_local_tensor)))

void asc_mrg_sort_at(const char *file, int line, asc_local_tensor dst,
                     asc_mrg_sort_src_list list, const uint16_t *counts,
                     asc__sv valid_bit, asc__sv repeat_time, bool suspend);
#define asc_mrg_sort(...) ASC__OVERLOAD(asc__mrg_sort_, __VA_ARGS__)
#define asc__mrg_sort_5(d, l, c, v, r)                                         \
  asc_mrg_sort_at(ASC__AT, d, l, c, ASC__I(v), ASC__I(r), false)
#define asc__mrg_sort_6(d, l, c, v, r, s)                                      \
  asc_mrg_sort_at(ASC__AT, d, l, c, ASC__I(v), ASC__I(r), (s) != 0)

/* Control registers and scalar queries (src/lang/data_regs.c). */
void asc_set_pad_value_at(const char *file, int line, asc__sv padding_value,
                          asc_tposition pos);
#define asc_set_pad_value(...) ASC__OVERLOAD(asc__set_pad_value_, __VA_ARGS__)
#define asc__set_pad_value_1(v)                                                \
  asc_set_pad_value_at(ASC__AT, ASC__N(v), ASC_TPOSITION_MAX)
#define asc__set_pad_value_2(v, pos)                                           \
  asc_set_pad_value_at(ASC__AT, ASC__N(v), pos)
void asc_set_load_data_boundary_at(const char *file, int line,
                                   asc__sv boundary);
#define asc_set_load_data_boundary(b)                                          \
  asc_set_load_data_boundary_at(ASC__AT, ASC__I(b))
void asc_set_load_data_padding_value_at(const char *file, int line,
                                        asc__sv pad_value);
#define asc_set_load_data_padding_value(v)                                     \
  asc_set_load_data_padding_value_at(ASC__AT, ASC__N(v))
/* SetFmatrix (pyasc's IR row ascendc.set_fmatrix; src/lang/load3d_regs.c):
 *   asc_set_fmatrix(l1h, l1w, pad_left, pad_right, pad_top, pad_bottom,
 *                   mode)   mode ASC_FMATRIX_LEFT (the reference's only
 *                           supported one) or ASC_FMATRIX_RIGHT */
typedef enum { ASC_FMATRIX_LEFT = 0, ASC_FMATRIX_RIGHT = 1 } asc_fmatrix_mode;
void asc_set_fmatrix_at(const char *file, int line, asc__sv l1h, asc__sv l1w,
                        const asc__sv *pad_list, asc_fmatrix_mode mode);
#define asc_set_fmatrix(h, w, pl, pr, pt, pb, mode)                            \
  asc_set_fmatrix_at(                                                          \
      ASC__AT, ASC__I(h), ASC__I(w),                                           \
      (const asc__sv[]){ASC__I(pl), ASC__I(pr), ASC__I(pt), ASC__I(pb)}, mode)
void asc_set_fix_pipe_pre_quant_flag_at(const char *file, int line,
                                        asc__sv config);
#define asc_set_fix_pipe_pre_quant_flag(v)                                     \
  asc_set_fix_pipe_pre_quant_flag_at(ASC__AT, ASC__I(v))
asc_int asc_get_sort_len_at(const char *file, int line, asc__sv elem_count);
#define asc_get_sort_len(n) asc_get_sort_len_at(ASC__AT, ASC__I(n))
asc_int asc_get_sort_offset_at(const char *file, int line, asc__sv elem_offset);
#define asc_get_sort_offset(n) asc_get_sort_offset_at(ASC__AT, ASC__I(n))
void asc_get_mrg_sort_result_at(const char *file, int line, asc_int *list1,
                                asc_int *list2, asc_int *list3, asc_int *list4);
#define asc_get_mrg_sort_result(l1, l2, l3, l4)                                \
  asc_get_mrg_sort_result_at(ASC__AT, l1, l2, l3, l4)
asc_int asc_get_gather_mask_remain_count_at(const char *file, int line);
#define asc_get_gather_mask_remain_count()                                     \
  asc_get_gather_mask_remain_count_at(ASC__AT)

/* InitConstValue and MrgSort4 with their parameter structs
 * (src/lang/init_const_value.c, src/lang/mrg_sort4.c). */
ASC__HANDLE(asc_init_const_value_params); /* InitConstValueParams */
ASC__HANDLE(asc_mrg_sort4_info);          /* MrgSort4Info */
asc_init_const_value_params
asc_initconstvalueparams_at(const char *file, int line, asc__sv repeat_times,
                            asc__sv block_num, asc__sv dst_gap,
                            asc__sv init_value);
#define asc_initconstvalueparams(r, b, g, v)                                   \
  asc_initconstvalueparams_at(ASC__AT, ASC__I(r), ASC__I(b), ASC__I(g),        \
                              ASC__N(v))
void asc_init_const_value_at(const char *file, int line, asc_local_tensor dst,
                             asc_init_const_value_params params);
#define asc_init_const_value(d, p) asc_init_const_value_at(ASC__AT, d, p)
asc_mrg_sort4_info asc_mrgsort4info_at(const char *file, int line,
                                       const asc__sv *lengths,
                                       asc__sv if_exhausted_suspension,
                                       asc__sv valid_bit, asc__sv repeat_times);
#define asc_mrgsort4info(...) ASC__OVERLOAD(asc__mrgsort4info_, __VA_ARGS__)
#define asc__mrgsort4info_4(a, b, c, d)                                        \
  asc_mrgsort4info_at(                                                         \
      ASC__AT, (const asc__sv[]){ASC__I(a), ASC__I(b), ASC__I(c), ASC__I(d)},  \
      asc__sv_i(0), asc__sv_i(15), asc__sv_i(1))
#define asc__mrgsort4info_7(a, b, c, d, s, v, r)                               \
  asc_mrgsort4info_at(                                                         \
      ASC__AT, (const asc__sv[]){ASC__I(a), ASC__I(b), ASC__I(c), ASC__I(d)},  \
      ASC__B(s), ASC__I(v), ASC__I(r))
void asc_mrg_sort4_at(const char *file, int line, asc_local_tensor dst,
                      asc_mrg_sort_src_list src, asc_mrg_sort4_info params);
#define asc_mrg_sort4(d, s, p) asc_mrg_sort4_at(ASC__AT, d, s, p)

/* LoadDataWithTranspose, SetLoadDataRepeat and TransDataTo5HD with their
 * parameter structs (src/lang/load_data_transpose.c,
 * src/lang/trans_data_to_5hd.c). */
ASC__HANDLE(asc_load_data_2d_transpose_params); /* LoadData2dTransposeParams */
ASC__HANDLE(asc_load_data_repeat_param);        /* LoadDataRepeatParam */
ASC__HANDLE(asc_trans_data_to_5hd_params);      /* TransDataTo5HDParams */
asc_load_data_2d_transpose_params
asc_loaddata2dtransposeparams_at(const char *file, int line,
                                 const asc__sv *fields);
#define asc_loaddata2dtransposeparams(si, rt, ss, dg, dfg, am)                 \
  asc_loaddata2dtransposeparams_at(                                            \
      ASC__AT, (const asc__sv[]){ASC__I(si), ASC__I(rt), ASC__I(ss),           \
                                 ASC__I(dg), ASC__I(dfg), ASC__I(am)})
void asc_load_data_with_transpose_at(const char *file, int line,
                                     asc_local_tensor dst, asc_local_tensor src,
                                     asc_load_data_2d_transpose_params params);
/* with LoadData2dTransposeParamsV2: casc/asc_cube_forms.h */
#define asc_load_data_with_transpose(d, s, p)                                  \
  _Generic((p), asc_load_data_2d_transpose_params                              \
           : asc_load_data_with_transpose_at,                                  \
             asc_load_data_2d_transpose_params_v2                              \
           : asc_load_data_with_transpose_v2_at)(ASC__AT, d, s, p)
asc_load_data_repeat_param
asc_loaddatarepeatparam_at(const char *file, int line, asc__sv repeat_time,
                           asc__sv repeat_stride, asc__sv repeat_mode);
#define asc_loaddatarepeatparam(t, s, m)                                       \
  asc_loaddatarepeatparam_at(ASC__AT, ASC__I(t), ASC__I(s), ASC__I(m))
void asc_set_load_data_repeat_at(const char *file, int line,
                                 asc_load_data_repeat_param param);
#define asc_set_load_data_repeat(p) asc_set_load_data_repeat_at(ASC__AT, p)
asc_trans_data_to_5hd_params
asc_transdatato5hdparams_at(const char *file, int line, const asc__sv *fields);
#define asc_transdatato5hdparams(dh, sh, rt, ds, ss)                           \
  asc_transdatato5hdparams_at(                                                 \
      ASC__AT, (const asc__sv[]){ASC__B(dh), ASC__B(sh), ASC__I(rt),           \
                                 ASC__I(ds), ASC__I(ss)})
void asc_trans_data_to_5hd_at(const char *file, int line, asc_local_tensor dst,
                              asc_local_tensor src,
                              asc_trans_data_to_5hd_params params);
#define asc_trans_data_to_5hd(d, s, p)                                         \
  asc_trans_data_to_5hd_at(ASC__AT, d, s, p)
void asc_trans_data_to_5hd_list_at(const char *file, int line,
                                   const asc_local_tensor *dst_list,
                                   const asc_local_tensor *src_list,
                                   asc_trans_data_to_5hd_params params);
#define asc_trans_data_to_5hd_list(d, s, p)                                    \
  asc_trans_data_to_5hd_list_at(ASC__AT, d, s, p)
void asc_trans_data_to_5hd_uint_list_at(const char *file, int line,
                                        const asc_int *dst_list,
                                        const asc_int *src_list,
                                        asc_trans_data_to_5hd_params params);
#define asc_trans_data_to_5hd_uint_list(d, s, p)                               \
  asc_trans_data_to_5hd_uint_list_at(ASC__AT, d, s, p)

/* The sparse cube path (src/lang/sparse.c). */
void asc_load_data_with_sparse_at(const char *file, int line,
                                  asc_local_tensor dst, asc_local_tensor src,
                                  asc_local_tensor idx,
                                  asc_load_data_2d_params params);
#define asc_load_data_with_sparse(d, s, i, p)                                  \
  asc_load_data_with_sparse_at(ASC__AT, d, s, i, p)
void asc_mmad_with_sparse_at(const char *file, int line, asc_local_tensor dst,
                             asc_local_tensor fm, asc_local_tensor filter,
                             asc_mmad_params params);
#define asc_mmad_with_sparse(d, a, b, p)                                       \
  asc_mmad_with_sparse_at(ASC__AT, d, a, b, p)

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif /* CASC_ASC_DATA_H */
