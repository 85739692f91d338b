/* DataCopy with DataCopyEnhancedParams (pyasc's asc.DataCopyEnhancedParams
 * and the four-argument data_copy), included by casc/asc.h; same naming
 * rule and error handling as there.
 *
 *   asc_data_copy_enhanced_params e = asc_datacopyenhancedparams(
 *       ASC_BLOCKMODE_NORMAL, ASC_DEQSCALE_DEQ_NONE, 0, 0, 0, ASC_PAD_NONE, 0);
 *   asc_data_copy_enhanced(ub, gm, asc_datacopyparams(1, 8, 0, 0), e);
 *
 * pyasc's defaults are the arguments above. The op is pyasc's
 * ascendc.data_copy_enhanced; the simulator does not run it (its reason in
 * the coverage table, docs/simulator.md). */
#ifndef CASC_ASC_DATA_COPY_ENHANCED_H
#define CASC_ASC_DATA_COPY_ENHANCED_H

#include "casc/asc.h"

#pragma GCC visibility push(default)
#ifdef __cplusplus
extern "C" {
#endif

ASC__HANDLE(asc_data_copy_enhanced_params); /* DataCopyEnhancedParams */

/* BlockMode, DeqScale and pad_t (pyasc's enums, same values). */
typedef enum {
  ASC_BLOCKMODE_NORMAL = 0,
  ASC_BLOCKMODE_MATRIX = 1,
  ASC_BLOCKMODE_VECTOR = 2,
  ASC_BLOCKMODE_SMALL_CHANNEL = 3,
  ASC_BLOCKMODE_DEPTHWISE = 4
} asc_blockmode;
typedef enum {
  ASC_DEQSCALE_DEQ_NONE = 0,
  ASC_DEQSCALE_DEQ = 1,
  ASC_DEQSCALE_VDEQ = 2,
  ASC_DEQSCALE_DEQ8 = 3,
  ASC_DEQSCALE_VDEQ8 = 4,
  ASC_DEQSCALE_DEQ16 = 5,
  ASC_DEQSCALE_VDEQ16 = 6
} asc_deqscale;
typedef enum {
  ASC_PAD_NONE = 0,
  ASC_PAD_MODE1 = 1,
  ASC_PAD_MODE2 = 2,
  ASC_PAD_MODE3 = 3,
  ASC_PAD_MODE4 = 4,
  ASC_PAD_MODE5 = 5,
  ASC_PAD_MODE6 = 6,
  ASC_PAD_MODE7 = 7
} asc_pad_t;

/* asc.DataCopyEnhancedParams(block_mode, deq_scale, deq_value_in,
 * sid_store_mode_in, is_relu_in, pad_mode_in, pad_value_in): fields
 * [BlockMode, DeqScale, ui64, ui8, i1, pad_t, ui64], each argument
 * materialised as pyasc's _mat does (a C integer or enum is i32). */
asc_data_copy_enhanced_params
asc_datacopyenhancedparams_at(const char *file, int line,
                              const asc__sv *fields);
#define asc_datacopyenhancedparams(bm, dq, dv, sid, relu, pm, pv)              \
  asc_datacopyenhancedparams_at(                                               \
      ASC__AT,                                                                 \
      (const asc__sv[]){ASC__I(bm), ASC__I(dq), ASC__I(dv), ASC__I(sid),       \
                        ASC__B(relu), ASC__I(pm), ASC__I(pv)})

/* data_copy(dst, src, intri_params, enhanced_params): GM -> local, local
 * -> local or local -> GM (ascendc.data_copy_enhanced). */
void asc_data_copy_enhanced_at(const char *file, int line, asc__tensor dst,
                               asc__tensor src, asc_data_copy_params params,
                               asc_data_copy_enhanced_params enhanced);
#define asc_data_copy_enhanced(d, s, p, e)                                     \
  asc_data_copy_enhanced_at(ASC__AT, ASC__T(d), ASC__T(s), p, e)

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif
