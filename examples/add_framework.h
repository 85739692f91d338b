/* The add_framework kernel body, shared by the example, bench/jit.c and
 * bench/timing.c. */
#ifndef CASC_EXAMPLE_ADD_FRAMEWORK_H
#define CASC_EXAMPLE_ADD_FRAMEWORK_H

#include "casc/asc.h"

typedef struct {
  asc_dtype dtype; /* of x, y, z */
  int tile_length; /* elements per tile (a compile-time constant) */
  int buffer_num;  /* buffers per queue; 0 = the tutorial's BUFFER_NUM, 2.
                      A block is 8 * buffer_num tiles. */
} add_framework_params;

void add_framework_kernel(asc_kernel *k, void *user);

#endif
