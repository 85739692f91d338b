/* AIPP (AI core image preprocessing): SetAippFunctions keeps the source
 * image and the AippParams in the block (the hardware's AIPP registers);
 * LoadImageToLocal crops the image from GM, converts it and writes it into
 * A1 / B1. docs/simulator.md, "AIPP", gives the sources: the Ascend C
 * reference's SetAippFunctions and LoadImageToLocal pages
 * (atlasascendc_api_07_0240 / 0241). In the order the pixels go through:
 *
 *   fetch   YUV420SP_U8: Y from src0 (srcHorizSize bytes a row), U and V
 *           interleaved from src1, one pair per 2 x 2 pixels (NV12);
 *           XRGB8888_U8: 4 bytes a pixel, the 4th channel dropped (after
 *           isSwapAX moved X to the end); RGB888_U8: 3 bytes;
 *           YUV400_U8: 1 byte. isSwapRB swaps channels 0 and 2 (RGB888,
 *           XRGB8888), isSwapUV channels 1 and 2 (YUV420SP).
 *   single  isSingleLineCopy: one row is read, vertSize is ignored.
 *   CSC     not simulated: its formula is an image on the reference page,
 *           and the text that states one (the ACL aclmdlSetAIPPCscParams
 *           page) applies the input / output biases the other way round
 *           from the reference's cscBiasIn / cscBiasOut descriptions.
 *   DTC     int8: pixel - mean, saturated to [-128, 127]; half:
 *           (pixel - mean - min) * var, each step rounded to half (RNE).
 *           dtcRoundMode is not described by the reference: only 0 runs.
 *   padding mode 0: the constant paddingValueCh<k> (left / right only, the
 *           reference's restriction); mode 1: the nearest loaded pixel in
 *           the row / column; modes 2 and 3 (block copies) are defined by
 *           figures only: not simulated.
 *   C pad   every pixel holds C0 channels (mode 0: 32 bytes, 32 int8 or 16
 *           half; mode 1: 4), the ones past the image's own filled with
 *           cPaddingValue.
 * The destination holds (top + rows + bot) x (left + horizSize + right)
 * pixels of C0 channels, row-major. Timing: the AIPP's own pixel rate is
 * not public, so LoadImageToLocal costs what an MTE2 transfer of the bytes
 * it writes into L1 costs (one burst; timing.c). */
#include <stdio.h>
#include <string.h>

#include "sim/sim_internal.h"

/* AscendC::AippInputFormat */
enum { FMT_YUV420SP = 0, FMT_XRGB8888 = 1, FMT_RGB888 = 4, FMT_YUV400 = 9 };

/* The fields of AippParams' six parts, in pyasc's order (lang/aipp.c). */
enum { P_PAD, P_SWAP, P_SINGLE, P_DTC, P_CPAD, P_CSC };

void sim_aipp_block_begin(sim_block *b) {
  b->aipp.set = false;
}

static const char *format_name(int64_t f) {
  switch (f) {
  case FMT_YUV420SP:
    return "YUV420SP_U8";
  case FMT_XRGB8888:
    return "XRGB8888_U8";
  case FMT_RGB888:
    return "RGB888_U8";
  case FMT_YUV400:
    return "YUV400_U8";
  default:
    return "?";
  }
}

/* Slot of field j of part `part` of the AippParams operand opnd. */
static const sim_slot *part_field(const sim_block *b, const sim_insn *in,
                                  unsigned opnd, unsigned part, unsigned j) {
  int64_t part_first = sim_field(b, in, opnd, part);
  return &b->slots[part_first + j];
}

/* A padding value of the output type: int8 fields hold integers, half
 * fields doubles. */
static double out_value(const sim_slot *s, unsigned dt) {
  return dt == CASC_DT_F16 ? s->f : (double)s->i;
}

static bool set_functions(sim_block *b, const sim_insn *in) {
  sim_aipp *a = &b->aipp;
  unsigned cfg = in->nargs - 1u;
  bool yuv = in->imm == FMT_YUV420SP;
  if (yuv != (in->nargs == 3))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE, "%s takes %s",
                    format_name(in->imm),
                    yuv ? "src1, the UV plane" : "no src1 (YUV420SP only)");
  const sim_tensor *s0 = &b->slots[in->a[0]].t;
  const sim_tensor *s1 = yuv ? &b->slots[in->a[1]].t : NULL;
  if (s0->buf < 0 || (s1 && s1->buf < 0))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "operand '%s' is a GlobalTensor without SetGlobalBuffer",
                    s0->buf < 0 ? "src0" : "src1");
  memset(a, 0, sizeof *a);
  a->format = (uint8_t)in->imm;
  a->out_dt = (uint8_t)in->imm2;
  a->src[0] = *s0;
  if (s1)
    a->src[1] = *s1;
  a->from = in->op;
  a->pad_mode = part_field(b, in, cfg, P_PAD, 0)->i;
  for (unsigned k = 0; k < 4; k++)
    a->pad_val[k] = out_value(part_field(b, in, cfg, P_PAD, 1 + k), a->out_dt);
  a->swap_rb = part_field(b, in, cfg, P_SWAP, 0)->i != 0;
  a->swap_uv = part_field(b, in, cfg, P_SWAP, 1)->i != 0;
  a->swap_ax = part_field(b, in, cfg, P_SWAP, 2)->i != 0;
  a->single_line = part_field(b, in, cfg, P_SINGLE, 0)->i != 0;
  for (unsigned k = 0; k < 3; k++) {
    a->mean[k] = part_field(b, in, cfg, P_DTC, k)->i;
    a->min[k] = part_field(b, in, cfg, P_DTC, 3 + k)->f;
    a->var[k] = part_field(b, in, cfg, P_DTC, 6 + k)->f;
  }
  a->round_mode = part_field(b, in, cfg, P_DTC, 9)->i;
  a->cpad_mode = part_field(b, in, cfg, P_CPAD, 0)->i;
  a->cpad_val = out_value(part_field(b, in, cfg, P_CPAD, 1), a->out_dt);
  a->csc = part_field(b, in, cfg, P_CSC, 0)->i != 0;
  a->set = true;
  return true;
}

/* LoadImageToLocalParams, in the reference's order. */
typedef struct {
  int64_t hs, vs, hx, vy, sw, top, bot, left, right;
} load_params;

/* The reference's ranges and evenness rules of LoadImageToLocalParams and
 * the parts of the configuration the simulator does not run. */
static bool check_load(sim_block *b, const sim_insn *in, const sim_aipp *a,
                       const load_params *p) {
  static const char *const names[9] = {
      "horizSize",    "vertSize",     "horizStartPos",
      "vertStartPos", "srcHorizSize", "topPadSize",
      "botPadSize",   "leftPadSize",  "rightPadSize"};
  static const int64_t lo[9] = {2, 2, 0, 0, 2, 0, 0, 0, 0};
  static const int64_t hi[9] = {4095, 4095, 4095, 4095, 4095, 32, 32, 32, 32};
  const int64_t v[9] = {p->hs,  p->vs,  p->hx,   p->vy,   p->sw,
                        p->top, p->bot, p->left, p->right};
  for (unsigned i = 0; i < 9; i++)
    if (v[i] < lo[i] || v[i] > hi[i])
      return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                      "%s is %lld, outside the reference's range [%lld, %lld]",
                      names[i], (long long)v[i], (long long)lo[i],
                      (long long)hi[i]);
  bool yuv = a->format == FMT_YUV420SP;
  if (p->hx % 2 || (yuv && (p->vy % 2 || p->sw % 2)))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "%s is odd; with %s it must be even",
                    p->hx % 2   ? "horizStartPos"
                    : p->vy % 2 ? "vertStartPos"
                                : "srcHorizSize",
                    format_name(a->format));
  if (p->hx + p->hs > p->sw)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "horizStartPos %lld + horizSize %lld passes the source "
                    "image's width srcHorizSize %lld",
                    (long long)p->hx, (long long)p->hs, (long long)p->sw);
  if (in->dt != a->out_dt)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "dst has dtype %s, but the AippParams SetAippFunctions "
                    "set convert to %s",
                    casc_dtype_name((casc_dtype)in->dt),
                    casc_dtype_name((casc_dtype)a->out_dt));
  if (a->csc)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "not supported by the simulator: AIPP colour-space "
                    "conversion (the reference gives its formula as an image "
                    "only; docs/simulator.md, \"AIPP\")");
  if (a->round_mode != 0)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "not supported by the simulator: AIPP dtcRoundMode %lld "
                    "(the reference does not say what the modes are)",
                    (long long)a->round_mode);
  if (a->pad_mode == 2 || a->pad_mode == 3)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "not supported by the simulator: AIPP padding mode %lld "
                    "(%s padding is defined by a figure only)",
                    (long long)a->pad_mode,
                    a->pad_mode == 2 ? "block" : "mirror block");
  if (a->pad_mode < 0 || a->pad_mode > 3)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "paddingMode %lld is outside [0, 3]",
                    (long long)a->pad_mode);
  if (a->pad_mode == 0 && (p->top || p->bot))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "padding mode 0 (constant) pads left and right only, "
                    "but topPadSize is %lld and botPadSize %lld",
                    (long long)p->top, (long long)p->bot);
  if (a->cpad_mode != 0 && a->cpad_mode != 1)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "cPaddingMode %lld is outside [0, 1]",
                    (long long)a->cpad_mode);
  return true;
}

/* Image bytes [off, off + bytes) of source plane `plane` (checked against
 * its kernel argument and SetGlobalBuffer's length, and recorded for the
 * GM race check), or NULL after reporting. */
static const uint8_t *image_bytes(sim_block *b, const sim_insn *in,
                                  const sim_aipp *a, unsigned plane,
                                  int64_t off, int64_t bytes) {
  const sim_tensor *t = &a->src[plane];
  const sim_gm *gm = &b->L->gm[t->buf];
  int64_t lo = t->off + off, hi = lo + bytes;
  if (lo < 0 || hi > gm->bytes || (t->len >= 0 && off + bytes > t->len)) {
    sim_fail(b, in, CASC_CHECK_GM_OUT_OF_BOUNDS,
             "the %s image's %s reads GM '%s' bytes [%lld, %lld), past its "
             "%lld bytes",
             format_name(a->format), plane ? "src1 (UV plane)" : "src0",
             gm->name, (long long)lo, (long long)hi,
             (long long)(t->len >= 0 ? t->off + t->len : gm->bytes));
    return NULL;
  }
  sim_gm_record(b, in, t->buf, lo, bytes, false);
  return gm->base + lo;
}

/* One source row of the loaded window: pixel c's channels at
 * px[c * 3 + k] (k < nch). */
static bool fetch_row(sim_block *b, const sim_insn *in, const sim_aipp *a,
                      const load_params *p, int64_t sy, uint8_t *px) {
  int64_t hs = p->hs, hx = p->hx, sw = p->sw;
  switch (a->format) {
  case FMT_YUV420SP: {
    const uint8_t *y = image_bytes(b, in, a, 0, sy * sw + hx, hs);
    /* the UV pairs of pixels hx .. hx + hs - 1 (hx is even) */
    const uint8_t *uv =
        y ? image_bytes(b, in, a, 1, (sy / 2) * sw + hx, (hs + 1) / 2 * 2)
          : NULL;
    if (!uv)
      return false;
    for (int64_t c = 0; c < hs; c++) {
      const uint8_t *pair = uv + (c / 2) * 2;
      px[c * 3] = y[c];
      px[c * 3 + 1] = pair[a->swap_uv ? 1 : 0];
      px[c * 3 + 2] = pair[a->swap_uv ? 0 : 1];
    }
    return true;
  }
  case FMT_XRGB8888:
  case FMT_RGB888: {
    int64_t bpp = a->format == FMT_XRGB8888 ? 4 : 3;
    const uint8_t *s = image_bytes(b, in, a, 0, (sy * sw + hx) * bpp, hs * bpp);
    if (!s)
      return false;
    /* isSwapAX (XRGB8888 only) moves channel 0 to the end: XRGB -> RGBX */
    int first = a->format == FMT_XRGB8888 && a->swap_ax ? 1 : 0;
    for (int64_t c = 0; c < hs; c++) {
      const uint8_t *q = s + c * bpp;
      uint8_t ch[3] = {q[first], q[first + 1], q[first + 2]};
      if (a->swap_rb) {
        uint8_t t = ch[0];
        ch[0] = ch[2];
        ch[2] = t;
      }
      memcpy(px + c * 3, ch, 3);
    }
    return true;
  }
  default: { /* YUV400 */
    const uint8_t *s = image_bytes(b, in, a, 0, sy * sw + hx, hs);
    if (!s)
      return false;
    for (int64_t c = 0; c < hs; c++)
      px[c * 3] = s[c];
    return true;
  }
  }
}

/* Data type conversion of channel k's pixel value v into the output. */
static void convert(const sim_aipp *a, unsigned k, uint8_t v, uint8_t *out) {
  int64_t d = (int64_t)v - a->mean[k];
  if (a->out_dt == CASC_DT_I8) {
    out[0] = (uint8_t)(int8_t)(d < -128 ? -128 : d > 127 ? 127 : d);
    return;
  }
  double t = sim_fround((double)d - a->min[k], CASC_DT_F16);
  sim_store_f(out, CASC_DT_F16, sim_fround(t * a->var[k], CASC_DT_F16));
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

static bool load_image(sim_block *b, const sim_insn *in) {
  const sim_aipp *a = &b->aipp;
  if (!a->set)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "no SetAippFunctions ran before it in this block");
  load_params p;
  int64_t *const f[9] = {&p.hs,  &p.vs,  &p.hx,   &p.vy,   &p.sw,
                         &p.top, &p.bot, &p.left, &p.right};
  for (unsigned i = 0; i < 9; i++)
    *f[i] = sim_field(b, in, 1, i);
  if (!check_load(b, in, a, &p))
    return false;
  unsigned es = casc_dtype_size((casc_dtype)a->out_dt);
  unsigned nch = a->format == FMT_YUV400 ? 1 : 3;
  int64_t c0 = a->cpad_mode == 0 ? 32 / es : 4;
  int64_t rows = a->single_line ? 1 : p.vs;
  int64_t ow = p.left + p.hs + p.right, oh = p.top + rows + p.bot;
  int64_t row_bytes = ow * c0 * es;
  sim_pool pool;
  uint8_t *dst = sim_local_access_in(b, in, 0, 0, oh * row_bytes, 32,
                                     (1u << SIM_POOL_L1), &pool);
  if (!dst)
    return false;
  /* the converted window, pixel by pixel, C0 channels each; then the
   * padding around it */
  uint8_t px[4095 * 3];
  uint8_t cpad[2], padv[4][2];
  sim_store_f(cpad, a->out_dt, a->cpad_val);
  for (unsigned k = 0; k < 4; k++)
    sim_store_f(padv[k], a->out_dt, a->pad_val[k]);
  for (int64_t r = 0; r < rows; r++) {
    if (!fetch_row(b, in, a, &p, p.vy + r, px))
      return false;
    uint8_t *o = dst + (p.top + r) * row_bytes + p.left * c0 * es;
    for (int64_t c = 0; c < p.hs; c++, o += c0 * es) {
      for (unsigned k = 0; k < nch; k++)
        convert(a, k, px[c * 3 + k], o + k * es);
      for (int64_t k = nch; k < c0; k++)
        memcpy(o + k * es, cpad, es);
    }
  }
  int64_t pix = c0 * es;
  for (int64_t oy = 0; oy < oh; oy++)
    for (int64_t ox = 0; ox < ow; ox++) {
      bool inside = oy >= p.top && oy < p.top + rows && ox >= p.left &&
                    ox < p.left + p.hs;
      if (inside)
        continue;
      uint8_t *o = dst + oy * row_bytes + ox * pix;
      if (a->pad_mode == 1) { /* the nearest loaded pixel */
        int64_t sy = clamp64(oy, p.top, p.top + rows - 1);
        int64_t sx = clamp64(ox, p.left, p.left + p.hs - 1);
        memcpy(o, dst + sy * row_bytes + sx * pix, (size_t)pix);
        continue;
      }
      for (unsigned k = 0; k < nch; k++)
        memcpy(o + k * es, padv[k], es);
      for (int64_t k = nch; k < c0; k++)
        memcpy(o + k * es, cpad, es);
    }
  sim_cube_mark(b, pool, dst - b->mem[pool], oh * row_bytes);
  return true;
}

bool sim_exec_aipp(sim_block *b, const sim_insn *in) {
  return in->opc == SIM_SET_AIPP_FUNCTIONS ? set_functions(b, in)
                                           : load_image(b, in);
}

/* Lowering: the operands the handlers read. SetAippFunctions' config is an
 * AippParams construct of the six part constructs (their fields are read
 * through it), whose padding part's `types` give the output dtype (imm2);
 * LoadImageToLocal's params a LoadImageToLocalParams construct. */
static bool construct_of(const casc_value *v, casc_asc_type id) {
  return v && v->def && v->def->kind == CASC_OP_CONSTRUCT &&
         casc_type_is_asc(v->type, id);
}

bool sim_aipp_check(const casc_op *op, sim_insn *in, char *why, size_t n) {
  if (in->opc == SIM_LOAD_IMAGE_TO_LOCAL) {
    if (op->nops != 2 ||
        !casc_type_is_local_tensor(op->operands[0].value->type) ||
        !construct_of(op->operands[1].value,
                      CASC_ASC_LOAD_IMAGE_TO_LOCAL_PARAMS)) {
      snprintf(why, n,
               "LoadImageToLocal other than to a LocalTensor with a "
               "LoadImageToLocalParams construct");
      return false;
    }
    return true;
  }
  static const casc_asc_type parts[6] = {
      CASC_ASC_AIPP_PADDING_PARAMS,     CASC_ASC_AIPP_SWAP_PARAMS,
      CASC_ASC_AIPP_SINGLE_LINE_PARAMS, CASC_ASC_AIPP_DTC_PARAMS,
      CASC_ASC_AIPP_CPADDING_PARAMS,    CASC_ASC_AIPP_CSC_PARAMS};
  const casc_value *cfg = op->nops ? op->operands[op->nops - 1].value : NULL;
  bool ok = (op->nops == 2 || op->nops == 3) &&
            construct_of(cfg, CASC_ASC_AIPP_PARAMS) && cfg->def->nops == 6;
  for (unsigned i = 0; ok && i < 6; i++)
    ok = construct_of(cfg->def->operands[i].value, parts[i]);
  /* the padding part's field types: [ui32, T, T, T, T], T int8 or half */
  casc_attr *types =
      ok ? casc_op_attr(cfg->def->operands[0].value->def, "types") : NULL;
  unsigned dt = CASC_DT_INVALID;
  if (types && types->kind == CASC_ATTR_ARRAY && types->u.array.n == 5 &&
      types->u.array.elems[1]->kind == CASC_ATTR_TYPE)
    dt = casc_dtype_of_type(types->u.array.elems[1]->type);
  if (!ok || (dt != CASC_DT_I8 && dt != CASC_DT_F16)) {
    snprintf(why, n,
             "SetAippFunctions whose config is not an AippParams construct "
             "of its six part constructs, of int8 or half");
    return false;
  }
  in->imm2 = dt;
  return true;
}
