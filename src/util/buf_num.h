/* Decimal integers into a casc_buf without printf: the printer writes one
 * for nearly every SSA value, attribute and location, and vfprintf's
 * format parsing cost more than the rest of printing the number. */
#ifndef CASC_UTIL_BUF_NUM_H
#define CASC_UTIL_BUF_NUM_H

#include <stdint.h>

#include "casc/buf.h"

void casc_buf_put_u64(casc_buf *b, uint64_t v);
void casc_buf_put_i64(casc_buf *b, int64_t v);

#endif
