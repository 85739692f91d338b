/* casc/asc_vec_math.h end to end: a C kernel that runs FusedMulAdd at
 * level 2, MulAddDst at level 0 in counter mode (asc_set_mask_count,
 * asc_set_vector_mask(n, dtype, COUNTER), is_set_mask false, then
 * asc_set_mask_norm and asc_reset_mask), and FusedMulAddRelu at level 1
 * builds the ops pyasc builds and matches a plain C model element by
 * element; a MaskMode outside the enum is a located front-end error. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { N = 256, COUNT = 100, L1_REPS = 2 };
static const uint64_t BITS[2] = {0x0f0f00ff3333aaaaull, 0};

static void kernel(asc_kernel *k, void *user) {
  (void)user;
  const char *names[3] = {"x", "y", "z"};
  asc_tpipe pipe = asc_tpipe();
  asc_global_tensor g[3];
  asc_local_tensor l[3];
  asc_tquebind q[3];
  for (int i = 0; i < 3; i++) {
    g[i] = asc_globaltensor();
    asc_globaltensor_set_global_buffer(g[i], asc_arg_gm(k, names[i], ASC_FLOAT),
                                       N);
    q[i] = asc_tque(ASC_TPOSITION_VECIN, 1);
    asc_tpipe_init_buffer(pipe, q[i], 1, N * 4);
    l[i] = asc_tquebind_alloc_tensor(q[i], ASC_FLOAT);
    asc_data_copy(l[i], g[i], N);
    asc_tquebind_enque(q[i], l[i]);
    l[i] = asc_tquebind_deque(q[i], ASC_FLOAT);
  }
  asc_local_tensor x = l[0], y = l[1], z = l[2];
  asc_binary_repeat_params bp = asc_binaryrepeatparams(1, 1, 1, 8, 8, 8);
  asc_fused_mul_add(z, x, y, N);
  asc_set_mask_count();
  asc_set_vector_mask(COUNT, ASC_FLOAT, ASC_MASKMODE_COUNTER);
  asc_mul_add_dst(z, x, y, 0, 1, bp, false); /* mask: MASK_PLACEHOLDER */
  asc_set_mask_norm();
  asc_reset_mask();
  asc_fused_mul_add_relu(z, x, y, BITS, L1_REPS, bp);
  asc_set_flag(ASC_HARDEVENT_V_MTE3);
  asc_wait_flag(ASC_HARDEVENT_V_MTE3);
  asc_data_copy(g[2], z, N);
  for (int i = 0; i < 3; i++)
    asc_tquebind_free_tensor(q[i], l[i]);
}

static void count_diag(const casc_diag *d, void *user) {
  casc_diag_print(d, stderr);
  ++*(int *)user;
}

static const char *const WANT_OPS[] = {
    "ascendc.fused_mul_add_l2",     "ascendc.set_mask_count",
    "ascendc.set_vector_mask_l0",   "ascendc.mul_add_dst_l0",
    "ascendc.set_mask_norm",        "ascendc.reset_mask",
    "ascendc.fused_mul_add_relu_l1"};

static void test_kernel(void) {
  casc_ctx *ctx = casc_ctx_new();
  int ndiag = 0;
  casc_ctx_set_diag_handler(ctx, count_diag, &ndiag);
  casc_op *m = casc_jit_build(ctx, "k", kernel, NULL);
  REQUIRE(m != NULL);
  /* the ops, in order, and isSetMask only where the call sets the mask */
  casc_op *fn = casc_module_body(m)->first;
  unsigned w = 0;
  for (casc_op *op = fn->regions[0].first->first; op; op = op->next)
    if (w < 7 && strcmp(op->name, WANT_OPS[w]) == 0) {
      if (w == 3)
        CHECK(casc_op_attr(op, "isSetMask") == NULL);
      if (w == 6)
        CHECK(casc_op_attr(op, "isSetMask") != NULL);
      w++;
    }
  CHECK_EQ_INT(w, 7);

  float x[N], y[N], z[N], want[N];
  for (int i = 0; i < N; i++) {
    x[i] = (float)((i % 13) - 6) * 0.25f;
    y[i] = (float)((i % 7) - 3) * 0.5f;
    z[i] = (float)((i % 5) - 2);
  }
  for (int i = 0; i < N; i++)
    want[i] = fmaf(x[i], z[i], y[i]); /* FusedMulAdd, all N */
  for (int i = 0; i < COUNT; i++)
    want[i] = fmaf(x[i], y[i], want[i]); /* MulAddDst, the count */
  for (int r = 0; r < L1_REPS; r++)
    for (int e = 0; e < 64; e++)
      if (BITS[0] >> e & 1) {
        int i = r * 64 + e;
        float v = fmaf(x[i], want[i], y[i]);
        want[i] = v > 0 ? v : 0;
      }
  casc_arg args[3] = {casc_arg_gm(x, CASC_DT_F32, N),
                      casc_arg_gm(y, CASC_DT_F32, N),
                      casc_arg_gm(z, CASC_DT_F32, N)};
  casc_launch_status st = casc_launch(ctx, m, "k", 1, args, 3, NULL, NULL);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(ndiag, 0);
  int bad = 0;
  for (int i = 0; i < N; i++)
    if (memcmp(&z[i], &want[i], 4) != 0 && bad++ < 4)
      fprintf(stderr, "z[%d] = %g, want %g\n", i, z[i], want[i]);
  CHECK_EQ_INT(bad, 0);
  casc_ctx_free(ctx);
}

static void bad_mode_kernel(asc_kernel *k, void *user) {
  (void)k, (void)user;
  asc_set_vector_mask(10, ASC_FLOAT, (asc_maskmode)7);
}

static char last_msg[256];
static void keep_msg(const casc_diag *d, void *user) {
  (void)user;
  snprintf(last_msg, sizeof last_msg, "%s", d->msg);
}

static void test_bad_mode(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(ctx, keep_msg, NULL);
  CHECK(casc_jit_build(ctx, "k", bad_mode_kernel, NULL) == NULL);
  CHECK(strstr(last_msg, "asc_set_vector_mask: 7 is not a valid MaskMode") !=
        NULL);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_kernel);
  RUN_TEST(test_bad_mode);
  return CHECK_SUMMARY();
}
