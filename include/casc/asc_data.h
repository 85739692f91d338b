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
 * Semantics and checks: docs/simulator.md, "Copy" and "The CMPMASK
 * register". */
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

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif /* CASC_ASC_DATA_H */
