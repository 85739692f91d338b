/* Every level-2 vector macro of asc.h, end to end: the C call builds its
 * op (asc.h names ops by IR name, so a misspelt name would show here and
 * nowhere else), the simulator runs it through the op table's family
 * handler and element kernel, and the result matches a plain C reference
 * for each element type fed. A dtype outside the op's row is rejected by
 * the front end with the same sentence the simulator uses. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { N = 64 };
enum { T_F = 1, T_I16 = 2, T_I32 = 4 };
typedef enum { SH_BIN, SH_SCA, SH_UN } shape;

typedef struct {
  const char *macro;
  const char *ir; /* the op the macro must build */
  shape sh;
  unsigned dtypes; /* T_* fed to it */
} vcase;

static const vcase cases[] = {
    {"asc_add", "ascendc.add_l2", SH_BIN, T_F | T_I16 | T_I32},
    {"asc_sub", "ascendc.sub_l2", SH_BIN, T_F | T_I16 | T_I32},
    {"asc_mul", "ascendc.mul_l2", SH_BIN, T_F | T_I32},
    {"asc_div", "ascendc.div_l2", SH_BIN, T_F},
    {"asc_max", "ascendc.max_l2", SH_BIN, T_F | T_I32},
    {"asc_min", "ascendc.min_l2", SH_BIN, T_F | T_I16},
    {"asc_bitwise_and", "ascendc.and_l2", SH_BIN, T_I16},
    {"asc_bitwise_or", "ascendc.or_l2", SH_BIN, T_I16},
    {"asc_add_relu", "ascendc.add_relu_l2", SH_BIN, T_F | T_I16},
    {"asc_sub_relu", "ascendc.sub_relu_l2", SH_BIN, T_F},
    {"asc_adds", "ascendc.adds_l2", SH_SCA, T_F | T_I32},
    {"asc_muls", "ascendc.muls_l2", SH_SCA, T_F | T_I16},
    {"asc_maxs", "ascendc.maxs_l2", SH_SCA, T_F},
    {"asc_mins", "ascendc.mins_l2", SH_SCA, T_I32},
    {"asc_leaky_relu", "ascendc.leaky_relu_l2", SH_SCA, T_F},
    {"asc_shift_left", "ascendc.shift_left_l2", SH_SCA, T_I16 | T_I32},
    {"asc_shift_right", "ascendc.shift_right_l2", SH_SCA, T_I16 | T_I32},
    {"asc_exp", "ascendc.exp_l2", SH_UN, T_F},
    {"asc_ln", "ascendc.ln_l2", SH_UN, T_F},
    {"asc_abs", "ascendc.abs_l2", SH_UN, T_F},
    {"asc_reciprocal", "ascendc.reciprocal_l2", SH_UN, T_F},
    {"asc_sqrt", "ascendc.sqrt_l2", SH_UN, T_F},
    {"asc_rsqrt", "ascendc.rsqrt_l2", SH_UN, T_F},
    {"asc_relu", "ascendc.relu_l2", SH_UN, T_F | T_I32},
    {"asc_bitwise_not", "ascendc.not_l2", SH_UN, T_I16},
    {"asc_neg", "ascendc.neg_l2", SH_UN, T_F | T_I16},
    {"asc_fused_abs_sub", "ascendc.fused_abs_sub_l2", SH_BIN, T_F},
};
#define NCASES (int)(sizeof cases / sizeof cases[0])

typedef struct {
  int which;
  asc_dtype dt;
} kparams;

/* The scalar of the vector-scalar cases: 0.25 for float tensors, 3 for
 * integer ones (a shift by 3 is a multiply or floor-divide by 8). */
static void call(int which, bool isf, asc_local_tensor z, asc_local_tensor x,
                 asc_local_tensor y) {
  switch (which) {
  case 0:
    asc_add(z, x, y, N);
    break;
  case 1:
    asc_sub(z, x, y, N);
    break;
  case 2:
    asc_mul(z, x, y, N);
    break;
  case 3:
    asc_div(z, x, y, N);
    break;
  case 4:
    asc_max(z, x, y, N);
    break;
  case 5:
    asc_min(z, x, y, N);
    break;
  case 6:
    asc_bitwise_and(z, x, y, N);
    break;
  case 7:
    asc_bitwise_or(z, x, y, N);
    break;
  case 8:
    asc_add_relu(z, x, y, N);
    break;
  case 9:
    asc_sub_relu(z, x, y, N);
    break;
  case 10:
    if (isf)
      asc_adds(z, x, 0.25, N);
    else
      asc_adds(z, x, 3, N);
    break;
  case 11:
    if (isf)
      asc_muls(z, x, 0.25, N);
    else
      asc_muls(z, x, 3, N);
    break;
  case 12:
    if (isf)
      asc_maxs(z, x, 0.25, N);
    else
      asc_maxs(z, x, 3, N);
    break;
  case 13:
    if (isf)
      asc_mins(z, x, 0.25, N);
    else
      asc_mins(z, x, 3, N);
    break;
  case 14:
    if (isf)
      asc_leaky_relu(z, x, 0.25, N);
    else
      asc_leaky_relu(z, x, 3, N);
    break;
  case 15:
    if (isf)
      asc_shift_left(z, x, 0.25, N);
    else
      asc_shift_left(z, x, 3, N);
    break;
  case 16:
    if (isf)
      asc_shift_right(z, x, 0.25, N);
    else
      asc_shift_right(z, x, 3, N);
    break;
  case 17:
    asc_exp(z, x, N);
    break;
  case 18:
    asc_ln(z, x, N);
    break;
  case 19:
    asc_abs(z, x, N);
    break;
  case 20:
    asc_reciprocal(z, x, N);
    break;
  case 21:
    asc_sqrt(z, x, N);
    break;
  case 22:
    asc_rsqrt(z, x, N);
    break;
  case 23:
    asc_relu(z, x, N);
    break;
  case 24:
    asc_bitwise_not(z, x, N);
    break;
  case 25:
    asc_neg(z, x, N);
    break;
  case 26:
    asc_fused_abs_sub(z, x, y, N);
    break;
  default:
    break;
  }
}

static double ref(int which, double a, double b) {
  switch (which) {
  case 0:
    return a + b;
  case 1:
    return a - b;
  case 2:
    return a * b;
  case 3:
    return a / b;
  case 4:
    return a > b ? a : b;
  case 5:
    return a < b ? a : b;
  case 6:
    return (double)((int64_t)a & (int64_t)b);
  case 7:
    return (double)((int64_t)a | (int64_t)b);
  case 8:
    return a + b > 0 ? a + b : 0;
  case 9:
    return a - b > 0 ? a - b : 0;
  case 10:
    return a + b;
  case 11:
    return a * b;
  case 12:
    return a > b ? a : b;
  case 13:
    return a < b ? a : b;
  case 14:
    return a >= 0 ? a : a * b;
  case 15:
    return (double)((int64_t)a * 8);
  case 16:
    return floor(a / 8);
  case 17:
    return exp(a);
  case 18:
    return log(a);
  case 19:
    return fabs(a);
  case 20:
    return 1 / a;
  case 21:
    return sqrt(a);
  case 22:
    return 1 / sqrt(a);
  case 23:
    return a > 0 ? a : 0;
  case 24:
    return (double)~(int64_t)a;
  case 25:
    return -a;
  case 26:
    return fabs(a - b);
  default:
    return 0;
  }
}

/* x, y in through VECIN queues, z = op(x[, y]) through a VECOUT queue. */
static void kernel(asc_kernel *k, void *user) {
  const kparams *p = user;
  asc_gm_addr xa = asc_arg_gm(k, "x", p->dt);
  asc_gm_addr ya = asc_arg_gm(k, "y", p->dt);
  asc_gm_addr za = asc_arg_gm(k, "z", p->dt);
  asc_global_tensor xg = asc_globaltensor(), yg = asc_globaltensor(),
                    zg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, xa, N);
  asc_globaltensor_set_global_buffer(yg, ya, N);
  asc_globaltensor_set_global_buffer(zg, za, N);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qx = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tquebind qy = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tquebind qz = asc_tque(ASC_TPOSITION_VECOUT, 1);
  int bytes = N * (int)asc_dtype_sizeof(p->dt);
  asc_tpipe_init_buffer(pipe, qx, 1, bytes);
  asc_tpipe_init_buffer(pipe, qy, 1, bytes);
  asc_tpipe_init_buffer(pipe, qz, 1, bytes);
  asc_local_tensor x = asc_tquebind_alloc_tensor(qx, p->dt);
  asc_data_copy(x, xg, N);
  asc_tquebind_enque(qx, x);
  asc_local_tensor y = asc_tquebind_alloc_tensor(qy, p->dt);
  asc_data_copy(y, yg, N);
  asc_tquebind_enque(qy, y);
  x = asc_tquebind_deque(qx, p->dt);
  y = asc_tquebind_deque(qy, p->dt);
  asc_local_tensor z = asc_tquebind_alloc_tensor(qz, p->dt);
  call(p->which, p->dt == ASC_FLOAT, z, x, y);
  asc_tquebind_enque(qz, z);
  asc_tquebind_free_tensor(qx, x);
  asc_tquebind_free_tensor(qy, y);
  z = asc_tquebind_deque(qz, p->dt);
  asc_data_copy(zg, z, N);
  asc_tquebind_free_tensor(qz, z);
}

static void collect(const casc_diag *d, void *user) {
  int *n = user;
  casc_diag_print(d, stderr);
  ++*n;
}

static bool builds_op(casc_op *module, const char *ir) {
  casc_op *fn = casc_module_body(module)->first;
  for (casc_op *op = casc_op_regions(fn)[0].first->first; op; op = op->next)
    if (strcmp(casc_op_name(op), ir) == 0)
      return true;
  return false;
}

static void run_case(int which, asc_dtype dt) {
  const vcase *vc = &cases[which];
  casc_dtype cdt = dt == ASC_FLOAT   ? CASC_DT_F32
                   : dt == ASC_INT16 ? CASC_DT_I16
                                     : CASC_DT_I32;
  casc_ctx *ctx = casc_ctx_new();
  int ndiag = 0;
  casc_ctx_set_diag_handler(ctx, collect, &ndiag);
  kparams p = {which, dt};
  casc_op *m = casc_jit_build(ctx, "k", kernel, &p);
  if (!m) {
    fprintf(stderr, "%s (%s): build failed\n", vc->macro, casc_dtype_name(cdt));
    CHECK(m != NULL);
    casc_ctx_free(ctx);
    return;
  }
  CHECK(builds_op(m, vc->ir));
  double xs[N], ys[N];
  uint8_t xb[N * 4], yb[N * 4], zb[N * 4] = {0};
  for (int i = 0; i < N; i++) {
    /* positive where the op needs it (ln, sqrt, div), both signs else */
    bool pos = vc->sh == SH_UN && (which == 18 || which == 21 || which == 22);
    double a = dt == ASC_FLOAT ? (pos ? 0.5 + i * 0.75 : (i - 20) * 0.375)
                               : (double)(i * 37 % 201 - 100);
    double b = dt == ASC_FLOAT ? (i % 7 + 1) * 0.5 : (double)(i * 11 % 61 - 30);
    if (which == 3 || which == 20)
      a = a == 0 ? 1 : a; /* no division by zero */
    xs[i] = a;
    ys[i] = vc->sh == SH_SCA ? (dt == ASC_FLOAT ? 0.25 : 3) : b;
    if (dt == ASC_FLOAT) {
      float fa = (float)a, fb = (float)b;
      memcpy(xb + 4 * i, &fa, 4);
      memcpy(yb + 4 * i, &fb, 4);
    } else if (dt == ASC_INT16) {
      int16_t ia = (int16_t)a, ib = (int16_t)b;
      memcpy(xb + 2 * i, &ia, 2);
      memcpy(yb + 2 * i, &ib, 2);
    } else {
      int32_t ia = (int32_t)a, ib = (int32_t)b;
      memcpy(xb + 4 * i, &ia, 4);
      memcpy(yb + 4 * i, &ib, 4);
    }
  }
  casc_arg args[3] = {casc_arg_gm(xb, cdt, N), casc_arg_gm(yb, cdt, N),
                      casc_arg_gm(zb, cdt, N)};
  casc_launch_result res;
  casc_launch_status st = casc_launch(ctx, m, "k", 1, args, 3, NULL, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(ndiag, 0);
  int bad = 0;
  for (int i = 0; i < N && st == CASC_LAUNCH_OK; i++) {
    double want = ref(which, xs[i], ys[i]), got;
    if (dt == ASC_FLOAT) {
      float f;
      memcpy(&f, zb + 4 * i, 4);
      got = f;
      /* float vs double reference: a few ulps for exp/ln/sqrt */
      if (fabs(got - want) > 1e-5 * fmax(1.0, fabs(want)))
        bad++;
    } else {
      int64_t w = (int64_t)want;
      if (dt == ASC_INT16) {
        int16_t v;
        memcpy(&v, zb + 2 * i, 2);
        got = v;
        w = (int16_t)w;
      } else {
        int32_t v;
        memcpy(&v, zb + 4 * i, 4);
        got = v;
        w = (int32_t)w;
      }
      if ((int64_t)got != w)
        bad++;
    }
  }
  if (bad)
    fprintf(stderr, "%s (%s): %d of %d elements differ\n", vc->macro,
            casc_dtype_name(cdt), bad, N);
  CHECK_EQ_INT(bad, 0);
  casc_ctx_free(ctx);
}

static void test_every_vector_macro(void) {
  for (int w = 0; w < NCASES; w++) {
    if (cases[w].dtypes & T_F)
      run_case(w, ASC_FLOAT);
    if (cases[w].dtypes & T_I16)
      run_case(w, ASC_INT16);
    if (cases[w].dtypes & T_I32)
      run_case(w, ASC_INT32);
  }
}

/* Div takes half and float only (its row's DTYPES): int32 is rejected when
 * the kernel is built, with the sentence the simulator uses for IR input. */
static void test_row_dtypes_reject(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  kparams p = {3, ASC_INT32};
  CHECK(casc_jit_build(ctx, "k", kernel, &p) == NULL);
  REQUIRE(diags.n == 1);
  CHECK_CONTAINS(diags.items[0]->msg,
                 "asc_div: dst has dtype int32; Div supports half, float");
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_every_vector_macro);
  RUN_TEST(test_row_dtypes_reject);
  return CHECK_SUMMARY();
}
