/* The sparse cube path (docs/simulator.md, "The cube path: 4:2 sparse
 * matmul"): LoadDataWithSparse and MmadWithSparse, int8 -> int32, as the
 * Ascend C reference describes them.
 *
 * B (K x N) has at most 2 non-zero values in every 4 along K. The host
 * keeps 2 of each 4 (the densified B, K/2 x N) and, for each kept value, a
 * 2-bit index; LoadDataWithSparse moves whole 512-byte fractals of the
 * densified B from L1 (B1) into L0B (B2) exactly as LoadData does (ZN:
 * 16 columns of 32 int8 each), and with each fractal the 128 bytes of its
 * index, four indices a byte, the first in the low bits (the reference's
 * "逆序排布": indices 1 2 0 1 are the byte written 1 0 2 1 from the top).
 * The cube keeps that index beside L0B, one per dense value (sp_idx).
 *
 * MmadWithSparse then takes A (L0A, m x k, the full K) and, per group g of
 * 4 along K and column j, the two dense values Bd[2g][j], Bd[2g+1][j] with
 * their indices ia, ib in {0, 1, 2}: ia places the first among elements
 * 0..2 of the group, ib the second among elements 1..3, so
 *   C[i][j] += A[i][4g + ia] * Bd[2g][j] + A[i][4g + 1 + ib] * Bd[2g+1][j]
 * (the reference's densification table: "0 0 X Y" is ia = 2, ib = 2, "X Y
 * - -" ia = 0, ib = 0), in wrapping int32 arithmetic as Mmad's int8. */
#include <stdio.h>
#include <string.h>

#include "sim/sim_internal.h"

#define FRACTAL 512   /* bytes of a dense B fractal in L1 / L0B */
#define IDX_BYTES 128 /* bytes of its index: 512 values x 2 bits */

/* ---- LoadDataWithSparse(dst B2, src B1, idx B1, LoadData2DParams) ------ */

/* Only startIndex and repeatTimes reach the load: the Ascend C
 * implementation (LoadDataWithSparseCal) hands nothing else to the
 * load_cbuf_to_cb_sp intrinsic, so repeat r reads fractal startIndex + r
 * and its index, and writes L0B fractal r, srcStride and dstGap unused. */
static bool load_sparse(sim_block *b, const sim_insn *in) {
  int64_t start = sim_field(b, in, 3, 0), rep = sim_field(b, in, 3, 1);
  if (sim_field(b, in, 3, 5) != 0) /* ifTranspose */
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "ifTranspose: LoadDataWithSparse does not transpose "
                    "(Ascend C reference: \"不支持转置功能\")");
  if (rep == 0)
    return true; /* "repeat=0表示不执行" */
  bool warned_src = false, warned_idx = false;
  for (int64_t r = 0; r < rep; r++) {
    sim_pool sp, ip, dp;
    int64_t f = start + r;
    const uint8_t *s = sim_local_access_in(b, in, 1, f * FRACTAL, FRACTAL, 32,
                                           1u << SIM_POOL_L1, &sp);
    if (!s)
      return false;
    const uint8_t *ix = sim_local_access_in(b, in, 2, f * IDX_BYTES, IDX_BYTES,
                                            32, 1u << SIM_POOL_L1, &ip);
    if (!ix)
      return false;
    uint8_t *d = sim_local_access_in(b, in, 0, r * FRACTAL, FRACTAL, FRACTAL,
                                     1u << SIM_POOL_L0B, &dp);
    if (!d)
      return false;
    int64_t soff = s - b->mem[sp], doff = d - b->mem[dp];
    sim_cube_read_check(b, in, 1, sp, soff, FRACTAL, &warned_src);
    sim_cube_read_check(b, in, 2, ip, ix - b->mem[ip], IDX_BYTES, &warned_idx);
    memmove(d, s, FRACTAL);
    sim_cube_copy_marks(b, dp, doff, sp, soff, FRACTAL);
    uint8_t *out = b->sp_idx + doff;
    for (int e = 0; e < FRACTAL; e++)
      out[e] = (uint8_t)((ix[e / 4] >> (2 * (e % 4))) & 3);
    b->sp_idx_used = true;
  }
  return true;
}

/* ---- MmadWithSparse(dst CO1, fm A2, filter B2, MmadParams) ------------- */

/* Where dense value (kd, j) of an L0B matrix of nf16 fractal columns sits
 * (ZN: fractal (kd / 32, j / 16) row-major between, column j % 16 of 32
 * bytes inside). */
static int64_t b_at(int64_t kd, int64_t j, int64_t nf16) {
  return ((kd / 32) * nf16 + j / 16) * FRACTAL + (j % 16) * 32 + kd % 32;
}

/* Every index the products use was loaded and lies in {0, 1, 2}. */
static bool check_index(sim_block *b, const sim_insn *in, int64_t boff,
                        int64_t n, int64_t kd_n, int64_t nf16) {
  for (int64_t j = 0; j < n; j++)
    for (int64_t kd = 0; kd < kd_n; kd++) {
      int64_t at = boff + b_at(kd, j, nf16);
      uint8_t v = b->sp_idx[at];
      if (v == SIM_SP_IDX_NONE) {
        sim_report(b, CASC_CHECK_UNINIT_READ, CASC_SEV_ERROR, in->op,
                   "%s: operand 'filter' has no index at L0B byte %lld "
                   "(dense row %lld, column %lld): no LoadDataWithSparse "
                   "loaded it",
                   sim_api_name(in->op), (long long)at, (long long)kd,
                   (long long)j);
        return false;
      }
      if (v > 2)
        return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                        "index %u of dense row %lld, column %lld (L0B byte "
                        "%lld) is not in {0, 1, 2} (Ascend C reference, "
                        "MmadWithSparse: \"索引必须在{0, 1, 2}范围内\")",
                        (unsigned)v, (long long)kd, (long long)j,
                        (long long)at);
    }
  return true;
}

/* The never-written rows of A and columns of B the products read: a
 * warning each, as Mmad's (cube.c). */
static void check_operands(sim_block *b, const sim_insn *in, sim_pool ap,
                           int64_t aoff, sim_pool bp, int64_t boff, int64_t m,
                           int64_t n, int64_t kfa, int64_t kfb, int64_t nf16) {
  int64_t mf = (m + 15) / 16;
  bool warned = false;
  if (sim_cube_first_unwritten(b, ap, aoff, mf * kfa * FRACTAL) >= 0)
    for (int64_t i = 0; i < m; i++)
      for (int64_t kb = 0; kb < kfa; kb++)
        sim_cube_read_check(b, in, 1, ap,
                            aoff + ((i / 16) * kfa + kb) * FRACTAL +
                                (i % 16) * 32,
                            32, &warned);
  warned = false;
  if (sim_cube_first_unwritten(b, bp, boff, kfb * nf16 * FRACTAL) >= 0)
    for (int64_t j = 0; j < n; j++)
      for (int64_t kb = 0; kb < kfb; kb++)
        sim_cube_read_check(b, in, 2, bp, boff + b_at(kb * 32, j, nf16), 32,
                            &warned);
}

/* C (NZ: fractal (i / 16, j / 16) column-major between, rows of 16 int32)
 * = [C or 0] + the sparse products; padding rows and columns 0, as Mmad
 * leaves them. */
static void compute(uint8_t *C, const uint8_t *A, const uint8_t *B,
                    const uint8_t *idx, int64_t m, int64_t n, int64_t k,
                    bool init_zero) {
  int64_t mf = (m + 15) / 16, nf16 = (n + 15) / 16, kfa = (k + 31) / 32;
  for (int64_t j = 0; j < nf16 * 16; j++)
    for (int64_t i = 0; i < mf * 16; i++) {
      uint8_t *c =
          C + ((j / 16) * mf + i / 16) * 1024 + (i % 16) * 64 + (j % 16) * 4;
      uint32_t acc = 0;
      if (!init_zero && i < m && j < n)
        memcpy(&acc, c, 4);
      if (i < m && j < n) {
        const uint8_t *arow = A + (i / 16) * kfa * FRACTAL + (i % 16) * 32;
        for (int64_t g = 0; g < k / 4; g++) {
          int64_t d0 = b_at(2 * g, j, nf16), d1 = b_at(2 * g + 1, j, nf16);
          int64_t c0 = 4 * g + idx[d0], c1 = 4 * g + 1 + idx[d1];
          int32_t a0 = (int8_t)arow[(c0 / 32) * FRACTAL + c0 % 32];
          int32_t a1 = (int8_t)arow[(c1 / 32) * FRACTAL + c1 % 32];
          acc += (uint32_t)a0 * (uint32_t)(int32_t)(int8_t)B[d0] +
                 (uint32_t)a1 * (uint32_t)(int32_t)(int8_t)B[d1];
        }
      }
      memcpy(c, &acc, 4);
    }
}

static bool mmad_sparse(sim_block *b, const sim_insn *in) {
  unsigned nf = (unsigned)in->imm; /* the MmadParams form (lower) */
  int64_t m = 0, n = 0, k = 0;
  bool init_zero = true;
  if (nf >= 3) {
    m = sim_field(b, in, 3, 0);
    n = sim_field(b, in, 3, 1);
    k = sim_field(b, in, 3, 2);
  }
  if (nf == 6) {
    init_zero = sim_field(b, in, 3, 5) != 0;
    if (!init_zero && sim_field(b, in, 3, 4) != 0)
      return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                      "cmatrixSource 1 (C from the bias table): "
                      "MmadWithSparse has no bias operand");
  } else if (nf == 8) {
    init_zero = sim_field(b, in, 3, 3) == 0; /* isBias: C += A x B */
  }
  if (m > 4095 || n > 4095 || k > 4095)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "m, n and k may be at most 4095; the largest is %lld",
                    (long long)(m > n ? (m > k ? m : k) : (n > k ? n : k)));
  if (m == 0 || n == 0 || k == 0)
    return true; /* "当M、K、N中的任意一个值为0时,该指令不会被执行" */
  if (k % 4)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "k %lld is not a multiple of 4: 4:2 sparsity keeps 2 "
                    "values of each group of 4 along K",
                    (long long)k);
  int64_t mf = (m + 15) / 16, nf16 = (n + 15) / 16;
  int64_t kfa = (k + 31) / 32, kfb = (k / 2 + 31) / 32;
  sim_pool cp, ap, bp;
  /* the reference's alignments: dst 1024 bytes, fm and filter 512 */
  uint8_t *C = sim_local_access_in(b, in, 0, 0, mf * nf16 * 1024, 1024,
                                   1u << SIM_POOL_L0C, &cp);
  if (!C)
    return false;
  const uint8_t *A = sim_local_access_in(b, in, 1, 0, mf * kfa * FRACTAL,
                                         FRACTAL, 1u << SIM_POOL_L0A, &ap);
  if (!A)
    return false;
  const uint8_t *B = sim_local_access_in(b, in, 2, 0, kfb * nf16 * FRACTAL,
                                         FRACTAL, 1u << SIM_POOL_L0B, &bp);
  if (!B)
    return false;
  int64_t coff = C - b->mem[cp], boff = B - b->mem[bp];
  if (!check_index(b, in, boff, n, k / 2, nf16))
    return false;
  check_operands(b, in, ap, A - b->mem[ap], bp, boff, m, n, kfa, kfb, nf16);
  if (!init_zero)
    for (int64_t nb = 0; nb < nf16; nb++) {
      int64_t first = sim_cube_first_unwritten(b, cp, coff + nb * mf * 1024,
                                               ((m - 1) / 16 + 1) * 1024);
      if (first >= 0) {
        sim_report(b, CASC_CHECK_L0C_UNINIT, CASC_SEV_ERROR, in->op,
                   "%s: accumulates onto L0C bytes at %lld that no Mmad has "
                   "written",
                   sim_api_name(in->op), (long long)first);
        return false;
      }
    }
  compute(C, A, B, b->sp_idx + boff, m, n, k, init_zero);
  sim_cube_mark(b, cp, coff, mf * nf16 * 1024);
  return true;
}

bool sim_exec_cube_sparse(sim_block *b, const sim_insn *in) {
  switch (in->opc) {
  case SIM_LOAD_DATA_SPARSE:
    return load_sparse(b, in);
  case SIM_MMAD_SPARSE:
    return mmad_sparse(b, in);
  default:
    return false;
  }
}
