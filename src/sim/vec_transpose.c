/* Transpose: the plain form transposes one 16x16 matrix of 16-bit
 * elements (dst = src.T); the extended form (TransposeParamsExt: nSize,
 * cSize, hSize, wSize, transposeType) does the same for
 * TRANSPOSE_ND2ND_B16 and converts [N,C,H,W] <-> [N,H,W,C] for
 * TRANSPOSE_NCHW2NHWC / TRANSPOSE_NHWC2NCHW (the reference's numpy
 * pseudo-code). The plain and ND2ND forms may work in place; the layout
 * conversions may not. The scratch tensor is checked for being live and
 * aligned but not used. Sources: docs/simulator.md. */
#include <string.h>

#include "sim/sim_internal.h"

/* TransposeType values (the reference's enum order). */
enum { TT_NONE = 0, TT_ND2ND_B16 = 10, TT_NCHW2NHWC = 11, TT_NHWC2NCHW = 12 };

static bool transpose16(sim_block *b, const sim_insn *in, unsigned es) {
  const int64_t bytes = 256 * (int64_t)es;
  uint8_t *d = sim_local_access(b, in, 0, 0, bytes, true);
  uint8_t *s = d ? sim_local_access(b, in, 1, 0, bytes, true) : NULL;
  if (!s)
    return false;
  sim_check_init(b, in, 1, s, bytes);
  uint8_t t[256 * 2];
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      memcpy(t + (j * 16 + i) * es, s + (i * 16 + j) * es, es);
  memcpy(d, t, (size_t)bytes);
  sim_mark_written(b, d, bytes);
  return true;
}

bool sim_exec_transpose(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  const char *api = sim_api_name(in->op);
  if (in->nargs == 2) {
    if (es != 2) {
      sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
                 "%s: %s (the 16x16 transpose takes int16, uint16, half)", api,
                 casc_dtype_name((casc_dtype)dt));
      return false;
    }
    return transpose16(b, in, es);
  }
  const int64_t n = sim_field(b, in, 3, 0), c = sim_field(b, in, 3, 1);
  const int64_t h = sim_field(b, in, 3, 2), w = sim_field(b, in, 3, 3);
  const int64_t type = sim_field(b, in, 3, 4);
  if (!sim_local_access(b, in, 2, 0, 0, true))
    return false;
  if (type == TT_NONE)
    return true; /* "API不做任何处理" */
  if (type == TT_ND2ND_B16) {
    if (dt != CASC_DT_U16) {
      sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
                 "%s: TRANSPOSE_ND2ND_B16 on %s (A2: uint16)", api,
                 casc_dtype_name((casc_dtype)dt));
      return false;
    }
    return transpose16(b, in, es);
  }
  if (type != TT_NCHW2NHWC && type != TT_NHWC2NCHW) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s: transposeType %lld (A2 runs TRANSPOSE_ND2ND_B16, "
               "TRANSPOSE_NCHW2NHWC, TRANSPOSE_NHWC2NCHW)",
               api, (long long)type);
    return false;
  }
  if (n < 0 || n > 65535 || c < 0 || c > 4095 || h < 0 || w < 0 ||
      h * w > 4095 || (h * w * (int64_t)es) % 32) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: nSize %lld, cSize %lld, hSize %lld, wSize %lld; the "
               "reference takes n <= 65535, c <= 4095, h*w <= 4095 with "
               "h*w*sizeof(T) a multiple of 32 bytes",
               api, (long long)n, (long long)c, (long long)h, (long long)w);
    return false;
  }
  const int64_t hw = h * w, total = n * c * hw;
  if (total == 0)
    return true; /* a zero size: no computation, dst not written */
  const int64_t bytes = total * (int64_t)es;
  uint8_t *d = sim_local_access(b, in, 0, 0, bytes, true);
  uint8_t *s = d ? sim_local_access(b, in, 1, 0, bytes, true) : NULL;
  if (!s)
    return false;
  if (d < s + bytes && s < d + bytes) {
    sim_report(b, CASC_CHECK_PARTIAL_OVERLAP, CASC_SEV_ERROR, in->op,
               "%s: dst and src overlap; the layout conversions do not take "
               "them in place",
               api);
    return false;
  }
  sim_check_init(b, in, 1, s, bytes);
  const bool to_nhwc = type == TT_NCHW2NHWC;
  for (int64_t in_ = 0; in_ < n; in_++)
    for (int64_t ic = 0; ic < c; ic++)
      for (int64_t p = 0; p < hw; p++) {
        int64_t nchw = (in_ * c + ic) * hw + p, nhwc = (in_ * hw + p) * c + ic;
        int64_t from = to_nhwc ? nchw : nhwc, to = to_nhwc ? nhwc : nchw;
        memcpy(d + to * es, s + from * es, es);
      }
  sim_mark_written(b, d, bytes);
  return true;
}
