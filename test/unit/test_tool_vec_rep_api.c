/* The level-0 and level-1 forms of asc.h's vector macros, end to end: the
 * C call (mask as a count or as a uint64_t[2] bit mask, repeat times,
 * Binary/UnaryRepeatParams with operand strides that differ) builds the
 * op the macro names, the simulator runs it, and every element of dst
 * matches a plain C model of the repeat form: repeat r, element e of the
 * repeat lies at byte r * rep_stride * 32 + (e / per_block) * blk_stride *
 * 32 + (e % per_block) * size; masked-off elements keep their value. The
 * front end's misuse diagnostics are those of level 2, and a mask the
 * hardware does not take is the simulator's located error. With
 * is_set_mask false the op is built without isSetMask and runs with the
 * mask register, which the kernel sets to the same mask with
 * asc_set_vector_mask first (test_sim_vec_mask.c tests the register). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { N = 1024, REPEATS = 3 };
typedef enum { SH_BIN, SH_SCA, SH_UN } shape;
enum { T_F = 1, T_I16 = 2 };

typedef struct {
  const char *macro;
  const char *ir; /* without the _l0 / _l1 suffix */
  shape sh;
  unsigned dtypes;
} rcase;

static const rcase cases[] = {
    {"asc_add", "ascendc.add", SH_BIN, T_F | T_I16},
    {"asc_sub", "ascendc.sub", SH_BIN, T_F | T_I16},
    {"asc_mul", "ascendc.mul", SH_BIN, T_F | T_I16},
    {"asc_div", "ascendc.div", SH_BIN, T_F},
    {"asc_max", "ascendc.max", SH_BIN, T_F | T_I16},
    {"asc_min", "ascendc.min", SH_BIN, T_F | T_I16},
    {"asc_bitwise_and", "ascendc.and", SH_BIN, T_I16},
    {"asc_bitwise_or", "ascendc.or", SH_BIN, T_I16},
    {"asc_add_relu", "ascendc.add_relu", SH_BIN, T_F | T_I16},
    {"asc_sub_relu", "ascendc.sub_relu", SH_BIN, T_F},
    {"asc_adds", "ascendc.adds", SH_SCA, T_F | T_I16},
    {"asc_muls", "ascendc.muls", SH_SCA, T_F | T_I16},
    {"asc_maxs", "ascendc.maxs", SH_SCA, T_F | T_I16},
    {"asc_mins", "ascendc.mins", SH_SCA, T_F | T_I16},
    {"asc_leaky_relu", "ascendc.leaky_relu", SH_SCA, T_F},
    {"asc_shift_left", "ascendc.shift_left", SH_SCA, T_I16},
    {"asc_shift_right", "ascendc.shift_right", SH_SCA, T_I16},
    {"asc_exp", "ascendc.exp", SH_UN, T_F},
    {"asc_ln", "ascendc.ln", SH_UN, T_F},
    {"asc_abs", "ascendc.abs", SH_UN, T_F},
    {"asc_reciprocal", "ascendc.reciprocal", SH_UN, T_F},
    {"asc_sqrt", "ascendc.sqrt", SH_UN, T_F},
    {"asc_rsqrt", "ascendc.rsqrt", SH_UN, T_F},
    {"asc_relu", "ascendc.relu", SH_UN, T_F},
    {"asc_bitwise_not", "ascendc.not", SH_UN, T_I16},
};
#define NCASES (int)(sizeof cases / sizeof cases[0])

/* Strides in 32-byte blocks: dst, src0 (src), src1. src1's blocks and
 * repeats are twice as far apart, so a model that mixed them up fails. */
static const int blk[3] = {1, 1, 2}, rep[3] = {8, 8, 16};

typedef struct {
  int which;
  asc_dtype dt;
  bool l1;          /* bit mask (level 1) rather than a count (level 0) */
  long long count;  /* the level-0 mask */
  uint64_t bits[2]; /* the level-1 mask */
  bool is_set_mask; /* passed explicitly when false */
} kparams;

static void call(const kparams *p, asc_local_tensor z, asc_local_tensor x,
                 asc_local_tensor y) {
  bool isf = p->dt == ASC_FLOAT;
  /* the scalar of the vector-scalar ops: 0.25 / 3 (a shift by 3) */
  double sf = 0.25;
  int si = 3;
  asc_binary_repeat_params bp =
      asc_binaryrepeatparams(blk[0], blk[1], blk[2], rep[0], rep[1], rep[2]);
  asc_unary_repeat_params up =
      asc_unaryrepeatparams(blk[0], blk[1], rep[0], rep[1]);
  /* M(form) expands one call with the count or the bit mask. */
#define M(...)                                                                 \
  do {                                                                         \
    if (p->l1) {                                                               \
      const uint64_t *mask = p->bits;                                          \
      __VA_ARGS__;                                                             \
    } else {                                                                   \
      long long mask = p->count;                                               \
      __VA_ARGS__;                                                             \
    }                                                                          \
  } while (0)
  switch (p->which) {
  case 0:
    if (!p->is_set_mask)
      M(asc_add(z, x, y, mask, REPEATS, bp, false));
    else
      M(asc_add(z, x, y, mask, REPEATS, bp));
    break;
  case 1:
    M(asc_sub(z, x, y, mask, REPEATS, bp));
    break;
  case 2:
    M(asc_mul(z, x, y, mask, REPEATS, bp));
    break;
  case 3:
    M(asc_div(z, x, y, mask, REPEATS, bp));
    break;
  case 4:
    M(asc_max(z, x, y, mask, REPEATS, bp));
    break;
  case 5:
    M(asc_min(z, x, y, mask, REPEATS, bp));
    break;
  case 6:
    M(asc_bitwise_and(z, x, y, mask, REPEATS, bp));
    break;
  case 7:
    M(asc_bitwise_or(z, x, y, mask, REPEATS, bp, true));
    break;
  case 8:
    M(asc_add_relu(z, x, y, mask, REPEATS, bp));
    break;
  case 9:
    M(asc_sub_relu(z, x, y, mask, REPEATS, bp));
    break;
  case 10:
    if (isf)
      M(asc_adds(z, x, sf, mask, REPEATS, up));
    else
      M(asc_adds(z, x, si, mask, REPEATS, up));
    break;
  case 11:
    if (isf)
      M(asc_muls(z, x, sf, mask, REPEATS, up));
    else
      M(asc_muls(z, x, si, mask, REPEATS, up, false));
    break;
  case 12:
    if (isf)
      M(asc_maxs(z, x, sf, mask, REPEATS, up));
    else
      M(asc_maxs(z, x, si, mask, REPEATS, up));
    break;
  case 13:
    if (isf)
      M(asc_mins(z, x, sf, mask, REPEATS, up));
    else
      M(asc_mins(z, x, si, mask, REPEATS, up));
    break;
  case 14:
    M(asc_leaky_relu(z, x, sf, mask, REPEATS, up));
    break;
  case 15:
    M(asc_shift_left(z, x, si, mask, REPEATS, up));
    break;
  case 16:
    M(asc_shift_right(z, x, si, mask, REPEATS, up));
    break;
  case 17:
    M(asc_exp(z, x, mask, REPEATS, up));
    break;
  case 18:
    M(asc_ln(z, x, mask, REPEATS, up));
    break;
  case 19:
    M(asc_abs(z, x, mask, REPEATS, up));
    break;
  case 20:
    M(asc_reciprocal(z, x, mask, REPEATS, up, false));
    break;
  case 21:
    M(asc_sqrt(z, x, mask, REPEATS, up));
    break;
  case 22:
    M(asc_rsqrt(z, x, mask, REPEATS, up));
    break;
  case 23:
    M(asc_relu(z, x, mask, REPEATS, up));
    break;
  case 24:
    M(asc_bitwise_not(z, x, mask, REPEATS, up));
    break;
  default:
    break;
  }
#undef M
}

/* The element operation (b: src1, or the scalar). */
static double ref(int which, double a, double b) {
  switch (which) {
  case 0:
  case 10:
    return a + b;
  case 1:
    return a - b;
  case 2:
  case 11:
    return a * b;
  case 3:
    return a / b;
  case 4:
  case 12:
    return a > b ? a : b;
  case 5:
  case 13:
    return a < b ? a : b;
  case 6:
    return (double)((int64_t)a & (int64_t)b);
  case 7:
    return (double)((int64_t)a | (int64_t)b);
  case 8:
    return a + b > 0 ? a + b : 0;
  case 9:
    return a - b > 0 ? a - b : 0;
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
  default:
    return 0;
  }
}

/* x, y in and z (dst's initial values) in, z out, all N elements. */
static void kernel(asc_kernel *k, void *user) {
  const kparams *p = user;
  asc_gm_addr a[3] = {asc_arg_gm(k, "x", p->dt), asc_arg_gm(k, "y", p->dt),
                      asc_arg_gm(k, "z", p->dt)};
  asc_tpipe pipe = asc_tpipe();
  asc_global_tensor g[3];
  asc_local_tensor l[3];
  asc_tquebind q[3];
  int bytes = N * (int)asc_dtype_sizeof(p->dt);
  for (int i = 0; i < 3; i++) {
    g[i] = asc_globaltensor();
    asc_globaltensor_set_global_buffer(g[i], a[i], N);
    q[i] = asc_tque(ASC_TPOSITION_VECIN, 1);
    asc_tpipe_init_buffer(pipe, q[i], 1, bytes);
    l[i] = asc_tquebind_alloc_tensor(q[i], p->dt);
    asc_data_copy(l[i], g[i], N);
    asc_tquebind_enque(q[i], l[i]);
    l[i] = asc_tquebind_deque(q[i], p->dt);
  }
  if (!p->is_set_mask) {
    if (p->l1)
      asc_set_vector_mask(p->bits[1], p->bits[0], p->dt, ASC_MASKMODE_NORMAL);
    else
      asc_set_vector_mask(p->count, p->dt, ASC_MASKMODE_NORMAL);
  }
  call(p, l[2], l[0], l[1]);
  asc_set_flag(ASC_HARDEVENT_V_MTE3);
  asc_wait_flag(ASC_HARDEVENT_V_MTE3);
  asc_data_copy(g[2], l[2], N);
  for (int i = 0; i < 3; i++)
    asc_tquebind_free_tensor(q[i], l[i]);
}

static void collect(const casc_diag *d, void *user) {
  int *n = user;
  casc_diag_print(d, stderr);
  ++*n;
}

static casc_op *find_op(casc_op *module, const char *ir) {
  casc_op *fn = casc_module_body(module)->first;
  for (casc_op *op = casc_op_regions(fn)[0].first->first; op; op = op->next)
    if (strcmp(casc_op_name(op), ir) == 0)
      return op;
  return NULL;
}

static double get(const uint8_t *buf, asc_dtype dt, int i) {
  if (dt == ASC_FLOAT) {
    float f;
    memcpy(&f, buf + 4 * i, 4);
    return f;
  }
  int16_t v;
  memcpy(&v, buf + 2 * i, 2);
  return v;
}

static void put(uint8_t *buf, asc_dtype dt, int i, double v) {
  if (dt == ASC_FLOAT) {
    float f = (float)v;
    memcpy(buf + 4 * i, &f, 4);
  } else {
    int16_t s = (int16_t)v;
    memcpy(buf + 2 * i, &s, 2);
  }
}

/* The C model of the repeat form: z[dst elements] = op(x, y) where the
 * mask selects, element indices from the strides. */
static void model(const kparams *p, const uint8_t *xb, const uint8_t *yb,
                  uint8_t *zb) {
  int size = (int)asc_dtype_sizeof(p->dt);
  int per_blk = 32 / size, per_rep = 256 / size;
  const rcase *rc = &cases[p->which];
  for (int r = 0; r < REPEATS; r++)
    for (int e = 0; e < per_rep; e++) {
      bool on = p->l1 ? (p->bits[e / 64] >> (e % 64)) & 1 : e < p->count;
      if (!on)
        continue;
      int at[3];
      for (int o = 0; o < 3; o++)
        at[o] = r * rep[o] * per_rep / 8 + (e / per_blk) * blk[o] * per_blk +
                e % per_blk;
      double b = rc->sh == SH_SCA ? (p->dt == ASC_FLOAT ? 0.25 : 3)
                                  : get(yb, p->dt, at[2]);
      put(zb, p->dt, at[0], ref(p->which, get(xb, p->dt, at[1]), b));
    }
}

static void run(kparams p) {
  const rcase *rc = &cases[p.which];
  const char *form = p.l1 ? "level 1" : "level 0";
  casc_dtype cdt = p.dt == ASC_FLOAT ? CASC_DT_F32 : CASC_DT_I16;
  casc_ctx *ctx = casc_ctx_new();
  int ndiag = 0;
  casc_ctx_set_diag_handler(ctx, collect, &ndiag);
  casc_op *m = casc_jit_build(ctx, "k", kernel, &p);
  if (!m) {
    fprintf(stderr, "%s %s (%s): build failed\n", rc->macro, form,
            casc_dtype_name(cdt));
    CHECK(m != NULL);
    casc_ctx_free(ctx);
    return;
  }
  char ir[64];
  snprintf(ir, sizeof ir, "%s_l%d", rc->ir, p.l1 ? 1 : 0);
  casc_op *op = find_op(m, ir);
  CHECK(op != NULL);
  if (op)
    CHECK_EQ_INT(casc_op_attr(op, "isSetMask") != NULL, p.is_set_mask);
  uint8_t xb[N * 4], yb[N * 4], zb[N * 4], want[N * 4];
  for (int i = 0; i < N; i++) {
    bool pos = p.which == 18 || p.which == 21 || p.which == 22;
    double a = p.dt == ASC_FLOAT
                   ? (pos ? 0.5 + (i % 97) * 0.25 : ((i % 83) - 40) * 0.375)
                   : (double)(i * 37 % 201 - 100);
    double b =
        p.dt == ASC_FLOAT ? (i % 7 + 1) * 0.5 : (double)(i * 11 % 61 - 30);
    if (a == 0)
      a = 1; /* no division by zero */
    put(xb, p.dt, i, a);
    put(yb, p.dt, i, b);
    put(zb, p.dt, i, -1000 - i % 50); /* what masked-off elements keep */
  }
  memcpy(want, zb, sizeof zb);
  model(&p, xb, yb, want);
  casc_arg args[3] = {casc_arg_gm(xb, cdt, N), casc_arg_gm(yb, cdt, N),
                      casc_arg_gm(zb, cdt, N)};
  casc_launch_result res;
  casc_launch_status st = casc_launch(ctx, m, "k", 1, args, 3, NULL, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(ndiag, 0);
  int bad = 0;
  for (int i = 0; i < N && st == CASC_LAUNCH_OK; i++) {
    double w = get(want, p.dt, i), g = get(zb, p.dt, i);
    if (p.dt == ASC_FLOAT ? fabs(g - w) > 1e-5 * fmax(1.0, fabs(w)) : g != w)
      bad++;
  }
  if (bad)
    fprintf(stderr, "%s %s (%s): %d of %d elements differ\n", rc->macro, form,
            casc_dtype_name(cdt), bad, N);
  CHECK_EQ_INT(bad, 0);
  casc_ctx_free(ctx);
}

static void test_every_repeat_form(void) {
  for (int w = 0; w < NCASES; w++)
    for (int d = 0; d < 2; d++) {
      asc_dtype dt = d ? ASC_INT16 : ASC_FLOAT;
      if (!(cases[w].dtypes & (d ? T_I16 : T_F)))
        continue;
      /* isSetMask is left out where the call passes false */
      bool sm = !((w == 0 && d == 1) || (w == 11 && d == 1) || w == 20);
      kparams p = {w, dt, false, d ? 100 : 40, {0, 0}, sm};
      run(p);
      p.l1 = true;
      p.bits[0] = 0x00FF00FF0F0F3333ull;
      p.bits[1] = d ? 0xF0F0F0F0FFFF0001ull : 0; /* 0 for 32-bit types */
      run(p);
    }
}

/* The misuse diagnostics of level 2: a dtype outside the op's row, here
 * at level 0, and a null repeat-params handle. */
static void bad_dtype_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf b = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, b, 1024);
  asc_local_tensor t = asc_tbuf_get(b, ASC_INT32);
  asc_binary_repeat_params bp = asc_binaryrepeatparams(1, 1, 1, 8, 8, 8);
  uint64_t bits[2] = {~0ull, 0};
  asc_div(t, t, t, 64, 1, bp);
  asc_div(t, t, t, bits, 1, bp);
  asc_unary_repeat_params none = {0};
  asc_local_tensor f = asc_tbuf_get(b, ASC_FLOAT);
  asc_exp(f, f, 64, 1, none);
  (void)k;
}

static void test_misuse(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", bad_dtype_kernel, NULL) == NULL);
  REQUIRE(diags.n == 3);
  CHECK_CONTAINS(diags.items[0]->msg,
                 "asc_div: dst has dtype int32; Div supports half, float");
  CHECK_CONTAINS(diags.items[1]->msg,
                 "asc_div: dst has dtype int32; Div supports half, float");
  CHECK_CONTAINS(diags.items[2]->msg, "asc_exp: repeat_params");
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* A mask count the hardware does not take (float: 1..64) builds, and is
 * the simulator's located error when the kernel runs. */
static void test_mask_out_of_range(void) {
  kparams p = {0, ASC_FLOAT, false, 65, {0, 0}, true};
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "k", kernel, &p);
  REQUIRE(m != NULL);
  static uint8_t xb[N * 4], yb[N * 4], zb[N * 4];
  casc_arg args[3] = {casc_arg_gm(xb, CASC_DT_F32, N),
                      casc_arg_gm(yb, CASC_DT_F32, N),
                      casc_arg_gm(zb, CASC_DT_F32, N)};
  casc_launch_result res;
  CHECK(casc_launch(ctx, m, "k", 1, args, 3, NULL, &res) != CASC_LAUNCH_OK);
  bool found = false;
  for (size_t i = 0; i < diags.n; i++)
    found |= strstr(diags.items[i]->msg, "mask is 65") != NULL;
  CHECK(found);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_every_repeat_form);
  RUN_TEST(test_misuse);
  RUN_TEST(test_mask_out_of_range);
  return CHECK_SUMMARY();
}
