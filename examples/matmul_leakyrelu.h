/* pyasc's python/test/kernels/test_matmul.py kernel (the measured
 * test_matmul of pyasc's test/all_task_durations_golden.csv) written with
 * casc's basic cube API: shared by the example and
 * bench/timing_calibration. */
#ifndef CASC_EXAMPLE_MATMUL_LEAKYRELU_H
#define CASC_EXAMPLE_MATMUL_LEAKYRELU_H

#include "casc/asc.h"

/* The host's tiling (pyasc's TCubeTiling as matmul_launch fills it):
 * m x k times k x n, f32, one base_m x base_n = 64 x 64 tile of C per
 * block, base_k = 64. n must be a multiple of 8 (whole 32-byte rows of
 * C and of the bias). */
typedef struct {
  int m, n, k;
} matmul_leakyrelu_params;

enum { MMLR_BASE = 64 };

/* Blocks the launch needs: ceil(m / 64) x ceil(n / 64). */
unsigned matmul_leakyrelu_blocks(const matmul_leakyrelu_params *p);

/* The kernel @matmul_leakyrelu(a, bt, c, alpha, bias, workspace): c =
 * leaky_relu(a x b + bias, alpha), b given transposed (bt, n x k). */
void matmul_leakyrelu_kernel(asc_kernel *k, void *user);

#endif
