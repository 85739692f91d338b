/* Element types: sizes, names, IR mapping, and the 16-bit float formats.
 * half and bfloat16 are kept as bit patterns (uint16_t); arithmetic on them
 * is done in float and rounded back to nearest-even after every op, which
 * is exact for +, -, *, / and sqrt because float has more than twice the
 * precision plus two bits of either format. */
#include <math.h>
#include <string.h>

#include "sim/half.h"
#include "sim/sim_internal.h"

float casc_f16_to_f32(uint16_t h) {
  return sim_h2f(h);
}
uint16_t casc_f32_to_f16(float f) {
  return sim_f2h(f);
}
float casc_bf16_to_f32(uint16_t b) {
  return sim_bf2f(b);
}
uint16_t casc_f32_to_bf16(float f) {
  return sim_f2bf(f);
}

double sim_fround(double v, unsigned dt) {
  switch (dt) {
  case CASC_DT_F32:
    return (float)v;
  case CASC_DT_F16:
    return sim_h2f(sim_f2h((float)v));
  case CASC_DT_BF16:
    return sim_bf2f(sim_f2bf((float)v));
  default:
    return v;
  }
}

/* ---- scalar element access -------------------------------------------------
 */

double sim_load_f(const void *p, unsigned dt) {
  switch (dt) {
  case CASC_DT_F16: {
    uint16_t h;
    memcpy(&h, p, 2);
    return casc_f16_to_f32(h);
  }
  case CASC_DT_BF16: {
    uint16_t h;
    memcpy(&h, p, 2);
    return casc_bf16_to_f32(h);
  }
  case CASC_DT_F32: {
    float f;
    memcpy(&f, p, 4);
    return f;
  }
  case CASC_DT_F64: {
    double d;
    memcpy(&d, p, 8);
    return d;
  }
  default:
    return (double)sim_load_i(p, dt);
  }
}

int64_t sim_load_i(const void *p, unsigned dt) {
  switch (dt) {
  case CASC_DT_BOOL:
    return *(const uint8_t *)p & 1;
  case CASC_DT_I8:
    return *(const int8_t *)p;
  case CASC_DT_U8:
    return *(const uint8_t *)p;
  case CASC_DT_I16: {
    int16_t v;
    memcpy(&v, p, 2);
    return v;
  }
  case CASC_DT_U16: {
    uint16_t v;
    memcpy(&v, p, 2);
    return v;
  }
  case CASC_DT_I32: {
    int32_t v;
    memcpy(&v, p, 4);
    return v;
  }
  case CASC_DT_U32: {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
  }
  case CASC_DT_I64:
  case CASC_DT_U64: {
    int64_t v;
    memcpy(&v, p, 8);
    return v;
  }
  default: {
    double d = sim_load_f(p, dt);
    return isfinite(d) ? (int64_t)d : 0;
  }
  }
}

void sim_store_f(void *p, unsigned dt, double v) {
  switch (dt) {
  case CASC_DT_F16: {
    uint16_t h = casc_f32_to_f16((float)v);
    memcpy(p, &h, 2);
    return;
  }
  case CASC_DT_BF16: {
    uint16_t h = casc_f32_to_bf16((float)v);
    memcpy(p, &h, 2);
    return;
  }
  case CASC_DT_F32: {
    float f = (float)v;
    memcpy(p, &f, 4);
    return;
  }
  case CASC_DT_F64:
    memcpy(p, &v, 8);
    return;
  default:
    sim_store_i(p, dt, isfinite(v) ? (int64_t)v : 0);
    return;
  }
}

void sim_store_i(void *p, unsigned dt, int64_t v) {
  switch (dt) {
  case CASC_DT_BOOL:
    *(uint8_t *)p = (uint8_t)(v & 1);
    return;
  case CASC_DT_I8:
  case CASC_DT_U8:
    *(uint8_t *)p = (uint8_t)v;
    return;
  case CASC_DT_I16:
  case CASC_DT_U16: {
    uint16_t x = (uint16_t)v;
    memcpy(p, &x, 2);
    return;
  }
  case CASC_DT_I32:
  case CASC_DT_U32: {
    uint32_t x = (uint32_t)v;
    memcpy(p, &x, 4);
    return;
  }
  case CASC_DT_I64:
  case CASC_DT_U64:
    memcpy(p, &v, 8);
    return;
  default:
    sim_store_f(p, dt, (double)v);
    return;
  }
}
