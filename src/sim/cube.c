/* The cube path (docs/simulator.md, "The cube path"): DataCopy with
 * Nd2NzParams (GM ND -> L1 NZ), LoadData 2-D (L1 -> L0A/L0B, whole 512-byte
 * fractals, optionally transposed), Mmad (L0A x L0B -> L0C) and Fixpipe
 * (L0C NZ -> GM ND or NZ, with ReLU and f32 -> f16/bf16 conversion).
 *
 * Layouts, as the Ascend C reference's Mmad page draws them (C0 = 32 bytes
 * / element size: 16 halves, 32 int8):
 *   L0A (A2): "ZZ": 16 x C0 fractals, row-major inside, row-major between;
 *   L0B (B2): "ZN": C0 x 16 fractals, column-major inside, row-major
 *             between;
 *   L0C (CO1): "NZ": 16 x 16 fractals, row-major inside, column-major
 *             between.
 * Mmad accumulates f16/bf16 products in f32 (each product is exact in f32;
 * the sum is rounded after each term, k in ascending order (f32 inputs:
 * the products are rounded too, regular FP32): the order of
 * the hardware's adder tree is not documented, hence the tolerance of
 * docs/simulator.md) and int8 in int32, bit-exact. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sim/sim_internal.h"

#define FRACTAL 512 /* bytes of an L0A / L0B fractal */

static unsigned esize(unsigned dt) {
  unsigned s = casc_dtype_size((casc_dtype)dt);
  return s ? s : 1;
}

/* Never-written bytes of a cube memory that an op reads: a warning, and the
 * deterministic garbage UB starts with, so that results do not depend on
 * what an earlier block left in this worker's memory. */
static void read_check(sim_block *b, const sim_insn *in, unsigned opnd,
                       sim_pool pool, int64_t off, int64_t bytes,
                       bool *warned) {
  int64_t first = sim_cube_first_unwritten(b, pool, off, bytes);
  if (first < 0)
    return;
  for (int64_t k = off / 32; k <= (off + bytes - 1) / 32; k++)
    if (sim_cube_first_unwritten(b, pool, k * 32, 32) >= 0)
      for (int64_t i = 0; i < 32; i++)
        b->mem[pool][k * 32 + i] = sim_ub_initial_byte((uint32_t)(k * 32 + i));
  if (*warned)
    return;
  *warned = true;
  char on[32];
  sim_report(b, CASC_CHECK_UNINIT_READ, CASC_SEV_WARNING, in->op,
             "%s: operand '%s' reads %s bytes at %lld, which were never "
             "written",
             sim_api_name(in->op),
             sim_operand_name(in->op, opnd, on, sizeof on),
             casc_hw_mem_name((casc_hw_mem)pool), (long long)first);
}

void sim_cube_read_check(sim_block *b, const sim_insn *in, unsigned opnd,
                         sim_pool pool, int64_t off, int64_t bytes,
                         bool *warned) {
  read_check(b, in, opnd, pool, off, bytes, warned);
}

/* ---- DataCopy(dst L1, src GM, Nd2NzParams) ------------------------------ */

/* A tile's rows are short runs far apart in GM (a 64 x 64 f16 tile of a
 * 1024-wide matrix: 128 bytes every 2 KiB), and copying them one after the
 * other waited for memory at every row. Asking for the row ND2NZ_AHEAD
 * rows on (stride bytes apart) while copying this one hides that wait; a
 * hint only (GCC / Clang), it never changes what is read. */
#define ND2NZ_AHEAD 8
static void prefetch_rows(const uint8_t *sp, int64_t stride, int64_t bytes,
                          bool more) {
#if defined(__GNUC__) || defined(__clang__)
  if (!more)
    return;
  uintptr_t p = (uintptr_t)sp + (uintptr_t)(stride * ND2NZ_AHEAD);
  for (int64_t o = 0; o < bytes; o += 64)
    __builtin_prefetch((const void *)(p + (uintptr_t)o));
  __builtin_prefetch((const void *)(p + (uintptr_t)(bytes - 1)));
#else
  (void)sp;
  (void)stride;
  (void)bytes;
  (void)more;
#endif
}

/* The loop of the copy_gm_to_cbuf_multi_nd2nz intrinsic (Ascend C
 * intrinsic reference): per ND matrix, per row, per 32-byte block of the
 * row; a row's last partial block is padded with zeros. Strides:
 * srcNdMatrixStride / srcDValue / dstNzMatrixStride in elements,
 * dstNzC0Stride / dstNzNStride in 32-byte blocks. */
static bool nd2nz(sim_block *b, const sim_insn *in) {
  unsigned es = esize(in->dt);
  int64_t nd = sim_field(b, in, 2, 0), nv = sim_field(b, in, 2, 1);
  int64_t dv = sim_field(b, in, 2, 2), snd = sim_field(b, in, 2, 3);
  int64_t sd = sim_field(b, in, 2, 4), c0s = sim_field(b, in, 2, 5);
  int64_t ns = sim_field(b, in, 2, 6), dnm = sim_field(b, in, 2, 7);
  if (nd == 0 || nv == 0 || dv == 0)
    return true;
  if (sd < dv)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "srcDValue %lld is smaller than dValue", (long long)sd);
  int64_t row = dv * es, blocks = (row + 31) / 32;
  const sim_tensor *dt = &b->slots[in->a[0]].t;
  for (int64_t i = 0; i < nd; i++)
    for (int64_t j = 0; j < nv; j++) {
      const uint8_t *sp =
          sim_global_access(b, in, 1, (i * snd + j * sd) * es, row, false);
      if (!sp)
        return false;
      prefetch_rows(sp, sd * es, row, j + ND2NZ_AHEAD < nv);
      /* The row's first block goes through every check; when its last
       * block lies in the tensor and the pool too, so do the ones between
       * (same tensor, same state, 32-byte steps), and they are addressed
       * directly: a tile copy makes millions of these blocks. With timing
       * on every block goes through the checks, which record it. */
      int64_t d0 = i * dnm * es + j * ns * 32,
              dl = d0 + (blocks - 1) * c0s * 32;
      sim_pool pool;
      uint8_t *dp0 =
          sim_local_access_in(b, in, 0, d0, 32, 32, 1u << SIM_POOL_L1, &pool);
      if (!dp0)
        return false;
      bool direct = !b->tm && c0s >= 0 && dl + 32 <= dt->len &&
                    dt->off + dl + 32 <= (int64_t)b->pool_size[pool];
      for (int64_t k = 0; k < blocks; k++) {
        uint8_t *dp = k == 0 ? dp0 : direct ? dp0 + k * c0s * 32 : NULL;
        if (!dp && !(dp = sim_local_access_in(b, in, 0, d0 + k * c0s * 32, 32,
                                              32, 1u << SIM_POOL_L1, &pool)))
          return false;
        int64_t n = row - k * 32 < 32 ? row - k * 32 : 32;
        if (n == 32) {
          memcpy(dp, sp + k * 32, 32);
        } else { /* a row's last partial block: zero padded */
          memcpy(dp, sp + k * 32, (size_t)n);
          memset(dp + n, 0, (size_t)(32 - n));
        }
        sim_cube_mark(b, pool, dp - b->mem[pool], 32);
      }
    }
  return true;
}

/* ---- LoadData(dst L0A/L0B, src L1, LoadData2DParams) ------------------- */

static bool load_2d(sim_block *b, const sim_insn *in) {
  int64_t start = sim_field(b, in, 2, 0), rep = sim_field(b, in, 2, 1);
  int64_t sstride = sim_field(b, in, 2, 2), gap = sim_field(b, in, 2, 4);
  bool tr = sim_field(b, in, 2, 5) != 0;
  int64_t mode = sim_field(b, in, 2, 6);
  unsigned es = esize(in->dt);
  if (mode != 0)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "addrMode %lld (decreasing addresses) is not simulated",
                    (long long)mode);
  if (tr && es != 2)
    return sim_fail(
        b, in, CASC_CHECK_BAD_VALUE,
        "ifTranspose needs a 16-bit type; this tensor's elements have "
        "%lld bytes (use LoadDataWithTranspose)",
        (long long)es);
  if (rep == 0)
    return true; /* repeat 0: not executed */
  /* LoadData from GM (load_data_g2l): the source is fractals in GM. */
  bool from_gm = casc_type_is_global_tensor(in->op->operands[1].value->type);
  for (int64_t r = 0; r < rep; r++) {
    sim_pool sp_pool = SIM_POOL_L1, dp_pool;
    const uint8_t *sp =
        from_gm ? sim_global_access(b, in, 1, (start + sstride * r) * FRACTAL,
                                    FRACTAL, false)
                : sim_local_access_in(b, in, 1, (start + sstride * r) * FRACTAL,
                                      FRACTAL, 32, 1u << SIM_POOL_L1, &sp_pool);
    if (!sp)
      return false;
    /* from GM also into L1 (A1 / B1); from L1 into L0A / L0B only */
    unsigned dpools = (1u << SIM_POOL_L0A) | (1u << SIM_POOL_L0B) |
                      (from_gm ? 1u << SIM_POOL_L1 : 0);
    uint8_t *dp =
        sim_local_access_in(b, in, 0, (gap + 1) * r * FRACTAL, FRACTAL,
                            from_gm ? 32 : FRACTAL, dpools, &dp_pool);
    if (!dp)
      return false;
    int64_t doff = dp - b->mem[dp_pool];
    if (from_gm) { /* GM is always "written" */
      if (tr)
        for (int i = 0; i < 16; i++)
          for (int j = 0; j < 16; j++)
            memcpy(dp + (j * 16 + i) * 2, sp + (i * 16 + j) * 2, 2);
      else
        memcpy(dp, sp, FRACTAL);
      sim_cube_mark(b, dp_pool, doff, FRACTAL);
      continue;
    }
    int64_t soff = sp - b->mem[sp_pool];
    if (!tr) {
      memmove(dp, sp, FRACTAL);
      sim_cube_copy_marks(b, dp_pool, doff, sp_pool, soff, FRACTAL);
      continue;
    }
    /* A 16 x 16 fractal of 16-bit elements, transposed on the way. */
    uint16_t t[256];
    memcpy(t, sp, FRACTAL);
    for (int i = 0; i < 16; i++)
      for (int j = 0; j < 16; j++)
        memcpy(dp + (j * 16 + i) * 2, &t[i * 16 + j], 2);
    /* Rows become columns: the result counts as loaded where any source
     * row was (the rows a padded matrix leaves unwritten hold no data
     * the Mmad reads). */
    if (sim_cube_first_unwritten(b, sp_pool, soff, FRACTAL) < 0 ||
        sim_cube_first_unwritten(b, sp_pool, soff, 32) < 0)
      sim_cube_mark(b, dp_pool, doff, FRACTAL);
    else
      sim_cube_copy_marks(b, dp_pool, doff, sp_pool, soff, FRACTAL);
  }
  return true;
}

/* ---- Mmad(dst L0C, fm L0A, filter L0B, MmadParams) ---------------------- */

/* Mmad's bias form (Mmad(dst, fm, filter, bias, params), the bias in the
 * BiasTable): C starts at the bias row, bias[j] for every row i, instead
 * of 0 or L0C, whatever cmatrixInitVal says. NULL without a bias. */
static const uint8_t *mmad_bias(sim_block *b, const sim_insn *in, int64_t n) {
  sim_pool bp;
  const uint8_t *bias =
      sim_local_access_in(b, in, 3, 0, n * 4, 32, 1u << SIM_POOL_BT, &bp);
  if (!bias)
    return NULL;
  bool warned = false;
  read_check(b, in, 3, bp, bias - b->mem[bp], n * 4, &warned);
  return bias;
}

/* Mmad's inner kernels: rows i and i + 1 of C (two fractal rows of 16
 * elements, r0 and r1) += A's two rows x B's 16 columns over k. B comes
 * as k rows of the 16 columns, contiguous (bp), so the k loop streams
 * through it. Each element's sum is the one the hardware model defines:
 * its start value, then the products in ascending k, rounded after each
 * term (f16 / bf16: each product is exact in f32). Two rows at once share
 * every load of B, and the 32 sums stay in registers across the k loop.
 * With GCC / Clang the 16 columns are four 4-lane vectors (lane-wise IEEE
 * arithmetic, so the same sums): left to itself the vectoriser turns
 * the k loop inside out and spills the sums. */
#if defined(__GNUC__) || defined(__clang__)
typedef float mm_v4f __attribute__((vector_size(16)));
typedef uint32_t mm_v4u __attribute__((vector_size(16)));

static void mmad_rows_f32(float *r0, float *r1, const float *a0,
                          const float *a1, const float *bp, int64_t k) {
  mm_v4f s0[4], s1[4];
  memcpy(s0, r0, sizeof s0);
  memcpy(s1, r1, sizeof s1);
  for (int64_t kk = 0; kk < k; kk++, bp += 16) {
    mm_v4f x0 = {a0[kk], a0[kk], a0[kk], a0[kk]};
    mm_v4f x1 = {a1[kk], a1[kk], a1[kk], a1[kk]};
    for (int q = 0; q < 4; q++) {
      mm_v4f bv;
      memcpy(&bv, bp + 4 * q, sizeof bv);
      s0[q] += x0 * bv;
      s1[q] += x1 * bv;
    }
  }
  memcpy(r0, s0, sizeof s0);
  memcpy(r1, s1, sizeof s1);
}

static void mmad_rows_i32(uint32_t *r0, uint32_t *r1, const int32_t *a0,
                          const int32_t *a1, const int32_t *bp, int64_t k) {
  mm_v4u s0[4], s1[4];
  memcpy(s0, r0, sizeof s0);
  memcpy(s1, r1, sizeof s1);
  for (int64_t kk = 0; kk < k; kk++, bp += 16) {
    uint32_t u0 = (uint32_t)a0[kk], u1 = (uint32_t)a1[kk];
    mm_v4u x0 = {u0, u0, u0, u0}, x1 = {u1, u1, u1, u1};
    for (int q = 0; q < 4; q++) { /* wrapping int32 sums */
      mm_v4u bv;
      memcpy(&bv, bp + 4 * q, sizeof bv);
      s0[q] += x0 * bv;
      s1[q] += x1 * bv;
    }
  }
  memcpy(r0, s0, sizeof s0);
  memcpy(r1, s1, sizeof s1);
}
#else
static void mmad_rows_f32(float *r0, float *r1, const float *a0,
                          const float *a1, const float *bp, int64_t k) {
  for (int64_t kk = 0; kk < k; kk++, bp += 16)
    for (int t = 0; t < 16; t++) {
      r0[t] += a0[kk] * bp[t];
      r1[t] += a1[kk] * bp[t];
    }
}

static void mmad_rows_i32(uint32_t *r0, uint32_t *r1, const int32_t *a0,
                          const int32_t *a1, const int32_t *bp, int64_t k) {
  for (int64_t kk = 0; kk < k; kk++, bp += 16)
    for (int t = 0; t < 16; t++) {
      r0[t] += (uint32_t)a0[kk] * (uint32_t)bp[t];
      r1[t] += (uint32_t)a1[kk] * (uint32_t)bp[t];
    }
}
#endif

/* A (L0A, ZZ) unpacked into m rows of k values: f32 for the float types
 * (f16 through the worker's table), int32 for int8. */
static void unpack_a(const float *lut, void *out, const uint8_t *A, int64_t m,
                     int64_t k, unsigned adt) {
  unsigned es = esize(adt), c0 = 32 / es;
  int64_t kf = (k + c0 - 1) / c0;
  float *af = out;
  int32_t *ai = out;
  for (int64_t i = 0; i < m; i++) /* fractal (i/16, kb), row i % 16 */
    for (int64_t kb = 0; kb < kf; kb++) {
      const uint8_t *e = A + ((i / 16) * kf + kb) * FRACTAL + (i % 16) * 32;
      int64_t k0 = kb * c0, kn = k - k0 < (int64_t)c0 ? k - k0 : c0;
      float *fd = af + i * k + k0;
      if (adt == CASC_DT_I8)
        for (int64_t t = 0; t < kn; t++)
          ai[i * k + k0 + t] = (int8_t)e[t];
      else if (adt == CASC_DT_F16)
        for (int64_t t = 0; t < kn; t++)
          fd[t] = lut[e[2 * t] | e[2 * t + 1] << 8];
      else
        for (int64_t t = 0; t < kn; t++)
          fd[t] = (float)sim_load_f(e + t * es, adt);
    }
}

/* B (L0B, ZN) unpacked into nf16 panels of k rows of 16 columns (panel nb,
 * row kk at (nb * k + kk) * 16), the layout the row kernels stream;
 * columns beyond n are 0. */
static void unpack_b(const float *lut, void *out, const uint8_t *B, int64_t n,
                     int64_t k, unsigned adt) {
  unsigned es = esize(adt), c0 = 32 / es;
  int64_t nf16 = (n + 15) / 16;
  float *bf = out;
  int32_t *bi = out;
  for (int64_t nb = 0; nb < nf16; nb++)
    for (int64_t kk = 0; kk < k; kk++) { /* fractal (kk/c0, nb), column t */
      const uint8_t *e = B + ((kk / c0) * nf16 + nb) * FRACTAL + (kk % c0) * es;
      int64_t o = (nb * k + kk) * 16, tn = n - nb * 16 < 16 ? n - nb * 16 : 16;
      for (int64_t t = 0; t < 16; t++) {
        if (t >= tn)     /* padding columns */
          bi[o + t] = 0; /* 0.0f too */
        else if (adt == CASC_DT_I8)
          bi[o + t] = (int8_t)e[t * 32];
        else if (adt == CASC_DT_F16)
          bf[o + t] = lut[e[t * 32] | e[t * 32 + 1] << 8];
        else
          bf[o + t] = (float)sim_load_f(e + t * 32, adt);
      }
    }
}

/* The products of Mmad on resolved fractal memories (also the Matmul
 * object's, matmul.c): C (L0C, NZ) = [C or 0 or the bias row] + A (L0A,
 * ZZ) x B (L0B, ZN) over k; adt is A's and B's element type. A and B are
 * unpacked once into the worker's scratch (4-byte values), then C is built
 * two rows at a time, one 16-column fractal row (64 contiguous bytes of
 * L0C) each. */
void sim_cube_mmad_compute(sim_block *b, uint8_t *C, const uint8_t *A,
                           const uint8_t *B, int64_t m, int64_t n, int64_t k,
                           bool init_zero, const uint8_t *bias, unsigned adt) {
  int64_t mf = (m + 15) / 16, nf16 = (n + 15) / 16;
  bool is_int = adt == CASC_DT_I8;
  const float *lut = sim_cube_f16_table(b);
  float *af = (float *)(b->mm_scratch + SIM_F16_TABLE_BYTES), *bk = af + m * k;
  unpack_a(lut, af, A, m, k, adt);
  unpack_b(lut, bk, B, n, k, adt);
  for (int64_t i = 0; i < mf * 16; i += 2)
    for (int64_t nb = 0; nb < nf16; nb++) {
      int64_t j0 = nb * 16, nc = n - j0 < 16 ? n - j0 : 16;
      /* rows i and i + 1 of the fractal holding columns j0 .. j0 + 15 */
      uint8_t *crow[2];
      union {
        float f[16];
        uint32_t u[16];
      } r[2];
      for (int h = 0; h < 2; h++) {
        crow[h] = C + (nb * mf + (i + h) / 16) * 1024 + ((i + h) % 16) * 64;
        if (!init_zero)
          memcpy(&r[h], crow[h], 64);
        else
          memset(&r[h], 0, 64);
        if (init_zero && bias)
          memcpy(&r[h], bias + j0 * 4, (size_t)nc * 4);
      }
      if (i < m) {
        /* an odd last row: its partner repeats it, and is not kept */
        int64_t i1 = i + 1 < m ? i + 1 : i;
        if (is_int)
          mmad_rows_i32(r[0].u, r[1].u, (const int32_t *)af + i * k,
                        (const int32_t *)af + i1 * k,
                        (const int32_t *)bk + nb * k * 16, k);
        else
          mmad_rows_f32(r[0].f, r[1].f, af + i * k, af + i1 * k,
                        bk + nb * k * 16, k);
      }
      for (int h = 0; h < 2; h++) {
        if (i + h >= m) /* fractal padding: not computed */
          memset(&r[h], 0, 64);
        for (int64_t t = nc; t < 16; t++) /* padding columns: 0 */
          r[h].u[t] = 0;
        memcpy(crow[h], &r[h], 64);
      }
    }
}

static bool mmad(sim_block *b, const sim_insn *in) {
  unsigned nf = (unsigned)in->imm; /* the MmadParams form (lower.c) */
  bool has_bias = in->op->nops == 5;
  unsigned pi = has_bias ? 4 : 3; /* the MmadParams operand */
  int64_t m = 0, n = 0, k = 0;
  bool init_zero = true;
  if (nf >= 3) {
    m = sim_field(b, in, pi, 0);
    n = sim_field(b, in, pi, 1);
    k = sim_field(b, in, pi, 2);
  }
  if (nf == 6) {
    init_zero = sim_field(b, in, pi, 5) != 0;
    if (!has_bias && !init_zero && sim_field(b, in, pi, 4) != 0)
      return sim_fail(
          b, in, CASC_CHECK_UNSUPPORTED,
          "cmatrixSource %lld (C from the bias table) needs the Mmad "
          "form with a bias operand",
          1LL);
  } else if (nf == 8) {
    init_zero = sim_field(b, in, pi, 3) == 0; /* isBias: C += A x B */
  }
  if (has_bias)
    init_zero = true; /* C starts at the bias row (mmad_bias) */
  if (m > 4095 || n > 4095 || k > 4095)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "m, n and k may be at most 4095; the largest is %lld",
                    (long long)(m > n ? (m > k ? m : k) : (n > k ? n : k)));
  if (m == 0 || n == 0 || k == 0)
    return true;
  unsigned adt = in->dt3, es = esize(adt), c0 = 32 / es;
  int64_t mf = (m + 15) / 16, nf16 = (n + 15) / 16, kf = (k + c0 - 1) / c0;
  sim_pool cp, ap, bp;
  uint8_t *C = sim_local_access_in(b, in, 0, 0, mf * nf16 * 1024, 64,
                                   1u << SIM_POOL_L0C, &cp);
  if (!C)
    return false;
  const uint8_t *A = sim_local_access_in(b, in, 1, 0, mf * kf * FRACTAL,
                                         FRACTAL, 1u << SIM_POOL_L0A, &ap);
  if (!A)
    return false;
  const uint8_t *B = sim_local_access_in(b, in, 2, 0, kf * nf16 * FRACTAL,
                                         FRACTAL, 1u << SIM_POOL_L0B, &bp);
  if (!B)
    return false;
  int64_t coff = C - b->mem[cp], aoff = A - b->mem[ap], boff = B - b->mem[bp];
  /* What the products read: A's rows i < m over k, B's columns j < n. */
  /* (Checked row by row only when some block of the operand is unwritten:
   * a written operand, the usual case, needs no row walk.) */
  bool warned = false;
  bool a_written = sim_cube_first_unwritten(b, ap, aoff, mf * kf * FRACTAL) < 0;
  bool b_written =
      sim_cube_first_unwritten(b, bp, boff, kf * nf16 * FRACTAL) < 0;
  for (int64_t i = 0; i < m && !a_written; i++)
    for (int64_t kb = 0; kb < kf; kb++)
      read_check(b, in, 1, ap,
                 aoff + ((i / 16) * kf + kb) * FRACTAL + (i % 16) * 32, 32,
                 &warned);
  warned = false;
  for (int64_t j = 0; j < n && !b_written; j++)
    for (int64_t kb = 0; kb < kf; kb++)
      read_check(b, in, 2, bp,
                 boff + (kb * nf16 + j / 16) * FRACTAL + (j % 16) * 32, 32,
                 &warned);
  if (!init_zero)
    for (int64_t nb = 0; nb < nf16; nb++) {
      int64_t first = sim_cube_first_unwritten(b, cp, coff + nb * mf * 1024,
                                               ((m - 1) / 16 + 1) * 1024);
      if (first >= 0) {
        sim_report(b, CASC_CHECK_L0C_UNINIT, CASC_SEV_ERROR, in->op,
                   "Mmad: accumulates (cmatrixInitVal = false) onto L0C "
                   "bytes at %lld that no Mmad has written",
                   (long long)first);
        return false;
      }
    }
  const uint8_t *bias = has_bias ? mmad_bias(b, in, n) : NULL;
  if (has_bias && !bias)
    return false;
  sim_cube_mmad_compute(b, C, A, B, m, n, k, init_zero, bias, adt);
  sim_cube_mark(b, cp, coff, mf * nf16 * 1024);
  return true;
}

/* ---- DataCopy(dst C2, src C1): L1 -> BiasTable --------------------------- */

bool sim_cube_copy_from_l1(sim_block *b, const sim_insn *in, int64_t doff,
                           int64_t soff, int64_t n) {
  sim_pool sp, dp;
  const uint8_t *s =
      sim_local_access_in(b, in, 1, soff, n, 32, 1u << SIM_POOL_L1, &sp);
  if (!s)
    return false;
  uint8_t *d =
      sim_local_access_in(b, in, 0, doff, n, 32, 1u << SIM_POOL_BT, &dp);
  if (!d)
    return false;
  bool warned = false;
  read_check(b, in, 1, sp, s - b->mem[sp], n, &warned);
  memmove(d, s, (size_t)n);
  sim_cube_mark(b, dp, d - b->mem[dp], n);
  return true;
}

/* ---- Fixpipe(dst GM, src L0C, FixpipeParamsV220, FixpipeConfig) -------- */

/* The conversion a quantPre mode makes from the L0C type, and the
 * destination type it needs (FixpipeParamsV220 in the Ascend C reference);
 * CASC_DT_INVALID for a mode the simulator does not run. */
static unsigned fix_out_type(unsigned src, int64_t quant) {
  if (src == CASC_DT_F32)
    return quant == 0   ? CASC_DT_F32
           : quant == 1 ? CASC_DT_F16
           : quant == 2 ? CASC_DT_BF16
                        : CASC_DT_INVALID;
  if (src == CASC_DT_I32 && quant == 0)
    return CASC_DT_I32;
  if (src == CASC_DT_I32 && quant == 3) /* DEQF16: scalar dequantisation */
    return CASC_DT_F16;
  return CASC_DT_INVALID;
}

/* DEQF16's scale: the float in the low 32 bits of deqScalar, of which the
 * cube reads 10 mantissa bits (the Ascend C reference's Fixpipe page:
 * "the AI processor's float32 has 1 sign, 8 exponent and 10 mantissa
 * bits"; the low 13 are cleared). */
double sim_cube_deq_scale(uint64_t deq) {
  uint32_t bits = (uint32_t)deq & ~(uint32_t)0x1fff;
  float f;
  memcpy(&f, &bits, 4);
  return f;
}

/* One element of L0C (int32 or f32 at sp) out through the fixpipe into dp
 * as ddt: ReLU first, then f32 -> f16 / bf16 rounds to nearest even; int32
 * -> f16 (DEQF16) is the value times deq_scale, rounded once to half (the
 * order of the hardware's roundings is not documented). Also the Matmul
 * object's GetTensorC (matmul.c). */
void sim_cube_fix_elem(uint8_t *dp, const uint8_t *sp, unsigned sdt,
                       unsigned ddt, bool relu, double deq_scale) {
  if (sdt == CASC_DT_I32 && ddt == CASC_DT_F16) {
    int32_t v;
    memcpy(&v, sp, 4);
    double d = (double)v * deq_scale;
    if (relu && d < 0)
      d = 0;
    sim_store_f(dp, ddt, sim_fround(d, ddt));
    return;
  }
  if (sdt == CASC_DT_I32) {
    int32_t v;
    memcpy(&v, sp, 4);
    if (relu && v < 0)
      v = 0;
    memcpy(dp, &v, 4);
    return;
  }
  float v;
  memcpy(&v, sp, 4);
  if (relu && v < 0)
    v = 0;
  sim_store_f(dp, ddt, ddt == CASC_DT_F32 ? v : sim_fround(v, ddt));
}

/* ndNum / srcNdStride / dstNdStride (FixpipeParamsV220; the Ascend C
 * reference's SetFixpipeNz2ndFlag page and the copy_matrix_cc_to_gm
 * intrinsic's NZ2ND loop): ndNum NZ matrices in L0C, srcNdStride fractals
 * of 1024 bytes head to head, out to ndNum ND matrices dstNdStride
 * elements head to head. With ndNum > 1 the strides must be in 1..512 and
 * 1..65535 (the reference's range checks, which it makes whatever the
 * layout); only the ND (ROW_MAJOR, nd) path uses them: Ascend C sets the
 * ND_PARA register for CFG_ROW_MAJOR only, so an NZ Fixpipe moves one
 * matrix (and ndNum 0 is an error on the ND path only). */
bool sim_cube_fix_nd_check(sim_block *b, const sim_insn *in, int64_t ndnum,
                           int64_t snd, int64_t dnd, bool nd) {
  if (ndnum > 65535 || (nd && ndnum < 1))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "ndNum %lld is not in 1..65535", (long long)ndnum);
  if (ndnum <= 1)
    return true;
  if (snd < 1 || snd > 512)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "srcNdStride %lld is not in 1..512 (1024-byte fractals "
                    "between the heads of the source NZ matrices) with ndNum "
                    "%lld",
                    (long long)snd, (long long)ndnum);
  if (dnd < 1 || dnd > 65535)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "dstNdStride %lld is not in 1..65535 (elements between "
                    "the heads of the destination ND matrices) with ndNum "
                    "%lld",
                    (long long)dnd, (long long)ndnum);
  return true;
}

/* isChannelSplit (the copy_matrix_cc_to_gm intrinsic's "f32 channel
 * split"): f32 -> f32 only, NZ only, nSize a multiple of 8; each 16 x 16
 * fractal goes out as two 16 x 8 fractals, so the destination is NZ with
 * C0 = 8: fractal column k (8 columns) at k * dstStride 32-byte blocks,
 * its rows 32 bytes apart. */
bool sim_cube_fix_split_check(sim_block *b, const sim_insn *in, unsigned sdt,
                              unsigned ddt, int64_t quant, bool nd,
                              int64_t ns) {
  if (sdt != CASC_DT_F32 || ddt != CASC_DT_F32 || quant != 0)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "isChannelSplit needs float CO1 out to float without "
                    "quantisation (quantPre NoQuant)");
  if (nd)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "isChannelSplit writes NZ fractals of 8 columns: it "
                    "cannot be combined with NZ2ND (CO2Layout ROW_MAJOR)");
  if (ns % 8 != 0)
    return sim_fail(b, in, CASC_CHECK_FRACTAL_ALIGN,
                    "nSize %lld must be a multiple of 8 with isChannelSplit",
                    (long long)ns);
  return true;
}

/* Where element (r, c) of an ND matrix / NZ destination goes: bytes from
 * the matrix's head. */
static int64_t fix_dst_off(int64_t layout, bool split, int64_t dstride,
                           int64_t r, int64_t c, unsigned des) {
  if (layout == 1)
    return (r * dstride + c) * des;
  if (split)
    return (c / 8) * dstride * 32 + (r * 8 + c % 8) * des;
  return (c / 16) * dstride * 32 + (r * 16 + c % 16) * des;
}

static bool fixpipe(sim_block *b, const sim_insn *in) {
  int64_t ns = sim_field(b, in, 2, 0), ms = sim_field(b, in, 2, 1);
  int64_t sstride = sim_field(b, in, 2, 2), dstride = sim_field(b, in, 2, 3);
  bool relu = sim_field(b, in, 2, 4) != 0;
  int64_t quant = sim_field(b, in, 2, 5), ndnum = sim_field(b, in, 2, 7);
  int64_t snd = sim_field(b, in, 2, 8), dnd = sim_field(b, in, 2, 9);
  int64_t uflag = sim_field(b, in, 2, 10);
  bool split = sim_field(b, in, 2, 11) != 0;
  int64_t layout = sim_field(b, in, 3, 0);
  double deq = sim_cube_deq_scale((uint64_t)sim_field(b, in, 2, 6));
  unsigned sdt = in->dt3, ddt = in->dt2, des = esize(ddt);
  if (ns == 0 || ms == 0)
    return true;
  if (uflag != 0)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "unitFlag %lld is not supported by the simulator (the "
                    "reference gives it as an Mmad -> Fixpipe handshake per "
                    "fractal, with no effect on the data; Mmad and Fixpipe "
                    "run whole here)",
                    (long long)uflag);
  /* The int8 modes: cube_quant.c; the vector ones read a workspace. */
  bool q8 = sim_cube_q8_mode(quant);
  sim_q8 q8w = {0};
  if (q8 && sim_cube_q8_vector(quant))
    return sim_fail(
        b, in, CASC_CHECK_BAD_VALUE,
        "quantPre %lld takes one scale a column from a workspace: use "
        "Fixpipe with a cbufWorkspace",
        (long long)quant);
  if (q8 && (!sim_cube_q8_check(b, in, quant, sdt, ddt) ||
             !sim_cube_q8_word(b, in, (uint64_t)sim_field(b, in, 2, 6), &q8w)))
    return false;
  unsigned want = q8 ? ddt : fix_out_type(sdt, quant);
  if (want == CASC_DT_INVALID)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "quantPre %lld from this CO1 type is not simulated",
                    (long long)quant);
  if (want != ddt) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "Fixpipe: quantPre %lld writes %s, but dst has %s elements",
               (long long)quant, casc_dtype_name((casc_dtype)want),
               casc_dtype_name((casc_dtype)ddt));
    return false;
  }
  if (!sim_cube_fix_nd_check(b, in, ndnum, snd, dnd, layout == 1))
    return false;
  if (sstride % 16 != 0 || sstride < ms)
    return sim_fail(b, in, CASC_CHECK_FRACTAL_ALIGN,
                    "srcStride %lld must be a multiple of 16 rows and cover "
                    "mSize",
                    (long long)sstride);
  if (layout != 0 && layout != 1)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED, "CO2Layout %lld",
                    (long long)layout);
  if (split &&
      !sim_cube_fix_split_check(b, in, sdt, ddt, quant, layout == 1, ns))
    return false;
  if (layout == 1 && dstride < ns)
    return sim_fail(
        b, in, CASC_CHECK_BAD_VALUE,
        "dstStride %lld is smaller than nSize (ND: elements per row)",
        (long long)dstride);
  if (layout != 1)
    ndnum = 1; /* no ND_PARA on the NZ path (sim_cube_fix_nd_check) */
  int64_t nb = (ns + 15) / 16;
  for (int64_t i = 0; i < ndnum; i++) {
    sim_pool cp;
    const uint8_t *C =
        sim_local_access_in(b, in, 1, i * snd * 1024, nb * sstride * 64, 64,
                            1u << SIM_POOL_L0C, &cp);
    if (!C)
      return false;
    int64_t coff = C - b->mem[cp];
    for (int64_t j = 0; j < nb; j++) {
      int64_t first =
          sim_cube_first_unwritten(b, cp, coff + j * sstride * 64, ms * 64);
      if (first >= 0) {
        sim_report(b, CASC_CHECK_L0C_UNINIT, CASC_SEV_ERROR, in->op,
                   "Fixpipe: reads L0C bytes at %lld that no Mmad has written",
                   (long long)first);
        return false;
      }
    }
    int64_t dbase = i * dnd * des;
    for (int64_t r = 0; r < ms; r++) {
      uint8_t *row = NULL;
      if (layout == 1 &&
          !(row = sim_global_access(b, in, 0, dbase + r * dstride * des,
                                    ns * des, true)))
        return false;
      for (int64_t c = 0; c < ns; c++) {
        const uint8_t *sp = C + ((c / 16) * sstride + r) * 64 + (c % 16) * 4;
        uint8_t *dp = row ? row + c * des : NULL;
        if (!dp &&
            !(dp = sim_global_access(
                  b, in, 0, fix_dst_off(layout, split, dstride, r, c, des), des,
                  true)))
          return false;
        if (!q8)
          sim_cube_fix_elem(dp, sp, sdt, ddt, relu, deq);
        else if (!sim_cube_q8_store(b, in, dp, sp, sdt, relu, &q8w))
          return false;
      }
    }
  }
  return true;
}

/* ---- InitConstValue(dst L1/L0A/L0B, InitConstValueParams) -------------- */

/* The Ascend C reference's InitConstValue (pyasc's docstring of
 * init_const_value): repeatTimes repeats of blockNum blocks (32 bytes in
 * A1 / B1, 512 in A2 / B2) with dstGap blocks between them; blockNum 0 is
 * the two-field form, 512 bytes a repeat without gaps. The value in dst's
 * element type. */
static bool init_const(sim_block *b, const sim_insn *in) {
  int64_t rep = sim_field(b, in, 1, 0), nblk = sim_field(b, in, 1, 1);
  int64_t gap = sim_field(b, in, 1, 2);
  const sim_slot *v = &b->slots[b->slots[in->a[1]].i + 3];
  unsigned es = esize(in->dt);
  if (rep == 0)
    return true;
  /* the pool decides the block size: resolve the first byte to learn it */
  sim_pool pool;
  unsigned pools =
      (1u << SIM_POOL_L1) | (1u << SIM_POOL_L0A) | (1u << SIM_POOL_L0B);
  if (!sim_local_access_in(b, in, 0, 0, es, 1, pools, &pool))
    return false;
  int64_t blk = pool == SIM_POOL_L1 ? 32 : FRACTAL;
  int64_t run = nblk ? nblk * blk : FRACTAL,
          step = nblk ? run + gap * blk : run;
  uint8_t elem[8];
  if (sim_dt_is_float(in->dt))
    sim_store_f(elem, in->dt, sim_fround(v->f, in->dt));
  else
    sim_store_i(elem, in->dt, v->i);
  for (int64_t r = 0; r < rep; r++) {
    uint8_t *dp = sim_local_access_in(b, in, 0, r * step, run,
                                      pool == SIM_POOL_L1 ? 32 : FRACTAL,
                                      1u << pool, &pool);
    if (!dp)
      return false;
    for (int64_t i = 0; i + (int64_t)es <= run; i += es)
      memcpy(dp + i, elem, es);
    sim_cube_mark(b, pool, dp - b->mem[pool], run);
  }
  return true;
}

/* ---- SetHF32Mode / SetHF32TransMode ------------------------------------ */

/* Mmad runs f32 inputs as regular FP32 (the Ascend C reference's SetHF32Mode
 * page: HF32 off is the default), which SetHF32Mode(false) keeps. HF32
 * itself is reported: how the cube rounds f32 inputs to HF32 is not in the
 * sources at hand. SetHF32TransMode only matters while HF32 is on. */
static bool set_hf32(sim_block *b, const sim_insn *in) {
  if (in->opc == SIM_SET_HF32_MODE && b->slots[in->a[0]].i != 0) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "SetHF32Mode(true): HF32 products are not simulated (how the "
               "cube rounds f32 inputs to HF32 is not documented in the "
               "sources casc uses); Mmad runs f32 as regular FP32");
    return false;
  }
  return true;
}

bool sim_exec_cube(sim_block *b, const sim_insn *in) {
  switch (in->opc) {
  case SIM_DATA_COPY_ND2NZ:
    return nd2nz(b, in);
  case SIM_LOAD_DATA_2D:
    return load_2d(b, in);
  case SIM_MMAD:
    return mmad(b, in);
  case SIM_FIXPIPE:
    return fixpipe(b, in);
  case SIM_INIT_CONST_VALUE:
    return init_const(b, in);
  case SIM_SET_HF32_MODE:
  case SIM_SET_HF32_TRANS:
    return set_hf32(b, in);
  default:
    return false;
  }
}
