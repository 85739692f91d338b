/* The C API of the vector ops with an operand shape of their own, end to
 * end: asc_compare, asc_compare_scalar, asc_select (tensor and scalar
 * src1), asc_axpy, asc_gather, asc_transpose, asc_brcb and the count-mask
 * reductions (whole/block/pair/repeat reduce) each build their ASC-IR op, the
 * simulator runs it, and the result matches a plain C reference. Misuse is a
 * located error naming the API. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { N = 256, BYTES = 2048 };

typedef enum {
  C_COMPARE,
  C_COMPARE_SCALAR,
  C_SELECT,
  C_SELECT_SCALAR,
  C_AXPY,
  C_GATHER,
  C_TRANSPOSE,
  C_BRCB,
  C_WHOLE_SUM,
  C_WHOLE_MAX,
  C_BLOCK_MIN,
  C_PAIR_SUM,
  C_REPEAT_SUM,
  C_DUP_L0,
  C_COUNT_
} api_case;

static const char *const built_op[C_COUNT_] = {"ascendc.compare_l2",
                                               "ascendc.compare_scalar_l2",
                                               "ascendc.select_l2",
                                               "ascendc.select_scalar_l2",
                                               "ascendc.axpy_l2",
                                               "ascendc.gather_l2",
                                               "ascendc.transpose",
                                               "ascendc.brcb_l0",
                                               "ascendc.whole_reduce_sum_l0",
                                               "ascendc.whole_reduce_max_l0",
                                               "ascendc.block_reduce_min_l0",
                                               "ascendc.pair_reduce_sum_l0",
                                               "ascendc.repeat_reduce_sum_l0",
                                               "ascendc.duplicate_l0"};

typedef struct {
  api_case which;
  asc_dtype xt, yt, zt; /* x, y: inputs; z: output (in and out) */
  bool misuse;          /* a wrong dtype or mode, for the error test */
} kparams;

static asc_local_tensor load(asc_kernel *k, const char *name, asc_dtype dt,
                             asc_tpipe pipe, bool out, asc_global_tensor *g,
                             asc_tquebind *q) {
  asc_gm_addr a = asc_arg_gm(k, name, dt);
  *g = asc_globaltensor();
  int n = BYTES / (int)asc_dtype_sizeof(dt);
  asc_globaltensor_set_global_buffer(*g, a, n);
  *q = asc_tque(out ? ASC_TPOSITION_VECOUT : ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, *q, 1, BYTES);
  asc_local_tensor t = asc_tquebind_alloc_tensor(*q, dt);
  asc_data_copy(t, *g, n);
  return t;
}

static void call(const kparams *p, asc_local_tensor x, asc_local_tensor y,
                 asc_local_tensor z) {
  switch (p->which) {
  case C_COMPARE:
    asc_compare(z, x, y, p->misuse ? ASC_CMPMODE_LT : ASC_CMPMODE_LE, N);
    break;
  case C_COMPARE_SCALAR:
    asc_compare_scalar(z, x, 0.5, ASC_CMPMODE_GT, N);
    break;
  case C_SELECT: /* y is the selection mask, x both sources */
    asc_select(z, y, x, z,
               p->misuse ? ASC_SELMODE_VSEL_TENSOR_SCALAR_MODE
                         : ASC_SELMODE_VSEL_TENSOR_TENSOR_MODE,
               N);
    break;
  case C_SELECT_SCALAR:
    asc_select(z, y, x, -2.0, ASC_SELMODE_VSEL_TENSOR_SCALAR_MODE, N);
    break;
  case C_AXPY:
    asc_axpy(z, x, 1.5, N / 2);
    break;
  case C_GATHER: /* y holds the byte offsets */
    asc_gather(z, x, y, 8, N / 2);
    break;
  case C_TRANSPOSE:
    asc_transpose(z, x);
    break;
  case C_BRCB:
    asc_brcb(z, x, 2, asc_brcbrepeatparams(1, 8));
    break;
  /* four float repeats of 64 elements, contiguous */
  case C_WHOLE_SUM:
    asc_whole_reduce_sum(z, x, 64, 4, 1, 1, 8);
    break;
  case C_WHOLE_MAX:
    if (p->misuse)
      asc_whole_reduce_max(z, x, 64, 4, 1, 1, 8, 9);
    else
      asc_whole_reduce_max(z, x, 64, 4, 1, 1, 8,
                           ASC_REDUCEORDER_ORDER_INDEX_VALUE);
    break;
  case C_BLOCK_MIN:
    asc_block_reduce_min(z, x, 4, 64, 1, 1, 8);
    break;
  case C_PAIR_SUM:
    asc_pair_reduce_sum(z, x, 4, 64, 1, 1, 8);
    break;
  case C_REPEAT_SUM:
    asc_repeat_reduce_sum(z, x, 4, 64, 0, 1, 1, 8);
    break;
  default: /* 40 of each repeat's 64 floats, three repeats 16 blocks apart */
    asc_duplicate(z, 2.5, 40, 3, 1, 16);
    break;
  }
}

static void kernel(asc_kernel *k, void *user) {
  const kparams *p = user;
  asc_tpipe pipe = asc_tpipe();
  asc_global_tensor xg, yg, zg;
  asc_tquebind qx, qy, qz;
  asc_local_tensor x = load(k, "x", p->xt, pipe, false, &xg, &qx);
  asc_local_tensor y = load(k, "y", p->yt, pipe, false, &yg, &qy);
  asc_local_tensor z = load(k, "z", p->zt, pipe, true, &zg, &qz);
  call(p, x, y, z);
  asc_data_copy(zg, z, BYTES / (int)asc_dtype_sizeof(p->zt));
  asc_tquebind_free_tensor(qx, x);
  asc_tquebind_free_tensor(qy, y);
  asc_tquebind_free_tensor(qz, z);
}

static casc_dtype cdt(asc_dtype t) {
  switch (t) {
  case ASC_FLOAT:
    return CASC_DT_F32;
  case ASC_INT32:
    return CASC_DT_I32;
  case ASC_UINT8:
    return CASC_DT_U8;
  case ASC_UINT32:
    return CASC_DT_U32;
  case ASC_INT16:
    return CASC_DT_I16;
  default:
    return CASC_DT_F16;
  }
}

static bool builds_op(casc_op *module, const char *ir) {
  casc_op *fn = casc_module_body(module)->first;
  for (casc_op *op = casc_op_regions(fn)[0].first->first; op; op = op->next)
    if (strcmp(casc_op_name(op), ir) == 0)
      return true;
  return false;
}

static float fx(int i) {
  return (float)((i * 37) % 23 - 11) / 4.0f;
}

/* The expected z of each case, from x, y and z's initial content. */
static void reference(api_case w, const uint8_t *x, const uint8_t *y,
                      uint8_t *z) {
  const float *xf = (const float *)(const void *)x;
  float *zf = (float *)(void *)z;
  switch (w) {
  case C_COMPARE:
  case C_COMPARE_SCALAR:
    memset(z, 0, N / 8);
    for (int i = 0; i < N; i++) {
      bool on = w == C_COMPARE ? xf[i] <= ((const float *)(const void *)y)[i]
                               : xf[i] > 0.5f;
      z[i / 8] |= (uint8_t)(on << (i % 8));
    }
    break;
  case C_SELECT:
  case C_SELECT_SCALAR:
    for (int i = 0; i < N; i++)
      if (y[i / 8] >> (i % 8) & 1)
        zf[i] = xf[i];
      else if (w == C_SELECT_SCALAR)
        zf[i] = -2.0f;
    break;
  case C_AXPY:
    for (int i = 0; i < N / 2; i++)
      zf[i] = zf[i] + 1.5f * xf[i];
    break;
  case C_GATHER:
    for (int i = 0; i < N / 2; i++) {
      uint32_t o;
      memcpy(&o, y + 4 * i, 4);
      memcpy(z + 4 * i, x + 8 + o, 4);
    }
    break;
  case C_TRANSPOSE:
    for (int i = 0; i < 16; i++)
      for (int j = 0; j < 16; j++)
        memcpy(z + (j * 16 + i) * 2, x + (i * 16 + j) * 2, 2);
    break;
  case C_BRCB:
    for (int r = 0; r < 2; r++)
      for (int j = 0; j < 8; j++)
        for (int e = 0; e < 8; e++)
          zf[(r * 8 + j) * 8 + e] = xf[r * 8 + j];
    break;
  case C_DUP_L0:
    for (int r = 0; r < 3; r++)
      for (int e = 0; e < 40; e++)
        zf[r * 128 + e] = 2.5f;
    break;
  default: /* the reductions: the data sum exactly (quarters) */
    for (int r = 0; r < 4; r++) {
      const float *v = xf + 64 * r;
      float sum = 0, best = v[0];
      uint32_t bi = 0;
      for (int e = 0; e < 64; e++) {
        sum += v[e];
        if (v[e] > best) {
          best = v[e];
          bi = (uint32_t)e;
        }
      }
      if (w == C_WHOLE_SUM || w == C_REPEAT_SUM)
        zf[r] = sum;
      else if (w == C_WHOLE_MAX) {
        memcpy(zf + 2 * r, &bi, 4); /* ORDER_INDEX_VALUE */
        zf[2 * r + 1] = best;
      } else if (w == C_BLOCK_MIN) {
        for (int k = 0; k < 8; k++) {
          float m = v[8 * k];
          for (int e = 1; e < 8; e++)
            m = v[8 * k + e] < m ? v[8 * k + e] : m;
          zf[8 * r + k] = m;
        }
      } else {
        for (int j = 0; j < 32; j++)
          zf[32 * r + j] = v[2 * j] + v[2 * j + 1];
      }
    }
    break;
  }
}

static const kparams cases[C_COUNT_] = {
    {C_COMPARE, ASC_FLOAT, ASC_FLOAT, ASC_UINT8, false},
    {C_COMPARE_SCALAR, ASC_FLOAT, ASC_FLOAT, ASC_UINT8, false},
    {C_SELECT, ASC_FLOAT, ASC_UINT8, ASC_FLOAT, false},
    {C_SELECT_SCALAR, ASC_FLOAT, ASC_UINT8, ASC_FLOAT, false},
    {C_AXPY, ASC_FLOAT, ASC_FLOAT, ASC_FLOAT, false},
    {C_GATHER, ASC_FLOAT, ASC_UINT32, ASC_FLOAT, false},
    {C_TRANSPOSE, ASC_INT16, ASC_INT16, ASC_INT16, false},
    {C_BRCB, ASC_FLOAT, ASC_FLOAT, ASC_FLOAT, false},
    {C_WHOLE_SUM, ASC_FLOAT, ASC_FLOAT, ASC_FLOAT, false},
    {C_WHOLE_MAX, ASC_FLOAT, ASC_FLOAT, ASC_FLOAT, false},
    {C_BLOCK_MIN, ASC_FLOAT, ASC_FLOAT, ASC_FLOAT, false},
    {C_PAIR_SUM, ASC_FLOAT, ASC_FLOAT, ASC_FLOAT, false},
    {C_REPEAT_SUM, ASC_FLOAT, ASC_FLOAT, ASC_FLOAT, false},
    {C_DUP_L0, ASC_FLOAT, ASC_FLOAT, ASC_FLOAT, false},
};

static void run_case(const kparams *p) {
  static uint8_t x[BYTES], y[BYTES], z[BYTES], want[BYTES];
  for (int i = 0; i < BYTES / 4; i++) {
    float f = fx(i);
    memcpy(x + 4 * i, &f, 4);
    float g = fx(i + 5);
    memcpy(y + 4 * i, &g, 4);
    float h = -7.0f;
    memcpy(z + 4 * i, &h, 4);
  }
  if (p->yt == ASC_UINT8)
    for (int i = 0; i < BYTES; i++)
      y[i] = (uint8_t)(i * 29 + 3);
  if (p->yt == ASC_UINT32)
    for (int i = 0; i < BYTES / 4; i++) {
      uint32_t o = (uint32_t)((i * 13) % 300) * 4;
      memcpy(y + 4 * i, &o, 4);
    }
  memcpy(want, z, BYTES);
  reference(p->which, x, y, want);
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "k", kernel, (void *)p);
  if (!m) {
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
    CHECK(m != NULL);
  } else {
    CHECK(builds_op(m, built_op[p->which]));
    casc_arg args[3] = {
        casc_arg_gm(x, cdt(p->xt), BYTES / asc_dtype_sizeof(p->xt)),
        casc_arg_gm(y, cdt(p->yt), BYTES / asc_dtype_sizeof(p->yt)),
        casc_arg_gm(z, cdt(p->zt), BYTES / asc_dtype_sizeof(p->zt))};
    casc_launch_status st = casc_launch(ctx, m, "k", 1, args, 3, NULL, NULL);
    bool ok = st == CASC_LAUNCH_OK && memcmp(z, want, BYTES) == 0;
    if (!ok) {
      fprintf(stderr, "%s: status %d\n", built_op[p->which], (int)st);
      for (unsigned i = 0; i < diags.n; i++)
        casc_diag_print(diags.items[i], stderr);
    }
    CHECK(ok);
  }
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_every_api(void) {
  for (int w = 0; w < C_COUNT_; w++)
    run_case(&cases[w]);
}

/* Misuse is reported at the call, naming the API. */
static void expect_error(const kparams *p, const char *what) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", kernel, (void *)p) == NULL);
  if (CHECK(diags.n >= 1)) {
    if (!strstr(diags.items[0]->msg, what))
      fprintf(stderr, "got: %s\n", diags.items[0]->msg);
    CHECK_CONTAINS(diags.items[0]->msg, what);
  }
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_misuse(void) {
  kparams p = {C_COMPARE, ASC_INT32, ASC_INT32, ASC_UINT8, true};
  expect_error(&p, "asc_compare: src0 has dtype int32; Compare takes half and "
                   "float (and int32 with CMPMODE.EQ)");
  p = (kparams){C_SELECT, ASC_FLOAT, ASC_UINT8, ASC_FLOAT, true};
  expect_error(&p, "asc_select: VSEL_TENSOR_SCALAR_MODE needs a scalar src1");
  p = (kparams){C_AXPY, ASC_FLOAT, ASC_FLOAT, ASC_HALF, false};
  expect_error(&p, "asc_axpy: Axpy from float to half is not supported");
  p = (kparams){C_TRANSPOSE, ASC_FLOAT, ASC_FLOAT, ASC_FLOAT, false};
  expect_error(&p, "asc_transpose: dst has dtype float; Transpose takes int16");
  p = (kparams){C_WHOLE_MAX, ASC_FLOAT, ASC_FLOAT, ASC_FLOAT, true};
  expect_error(&p, "asc_whole_reduce_max: 9 is not a valid ReduceOrder");
  p = (kparams){C_BLOCK_MIN, ASC_INT32, ASC_INT32, ASC_INT32, false};
  expect_error(&p, "asc_block_reduce_min: dst has dtype int32; BlockReduceMin "
                   "supports half, float");
}

int main(void) {
  RUN_TEST(test_every_api);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
