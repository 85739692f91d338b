/* LeakyReLU on half data computed in float: each tile is copied in as
 * half, widened into a TBuf scratch tensor with Cast, transformed in place
 * with LeakyRelu, narrowed back into the output queue's tensor with Cast
 * (round to nearest even) and copied out. The number of tiles per core is
 * a runtime value (block_length / TILE_LENGTH).
 *
 *   leaky_relu --emit mlir     prints the kernel's ASC-IR */
#include "example.h"

enum { BUFFER_NUM = 2, TILE_LENGTH = 256 };

typedef struct {
  double alpha; /* negative slope, a compile-time constant */
} leaky_relu_params;

static void copy_in(asc_int i, asc_global_tensor x_gm, asc_tquebind in_q) {
  asc_local_tensor x = asc_tquebind_alloc_tensor(in_q, ASC_HALF);
  asc_data_copy(x, asc_globaltensor_subindex(x_gm, asc_mul(i, TILE_LENGTH)),
                TILE_LENGTH);
  asc_tquebind_enque(in_q, x);
}

static void compute(asc_tquebind in_q, asc_tquebind out_q, asc_tbuf calc,
                    double alpha) {
  asc_local_tensor x = asc_tquebind_deque(in_q, ASC_HALF);
  asc_local_tensor wide = asc_tbuf_get(calc, ASC_FLOAT);
  asc_cast(wide, x, ASC_ROUNDMODE_CAST_NONE, TILE_LENGTH);
  asc_leaky_relu(wide, wide, alpha, TILE_LENGTH);
  asc_local_tensor y = asc_tquebind_alloc_tensor(out_q, ASC_HALF);
  asc_cast(y, wide, ASC_ROUNDMODE_CAST_RINT, TILE_LENGTH);
  asc_tquebind_enque(out_q, y);
  asc_tquebind_free_tensor(in_q, x);
}

static void copy_out(asc_int i, asc_global_tensor y_gm, asc_tquebind out_q) {
  asc_local_tensor y = asc_tquebind_deque(out_q, ASC_HALF);
  asc_data_copy(asc_globaltensor_subindex(y_gm, asc_mul(i, TILE_LENGTH)), y,
                TILE_LENGTH);
  asc_tquebind_free_tensor(out_q, y);
}

static void leaky_relu_kernel(asc_kernel *k, void *user) {
  const leaky_relu_params *p = user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_gm_addr y = asc_arg_gm(k, "y", ASC_HALF);
  asc_int block_length = asc_arg_i32(k, "block_length");

  asc_int offset = asc_mul(asc_get_block_idx(), block_length);
  asc_global_tensor x_gm = asc_globaltensor();
  asc_global_tensor y_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(x_gm, asc_gm_addr_add(x, offset));
  asc_globaltensor_set_global_buffer(y_gm, asc_gm_addr_add(y, offset));

  asc_tpipe pipe = asc_tpipe();
  asc_tquebind in_q = asc_tque(ASC_TPOSITION_VECIN, BUFFER_NUM);
  asc_tquebind out_q = asc_tque(ASC_TPOSITION_VECOUT, BUFFER_NUM);
  asc_tbuf calc = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, in_q, BUFFER_NUM,
                        TILE_LENGTH * (int)asc_dtype_sizeof(ASC_HALF));
  asc_tpipe_init_buffer(pipe, out_q, BUFFER_NUM,
                        TILE_LENGTH * (int)asc_dtype_sizeof(ASC_HALF));
  asc_tpipe_init_buffer(pipe, calc,
                        TILE_LENGTH * (int)asc_dtype_sizeof(ASC_FLOAT));

  asc_int tiles = asc_div(block_length, TILE_LENGTH);
  ASC_FOR(i, 0, tiles) {
    copy_in(i, x_gm, in_q);
    compute(in_q, out_q, calc, p->alpha);
    copy_out(i, y_gm, out_q);
  }
}

int main(int argc, char **argv) {
  example_opts opts;
  if (!example_parse_args(argc, argv, "leaky_relu", &opts))
    return 2;
  casc_ctx *ctx = example_ctx_new();
  if (!ctx)
    return 1;
  leaky_relu_params params = {.alpha = 0.01};
  casc_op *module =
      casc_jit_build(ctx, "leaky_relu_kernel", leaky_relu_kernel, &params);
  int rc = example_run(ctx, module, &opts);
  casc_ctx_free(ctx);
  return rc;
}
