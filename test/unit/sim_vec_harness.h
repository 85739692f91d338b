/* A harness for vector-op tests of the simulator: a kernel as IR text
 * around one op line, with tensors of TILE bytes that go GM -> UB before
 * the op and (for outputs) UB -> GM after it, run on one block; and half
 * precision by hand, so that the C models of the tests round independently
 * of the simulator. Static functions: include it from one test file. */
#ifndef CASC_TEST_SIM_VEC_HARNESS_H
#define CASC_TEST_SIM_VEC_HARNESS_H

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/sim.h"
#include "casc/text.h"

enum { TILE = 2048 };

/* ---- half by hand ------------------------------------------------------- */

/* Round a double to the nearest binary16 value (ties to even; overflow to
 * infinity), returned as a double. */
static inline double round_half(double v) {
  if (v == 0 || isnan(v) || isinf(v))
    return v;
  int e = 0;
  frexp(fabs(v), &e); /* |v| = m * 2^e, m in [0.5, 1) */
  int q = e - 11;     /* 11 significant bits */
  if (q < -24)
    q = -24; /* subnormal quantum */
  double r = ldexp(nearbyint(ldexp(fabs(v), -q)), q);
  if (r > 65504)
    r = INFINITY;
  return copysign(r, v);
}

static inline uint16_t half_bits(double v) { /* v is a half value */
  uint16_t s = signbit(v) ? 0x8000 : 0;
  double a = fabs(v);
  if (isnan(a))
    return s | 0x7e00;
  if (isinf(a))
    return s | 0x7c00;
  if (a < ldexp(1, -14))
    return s | (uint16_t)ldexp(a, 24);
  int e = 0;
  double m = frexp(a, &e);
  return s | (uint16_t)((e - 1 + 15) << 10) | (uint16_t)((m * 2 - 1) * 1024);
}

static inline double half_value(uint16_t h) {
  int ex = h >> 10 & 0x1f, mant = h & 0x3ff;
  double v = ex == 0    ? ldexp(mant, -24)
             : ex == 31 ? (mant ? NAN : INFINITY)
                        : ldexp(1024 + mant, ex - 25);
  return h & 0x8000 ? -v : v;
}

/* ---- element types ------------------------------------------------------ */

typedef struct {
  const char *ir; /* "f16" */
  casc_dtype dt;
  unsigned es;
} etype;

static const etype E_F16 = {"f16", CASC_DT_F16, 2};
static const etype E_F32 = {"f32", CASC_DT_F32, 4};
static const etype E_I32 = {"i32", CASC_DT_I32, 4};
static const etype E_U8 = {"ui8", CASC_DT_U8, 1};

/* The value v after one rounding to t. */
static inline double rnd(const etype *t, double v) {
  return t->dt == CASC_DT_F16 ? round_half(v) : (double)(float)v;
}

static inline void put(const etype *t, uint8_t *buf, int64_t i, double v) {
  if (t->dt == CASC_DT_F16) {
    uint16_t h = half_bits(v);
    memcpy(buf + i * 2, &h, 2);
  } else if (t->dt == CASC_DT_F32) {
    float f = (float)v;
    memcpy(buf + i * 4, &f, 4);
  } else if (t->dt == CASC_DT_I32) {
    int32_t x = (int32_t)v;
    memcpy(buf + i * 4, &x, 4);
  } else {
    buf[i] = (uint8_t)v;
  }
}

static inline double get(const etype *t, const uint8_t *buf, int64_t i) {
  if (t->dt == CASC_DT_F16) {
    uint16_t h;
    memcpy(&h, buf + i * 2, 2);
    return half_value(h);
  }
  if (t->dt == CASC_DT_F32) {
    float f;
    memcpy(&f, buf + i * 4, 4);
    return f;
  }
  if (t->dt == CASC_DT_I32) {
    int32_t x;
    memcpy(&x, buf + i * 4, 4);
    return x;
  }
  return buf[i];
}

/* ---- the kernel as IR text ---------------------------------------------- */

typedef struct {
  char *s;
  size_t n, cap;
} sbuf;

static inline void sb_add(sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static inline void sb_add(sbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int need = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (b->n + (size_t)need + 1 > b->cap) {
    b->cap = (b->n + (size_t)need + 1) * 2;
    b->s = realloc(b->s, b->cap);
  }
  va_start(ap, fmt);
  vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
  va_end(ap);
  b->n += (size_t)need;
}

/* One tensor of the kernel: GM argument `name`, local tensor %<name>l of
 * TILE bytes, copied in before the op; an output is copied back after. */
typedef struct {
  const char *name;
  const etype *t;
  bool out;
} ktensor;

/* The kernel around op_line, which may use %<name>l, %c1 (1 : i32) and
 * %m0 / %m1 (the ui64 mask words m0, m1). */
static inline char *kernel_text(const ktensor *ts, unsigned n, uint64_t m0,
                                uint64_t m1, const char *op_line) {
  sbuf b = {0};
  sb_add(&b, "module {\n  func.func @k(");
  for (unsigned i = 0; i < n; i++)
    sb_add(&b, "%s%%%s: memref<?x%s, 22> loc(\"%s\")", i ? ", " : "",
           ts[i].name, ts[i].t->ir, ts[i].name);
  sb_add(&b, ") attributes {ascendc.global} {\n");
  sb_add(
      &b,
      "    %%c1 = arith.constant 1 : i32\n"
      "    %%cb = arith.constant %d : i32\n"
      "    %%m0 = \"emitc.constant\"() <{value = %llu : ui64}> : () -> ui64\n"
      "    %%m1 = \"emitc.constant\"() <{value = %llu : ui64}> : () -> ui64\n"
      "    %%pipe = ascendc.pipe\n",
      TILE, (unsigned long long)m0, (unsigned long long)m1);
  for (unsigned i = 0; i < n; i++) {
    const char *nm = ts[i].name, *ty = ts[i].t->ir;
    const char *pos = ts[i].out ? "vecout" : "vecin";
    sb_add(&b,
           "    %%%sg = ascendc.global_tensor : !ascendc.global_tensor<*x%s>\n"
           "    ascendc.global_tensor.set_global_buffer %%%sg, %%%s : "
           "!ascendc.global_tensor<*x%s>, memref<?x%s, 22>\n"
           "    %%%sq = ascendc.queue : <%s, 1>\n"
           "    ascendc.pipe.init_queue %%pipe, %%%sq, %%c1, %%cb : "
           "!ascendc.queue<%s, 1>, i32, i32\n"
           "    %%%sl = ascendc.que_bind.alloc_tensor %%%sq : "
           "!ascendc.queue<%s, 1>, !ascendc.local_tensor<*x%s>\n"
           "    %%%sn = arith.constant %u : i32\n"
           "    ascendc.data_copy_l2 %%%sl, %%%sg, %%%sn : "
           "!ascendc.local_tensor<*x%s>, !ascendc.global_tensor<*x%s>, i32\n",
           nm, ty, nm, nm, ty, ty, nm, pos, nm, pos, nm, nm, pos, ty, nm,
           TILE / ts[i].t->es, nm, nm, nm, ty, ty);
  }
  sb_add(&b, "    %s\n", op_line);
  for (unsigned i = 0; i < n; i++) {
    const char *nm = ts[i].name, *ty = ts[i].t->ir;
    if (ts[i].out)
      sb_add(&b,
             "    ascendc.data_copy_l2 %%%sg, %%%sl, %%%sn : "
             "!ascendc.global_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
             "i32\n",
             nm, nm, nm, ty, ty);
    sb_add(&b,
           "    ascendc.que_bind.free_tensor %%%sq, %%%sl : "
           "!ascendc.queue<%s, 1>, !ascendc.local_tensor<*x%s>\n",
           nm, nm, ts[i].out ? "vecout" : "vecin", ty);
  }
  sb_add(&b, "    return\n  }\n}\n");
  return b.s;
}

/* Parses and runs text on one block with bufs[i] (TILE bytes each) as the
 * tensors' GM; the diagnostics' messages go to msgs, one a line. */
static inline casc_launch_status run_text(const char *text, const ktensor *ts,
                                          unsigned n, uint8_t *const *bufs,
                                          char *msgs, size_t msgs_len) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_parse_module(ctx, text, strlen(text), "k.mlir", 1);
  casc_launch_status st = CASC_LAUNCH_BAD_LAUNCH;
  if (m) {
    casc_arg args[8];
    for (unsigned i = 0; i < n && i < 8; i++)
      args[i] = casc_arg_gm(bufs[i], ts[i].t->dt, TILE / ts[i].t->es);
    st = casc_launch(ctx, m, "k", 1, args, n, NULL, NULL);
  }
  msgs[0] = 0;
  for (unsigned i = 0; i < diags.n; i++) {
    size_t u = strlen(msgs);
    snprintf(msgs + u, msgs_len - u, "%s\n", diags.items[i]->msg);
  }
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
  return st;
}

#endif
