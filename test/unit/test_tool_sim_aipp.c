/* SetAippFunctions + LoadImageToLocal on the simulator (src/sim/aipp.c),
 * against a plain C reference of the reference pages' text: each input
 * format with its channel swaps, cropping, single-line reads, the int8
 * (saturating pixel - mean) and half ((pixel - mean - min) * var, each
 * step rounded to half) conversions, constant and nearest-pixel padding
 * and both channel paddings. The kernel dumps the A1 tensor (DumpTensor
 * prints L1); its text must equal the reference's printed the same way
 * (int8 in decimal: bit-exact; half as %f of the half value, which tells
 * apart any two halves these cases produce). The parts the simulator does
 * not run (CSC, padding modes 2 / 3, dtcRoundMode) and misuse are located
 * errors of their category. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"
#include "sim_issue.h"

enum { YUV420SP = 0, XRGB = 1, RGB = 4, YUV400 = 9 };

typedef struct {
  int format;
  bool half;
  bool swap_rb, swap_uv, swap_ax, single;
  int mean[3];
  double min[3], var[3];
  int round_mode;
  int pad_mode;
  double pad[4];
  int cpad_mode;
  double cpad;
  bool csc;
  /* LoadImageToLocalParams */
  int hs, vs, hx, vy, sw, top, bot, left, right;
  int src_rows; /* rows of the source image in GM */
  bool no_set;  /* LoadImageToLocal without SetAippFunctions */
} acase;

static int g_line; /* the C line of the LoadImageToLocal */

static int bpp_of(int f) {
  return f == XRGB ? 4 : f == RGB ? 3 : 1;
}
static int c0_of(const acase *c) {
  return c->cpad_mode == 1 ? 4 : c->half ? 16 : 32;
}
static int out_rows(const acase *c) {
  return c->top + (c->single ? 1 : c->vs) + c->bot;
}
static int out_cols(const acase *c) {
  return c->left + c->hs + c->right;
}

static void kernel(asc_kernel *k, void *user) {
  const acase *c = user;
  asc_dtype dt = c->half ? ASC_HALF : ASC_INT8;
  asc_gm_addr img = asc_arg_gm(k, "img", ASC_UINT8);
  asc_gm_addr uv = asc_arg_gm(k, "uv", ASC_UINT8);
  asc_global_tensor ig = asc_globaltensor(), ug = asc_globaltensor();
  asc_globaltensor_set_global_buffer(ig, img);
  asc_globaltensor_set_global_buffer(ug, uv);
  /* the padding values are of the AippParams dtype: C ints for int8 */
  asc_aipp_padding_params pad =
      c->half
          ? asc_aipppaddingparams(c->pad_mode, c->pad[0], c->pad[1], c->pad[2],
                                  c->pad[3])
          : asc_aipppaddingparams(c->pad_mode, (int)c->pad[0], (int)c->pad[1],
                                  (int)c->pad[2], (int)c->pad[3]);
  asc_aipp_swap_params swap =
      asc_aippswapparams(c->swap_rb, c->swap_uv, c->swap_ax);
  asc_aipp_single_line_params sl = asc_aippsinglelineparams(c->single);
  asc_aipp_data_type_conv_params dtc = asc_aippdatatypeconvparams(
      c->mean[0], c->mean[1], c->mean[2], c->min[0], c->min[1], c->min[2],
      c->var[0], c->var[1], c->var[2], c->round_mode);
  asc_aipp_channel_padding_params cp =
      c->half ? asc_aippchannelpaddingparams(c->cpad_mode, c->cpad)
              : asc_aippchannelpaddingparams(c->cpad_mode, (int)c->cpad);
  asc_aipp_color_space_conv_params csc = asc_aippcolorspaceconvparams(
      c->csc, 256, 0, 0, 0, 256, 0, 0, 0, 256, 0, 0, 0, 0, 0, 0);
  asc_aipp_params cfg = asc_aippparams(dt, &pad, &swap, &sl, &dtc, &cp, &csc);
  if (!c->no_set) {
    if (c->format == YUV420SP)
      asc_set_aipp_functions(ig, ug, ASC_AIPPINPUTFORMAT_YUV420SP_U8, cfg);
    else
      asc_set_aipp_functions(ig, (asc_aippinputformat)c->format, cfg);
  }
  int n = out_rows(c) * out_cols(c) * c0_of(c);
  asc_local_tensor l1 = asc_localtensor(dt, ASC_TPOSITION_A1, 0, n);
  g_line = __LINE__ + 1;
  asc_load_image_to_local(
      l1, asc_loadimagetolocalparams(c->hs, c->vs, c->hx, c->vy, c->sw, c->top,
                                     c->bot, c->left, c->right));
  asc_dump_tensor(l1, 0, n);
}

/* The test image: byte i of plane p. */
static uint8_t image_byte(int p, int i) {
  return (uint8_t)((i * 37 + p * 101 + (i / 7) * 13) & 0xFF);
}

/* Channel k of source pixel (y, x), after the swaps. */
static int pixel(const acase *c, int y, int x, int k) {
  if (c->format == YUV400)
    return image_byte(0, y * c->sw + x);
  if (c->format == YUV420SP) {
    if (k == 0)
      return image_byte(0, y * c->sw + x);
    int uvk = (k == 1) != c->swap_uv ? 0 : 1; /* U first in memory */
    return image_byte(1, (y / 2) * c->sw + (x / 2) * 2 + uvk);
  }
  int bpp = bpp_of(c->format);
  int kk = c->swap_rb ? 2 - k : k;
  if (c->format == XRGB && c->swap_ax)
    kk += 1; /* XRGB -> RGBX: X (byte 0) moves to the end */
  return image_byte(0, (y * c->sw + x) * bpp + kk);
}

static void put(casc_buf *t, bool first, const acase *c, double v) {
  if (!first)
    casc_buf_puts(t, ", ");
  if (c->half)
    casc_buf_printf(t, "%f",
                    (double)casc_f16_to_f32(casc_f32_to_f16((float)v)));
  else
    casc_buf_printf(t, "%d", (int)v);
}

/* The converted channel k of a pixel value. */
static double convert(const acase *c, int k, int v) {
  int d = v - c->mean[k];
  if (!c->half)
    return d < -128 ? -128 : d > 127 ? 127 : d;
  float t = casc_f16_to_f32(casc_f32_to_f16((float)d - (float)c->min[k]));
  return casc_f16_to_f32(casc_f32_to_f16(t * (float)c->var[k]));
}

/* The dump's values line, from the pages' text. */
static void reference(const acase *c, casc_buf *t) {
  int nch = c->format == YUV400 ? 1 : 3, c0 = c0_of(c);
  int rows = c->single ? 1 : c->vs;
  bool first = true;
  casc_buf_putc(t, '[');
  for (int oy = 0; oy < out_rows(c); oy++)
    for (int ox = 0; ox < out_cols(c); ox++) {
      int wy = oy - c->top, wx = ox - c->left; /* in the loaded window */
      bool inside = wy >= 0 && wy < rows && wx >= 0 && wx < c->hs;
      if (!inside && c->pad_mode == 1) {
        wy = wy < 0 ? 0 : wy >= rows ? rows - 1 : wy;
        wx = wx < 0 ? 0 : wx >= c->hs ? c->hs - 1 : wx;
        inside = true;
      }
      for (int k = 0; k < c0; k++) {
        double v = k >= nch ? c->cpad
                   : inside ? convert(c, k, pixel(c, c->vy + wy, c->hx + wx, k))
                            : c->pad[k];
        put(t, first, c, v);
        first = false;
      }
    }
  casc_buf_puts(t, "]\n");
}

static void collect(const casc_sim_print *p, void *user) {
  casc_buf_puts(user, p->text);
}

static casc_launch_result run(casc_ctx *ctx, const acase *c, casc_buf *out) {
  static uint8_t img[65536], uv[65536];
  int n = c->src_rows * c->sw * bpp_of(c->format);
  for (int i = 0; i < n; i++)
    img[i] = image_byte(0, i);
  for (int i = 0; i < (c->src_rows / 2) * c->sw; i++)
    uv[i] = image_byte(1, i);
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_op *m = casc_jit_build(ctx, "aipp", kernel, (void *)c);
  CHECK(m != NULL);
  if (!m)
    return res;
  casc_arg args[2] = {casc_arg_gm(img, CASC_DT_U8, n),
                      casc_arg_gm(uv, CASC_DT_U8, c->src_rows / 2 * c->sw + 2)};
  casc_launch_opts o = {.threads = 1, .print = collect, .print_user = out};
  casc_launch(ctx, m, "aipp", 1, args, 2, &o, &res);
  return res;
}

static void expect_image(const acase *c) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_buf got, want;
  casc_buf_init(&got);
  casc_buf_init(&want);
  casc_launch_result res = run(ctx, c, &got);
  for (unsigned i = 0; i < res.nissues; i++)
    fprintf(stderr, "  issue: %s\n", res.issues[i].msg);
  for (unsigned i = 0; i < diags.n; i++)
    casc_diag_print(diags.items[i], stderr);
  CHECK_EQ_INT((int)res.nissues, 0);
  CHECK_EQ_INT((int)diags.n, 0);
  reference(c, &want);
  const char *values = got.data ? strchr(got.data, '\n') : NULL;
  CHECK(values != NULL);
  bool same = values && strcmp(values + 1, want.data) == 0;
  if (!same)
    fprintf(stderr, "  got  %s\n  want %s", values ? values + 1 : "(none)",
            want.data);
  CHECK(same);
  casc_buf_free(&got);
  casc_buf_free(&want);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* defaults: no conversion beyond the identity, no padding */
static acase base(int format, bool half) {
  acase c;
  memset(&c, 0, sizeof c);
  c.format = format;
  c.half = half;
  for (int k = 0; k < 3; k++)
    c.var[k] = 1.0;
  c.hs = 6;
  c.vs = 4;
  c.sw = 10;
  c.src_rows = 8;
  return c;
}

/* RGB888 -> int8, R and B swapped, means that saturate both ways, a crop
 * inside the image, constant left / right padding, 32 channels. */
static void test_rgb888_int8_swap_mean_constant_pad(void) {
  acase c = base(RGB, false);
  c.swap_rb = true;
  c.mean[0] = 0, c.mean[1] = 200, c.mean[2] = 40;
  c.hx = 2, c.vy = 1, c.left = 1, c.right = 2;
  c.pad[0] = -5, c.pad[1] = 7, c.pad[2] = 9, c.pad[3] = 11;
  c.cpad = 3;
  expect_image(&c);
}

/* XRGB8888 -> half with X moved to the end and R / B swapped, mean, min
 * and var, nearest-pixel padding on every side, 4 channels. */
static void test_xrgb_half_dtc_nearest_pad(void) {
  acase c = base(XRGB, true);
  c.swap_ax = c.swap_rb = true;
  c.mean[0] = 16, c.mean[1] = 100, c.mean[2] = 3;
  c.min[0] = 1.5, c.min[1] = -2.25, c.min[2] = 0.125;
  c.var[0] = 0.25, c.var[1] = 0.0078125, c.var[2] = 3.0;
  c.pad_mode = 1;
  c.top = 1, c.bot = 2, c.left = 2, c.right = 1;
  c.cpad_mode = 1;
  c.cpad = -1.5;
  c.hx = 4, c.vy = 3;
  expect_image(&c);
}

/* XRGB8888 without the X move: the 4th byte is the one dropped. */
static void test_xrgb_int8_keeps_first_three(void) {
  acase c = base(XRGB, false);
  c.hx = 0, c.vy = 0;
  expect_image(&c);
}

/* YUV420SP (NV12) -> int8 with U / V swapped, one UV pair per 2 x 2
 * pixels; a single line. */
static void test_yuv420sp_int8_swap_uv_single_line(void) {
  acase c = base(YUV420SP, false);
  c.swap_uv = true;
  c.hx = 2, c.vy = 2, c.hs = 5;
  c.mean[0] = 128, c.mean[1] = 128, c.mean[2] = 128;
  expect_image(&c);
  c.single = true;
  c.vy = 3 * 2;
  c.left = 3, c.pad[0] = 1, c.pad[1] = 2, c.pad[2] = 3;
  expect_image(&c);
}

/* YUV400 -> half: one channel, 15 of channel padding; nearest padding. */
static void test_yuv400_half_nearest(void) {
  acase c = base(YUV400, true);
  c.mean[0] = 10;
  c.min[0] = 0.5;
  c.var[0] = 0.5;
  c.pad_mode = 1;
  c.top = 2, c.right = 3;
  c.cpad = 0.25;
  expect_image(&c);
}

/* MTE2 busy cycles of one timed run of c (its only MTE2 op is the load)
 * into *busy. */
static void mte2_busy(const acase *c, uint64_t *busy) {
  *busy = 0;
  static uint8_t img[4096], uv[4096];
  memset(img, 1, sizeof img);
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "aipp", kernel, (void *)c);
  casc_sim_program *p = m ? casc_sim_compile(ctx, m, "aipp") : NULL;
  REQUIRE(p != NULL);
  casc_arg args[2] = {casc_arg_gm(img, CASC_DT_U8, 4096),
                      casc_arg_gm(uv, CASC_DT_U8, 4096)};
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  CHECK_EQ_INT(casc_sim_run_timed(p, 1, args, 2, NULL, NULL, &res),
               CASC_LAUNCH_OK);
  REQUIRE(res.timing.valid && res.timing.nblocks == 1);
  CHECK_EQ_INT((int)res.timing.blocks[0].ops[CASC_SIM_PIPE_MTE2], 1);
  *busy = res.timing.blocks[0].busy[CASC_SIM_PIPE_MTE2];
  casc_sim_program_free(p);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* Timing: LoadImageToLocal is one MTE2 op costing the bytes it writes
 * into L1 (aipp.c), so 16 rows of 32 channels cost more than 2 rows of 4. */
static void test_timing_is_mte2_by_bytes_written(void) {
  acase small = base(RGB, false);
  small.vs = 2;
  small.cpad_mode = 1;
  acase big = base(RGB, false);
  big.vs = 16;
  big.src_rows = 16;
  uint64_t s, b;
  mte2_busy(&small, &s);
  mte2_busy(&big, &b);
  CHECK(s > 0);
  CHECK(b > s);
}

static void expect_issue(const acase *c, const char *check, const char *text) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_buf out;
  casc_buf_init(&out);
  casc_launch_result res = run(ctx, c, &out);
  const casc_sim_issue *is = first_issue(&res, CASC_SEV_ERROR);
  REQUIRE(is != NULL);
  CHECK_STREQ(casc_sim_check_name(is->check), check);
  CHECK_EQ_INT((int)is->loc->u.file.line, g_line);
  if (!strstr(is->msg, text))
    fprintf(stderr, "  message: %s\n", is->msg);
  CHECK(strstr(is->msg, text) != NULL);
  casc_buf_free(&out);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_unsimulated_parts_are_errors(void) {
  acase c = base(RGB, true);
  c.csc = true;
  expect_issue(&c, "unsupported",
               "not supported by the simulator: AIPP colour-space");
  c = base(RGB, true);
  c.pad_mode = 2;
  expect_issue(&c, "unsupported",
               "not supported by the simulator: AIPP padding mode 2");
  c.pad_mode = 3;
  expect_issue(&c, "unsupported",
               "not supported by the simulator: AIPP padding mode 3");
  c = base(RGB, false);
  c.round_mode = 1;
  expect_issue(&c, "unsupported",
               "not supported by the simulator: AIPP dtcRoundMode 1");
}

static void test_misuse(void) {
  acase c = base(RGB, false);
  c.top = 1; /* constant padding is left / right only */
  expect_issue(&c, "bad-value", "padding mode 0 (constant) pads left");
  c = base(RGB, false);
  c.no_set = true;
  expect_issue(&c, "bad-value", "no SetAippFunctions");
  c = base(RGB, false);
  c.hx = 1;
  expect_issue(&c, "bad-value", "horizStartPos is odd");
  c = base(YUV420SP, false);
  c.vy = 1;
  expect_issue(&c, "bad-value", "vertStartPos is odd");
  c = base(RGB, false);
  c.hx = 6; /* 6 + 6 > 10 */
  expect_issue(&c, "bad-value", "passes the source image's width");
  c = base(RGB, false);
  c.vy = 6; /* rows 6..9 of an 8-row image */
  expect_issue(&c, "gm-out-of-bounds", "src0");
}

int main(void) {
  RUN_TEST(test_rgb888_int8_swap_mean_constant_pad);
  RUN_TEST(test_xrgb_half_dtc_nearest_pad);
  RUN_TEST(test_xrgb_int8_keeps_first_three);
  RUN_TEST(test_yuv420sp_int8_swap_uv_single_line);
  RUN_TEST(test_yuv400_half_nearest);
  RUN_TEST(test_timing_is_mte2_by_bytes_written);
  RUN_TEST(test_unsimulated_parts_are_errors);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
