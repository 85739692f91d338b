/* casc/asc_vec_math.h end to end: a C kernel that runs FusedMulAdd at
 * level 2, MulAddDst at level 0 in counter mode (asc_set_mask_count,
 * asc_set_vector_mask(n, dtype, COUNTER), is_set_mask false, then
 * asc_set_mask_norm and asc_reset_mask), and FusedMulAddRelu at level 1
 * builds the ops pyasc builds and matches a plain C model element by
 * element; so does a half -> int8 kernel of AddReluCast (level 2) and
 * SubReluCast (level 0). A MaskMode outside the enum, sources of two
 * dtypes and MulCast without its mask are located front-end errors. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { N = 256, COUNT = 100, L1_REPS = 2 };
static const uint64_t BITS[2] = {0x0f0f00ff3333aaaaull, 0};

/* x, y and z of dtypes dts, n elements each, copied GM -> UB through a
 * VECIN queue of `bytes` and dequeued: the set-up the kernels below share. */
typedef struct {
  asc_global_tensor g[3];
  asc_local_tensor l[3];
  asc_tquebind q[3];
} xyz;

static xyz load_xyz(asc_kernel *k, const asc_dtype dts[3], int n, int bytes) {
  static const char *const names[3] = {"x", "y", "z"};
  asc_tpipe pipe = asc_tpipe();
  xyz t;
  for (int i = 0; i < 3; i++) {
    t.g[i] = asc_globaltensor();
    asc_globaltensor_set_global_buffer(t.g[i], asc_arg_gm(k, names[i], dts[i]),
                                       n);
    t.q[i] = asc_tque(ASC_TPOSITION_VECIN, 1);
    asc_tpipe_init_buffer(pipe, t.q[i], 1, bytes);
    t.l[i] = asc_tquebind_alloc_tensor(t.q[i], dts[i]);
    asc_data_copy(t.l[i], t.g[i], n);
    asc_tquebind_enque(t.q[i], t.l[i]);
    t.l[i] = asc_tquebind_deque(t.q[i], dts[i]);
  }
  return t;
}

static void kernel(asc_kernel *k, void *user) {
  (void)user;
  const asc_dtype dts[3] = {ASC_FLOAT, ASC_FLOAT, ASC_FLOAT};
  xyz t = load_xyz(k, dts, N, N * 4);
  asc_global_tensor *g = t.g;
  asc_local_tensor *l = t.l;
  asc_tquebind *q = t.q;
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
  for (casc_op *op = casc_op_regions(fn)[0].first->first; op; op = op->next)
    if (w < 7 && strcmp(casc_op_name(op), WANT_OPS[w]) == 0) {
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

/* x, y half, z int8: z = cast(relu(x + y)) over CAST_N elements, then
 * cast(relu(x - y)) over the first 64 (one repeat, a count mask). */
enum { CAST_N = 200 };
static void cast_kernel(asc_kernel *k, void *user) {
  (void)user;
  const asc_dtype dts[3] = {ASC_HALF, ASC_HALF, ASC_INT8};
  xyz t = load_xyz(k, dts, N, N * 2);
  asc_global_tensor *g = t.g;
  asc_local_tensor *l = t.l;
  asc_tquebind *q = t.q;
  asc_add_relu_cast(l[2], l[0], l[1], CAST_N);
  /* a repeat of 128 halves writes 128 int8: dst repeats 4 blocks apart */
  asc_binary_repeat_params bp = asc_binaryrepeatparams(1, 1, 1, 4, 8, 8);
  asc_sub_relu_cast(l[2], l[0], l[1], 64, 1, bp);
  asc_set_flag(ASC_HARDEVENT_V_MTE3);
  asc_wait_flag(ASC_HARDEVENT_V_MTE3);
  asc_data_copy(g[2], l[2], N);
  for (int i = 0; i < 3; i++)
    asc_tquebind_free_tensor(q[i], l[i]);
}

/* AddDeqRelu from C: int32 x, y -> half z = relu((x + y) * 0.5) over 64
 * elements, after asc_set_deq_scale(0.5). */
static void deq_kernel(asc_kernel *k, void *user) {
  (void)user;
  const asc_dtype dts[3] = {ASC_INT32, ASC_INT32, ASC_HALF};
  xyz t = load_xyz(k, dts, 64, 256);
  asc_global_tensor *g = t.g;
  asc_local_tensor *l = t.l;
  asc_tquebind *q = t.q;
  asc_set_deq_scale(0.5);
  asc_add_deq_relu(l[2], l[0], l[1], 64);
  asc_set_flag(ASC_HARDEVENT_V_MTE3);
  asc_wait_flag(ASC_HARDEVENT_V_MTE3);
  asc_data_copy(g[2], l[2], 64);
  for (int i = 0; i < 3; i++)
    asc_tquebind_free_tensor(q[i], l[i]);
}

static uint16_t to_half(double v);

static void test_deq_kernel(void) {
  casc_ctx *ctx = casc_ctx_new();
  int ndiag = 0;
  casc_ctx_set_diag_handler(ctx, count_diag, &ndiag);
  casc_op *m = casc_jit_build(ctx, "k", deq_kernel, NULL);
  REQUIRE(m != NULL);
  int32_t x[64], y[64];
  uint16_t z[64], want[64];
  for (int i = 0; i < 64; i++) {
    x[i] = (i - 32) * 37;
    y[i] = i * 5 - 100; /* sums * 0.5 are halves or integers: exact */
    z[i] = 0;
    double v = ((double)x[i] + y[i]) * 0.5;
    want[i] = to_half(v > 0 ? v : 0);
  }
  casc_arg args[3] = {casc_arg_gm(x, CASC_DT_I32, 64),
                      casc_arg_gm(y, CASC_DT_I32, 64),
                      casc_arg_gm(z, CASC_DT_F16, 64)};
  CHECK_EQ_INT(casc_launch(ctx, m, "k", 1, args, 3, NULL, NULL),
               CASC_LAUNCH_OK);
  CHECK_EQ_INT(ndiag, 0);
  CHECK(memcmp(z, want, sizeof z) == 0);
  casc_ctx_free(ctx);
}

static uint16_t to_half(double v) { /* v is exactly a half value */
  uint16_t s = v < 0 ? 0x8000 : 0;
  double a = fabs(v);
  if (a == 0)
    return s;
  int e = 0;
  double m = frexp(a, &e);
  return s | (uint16_t)((e - 1 + 15) << 10) | (uint16_t)((m * 2 - 1) * 1024);
}

static void test_cast_kernel(void) {
  casc_ctx *ctx = casc_ctx_new();
  int ndiag = 0;
  casc_ctx_set_diag_handler(ctx, count_diag, &ndiag);
  casc_op *m = casc_jit_build(ctx, "k", cast_kernel, NULL);
  REQUIRE(m != NULL);
  uint16_t x[N], y[N];
  int8_t z[N], want[N];
  double xv[N], yv[N];
  for (int i = 0; i < N; i++) {
    xv[i] = ((i % 37) - 18) * 4.25; /* sums up to +-153: saturation */
    yv[i] = ((i % 11) - 5) * 1.25;
    x[i] = to_half(xv[i]);
    y[i] = to_half(yv[i]);
    z[i] = want[i] = (int8_t)(i % 9);
  }
  for (int i = 0; i < CAST_N; i++) {
    double v = nearbyint(fmax(xv[i] + yv[i], 0)); /* sums exact in half */
    want[i] = (int8_t)fmin(v, 127);
  }
  for (int i = 0; i < 64; i++) {
    double v = nearbyint(fmax(xv[i] - yv[i], 0));
    want[i] = (int8_t)fmin(v, 127);
  }
  casc_arg args[3] = {casc_arg_gm(x, CASC_DT_F16, N),
                      casc_arg_gm(y, CASC_DT_F16, N),
                      casc_arg_gm(z, CASC_DT_I8, N)};
  CHECK_EQ_INT(casc_launch(ctx, m, "k", 1, args, 3, NULL, NULL),
               CASC_LAUNCH_OK);
  CHECK_EQ_INT(ndiag, 0);
  int bad = 0;
  for (int i = 0; i < N; i++)
    if (z[i] != want[i] && bad++ < 4)
      fprintf(stderr, "z[%d] = %d, want %d\n", i, z[i], want[i]);
  CHECK_EQ_INT(bad, 0);
  casc_ctx_free(ctx);
}

static char last_msg[256];
static void keep_msg(const casc_diag *d, void *user) {
  (void)user;
  snprintf(last_msg, sizeof last_msg, "%s", d->msg);
}

/* The math library from C: sin over the first 100 elements, floor with a
 * tmp buffer over the first 50 (Ascend C's argument order), Axpy over 30,
 * ClampMin in place over all, the adv Exp over 10. */
static void math_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_global_tensor g[2];
  asc_local_tensor l[2];
  asc_tquebind q[2];
  const char *names[2] = {"x", "z"};
  for (int i = 0; i < 2; i++) {
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
  asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, tb, 1024);
  asc_local_tensor tmp = asc_tbuf_get(tb, ASC_UINT8, 1024);
  asc_adv_sin(l[1], l[0], 100);
  asc_adv_floor(l[1], l[0], tmp, 50);
  asc_adv_axpy(l[1], l[0], 0.5f, 30);
  asc_adv_clamp_min(l[1], l[1], -3.0f, N);
  asc_adv_exp(l[1], l[0], 10, 0);
  asc_set_flag(ASC_HARDEVENT_V_MTE3);
  asc_wait_flag(ASC_HARDEVENT_V_MTE3);
  asc_data_copy(g[1], l[1], N);
  for (int i = 0; i < 2; i++)
    asc_tquebind_free_tensor(q[i], l[i]);
}

static void test_math_kernel(void) {
  casc_ctx *ctx = casc_ctx_new();
  int ndiag = 0;
  casc_ctx_set_diag_handler(ctx, count_diag, &ndiag);
  casc_op *m = casc_jit_build(ctx, "k", math_kernel, NULL);
  REQUIRE(m != NULL);
  float x[N], z[N], want[N];
  for (int i = 0; i < N; i++) {
    x[i] = (float)(i - 128) * 0.37f;
    z[i] = want[i] = -5.0f;
  }
  for (int i = 0; i < 100; i++)
    want[i] = (float)sin(x[i]);
  for (int i = 0; i < 50; i++)
    want[i] = floorf(x[i]);
  for (int i = 0; i < 30; i++) /* one rounding of the exact a * x + d */
    want[i] = (float)(0.5 * (double)x[i] + (double)want[i]);
  for (int i = 0; i < N; i++)
    want[i] = want[i] < -3.0f ? -3.0f : want[i];
  for (int i = 0; i < 10; i++)
    want[i] = (float)exp(x[i]);
  casc_arg args[2] = {casc_arg_gm(x, CASC_DT_F32, N),
                      casc_arg_gm(z, CASC_DT_F32, N)};
  CHECK_EQ_INT(casc_launch(ctx, m, "k", 1, args, 2, NULL, NULL),
               CASC_LAUNCH_OK);
  CHECK_EQ_INT(ndiag, 0);
  int bad = 0;
  for (int i = 0; i < N; i++) /* sin, exp within 1 ulp, the rest exact */
    if (fabsf(z[i] - want[i]) >
            ((i >= 50 && i < 100) || i < 10
                 ? nextafterf(fabsf(want[i]), INFINITY) - fabsf(want[i])
                 : 0.0f) &&
        bad++ < 4)
      fprintf(stderr, "z[%d] = %g, want %g\n", i, z[i], want[i]);
  CHECK_EQ_INT(bad, 0);
  casc_ctx_free(ctx);
}

/* which: 0 a bad MaskMode, 1 sources of two dtypes, 2 MulCast told not
 * to set its mask, 3 a math op given two counts */
static void bad_kernel(asc_kernel *k, void *user) {
  (void)k;
  int which = *(const int *)user;
  if (which == 0) {
    asc_set_vector_mask(10, ASC_FLOAT, (asc_maskmode)7);
    return;
  }
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf buf = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, buf, 4096);
  asc_local_tensor h = asc_tbuf_get(buf, ASC_HALF, 256);
  asc_local_tensor f = asc_tbuf_get(buf, ASC_FLOAT, 256);
  asc_local_tensor b = asc_tbuf_get(buf, ASC_INT8, 256);
  if (which == 1) {
    asc_add_relu_cast(b, h, f, 64);
    return;
  }
  if (which == 3) {
    asc_adv_sin(f, f, 10, 20);
    return;
  }
  asc_binary_repeat_params bp = asc_binaryrepeatparams(1, 1, 1, 4, 8, 8);
  asc_mul_cast(b, h, h, 64, 1, bp, false);
}

static void test_front_end_errors(void) {
  static const char *const want[] = {
      "asc_set_vector_mask: 7 is not a valid MaskMode",
      "asc_add_relu_cast: src1 has dtype float but src0 has dtype "
      "half; AddReluCast converts from one source dtype",
      "asc_mul_cast: MulCast always sets its mask (it has no isSetMask)",
      "asc_adv_sin: two counts; the arguments after the sources are a count "
      "and "
      "a tmp buffer"};
  for (int which = 0; which < 4; which++) {
    casc_ctx *ctx = casc_ctx_new();
    last_msg[0] = 0;
    casc_ctx_set_diag_handler(ctx, keep_msg, NULL);
    CHECK(casc_jit_build(ctx, "k", bad_kernel, &which) == NULL);
    if (!strstr(last_msg, want[which]))
      fprintf(stderr, "got '%s', want '%s'\n", last_msg, want[which]);
    CHECK(strstr(last_msg, want[which]) != NULL);
    casc_ctx_free(ctx);
  }
}

int main(void) {
  RUN_TEST(test_kernel);
  RUN_TEST(test_cast_kernel);
  RUN_TEST(test_math_kernel);
  RUN_TEST(test_deq_kernel);
  RUN_TEST(test_front_end_errors);
  return CHECK_SUMMARY();
}
