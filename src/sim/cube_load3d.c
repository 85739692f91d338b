/* LoadData 3-D v2 (img2col) with LoadData3DParamsV2: an L1 feature map in
 * C1HWC0 layout (C0 = 32 bytes / element size) to the L0A (A2) matrix of
 * its convolution windows (docs/simulator.md, "The cube path: img2col").
 *
 * The order of the matrix (sources: the Ascend C reference's Load3D page,
 * atlasascendc_api_07_00170, for the fields; PTO Tile Lib's CPU simulation
 * of TIMG2COL, hw-native-sys/pto-isa include/pto/cpu/TImg2col.hpp, and its
 * a2a3 test generator, whose weights are laid out (C1, Hk, Wk, N, C0), for
 * the order in text):
 *   row m    = output position (oh, ow) = (m / outW, m % outW), with
 *              outW = (W + padL + padR - dilW (Kw - 1) - 1) / strideW + 1;
 *   column k = c1 (Kh Kw C0) + (kh Kw + kw) C0 + c0: channel c1 C0 + c0 of
 *              kernel position (kh, kw);
 *   element  = fmap[c1][oh strideH + kh dilH - padT][ow strideW + kw dilW
 *              - padL][c0], or the pad value outside the map (and beyond
 *              the channels or the outputs).
 * The op writes rows mStartPt .. mStartPt + mExtension - 1 and columns
 * kStartPt .. kStartPt + kExtension - 1 into L0A's "ZZ" fractals (16 x C0,
 * row-major inside and between), the layout Mmad reads (cube.c). With the
 * default IsResetLoad3dConfig the call sets the fmatrix (l1H, l1W, padList)
 * and the pad value from its own parameters, so they are read here. */
#include <stdio.h>
#include <string.h>

#include "sim/sim_internal.h"

#define FRACTAL 512

/* LoadData3DParamsV2's fields, in pyasc's order (src/lang/load_data_forms.c) */
enum {
  F_PAD_L,
  F_PAD_R,
  F_PAD_T,
  F_PAD_B,
  F_L1_H,
  F_L1_W,
  F_CHANNELS,
  F_K_EXT,
  F_M_EXT,
  F_K_START,
  F_M_START,
  F_STRIDE_W,
  F_STRIDE_H,
  F_FILTER_W,
  F_FILTER_H,
  F_DIL_W,
  F_DIL_H,
  F_TRANSPOSE,
  F_PAD_VALUE,
  F_FILTER_HI_W,
  F_FILTER_HI_H,
  F_FMATRIX_CTRL
};

typedef struct {
  int64_t h, w, c1, c0, es;
  int64_t pad_l, pad_t, stride_w, stride_h, kw, kh, dil_w, dil_h;
  int64_t out_h, out_w;
} load3d_geom;

/* The parameter checks the reference's ranges imply; false after a
 * located diagnostic. */
static bool read_geom(sim_block *b, const sim_insn *in, load3d_geom *g) {
  g->es = casc_dtype_size((casc_dtype)in->dt);
  if (g->es != 1 && g->es != 2 && g->es != 4)
    return sim_fail(
        b, in, CASC_CHECK_UNSUPPORTED,
        "elements of %lld bytes: img2col is simulated for 8-, 16- and "
        "32-bit types",
        (long long)g->es);
  if (sim_field(b, in, 2, F_TRANSPOSE))
    return sim_fail(
        b, in, CASC_CHECK_UNSUPPORTED,
        "enTranspose %lld: the transposed (B2) form is not simulated",
        (long long)sim_field(b, in, 2, F_TRANSPOSE));
  g->c0 = 32 / g->es;
  g->h = sim_field(b, in, 2, F_L1_H);
  g->w = sim_field(b, in, 2, F_L1_W);
  if (g->h < 1 || g->w < 1)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "the feature map is %lld rows high and wide at least 1",
                    (long long)(g->h < 1 ? g->h : g->w));
  int64_t ch = sim_field(b, in, 2, F_CHANNELS);
  if (ch < 1 || ch % g->c0)
    return sim_fail(
        b, in, CASC_CHECK_UNSUPPORTED,
        "channelSize %lld: only multiples of C0 (32 bytes of channels) "
        "are simulated",
        (long long)ch);
  g->c1 = ch / g->c0;
  g->pad_l = sim_field(b, in, 2, F_PAD_L);
  g->pad_t = sim_field(b, in, 2, F_PAD_T);
  int64_t pad_r = sim_field(b, in, 2, F_PAD_R);
  int64_t pad_b = sim_field(b, in, 2, F_PAD_B);
  g->stride_w = sim_field(b, in, 2, F_STRIDE_W);
  g->stride_h = sim_field(b, in, 2, F_STRIDE_H);
  if (g->stride_w < 1 || g->stride_w > 63 || g->stride_h < 1 ||
      g->stride_h > 63)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE, "stride %lld is outside 1..63",
                    (long long)(g->stride_w < 1 || g->stride_w > 63
                                    ? g->stride_w
                                    : g->stride_h));
  /* filterSizeW / H are the filter's ninth bit (sizes up to 511) */
  g->kw = sim_field(b, in, 2, F_FILTER_W) +
          (sim_field(b, in, 2, F_FILTER_HI_W) ? 256 : 0);
  g->kh = sim_field(b, in, 2, F_FILTER_H) +
          (sim_field(b, in, 2, F_FILTER_HI_H) ? 256 : 0);
  if (g->kw < 1 || g->kh < 1)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE, "filter size %lld is below 1",
                    (long long)(g->kw < 1 ? g->kw : g->kh));
  g->dil_w = sim_field(b, in, 2, F_DIL_W);
  g->dil_h = sim_field(b, in, 2, F_DIL_H);
  if (g->dil_w < 1 || g->dil_h < 1)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE, "dilation %lld is below 1",
                    (long long)(g->dil_w < 1 ? g->dil_w : g->dil_h));
  g->out_w =
      (g->w + g->pad_l + pad_r - g->dil_w * (g->kw - 1) - 1) / g->stride_w + 1;
  g->out_h =
      (g->h + g->pad_t + pad_b - g->dil_h * (g->kh - 1) - 1) / g->stride_h + 1;
  if (g->w + g->pad_l + pad_r - g->dil_w * (g->kw - 1) - 1 < 0 ||
      g->h + g->pad_t + pad_b - g->dil_h * (g->kh - 1) - 1 < 0)
    return sim_fail(
        b, in, CASC_CHECK_BAD_VALUE,
        "the dilated filter (%lld wide or high) is larger than the "
        "padded feature map: no output position",
        (long long)(g->w + g->pad_l + pad_r - g->dil_w * (g->kw - 1) - 1 < 0
                        ? g->dil_w * (g->kw - 1) + 1
                        : g->dil_h * (g->kh - 1) + 1));
  return true;
}

/* Never-written L1 the map has: a warning, once per op (the cube's other
 * reads do the same); the bytes read are then never-written memory's fixed
 * garbage. */
static void read_check(sim_block *b, const sim_insn *in, sim_pool pool,
                       int64_t off, int64_t bytes) {
  int64_t first = sim_cube_first_unwritten(b, pool, off, bytes);
  if (first < 0)
    return;
  for (int64_t k = off / 32; k <= (off + bytes - 1) / 32; k++)
    if (sim_cube_first_unwritten(b, pool, k * 32, 32) >= 0)
      for (int64_t i = 0; i < 32; i++)
        b->mem[pool][k * 32 + i] = sim_ub_initial_byte((uint32_t)(k * 32 + i));
  sim_report(b, CASC_CHECK_UNINIT_READ, CASC_SEV_WARNING, in->op,
             "%s: operand 'src' reads L1 bytes at %lld, which were never "
             "written",
             sim_api_name(in->op), (long long)first);
}

bool sim_exec_load3d(sim_block *b, const sim_insn *in) {
  load3d_geom g = {0};
  if (!read_geom(b, in, &g))
    return false;
  int64_t k_ext = sim_field(b, in, 2, F_K_EXT);
  int64_t m_ext = sim_field(b, in, 2, F_M_EXT);
  int64_t k_start = sim_field(b, in, 2, F_K_START);
  int64_t m_start = sim_field(b, in, 2, F_M_START);
  /* L0A holds whole 16 x C0 fractals */
  if (k_ext < 1 || k_ext % g.c0)
    return sim_fail(
        b, in, CASC_CHECK_FRACTAL_ALIGN,
        "kExtension %lld is not a positive multiple of C0 (32 bytes "
        "of elements): L0A holds whole fractals",
        (long long)k_ext);
  if (m_ext < 1 || m_ext % 16)
    return sim_fail(
        b, in, CASC_CHECK_FRACTAL_ALIGN,
        "mExtension %lld is not a positive multiple of 16: L0A holds "
        "whole fractals",
        (long long)m_ext);
  if (k_start % g.c0)
    return sim_fail(
        b, in, CASC_CHECK_FRACTAL_ALIGN,
        "kStartPt %lld is not a multiple of C0 (32 bytes of elements)",
        (long long)k_start);
  sim_pool sp, dp;
  int64_t src_bytes = g.c1 * g.h * g.w * 32;
  const uint8_t *s =
      sim_local_access_in(b, in, 1, 0, src_bytes, 32, 1u << SIM_POOL_L1, &sp);
  if (!s)
    return false;
  int64_t dst_bytes = m_ext * k_ext * g.es;
  uint8_t *d = sim_local_access_in(b, in, 0, 0, dst_bytes, FRACTAL,
                                   1u << SIM_POOL_L0A, &dp);
  if (!d)
    return false;
  read_check(b, in, sp, s - b->mem[sp], src_bytes);
  /* The pad register holds the field's low bytes (LoadData3DParamsV2's
   * padValue is a uint16 in pyasc's struct): the element's bit pattern. */
  uint32_t pv = (uint32_t)sim_field(b, in, 2, F_PAD_VALUE);
  uint8_t pad[4] = {(uint8_t)pv, (uint8_t)(pv >> 8), 0, 0};
  int64_t kf = k_ext / g.c0, kpos = g.kh * g.kw, nout = g.out_h * g.out_w;
  for (int64_t r = 0; r < m_ext; r++) {
    int64_t m = m_start + r, oh = m / g.out_w, ow = m % g.out_w;
    for (int64_t c = 0; c < k_ext; c++) {
      int64_t k = k_start + c, c1 = k / (kpos * g.c0);
      int64_t pos = (k / g.c0) % kpos, c0 = k % g.c0;
      int64_t ih = oh * g.stride_h + (pos / g.kw) * g.dil_h - g.pad_t;
      int64_t iw = ow * g.stride_w + (pos % g.kw) * g.dil_w - g.pad_l;
      const uint8_t *e = pad;
      if (m < nout && c1 < g.c1 && ih >= 0 && ih < g.h && iw >= 0 && iw < g.w)
        e = s + (((c1 * g.h + ih) * g.w + iw) * g.c0 + c0) * g.es;
      uint8_t *o = d + ((r / 16) * kf + c / g.c0) * FRACTAL + (r % 16) * 32 +
                   (c % g.c0) * g.es;
      memcpy(o, e, (size_t)g.es);
    }
  }
  sim_cube_mark(b, dp, d - b->mem[dp], dst_bytes);
  return true;
}
