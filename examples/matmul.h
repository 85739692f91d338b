/* The tiled cube matmul kernel of examples/matmul.c, shared by the example
 * and bench/matmul_1024.c. */
#ifndef CASC_EXAMPLE_MATMUL_H
#define CASC_EXAMPLE_MATMUL_H

#include "casc/asc.h"

enum { MM_BM = 64, MM_BN = 64, MM_BK = 64 }; /* the tile of C per block */

typedef struct {
  int m, n, k;
  asc_dtype in;  /* ASC_HALF or ASC_INT8 */
  asc_dtype out; /* ASC_FLOAT / ASC_HALF for half, ASC_INT32 for int8 */
} mm_shape;

/* Blocks a launch needs: one BM x BN tile of C each. */
unsigned matmul_blocks(const mm_shape *s);
/* @matmul_kernel(a, b, c): C = A x B (int8: b is B transposed). */
void matmul_kernel(asc_kernel *k, void *user);

#endif
