/* DataCopy with Nz2NdParamsFull (`data_copy_nz2nd`): UB (NZ) -> GM (ND).
 * ndNum NZ matrices of nValue rows and dValue columns; in UB a matrix is
 * dValue / 16 column strips ("Z排布") of nValue rows of 16 elements, strip
 * s at s·srcNStride·16 elements from the matrix's start and matrix m at
 * m·srcNdMatrixStride·256 elements; in GM row i of matrix m starts at
 * m·dstNdMatrixStride + i·dstDStride elements. So element (i, j) of matrix
 * m moves from UB element
 *   m·srcNdMatrixStride·256 + (j / 16)·srcNStride·16 + i·16 + j % 16
 * to GM element m·dstNdMatrixStride + i·dstDStride + j, for every element
 * type (the reference's half and float examples both step 16 elements).
 * Sources and ranges: docs/simulator.md, "DataCopy NZ -> ND". */
#include <string.h>

#include "sim/sim_internal.h"

enum { FRAC = 16 };

/* The Nz2NdParamsFull fields, in pyasc's order. */
enum {
  F_ND_NUM,
  F_N_VALUE,
  F_D_VALUE,
  F_SRC_ND_STRIDE,
  F_SRC_N_STRIDE,
  F_DST_D_STRIDE,
  F_DST_ND_STRIDE,
  F_COUNT_
};

static const struct {
  const char *name;
  int64_t lo, hi;
} field_range[F_COUNT_] = {
    {"ndNum", 0, 4095},
    {"nValue", 1, 8192},
    {"dValue", 1, 8192},
    {"srcNdMatrixStride", 1, 512},
    {"srcNStride", 0, 4096},
    {"dstDStride", 1, 65535},
    {"dstNdMatrixStride", 1, 65535},
};

bool sim_exec_data_copy_nz2nd(sim_block *b, const sim_insn *in) {
  const char *api = sim_api_name(in->op);
  const unsigned es = casc_dtype_size((casc_dtype)in->dt);
  int64_t f[F_COUNT_];
  for (unsigned k = 0; k < F_COUNT_; k++) {
    f[k] = sim_field(b, in, 2, k);
    if (f[k] < field_range[k].lo || f[k] > field_range[k].hi) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: Nz2NdParamsFull.%s is %lld; it is %lld..%lld", api,
                 field_range[k].name, (long long)f[k],
                 (long long)field_range[k].lo, (long long)field_range[k].hi);
      return false;
    }
  }
  const int64_t nd = f[F_ND_NUM], n = f[F_N_VALUE], d = f[F_D_VALUE];
  if (d % FRAC) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: Nz2NdParamsFull.dValue is %lld; it must be a multiple "
               "of 16 (\"dValue必须为16的倍数\")",
               api, (long long)d);
    return false;
  }
  if (nd == 0)
    return true;
  /* The UB reach: the last row of the last strip of the last matrix
   * (every stride is >= 0, so no other element lies further). */
  const int64_t reach = (nd - 1) * f[F_SRC_ND_STRIDE] * FRAC * FRAC +
                        (d / FRAC - 1) * f[F_SRC_N_STRIDE] * FRAC +
                        (n - 1) * FRAC + FRAC;
  const uint8_t *src = sim_local_access(b, in, 1, 0, reach * es, true);
  if (!src)
    return false;
  for (int64_t m = 0; m < nd; m++)
    for (int64_t i = 0; i < n; i++) {
      int64_t g = (m * f[F_DST_ND_STRIDE] + i * f[F_DST_D_STRIDE]) * es;
      uint8_t *dp = sim_global_access(b, in, 0, g, d * es, true);
      if (!dp)
        return false;
      for (int64_t s = 0; s < d / FRAC; s++) {
        const uint8_t *sp = src + (m * f[F_SRC_ND_STRIDE] * FRAC * FRAC +
                                   s * f[F_SRC_N_STRIDE] * FRAC + i * FRAC) *
                                      es;
        sim_check_init(b, in, 1, sp, FRAC * es);
        memcpy(dp + s * FRAC * es, sp, (size_t)(FRAC * es));
      }
    }
  return true;
}
