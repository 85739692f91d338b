/* Vector add with explicit buffers and manual synchronisation: the
 * structure of pyasc's tutorial 01_add. Three LocalTensors are placed at
 * fixed UB addresses (LocalTensor(pos, addr, len)); each tile is copied in
 * (MTE2), added (V) and copied out (MTE3), with set_flag/wait_flag pairs
 * ordering the pipes, alternating between two halves of each buffer.
 *
 *   add --emit mlir     prints the kernel's ASC-IR */
#include "example.h"

enum { BUFFER_NUM = 2, TILE_NUM = 8 };

static void vadd_kernel(asc_kernel *k, void *user) {
  const asc_dtype *dtype = user;
  asc_gm_addr x = asc_arg_gm(k, "x", *dtype);
  asc_gm_addr y = asc_arg_gm(k, "y", *dtype);
  asc_gm_addr z = asc_arg_gm(k, "z", *dtype);
  asc_int block_length = asc_arg_i32(k, "block_length");

  asc_int offset = asc_mul(asc_get_block_idx(), block_length);
  asc_global_tensor x_gm = asc_globaltensor();
  asc_global_tensor y_gm = asc_globaltensor();
  asc_global_tensor z_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(x_gm, asc_gm_addr_add(x, offset),
                                     block_length);
  asc_globaltensor_set_global_buffer(y_gm, asc_gm_addr_add(y, offset),
                                     block_length);
  asc_globaltensor_set_global_buffer(z_gm, asc_gm_addr_add(z, offset),
                                     block_length);

  asc_int tile_length = asc_div(asc_div(block_length, TILE_NUM), BUFFER_NUM);
  asc_int buffer_size =
      asc_mul(asc_mul(tile_length, BUFFER_NUM), (int)asc_dtype_sizeof(*dtype));

  /* LocalTensors at explicit UB addresses: x at 0, y and z after it. */
  asc_local_tensor x_local = asc_localtensor(*dtype, ASC_TPOSITION_VECIN, 0,
                                             asc_mul(tile_length, BUFFER_NUM));
  asc_local_tensor y_local =
      asc_localtensor(*dtype, ASC_TPOSITION_VECIN, buffer_size,
                      asc_mul(tile_length, BUFFER_NUM));
  asc_local_tensor z_local = asc_localtensor(*dtype, ASC_TPOSITION_VECOUT,
                                             asc_add(buffer_size, buffer_size),
                                             asc_mul(tile_length, BUFFER_NUM));

  ASC_FOR(i, 0, TILE_NUM * BUFFER_NUM) {
    asc_int buf_id = asc_rem(i, BUFFER_NUM);

    /* subindex returns the tensor starting at that element; each one is
     * named first so that the ops are recorded in pyasc's order (C leaves
     * the evaluation order of call arguments open) */
    asc_local_tensor x_buf =
        asc_localtensor_subindex(x_local, asc_mul(buf_id, tile_length));
    asc_global_tensor x_tile =
        asc_globaltensor_subindex(x_gm, asc_mul(i, tile_length));
    asc_data_copy(x_buf, x_tile, tile_length);
    asc_local_tensor y_buf =
        asc_localtensor_subindex(y_local, asc_mul(buf_id, tile_length));
    asc_global_tensor y_tile =
        asc_globaltensor_subindex(y_gm, asc_mul(i, tile_length));
    asc_data_copy(y_buf, y_tile, tile_length);

    /* the vector unit waits for the copies into UB */
    asc_set_flag(ASC_HARDEVENT_MTE2_V, buf_id);
    asc_wait_flag(ASC_HARDEVENT_MTE2_V, buf_id);

    asc_local_tensor z_buf =
        asc_localtensor_subindex(z_local, asc_mul(buf_id, tile_length));
    asc_local_tensor x_in =
        asc_localtensor_subindex(x_local, asc_mul(buf_id, tile_length));
    asc_local_tensor y_in =
        asc_localtensor_subindex(y_local, asc_mul(buf_id, tile_length));
    asc_add(z_buf, x_in, y_in, tile_length);

    /* the copy out waits for the add */
    asc_set_flag(ASC_HARDEVENT_V_MTE3, buf_id);
    asc_wait_flag(ASC_HARDEVENT_V_MTE3, buf_id);

    asc_global_tensor z_tile =
        asc_globaltensor_subindex(z_gm, asc_mul(i, tile_length));
    asc_local_tensor z_out =
        asc_localtensor_subindex(z_local, asc_mul(buf_id, tile_length));
    asc_data_copy(z_tile, z_out, tile_length);

    /* the next copy into this half waits for the copy out */
    asc_set_flag(ASC_HARDEVENT_MTE3_MTE2, buf_id);
    asc_wait_flag(ASC_HARDEVENT_MTE3_MTE2, buf_id);
  }
}

int main(int argc, char **argv) {
  example_opts opts;
  if (!example_parse_args(argc, argv, "add", &opts))
    return 2;
  casc_ctx *ctx = example_ctx_new();
  if (!ctx)
    return 1;
  asc_dtype dtype = ASC_FLOAT;
  casc_op *module = casc_jit_build(ctx, "vadd_kernel", vadd_kernel, &dtype);
  int rc = example_run(ctx, module, &opts);
  casc_ctx_free(ctx);
  return rc;
}
