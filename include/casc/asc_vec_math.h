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
 *   asc_mul_add_dst(dst, src0, src1, ...)         dst = src0 * src1 + dst
 * The converting binary ops and the math library: below. */
#ifndef CASC_ASC_VEC_MATH_H
#define CASC_ASC_VEC_MATH_H

#include "casc/asc.h"

#pragma GCC visibility push(default)

#ifdef __cplusplus
extern "C" {
#endif

/* An absent optional argument. */
static inline asc__sv asc__vm_none(void) {
  asc__sv s = {0};
  return s;
}

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
/* MulAddDst also takes half sources into a float dst: the converting
 * builder (below), which checks dst against the row's types */
#define asc_mul_add_dst(...)                                                   \
  ASC__VBINCAST(mul_add_dst, mul_add_dst, __VA_ARGS__)

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
/* AddDeqRelu: half dst = relu((src0 + src1) * DEQSCALE), int32 sources;
 * DEQSCALE from asc_set_deq_scale(scale) (half). asc_set_deq_scale(scale,
 * offset, sign_mode) is CastDeq's form (float, int16, bool). */
#define asc_add_deq_relu(...)                                                  \
  ASC__VBINCAST(add_deq_relu, add_deq_relu, __VA_ARGS__)
void asc_set_deq_scale_at(const char *file, int line, asc__sv scale,
                          bool cast_deq_form, asc__sv offset,
                          asc__sv sign_mode);
#define asc_set_deq_scale(...) ASC__OVERLOAD(asc__set_deq_scale_, __VA_ARGS__)
#define asc__set_deq_scale_1(x)                                                \
  asc_set_deq_scale_at(ASC__AT, ASC__N(x), false, asc__vm_none(),              \
                       asc__vm_none())
#define asc__set_deq_scale_3(x, o, m)                                          \
  asc_set_deq_scale_at(ASC__AT, ASC__N(x), true, ASC__I(o), ASC__B(m))

/* The math library (pyasc's asc.adv math: asc.adv.acos -> asc_adv_acos,
 * as asc.adv.softmax -> asc_adv_softmax):
 *   asc_adv_acos(dst, src)                   every element of src
 *   asc_adv_acos(dst, src, count)            the first count elements
 *   asc_adv_acos(dst, src, tmp)              with a sharedTmpBuffer
 *   asc_adv_acos(dst, src, count, tmp)       pyasc's order (count,
 *   asc_adv_acos(dst, src, tmp, count)       temp_buffer) or Ascend C's
 *   asc_adv_acos(dst, src, count, tmp, is_reuse_source)
 * and the same with two sources for asc_adv_power(dst, src0, src1, ...)
 * and asc_adv_xor(dst, src0, src1, ...). count is an asc_int or C integer
 * (materialised as int32), tmp a LocalTensor (uint8 in Ascend C),
 * is_reuse_source an asc_bool or C integer (i1, default false). */
void asc_vec_math_at(const char *file, int line, const char *api,
                     const char *opname, unsigned nsrc, asc_local_tensor dst,
                     asc_local_tensor src0, asc_local_tensor src1, asc__sv a,
                     asc__sv b, asc__sv is_reuse_source);
/* clang-format off */
/* A count (integer) or a tmp buffer (LocalTensor), told apart later. */
#define ASC__VMX(x)                                                            \
  _Generic((x),                                                                \
      asc_local_tensor: asc__sv_t,                                             \
      asc_int: asc__sv_vi,                                                     \
      ASC__CINTS(asc__sv_i, asc__sv_u))(x)
/* clang-format on */
#define ASC__VMU(c, ...) ASC__VFORM(asc__vmu_, adv_##c, c, __VA_ARGS__)
#define asc__vmu_2(api, ir, d, s)                                              \
  asc_vec_math_at(ASC__AT, api, ir, 1, d, s, s, asc__vm_none(),                \
                  asc__vm_none(), asc__sv_i(0))
#define asc__vmu_3(api, ir, d, s, x)                                           \
  asc_vec_math_at(ASC__AT, api, ir, 1, d, s, s, ASC__VMX(x), asc__vm_none(),   \
                  asc__sv_i(0))
#define asc__vmu_4(api, ir, d, s, x, y)                                        \
  asc_vec_math_at(ASC__AT, api, ir, 1, d, s, s, ASC__VMX(x), ASC__VMX(y),      \
                  asc__sv_i(0))
#define asc__vmu_5(api, ir, d, s, x, y, r)                                     \
  asc_vec_math_at(ASC__AT, api, ir, 1, d, s, s, ASC__VMX(x), ASC__VMX(y),      \
                  ASC__B(r))
#define ASC__VMB(c, ...) ASC__VFORM(asc__vmb_, adv_##c, c, __VA_ARGS__)
#define asc__vmb_3(api, ir, d, s0, s1)                                         \
  asc_vec_math_at(ASC__AT, api, ir, 2, d, s0, s1, asc__vm_none(),              \
                  asc__vm_none(), asc__sv_i(0))
#define asc__vmb_4(api, ir, d, s0, s1, x)                                      \
  asc_vec_math_at(ASC__AT, api, ir, 2, d, s0, s1, ASC__VMX(x), asc__vm_none(), \
                  asc__sv_i(0))
#define asc__vmb_5(api, ir, d, s0, s1, x, y)                                   \
  asc_vec_math_at(ASC__AT, api, ir, 2, d, s0, s1, ASC__VMX(x), ASC__VMX(y),    \
                  asc__sv_i(0))
#define asc__vmb_6(api, ir, d, s0, s1, x, y, r)                                \
  asc_vec_math_at(ASC__AT, api, ir, 2, d, s0, s1, ASC__VMX(x), ASC__VMX(y),    \
                  ASC__B(r))
#define asc_adv_acos(...) ASC__VMU(acos, __VA_ARGS__)
#define asc_adv_acosh(...) ASC__VMU(acosh, __VA_ARGS__)
#define asc_adv_asin(...) ASC__VMU(asin, __VA_ARGS__)
#define asc_adv_asinh(...) ASC__VMU(asinh, __VA_ARGS__)
#define asc_adv_atan(...) ASC__VMU(atan, __VA_ARGS__)
#define asc_adv_atanh(...) ASC__VMU(atanh, __VA_ARGS__)
#define asc_adv_ceil(...) ASC__VMU(ceil, __VA_ARGS__)
#define asc_adv_cos(...) ASC__VMU(cos, __VA_ARGS__)
#define asc_adv_cosh(...) ASC__VMU(cosh, __VA_ARGS__)
#define asc_adv_digamma(...) ASC__VMU(digamma, __VA_ARGS__)
#define asc_adv_erf(...) ASC__VMU(erf, __VA_ARGS__)
#define asc_adv_erfc(...) ASC__VMU(erfc, __VA_ARGS__)
#define asc_adv_floor(...) ASC__VMU(floor, __VA_ARGS__)
#define asc_adv_frac(...) ASC__VMU(frac, __VA_ARGS__)
#define asc_adv_lgamma(...) ASC__VMU(lgamma, __VA_ARGS__)
#define asc_adv_log(...) ASC__VMU(log, __VA_ARGS__)
#define asc_adv_round(...) ASC__VMU(round, __VA_ARGS__)
#define asc_adv_sign(...) ASC__VMU(sign, __VA_ARGS__)
#define asc_adv_sin(...) ASC__VMU(sin, __VA_ARGS__)
#define asc_adv_sinh(...) ASC__VMU(sinh, __VA_ARGS__)
#define asc_adv_tan(...) ASC__VMU(tan, __VA_ARGS__)
#define asc_adv_tanh(...) ASC__VMU(tanh, __VA_ARGS__)
#define asc_adv_trunc(...) ASC__VMU(trunc, __VA_ARGS__)
#define asc_adv_power(...) ASC__VMB(power, __VA_ARGS__)
#define asc_adv_xor(...) ASC__VMB(xor, __VA_ARGS__)

/* asc.adv.exp(dst, src, count, taylor_expand_level[, tmp[,
 * is_reuse_source]]) and asc.adv.axpy(dst, src, scalar, count[, tmp[,
 * is_reuse_source]]) (dst += scalar * src; scalar in src's dtype);
 * ClampMax / ClampMin (no pyasc function; Ascend C's operands):
 * asc_adv_clamp_max(dst, src, scalar, count[, tmp[, is_reuse_source]]). */
void asc_vec_math_ext_at(const char *file, int line, const char *api,
                         const char *opname, asc_local_tensor dst,
                         asc_local_tensor src, asc__sv x, asc__sv count,
                         asc__sv tmp, asc__sv is_reuse_source);
#define ASC__VME(c, ir, ...) ASC__VFORM(asc__vme_, c, ir, __VA_ARGS__)
#define asc__vme_4(api, ir, d, s, x, n)                                        \
  asc_vec_math_ext_at(ASC__AT, api, ir, d, s, ASC__N(x), ASC__I(n),            \
                      asc__vm_none(), asc__sv_i(0))
#define asc__vme_5(api, ir, d, s, x, n, t)                                     \
  asc_vec_math_ext_at(ASC__AT, api, ir, d, s, ASC__N(x), ASC__I(n),            \
                      asc__sv_t(t), asc__sv_i(0))
#define asc__vme_6(api, ir, d, s, x, n, t, r)                                  \
  asc_vec_math_ext_at(ASC__AT, api, ir, d, s, ASC__N(x), ASC__I(n),            \
                      asc__sv_t(t), ASC__B(r))
/* exp: the count before taylor_expand_level, as pyasc */
#define asc_adv_exp(...) ASC__OVERLOAD(asc__adv_exp_, __VA_ARGS__)
#define asc__adv_exp_4(d, s, n, lv)                                            \
  asc_vec_math_ext_at(ASC__AT, "asc_adv_exp", "ascendc.exp", d, s, ASC__I(lv), \
                      ASC__I(n), asc__vm_none(), asc__sv_i(0))
#define asc__adv_exp_5(d, s, n, lv, t)                                         \
  asc_vec_math_ext_at(ASC__AT, "asc_adv_exp", "ascendc.exp", d, s, ASC__I(lv), \
                      ASC__I(n), asc__sv_t(t), asc__sv_i(0))
#define asc__adv_exp_6(d, s, n, lv, t, r)                                      \
  asc_vec_math_ext_at(ASC__AT, "asc_adv_exp", "ascendc.exp", d, s, ASC__I(lv), \
                      ASC__I(n), asc__sv_t(t), ASC__B(r))
#define asc_adv_axpy(...) ASC__VME(adv_axpy, axpy, __VA_ARGS__)
#define asc_adv_clamp_max(...) ASC__VME(adv_clamp_max, clamp_max, __VA_ARGS__)
#define asc_adv_clamp_min(...) ASC__VME(adv_clamp_min, clamp_min, __VA_ARGS__)

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif /* CASC_ASC_VEC_MATH_H */
