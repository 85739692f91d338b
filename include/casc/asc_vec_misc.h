/* GatherMask, the region-proposal ops and CastDeq (pyasc's
 * asc.language.basic: vec_gather_mask, proposal, vec_vconv), included by
 * casc/asc.h; same naming rule and error handling as there.
 *
 *   asc_gather_mask_params p = asc_gathermaskparams(1, 2, 8, 0);
 *   asc_int kept = asc_gather_mask(dst, src, pattern, 1, 128u, p);
 *   asc_proposal_concat(props, scores, 2, 4);   // scores into field 4
 */
#ifndef CASC_ASC_VEC_MISC_H
#define CASC_ASC_VEC_MISC_H

#include <stdint.h>

#include "casc/asc.h"

#pragma GCC visibility push(default)
#ifdef __cplusplus
extern "C" {
#endif

ASC__HANDLE(asc_gather_mask_params); /* GatherMaskParams */

/* asc.GatherMaskMode, pyasc's values. */
typedef enum { ASC_GATHERMASKMODE_DEFAULT = 0 } asc_gathermaskmode;

/* asc.GatherMaskParams(src0_block_stride=1, repeat_times=1,
 * src0_repeat_stride=0, src1_repeat_stride=0): fields uint8, uint16,
 * uint16, uint8 (C passes all four, or none for pyasc's defaults). */
asc_gather_mask_params asc_gathermaskparams_at(const char *file, int line,
                                               asc__sv src0_block_stride,
                                               asc__sv repeat_times,
                                               asc__sv src0_repeat_stride,
                                               asc__sv src1_repeat_stride);
#define asc_gathermaskparams(...)                                              \
  ASC__OVERLOAD(asc__gathermaskparams_, __VA_ARGS__)
#define asc__gathermaskparams_1(none)                                          \
  asc_gathermaskparams_at(ASC__AT none, asc__sv_i(1), asc__sv_i(1),            \
                          asc__sv_i(0), asc__sv_i(0))
#define asc__gathermaskparams_4(a, b, c, d)                                    \
  asc_gathermaskparams_at(ASC__AT, ASC__I(a), ASC__I(b), ASC__I(c), ASC__I(d))

/* gather_mask(dst, src0, src1_pattern, reduce_mode, mask, params[,
 * gather_mask_mode]) -> the uint64 count of elements kept. src1_pattern is
 * a LocalTensor (uint16 for 16-bit data, uint32 for 32-bit) or a built-in
 * pattern 1..7 (uint8); reduce_mode is a bool (int8 in the IR, as pyasc),
 * mask uint32. dst and src0: half, uint16, int16, float, uint32 or int32,
 * the same dtype. */
asc_int asc_gather_mask_at(const char *file, int line, asc_local_tensor dst,
                           asc_local_tensor src0, asc__sv src1_pattern,
                           asc__sv reduce_mode, asc__sv mask,
                           asc_gather_mask_params params,
                           asc_gathermaskmode mode);
/* clang-format off */
#define asc__gm_pattern(p)                                                     \
  _Generic((p),                                                                \
      asc_local_tensor: asc__sv_t,                                             \
      asc_int: asc__sv_vi,                                                     \
      ASC__CINTS(asc__sv_i, asc__sv_u))(p)
/* clang-format on */
#define asc_gather_mask(...) ASC__OVERLOAD(asc__gather_mask_, __VA_ARGS__)
#define asc__gather_mask_6(d, s, p, r, m, prm)                                 \
  asc_gather_mask_at(ASC__AT, d, s, asc__gm_pattern(p), ASC__B(r), ASC__I(m),  \
                     prm, ASC_GATHERMASKMODE_DEFAULT)
#define asc__gather_mask_7(d, s, p, r, m, prm, mode)                           \
  asc_gather_mask_at(ASC__AT, d, s, asc__gm_pattern(p), ASC__B(r), ASC__I(m),  \
                     prm, mode)

/* proposal_concat / proposal_extract(dst, src, repeat_time, mode_number)
 * and rp_sort16(dst, src, repeat_time): half or float tensors of one
 * dtype; int32 operands (repeat_time 0..255, mode_number 0..5, the
 * proposal field, when they are C constants). */
void asc_proposal_concat_at(const char *file, int line, asc_local_tensor dst,
                            asc_local_tensor src, asc__sv repeat_time,
                            asc__sv mode_number);
void asc_proposal_extract_at(const char *file, int line, asc_local_tensor dst,
                             asc_local_tensor src, asc__sv repeat_time,
                             asc__sv mode_number);
void asc_rp_sort16_at(const char *file, int line, asc_local_tensor dst,
                      asc_local_tensor src, asc__sv repeat_time);
#define asc_proposal_concat(d, s, r, m)                                        \
  asc_proposal_concat_at(ASC__AT, d, s, ASC__I(r), ASC__I(m))
#define asc_proposal_extract(d, s, r, m)                                       \
  asc_proposal_extract_at(ASC__AT, d, s, ASC__I(r), ASC__I(m))
#define asc_rp_sort16(d, s, r) asc_rp_sort16_at(ASC__AT, d, s, ASC__I(r))

/* cast_deq(dst, src, count): int16 -> int8 / uint8 or int32 -> half with
 * the DEQSCALE of asc_set_deq_scale (count int32); cast_deq(dst, src, mask,
 * repeat_times, repeat_params[, is_set_mask]): the repeat forms, mask a
 * count (uint64, cast_deq_l0) or a uint64_t[2] bit mask (cast_deq_l1),
 * repeat_times int8, params an asc_unaryrepeatparams. pyasc's dispatcher
 * rejects its own is_vec_deq / half_block arguments, so the op's defaults
 * (attributes absent) are the only forms, as in pyasc. */
void asc_cast_deq_at(const char *file, int line, asc_local_tensor dst,
                     asc_local_tensor src, asc__sv count);
void asc_cast_deq_rep_at(const char *file, int line, asc_local_tensor dst,
                         asc_local_tensor src, asc__mask mask,
                         asc__sv repeat_times, asc_unary_repeat_params params,
                         bool is_set_mask);
#define asc_cast_deq(...) ASC__OVERLOAD(asc__cast_deq_, __VA_ARGS__)
#define asc__cast_deq_3(d, s, n) asc_cast_deq_at(ASC__AT, d, s, ASC__I(n))
#define asc__cast_deq_5(d, s, m, r, p)                                         \
  asc_cast_deq_rep_at(ASC__AT, d, s, ASC__MASK(m), ASC__I(r), p, true)
#define asc__cast_deq_6(d, s, m, r, p, set)                                    \
  asc_cast_deq_rep_at(ASC__AT, d, s, ASC__MASK(m), ASC__I(r), p, set)

/* asc.VdeqInfo(scale, offset, sign_mode): the 16 (scale, offset, sign)
 * groups CastDeq's vector mode reads, as C arrays of 16 constants (float,
 * int16, bool), stored one by one into memref<16xf32>, <16xi16>, <16xi1>
 * (pyasc's asc.array). asc_set_deq_scale(vdeq, info) is SetDeqScale's
 * tensor form (set_deq_scale_l4): vdeq a uint64 LocalTensor. */
ASC__HANDLE(asc_vdeq_info); /* VdeqInfo */
asc_vdeq_info asc_vdeqinfo_at(const char *file, int line, const float *scale,
                              const int16_t *offset, const bool *sign_mode);
void asc_set_deq_scale_tensor_at(const char *file, int line,
                                 asc_local_tensor vdeq, asc_vdeq_info info);
#define asc_vdeqinfo(s, o, m) asc_vdeqinfo_at(ASC__AT, s, o, m)
/* the two-argument form of asc_set_deq_scale (casc/asc_vec_math.h) */
#define asc__set_deq_scale_2(t, info)                                          \
  asc_set_deq_scale_tensor_at(ASC__AT, t, info)

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif /* CASC_ASC_VEC_MISC_H */
