/* pyasc's element-wise kernels in C: python/test/kernels/test_vadd.py and
 * python/test/generalization/basic/test_{vadd,vadds,vsqrt,axpy,duplicate,
 * vadd_l0,vadd_bits}.py
 * have one structure (offset = block_idx * block_length; TPipe; VECIN /
 * VECOUT TQues of buffer_num buffers; for each tile copy_in, compute,
 * copy_out), written here with the C API and run on the simulator over
 * several sizes, block counts, tilings and each dtype pyasc tests, against
 * the plain C of the file's torch reference.
 *
 * Shapes: pyasc's launchers round block_length up and read whole tiles, so
 * their sizes 1, 1000, 9999 and 153x834 read and write past the tensors
 * (on casc a located out-of-bounds error, see docs/pyasc-kernels.md); the
 * sizes here divide evenly, as every NPU run needs.
 *
 * Tolerances: add, adds and duplicate are exact (IEEE add of the dtype,
 * wrap-free integer data): bit-exact. Sqrt and Axpy are within one unit in
 * the last place of the dtype (the hardware's sqrt is not documented to be
 * correctly rounded, nor whether Axpy rounds the product first). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

/* K_VADD_L0 / K_VADD_BITS: test_vadd_l0.py and test_vadd_bits.py, Add's
 * level-0 form (mask = tile count) and level-1 form (a bit mask), one
 * repeat with BinaryRepeatParams(1, 1, 1, 8, 8, 8). pyasc's bit mask is two
 * all-ones words, which selects 128 lanes: wrong for its 64-element tiles
 * (test_pyasc_vadd_bits_as_written); the kernel here selects the tile's 64
 * lanes, {all ones, 0}, unless kparams.pyasc_mask asks for pyasc's. */
typedef enum {
  K_VADD,
  K_VADDS,
  K_VSQRT,
  K_AXPY,
  K_DUP,
  K_VADD_L0,
  K_VADD_BITS
} kind;
static const char *const kind_name[] = {
    "vadd", "vadds", "vsqrt", "axpy", "duplicate", "vadd_l0", "vadd_bits"};

static bool is_vadd(kind k) {
  return k == K_VADD || k == K_VADD_L0 || k == K_VADD_BITS;
}

typedef struct {
  kind k;
  asc_dtype dt;
  int n, cores, tile, buffer_num;
} kcase;

/* The build-time constants of the pyasc kernel (its ConstExpr args). */
typedef struct {
  const kcase *c;
  int block_length, tile_num;
  bool pyasc_mask; /* K_VADD_BITS: pyasc's literal {all ones, all ones} */
} kparams;

static bool is_float(asc_dtype dt) {
  return dt == ASC_HALF || dt == ASC_FLOAT;
}

static asc_local_tensor copy_in(asc_tquebind q, asc_global_tensor g, asc_int i,
                                int tile, asc_dtype dt) {
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, dt);
  asc_global_tensor src = asc_globaltensor_subindex(g, asc_mul(i, tile));
  asc_data_copy(t, src, tile);
  asc_tquebind_enque(q, t);
  return t;
}

static void kernel(asc_kernel *k, void *user) {
  const kparams *p = user;
  const kcase *c = p->c;
  const bool has_x = c->k != K_DUP, has_y = is_vadd(c->k) || c->k == K_AXPY;
  const bool scalar = c->k == K_VADDS || c->k == K_AXPY || c->k == K_DUP;
  asc_gm_addr x = {0}, y = {0};
  if (has_x)
    x = asc_arg_gm(k, "x", c->dt);
  if (has_y)
    y = asc_arg_gm(k, "y", c->dt);
  asc_float fs = {0};
  asc_int is = {0};
  if (scalar && is_float(c->dt))
    fs = asc_arg_float(k, "scalar", c->dt);
  else if (scalar)
    is = asc_arg_int(k, "scalar", c->dt);
  asc_gm_addr z = asc_arg_gm(k, "z", c->dt);

  asc_int offset = asc_mul(asc_get_block_idx(), p->block_length);
  asc_global_tensor x_gm = asc_globaltensor(), y_gm = asc_globaltensor();
  asc_global_tensor z_gm = asc_globaltensor();
  if (has_x)
    asc_globaltensor_set_global_buffer(x_gm, asc_gm_addr_add(x, offset));
  if (has_y)
    asc_globaltensor_set_global_buffer(y_gm, asc_gm_addr_add(y, offset));
  asc_globaltensor_set_global_buffer(z_gm, asc_gm_addr_add(z, offset));
  asc_tpipe pipe = asc_tpipe();
  const int bytes = c->tile * (int)asc_dtype_sizeof(c->dt);
  asc_tquebind qx = asc_tque(ASC_TPOSITION_VECIN, c->buffer_num);
  asc_tquebind qy = asc_tque(ASC_TPOSITION_VECIN, c->buffer_num);
  asc_tquebind qz = asc_tque(ASC_TPOSITION_VECOUT, c->buffer_num);
  if (has_x)
    asc_tpipe_init_buffer(pipe, qx, c->buffer_num, bytes);
  if (has_y)
    asc_tpipe_init_buffer(pipe, qy, c->buffer_num, bytes);
  asc_tpipe_init_buffer(pipe, qz, c->buffer_num, bytes);

  ASC_FOR(i, 0, p->tile_num) {
    /* copy_in: Axpy also brings z in (dst += scalar * src) */
    if (has_x)
      copy_in(qx, x_gm, i, c->tile, c->dt);
    if (has_y)
      copy_in(qy, y_gm, i, c->tile, c->dt);
    if (c->k == K_AXPY)
      copy_in(qz, z_gm, i, c->tile, c->dt);
    /* compute */
    asc_local_tensor xl = {0}, yl = {0}, zl;
    if (has_x)
      xl = asc_tquebind_deque(qx, c->dt);
    if (has_y)
      yl = asc_tquebind_deque(qy, c->dt);
    zl = c->k == K_AXPY ? asc_tquebind_deque(qz, c->dt)
                        : asc_tquebind_alloc_tensor(qz, c->dt);
    switch (c->k) {
    case K_VADD:
      asc_add(zl, xl, yl, c->tile);
      break;
    case K_VADD_L0:
      asc_add(zl, xl, yl, c->tile, 1, asc_binaryrepeatparams(1, 1, 1, 8, 8, 8));
      break;
    case K_VADD_BITS: {
      const uint64_t mask[2] = {UINT64_MAX, p->pyasc_mask ? UINT64_MAX : 0};
      asc_add(zl, xl, yl, mask, 1, asc_binaryrepeatparams(1, 1, 1, 8, 8, 8));
      break;
    }
    case K_VADDS:
      if (is_float(c->dt))
        asc_adds(zl, xl, fs, c->tile);
      else
        asc_adds(zl, xl, is, c->tile);
      break;
    case K_VSQRT:
      asc_sqrt(zl, xl, c->tile);
      break;
    case K_AXPY: /* pyasc's test_axpy: axpy(z, y, scalar) */
      asc_axpy(zl, yl, fs, c->tile);
      break;
    default:
      if (is_float(c->dt))
        asc_duplicate(zl, fs, c->tile);
      else
        asc_duplicate(zl, is, c->tile);
      break;
    }
    asc_tquebind_enque(qz, zl);
    if (has_x)
      asc_tquebind_free_tensor(qx, xl);
    if (has_y)
      asc_tquebind_free_tensor(qy, yl);
    /* copy_out */
    asc_local_tensor zo = asc_tquebind_deque(qz, c->dt);
    asc_global_tensor dst =
        asc_globaltensor_subindex(z_gm, asc_mul(i, c->tile));
    asc_data_copy(dst, zo, c->tile);
    asc_tquebind_free_tensor(qz, zo);
  }
}

static casc_dtype cdt(asc_dtype t) {
  switch (t) {
  case ASC_FLOAT:
    return CASC_DT_F32;
  case ASC_INT32:
    return CASC_DT_I32;
  case ASC_INT16:
    return CASC_DT_I16;
  default:
    return CASC_DT_F16;
  }
}

/* Element i of a buffer of dtype dt as a double, and back (rounded to dt,
 * to nearest even). */
static double get(const void *buf, asc_dtype dt, int i) {
  const uint8_t *p = buf;
  switch (dt) {
  case ASC_FLOAT: {
    float f;
    memcpy(&f, p + 4 * i, 4);
    return f;
  }
  case ASC_INT32: {
    int32_t v;
    memcpy(&v, p + 4 * i, 4);
    return v;
  }
  case ASC_INT16: {
    int16_t v;
    memcpy(&v, p + 2 * i, 2);
    return v;
  }
  default: {
    uint16_t h;
    memcpy(&h, p + 2 * i, 2);
    return casc_f16_to_f32(h);
  }
  }
}

static void put(void *buf, asc_dtype dt, int i, double v) {
  uint8_t *p = buf;
  switch (dt) {
  case ASC_FLOAT: {
    float f = (float)v;
    memcpy(p + 4 * i, &f, 4);
    break;
  }
  case ASC_INT32: {
    int32_t x = (int32_t)v;
    memcpy(p + 4 * i, &x, 4);
    break;
  }
  case ASC_INT16: {
    int16_t x = (int16_t)v;
    memcpy(p + 2 * i, &x, 2);
    break;
  }
  default: {
    uint16_t h = casc_f32_to_f16((float)v);
    memcpy(p + 2 * i, &h, 2);
    break;
  }
  }
}

/* pyasc's data: randn-like floats (sqrt: |x| + 10 as test_vsqrt), integers
 * in [-100, 99) as torch.randint(-100, 99). */
static double sample(uint32_t *seed, asc_dtype dt, kind k) {
  *seed = *seed * 1664525u + 1013904223u;
  double u = (double)(*seed >> 8) / (double)(1u << 24);
  if (!is_float(dt))
    return floor(u * 199.0) - 100.0;
  double v = (u - 0.5) * 6.0;
  return k == K_VSQRT ? fabs(v) + 10.0 : v;
}

/* The reference of each kernel, the plain C of the pyasc test's torch
 * expression, rounded to the dtype once. */
static double reference(kind k, double x, double y, double s) {
  switch (k) {
  case K_VADD:
  case K_VADD_L0:
  case K_VADD_BITS:
    return x + y;
  case K_VADDS:
    return x + s;
  case K_VSQRT:
    return sqrt(x);
  case K_AXPY:
    return y * s; /* z starts at 0, as torch.zeros_like */
  default:
    return s;
  }
}

static void run_case(const kcase *c) {
  const int es = (int)asc_dtype_sizeof(c->dt);
  uint8_t *x = calloc((size_t)c->n, (size_t)es);
  uint8_t *y = calloc((size_t)c->n, (size_t)es);
  uint8_t *z = calloc((size_t)c->n, (size_t)es);
  uint8_t *want = calloc((size_t)c->n, (size_t)es);
  REQUIRE(x && y && z && want);
  uint32_t seed = (uint32_t)(c->n * 31 + c->cores * 7 + (int)c->dt);
  const double s = is_float(c->dt) ? 2.5 : 37.0; /* exact in each dtype */
  for (int i = 0; i < c->n; i++) {
    put(x, c->dt, i, sample(&seed, c->dt, c->k));
    put(y, c->dt, i, sample(&seed, c->dt, c->k));
    put(want, c->dt, i, reference(c->k, get(x, c->dt, i), get(y, c->dt, i), s));
  }
  kparams p = {c, c->n / c->cores, c->n / c->cores / c->tile, false};
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "k", kernel, &p);
  casc_launch_status st = CASC_LAUNCH_BAD_LAUNCH;
  if (m) {
    casc_arg args[4];
    unsigned na = 0;
    if (c->k != K_DUP)
      args[na++] = casc_arg_gm(x, cdt(c->dt), (size_t)c->n);
    if (is_vadd(c->k) || c->k == K_AXPY)
      args[na++] = casc_arg_gm(y, cdt(c->dt), (size_t)c->n);
    if (!is_vadd(c->k) && c->k != K_VSQRT)
      args[na++] = is_float(c->dt) ? casc_arg_float(cdt(c->dt), s)
                                   : casc_arg_int(cdt(c->dt), (int64_t)s);
    args[na++] = casc_arg_gm(z, cdt(c->dt), (size_t)c->n);
    st = casc_launch(ctx, m, "k", (unsigned)c->cores, args, na, NULL, NULL);
  }
  /* one ulp of the dtype for sqrt and axpy (see the top comment) */
  const bool exact = c->k != K_VSQRT && c->k != K_AXPY;
  const double ulp = c->dt == ASC_HALF ? 1.0 / 1024 : 1.0 / (1 << 23);
  int bad = -1;
  for (int i = 0; i < c->n && st == CASC_LAUNCH_OK && bad < 0; i++) {
    double got = get(z, c->dt, i), w = get(want, c->dt, i);
    bool ok = exact ? memcmp(z + i * es, want + i * es, (size_t)es) == 0
                    : fabs(got - w) <= ulp * fabs(w);
    if (!ok) {
      bad = i;
      fprintf(stderr, "  z[%d] = %.9g, want %.9g\n", i, got, w);
    }
  }
  if (st != CASC_LAUNCH_OK || bad >= 0) {
    fprintf(stderr, "%s dtype %d n %d cores %d tile %d buffers %d: status %d\n",
            kind_name[c->k], (int)c->dt, c->n, c->cores, c->tile, c->buffer_num,
            (int)st);
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  }
  CHECK(st == CASC_LAUNCH_OK && bad < 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
  free(x);
  free(y);
  free(z);
  free(want);
}

/* Each kernel over pyasc's dtypes, on sizes that divide into blocks and
 * tiles, with one, several and pyasc's 16 blocks and one or two buffers. */
static void test_pyasc_elementwise_kernels(void) {
  static const asc_dtype vadd_dts[] = {ASC_FLOAT, ASC_HALF, ASC_INT32,
                                       ASC_INT16};
  static const asc_dtype hf[] = {ASC_FLOAT, ASC_HALF};
  static const struct {
    int n, cores, tile, buffer_num;
  } shapes[] = {{2048, 1, 512, 1},
                {8192, 16, 512, 1},
                {6144, 3, 256, 2},
                {4096, 8, 128, 2}};
  unsigned runs = 0;
  for (int k = K_VADD; k <= K_DUP; k++) {
    const bool only_hf = k == K_VSQRT || k == K_AXPY;
    const asc_dtype *dts = only_hf ? hf : vadd_dts;
    const unsigned ndt = only_hf ? 2 : 4;
    for (unsigned d = 0; d < ndt; d++)
      for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        kcase c = {(kind)k,         dts[d],         shapes[s].n,
                   shapes[s].cores, shapes[s].tile, shapes[s].buffer_num};
        run_case(&c);
        runs++;
      }
  }
  CHECK_EQ_INT(runs, 4 * 4 * 3 + 2 * 4 * 2);
}

/* test_vadd_l0.py / test_vadd_bits.py: pyasc's tile of 64 elements, one
 * buffer, over its four dtypes, on one, four and 16 blocks. */
static void test_pyasc_vadd_l0_bits(void) {
  static const asc_dtype dts[] = {ASC_FLOAT, ASC_HALF, ASC_INT32, ASC_INT16};
  static const struct {
    int n, cores;
  } shapes[] = {{1024, 16}, {8192, 16}, {2048, 4}, {256, 1}};
  for (int k = K_VADD_L0; k <= K_VADD_BITS; k++)
    for (unsigned d = 0; d < 4; d++)
      for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        kcase c = {(kind)k, dts[d], shapes[s].n, shapes[s].cores, 64, 1};
        run_case(&c);
      }
}

/* pyasc's test_vadd_bits.py kernel exactly as written: mask {all ones, all
 * ones} on 64-element tiles. For a 32-bit type the Ascend C reference
 * requires mask[1] = 0; for a 16-bit type the 128 selected lanes reach
 * 128 bytes past the tile. Both are reported at the Add, on every block,
 * and the launch fails (on the NPU the first 64 lanes still come out right,
 * so pyasc's check passes there). */
static void test_pyasc_vadd_bits_as_written(void) {
  static const struct {
    asc_dtype dt;
    const char *want;
  } cases[] = {
      {ASC_FLOAT, "for a 32-bit type only mask[0] selects elements and "
                  "mask[1] must be 0"},
      {ASC_INT32, "for a 32-bit type only mask[0] selects elements and "
                  "mask[1] must be 0"},
      {ASC_HALF, "outside its tensor"},
      {ASC_INT16, "outside its tensor"},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    kcase c = {K_VADD_BITS, cases[i].dt, 1024, 16, 64, 1};
    kparams p = {&c, 64, 1, true};
    const int es = (int)asc_dtype_sizeof(c.dt);
    uint8_t *buf = calloc(3 * 1024, (size_t)es);
    REQUIRE(buf);
    casc_ctx *ctx = casc_ctx_new();
    casc_diag_list diags = {0};
    casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
    casc_op *m = casc_jit_build(ctx, "k", kernel, &p);
    REQUIRE(m);
    casc_arg args[3];
    for (unsigned a = 0; a < 3; a++)
      args[a] =
          casc_arg_gm(buf + (size_t)a * 1024 * (size_t)es, cdt(c.dt), 1024);
    casc_launch_status st = casc_launch(ctx, m, "k", 16, args, 3, NULL, NULL);
    CHECK(st != CASC_LAUNCH_OK);
    bool found = false;
    for (unsigned d = 0; d < diags.n; d++)
      if (diags.items[d]->sev == CASC_SEV_ERROR &&
          strstr(diags.items[d]->msg, "blocks 0-15: Add: ") &&
          strstr(diags.items[d]->msg, cases[i].want))
        found = true;
    if (!found)
      for (unsigned d = 0; d < diags.n; d++)
        casc_diag_print(diags.items[d], stderr);
    CHECK(found);
    casc_diag_list_free(&diags);
    casc_ctx_free(ctx);
    free(buf);
  }
}

int main(void) {
  RUN_TEST(test_pyasc_elementwise_kernels);
  RUN_TEST(test_pyasc_vadd_l0_bits);
  RUN_TEST(test_pyasc_vadd_bits_as_written);
  return CHECK_SUMMARY();
}
