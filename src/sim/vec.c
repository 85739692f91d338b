/* Level-2 vector ops (dst, src..., count): one call per op runs the op's
 * element kernel (vec_kernels.c) as a plain C loop over the whole tile,
 * which the compiler vectorises for float and the integer types; this file
 * checks the operands and picks the loop. half and bfloat16 are widened to
 * float, computed, and rounded to nearest-even per op (docs/ascendc-facts.md
 * §7: the CPU-debug half class does the same). Integer arithmetic wraps in the
 * element type. Every operand is resolved through sim_local_access first, so a
 * tile loop only ever sees in-bounds, live, aligned UB. */
#include <math.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sim/half.h"
#include "sim/sim_internal.h"

/* 16-bit floats: widen a chunk to float, run the kernel's float loop on it,
 * round back (each element is computed in float and rounded once, as
 * before; the chunks keep the loops free of per-element conversions
 * choices). In place (d == x) is fine: a chunk is read before it is
 * written. */
enum { HCHUNK = 256 };

static void widen(float *restrict f, const uint16_t *restrict h, int64_t m,
                  bool bf) {
  if (bf)
    for (int64_t i = 0; i < m; i++)
      f[i] = sim_bf2f(h[i]);
  else
    for (int64_t i = 0; i < m; i++)
      f[i] = sim_h2f(h[i]);
}

static void narrow(uint16_t *restrict h, const float *restrict f, int64_t m,
                   bool bf) {
  if (bf)
    for (int64_t i = 0; i < m; i++)
      h[i] = sim_f2bf(f[i]);
  else
    for (int64_t i = 0; i < m; i++)
      h[i] = sim_f2h(f[i]);
}

static void h_binary(const sim_vkernel *k, bool bf, uint16_t *d,
                     const uint16_t *x, const uint16_t *y, const uint16_t *cp,
                     int64_t n) {
  float c = cp ? (bf ? sim_bf2f(*cp) : sim_h2f(*cp)) : 0;
  float a[HCHUNK], b[HCHUNK], r[HCHUNK];
  for (int64_t i0 = 0; i0 < n; i0 += HCHUNK) {
    int64_t m = n - i0 < HCHUNK ? n - i0 : HCHUNK;
    widen(a, x + i0, m, bf);
    if (cp) {
      k->f32_sca(r, a, c, m);
    } else if (k->f32_fus) {
      widen(b, y + i0, m, bf);
      widen(r, d + i0, m, bf); /* dst's value is the third input */
      k->f32_fus(r, a, b, m);
    } else {
      widen(b, y + i0, m, bf);
      k->f32_bin(r, a, b, m);
    }
    narrow(d + i0, r, m, bf);
  }
}

static void h_unary(const sim_vkernel *k, bool bf, uint16_t *d,
                    const uint16_t *x, int64_t n) {
  float a[HCHUNK], r[HCHUNK];
  for (int64_t i0 = 0; i0 < n; i0 += HCHUNK) {
    int64_t m = n - i0 < HCHUNK ? n - i0 : HCHUNK;
    widen(a, x + i0, m, bf);
    k->f32_un(r, a, m);
    narrow(d + i0, r, m, bf);
  }
}

static int64_t count_arg(sim_block *b, const sim_insn *in, unsigned i) {
  unsigned dt = casc_dtype_of_type(in->op->operands[i].value->type);
  return sim_count(&b->slots[in->a[i]], dt);
}

/* The scalar operand stored into one element of type dt (the hardware
 * takes it in the tensor's type). */
void sim_vec_scalar_elem(const sim_block *b, const sim_insn *in, unsigned i,
                         unsigned dt, void *out) {
  unsigned sdt = casc_dtype_of_type(in->op->operands[i].value->type);
  const sim_slot *v = &b->slots[in->a[i]];
  if (sim_dt_is_float(sdt))
    sim_store_f(out, dt, v->f);
  else
    sim_store_i(out, dt, v->i);
}

/* Round a float to dt (the result of one vector instruction). */
static float rnd(float v, unsigned dt) {
  return dt == CASC_DT_F32 ? v : (float)sim_fround(v, dt);
}

/* ReduceSum / ReduceMax / ReduceMin, level 2 on A2 (docs/ascendc-facts.md §7):
 * within each 256-byte repeat a pairwise tree (adjacent pairs, an odd tail
 * element carried up), then the repeat results combined in order. Max/min
 * return the first index of the extreme value. */

/* float: the same, without per-element conversions or rounding. The
 * sequential rule (start with x[0], take x[i] when strictly greater) gives
 * the first index of the greatest non-NaN value, or index 0 when x[0] is
 * NaN or nothing exceeds it. Eight lanes keep their own first maximum (the
 * compiler vectorises them); merging them by value and then by the smaller
 * index gives exactly the sequential result. */
static void reduce_maxmin_f32(bool max, const float *x, int64_t n, float *val,
                              int64_t *idx) {
  enum { L = 8 };
  int64_t bi = 0;
  if (!isnan(x[0]) && n <= INT32_MAX) {
    float m[L];
    int32_t ix[L];
    const float s = max ? 1.0f : -1.0f; /* min is max of -x */
    for (int j = 0; j < L; j++) {
      m[j] = -INFINITY;
      ix[j] = -1;
    }
    int64_t i = 0;
#if defined(__SSE2__)
    /* The same eight lanes in two SSE registers (compilers do not
     * vectorise the conditional update by themselves). */
    __m128 m0 = _mm_set1_ps(-INFINITY), m1 = m0, sv = _mm_set1_ps(s);
    __m128i i0 = _mm_set1_epi32(-1), i1 = i0;
    __m128i c0 = _mm_setr_epi32(0, 1, 2, 3), c1 = _mm_setr_epi32(4, 5, 6, 7);
    const __m128i step = _mm_set1_epi32(L);
    for (; i + L <= n; i += L) {
      __m128 v0 = _mm_mul_ps(_mm_loadu_ps(x + i), sv);
      __m128 v1 = _mm_mul_ps(_mm_loadu_ps(x + i + 4), sv);
      __m128 g0 = _mm_cmpgt_ps(v0, m0), g1 = _mm_cmpgt_ps(v1, m1);
      m0 = _mm_or_ps(_mm_and_ps(g0, v0), _mm_andnot_ps(g0, m0));
      m1 = _mm_or_ps(_mm_and_ps(g1, v1), _mm_andnot_ps(g1, m1));
      __m128i h0 = _mm_castps_si128(g0), h1 = _mm_castps_si128(g1);
      i0 = _mm_or_si128(_mm_and_si128(h0, c0), _mm_andnot_si128(h0, i0));
      i1 = _mm_or_si128(_mm_and_si128(h1, c1), _mm_andnot_si128(h1, i1));
      c0 = _mm_add_epi32(c0, step);
      c1 = _mm_add_epi32(c1, step);
    }
    _mm_storeu_ps(m, m0);
    _mm_storeu_ps(m + 4, m1);
    _mm_storeu_si128((void *)ix, i0);
    _mm_storeu_si128((void *)(ix + 4), i1);
#else
    for (; i + L <= n; i += L)
      for (int j = 0; j < L; j++) {
        float v = s * x[i + j];
        bool gt = v > m[j];
        m[j] = gt ? v : m[j];
        ix[j] = gt ? (int32_t)(i + j) : ix[j];
      }
#endif
    for (int j = 0; i < n; i++, j++)
      if (s * x[i] > m[j]) {
        m[j] = s * x[i];
        ix[j] = (int32_t)i;
      }
    float best = s * x[0];
    for (int j = 0; j < L; j++)
      if (ix[j] >= 0 && (m[j] > best || (m[j] == best && ix[j] < bi))) {
        best = m[j];
        bi = ix[j];
      }
  }
  *val = x[bi];
  *idx = bi;
}

/* One level of the pairwise tree: m values to (m + 1) / 2. */
static int64_t tree_level(float *restrict d, const float *restrict x,
                          int64_t m) {
  int64_t h = m / 2;
  for (int64_t i = 0; i < h; i++)
    d[i] = x[2 * i] + x[2 * i + 1];
  if (m & 1)
    d[h] = x[m - 1];
  return h + (m & 1);
}

#if defined(__SSE2__)
/* The tree of one full repeat (64 floats) in registers: each level adds
 * the even and odd elements of pairs of vectors, which keeps the order. */
static float tree64(const float *x) {
  __m128 v[16];
  for (int k = 0; k < 16; k++)
    v[k] = _mm_loadu_ps(x + 4 * k);
  for (int n = 16; n > 1; n /= 2)
    for (int j = 0; j < n / 2; j++) {
      __m128 ev =
          _mm_shuffle_ps(v[2 * j], v[2 * j + 1], _MM_SHUFFLE(2, 0, 2, 0));
      __m128 od =
          _mm_shuffle_ps(v[2 * j], v[2 * j + 1], _MM_SHUFFLE(3, 1, 3, 1));
      v[j] = _mm_add_ps(ev, od);
    }
  float t[4];
  _mm_storeu_ps(t, v[0]);
  return (t[0] + t[1]) + (t[2] + t[3]);
}
#endif

static float reduce_sum_f32(const float *x, int64_t n) {
  float acc = 0, a[32], t[32];
  for (int64_t r0 = 0; r0 < n; r0 += 64) {
    int64_t m = n - r0 < 64 ? n - r0 : 64;
    float r = x[r0];
#if defined(__SSE2__)
    if (m == 64) {
      r = tree64(x + r0);
      acc = r0 == 0 ? r : acc + r;
      continue;
    }
#endif
    if (m > 1) {
      m = tree_level(a, x + r0, m);
      while (m > 1) {
        m = tree_level(t, a, m);
        if (m > 1)
          m = tree_level(a, t, m);
        else
          a[0] = t[0];
      }
      r = a[0];
    }
    acc = r0 == 0 ? r : acc + r;
  }
  return acc;
}

/* kern: SIM_K_REDUCE_SUM, SIM_K_REDUCE_MAX or SIM_K_REDUCE_MIN. */
static void reduce(unsigned kern, unsigned dt, const uint8_t *src, int64_t n,
                   float *val, int64_t *idx) {
  unsigned es = casc_dtype_size((casc_dtype)dt);
  int64_t per = 256 / es;
  if (dt == CASC_DT_F32) {
    const float *x = (const float *)(const void *)src;
    if (kern != SIM_K_REDUCE_SUM) {
      reduce_maxmin_f32(kern == SIM_K_REDUCE_MAX, x, n, val, idx);
      return;
    }
    *val = reduce_sum_f32(x, n);
    *idx = 0;
    return;
  }
  if (kern != SIM_K_REDUCE_SUM) {
    float best = (float)sim_load_f(src, dt);
    int64_t bi = 0;
    for (int64_t i = 1; i < n; i++) {
      float v = (float)sim_load_f(src + i * es, dt);
      if (kern == SIM_K_REDUCE_MAX ? v > best : v < best) {
        best = v;
        bi = i;
      }
    }
    *val = best;
    *idx = bi;
    return;
  }
  float acc = 0, buf[128];
  for (int64_t r0 = 0; r0 < n; r0 += per) {
    int64_t m = n - r0 < per ? n - r0 : per;
    for (int64_t i = 0; i < m; i++)
      buf[i] = (float)sim_load_f(src + (r0 + i) * es, dt);
    while (m > 1) {
      int64_t h = m / 2;
      for (int64_t i = 0; i < h; i++)
        buf[i] = rnd(buf[2 * i] + buf[2 * i + 1], dt);
      if (m & 1)
        buf[h] = buf[m - 1];
      m = h + (m & 1);
    }
    acc = r0 == 0 ? buf[0] : rnd(acc + buf[0], dt);
  }
  *val = acc;
  *idx = 0;
}

/* One kernel over n contiguous elements of type dt: shape is SIM_VEC_BINARY
 * (d = x op y), SIM_VEC_SCALAR (d = x op *c, c holding one element of type
 * dt) or SIM_VEC_UNARY (d = op x). The caller has checked that the kernel
 * has the loop (sim_vkernel_supports). */
void sim_vec_tile(const sim_vkernel *k, unsigned shape, unsigned dt, void *d,
                  const void *x, const void *y, const uint8_t *c, int64_t n) {
  if (dt == CASC_DT_F32) {
    float cf = 0;
    if (shape == SIM_VEC_SCALAR)
      memcpy(&cf, c, 4);
    if (shape == SIM_VEC_BINARY && k->f32_fus)
      k->f32_fus(d, x, y, n);
    else if (shape == SIM_VEC_BINARY)
      k->f32_bin(d, x, y, n);
    else if (shape == SIM_VEC_SCALAR)
      k->f32_sca(d, x, cf, n);
    else
      k->f32_un(d, x, n);
  } else if (dt == CASC_DT_F16 || dt == CASC_DT_BF16) {
    bool bf = dt == CASC_DT_BF16;
    if (shape == SIM_VEC_UNARY)
      h_unary(k, bf, d, x, n);
    else
      h_binary(k, bf, d, x, y,
               shape == SIM_VEC_SCALAR ? (const uint16_t *)(const void *)c
                                       : NULL,
               n);
  } else {
    int ii = sim_vkernel_int_index(dt);
    if (shape == SIM_VEC_BINARY)
      k->i_bin[ii](d, x, y, n);
    else if (shape == SIM_VEC_SCALAR)
      k->i_sca[ii](d, x, sim_load_i(c, dt), n);
    else
      k->i_un[ii](d, x, n);
  }
}

/* The handler of the vector families with a level-2 form (in->opc is
 * SIM_VEC_BINARY / _SCALAR / _UNARY / _DUP / _REDUCE, in->kern the row's
 * element kernel). Lowering has checked the operand types against the
 * row's DTYPES and the kernel's loops, so every path below has a loop. */
bool sim_exec_vector(sim_block *b, const sim_insn *in) {
  /* The C++ operator form (dst = src0 + src1) is the binary op over the
   * whole dst tensor ("运算量为目的LocalTensor的总长度"). */
  const bool whole = in->opc == SIM_VEC_BINARY_L3;
  const unsigned opc = whole ? SIM_VEC_BINARY : in->opc;
  const sim_vkernel *k = sim_vkernel_get(in->kern);
  if (opc != SIM_VEC_DUP && !sim_vkernel_supports(k, opc, in->dt)) {
    /* Unreachable after lowering; reported rather than assumed. */
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "not supported by the simulator: %s for %s",
               casc_op_name(in->op), casc_dtype_name((casc_dtype)in->dt));
    return false;
  }
  unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  unsigned cnt_i = opc == SIM_VEC_UNARY || opc == SIM_VEC_DUP ? 2 : 3;
  int64_t n =
      whole ? b->slots[in->a[0]].t.len / (int64_t)es : count_arg(b, in, cnt_i);
  if (n < 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: the element count is %lld", sim_api_name(in->op),
               (long long)n);
    return false;
  }
  if (n == 0)
    return true; /* count 0 is a NOP on A2 */
  int64_t bytes = n * (int64_t)es;

  if (opc == SIM_VEC_REDUCE) {
    bool with_index = in->nargs > 4 && b->slots[in->a[4]].i != 0;
    int64_t dbytes = (with_index ? 2 : 1) * (int64_t)es;
    uint8_t *sp = sim_local_access(b, in, 1, 0, bytes, true);
    if (!sp)
      return false;
    /* The tmp buffer is only checked for being live and aligned. */
    if (!sim_local_access(b, in, 2, 0, 0, true))
      return false;
    uint8_t *dp = sim_local_access(b, in, 0, 0, dbytes, false);
    if (!dp)
      return false;
    if ((dp - b->mem[SIM_POOL_UB]) % es) {
      sim_report(b, CASC_CHECK_UNALIGNED, CASC_SEV_ERROR, in->op,
                 "%s: 'dst' is not aligned to its element size",
                 sim_api_name(in->op));
      return false;
    }
    sim_check_init(b, in, 1, sp, bytes);
    float v;
    int64_t idx;
    reduce(in->kern, dt, sp, n, &v, &idx);
    sim_store_f(dp, dt, v);
    if (with_index) {
      if (es == 2) {
        uint16_t u = (uint16_t)idx;
        memcpy(dp + 2, &u, 2);
      } else {
        uint32_t u = (uint32_t)idx;
        memcpy(dp + 4, &u, 4);
      }
    }
    sim_mark_written(b, dp, dbytes);
    return true;
  }

  uint8_t *dp = sim_local_access(b, in, 0, 0, bytes, true);
  if (!dp)
    return false;
  if (sim_vkernel_reads_dst(k))
    sim_check_init(b, in, 0, dp, bytes); /* FusedMulAdd reads dst */
  uint8_t *xp = NULL, *yp = NULL;
  if (opc != SIM_VEC_DUP) {
    xp = sim_local_access(b, in, 1, 0, bytes, true);
    if (!xp)
      return false;
    sim_check_init(b, in, 1, xp, bytes);
    if (!sim_check_overlap(b, in, 0, dp, bytes, 1, xp, bytes))
      return false;
  }
  if (opc == SIM_VEC_BINARY) {
    yp = sim_local_access(b, in, 2, 0, bytes, true);
    if (!yp)
      return false;
    sim_check_init(b, in, 2, yp, bytes);
    if (!sim_check_overlap(b, in, 0, dp, bytes, 2, yp, bytes))
      return false;
  }
  _Alignas(8) uint8_t c[8];
  if (opc == SIM_VEC_SCALAR || opc == SIM_VEC_DUP)
    sim_vec_scalar_elem(b, in, opc == SIM_VEC_DUP ? 1 : 2, dt, c);

  if (opc == SIM_VEC_DUP) {
    if (es == 4) {
      uint32_t v, *d = (uint32_t *)(void *)dp;
      memcpy(&v, c, 4);
      for (int64_t i = 0; i < n; i++)
        d[i] = v;
    } else if (es == 2) {
      uint16_t v, *d = (uint16_t *)(void *)dp;
      memcpy(&v, c, 2);
      for (int64_t i = 0; i < n; i++)
        d[i] = v;
    } else {
      for (int64_t i = 0; i < n; i++)
        memcpy(dp + i * es, c, es);
    }
    sim_mark_written(b, dp, bytes);
    return true;
  }

  sim_vec_tile(k, opc, dt, dp, xp, yp, c, n);
  sim_mark_written(b, dp, bytes);
  return true;
}
