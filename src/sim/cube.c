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

static bool bad(sim_block *b, const sim_insn *in, casc_sim_check c,
                const char *fmt, long long v) {
  char msg[256];
  snprintf(msg, sizeof msg, fmt, v);
  sim_report(b, c, CASC_SEV_ERROR, in->op, "%s: %s", sim_api_name(in->op), msg);
  return false;
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

/* ---- DataCopy(dst L1, src GM, Nd2NzParams) ------------------------------ */

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
    return bad(b, in, CASC_CHECK_BAD_VALUE,
               "srcDValue %lld is smaller than dValue", (long long)sd);
  int64_t row = dv * es, blocks = (row + 31) / 32;
  for (int64_t i = 0; i < nd; i++)
    for (int64_t j = 0; j < nv; j++) {
      const uint8_t *sp =
          sim_global_access(b, in, 1, (i * snd + j * sd) * es, row);
      if (!sp)
        return false;
      for (int64_t k = 0; k < blocks; k++) {
        int64_t doff = i * dnm * es + j * ns * 32 + k * c0s * 32;
        sim_pool pool;
        uint8_t *dp = sim_local_access_in(b, in, 0, doff, 32, 32,
                                          1u << SIM_POOL_L1, &pool);
        if (!dp)
          return false;
        int64_t n = row - k * 32 < 32 ? row - k * 32 : 32;
        memcpy(dp, sp + k * 32, (size_t)n);
        memset(dp + n, 0, (size_t)(32 - n));
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
    return bad(b, in, CASC_CHECK_UNSUPPORTED,
               "addrMode %lld (decreasing addresses) is not simulated",
               (long long)mode);
  if (tr && es != 2)
    return bad(b, in, CASC_CHECK_BAD_VALUE,
               "ifTranspose needs a 16-bit type; this tensor's elements have "
               "%lld bytes (use LoadDataWithTranspose)",
               (long long)es);
  if (rep == 0)
    return true; /* repeat 0: not executed */
  for (int64_t r = 0; r < rep; r++) {
    sim_pool sp_pool, dp_pool;
    const uint8_t *sp =
        sim_local_access_in(b, in, 1, (start + sstride * r) * FRACTAL, FRACTAL,
                            32, 1u << SIM_POOL_L1, &sp_pool);
    if (!sp)
      return false;
    uint8_t *dp = sim_local_access_in(
        b, in, 0, (gap + 1) * r * FRACTAL, FRACTAL, FRACTAL,
        (1u << SIM_POOL_L0A) | (1u << SIM_POOL_L0B), &dp_pool);
    if (!dp)
      return false;
    int64_t soff = sp - b->mem[sp_pool], doff = dp - b->mem[dp_pool];
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

static double elem_f(const uint8_t *p, unsigned dt) {
  return sim_load_f(p, dt);
}

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
      return bad(b, in, CASC_CHECK_UNSUPPORTED,
                 "cmatrixSource %lld (C from the bias table) needs the Mmad "
                 "form with a bias operand",
                 1LL);
  } else if (nf == 8) {
    init_zero = sim_field(b, in, pi, 3) == 0; /* isBias: C += A x B */
  }
  if (has_bias)
    init_zero = true; /* C starts at the bias row (mmad_bias) */
  if (m > 4095 || n > 4095 || k > 4095)
    return bad(b, in, CASC_CHECK_BAD_VALUE,
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
  bool warned = false;
  for (int64_t i = 0; i < m; i++)
    for (int64_t kb = 0; kb < kf; kb++)
      read_check(b, in, 1, ap,
                 aoff + ((i / 16) * kf + kb) * FRACTAL + (i % 16) * 32, 32,
                 &warned);
  warned = false;
  for (int64_t j = 0; j < n; j++)
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
  bool is_int = adt == CASC_DT_I8;
  for (int64_t j = 0; j < nf16 * 16; j++)
    for (int64_t i = 0; i < mf * 16; i++) {
      uint8_t *cptr =
          C + (((j / 16) * mf + i / 16) * 256 + (i % 16) * 16 + j % 16) * 4;
      if (i >= m || j >= n) { /* fractal padding: not computed */
        memset(cptr, 0, 4);
        continue;
      }
      const uint8_t *arow = A + ((i / 16) * kf) * FRACTAL + (i % 16) * c0 * es;
      const uint8_t *bcol = B + (j / 16) * FRACTAL + (j % 16) * c0 * es;
      if (is_int) {
        int32_t acc = 0;
        if (!init_zero)
          memcpy(&acc, cptr, 4);
        else if (bias)
          memcpy(&acc, bias + j * 4, 4);
        for (int64_t kk = 0; kk < k; kk++) {
          int8_t av = (int8_t)arow[(kk / c0) * FRACTAL + kk % c0];
          int8_t bv = (int8_t)bcol[(kk / c0) * nf16 * FRACTAL + kk % c0];
          acc = (int32_t)((uint32_t)acc + (uint32_t)((int32_t)av * bv));
        }
        memcpy(cptr, &acc, 4);
      } else {
        float acc = 0.0f;
        if (!init_zero)
          memcpy(&acc, cptr, 4);
        else if (bias)
          memcpy(&acc, bias + j * 4, 4);
        for (int64_t kk = 0; kk < k; kk++) {
          float av =
              (float)elem_f(arow + ((kk / c0) * FRACTAL + (kk % c0) * es), adt);
          float bv = (float)elem_f(
              bcol + ((kk / c0) * nf16 * FRACTAL + (kk % c0) * es), adt);
          acc += av * bv; /* exact product, rounded sum (f32) */
        }
        memcpy(cptr, &acc, 4);
      }
    }
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
  return CASC_DT_INVALID;
}

static bool fixpipe(sim_block *b, const sim_insn *in) {
  int64_t ns = sim_field(b, in, 2, 0), ms = sim_field(b, in, 2, 1);
  int64_t sstride = sim_field(b, in, 2, 2), dstride = sim_field(b, in, 2, 3);
  bool relu = sim_field(b, in, 2, 4) != 0;
  int64_t quant = sim_field(b, in, 2, 5), ndnum = sim_field(b, in, 2, 7);
  int64_t layout = sim_field(b, in, 3, 0);
  unsigned sdt = in->dt3, ddt = in->dt2, des = esize(ddt);
  if (ns == 0 || ms == 0)
    return true;
  unsigned want = fix_out_type(sdt, quant);
  if (want == CASC_DT_INVALID)
    return bad(b, in, CASC_CHECK_UNSUPPORTED,
               "quantPre %lld from this CO1 type is not simulated",
               (long long)quant);
  if (want != ddt) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "Fixpipe: quantPre %lld writes %s, but dst has %s elements",
               (long long)quant, casc_dtype_name((casc_dtype)want),
               casc_dtype_name((casc_dtype)ddt));
    return false;
  }
  if (ndnum > 1)
    return bad(b, in, CASC_CHECK_UNSUPPORTED,
               "ndNum %lld (several ND matrices) is not simulated",
               (long long)ndnum);
  if (sstride % 16 != 0 || sstride < ms)
    return bad(b, in, CASC_CHECK_FRACTAL_ALIGN,
               "srcStride %lld must be a multiple of 16 rows and cover "
               "mSize",
               (long long)sstride);
  if (layout != 0 && layout != 1)
    return bad(b, in, CASC_CHECK_UNSUPPORTED, "CO2Layout %lld",
               (long long)layout);
  if (layout == 1 && dstride < ns)
    return bad(b, in, CASC_CHECK_BAD_VALUE,
               "dstStride %lld is smaller than nSize (ND: elements per row)",
               (long long)dstride);
  int64_t nb = (ns + 15) / 16;
  sim_pool cp;
  const uint8_t *C =
      sim_local_access_in(b, in, 1, 0, ((nb - 1) * sstride + sstride) * 64, 64,
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
  for (int64_t r = 0; r < ms; r++) {
    uint8_t *row = NULL;
    if (layout == 1 &&
        !(row = sim_global_access(b, in, 0, r * dstride * des, ns * des)))
      return false;
    for (int64_t c = 0; c < ns; c++) {
      const uint8_t *sp = C + ((c / 16) * sstride + r) * 64 + (c % 16) * 4;
      uint8_t *dp = row ? row + c * des : NULL;
      if (!dp && !(dp = sim_global_access(
                       b, in, 0,
                       (c / 16) * dstride * 32 + (r * 16 + c % 16) * des, des)))
        return false;
      if (sdt == CASC_DT_I32) {
        int32_t v;
        memcpy(&v, sp, 4);
        if (relu && v < 0)
          v = 0;
        memcpy(dp, &v, 4);
        continue;
      }
      float v;
      memcpy(&v, sp, 4);
      if (relu && v < 0)
        v = 0;
      sim_store_f(dp, ddt, ddt == CASC_DT_F32 ? v : sim_fround(v, ddt));
    }
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
  default:
    return false;
  }
}
