/* bench/timing: double buffering seen by the timing model. The add_framework
 * kernel of examples/add_framework.c (pyasc tutorial 02: copy_in -> compute
 * -> copy_out through TQue VECIN/VECOUT, 8 * BUFFER_NUM tiles per block)
 * with BUFFER_NUM 1 and 2, on the default platform (the estimates of
 * platform/Ascend910B1.ini), for the tutorial's size (8 blocks x 2048
 * halves) and a large one (48 blocks x 32768 halves). Two comparisons each:
 *
 *  - as in the tutorial: the same block; BUFFER_NUM 2 halves the tile, so
 *    a block is twice as many tiles, each paying the transfer latency;
 *  - same tile size: BUFFER_NUM 2 with the tile of BUFFER_NUM 1. The
 *    kernel runs 8 * BUFFER_NUM tiles per block, so this block holds twice
 *    the data: compared per tile (the same data), which isolates what the
 *    second buffer buys.
 *
 * With 1 buffer per queue MTE2 must wait for V to free the tile before it
 * loads the next one, and V for MTE3; with 2 the next tile loads while the
 * current one is added and stored. Prints cycles, the ratios and the pipes'
 * busy shares (cycles each pipe was held over the block's cycles). Figures
 * only; nothing is asserted (test/unit/test_sim_timing.c checks the model).
 *
 *   usage: timing [--threads N] [--trace DIR]
 *   --trace DIR writes DIR/af_<blocks>x<block_length>_bn<n>_t<tile>.json,
 *   the Chrome trace of each run (docs/timing.md, "Reading the chart"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "add_framework.h"
#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/sim.h"

enum { TILE_NUM = 8 }; /* examples/add_framework.c: tiles per buffer */

typedef struct {
  int buffer_num, tile_length, block_length;
  unsigned blocks;
  casc_block_timing t; /* block 0 (every block is the same) */
  uint64_t launch;
} run_result;

static void print_diag(const casc_diag *d, void *user) {
  (void)user;
  casc_diag_print(d, stderr);
}

static bool write_file(const char *path, const casc_buf *b) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return false;
  bool ok = fwrite(b->data, 1, b->len, f) == b->len;
  return (fclose(f) == 0) && ok;
}

/* Run add_framework with r->buffer_num buffers and tiles of r->tile_length
 * halves (the block is 8 * buffer_num tiles); fills r->t and r->launch. */
static bool run(run_result *r, unsigned threads, const char *trace_dir) {
  casc_ctx *ctx = casc_ctx_new();
  if (!ctx)
    return false;
  casc_ctx_set_diag_handler(ctx, print_diag, NULL);
  add_framework_params p = {ASC_HALF, r->tile_length, r->buffer_num};
  r->block_length = r->tile_length * TILE_NUM * r->buffer_num;
  bool ok = false;
  size_t n = (size_t)r->block_length * r->blocks;
  uint16_t *x = calloc(n, 2), *y = calloc(n, 2), *z = calloc(n, 2);
  casc_buf trace;
  casc_buf_init(&trace);
  casc_op *m = casc_jit_build(ctx, "vadd_kernel", add_framework_kernel, &p);
  casc_sim_program *prog = m ? casc_sim_compile(ctx, m, "vadd_kernel") : NULL;
  if (prog && x && y && z) {
    for (size_t i = 0; i < n; i++) {
      x[i] = casc_f32_to_f16((float)(i % 1000) * 0.25f);
      y[i] = casc_f32_to_f16((float)(i % 77));
    }
    casc_arg args[4] = {casc_arg_gm(x, CASC_DT_F16, n),
                        casc_arg_gm(y, CASC_DT_F16, n),
                        casc_arg_gm(z, CASC_DT_F16, n),
                        casc_arg_int(CASC_DT_I32, r->block_length)};
    casc_launch_opts o = {.threads = threads};
    casc_launch_result res;
    ok =
        casc_sim_run_timed(prog, r->blocks, args, 4, &o,
                           trace_dir ? &trace : NULL, &res) == CASC_LAUNCH_OK &&
        res.timing.valid;
    if (ok) {
      r->t = res.timing.blocks[0];
      r->launch = res.timing.cycles;
    }
  }
  if (ok && trace_dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/af_%ux%d_bn%d_t%d.json", trace_dir,
             r->blocks, r->block_length, r->buffer_num, r->tile_length);
    if (trace.oom || !write_file(path, &trace)) {
      fprintf(stderr, "timing: cannot write trace '%s'\n", path);
      ok = false;
    }
  }
  casc_buf_free(&trace);
  casc_sim_program_free(prog);
  casc_ctx_free(ctx);
  free(x);
  free(y);
  free(z);
  return ok;
}

static void print_row(const run_result *r) {
  int tiles = TILE_NUM * r->buffer_num;
  printf("  BUFFER_NUM %d: %2d tiles of %5d, %8llu cycles per block "
         "(%7.1f per tile), launch %8llu;  busy",
         r->buffer_num, tiles, r->tile_length, (unsigned long long)r->t.cycles,
         (double)r->t.cycles / tiles, (unsigned long long)r->launch);
  const int pipes[] = {CASC_SIM_PIPE_MTE2, CASC_SIM_PIPE_V, CASC_SIM_PIPE_MTE3};
  for (unsigned i = 0; i < 3; i++)
    printf(" %s %5.1f%%", casc_sim_pipe_name((casc_sim_pipe)pipes[i]),
           r->t.cycles
               ? 100.0 * (double)r->t.busy[pipes[i]] / (double)r->t.cycles
               : 0.0);
  printf("\n");
}

int main(int argc, char **argv) {
  unsigned threads = 0;
  const char *trace_dir = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
      threads = (unsigned)strtoul(argv[++i], NULL, 10);
    } else if (strcmp(argv[i], "--trace") == 0 && i + 1 < argc) {
      trace_dir = argv[++i];
    } else {
      fprintf(stderr, "usage: timing [--threads N] [--trace DIR]\n");
      return 2;
    }
  }
  const struct {
    int block_length; /* halves per block with BUFFER_NUM 1 */
    unsigned blocks;
  } sizes[] = {{2048, 8}, {32768, 48}};
  printf("timing: add_framework (examples/add_framework.c), half, on the "
         "built-in Ascend910B1 figures\n");
  for (unsigned s = 0; s < 2; s++) {
    int bl = sizes[s].block_length, tile = bl / TILE_NUM;
    unsigned nb = sizes[s].blocks;
    run_result one = {1, tile, 0, nb, {0}, 0};
    run_result tut = {2, tile / 2, 0, nb, {0}, 0};
    run_result same = {2, tile, 0, nb, {0}, 0};
    if (!run(&one, threads, trace_dir) || !run(&tut, threads, trace_dir) ||
        !run(&same, threads, trace_dir)) {
      fprintf(stderr, "timing: the add_framework run failed\n");
      return 1;
    }
    printf("%u blocks x %d halves, as in the tutorial (BUFFER_NUM 2 halves "
           "the tile):\n",
           nb, bl);
    print_row(&one);
    print_row(&tut);
    printf("  cycles BUFFER_NUM 1 / BUFFER_NUM 2 = %.3f\n",
           tut.t.cycles ? (double)one.t.cycles / (double)tut.t.cycles : 0.0);
    printf("%u blocks, same tile size (BUFFER_NUM 2: blocks of %d halves, "
           "compared per tile):\n",
           nb, same.block_length);
    print_row(&one);
    print_row(&same);
    printf("  cycles per tile BUFFER_NUM 1 / BUFFER_NUM 2 = %.3f\n",
           same.t.cycles ? (double)one.t.cycles * 2.0 / (double)same.t.cycles
                         : 0.0);
  }
  return 0;
}
