/* The mask register and its modes, and the fused multiply-add family, for
 * the C kernel API (included from casc/asc.h; the naming rule is asc.h's).
 *
 *   asc_set_mask_count()                  asc.set_mask_count()
 *   asc_set_mask_norm()                   asc.set_mask_norm()
 *   asc_reset_mask()                      asc.reset_mask()
 *   asc_set_vector_mask(len, dtype, mode) asc.set_vector_mask(len, ...)
 *   asc_set_vector_mask(mask_high, mask_low, dtype, mode)
 *
 * mode is ASC_MASKMODE_NORMAL or ASC_MASKMODE_COUNTER (asc.MaskMode). The
 * register is read by the level-0/1 vector ops called with is_set_mask
 * false (the last argument of e.g. asc_add(dst, s0, s1, mask, repeat,
 * params, false)): in normal mode its mask selects the elements of every
 * repeat, in counter mode it is the element count of the whole op and the
 * op's repeat count has no effect (docs/simulator.md, "Mask modes").
 *
 * Fused multiply-add, in the forms of the binary ops (count; or mask,
 * repeat_times, params[, is_set_mask]):
 *   asc_fused_mul_add(dst, src0, src1, ...)       dst = src0 * dst + src1
 *   asc_fused_mul_add_relu(dst, src0, src1, ...)  relu(src0 * dst + src1)
 *   asc_mul_add_dst(dst, src0, src1, ...)         dst = src0 * src1 + dst */
#ifndef CASC_ASC_VEC_MATH_H
#define CASC_ASC_VEC_MATH_H

#include "casc/asc.h"

#pragma GCC visibility push(default)

#ifdef __cplusplus
extern "C" {
#endif

/* asc.MaskMode */
typedef enum { ASC_MASKMODE_NORMAL = 0, ASC_MASKMODE_COUNTER = 1 } asc_maskmode;

void asc_set_mask_count_at(const char *file, int line);
void asc_set_mask_norm_at(const char *file, int line);
void asc_reset_mask_at(const char *file, int line);
/* len is materialised as int32, mask_high / mask_low as uint64 (pyasc). */
void asc_set_vector_mask_at(const char *file, int line, asc__sv len,
                            asc_dtype dtype, asc_maskmode mode);
void asc_set_vector_mask_words_at(const char *file, int line, asc__sv mask_high,
                                  asc__sv mask_low, asc_dtype dtype,
                                  asc_maskmode mode);
#define asc_set_mask_count() asc_set_mask_count_at(ASC__AT)
#define asc_set_mask_norm() asc_set_mask_norm_at(ASC__AT)
#define asc_reset_mask() asc_reset_mask_at(ASC__AT)
#define asc_set_vector_mask(...)                                               \
  ASC__OVERLOAD(asc__set_vector_mask_, __VA_ARGS__)
#define asc__set_vector_mask_3(n, dt, mode)                                    \
  asc_set_vector_mask_at(ASC__AT, ASC__I(n), dt, mode)
#define asc__set_vector_mask_4(hi, lo, dt, mode)                               \
  asc_set_vector_mask_words_at(ASC__AT, ASC__I(hi), ASC__I(lo), dt, mode)

#define asc_fused_mul_add(...)                                                 \
  ASC__VBINS(fused_mul_add, fused_mul_add, __VA_ARGS__)
#define asc_fused_mul_add_relu(...)                                            \
  ASC__VBINS(fused_mul_add_relu, fused_mul_add_relu, __VA_ARGS__)
#define asc_mul_add_dst(...) ASC__VBINS(mul_add_dst, mul_add_dst, __VA_ARGS__)

/* Binary ops that convert their result to dst's dtype (src0 and src1 of
 * one dtype, dst of another), in the forms of the binary ops:
 *   asc_add_relu_cast(dst, src0, src1, ...)  cast(relu(src0 + src1))
 *   asc_sub_relu_cast(dst, src0, src1, ...)  cast(relu(src0 - src1))
 *   asc_mul_cast(dst, src0, src1, ...)       cast(src0 * src1)
 * (MulCast always sets its mask: no is_set_mask false.) */
void asc_vec_binary_cast_at(const char *file, int line, const char *api,
                            const char *opname, asc_local_tensor dst,
                            asc_local_tensor src0, asc_local_tensor src1,
                            asc__sv count);
void asc_vec_binary_cast_rep_at(const char *file, int line, const char *api,
                                const char *op_l0, const char *op_l1,
                                asc_local_tensor dst, asc_local_tensor src0,
                                asc_local_tensor src1, asc__mask mask,
                                asc__sv repeat_times,
                                asc_binary_repeat_params params,
                                bool is_set_mask);
#define ASC__VBINCAST(c, ir, ...) ASC__VFORM(asc__vbincast_, c, ir, __VA_ARGS__)
#define asc__vbincast_4(api, ir, d, s0, s1, n)                                 \
  asc_vec_binary_cast_at(ASC__AT, api, ir "_l2", d, s0, s1, ASC__I(n))
#define asc__vbincast_6(api, ir, d, s0, s1, m, r, p)                           \
  asc__vbincast_7(api, ir, d, s0, s1, m, r, p, true)
#define asc__vbincast_7(api, ir, d, s0, s1, m, r, p, sm)                       \
  asc_vec_binary_cast_rep_at(ASC__AT, api, ir "_l0", ir "_l1", d, s0, s1,      \
                             ASC__MASK(m), ASC__I(r), p, (sm) != 0)
#define asc_add_relu_cast(...)                                                 \
  ASC__VBINCAST(add_relu_cast, add_relu_cast, __VA_ARGS__)
#define asc_sub_relu_cast(...)                                                 \
  ASC__VBINCAST(sub_relu_cast, sub_relu_cast, __VA_ARGS__)
#define asc_mul_cast(...) ASC__VBINCAST(mul_cast, mul_cast, __VA_ARGS__)

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif /* CASC_ASC_VEC_MATH_H */
