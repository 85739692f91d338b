/* Vector add with the TPipe/TQue framework, double-buffered: the structure
 * of pyasc's tutorial 02_add_framework. Each core adds its block of
 * x + y into z, TILE_NUM * BUFFER_NUM tiles, each through
 * copy_in (GM -> VECIN queues), compute (Add into a VECOUT queue) and
 * copy_out (VECOUT queue -> GM). The helpers are plain C functions: their
 * ops are recorded inline, like pyasc's @asc.jit helpers after inlining.
 *
 *   add_framework --emit mlir     prints the kernel's ASC-IR */
#include "add_framework.h"

#include "example.h"

enum { BUFFER_NUM = 2, TILE_NUM = 8 };

static void copy_in(asc_int i, asc_global_tensor x_gm, asc_global_tensor y_gm,
                    asc_tquebind in_queue_x, asc_tquebind in_queue_y,
                    int tile_length) {
  asc_local_tensor x_local =
      asc_tquebind_alloc_tensor(in_queue_x, asc_globaltensor_dtype(x_gm));
  asc_local_tensor y_local =
      asc_tquebind_alloc_tensor(in_queue_y, asc_globaltensor_dtype(y_gm));
  asc_data_copy(x_local,
                asc_globaltensor_subindex(x_gm, asc_mul(i, tile_length)),
                tile_length);
  asc_data_copy(y_local,
                asc_globaltensor_subindex(y_gm, asc_mul(i, tile_length)),
                tile_length);
  asc_tquebind_enque(in_queue_x, x_local);
  asc_tquebind_enque(in_queue_y, y_local);
}

static void compute(asc_global_tensor z_gm, asc_tquebind in_queue_x,
                    asc_tquebind in_queue_y, asc_tquebind out_queue_z,
                    int tile_length) {
  asc_dtype dt = asc_globaltensor_dtype(z_gm);
  asc_local_tensor x_local = asc_tquebind_deque(in_queue_x, dt);
  asc_local_tensor y_local = asc_tquebind_deque(in_queue_y, dt);
  asc_local_tensor z_local = asc_tquebind_alloc_tensor(out_queue_z, dt);
  asc_add(z_local, x_local, y_local, tile_length);
  asc_tquebind_enque(out_queue_z, z_local);
  asc_tquebind_free_tensor(in_queue_x, x_local);
  asc_tquebind_free_tensor(in_queue_y, y_local);
}

static void copy_out(asc_int i, asc_global_tensor z_gm,
                     asc_tquebind out_queue_z, int tile_length) {
  asc_local_tensor z_local =
      asc_tquebind_deque(out_queue_z, asc_globaltensor_dtype(z_gm));
  asc_data_copy(asc_globaltensor_subindex(z_gm, asc_mul(i, tile_length)),
                z_local, tile_length);
  asc_tquebind_free_tensor(out_queue_z, z_local);
}

void add_framework_kernel(asc_kernel *k, void *user) {
  const add_framework_params *p = user;
  int tile_length = p->tile_length; /* asc.ConstExpr[int] */
  /* BUFFER_NUM unless the caller (bench/timing) chooses another count. */
  int buffer_num = p->buffer_num > 0 ? p->buffer_num : BUFFER_NUM;
  asc_gm_addr x = asc_arg_gm(k, "x", p->dtype);
  asc_gm_addr y = asc_arg_gm(k, "y", p->dtype);
  asc_gm_addr z = asc_arg_gm(k, "z", p->dtype);
  asc_int block_length = asc_arg_i32(k, "block_length");

  asc_int offset = asc_mul(asc_get_block_idx(), block_length);
  asc_global_tensor x_gm = asc_globaltensor();
  asc_global_tensor y_gm = asc_globaltensor();
  asc_global_tensor z_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(x_gm, asc_gm_addr_add(x, offset));
  asc_globaltensor_set_global_buffer(y_gm, asc_gm_addr_add(y, offset));
  asc_globaltensor_set_global_buffer(z_gm, asc_gm_addr_add(z, offset));

  asc_tpipe pipe = asc_tpipe();
  asc_tquebind in_queue_x = asc_tque(ASC_TPOSITION_VECIN, buffer_num);
  asc_tquebind in_queue_y = asc_tque(ASC_TPOSITION_VECIN, buffer_num);
  asc_tquebind out_queue_z = asc_tque(ASC_TPOSITION_VECOUT, buffer_num);
  int tile_bytes = tile_length * (int)asc_dtype_sizeof(p->dtype);
  asc_tpipe_init_buffer(pipe, in_queue_x, buffer_num, tile_bytes);
  asc_tpipe_init_buffer(pipe, in_queue_y, buffer_num, tile_bytes);
  asc_tpipe_init_buffer(pipe, out_queue_z, buffer_num, tile_bytes);

  ASC_FOR(i, 0, TILE_NUM * buffer_num) {
    copy_in(i, x_gm, y_gm, in_queue_x, in_queue_y, tile_length);
    compute(z_gm, in_queue_x, in_queue_y, out_queue_z, tile_length);
    copy_out(i, z_gm, out_queue_z, tile_length);
  }
}

#ifndef CASC_EXAMPLE_NO_MAIN
int main(int argc, char **argv) {
  example_opts opts;
  if (!example_parse_args(argc, argv, "add_framework", &opts))
    return 2;
  casc_ctx *ctx = example_ctx_new();
  if (!ctx)
    return 1;
  /* 8 cores x 2048 halves; 2048 / TILE_NUM / BUFFER_NUM = 128 per tile. */
  add_framework_params params = {.dtype = ASC_HALF, .tile_length = 128};
  casc_op *module =
      casc_jit_build(ctx, "vadd_kernel", add_framework_kernel, &params);
  int rc = example_run(ctx, module, &opts);
  casc_ctx_free(ctx);
  return rc;
}
#endif
