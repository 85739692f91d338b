/* LoadDataWithTranspose with LoadData2dTransposeParams (docs/simulator.md,
 * "The cube path: other forms"): A1/B1 -> A2/B2, one square matrix an
 * iteration, transposed. The Ascend C reference's LoadDataWithTranspose
 * page (atlasascendc_api_07_0239):
 *   b8:  two consecutive 16 x 32 fractals form a 32 x 32 square (rows 0..15
 *        and 16..31); its transpose splits into two 16 x 32 fractals by
 *        rows;
 *   b16: one 16 x 16 fractal, transposed;
 *   b32: two consecutive 16 x 8 fractals form a 16 x 16 square (columns
 *        0..7 and 8..15); its transpose splits into two 16 x 8 fractals by
 *        columns.
 * The source square of iteration r is square startIndex + r * srcStride
 * (units of the square: 1024 bytes for b8 / b32, 512 for b16); its first
 * destination fractal lies r * (1 + dstGap) fractals (512 bytes) into dst,
 * the second (1 + dstFracGap) fractals after the first. */
#include <stdio.h>
#include <string.h>

#include "sim/sim_internal.h"

#define FRACTAL 512

/* Never-written L1 bytes the load reads: a warning (once per op), and the
 * fixed garbage of never-written memory, as the cube's other reads. */
static void read_check(sim_block *b, const sim_insn *in, sim_pool pool,
                       int64_t off, int64_t bytes, bool *warned) {
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
  sim_report(b, CASC_CHECK_UNINIT_READ, CASC_SEV_WARNING, in->op,
             "%s: operand 'src' reads L1 bytes at %lld, which were never "
             "written",
             sim_api_name(in->op), (long long)first);
}

/* The transpose of square s (sq bytes, element size es) into the two (b16:
 * one) destination fractals t[0], t[1]. */
static void transpose_square(const uint8_t *s, unsigned es, uint8_t *t0,
                             uint8_t *t1) {
  if (es == 2) { /* 16 x 16 */
    for (int i = 0; i < 16; i++)
      for (int j = 0; j < 16; j++)
        memcpy(t0 + (j * 16 + i) * 2, s + (i * 16 + j) * 2, 2);
    return;
  }
  if (es == 1) { /* 32 x 32, row-major over both fractals */
    for (int i = 0; i < 32; i++)
      for (int j = 0; j < 32; j++) {
        uint8_t *d = j < 16 ? t0 : t1;
        d[(j % 16) * 32 + i] = s[i * 32 + j];
      }
    return;
  }
  /* b32: S[i][j] = fractal (j / 8) row i column j % 8; T = S^T, split by
   * columns: T[i][j] into fractal j / 8, row i, column j % 8. */
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      const uint8_t *e = s + (j / 8) * FRACTAL + (i * 8 + j % 8) * 4;
      uint8_t *d = i < 8 ? t0 : t1; /* T[j][i] = S[i][j] */
      memcpy(d + (j * 8 + i % 8) * 4, e, 4);
    }
}

bool sim_exec_load_transpose(sim_block *b, const sim_insn *in) {
  int64_t start = sim_field(b, in, 2, 0), rep = sim_field(b, in, 2, 1);
  int64_t sstride = sim_field(b, in, 2, 2), gap = sim_field(b, in, 2, 3);
  int64_t fgap = sim_field(b, in, 2, 4), mode = sim_field(b, in, 2, 5);
  unsigned es = casc_dtype_size((casc_dtype)in->dt);
  if (es != 1 && es != 2 && es != 4)
    return sim_fail(
        b, in, CASC_CHECK_UNSUPPORTED,
        "elements of %lld bytes: the reference transposes 8-, 16- and "
        "32-bit types",
        (long long)es);
  if (mode != 0)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "addrMode %lld (decreasing addresses) is not simulated",
                    (long long)mode);
  int64_t sq = es == 2 ? FRACTAL : 2 * FRACTAL;
  unsigned nfrac = es == 2 ? 1 : 2;
  unsigned dpools = (1u << SIM_POOL_L0A) | (1u << SIM_POOL_L0B);
  bool warned = false;
  for (int64_t r = 0; r < rep; r++) {
    sim_pool sp, dp0, dp1 = SIM_POOL_L0A;
    const uint8_t *s = sim_local_access_in(b, in, 1, (start + r * sstride) * sq,
                                           sq, 32, 1u << SIM_POOL_L1, &sp);
    if (!s)
      return false;
    read_check(b, in, sp, s - b->mem[sp], sq, &warned);
    int64_t d0 = r * (1 + gap) * FRACTAL;
    uint8_t *t0 =
        sim_local_access_in(b, in, 0, d0, FRACTAL, FRACTAL, dpools, &dp0);
    if (!t0)
      return false;
    uint8_t *t1 = NULL;
    if (nfrac == 2 &&
        !(t1 = sim_local_access_in(b, in, 0, d0 + (1 + fgap) * FRACTAL, FRACTAL,
                                   FRACTAL, dpools, &dp1)))
      return false;
    /* through a copy: source and destination are different memories, but
     * the two destination fractals must not see a half-written square */
    uint8_t sqbuf[2 * FRACTAL], out[2 * FRACTAL];
    memcpy(sqbuf, s, (size_t)sq);
    transpose_square(sqbuf, es, out, out + FRACTAL);
    memcpy(t0, out, FRACTAL);
    sim_cube_mark(b, dp0, t0 - b->mem[dp0], FRACTAL);
    if (t1) {
      memcpy(t1, out + FRACTAL, FRACTAL);
      sim_cube_mark(b, dp1, t1 - b->mem[dp1], FRACTAL);
    }
  }
  return true;
}
