/* Building a ListTensorDesc descriptor for a simulator launch
 * (docs/simulator.md, "Tensor descriptors").
 *
 * A kernel's ListTensorDesc parses a descriptor in GM that holds the device
 * addresses of other GM buffers. On the simulator those addresses are the
 * host addresses of buffers passed to the same launch (casc_arg_gm's data);
 * this helper writes such a descriptor into a uint64 buffer, which is then
 * passed as one more GM argument:
 *
 *   uint64_t shapes[2 * 2] = {4, 16, 8, 8}, desc[16];
 *   void *data[2] = {x0, x1};
 *   size_t w = casc_sim_list_desc_build(desc, 16, 2, 2, shapes, data);
 *   casc_arg args[] = {casc_arg_gm(desc, CASC_DT_U64, w),
 *                      casc_arg_gm(x0, CASC_DT_F32, 64),
 *                      casc_arg_gm(x1, CASC_DT_F32, 64), ...};
 */
#ifndef CASC_SIM_DESC_H
#define CASC_SIM_DESC_H

#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(default)
#ifdef __cplusplus
extern "C" {
#endif

/* The 64-bit words of a descriptor of n tensors of dim dimensions each
 * (dim 0: data pointers only); its length in bytes is 8 times that. */
size_t casc_sim_list_desc_words(size_t n, unsigned dim);

/* Write the descriptor of n tensors into out[0..cap): data[i] is the host
 * buffer of tensor i, shapes its dims, dim per tensor row by row (unread
 * for dim 0). Every tensor has the same number of dimensions, as the
 * layout requires. Returns the words written, or 0 (nothing written) when
 * n is 0 or above 2^32 - 1, a pointer is NULL, or cap is too small. */
size_t casc_sim_list_desc_build(uint64_t *out, size_t cap, size_t n,
                                unsigned dim, const uint64_t *shapes,
                                void *const *data);

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif /* CASC_SIM_DESC_H */
