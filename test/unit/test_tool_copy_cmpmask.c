/* Copy and the CMPMASK register end to end (casc/asc_data.h): the C call
 * builds the op pyasc builds, the simulator runs it, and the result
 * matches a plain C model of docs/simulator.md's rules.
 *   - Copy over every A2 dtype (16- and 32-bit, bit patterns), with a count
 *     mask and a bit mask that leave dst elements alone, 3 repeats and a
 *     src whose blocks and repeats are twice as far apart as dst's (it
 *     skips every other block): every dst byte is compared.
 *   - Compare (register form), every CMPMODE on half and float, count and
 *     bit masks, src1 skipping blocks; GetCmpMask stores the 16 register
 *     bytes, which are compared with the model's bits.
 *   - SetCmpMask then GetCmpMask gives back the 16 bytes; GetCmpMask before
 *     any write is an uninit-read warning.
 *   - misuse: dtypes outside A2's lists, a CMPMODE out of range. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { BYTES = 4096, REPEATS = 3 };

/* Strides in 32-byte blocks: dst packed, src every other block. */
static const int BLK[2] = {1, 2}, REP[2] = {8, 16};

typedef struct {
  asc_dtype dt;
  casc_dtype cdt;
  bool bits;        /* bit mask rather than a count */
  long long count;  /* the count mask */
  uint64_t mask[2]; /* the bit mask */
  int mode;         /* Compare: CMPMODE */
  int what;         /* 0 Copy, 1 Compare + GetCmpMask, 2 Set + Get, 3 Get */
} kparams;

static asc_local_tensor tile(asc_tpipe pipe, asc_global_tensor g, asc_gm_addr a,
                             asc_dtype dt, asc_tquebind *q, asc_tposition pos) {
  int n = BYTES / (int)asc_dtype_sizeof(dt);
  asc_globaltensor_set_global_buffer(g, a, n);
  *q = asc_tque(pos, 1);
  asc_tpipe_init_buffer(pipe, *q, 1, BYTES);
  asc_local_tensor l = asc_tquebind_alloc_tensor(*q, dt);
  asc_data_copy(l, g, n);
  return l;
}

/* x, y: sources (p->dt); z: Copy's dst (p->dt) or the register's bytes
 * (uint8); z is copied in first, so elements the op leaves keep it. */
static void kernel(asc_kernel *k, void *user) {
  const kparams *p = user;
  asc_dtype zdt = p->what == 0 ? p->dt : ASC_UINT8;
  asc_gm_addr a[3] = {asc_arg_gm(k, "x", p->dt), asc_arg_gm(k, "y", p->dt),
                      asc_arg_gm(k, "z", zdt)};
  asc_tpipe pipe = asc_tpipe();
  asc_global_tensor g[3] = {asc_globaltensor(), asc_globaltensor(),
                            asc_globaltensor()};
  asc_tquebind q[3];
  asc_local_tensor x =
      tile(pipe, g[0], a[0], p->dt, &q[0], ASC_TPOSITION_VECIN);
  asc_local_tensor y =
      tile(pipe, g[1], a[1], p->dt, &q[1], ASC_TPOSITION_VECIN);
  asc_local_tensor z = tile(pipe, g[2], a[2], zdt, &q[2], ASC_TPOSITION_VECOUT);
  asc_set_flag(ASC_HARDEVENT_MTE2_V);
  asc_wait_flag(ASC_HARDEVENT_MTE2_V);
  if (p->what == 0) {
    asc_copy_repeat_params cp =
        asc_copyrepeatparams(BLK[0], BLK[1], REP[0], REP[1]);
    if (p->bits)
      asc_copy(z, x, p->mask, REPEATS, cp);
    else
      asc_copy(z, x, p->count, REPEATS, cp, 1);
  } else if (p->what == 1) {
    asc_binary_repeat_params bp = asc_binaryrepeatparams(1, 1, 2, 8, 8, 16);
    if (p->bits)
      asc_compare_r(x, y, (asc_cmpmode)p->mode, p->mask, bp);
    else
      asc_compare_r(x, y, (asc_cmpmode)p->mode, p->count, bp);
    asc_get_cmp_mask(z);
  } else if (p->what == 2) {
    asc_set_cmp_mask(asc_localtensor_reinterpret_cast(x, ASC_UINT8));
    asc_get_cmp_mask(z);
  } else {
    asc_get_cmp_mask(z);
  }
  asc_set_flag(ASC_HARDEVENT_V_MTE3);
  asc_wait_flag(ASC_HARDEVENT_V_MTE3);
  asc_data_copy(g[2], z, BYTES / (int)asc_dtype_sizeof(zdt));
  for (int i = 0; i < 3; i++)
    asc_tquebind_free_tensor(q[i], i == 0 ? x : i == 1 ? y : z);
}

static bool selected(const kparams *p, int e) {
  return p->bits ? (p->mask[e / 64] >> (e % 64)) & 1 : e < p->count;
}

/* Byte offset of element e of repeat r of operand o (0 dst, 1 src). */
static int elem_off(int o, int r, int e, int size) {
  int per_blk = 32 / size;
  return r * REP[o] * 32 + (e / per_blk) * BLK[o] * 32 + (e % per_blk) * size;
}

static void copy_model(const kparams *p, const uint8_t *x, uint8_t *z) {
  int size = (int)asc_dtype_sizeof(p->dt);
  for (int r = 0; r < REPEATS; r++)
    for (int e = 0; e < 256 / size; e++)
      if (selected(p, e))
        memcpy(z + elem_off(0, r, e, size), x + elem_off(1, r, e, size),
               (size_t)size);
}

/* half by hand (exact for the small quarter-integers used here) */
static uint16_t half_of(double v) {
  if (v == 0)
    return signbit(v) ? 0x8000 : 0;
  uint16_t s = v < 0 ? 0x8000 : 0;
  int e;
  double m = frexp(fabs(v), &e); /* [0.5, 1) */
  return s | (uint16_t)((e - 1 + 15) << 10) | (uint16_t)((m * 2 - 1) * 1024);
}

static void put(const kparams *p, uint8_t *b, int i, double v) {
  if (p->dt == ASC_FLOAT) {
    float f = (float)v;
    memcpy(b + 4 * i, &f, 4);
  } else {
    uint16_t h = half_of(v);
    memcpy(b + 2 * i, &h, 2);
  }
}

static bool holds(int mode, double a, double b) {
  switch (mode) {
  case 0:
    return a < b;
  case 1:
    return a > b;
  case 2:
    return a == b;
  case 3:
    return a <= b;
  case 4:
    return a >= b;
  default:
    return a != b;
  }
}

/* Element i of x is xv(i), of y yv(i): many equal pairs. */
static double xv(int i) {
  return ((i * 7) % 9 - 4) / 4.0;
}
static double yv(int i) {
  return ((i * 5) % 7 - 3) / 4.0;
}

static void compare_model(const kparams *p, uint8_t *z) {
  int size = (int)asc_dtype_sizeof(p->dt), per_blk = 32 / size;
  memset(z, 0, 16);
  for (int e = 0; e < 256 / size; e++) {
    if (!selected(p, e))
      continue;
    int i0 = e, i1 = (e / per_blk) * 2 * per_blk + e % per_blk; /* blk 2 */
    if (holds(p->mode, xv(i0), yv(i1)))
      z[e / 8] |= (uint8_t)(1u << (e % 8));
  }
}

static int nwarn, nerr;
static void collect(const casc_diag *d, void *user) {
  (void)user;
  if (d->sev == CASC_SEV_WARNING)
    nwarn++;
  else {
    nerr++;
    casc_diag_print(d, stderr);
  }
}

/* Runs the kernel; z (BYTES) holds the result. */
static bool run(const kparams *p, uint8_t *x, uint8_t *y, uint8_t *z) {
  casc_ctx *ctx = casc_ctx_new();
  nwarn = nerr = 0;
  casc_ctx_set_diag_handler(ctx, collect, NULL);
  casc_op *m = casc_jit_build(ctx, "k", kernel, (void *)p);
  bool ok = m != NULL;
  if (m) {
    int size = (int)asc_dtype_sizeof(p->dt);
    casc_dtype zdt = p->what == 0 ? p->cdt : CASC_DT_U8;
    int zsize = p->what == 0 ? size : 1;
    casc_arg args[3] = {casc_arg_gm(x, p->cdt, BYTES / size),
                        casc_arg_gm(y, p->cdt, BYTES / size),
                        casc_arg_gm(z, zdt, BYTES / zsize)};
    ok = casc_launch(ctx, m, "k", 1, args, 3, NULL, NULL) == CASC_LAUNCH_OK;
  }
  casc_ctx_free(ctx);
  return ok;
}

static void test_copy(void) {
  static const struct {
    asc_dtype dt;
    casc_dtype cdt;
  } types[] = {{ASC_UINT16, CASC_DT_U16}, {ASC_INT16, CASC_DT_I16},
               {ASC_HALF, CASC_DT_F16},   {ASC_BF16, CASC_DT_BF16},
               {ASC_UINT32, CASC_DT_U32}, {ASC_INT32, CASC_DT_I32},
               {ASC_FLOAT, CASC_DT_F32}};
  static uint8_t x[BYTES], y[BYTES], z[BYTES], want[BYTES];
  for (unsigned t = 0; t < sizeof types / sizeof types[0]; t++)
    for (int form = 0; form < 2; form++) {
      bool wide = asc_dtype_sizeof(types[t].dt) == 4;
      kparams p = {types[t].dt,
                   types[t].cdt,
                   form == 1,
                   wide ? 37 : 101,
                   {0x8000F0F00FF03331ull, wide ? 0 : 0xC0000000FFFF0001ull},
                   0,
                   0};
      for (int i = 0; i < BYTES; i++) {
        x[i] = (uint8_t)(i * 31 + 7);
        y[i] = 0;
        z[i] = (uint8_t)(0xA5 ^ i); /* what untouched bytes keep */
      }
      memcpy(want, z, BYTES);
      copy_model(&p, x, want);
      CHECK(run(&p, x, y, z));
      CHECK_EQ_INT(nerr, 0);
      int bad = 0;
      for (int i = 0; i < BYTES; i++)
        bad += z[i] != want[i];
      if (bad)
        fprintf(stderr, "Copy %s %s mask: %d bytes differ\n",
                casc_dtype_name(p.cdt), form ? "bit" : "count", bad);
      CHECK_EQ_INT(bad, 0);
    }
}

static void test_compare_register(void) {
  static uint8_t x[BYTES], y[BYTES], z[BYTES], want[16];
  for (int t = 0; t < 2; t++)
    for (int mode = 0; mode < 6; mode++)
      for (int form = 0; form < 2; form++) {
        bool f32 = t == 1;
        kparams p = {f32 ? ASC_FLOAT : ASC_HALF,
                     f32 ? CASC_DT_F32 : CASC_DT_F16,
                     form == 1,
                     f32 ? 50 : 117,
                     {0xF0F0FFFF00FF1234ull, f32 ? 0 : 0x00000000FFFFFFFFull},
                     mode,
                     1};
        int n = BYTES / (f32 ? 4 : 2);
        for (int i = 0; i < n; i++) {
          put(&p, x, i, xv(i));
          put(&p, y, i, yv(i));
        }
        memset(z, 0xEE, BYTES);
        compare_model(&p, want);
        CHECK(run(&p, x, y, z));
        CHECK_EQ_INT(nerr, 0);
        CHECK_EQ_INT(nwarn, 0);
        if (memcmp(z, want, 16) != 0)
          fprintf(stderr, "Compare (register) %s mode %d %s mask differs\n",
                  f32 ? "float" : "half", mode, form ? "bit" : "count");
        CHECK(memcmp(z, want, 16) == 0);
        /* GetCmpMask writes the 16 register bytes and nothing after */
        CHECK_EQ_INT(z[16], 0xEE);
      }
}

static void test_set_then_get(void) {
  static uint8_t x[BYTES], y[BYTES], z[BYTES];
  kparams p = {ASC_HALF, CASC_DT_F16, false, 1, {0, 0}, 0, 2};
  for (int i = 0; i < BYTES; i++)
    x[i] = (uint8_t)(i * 13 + 1);
  memset(z, 0, BYTES);
  CHECK(run(&p, x, y, z));
  CHECK_EQ_INT(nwarn, 0);
  CHECK(memcmp(z, x, 16) == 0);
  /* nothing wrote the register: a warning, and the model's zero bits */
  p.what = 3;
  memset(z, 0xEE, BYTES);
  CHECK(run(&p, x, y, z));
  CHECK_EQ_INT(nwarn, 1);
  CHECK_EQ_INT(z[0], 0);
  CHECK_EQ_INT(z[15], 0);
}

static void misuse_kernel(asc_kernel *k, void *user) {
  (void)user;
  (void)k;
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf b = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, b, 1024);
  asc_local_tensor i8 = asc_tbuf_get(b, ASC_INT8);
  asc_local_tensor h = asc_tbuf_get(b, ASC_HALF);
  asc_local_tensor i32 = asc_tbuf_get(b, ASC_INT32);
  asc_copy_repeat_params cp = asc_copyrepeatparams(1, 1, 8, 8);
  asc_binary_repeat_params bp = asc_binaryrepeatparams(1, 1, 1, 8, 8, 8);
  asc_copy(i8, i8, 64, 1, cp);
  asc_copy(h, i32, 64, 1, cp);
  asc_compare_r(i32, i32, ASC_CMPMODE_EQ, 64, bp);
  asc_compare_r(h, h, (asc_cmpmode)9, 64, bp);
}

static void test_misuse(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", misuse_kernel, NULL) == NULL);
  REQUIRE(diags.n == 4);
  CHECK_CONTAINS(diags.items[0]->msg, "asc_copy: dst has dtype int8; Copy");
  CHECK_CONTAINS(diags.items[1]->msg,
                 "asc_copy: src has dtype int32 but dst has dtype half");
  CHECK_CONTAINS(diags.items[2]->msg,
                 "asc_compare_r: src0 has dtype int32; Compare (register "
                 "form) takes half and float");
  CHECK_CONTAINS(diags.items[3]->msg, "9 is not a valid CMPMODE");
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_copy);
  RUN_TEST(test_compare_register);
  RUN_TEST(test_set_then_get);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
