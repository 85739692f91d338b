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
 * row-major inside and between), the layout Mmad reads (cube.c).
 *
 * The registers (b->l3d, cube_load3d_regs.c): pyasc's load_data_3d_l0_v2
 * carries no IsResetLoad3dConfig, so its C++ is LoadData with the default
 * config, which first writes the fmatrix (l1H, l1W, padList) and the pad
 * value from the call's own fields (CANN asc-devkit's LoadDataImpl:
 * isSetFMatrix / isSetPadding); the load then reads the registers, which
 * stay set for a later V2Pro. LoadData3DParamsV2Pro has no such fields:
 * it reads the registers SetFmatrix / SetLoadDataPaddingValue (or an
 * earlier V2) wrote, and packs the rest into two words (asc-devkit's
 * LoadData3DV2L12L0ACal for V2Pro and its LOAD_* shifts): extConfig =
 * kExtension | mExtension << 16 | kStartPt << 32 | mStartPt << 48,
 * filterConfig = strideW | strideH << 8 | filterW << 16 | filterH << 24 |
 * dilationW << 32 | dilationH << 40. Both run SetLoadDataRepeat's repeat
 * and read L1 within SetLoadDataBoundary's boundary. */
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
  F_FMATRIX_CTRL,
  F_COUNT
};

/* LoadData3DParamsV2Pro's fields, in pyasc's order */
enum {
  P_CHANNELS,
  P_TRANSPOSE,
  P_SMALL_K,
  P_HI_W,
  P_HI_H,
  P_CTRL,
  P_EXT,
  P_FILTER
};

typedef struct {
  int64_t h, w, c1, c0, es;
  int64_t pad_l, pad_t, stride_w, stride_h, kw, kh, dil_w, dil_h;
  int64_t out_h, out_w;
} load3d_geom;

/* The parameter checks the reference's ranges imply; false after a
 * located diagnostic. */
static bool read_geom(sim_block *b, const sim_insn *in, const int64_t *f,
                      load3d_geom *g) {
  if (g->es != 1 && g->es != 2 && g->es != 4)
    return sim_fail(
        b, in, CASC_CHECK_UNSUPPORTED,
        "elements of %lld bytes: img2col is simulated for 8-, 16- and "
        "32-bit types",
        (long long)g->es);
  if (f[F_TRANSPOSE])
    return sim_fail(
        b, in, CASC_CHECK_UNSUPPORTED,
        "enTranspose %lld: the transposed (B2) form is not simulated",
        (long long)f[F_TRANSPOSE]);
  g->c0 = 32 / g->es;
  g->h = f[F_L1_H];
  g->w = f[F_L1_W];
  if (g->h < 1 || g->w < 1)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "the feature map is %lld rows high and wide at least 1",
                    (long long)(g->h < 1 ? g->h : g->w));
  int64_t ch = f[F_CHANNELS];
  if (ch < 1 || ch % g->c0)
    return sim_fail(
        b, in, CASC_CHECK_UNSUPPORTED,
        "channelSize %lld: only multiples of C0 (32 bytes of channels) "
        "are simulated",
        (long long)ch);
  g->c1 = ch / g->c0;
  g->pad_l = f[F_PAD_L];
  g->pad_t = f[F_PAD_T];
  int64_t pad_r = f[F_PAD_R];
  int64_t pad_b = f[F_PAD_B];
  g->stride_w = f[F_STRIDE_W];
  g->stride_h = f[F_STRIDE_H];
  if (g->stride_w < 1 || g->stride_w > 63 || g->stride_h < 1 ||
      g->stride_h > 63)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE, "stride %lld is outside 1..63",
                    (long long)(g->stride_w < 1 || g->stride_w > 63
                                    ? g->stride_w
                                    : g->stride_h));
  /* filterSizeW / H are the filter's ninth bit (sizes up to 511) */
  g->kw = f[F_FILTER_W] + (f[F_FILTER_HI_W] ? 256 : 0);
  g->kh = f[F_FILTER_H] + (f[F_FILTER_HI_H] ? 256 : 0);
  if (g->kw < 1 || g->kh < 1)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE, "filter size %lld is below 1",
                    (long long)(g->kw < 1 ? g->kw : g->kh));
  g->dil_w = f[F_DIL_W];
  g->dil_h = f[F_DIL_H];
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

/* The fields the load runs with, in V2's order: V2's own, after writing
 * the fmatrix and pad registers from them (the default IsResetLoad3dConfig),
 * or V2Pro's unpacked; either way the map's size and padding and the pad
 * value are then the registers'. False after a located diagnostic. */
static bool load_fields(sim_block *b, const sim_insn *in, int64_t es,
                        int64_t *f) {
  sim_load3d_regs *r = &b->l3d;
  memset(f, 0, F_COUNT * sizeof *f);
  if (!in->imm) {
    for (unsigned i = 0; i < F_COUNT; i++)
      f[i] = sim_field(b, in, 2, i);
    r->l1h = (uint16_t)f[F_L1_H];
    r->l1w = (uint16_t)f[F_L1_W];
    for (unsigned i = 0; i < 4; i++)
      r->pad_list[i] = (uint8_t)f[F_PAD_L + i];
    r->fm_set = true;
    /* Load3DSetPaddingCal: an 8-bit value twice, else its bit pattern (the
     * field is a uint16 in pyasc's struct) */
    uint64_t v = (uint64_t)f[F_PAD_VALUE];
    r->pad = es == 1 ? ((v & 0xff) << 8) | (v & 0xff) : v;
    r->pad_set = true;
  } else {
    if (!r->fm_set)
      return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                      "LoadData3DParamsV2Pro has no feature-map fields and "
                      "no fmatrix was set in this block: call SetFmatrix (or "
                      "a LoadData with LoadData3DParamsV2, which sets it) "
                      "first");
    if (sim_field(b, in, 2, P_SMALL_K))
      return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                      "enSmallK: the reference does not describe the small-K "
                      "layout");
    uint64_t ext = (uint64_t)sim_field(b, in, 2, P_EXT);
    uint64_t flt = (uint64_t)sim_field(b, in, 2, P_FILTER);
    f[F_CHANNELS] = sim_field(b, in, 2, P_CHANNELS);
    f[F_TRANSPOSE] = sim_field(b, in, 2, P_TRANSPOSE);
    f[F_FILTER_HI_W] = sim_field(b, in, 2, P_HI_W);
    f[F_FILTER_HI_H] = sim_field(b, in, 2, P_HI_H);
    f[F_FMATRIX_CTRL] = sim_field(b, in, 2, P_CTRL);
    f[F_K_EXT] = (int64_t)(ext & 0xffff);
    f[F_M_EXT] = (int64_t)((ext >> 16) & 0xffff);
    f[F_K_START] = (int64_t)((ext >> 32) & 0xffff);
    f[F_M_START] = (int64_t)((ext >> 48) & 0xffff);
    static const unsigned by_byte[6] = {F_STRIDE_W, F_STRIDE_H, F_FILTER_W,
                                        F_FILTER_H, F_DIL_W,    F_DIL_H};
    for (unsigned i = 0; i < 6; i++)
      f[by_byte[i]] = (int64_t)((flt >> (8 * i)) & 0xff);
  }
  f[F_L1_H] = r->l1h;
  f[F_L1_W] = r->l1w;
  for (unsigned i = 0; i < 4; i++)
    f[F_PAD_L + i] = r->pad_list[i];
  return true;
}

/* SetLoadDataRepeat: repeatTime loads, each repeatStride x 16 rows
 * further along M (repeatMode 0), written one after another into L0A;
 * the iterations' count and step. False after a located diagnostic. */
static bool read_repeat(sim_block *b, const sim_insn *in, int64_t *reps,
                        int64_t *m_step) {
  const sim_load3d_regs *r = &b->l3d;
  *reps = r->rpt_time;
  *m_step = (int64_t)r->rpt_stride * 16;
  if (*reps == 0)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "SetLoadDataRepeat's repeatTime is 0: the reference "
                    "admits it but does not say what the load then does");
  if (*reps > 1 && r->rpt_mode == 1)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "SetLoadDataRepeat's repeatMode 1 (along the width): "
                    "the reference does not say where each iteration's "
                    "columns land in L0A (repeatMode 0, along M, runs)");
  return true;
}

/* The L1 bytes the map occupies from src, within SetLoadDataBoundary's
 * boundary: the bytes past it are read from L1's start on (the reference),
 * which is a warning pointing at the boundary; the start itself must lie
 * inside it. *s is the host pointer of L1's byte 0 (reads index it by L1
 * offset) and *base src's L1 offset. False after a located diagnostic. */
static bool map_access(sim_block *b, const sim_insn *in, int64_t bytes,
                       const uint8_t **s, int64_t *base, sim_pool *sp) {
  const uint8_t *p =
      sim_local_access_in(b, in, 1, 0, 32, 32, 1u << SIM_POOL_L1, sp);
  if (!p)
    return false;
  *base = p - b->mem[*sp];
  *s = b->mem[*sp];
  int64_t lim = b->l3d.boundary;
  if (!lim || *base + bytes <= lim) {
    if (!sim_local_access_in(b, in, 1, 0, bytes, 32, 1u << SIM_POOL_L1, sp))
      return false;
    read_check(b, in, *sp, *base, bytes);
    return true;
  }
  if (*base >= lim)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "src starts at L1 byte %lld, outside the %lld-byte "
                    "boundary SetLoadDataBoundary set (the load's start "
                    "address must lie inside it)",
                    (long long)*base, (long long)lim);
  int64_t wrap = *base + bytes - lim; /* bytes read from L1's start */
  if (!sim_local_access_in(b, in, 1, 0, lim - *base, 32, 1u << SIM_POOL_L1, sp))
    return false;
  if (wrap > *base)
    return sim_fail(b, in, CASC_CHECK_UB_OUT_OF_BOUNDS,
                    "the feature map (%lld bytes from L1 byte %lld) wraps "
                    "at the %lld-byte boundary onto its own start",
                    (long long)bytes, (long long)*base, (long long)lim);
  sim_issue *is = sim_report(
      b, CASC_CHECK_UB_OUT_OF_BOUNDS, CASC_SEV_WARNING, in->op,
      "%s: the feature map (%lld bytes from L1 byte %lld) runs past the "
      "%lld-byte boundary: its last %lld bytes are read from L1 byte 0 on",
      sim_api_name(in->op), (long long)bytes, (long long)*base, (long long)lim,
      (long long)wrap);
  if (is && b->l3d.boundary_op)
    sim_note_add(is, b->l3d.boundary_op->loc, "the boundary was set here");
  read_check(b, in, *sp, *base, lim - *base);
  read_check(b, in, *sp, 0, wrap);
  return true;
}

bool sim_exec_load3d(sim_block *b, const sim_insn *in) {
  load3d_geom g = {0};
  int64_t f[F_COUNT];
  g.es = casc_dtype_size((casc_dtype)in->dt);
  if (!load_fields(b, in, g.es, f) || !read_geom(b, in, f, &g))
    return false;
  int64_t k_ext = f[F_K_EXT];
  int64_t m_ext = f[F_M_EXT];
  int64_t k_start = f[F_K_START];
  int64_t m_start = f[F_M_START];
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
  int64_t reps, m_step;
  if (!read_repeat(b, in, &reps, &m_step))
    return false;
  sim_pool sp, dp;
  const uint8_t *l1;
  int64_t base, lim = b->l3d.boundary;
  if (!map_access(b, in, g.c1 * g.h * g.w * 32, &l1, &base, &sp))
    return false;
  int64_t one = m_ext * k_ext * g.es; /* one iteration's bytes */
  uint8_t *d = sim_local_access_in(b, in, 0, 0, reps * one, FRACTAL,
                                   1u << SIM_POOL_L0A, &dp);
  if (!d)
    return false;
  /* The pad register's low bytes: the element's bit pattern. */
  uint8_t pad[8];
  for (unsigned i = 0; i < 8; i++)
    pad[i] = (uint8_t)(b->l3d.pad >> (8 * i));
  bool padded = false;
  int64_t kf = k_ext / g.c0, kpos = g.kh * g.kw, nout = g.out_h * g.out_w;
  for (int64_t it = 0; it < reps; it++)
    for (int64_t r = 0; r < m_ext; r++) {
      int64_t m = m_start + it * m_step + r, oh = m / g.out_w, ow = m % g.out_w;
      for (int64_t c = 0; c < k_ext; c++) {
        int64_t k = k_start + c, c1 = k / (kpos * g.c0);
        int64_t pos = (k / g.c0) % kpos, c0 = k % g.c0;
        int64_t ih = oh * g.stride_h + (pos / g.kw) * g.dil_h - g.pad_t;
        int64_t iw = ow * g.stride_w + (pos % g.kw) * g.dil_w - g.pad_l;
        const uint8_t *e = pad;
        if (m < nout && c1 < g.c1 && ih >= 0 && ih < g.h && iw >= 0 &&
            iw < g.w) {
          int64_t a = base + (((c1 * g.h + ih) * g.w + iw) * g.c0 + c0) * g.es;
          e = l1 + (lim && a >= lim ? a - lim : a);
        } else
          padded = true;
        uint8_t *o = d + it * one + ((r / 16) * kf + c / g.c0) * FRACTAL +
                     (r % 16) * 32 + (c % g.c0) * g.es;
        memcpy(o, e, (size_t)g.es);
      }
    }
  if (padded && !b->l3d.pad_set)
    sim_report(b, CASC_CHECK_UNINIT_READ, CASC_SEV_WARNING, in->op,
               "%s: padding positions take the pad value, which nothing "
               "set in this block (SetLoadDataPaddingValue): 0 is used",
               sim_api_name(in->op));
  sim_cube_mark(b, dp, d - b->mem[dp], reps * one);
  return true;
}
