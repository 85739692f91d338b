/* DataCopyPad end to end: the C calls build data_copy_pad_l0 (GM -> UB with
 * padding) and data_copy_pad_l2 (UB -> GM), and the simulator moves
 * unaligned blocks with byte strides on the GM side, 32-byte blocks on the
 * UB side, left/right padding with the padding value and the first-element
 * fill of the rest of each block. The expected layout is computed here
 * from the definition; the blocks are copied back whole to see it. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { BLOCKS = 3, ELEMS = 5, GAP = 2, PER_BLOCK = 8 };

typedef struct {
  bool is_pad;
  int left, right;
  bool bad_len; /* blockLen not a whole number of floats */
} kparams;

static void kernel(asc_kernel *k, void *user) {
  const kparams *p = user;
  asc_gm_addr xa = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_gm_addr za = asc_arg_gm(k, "z", ASC_FLOAT);
  asc_global_tensor xg = asc_globaltensor(), zg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, xa, 64);
  asc_globaltensor_set_global_buffer(zg, za, 64);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  /* GM: blocks of 5 floats with a 2-float gap (bytes); UB: 32-byte blocks
   * next to each other. */
  float minus_one = -1.0f;
  uint32_t bits;
  memcpy(&bits, &minus_one, 4);
  asc_data_copy_pad(
      t, xg, asc_datacopyparams(BLOCKS, p->bad_len ? 6 : ELEMS * 4, GAP * 4, 0),
      asc_datacopypadparams(p->is_pad, p->left, p->right, (int64_t)bits));
  asc_tquebind_enque(q, t);
  t = asc_tquebind_deque(q, ASC_FLOAT);
  /* Back out whole: 32 bytes of each UB block to consecutive GM. */
  asc_data_copy_pad(zg, t, asc_datacopyparams(BLOCKS, 32, 0, 0));
  asc_tquebind_free_tensor(q, t);
}

/* Builds and runs the kernel in ctx, whose diagnostics (arena-owned: read
 * them before freeing ctx) go to diags. */
static int run(casc_ctx *ctx, const kparams *p, float *z,
               casc_diag_list *diags) {
  float x[64];
  for (int i = 0; i < 64; i++)
    x[i] = (float)(i + 1);
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, diags);
  casc_op *m = casc_jit_build(ctx, "k", kernel, (void *)p);
  int rc = -1;
  if (m) {
    casc_arg args[2] = {casc_arg_gm(x, CASC_DT_F32, 64),
                        casc_arg_gm(z, CASC_DT_F32, 64)};
    rc = (int)casc_launch(ctx, m, "k", 1, args, 2, NULL, NULL);
  }
  return rc;
}

static void check_layout(bool is_pad, int left, int right) {
  kparams p = {is_pad, left, right, false};
  float z[64] = {0};
  casc_diag_list diags = {0};
  casc_ctx *ctx = casc_ctx_new();
  CHECK_EQ_INT(run(ctx, &p, z, &diags), CASC_LAUNCH_OK);
  CHECK_EQ_INT((int)diags.n, 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
  if (!is_pad)
    left = right = 0;
  int bad = 0;
  for (int k = 0; k < BLOCKS; k++) {
    const float *blk = z + k * PER_BLOCK;
    float first = left ? -1.0f : (float)(k * (ELEMS + GAP) + 1);
    for (int e = 0; e < PER_BLOCK; e++) {
      float want;
      if (e < left || (e >= left + ELEMS && e < left + ELEMS + right))
        want = -1.0f; /* padding value */
      else if (e < left + ELEMS)
        want = (float)(k * (ELEMS + GAP) + (e - left) + 1); /* data */
      else
        want = first; /* the rest: the block's first element */
      if (blk[e] != want) {
        if (!bad++)
          fprintf(stderr, "pad=%d l=%d r=%d block %d elem %d: %g, want %g\n",
                  is_pad, left, right, k, e, blk[e], want);
      }
    }
  }
  CHECK_EQ_INT(bad, 0);
}

static void test_layouts(void) {
  check_layout(false, 0, 0);
  check_layout(true, 1, 2);
  check_layout(true, 0, 3);
  check_layout(true, 2, 0);
}

static void test_bad_block_len(void) {
  kparams p = {false, 0, 0, true};
  float z[64] = {0};
  casc_diag_list diags = {0};
  casc_ctx *ctx = casc_ctx_new();
  CHECK(run(ctx, &p, z, &diags) != CASC_LAUNCH_OK);
  if (CHECK(diags.n >= 1))
    CHECK_CONTAINS(diags.items[0]->msg,
                   "blockLen is 6 bytes, not a whole number of f32 elements");
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void gm_to_ub_without_pad(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr xa = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_global_tensor xg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, xa, 64);
  asc_tbuf buf = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe pipe = asc_tpipe();
  asc_tpipe_init_buffer(pipe, buf, 1024);
  asc_local_tensor t = asc_tbuf_get(buf, ASC_FLOAT, 64);
  asc_data_copy_pad(t, xg, asc_datacopyparams(1, 4, 0, 0));
}

static void test_misuse(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", gm_to_ub_without_pad, NULL) == NULL);
  REQUIRE(diags.n == 1);
  CHECK_CONTAINS(diags.items[0]->msg,
                 "asc_data_copy_pad: DataCopyPad from GM to UB needs padding "
                 "parameters");
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_layouts);
  RUN_TEST(test_bad_block_len);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
