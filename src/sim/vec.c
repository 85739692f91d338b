/* Level-2 vector ops (dst, src..., count): one call per op runs a plain C
 * loop over the whole tile, which the compiler vectorises for float and the
 * integer types. half and bfloat16 are widened to float, computed, and
 * rounded to nearest-even per op (ASCENDC_FACTS §7: the CPU-debug half
 * class does the same). Integer arithmetic wraps in the element type.
 * Every operand is resolved through sim_local_access first, so a tile
 * loop only ever sees in-bounds, live, aligned UB. */
#include <math.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sim/half.h"
#include "sim/sim_internal.h"

typedef enum {
  K_ADD,
  K_SUB,
  K_MUL,
  K_DIV,
  K_MAX,
  K_MIN,
  K_AND,
  K_OR,
  K_ADD_RELU,
  K_SUB_RELU,
  K_SHL,
  K_SHR,
  K_LEAKY,
  K_EXP,
  K_LN,
  K_ABS,
  K_RECIP,
  K_SQRT,
  K_RSQRT,
  K_RELU,
  K_NOT,
  K_NEG
} kop;

static inline float fop2(kop k, float a, float b) {
  switch (k) {
  case K_ADD:
    return a + b;
  case K_SUB:
    return a - b;
  case K_MUL:
    return a * b;
  case K_DIV:
    return a / b;
  case K_MAX:
    return a > b ? a : b;
  case K_MIN:
    return a < b ? a : b;
  case K_ADD_RELU: {
    float r = a + b;
    return r > 0 ? r : 0;
  }
  case K_SUB_RELU: {
    float r = a - b;
    return r > 0 ? r : 0;
  }
  case K_LEAKY:
    return a >= 0 ? a : a * b;
  default:
    return 0;
  }
}

static inline float fop1(kop k, float a) {
  switch (k) {
  case K_EXP:
    return expf(a);
  case K_LN:
    return logf(a);
  case K_ABS:
    return fabsf(a);
  case K_RECIP:
    return 1.0f / a;
  case K_SQRT:
    return sqrtf(a);
  case K_RSQRT:
    return 1.0f / sqrtf(a);
  case K_RELU:
    return a > 0 ? a : 0;
  case K_NEG:
    return -a;
  default:
    return 0;
  }
}

/* Integer ops on int64 (callers truncate to the element type). */
static inline int64_t iop2(kop k, int64_t a, int64_t b, bool uns, int bits) {
  switch (k) {
  case K_ADD:
    return (int64_t)((uint64_t)a + (uint64_t)b);
  case K_SUB:
    return (int64_t)((uint64_t)a - (uint64_t)b);
  case K_MUL:
    return (int64_t)((uint64_t)a * (uint64_t)b);
  case K_MAX:
    return a > b ? a : b;
  case K_MIN:
    return a < b ? a : b;
  case K_AND:
    return a & b;
  case K_OR:
    return a | b;
  case K_ADD_RELU: {
    int64_t r = a + b;
    return r > 0 ? r : 0;
  }
  case K_SUB_RELU: {
    int64_t r = a - b;
    return r > 0 ? r : 0;
  }
  case K_SHL:
    return b < 0 || b >= bits ? 0 : (int64_t)((uint64_t)a << b);
  case K_SHR:
    if (b < 0 || b >= bits)
      return uns || a >= 0 ? 0 : -1;
    return uns ? (int64_t)((uint64_t)a >> b) : a >> b;
  default:
    return 0;
  }
}

static inline int64_t iop1(kop k, int64_t a) {
  switch (k) {
  case K_ABS:
    return a < 0 ? -a : a;
  case K_RELU:
    return a > 0 ? a : 0;
  case K_NOT:
    return ~a;
  case K_NEG:
    return -a;
  default:
    return 0;
  }
}

/* ---- tile loops ----------------------------------------------------------
 * Written per type with the op as a compile-time constant inside each case
 * so that the loops stay simple enough to vectorise. */

#define F32_BIN(K)                                                             \
  case K:                                                                      \
    for (int64_t i = 0; i < n; i++)                                            \
      d[i] = fop2(K, x[i], y[i]);                                              \
    break;

static __attribute__((noinline)) void
f32_binary(kop k, float *d, const float *x, const float *y, int64_t n) {
  switch (k) {
    /* clang-format off */
    F32_BIN(K_ADD)
    F32_BIN(K_SUB)
    F32_BIN(K_MUL)
    F32_BIN(K_DIV)
    F32_BIN(K_MAX)
    F32_BIN(K_MIN)
    F32_BIN(K_ADD_RELU)
    F32_BIN(K_SUB_RELU)
    /* clang-format on */
  default:
    break;
  }
}

#define F32_SCA(K)                                                             \
  case K:                                                                      \
    for (int64_t i = 0; i < n; i++)                                            \
      d[i] = fop2(K, x[i], c);                                                 \
    break;

static __attribute__((noinline)) void
f32_scalar(kop k, float *d, const float *x, float c, int64_t n) {
  switch (k) {
    /* clang-format off */
    F32_SCA(K_ADD)
    F32_SCA(K_MUL)
    F32_SCA(K_MAX)
    F32_SCA(K_MIN)
    F32_SCA(K_LEAKY)
    /* clang-format on */
  default:
    break;
  }
}

#define F32_UN(K)                                                              \
  case K:                                                                      \
    for (int64_t i = 0; i < n; i++)                                            \
      d[i] = fop1(K, x[i]);                                                    \
    break;

static __attribute__((noinline)) void f32_unary(kop k, float *d, const float *x,
                                                int64_t n) {
  switch (k) {
    /* clang-format off */
    F32_UN(K_EXP)
    F32_UN(K_LN)
    F32_UN(K_ABS)
    F32_UN(K_RECIP)
    F32_UN(K_SQRT)
    F32_UN(K_RSQRT)
    F32_UN(K_RELU)
    F32_UN(K_NEG)
    /* clang-format on */
  default:
    break;
  }
}

/* 16-bit floats: widen a chunk to float, run the float loop above on it,
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

static void h_binary(kop k, bool bf, uint16_t *d, const uint16_t *x,
                     const uint16_t *y, const uint16_t *cp, int64_t n) {
  float c = cp ? (bf ? sim_bf2f(*cp) : sim_h2f(*cp)) : 0;
  float a[HCHUNK], b[HCHUNK], r[HCHUNK];
  for (int64_t i0 = 0; i0 < n; i0 += HCHUNK) {
    int64_t m = n - i0 < HCHUNK ? n - i0 : HCHUNK;
    widen(a, x + i0, m, bf);
    if (cp) {
      f32_scalar(k, r, a, c, m);
    } else {
      widen(b, y + i0, m, bf);
      f32_binary(k, r, a, b, m);
    }
    narrow(d + i0, r, m, bf);
  }
}

static void h_unary(kop k, bool bf, uint16_t *d, const uint16_t *x, int64_t n) {
  float a[HCHUNK], r[HCHUNK];
  for (int64_t i0 = 0; i0 < n; i0 += HCHUNK) {
    int64_t m = n - i0 < HCHUNK ? n - i0 : HCHUNK;
    widen(a, x + i0, m, bf);
    f32_unary(k, r, a, m);
    narrow(d + i0, r, m, bf);
  }
}

/* Integer tiles: one loop per op, the op a constant in it (as for float).
 * The loops name the element type `elem` and the shift parameters `uns` /
 * `bits`, which each generated function defines. */
#define I_BIN(K)                                                               \
  case K:                                                                      \
    for (int64_t i = 0; i < n; i++)                                            \
      d[i] = (elem)iop2(K, x[i], y[i], uns, bits);                             \
    break;
#define I_SCA(K)                                                               \
  case K:                                                                      \
    for (int64_t i = 0; i < n; i++)                                            \
      d[i] = (elem)iop2(K, x[i], c, uns, bits);                                \
    break;
#define I_UN(K)                                                                \
  case K:                                                                      \
    for (int64_t i = 0; i < n; i++)                                            \
      d[i] = (elem)iop1(K, x[i]);                                              \
    break;

/* clang-format off */
#define INT_KERNELS(NAME, T, UNS, BITS)                                        \
  static __attribute__((noinline)) void NAME##_binary(                         \
      kop k, T *d, const T *x, const T *y, const T *cp, int64_t n) {           \
    typedef T elem;                                                            \
    const bool uns = UNS;                                                      \
    const int bits = BITS;                                                     \
    if (cp) {                                                                  \
      T c = *cp;                                                               \
      switch (k) {                                                             \
        I_SCA(K_ADD)                                                           \
        I_SCA(K_MUL)                                                           \
        I_SCA(K_MAX)                                                           \
        I_SCA(K_MIN)                                                           \
        I_SCA(K_SHL)                                                           \
        I_SCA(K_SHR)                                                           \
      default:                                                                 \
        break;                                                                 \
      }                                                                        \
      return;                                                                  \
    }                                                                          \
    switch (k) {                                                               \
      I_BIN(K_ADD)                                                             \
      I_BIN(K_SUB)                                                             \
      I_BIN(K_MUL)                                                             \
      I_BIN(K_MAX)                                                             \
      I_BIN(K_MIN)                                                             \
      I_BIN(K_AND)                                                             \
      I_BIN(K_OR)                                                              \
      I_BIN(K_ADD_RELU)                                                        \
      I_BIN(K_SUB_RELU)                                                        \
    default:                                                                   \
      break;                                                                   \
    }                                                                          \
  }                                                                            \
  static __attribute__((noinline)) void NAME##_unary(kop k, T *d, const T *x,  \
                                                     int64_t n) {              \
    typedef T elem;                                                            \
    switch (k) {                                                               \
      I_UN(K_ABS)                                                              \
      I_UN(K_RELU)                                                             \
      I_UN(K_NOT)                                                              \
      I_UN(K_NEG)                                                              \
    default:                                                                   \
      break;                                                                   \
    }                                                                          \
  }
/* clang-format on */

INT_KERNELS(i16, int16_t, false, 16)
INT_KERNELS(u16, uint16_t, true, 16)
INT_KERNELS(i32, int32_t, false, 32)
INT_KERNELS(u32, uint32_t, true, 32)

/* ---- dispatch ------------------------------------------------------------ */

typedef enum {
  SHAPE_BIN,
  SHAPE_SCALAR,
  SHAPE_UNARY,
  SHAPE_DUP,
  SHAPE_REDUCE
} op_shape;

static bool classify(unsigned opc, kop *k, op_shape *shape) {
  switch (opc) {
  case SIM_ADD_L2:
    *k = K_ADD;
    *shape = SHAPE_BIN;
    return true;
  case SIM_SUB_L2:
    *k = K_SUB;
    *shape = SHAPE_BIN;
    return true;
  case SIM_MUL_L2:
    *k = K_MUL;
    *shape = SHAPE_BIN;
    return true;
  case SIM_DIV_L2:
    *k = K_DIV;
    *shape = SHAPE_BIN;
    return true;
  case SIM_MAX_L2:
    *k = K_MAX;
    *shape = SHAPE_BIN;
    return true;
  case SIM_MIN_L2:
    *k = K_MIN;
    *shape = SHAPE_BIN;
    return true;
  case SIM_AND_L2:
    *k = K_AND;
    *shape = SHAPE_BIN;
    return true;
  case SIM_OR_L2:
    *k = K_OR;
    *shape = SHAPE_BIN;
    return true;
  case SIM_ADD_RELU_L2:
    *k = K_ADD_RELU;
    *shape = SHAPE_BIN;
    return true;
  case SIM_SUB_RELU_L2:
    *k = K_SUB_RELU;
    *shape = SHAPE_BIN;
    return true;
  case SIM_ADDS_L2:
    *k = K_ADD;
    *shape = SHAPE_SCALAR;
    return true;
  case SIM_MULS_L2:
    *k = K_MUL;
    *shape = SHAPE_SCALAR;
    return true;
  case SIM_MAXS_L2:
    *k = K_MAX;
    *shape = SHAPE_SCALAR;
    return true;
  case SIM_MINS_L2:
    *k = K_MIN;
    *shape = SHAPE_SCALAR;
    return true;
  case SIM_LEAKY_RELU_L2:
    *k = K_LEAKY;
    *shape = SHAPE_SCALAR;
    return true;
  case SIM_SHIFT_LEFT_L2:
    *k = K_SHL;
    *shape = SHAPE_SCALAR;
    return true;
  case SIM_SHIFT_RIGHT_L2:
    *k = K_SHR;
    *shape = SHAPE_SCALAR;
    return true;
  case SIM_EXP_L2:
    *k = K_EXP;
    *shape = SHAPE_UNARY;
    return true;
  case SIM_LN_L2:
    *k = K_LN;
    *shape = SHAPE_UNARY;
    return true;
  case SIM_ABS_L2:
    *k = K_ABS;
    *shape = SHAPE_UNARY;
    return true;
  case SIM_RECIPROCAL_L2:
    *k = K_RECIP;
    *shape = SHAPE_UNARY;
    return true;
  case SIM_SQRT_L2:
    *k = K_SQRT;
    *shape = SHAPE_UNARY;
    return true;
  case SIM_RSQRT_L2:
    *k = K_RSQRT;
    *shape = SHAPE_UNARY;
    return true;
  case SIM_RELU_L2:
    *k = K_RELU;
    *shape = SHAPE_UNARY;
    return true;
  case SIM_NOT_L2:
    *k = K_NOT;
    *shape = SHAPE_UNARY;
    return true;
  case SIM_NEG_L2:
    *k = K_NEG;
    *shape = SHAPE_UNARY;
    return true;
  case SIM_DUPLICATE_L2:
    *k = K_ADD;
    *shape = SHAPE_DUP;
    return true;
  case SIM_REDUCE_SUM_L2:
    *k = K_ADD;
    *shape = SHAPE_REDUCE;
    return true;
  case SIM_REDUCE_MAX_L2:
    *k = K_MAX;
    *shape = SHAPE_REDUCE;
    return true;
  case SIM_REDUCE_MIN_L2:
    *k = K_MIN;
    *shape = SHAPE_REDUCE;
    return true;
  default:
    return false;
  }
}

static int64_t count_arg(sim_block *b, const sim_insn *in, unsigned i) {
  unsigned dt = casc_dtype_of_type(in->op->operands[i].value->type);
  return sim_count(&b->slots[in->a[i]], dt);
}

/* The scalar operand stored into one element of type dt (the hardware
 * takes it in the tensor's type). */
static void scalar_elem(sim_block *b, const sim_insn *in, unsigned i,
                        unsigned dt, void *out) {
  unsigned sdt = casc_dtype_of_type(in->op->operands[i].value->type);
  const sim_slot *v = &b->slots[in->a[i]];
  if (sim_dt_is_float(sdt))
    sim_store_f(out, dt, v->f);
  else
    sim_store_i(out, dt, v->i);
}

static float elem_f(const uint8_t *p, unsigned dt) {
  switch (dt) {
  case CASC_DT_F16: {
    uint16_t h;
    memcpy(&h, p, 2);
    return sim_h2f(h);
  }
  case CASC_DT_BF16: {
    uint16_t h;
    memcpy(&h, p, 2);
    return sim_bf2f(h);
  }
  default: {
    float f;
    memcpy(&f, p, 4);
    return f;
  }
  }
}

static void store_f(uint8_t *p, unsigned dt, float v) {
  switch (dt) {
  case CASC_DT_F16: {
    uint16_t h = sim_f2h(v);
    memcpy(p, &h, 2);
    return;
  }
  case CASC_DT_BF16: {
    uint16_t h = sim_f2bf(v);
    memcpy(p, &h, 2);
    return;
  }
  default:
    memcpy(p, &v, 4);
    return;
  }
}

/* Round a float to dt (the result of one vector instruction). */
static float rnd(float v, unsigned dt) {
  return dt == CASC_DT_F32 ? v : (float)sim_fround(v, dt);
}

/* ReduceSum / ReduceMax / ReduceMin, level 2 on A2 (ASCENDC_FACTS §7):
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

static void reduce(kop k, unsigned dt, const uint8_t *src, int64_t n,
                   float *val, int64_t *idx) {
  unsigned es = casc_dtype_size((casc_dtype)dt);
  int64_t per = 256 / es;
  if (dt == CASC_DT_F32) {
    const float *x = (const float *)(const void *)src;
    if (k != K_ADD) {
      reduce_maxmin_f32(k == K_MAX, x, n, val, idx);
      return;
    }
    *val = reduce_sum_f32(x, n);
    *idx = 0;
    return;
  }
  if (k != K_ADD) {
    float best = elem_f(src, dt);
    int64_t bi = 0;
    for (int64_t i = 1; i < n; i++) {
      float v = elem_f(src + i * es, dt);
      if (k == K_MAX ? v > best : v < best) {
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
      buf[i] = elem_f(src + (r0 + i) * es, dt);
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

bool sim_exec_vector(sim_block *b, const sim_insn *in) {
  kop k;
  op_shape shape;
  if (!classify(in->opc, &k, &shape))
    return false;
  unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  unsigned cnt_i = shape == SHAPE_UNARY || shape == SHAPE_DUP ? 2 : 3;
  int64_t n = count_arg(b, in, cnt_i);
  if (n < 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: the element count is %lld", sim_api_name(in->op),
               (long long)n);
    return false;
  }
  if (n == 0)
    return true; /* count 0 is a NOP on A2 */
  int64_t bytes = n * (int64_t)es;

  if (shape == SHAPE_REDUCE) {
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
    reduce(k, dt, sp, n, &v, &idx);
    store_f(dp, dt, v);
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
  uint8_t *xp = NULL, *yp = NULL;
  if (shape != SHAPE_DUP) {
    xp = sim_local_access(b, in, 1, 0, bytes, true);
    if (!xp)
      return false;
    sim_check_init(b, in, 1, xp, bytes);
    if (!sim_check_overlap(b, in, 0, dp, bytes, 1, xp, bytes))
      return false;
  }
  if (shape == SHAPE_BIN) {
    yp = sim_local_access(b, in, 2, 0, bytes, true);
    if (!yp)
      return false;
    sim_check_init(b, in, 2, yp, bytes);
    if (!sim_check_overlap(b, in, 0, dp, bytes, 2, yp, bytes))
      return false;
  }
  _Alignas(8) uint8_t c[8];
  if (shape == SHAPE_SCALAR || shape == SHAPE_DUP)
    scalar_elem(b, in, shape == SHAPE_DUP ? 1 : 2, dt, c);

  if (shape == SHAPE_DUP) {
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

  void *d = dp;
  const void *x = xp, *y = yp;
  switch (dt) {
  case CASC_DT_F32: {
    float cf;
    memcpy(&cf, c, 4);
    if (shape == SHAPE_BIN)
      f32_binary(k, d, x, y, n);
    else if (shape == SHAPE_SCALAR)
      f32_scalar(k, d, x, cf, n);
    else
      f32_unary(k, d, x, n);
    break;
  }
  case CASC_DT_F16:
  case CASC_DT_BF16: {
    bool bf = dt == CASC_DT_BF16;
    if (shape == SHAPE_UNARY)
      h_unary(k, bf, d, x, n);
    else
      h_binary(k, bf, d, x, y,
               shape == SHAPE_SCALAR ? (uint16_t *)(void *)c : NULL, n);
    break;
  }
  case CASC_DT_I16:
    if (shape == SHAPE_UNARY)
      i16_unary(k, d, x, n);
    else
      i16_binary(k, d, x, y,
                 shape == SHAPE_SCALAR ? (int16_t *)(void *)c : NULL, n);
    break;
  case CASC_DT_U16:
    if (shape == SHAPE_UNARY)
      u16_unary(k, d, x, n);
    else
      u16_binary(k, d, x, y,
                 shape == SHAPE_SCALAR ? (uint16_t *)(void *)c : NULL, n);
    break;
  case CASC_DT_I32:
    if (shape == SHAPE_UNARY)
      i32_unary(k, d, x, n);
    else
      i32_binary(k, d, x, y,
                 shape == SHAPE_SCALAR ? (int32_t *)(void *)c : NULL, n);
    break;
  case CASC_DT_U32:
    if (shape == SHAPE_UNARY)
      u32_unary(k, d, x, n);
    else
      u32_binary(k, d, x, y,
                 shape == SHAPE_SCALAR ? (uint32_t *)(void *)c : NULL, n);
    break;
  default:
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "'%s' is not supported by the simulator for %s", in->op->name,
               casc_dtype_name((casc_dtype)dt));
    return false;
  }
  sim_mark_written(b, dp, bytes);
  return true;
}
