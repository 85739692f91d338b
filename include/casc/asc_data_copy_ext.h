/* DataCopyPad with the extended parameter structs (pyasc's
 * asc.DataCopyExtParams / asc.DataCopyPadExtParams), included by
 * casc/asc.h; same naming rule and error handling as there.
 *
 *   asc_data_copy_ext_params p = asc_datacopyextparams(2, 40, 8, 0, 0);
 *   asc_data_copy_pad_ext_params pad =
 *       asc_datacopypadextparams(ASC_FLOAT, 1, 1, 1, 2.5);
 *   asc_data_copy_pad(ub, gm, p, pad);   // GM -> UB, padded
 *   asc_data_copy_pad(gm, ub, p);        // UB -> GM
 *
 * asc_data_copy_pad picks these forms by the type of its params argument
 * (asc.h); the simulator runs both (docs/simulator.md). */
#ifndef CASC_ASC_DATA_COPY_EXT_H
#define CASC_ASC_DATA_COPY_EXT_H

#include "casc/asc.h"

#pragma GCC visibility push(default)
#ifdef __cplusplus
extern "C" {
#endif

ASC__HANDLE(asc_data_copy_ext_params);     /* DataCopyExtParams */
ASC__HANDLE(asc_data_copy_pad_ext_params); /* DataCopyPadExtParams */

/* asc.DataCopyExtParams(block_count=1, block_len=0, src_stride=0,
 * dst_stride=0, rsv=0): fields uint16, uint32 x4 (each argument
 * materialised in its own type, as pyasc: a C integer is i32). C passes
 * none, four or all five. */
asc_data_copy_ext_params
asc_datacopyextparams_at(const char *file, int line, asc__sv block_count,
                         asc__sv block_len, asc__sv src_stride,
                         asc__sv dst_stride, asc__sv rsv);
#define asc_datacopyextparams(...)                                             \
  ASC__OVERLOAD(asc__datacopyextparams_, __VA_ARGS__)
#define asc__datacopyextparams_1(none)                                         \
  asc_datacopyextparams_at(ASC__AT none, asc__sv_i(1), asc__sv_i(0),           \
                           asc__sv_i(0), asc__sv_i(0), asc__sv_i(0))
#define asc__datacopyextparams_4(n, len, ss, ds)                               \
  asc_datacopyextparams_at(ASC__AT, ASC__I(n), ASC__I(len), ASC__I(ss),        \
                           ASC__I(ds), asc__sv_i(0))
#define asc__datacopyextparams_5(n, len, ss, ds, r)                            \
  asc_datacopyextparams_at(ASC__AT, ASC__I(n), ASC__I(len), ASC__I(ss),        \
                           ASC__I(ds), ASC__I(r))

/* asc.DataCopyPadExtParams(dtype, is_pad=False, left_padding=0,
 * right_padding=0, padding_value=0): !ascendc.data_copy_pad_ext_params<T>
 * with fields bool, uint16, uint16 and the padding value in dtype. C
 * passes the dtype alone or all five. */
asc_data_copy_pad_ext_params
asc_datacopypadextparams_at(const char *file, int line, asc_dtype dt,
                            asc__sv is_pad, asc__sv left_padding,
                            asc__sv right_padding, asc__sv padding_value);
#define asc_datacopypadextparams(...)                                          \
  ASC__OVERLOAD(asc__datacopypadextparams_, __VA_ARGS__)
#define asc__datacopypadextparams_1(dt)                                        \
  asc_datacopypadextparams_at(ASC__AT, dt, asc__sv_i(0), asc__sv_i(0),         \
                              asc__sv_i(0), asc__sv_i(0))
#define asc__datacopypadextparams_5(dt, p, l, r, v)                            \
  asc_datacopypadextparams_at(ASC__AT, dt, ASC__B(p), ASC__I(l), ASC__I(r),    \
                              ASC__N(v))

/* data_copy_pad(dst, src, ext_params[, pad_ext_params]): GM -> UB with the
 * padding struct (data_copy_pad_l0_ext), UB -> GM without
 * (data_copy_pad_l2_ext). Called through asc_data_copy_pad. */
void asc_data_copy_pad_ext_at(const char *file, int line, asc__tensor dst,
                              asc__tensor src, asc_data_copy_ext_params params,
                              asc_data_copy_pad_ext_params pad, bool has_pad);
/* The forms asc_data_copy_pad's _Generic selects (asc.h). */
static inline void asc__data_copy_pad_plain3(const char *file, int line,
                                             asc__tensor d, asc__tensor s,
                                             asc_data_copy_params p) {
  asc_data_copy_pad_params none = {0};
  asc_data_copy_pad_at(file, line, d, s, p, none, false);
}
static inline void asc__data_copy_pad_ext3(const char *file, int line,
                                           asc__tensor d, asc__tensor s,
                                           asc_data_copy_ext_params p) {
  asc_data_copy_pad_ext_params none = {0};
  asc_data_copy_pad_ext_at(file, line, d, s, p, none, false);
}
static inline void asc__data_copy_pad_plain4(const char *file, int line,
                                             asc__tensor d, asc__tensor s,
                                             asc_data_copy_params p,
                                             asc_data_copy_pad_params pad) {
  asc_data_copy_pad_at(file, line, d, s, p, pad, true);
}
static inline void asc__data_copy_pad_ext4(const char *file, int line,
                                           asc__tensor d, asc__tensor s,
                                           asc_data_copy_ext_params p,
                                           asc_data_copy_pad_ext_params pad) {
  asc_data_copy_pad_ext_at(file, line, d, s, p, pad, true);
}

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif /* CASC_ASC_DATA_COPY_EXT_H */
