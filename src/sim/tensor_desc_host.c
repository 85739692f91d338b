/* The host side of ListTensorDesc (casc/sim_desc.h): writing a descriptor
 * in the layout tensor_desc.c parses. */
#include "casc/sim_desc.h"

size_t casc_sim_list_desc_words(size_t n, unsigned dim) {
  /* word 0, n entries of a header and dim dims (dim 0: one entry of a
   * header and the 0xffffffff marker), n data pointers */
  return 1u + (dim ? n * (1u + (size_t)dim) : 2u) + n;
}

size_t casc_sim_list_desc_build(uint64_t *out, size_t cap, size_t n,
                                unsigned dim, const uint64_t *shapes,
                                void *const *data) {
  if (!out || !data || (dim && !shapes) || n == 0 || n > UINT32_MAX)
    return 0;
  size_t words = casc_sim_list_desc_words(n, dim);
  if (cap < words)
    return 0;
  size_t table = words - n; /* the word the pointer table starts at */
  out[0] = (uint64_t)table * 8u;
  if (dim) {
    /* every header `dim | index << 32`: entry 0's high half is 0, so the
     * count is the last entry's index + 1 */
    for (size_t i = 0; i < n; i++) {
      uint64_t *e = out + 1 + i * (1u + (size_t)dim);
      e[0] = dim | (uint64_t)i << 32;
      for (unsigned j = 0; j < dim; j++)
        e[1 + j] = shapes[i * dim + j];
    }
  } else {
    out[1] = (uint64_t)n << 32; /* the count in entry 0's high half */
    out[2] = 0xffffffffu;
  }
  for (size_t i = 0; i < n; i++)
    out[table + i] = (uint64_t)(uintptr_t)data[i];
  return words;
}
