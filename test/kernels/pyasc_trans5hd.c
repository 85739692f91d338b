/* pyasc's generalization/basic/test_trans_5hd_tensor_list.py in C:
 * TransDataTo5HD with lists of 16 LocalTensors turns an NCHW tensor
 * (n 1, c 64, h 16, w 16) into NC1HWC0 (C0 = 16), four calls of 16
 * repeats, TransDataTo5HDParams(False, False, 16, 16, 1), with the pyasc
 * file's TQues and copy_in / compute / copy_out; half and int16 (the
 * file's dtypes), checked bit for bit against its torch reference
 * x.view(n, 4, 16, h, w).permute(0, 1, 3, 4, 2). Each block converts its
 * own n-slice (pyasc runs one; here 1 and 3). Lists of two dtypes are a
 * located error, pyasc's check. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { C0 = 16, C1 = 4, H = 16, W = 16, ELEMS = C1 * C0 * H * W };

static void trans5hd_kernel(asc_kernel *k, void *user) {
  const asc_dtype *dt = user;
  asc_gm_addr x = asc_arg_gm(k, "x", *dt);
  asc_gm_addr z = asc_arg_gm(k, "z", *dt);
  asc_int offset = asc_mul(asc_get_block_idx(), ELEMS);
  asc_global_tensor x_gm = asc_globaltensor(), z_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(x_gm, asc_gm_addr_add(x, offset));
  asc_globaltensor_set_global_buffer(z_gm, asc_gm_addr_add(z, offset));
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qx = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tquebind qz = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tpipe_init_buffer(pipe, qx, 1, ELEMS * 2);
  asc_tpipe_init_buffer(pipe, qz, 1, ELEMS * 2);
  /* copy_in */
  asc_local_tensor xl = asc_tquebind_alloc_tensor(qx, *dt);
  asc_data_copy(xl, x_gm, ELEMS);
  asc_tquebind_enque(qx, xl);
  /* compute */
  asc_local_tensor xi = asc_tquebind_deque(qx, *dt);
  asc_local_tensor zl = asc_tquebind_alloc_tensor(qz, *dt);
  asc_trans_data_to_5hd_params params =
      asc_transdatato5hdparams(false, false, 16, 16, 1);
  for (int j = 0; j < C1; j++) {
    const int base = j * C0 * H * W;
    asc_local_tensor dst_list[16], src_list[16];
    for (int i = 0; i < 16; i++) {
      dst_list[i] = asc_localtensor_subindex(zl, base + W * i);
      src_list[i] = asc_localtensor_subindex(xi, base + H * W * i);
    }
    asc_trans_data_to_5hd_list(dst_list, src_list, params);
  }
  asc_tquebind_enque(qz, zl);
  asc_tquebind_free_tensor(qx, xi);
  /* copy_out */
  asc_local_tensor zo = asc_tquebind_deque(qz, *dt);
  asc_data_copy(z_gm, zo, ELEMS);
  asc_tquebind_free_tensor(qz, zo);
}

static void test_pyasc_trans_5hd_tensor_list(void) {
  static const asc_dtype dts[] = {ASC_HALF, ASC_INT16};
  static const unsigned blocks[] = {1, 3};
  for (unsigned d = 0; d < 2; d++)
    for (unsigned b = 0; b < 2; b++) {
      const unsigned n = blocks[b] * ELEMS;
      uint16_t *x = malloc(n * 2), *z = calloc(n, 2), *want = malloc(n * 2);
      REQUIRE(x && z && want);
      for (unsigned i = 0; i < n; i++) /* randint(0, 99) / randn bits */
        x[i] = dts[d] == ASC_INT16
                   ? (uint16_t)((i * 37u + b) % 99u)
                   : casc_f32_to_f16((float)(i % 977) / 97.0f - 5.0f);
      /* expected_z = x.view(n, c1, c0, h, w).permute(0, 1, 3, 4, 2) */
      for (unsigned m = 0; m < blocks[b]; m++)
        for (unsigned c1 = 0; c1 < C1; c1++)
          for (unsigned c0 = 0; c0 < C0; c0++)
            for (unsigned h = 0; h < H; h++)
              for (unsigned w = 0; w < W; w++)
                want[m * ELEMS + ((c1 * H + h) * W + w) * C0 + c0] =
                    x[m * ELEMS + ((c1 * C0 + c0) * H + h) * W + w];
      casc_ctx *ctx = casc_ctx_new();
      casc_diag_list diags = {0};
      casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
      asc_dtype dt = dts[d];
      casc_op *mod = casc_jit_build(ctx, "k", trans5hd_kernel, &dt);
      casc_launch_status st = CASC_LAUNCH_BAD_LAUNCH;
      casc_dtype cd = dt == ASC_HALF ? CASC_DT_F16 : CASC_DT_I16;
      if (mod) {
        casc_arg args[2] = {casc_arg_gm(x, cd, n), casc_arg_gm(z, cd, n)};
        st = casc_launch(ctx, mod, "k", blocks[b], args, 2, NULL, NULL);
      }
      for (unsigned i = 0; st != CASC_LAUNCH_OK && i < diags.n; i++)
        casc_diag_print(diags.items[i], stderr);
      CHECK(st == CASC_LAUNCH_OK && memcmp(z, want, n * 2) == 0);
      casc_diag_list_free(&diags);
      casc_ctx_free(ctx);
      free(x);
      free(z);
      free(want);
    }
}

/* pyasc's check: one dtype over both lists. */
static void mixed_kernel(asc_kernel *k, void *user) {
  (void)k, (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, tb, 2048);
  asc_local_tensor h = asc_tbuf_get(tb, ASC_HALF);
  asc_local_tensor f = asc_tbuf_get(tb, ASC_FLOAT);
  asc_local_tensor dst_list[16], src_list[16];
  for (int i = 0; i < 16; i++) {
    dst_list[i] = h;
    src_list[i] = i == 7 ? f : h;
  }
  asc_trans_data_to_5hd_list(dst_list, src_list,
                             asc_transdatato5hdparams(false, false, 1, 0, 0));
}

static void test_list_dtype_error(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", mixed_kernel, NULL) == NULL);
  REQUIRE(diags.n > 0);
  CHECK_CONTAINS(diags.items[0]->msg,
                 "src_list[7] has dtype float and dst_list[0] half");
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_pyasc_trans_5hd_tensor_list);
  RUN_TEST(test_list_dtype_error);
  return CHECK_SUMMARY();
}
