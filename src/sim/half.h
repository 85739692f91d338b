/* IEEE half and bfloat16 <-> float, round to nearest even, inline for the
 * tile loops of vec.c (the public casc_f16_to_f32 ... wrap these). */
#ifndef CASC_SIM_HALF_H
#define CASC_SIM_HALF_H

#include <stdint.h>
#include <string.h>

/* ---- half ---------------------------------------------------------------- */

static inline float sim_h2f(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f, man = h & 0x3ff, bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (man << 13); /* inf / NaN keeps payload */
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (man << 13);
  } else {
    /* zero or subnormal: man * 2^-24 is exact in float */
    float f = (float)man * 0x1p-24f;
    memcpy(&bits, &f, 4);
    bits |= sign;
  }
  float f;
  memcpy(&f, &bits, 4);
  return f;
}

static inline uint16_t sim_f2h(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
  uint32_t ax = x & 0x7fffffffu;
  if (ax >= 0x7f800000u) /* inf or NaN (quiet it, keep the top bits) */
    return sign | (ax > 0x7f800000u ? (uint16_t)(0x7e00 | ((ax >> 13) & 0x1ff))
                                    : 0x7c00);
  if (ax >= 0x477ff000u) /* >= 65520 rounds to infinity */
    return sign | 0x7c00;
  if (ax < 0x38800000u) { /* below 2^-14: half subnormal or zero */
    float a;
    memcpy(&a, &ax, 4);
    /* Adding 0.5 puts the value on a grid of 2^-24 (float's ulp in
     * [0.5, 1)), so the float addition rounds it to nearest-even for us. */
    a += 0.5f;
    uint32_t b;
    memcpy(&b, &a, 4);
    return sign | (uint16_t)(b - 0x3f000000u);
  }
  uint32_t odd = (ax >> 13) & 1;
  ax += 0xc8000fffu + odd; /* rebias exponent (-112 << 23) and round */
  return sign | (uint16_t)(ax >> 13);
}

/* ---- bfloat16
 * ----------------------------------------------------------------- */

static inline float sim_bf2f(uint16_t b) {
  uint32_t x = (uint32_t)b << 16;
  float f;
  memcpy(&f, &x, 4);
  return f;
}

static inline uint16_t sim_f2bf(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return (uint16_t)((x >> 16) | 0x40); /* quiet NaN */
  x += 0x7fffu + ((x >> 16) & 1);
  return (uint16_t)(x >> 16);
}

#endif
