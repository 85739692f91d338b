/* The advanced APIs the simulator runs (docs/simulator.md, "Advanced
 * APIs"): SoftMax, SimpleSoftMax, AscendQuant per tensor and RmsNorm. Each
 * handler computes what the Ascend C reference documents for the API as one
 * call, after resolving and checking every operand like the basic ops do
 * (bounds, liveness, alignment, initialised reads). */
#include <math.h>
#include <string.h>

#include "sim/sim_internal.h"

/* Operand `spec` of the op's row (its position in the operands column) as
 * an instruction operand index; -1 when an optional one is absent. */
static int opnd_of(const sim_insn *in, unsigned spec) {
  unsigned b, c;
  if (!casc_op_operand_group(in->op, spec, &b, &c) || c != 1)
    return -1;
  return (int)b;
}

static unsigned elem_dt(const sim_insn *in, int opnd) {
  return casc_dtype_of_type(casc_type_elem(in->op->operands[opnd].value->type));
}

static bool is_half_or_float(unsigned dt) {
  return dt == CASC_DT_F16 || dt == CASC_DT_F32;
}

/* ---- SoftMax / SimpleSoftMax ---------------------------------------------
 * Operands (ops.def): dst, sumTensor, maxTensor, src, sharedTmpBuffer?,
 * tiling, softmaxShapeInfo?. src and dst are [m, k] row-major, k * size a
 * multiple of 32 bytes; sum and max hold one 32-byte block per row, the
 * row's value repeated (the reference's "broadcast" step). */
enum { SM_DST, SM_SUM, SM_MAX, SM_SRC, SM_TMP, SM_TILING, SM_SHAPE };

/* GetSoftMaxMinTmpSize on Atlas A2: (32 / typeSize + srcK + 64) floats
 * (docs/simulator.md cites it). */
static int64_t softmax_min_tmp(int64_t k, unsigned size) {
  return (32 / (int64_t)size + k + 64) * 4;
}

static bool softmax(sim_block *b, const sim_insn *in, bool simple) {
  const char *api = simple ? "SimpleSoftMax" : "SoftMax";
  int dst = opnd_of(in, SM_DST), sum = opnd_of(in, SM_SUM);
  int max = opnd_of(in, SM_MAX), src = opnd_of(in, SM_SRC);
  int tmp = opnd_of(in, SM_TMP), tiling = opnd_of(in, SM_TILING);
  int shape = opnd_of(in, SM_SHAPE);
  if (dst < 0 || sum < 0 || max < 0 || src < 0 || tiling < 0) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s: malformed operands", api);
    return false;
  }
  /* The shape: SoftMaxShapeInfo {srcM, srcK, oriSrcM, oriSrcK} when given,
   * else the tiling's srcM, srcK (SoftMaxTilingFunc fills them). */
  int64_t m, k, ori_k = 0;
  if (shape >= 0 && sim_field(b, in, (unsigned)shape, 0) > 0) {
    m = sim_field(b, in, (unsigned)shape, 0);
    k = sim_field(b, in, (unsigned)shape, 1);
    ori_k = sim_field(b, in, (unsigned)shape, 3);
  } else {
    m = sim_field(b, in, (unsigned)tiling, 0);
    k = sim_field(b, in, (unsigned)tiling, 1);
  }
  m = (int64_t)(uint32_t)m;
  k = (int64_t)(uint32_t)k;
  ori_k = (int64_t)(uint32_t)ori_k;
  if (ori_k <= 0 || ori_k > k)
    ori_k = k;
  unsigned dt = elem_dt(in, dst), sdt = elem_dt(in, sum);
  unsigned es = casc_dtype_size((casc_dtype)dt);
  unsigned ses = casc_dtype_size((casc_dtype)sdt);
  if (!is_half_or_float(dt) || elem_dt(in, src) != dt ||
      elem_dt(in, max) != sdt ||
      !(sdt == dt || (dt == CASC_DT_F16 && sdt == CASC_DT_F32))) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: dst and src must be both half or both float, sum and "
               "max of their type (or float with half data); got %s, %s, "
               "%s, %s",
               api, casc_dtype_name((casc_dtype)dt),
               casc_dtype_name((casc_dtype)sdt),
               casc_dtype_name((casc_dtype)elem_dt(in, max)),
               casc_dtype_name((casc_dtype)elem_dt(in, src)));
    return false;
  }
  if (m <= 0 || k <= 0 || (k * es) % 32) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: shape [%lld, %lld] (from the %s): both must be positive "
               "and the last axis a multiple of 32 bytes",
               api, (long long)m, (long long)k,
               shape >= 0 ? "SoftMaxShapeInfo" : "tiling's srcM and srcK");
    return false;
  }
  int64_t per_row = 32 / ses; /* sum / max elements per row */
  int64_t nbytes = m * k * es, rbytes = m * 32;
  uint8_t *sp = sim_local_access(b, in, (unsigned)src, 0, nbytes, true);
  uint8_t *dp =
      sp ? sim_local_access(b, in, (unsigned)dst, 0, nbytes, true) : NULL;
  uint8_t *up =
      dp ? sim_local_access(b, in, (unsigned)sum, 0, rbytes, true) : NULL;
  uint8_t *xp =
      up ? sim_local_access(b, in, (unsigned)max, 0, rbytes, true) : NULL;
  if (!xp)
    return false;
  if (tmp >= 0) {
    const sim_tensor *t = &b->slots[in->a[tmp]].t;
    int64_t need = softmax_min_tmp(k, es);
    if (!sim_local_access(b, in, (unsigned)tmp, 0, 0, true))
      return false;
    if (t->len < need) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: sharedTmpBuffer has %lld bytes; a row of %lld %s "
                 "needs at least %lld (GetSoftMaxMinTmpSize)",
                 api, (long long)t->len, (long long)k,
                 casc_dtype_name((casc_dtype)dt), (long long)need);
      return false;
    }
  }
  /* src and dst may be the same tensor; the row outputs may not overlap
   * the data. */
  if (!sim_check_overlap(b, in, (unsigned)dst, dp, nbytes, (unsigned)src, sp,
                         nbytes) ||
      !sim_check_overlap(b, in, (unsigned)sum, up, rbytes, (unsigned)src, sp,
                         nbytes) ||
      !sim_check_overlap(b, in, (unsigned)max, xp, rbytes, (unsigned)src, sp,
                         nbytes))
    return false;
  sim_check_init(b, in, (unsigned)src, sp, nbytes);
  if (simple) {
    sim_check_init(b, in, (unsigned)sum, up, rbytes);
    sim_check_init(b, in, (unsigned)max, xp, rbytes);
  }
  /* Per row, in float (half data is widened; the library's temporary
   * buffer holds floats): the reference's steps reducemax, sub, exp,
   * reducesum, div. The row's reductions cover the first oriSrcK
   * columns; every column of dst is written. */
  for (int64_t r = 0; r < m; r++) {
    const uint8_t *x = sp + r * k * es;
    uint8_t *y = dp + r * k * es;
    float mx, sm;
    if (simple) {
      mx = (float)sim_load_f(xp + r * 32, sdt);
      sm = (float)sim_load_f(up + r * 32, sdt);
    } else {
      mx = (float)sim_load_f(x, dt);
      for (int64_t j = 1; j < ori_k; j++) {
        float v = (float)sim_load_f(x + j * es, dt);
        mx = v > mx ? v : mx;
      }
      sm = 0;
      for (int64_t j = 0; j < ori_k; j++)
        sm += expf((float)sim_load_f(x + j * es, dt) - mx);
    }
    /* dst may be src: every element is read before it is written. */
    for (int64_t j = 0; j < k; j++)
      sim_store_f(y + j * es, dt,
                  expf((float)sim_load_f(x + j * es, dt) - mx) / sm);
    if (!simple)
      for (int64_t j = 0; j < per_row; j++) {
        sim_store_f(xp + r * 32 + j * ses, sdt, mx);
        sim_store_f(up + r * 32 + j * ses, sdt, sm);
      }
  }
  sim_mark_written(b, dp, nbytes);
  if (!simple) {
    sim_mark_written(b, up, rbytes);
    sim_mark_written(b, xp, rbytes);
  }
  return true;
}

/* ---- AscendQuant, per tensor ---------------------------------------------
 * Operands: dst, srcTensor, scale, offset, calCount, sharedTmpBuffer?,
 * config?. The reference's steps, all in half: src (and scale, offset)
 * to half, Muls, Adds, Cast to int8 rounding half to even. */
enum { Q_DST, Q_SRC, Q_SCALE, Q_OFFSET, Q_COUNT, Q_TMP };

static bool ascend_quant(sim_block *b, const sim_insn *in) {
  int dst = opnd_of(in, Q_DST), src = opnd_of(in, Q_SRC);
  int scale = opnd_of(in, Q_SCALE), offset = opnd_of(in, Q_OFFSET);
  int count = opnd_of(in, Q_COUNT), tmp = opnd_of(in, Q_TMP);
  if (dst < 0 || src < 0 || scale < 0 || offset < 0 || count < 0) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "AscendQuant: malformed operands");
    return false;
  }
  unsigned dt = elem_dt(in, src);
  if (elem_dt(in, dst) != CASC_DT_I8 || !is_half_or_float(dt)) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "AscendQuant: dst must be int8 and srcTensor half or float; "
               "got %s and %s",
               casc_dtype_name((casc_dtype)elem_dt(in, dst)),
               casc_dtype_name((casc_dtype)dt));
    return false;
  }
  unsigned cdt = casc_dtype_of_type(in->op->operands[count].value->type);
  int64_t n = sim_count(&b->slots[in->a[count]], cdt);
  if (n < 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "AscendQuant: calCount is %lld", (long long)n);
    return false;
  }
  unsigned es = casc_dtype_size((casc_dtype)dt);
  uint8_t *sp = sim_local_access(b, in, (unsigned)src, 0, n * es, true);
  uint8_t *dp = sp ? sim_local_access(b, in, (unsigned)dst, 0, n, true) : NULL;
  if (!dp)
    return false;
  if (tmp >= 0) {
    /* GetAscendQuantMaxMinTmpSize's minimum: two 256-byte repeats. */
    const sim_tensor *t = &b->slots[in->a[tmp]].t;
    if (!sim_local_access(b, in, (unsigned)tmp, 0, 0, true))
      return false;
    if (t->len < 512) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "AscendQuant: sharedTmpBuffer has %lld bytes; it needs at "
                 "least 512 (GetAscendQuantMaxMinTmpSize)",
                 (long long)t->len);
      return false;
    }
  }
  if (!sim_check_overlap(b, in, (unsigned)dst, dp, n, (unsigned)src, sp,
                         n * es))
    return false;
  sim_check_init(b, in, (unsigned)src, sp, n * es);
  double hs = sim_fround(b->slots[in->a[scale]].f, CASC_DT_F16);
  double ho = sim_fround(b->slots[in->a[offset]].f, CASC_DT_F16);
  for (int64_t i = 0; i < n; i++) {
    double x = sim_fround(sim_load_f(sp + i * es, dt), CASC_DT_F16);
    double v = sim_fround(sim_fround(x * hs, CASC_DT_F16) + ho, CASC_DT_F16);
    /* Cast half -> int8: round half to even, saturate, NaN -> 0. */
    double q = isnan(v) ? 0 : nearbyint(v);
    q = q > 127 ? 127 : q < -128 ? -128 : q;
    dp[i] = (uint8_t)(int8_t)q;
  }
  sim_mark_written(b, dp, n);
  return true;
}

/* ---- RmsNorm --------------------------------------------------------------
 * Operands: dst, src, gamma, epsilon, tiling, sharedTmpBuffer?. src and dst
 * are [B, S, H] (H a multiple of 32 bytes), gamma [H]; per row of H:
 * y = x / sqrt(mean(x^2) + eps) * gamma, the mean over the first
 * originalHLength columns times the tiling's reciprocalOfHLength. */
enum { RN_DST, RN_SRC, RN_GAMMA, RN_EPS, RN_TILING, RN_TMP };

/* GetRmsNormMinTmpSize: H floats (2H for half, which is cast to float) and
 * one block of reduced values. */
static int64_t rmsnorm_min_tmp(int64_t h, unsigned size) {
  return (h * (size == 2 ? 2 : 1) + 8) * 4;
}

static bool rmsnorm(sim_block *b, const sim_insn *in) {
  unsigned dt = elem_dt(in, RN_DST);
  unsigned es = casc_dtype_size((casc_dtype)dt);
  if (!is_half_or_float(dt) || elem_dt(in, RN_SRC) != dt ||
      elem_dt(in, RN_GAMMA) != dt) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "RmsNorm: dst, src and gamma must be all half or all float; "
               "got %s, %s, %s",
               casc_dtype_name((casc_dtype)dt),
               casc_dtype_name((casc_dtype)elem_dt(in, RN_SRC)),
               casc_dtype_name((casc_dtype)elem_dt(in, RN_GAMMA)));
    return false;
  }
  if (!sim_dt_is_float(
          casc_dtype_of_type(in->op->operands[RN_EPS].value->type))) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "RmsNorm: epsilon is not a float");
    return false;
  }
  int64_t bl = (uint32_t)sim_field(b, in, RN_TILING, 0);
  int64_t sl = (uint32_t)sim_field(b, in, RN_TILING, 1);
  int64_t h = (uint32_t)sim_field(b, in, RN_TILING, 2);
  int64_t ori_h = (uint32_t)sim_field(b, in, RN_TILING, 3);
  /* reciprocalOfHLength is the struct's one float field. */
  double recip = b->slots[b->slots[in->a[RN_TILING]].i + 4].f;
  if (bl <= 0 || sl <= 0 || h <= 0 || (h * es) % 32 || ori_h <= 0 ||
      ori_h > h) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "RmsNorm: the tiling's shape [%lld, %lld, %lld] (original H "
               "%lld): all positive, H a multiple of 32 bytes, original H "
               "at most H",
               (long long)bl, (long long)sl, (long long)h, (long long)ori_h);
    return false;
  }
  int64_t rows = bl * sl, nbytes = rows * h * es;
  uint8_t *sp = sim_local_access(b, in, RN_SRC, 0, nbytes, true);
  uint8_t *gp = sp ? sim_local_access(b, in, RN_GAMMA, 0, h * es, true) : NULL;
  uint8_t *dp = gp ? sim_local_access(b, in, RN_DST, 0, nbytes, true) : NULL;
  if (!dp)
    return false;
  if (in->nargs > RN_TMP) {
    const sim_tensor *t = &b->slots[in->a[RN_TMP]].t;
    int64_t need = rmsnorm_min_tmp(h, es);
    if (!sim_local_access(b, in, RN_TMP, 0, 0, true))
      return false;
    if (t->len < need) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "RmsNorm: sharedTmpBuffer has %lld bytes; H = %lld needs at "
                 "least %lld (GetRmsNormMaxMinTmpSize)",
                 (long long)t->len, (long long)h, (long long)need);
      return false;
    }
  }
  if (!sim_check_overlap(b, in, RN_DST, dp, nbytes, RN_SRC, sp, nbytes))
    return false;
  sim_check_init(b, in, RN_SRC, sp, nbytes);
  sim_check_init(b, in, RN_GAMMA, gp, h * es);
  float eps = (float)b->slots[in->a[RN_EPS]].f;
  for (int64_t r = 0; r < rows; r++) {
    const uint8_t *x = sp + r * h * es;
    uint8_t *y = dp + r * h * es;
    float ss = 0;
    for (int64_t j = 0; j < ori_h; j++) {
      float v = (float)sim_load_f(x + j * es, dt);
      ss += v * v;
    }
    float inv = 1.0f / sqrtf(ss * (float)recip + eps);
    for (int64_t j = 0; j < h; j++)
      sim_store_f(y + j * es, dt,
                  (float)sim_load_f(x + j * es, dt) * inv *
                      (float)sim_load_f(gp + j * es, dt));
  }
  sim_mark_written(b, dp, nbytes);
  return true;
}

bool sim_exec_adv(sim_block *b, const sim_insn *in) {
  switch (in->opc) {
  case SIM_SOFTMAX:
    return softmax(b, in, false);
  case SIM_SIMPLE_SOFTMAX:
    return softmax(b, in, true);
  case SIM_ASCEND_QUANT:
    return ascend_quant(b, in);
  case SIM_RMSNORM:
    return rmsnorm(b, in);
  default:
    return false;
  }
}
