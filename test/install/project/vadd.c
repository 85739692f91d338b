/* An out-of-tree casc user: a TQue vector add written with the C kernel
 * API, built, compiled (pyasc's pipeline with verify-sync), emitted as
 * Ascend C and run on the CPU simulator, its result checked against a
 * plain C loop. Built against an installed casc by test/install (once
 * through find_package(casc), once through pkg-config); exit 0 = all good.
 *
 * vadd_check() is also called by test/install/user_symbols.c, which
 * compiles this file with VADD_NO_MAIN. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/emit.h"
#include "casc/passes.h"
#include "casc/sim.h"

enum { VADD_BLOCKS = 4, VADD_TILE = 64, VADD_TILES = 4, VADD_DEPTH = 2 };
enum { VADD_BLOCK_LEN = VADD_TILE * VADD_TILES };
enum { VADD_N = VADD_BLOCKS * VADD_BLOCK_LEN };

static void vadd_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_gm_addr y = asc_arg_gm(k, "y", ASC_FLOAT);
  asc_gm_addr z = asc_arg_gm(k, "z", ASC_FLOAT);
  asc_int block_length = asc_arg_i32(k, "block_length");

  asc_int offset = asc_mul(asc_get_block_idx(), block_length);
  asc_global_tensor x_gm = asc_globaltensor();
  asc_global_tensor y_gm = asc_globaltensor();
  asc_global_tensor z_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(x_gm, asc_gm_addr_add(x, offset));
  asc_globaltensor_set_global_buffer(y_gm, asc_gm_addr_add(y, offset));
  asc_globaltensor_set_global_buffer(z_gm, asc_gm_addr_add(z, offset));

  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qx = asc_tque(ASC_TPOSITION_VECIN, VADD_DEPTH);
  asc_tquebind qy = asc_tque(ASC_TPOSITION_VECIN, VADD_DEPTH);
  asc_tquebind qz = asc_tque(ASC_TPOSITION_VECOUT, VADD_DEPTH);
  int tile_bytes = VADD_TILE * (int)sizeof(float);
  asc_tpipe_init_buffer(pipe, qx, VADD_DEPTH, tile_bytes);
  asc_tpipe_init_buffer(pipe, qy, VADD_DEPTH, tile_bytes);
  asc_tpipe_init_buffer(pipe, qz, VADD_DEPTH, tile_bytes);

  ASC_FOR(i, 0, VADD_TILES) {
    asc_int at = asc_mul(i, VADD_TILE);
    asc_local_tensor xl = asc_tquebind_alloc_tensor(qx, ASC_FLOAT);
    asc_local_tensor yl = asc_tquebind_alloc_tensor(qy, ASC_FLOAT);
    asc_data_copy(xl, asc_globaltensor_subindex(x_gm, at), VADD_TILE);
    asc_data_copy(yl, asc_globaltensor_subindex(y_gm, at), VADD_TILE);
    asc_tquebind_enque(qx, xl);
    asc_tquebind_enque(qy, yl);

    asc_local_tensor xin = asc_tquebind_deque(qx, ASC_FLOAT);
    asc_local_tensor yin = asc_tquebind_deque(qy, ASC_FLOAT);
    asc_local_tensor zl = asc_tquebind_alloc_tensor(qz, ASC_FLOAT);
    asc_add(zl, xin, yin, VADD_TILE);
    asc_tquebind_enque(qz, zl);
    asc_tquebind_free_tensor(qx, xin);
    asc_tquebind_free_tensor(qy, yin);

    asc_local_tensor zout = asc_tquebind_deque(qz, ASC_FLOAT);
    asc_data_copy(asc_globaltensor_subindex(z_gm, at), zout, VADD_TILE);
    asc_tquebind_free_tensor(qz, zout);
  }
}

/* Builds, compiles, emits and runs the kernel; 0 when every step worked
 * and z == x + y everywhere, else 1 (with a message on log). */
static int vadd_check(FILE *log) {
  static float x[VADD_N], y[VADD_N], z[VADD_N];
  for (int i = 0; i < VADD_N; i++) {
    x[i] = (float)(i % 97) * 0.5f;
    y[i] = (float)(i % 13) - 6.0f;
    z[i] = -1.0f;
  }
  casc_ctx *ctx = casc_ctx_new();
  if (!ctx)
    return 1;
  casc_ctx_set_diag_handler(ctx, casc_diag_print_handler, log);
  int rc = 1;
  casc_buf cpp;
  casc_buf_init(&cpp);
  casc_op *module = casc_jit_build(ctx, "vadd", vadd_kernel, NULL);
  casc_compile_options copts;
  casc_compile_options_init(&copts);
  if (!module || !casc_compile(ctx, module, &copts)) {
    fprintf(log, "vadd: build or compile failed\n");
    goto done;
  }
  if (!casc_emit_ascendc_buf(ctx, module, &cpp) || !cpp.data ||
      !strstr(cpp.data, "__global__ __aicore__ void vadd(")) {
    fprintf(log, "vadd: no Ascend C kernel entry in the emitted source\n");
    goto done;
  }
  casc_arg args[] = {casc_arg_gm(x, CASC_DT_F32, VADD_N),
                     casc_arg_gm(y, CASC_DT_F32, VADD_N),
                     casc_arg_gm(z, CASC_DT_F32, VADD_N),
                     casc_arg_int(CASC_DT_I32, VADD_BLOCK_LEN)};
  casc_launch_result res;
  casc_launch_status st =
      casc_launch(ctx, module, "vadd", VADD_BLOCKS, args, 4, NULL, &res);
  if (st != CASC_LAUNCH_OK || res.warnings != 0) {
    fprintf(log, "vadd: launch status %d, %u errors, %u warnings\n", (int)st,
            res.errors, res.warnings);
    goto done;
  }
  for (int i = 0; i < VADD_N; i++) {
    if (z[i] != x[i] + y[i]) {
      fprintf(log, "vadd: z[%d] = %g, expected %g\n", i, (double)z[i],
              (double)(x[i] + y[i]));
      goto done;
    }
  }
  rc = 0;
done:
  casc_buf_free(&cpp);
  casc_ctx_free(ctx);
  return rc;
}

#ifndef VADD_NO_MAIN
int main(void) {
  int rc = vadd_check(stderr);
  if (rc == 0)
    printf("vadd: %d blocks x %d floats, z == x + y\n", VADD_BLOCKS,
           VADD_BLOCK_LEN);
  return rc;
}
#endif
