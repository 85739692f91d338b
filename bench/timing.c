/* bench/timing: double buffering seen by the timing model. The add_framework
 * kernel (pyasc tutorial 02: copy_in -> compute -> copy_out through TQue
 * VECIN/VECOUT) with BUFFER_NUM 1 and 2, on the default platform
 * (platform/Ascend910B1.ini estimates). With 1 buffer per queue MTE2 must
 * wait for V to free the tile before it loads the next one, and V for MTE3;
 * with 2 the next tile loads while the current one is added and stored, so
 * the cycle count drops. Prints both counts, the ratio and the pipes' busy
 * shares, for the tutorial's size and a larger one. Figures only; nothing
 * is asserted.
 *
 * The kernel body mirrors examples/add_framework.c, whose BUFFER_NUM is a
 * compile-time constant of that file; here it is a parameter.
 *   usage: timing [--threads N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"

enum { TILE_NUM = 8 };

typedef struct {
  int buffer_num;  /* 1 or 2: buffers per queue (and queue depth) */
  int tile_length; /* elements per tile */
  int ntiles;      /* tiles per block */
} params;

static void copy_in(asc_int i, asc_global_tensor x_gm, asc_global_tensor y_gm,
                    asc_tquebind qx, asc_tquebind qy, int tile_length) {
  asc_local_tensor x = asc_tquebind_alloc_tensor(qx, ASC_HALF);
  asc_local_tensor y = asc_tquebind_alloc_tensor(qy, ASC_HALF);
  asc_data_copy(x, asc_globaltensor_subindex(x_gm, asc_mul(i, tile_length)),
                tile_length);
  asc_data_copy(y, asc_globaltensor_subindex(y_gm, asc_mul(i, tile_length)),
                tile_length);
  asc_tquebind_enque(qx, x);
  asc_tquebind_enque(qy, y);
}

static void compute(asc_tquebind qx, asc_tquebind qy, asc_tquebind qz,
                    int tile_length) {
  asc_local_tensor x = asc_tquebind_deque(qx, ASC_HALF);
  asc_local_tensor y = asc_tquebind_deque(qy, ASC_HALF);
  asc_local_tensor z = asc_tquebind_alloc_tensor(qz, ASC_HALF);
  asc_add(z, x, y, tile_length);
  asc_tquebind_enque(qz, z);
  asc_tquebind_free_tensor(qx, x);
  asc_tquebind_free_tensor(qy, y);
}

static void copy_out(asc_int i, asc_global_tensor z_gm, asc_tquebind qz,
                     int tile_length) {
  asc_local_tensor z = asc_tquebind_deque(qz, ASC_HALF);
  asc_data_copy(asc_globaltensor_subindex(z_gm, asc_mul(i, tile_length)), z,
                tile_length);
  asc_tquebind_free_tensor(qz, z);
}

static void kernel(asc_kernel *k, void *user) {
  const params *p = user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_gm_addr y = asc_arg_gm(k, "y", ASC_HALF);
  asc_gm_addr z = asc_arg_gm(k, "z", ASC_HALF);
  asc_int block_length = asc_arg_i32(k, "block_length");
  asc_int offset = asc_mul(asc_get_block_idx(), block_length);
  asc_global_tensor x_gm = asc_globaltensor();
  asc_global_tensor y_gm = asc_globaltensor();
  asc_global_tensor z_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(x_gm, asc_gm_addr_add(x, offset));
  asc_globaltensor_set_global_buffer(y_gm, asc_gm_addr_add(y, offset));
  asc_globaltensor_set_global_buffer(z_gm, asc_gm_addr_add(z, offset));
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qx = asc_tque(ASC_TPOSITION_VECIN, p->buffer_num);
  asc_tquebind qy = asc_tque(ASC_TPOSITION_VECIN, p->buffer_num);
  asc_tquebind qz = asc_tque(ASC_TPOSITION_VECOUT, p->buffer_num);
  int bytes = p->tile_length * 2;
  asc_tpipe_init_buffer(pipe, qx, p->buffer_num, bytes);
  asc_tpipe_init_buffer(pipe, qy, p->buffer_num, bytes);
  asc_tpipe_init_buffer(pipe, qz, p->buffer_num, bytes);
  ASC_FOR(i, 0, p->ntiles) {
    copy_in(i, x_gm, y_gm, qx, qy, p->tile_length);
    compute(qx, qy, qz, p->tile_length);
    copy_out(i, z_gm, qz, p->tile_length);
  }
}

static void print_diag(const casc_diag *d, void *user) {
  (void)user;
  casc_diag_print(d, stderr);
}

/* Run with buffer_num buffers and tiles of tile_length; the block's
 * figures into *out. */
static bool run(int buffer_num, int tile_length, int block_length,
                unsigned blocks, unsigned threads, casc_block_timing *out,
                uint64_t *launch) {
  casc_ctx *ctx = casc_ctx_new();
  if (!ctx)
    return false;
  casc_ctx_set_diag_handler(ctx, print_diag, NULL);
  params p = {buffer_num, tile_length, block_length / tile_length};
  bool ok = false;
  size_t n = (size_t)block_length * blocks;
  uint16_t *x = calloc(n, 2), *y = calloc(n, 2), *z = calloc(n, 2);
  casc_op *m = casc_jit_build(ctx, "vadd_kernel", kernel, &p);
  casc_sim_program *prog = m ? casc_sim_compile(ctx, m, "vadd_kernel") : NULL;
  if (prog && x && y && z) {
    for (size_t i = 0; i < n; i++) {
      x[i] = casc_f32_to_f16((float)(i % 1000) * 0.25f);
      y[i] = casc_f32_to_f16((float)(i % 77));
    }
    casc_arg args[4] = {casc_arg_gm(x, CASC_DT_F16, n),
                        casc_arg_gm(y, CASC_DT_F16, n),
                        casc_arg_gm(z, CASC_DT_F16, n),
                        casc_arg_int(CASC_DT_I32, block_length)};
    casc_launch_opts o = {threads, NULL, 0};
    casc_launch_result res;
    ok = casc_sim_run_timed(prog, blocks, args, 4, &o, NULL, &res) ==
             CASC_LAUNCH_OK &&
         res.timing.valid;
    if (ok) {
      *out = res.timing.blocks[0];
      *launch = res.timing.cycles;
    }
  }
  casc_sim_program_free(prog);
  casc_ctx_free(ctx);
  free(x);
  free(y);
  free(z);
  return ok;
}

static void print_row(int buffer_num, int tile_length, int block_length,
                      const casc_block_timing *t, uint64_t launch) {
  printf("  BUFFER_NUM %d (%2d tiles of %5d): %8llu cycles per block, launch "
         "%8llu;  busy",
         buffer_num, block_length / tile_length, tile_length,
         (unsigned long long)t->cycles, (unsigned long long)launch);
  const int pipes[] = {CASC_SIM_PIPE_MTE2, CASC_SIM_PIPE_V, CASC_SIM_PIPE_MTE3};
  for (unsigned i = 0; i < 3; i++)
    printf(" %s %5.1f%%", casc_sim_pipe_name((casc_sim_pipe)pipes[i]),
           t->cycles ? 100.0 * (double)t->busy[pipes[i]] / (double)t->cycles
                     : 0.0);
  printf("\n");
}

int main(int argc, char **argv) {
  unsigned threads = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
      threads = (unsigned)strtoul(argv[++i], NULL, 10);
    } else {
      fprintf(stderr, "usage: timing [--threads N]\n");
      return 2;
    }
  }
  /* The tutorial's size (8 cores x 2048 halves) and a larger block; first
   * as the tutorial splits it (BUFFER_NUM 2 halves the tile, so twice the
   * tiles, each paying the per-transfer latency), then with the same tile
   * for both, which isolates what the second buffer buys. */
  const struct {
    int block_length;
    unsigned blocks;
  } sizes[] = {{2048, 8}, {32768, 48}};
  for (unsigned s = 0; s < 2; s++) {
    int bl = sizes[s].block_length;
    for (int same = 0; same < 2; same++) {
      int tile1 = bl / TILE_NUM, tile2 = same ? tile1 : bl / TILE_NUM / 2;
      casc_block_timing t1, t2;
      uint64_t l1 = 0, l2 = 0;
      if (!run(1, tile1, bl, sizes[s].blocks, threads, &t1, &l1) ||
          !run(2, tile2, bl, sizes[s].blocks, threads, &t2, &l2)) {
        fprintf(stderr, "timing: the add_framework run failed\n");
        return 1;
      }
      printf("timing: add_framework, %u blocks x %d halves, %s, Ascend910B1 "
             "estimates\n",
             sizes[s].blocks, bl,
             same ? "same tile size" : "tiles as in the tutorial");
      print_row(1, tile1, bl, &t1, l1);
      print_row(2, tile2, bl, &t2, l2);
      printf("  cycles BUFFER_NUM 1 / BUFFER_NUM 2 = %.3f\n",
             t2.cycles ? (double)t1.cycles / (double)t2.cycles : 0.0);
    }
  }
  return 0;
}
