/* pyasc's data-movement kernels in C: generalization/basic/test_transpose.py
 * (one 16x16 matrix of 16-bit elements per block) and
 * test_transpose_ext.py (TransposeParamsExt NCHW2NHWC) and
 * kernels/test_bilinear_interpolation.py (BilinearInterpolation, half),
 * with the structure of the pyasc files (TQues, copy_in / compute /
 * copy_out), run on the simulator over several block counts and
 * parameters against the plain C of the files' numpy / torch references.
 * Each block works on its own slice of the arguments.
 *
 * Transpose is a permutation: bit-exact. BilinearInterpolation rounds each
 * product and each sum to half as numpy does in the pyasc test's golden
 * data: bit-exact against that order of rounding (docs/simulator.md). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

/* ---- transpose ---------------------------------------------------------- */

enum { T_ELEMS = 256 };

static void transpose_kernel(asc_kernel *k, void *user) {
  const asc_dtype *dt = user;
  asc_gm_addr x = asc_arg_gm(k, "x", *dt);
  asc_gm_addr z = asc_arg_gm(k, "z", *dt);
  asc_int offset = asc_mul(asc_get_block_idx(), T_ELEMS);
  asc_global_tensor x_gm = asc_globaltensor(), z_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(x_gm, asc_gm_addr_add(x, offset));
  asc_globaltensor_set_global_buffer(z_gm, asc_gm_addr_add(z, offset));
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qx = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tquebind qz = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tpipe_init_buffer(pipe, qx, 1, T_ELEMS * 2);
  asc_tpipe_init_buffer(pipe, qz, 1, T_ELEMS * 2);
  asc_local_tensor xl = asc_tquebind_alloc_tensor(qx, *dt);
  asc_data_copy(xl, x_gm, T_ELEMS);
  asc_tquebind_enque(qx, xl);
  asc_local_tensor xi = asc_tquebind_deque(qx, *dt);
  asc_local_tensor zl = asc_tquebind_alloc_tensor(qz, *dt);
  asc_transpose(zl, xi);
  asc_tquebind_enque(qz, zl);
  asc_tquebind_free_tensor(qx, xi);
  asc_local_tensor zo = asc_tquebind_deque(qz, *dt);
  asc_data_copy(z_gm, zo, T_ELEMS);
  asc_tquebind_free_tensor(qz, zo);
}

static casc_op *build(casc_ctx *ctx, casc_diag_list *diags,
                      void (*body)(asc_kernel *, void *), void *user) {
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, diags);
  return casc_jit_build(ctx, "k", body, user);
}

static void report(casc_launch_status st, const casc_diag_list *diags) {
  if (st == CASC_LAUNCH_OK)
    return;
  fprintf(stderr, "launch status %d\n", (int)st);
  for (unsigned i = 0; i < diags->n; i++)
    casc_diag_print(diags->items[i], stderr);
}

static void test_pyasc_transpose(void) {
  static const asc_dtype dts[] = {ASC_HALF, ASC_INT16};
  static const unsigned blocks[] = {1, 3, 8};
  for (unsigned d = 0; d < 2; d++)
    for (unsigned b = 0; b < 3; b++) {
      const unsigned n = blocks[b] * T_ELEMS;
      uint16_t *x = malloc(n * 2), *z = calloc(n, 2), *want = malloc(n * 2);
      REQUIRE(x && z && want);
      for (unsigned i = 0; i < n; i++) /* randint(0, 99) / randn bits */
        x[i] = dts[d] == ASC_INT16 ? (uint16_t)((i * 37u + b) % 99u)
                                   : casc_f32_to_f16((float)i / 64.0f - 3.0f);
      for (unsigned m = 0; m < blocks[b]; m++) /* expected_z = x.T */
        for (unsigned r = 0; r < 16; r++)
          for (unsigned c = 0; c < 16; c++)
            want[m * T_ELEMS + c * 16 + r] = x[m * T_ELEMS + r * 16 + c];
      casc_ctx *ctx = casc_ctx_new();
      casc_diag_list diags = {0};
      asc_dtype dt = dts[d];
      casc_op *mod = build(ctx, &diags, transpose_kernel, &dt);
      casc_launch_status st = CASC_LAUNCH_BAD_LAUNCH;
      casc_dtype cd = dt == ASC_HALF ? CASC_DT_F16 : CASC_DT_I16;
      if (mod) {
        casc_arg args[2] = {casc_arg_gm(x, cd, n), casc_arg_gm(z, cd, n)};
        st = casc_launch(ctx, mod, "k", blocks[b], args, 2, NULL, NULL);
      }
      report(st, &diags);
      CHECK(st == CASC_LAUNCH_OK && memcmp(z, want, n * 2) == 0);
      casc_diag_list_free(&diags);
      casc_ctx_free(ctx);
      free(x);
      free(z);
      free(want);
    }
}

/* test_transpose_ext.py: TransposeParamsExt(1, 16, 4, 4, NCHW2NHWC) with a
 * tmp buffer of (16 + c)·16·8·4 bytes, the pyasc launcher's. pyasc's kernel
 * takes it from a TQue<VECCALC>, which the Ascend C library rejects (casc:
 * an error at InitBuffer); here it is a TBuf, the library's form. */
enum { TX_C = 16, TX_HW = 16, TX_ELEMS = TX_C * TX_HW, TX_NCHW2NHWC = 11 };

static void transpose_ext_kernel(asc_kernel *k, void *user) {
  const asc_dtype *dt = user;
  asc_gm_addr x = asc_arg_gm(k, "x", *dt);
  asc_gm_addr z = asc_arg_gm(k, "z", *dt);
  asc_int offset = asc_mul(asc_get_block_idx(), TX_ELEMS);
  asc_global_tensor x_gm = asc_globaltensor(), z_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(x_gm, asc_gm_addr_add(x, offset));
  asc_globaltensor_set_global_buffer(z_gm, asc_gm_addr_add(z, offset));
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qx = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tquebind qz = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, qx, 1, TX_ELEMS * 2);
  asc_tpipe_init_buffer(pipe, qz, 1, TX_ELEMS * 2);
  asc_tpipe_init_buffer(pipe, tb, (16 + TX_C) * 16 * 8 * 4);
  asc_local_tensor xl = asc_tquebind_alloc_tensor(qx, *dt);
  asc_data_copy(xl, x_gm, TX_ELEMS);
  asc_tquebind_enque(qx, xl);
  asc_local_tensor xi = asc_tquebind_deque(qx, *dt);
  asc_local_tensor zl = asc_tquebind_alloc_tensor(qz, *dt);
  asc_local_tensor tmp = asc_tbuf_get(tb, ASC_UINT8);
  asc_transpose_params_ext params =
      asc_transposeparamsext(1, TX_C, 4, 4, TX_NCHW2NHWC);
  asc_transpose_ext(zl, xi, tmp, params);
  asc_tquebind_enque(qz, zl);
  asc_tquebind_free_tensor(qx, xi);
  asc_local_tensor zo = asc_tquebind_deque(qz, *dt);
  asc_data_copy(z_gm, zo, TX_ELEMS);
  asc_tquebind_free_tensor(qz, zo);
}

static void test_pyasc_transpose_ext(void) {
  static const asc_dtype dts[] = {ASC_HALF, ASC_INT16};
  static const unsigned blocks[] = {1, 5};
  for (unsigned d = 0; d < 2; d++)
    for (unsigned b = 0; b < 2; b++) {
      const unsigned n = blocks[b] * TX_ELEMS;
      uint16_t *x = malloc(n * 2), *z = calloc(n, 2), *want = malloc(n * 2);
      REQUIRE(x && z && want);
      for (unsigned i = 0; i < n; i++)
        x[i] = dts[d] == ASC_INT16 ? (uint16_t)((i * 53u + d) % 99u)
                                   : casc_f32_to_f16((float)i / 32.0f - 5.0f);
      /* torch.permute(x_nchw, (0, 2, 3, 1)) */
      for (unsigned m = 0; m < blocks[b]; m++)
        for (unsigned ch = 0; ch < TX_C; ch++)
          for (unsigned hw = 0; hw < TX_HW; hw++)
            want[m * TX_ELEMS + hw * TX_C + ch] =
                x[m * TX_ELEMS + ch * TX_HW + hw];
      casc_ctx *ctx = casc_ctx_new();
      casc_diag_list diags = {0};
      asc_dtype dt = dts[d];
      casc_op *mod = build(ctx, &diags, transpose_ext_kernel, &dt);
      casc_launch_status st = CASC_LAUNCH_BAD_LAUNCH;
      casc_dtype cd = dt == ASC_HALF ? CASC_DT_F16 : CASC_DT_I16;
      if (mod) {
        casc_arg args[2] = {casc_arg_gm(x, cd, n), casc_arg_gm(z, cd, n)};
        st = casc_launch(ctx, mod, "k", blocks[b], args, 2, NULL, NULL);
      }
      report(st, &diags);
      CHECK(st == CASC_LAUNCH_OK && memcmp(z, want, n * 2) == 0);
      casc_diag_list_free(&diags);
      casc_ctx_free(ctx);
      free(x);
      free(z);
      free(want);
    }
}

/* ---- bilinear_interpolation --------------------------------------------- */

typedef struct {
  int h_repeat, v_repeat, dst_blk_stride, v_r_offset, mask;
  bool repeat_mode;
} bl_case;

/* Per block: src0 holds h·v·8 blocks of 16 halves, src0_offset the uint32
 * byte offsets (one per block), src1 the weights, dst the result. */
typedef struct {
  const bl_case *c;
  int src0_len, off_len, src1_len, dst_len;
} bl_params;

static asc_local_tensor bl_in(asc_tpipe pipe, asc_tquebind *q, asc_gm_addr a,
                              asc_int block, int len, asc_dtype dt) {
  asc_global_tensor g = asc_globaltensor();
  asc_globaltensor_set_global_buffer(g,
                                     asc_gm_addr_add(a, asc_mul(block, len)));
  *q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, *q, 1, len * (int)asc_dtype_sizeof(dt));
  asc_local_tensor t = asc_tquebind_alloc_tensor(*q, dt);
  asc_data_copy(t, g, len);
  asc_tquebind_enque(*q, t);
  return asc_tquebind_deque(*q, dt);
}

static void bilinear_kernel(asc_kernel *k, void *user) {
  const bl_params *p = user;
  const bl_case *c = p->c;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_gm_addr x0 = asc_arg_gm(k, "x0", ASC_UINT32);
  asc_gm_addr y = asc_arg_gm(k, "y", ASC_HALF);
  asc_gm_addr z = asc_arg_gm(k, "z", ASC_HALF);
  asc_int blk = asc_get_block_idx();
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qx, qx0, qy;
  asc_local_tensor xl = bl_in(pipe, &qx, x, blk, p->src0_len, ASC_HALF);
  asc_local_tensor x0l = bl_in(pipe, &qx0, x0, blk, p->off_len, ASC_UINT32);
  asc_local_tensor yl = bl_in(pipe, &qy, y, blk, p->src1_len, ASC_HALF);
  asc_tquebind qz = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tpipe_init_buffer(pipe, qz, 1, p->dst_len * 2);
  asc_tbuf tmp_buf = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, tmp_buf, (p->src0_len + p->src1_len) * 2);
  asc_local_tensor zl = asc_tquebind_alloc_tensor(qz, ASC_HALF);
  asc_local_tensor tmp = asc_tbuf_get(tmp_buf, ASC_UINT8);
  /* dst lanes the mask leaves out keep their value: start from zeros */
  asc_duplicate(zl, 0.0, p->dst_len);
  asc_bilinear_interpolation(zl, xl, x0l, yl, c->mask, c->h_repeat,
                             c->repeat_mode, c->dst_blk_stride, c->v_r_offset,
                             c->v_repeat, tmp);
  asc_tquebind_enque(qz, zl);
  asc_tquebind_free_tensor(qx, xl);
  asc_tquebind_free_tensor(qx0, x0l);
  asc_tquebind_free_tensor(qy, yl);
  asc_local_tensor zo = asc_tquebind_deque(qz, ASC_HALF);
  asc_global_tensor z_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(
      z_gm, asc_gm_addr_add(z, asc_mul(blk, p->dst_len)));
  asc_data_copy(z_gm, zo, p->dst_len);
  asc_tquebind_free_tensor(qz, zo);
}

static float h2f(uint16_t h) {
  return casc_f16_to_f32(h);
}
static uint16_t f2h(float f) {
  return casc_f32_to_f16(f);
}

/* The pyasc test's gen_golden_data generalised to a mask, a dst block
 * stride and any offsets: iteration i = v·h_repeat + h multiplies the
 * blocks src0Offset[8i..8i+7] point to by its weight(s), rounding to half,
 * and sums the h_repeat iterations of row v into dst at v·v_r_offset. */
static void bl_reference(const bl_params *p, const uint16_t *src0,
                         const uint32_t *off, const uint16_t *src1,
                         uint16_t *dst) {
  const bl_case *c = p->c;
  for (int v = 0; v < c->v_repeat; v++)
    for (int h = 0; h < c->h_repeat; h++) {
      const int i = v * c->h_repeat + h;
      for (int e = 0; e < c->mask; e++) {
        const int kb = e / 16, j = e % 16;
        const uint16_t w = src1[c->repeat_mode ? i * 8 + kb : i];
        const uint16_t g = src0[off[i * 8 + kb] / 2 + (uint32_t)j];
        const uint16_t prod = f2h(h2f(g) * h2f(w));
        uint16_t *d = dst + v * c->v_r_offset + kb * c->dst_blk_stride * 16 + j;
        *d = h == 0 ? prod : f2h(h2f(*d) + h2f(prod));
      }
    }
}

/* corrupt: 0 none; 1 an offset off a 32-byte block; 2 an offset past src0.
 * A corrupted run must fail with the sanitizer's located message `want`. */
static void run_bilinear(const bl_case *c, unsigned blocks, int corrupt,
                         const char *want_msg) {
  const int iters = c->h_repeat * c->v_repeat;
  bl_params p = {c, iters * 8 * 16, iters * 8,
                 c->repeat_mode ? iters * 8 : iters, 0};
  p.dst_len = (c->v_repeat - 1) * c->v_r_offset + 8 * c->dst_blk_stride * 16;
  p.dst_len = (p.dst_len + 15) / 16 * 16;
  if (p.src1_len % 16)
    p.src1_len += 16 - p.src1_len % 16; /* whole 32-byte blocks */
  const int n0 = p.src0_len * (int)blocks, no = p.off_len * (int)blocks;
  const int n1 = p.src1_len * (int)blocks, nd = p.dst_len * (int)blocks;
  uint16_t *src0 = malloc((size_t)n0 * 2), *src1 = malloc((size_t)n1 * 2);
  uint32_t *off = malloc((size_t)no * 4);
  uint16_t *dst = calloc((size_t)nd, 2), *want = calloc((size_t)nd, 2);
  REQUIRE(src0 && src1 && off && dst && want);
  uint32_t seed = 12345u + blocks;
  for (int i = 0; i < n0; i++) { /* uniform(-10, 10) */
    seed = seed * 1664525u + 1013904223u;
    src0[i] = f2h((float)(seed >> 8) / (float)(1u << 24) * 20.0f - 10.0f);
  }
  for (int i = 0; i < n1; i++) {
    seed = seed * 1664525u + 1013904223u;
    src1[i] = f2h((float)(seed >> 8) / (float)(1u << 24) * 20.0f - 10.0f);
  }
  /* block k of a block's src0 is read by offset slot (k·5) mod n: every
   * block once, in a shuffled order (pyasc's test reads them in order) */
  for (unsigned b = 0; b < blocks; b++)
    for (int s = 0; s < p.off_len; s++)
      off[(int)b * p.off_len + s] = (uint32_t)((s * 5) % p.off_len) * 32u;
  if (corrupt)
    off[3] = corrupt == 1 ? off[3] + 2 : (uint32_t)p.src0_len * 2;
  for (unsigned b = 0; b < blocks && !corrupt; b++)
    bl_reference(&p, src0 + b * (unsigned)p.src0_len,
                 off + b * (unsigned)p.off_len, src1 + b * (unsigned)p.src1_len,
                 want + b * (unsigned)p.dst_len);
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_op *mod = build(ctx, &diags, bilinear_kernel, &p);
  casc_launch_status st = CASC_LAUNCH_BAD_LAUNCH;
  if (mod) {
    casc_arg args[4] = {casc_arg_gm(src0, CASC_DT_F16, (size_t)n0),
                        casc_arg_gm(off, CASC_DT_U32, (size_t)no),
                        casc_arg_gm(src1, CASC_DT_F16, (size_t)n1),
                        casc_arg_gm(dst, CASC_DT_F16, (size_t)nd)};
    st = casc_launch(ctx, mod, "k", blocks, args, 4, NULL, NULL);
  }
  if (corrupt) {
    CHECK_EQ_INT(st, CASC_LAUNCH_KERNEL_ERROR);
    if (CHECK(diags.n >= 1))
      CHECK_CONTAINS(diags.items[0]->msg, want_msg);
    goto done;
  }
  report(st, &diags);
  const bool same = memcmp(dst, want, (size_t)nd * 2) == 0;
  if (st == CASC_LAUNCH_OK && !same)
    for (int i = 0; i < nd; i++)
      if (dst[i] != want[i]) {
        fprintf(stderr, "h %d v %d mode %d: dst[%d] = %g, want %g\n",
                c->h_repeat, c->v_repeat, c->repeat_mode, i, h2f(dst[i]),
                h2f(want[i]));
        break;
      }
  CHECK(st == CASC_LAUNCH_OK && same);
done:
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
  free(src0);
  free(src1);
  free(off);
  free(dst);
  free(want);
}

static void test_pyasc_bilinear_interpolation(void) {
  static const bl_case cases[] = {
      {2, 2, 1, 128, 128, false}, /* the pyasc test's parameters */
      {2, 2, 1, 128, 128, true},  {3, 1, 1, 128, 128, false},
      {1, 4, 1, 128, 128, true},  {2, 3, 2, 256, 128, false},
      {2, 2, 1, 128, 40, true}, /* a mask leaving lanes out */
  };
  static const unsigned blocks[] = {1, 4};
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (unsigned b = 0; b < 2; b++)
      run_bilinear(&cases[i], blocks[b], 0, NULL);
}

/* The sanitizer's checks of the offsets, and a dtype the API rejects. */
static void bad_dtype_kernel(asc_kernel *k, void *user) {
  (void)user;
  (void)asc_arg_gm(k, "x", ASC_FLOAT);
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf buf = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, buf, 4096);
  asc_local_tensor t = asc_tbuf_get(buf, ASC_FLOAT);
  asc_local_tensor o = asc_tbuf_get(buf, ASC_UINT32);
  asc_bilinear_interpolation(t, t, o, t, 64, 1, false, 1, 64, 1, t);
}

static void test_bilinear_misuse(void) {
  static const bl_case pyasc = {2, 2, 1, 128, 128, false};
  run_bilinear(&pyasc, 1, 1,
               "src0Offset[3] is 482 bytes, not the start of a "
               "32-byte block");
  run_bilinear(&pyasc, 2, 2, "BilinearInterpolation: operand 'src0'");
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  CHECK(build(ctx, &diags, bad_dtype_kernel, NULL) == NULL);
  if (CHECK(diags.n >= 1))
    CHECK_CONTAINS(diags.items[0]->msg,
                   "asc_bilinear_interpolation: dst has dtype float");
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_pyasc_transpose);
  RUN_TEST(test_pyasc_transpose_ext);
  RUN_TEST(test_pyasc_bilinear_interpolation);
  RUN_TEST(test_bilinear_misuse);
  return CHECK_SUMMARY();
}
