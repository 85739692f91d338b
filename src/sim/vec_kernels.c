/* The element kernels of vec_kernels.def as tile loops: for each kernel a
 * float loop per shape (binary, vector-scalar, unary) and an integer loop
 * per shape and 16/32-bit type, with the kernel's expression a constant
 * inside the loop so that the compiler vectorises it. 16-bit floats use
 * the float loops through vec.c's widening. */
#include <math.h>

#include "sim/sim_internal.h"

/* Shifts by the element width or more: ShiftLeft gives 0; ShiftRight
 * gives 0, or -1 for a negative signed element (the sign fills the
 * element). Negative amounts behave as too-large ones. */
static inline int64_t sim_shl(int64_t a, int64_t b, int bits) {
  return b < 0 || b >= bits ? 0 : (int64_t)((uint64_t)a << b);
}
static inline int64_t sim_shr(int64_t a, int64_t b, bool uns, int bits) {
  if (b < 0 || b >= bits)
    return uns || a >= 0 ? 0 : -1;
  return uns ? (int64_t)((uint64_t)a >> b) : a >> b;
}

/* Relu of a fused result: NaN gives 0, as Relu's kernel. */
static inline float sim_relu(float v) {
  return v > 0 ? v : 0;
}

/* ---- float loops --------------------------------------------------------- */
#define F_BIN_(n, f)                                                           \
  static __attribute__((noinline)) void f32_bin_##n(                           \
      float *d, const float *x, const float *y, int64_t cnt) {                 \
    for (int64_t i = 0; i < cnt; i++) {                                        \
      float a = x[i], b = y[i];                                                \
      d[i] = (f);                                                              \
    }                                                                          \
  }                                                                            \
  static __attribute__((noinline)) void f32_sca_##n(float *d, const float *x,  \
                                                    float b, int64_t cnt) {    \
    for (int64_t i = 0; i < cnt; i++) {                                        \
      float a = x[i];                                                          \
      d[i] = (f);                                                              \
    }                                                                          \
  }
#define F_UN_(n, f)                                                            \
  static __attribute__((noinline)) void f32_un_##n(float *d, const float *x,   \
                                                   int64_t cnt) {              \
    for (int64_t i = 0; i < cnt; i++) {                                        \
      float a = x[i];                                                          \
      d[i] = (f);                                                              \
    }                                                                          \
  }

#define F_FUS_(n, f)                                                           \
  static __attribute__((noinline)) void f32_fus_##n(                           \
      float *d, const float *x, const float *y, int64_t cnt) {                 \
    for (int64_t i = 0; i < cnt; i++) {                                        \
      float a = x[i], b = y[i], c = d[i];                                      \
      d[i] = (f);                                                              \
    }                                                                          \
  }

/* ---- integer loops: one per element type --------------------------------- */
#define I_BIN_T_(n, i, tag, T, UNS, BITS)                                      \
  static __attribute__((noinline)) void tag##_bin_##n(                         \
      void *dv, const void *xv, const void *yv, int64_t cnt) {                 \
    T *d = dv;                                                                 \
    const T *x = xv, *y = yv;                                                  \
    const bool uns = UNS;                                                      \
    const int bits = BITS;                                                     \
    (void)uns, (void)bits;                                                     \
    for (int64_t k = 0; k < cnt; k++) {                                        \
      int64_t a = x[k], b = y[k];                                              \
      d[k] = (T)(i);                                                           \
    }                                                                          \
  }                                                                            \
  static __attribute__((noinline)) void tag##_sca_##n(                         \
      void *dv, const void *xv, int64_t b, int64_t cnt) {                      \
    T *d = dv;                                                                 \
    const T *x = xv;                                                           \
    const bool uns = UNS;                                                      \
    const int bits = BITS;                                                     \
    (void)uns, (void)bits;                                                     \
    for (int64_t k = 0; k < cnt; k++) {                                        \
      int64_t a = x[k];                                                        \
      d[k] = (T)(i);                                                           \
    }                                                                          \
  }
#define I_UN_T_(n, i, tag, T)                                                  \
  static __attribute__((noinline)) void tag##_un_##n(void *dv, const void *xv, \
                                                     int64_t cnt) {            \
    T *d = dv;                                                                 \
    const T *x = xv;                                                           \
    for (int64_t k = 0; k < cnt; k++) {                                        \
      int64_t a = x[k];                                                        \
      d[k] = (T)(i);                                                           \
    }                                                                          \
  }
#define I_BIN_(n, i)                                                           \
  I_BIN_T_(n, i, i16, int16_t, false, 16)                                      \
  I_BIN_T_(n, i, u16, uint16_t, true, 16)                                      \
  I_BIN_T_(n, i, i32, int32_t, false, 32)                                      \
  I_BIN_T_(n, i, u32, uint32_t, true, 32)
#define I_UN_(n, i)                                                            \
  I_UN_T_(n, i, i16, int16_t)                                                  \
  I_UN_T_(n, i, u16, uint16_t)                                                 \
  I_UN_T_(n, i, i32, int32_t)                                                  \
  I_UN_T_(n, i, u32, uint32_t)

/* clang-format off */
#define SIM_KBINARY(n, c, f, i) F_BIN_(n, f) I_BIN_(n, i)
#define SIM_KBINARY_F(n, c, f) F_BIN_(n, f)
#define SIM_KBINARY_I(n, c, i) I_BIN_(n, i)
#define SIM_KUNARY(n, c, f, i) F_UN_(n, f) I_UN_(n, i)
#define SIM_KUNARY_F(n, c, f) F_UN_(n, f)
#define SIM_KUNARY_I(n, c, i) I_UN_(n, i)
#define SIM_KREDUCE(n)
#define SIM_KFUSED_F(n, c, f) F_FUS_(n, f)
#include "sim/vec_kernels.def"

/* ---- the table ----------------------------------------------------------- */
#define F_BIN_ENTRY_(n) .f32_bin = f32_bin_##n, .f32_sca = f32_sca_##n
#define I_BIN_ENTRY_(n)                                                        \
  .i_bin = {i16_bin_##n, u16_bin_##n, i32_bin_##n, u32_bin_##n},              \
  .i_sca = {i16_sca_##n, u16_sca_##n, i32_sca_##n, u32_sca_##n}
#define I_UN_ENTRY_(n) .i_un = {i16_un_##n, u16_un_##n, i32_un_##n, u32_un_##n}

static const sim_vkernel kernels[SIM_K_COUNT_] = {
#define SIM_KBINARY(n, c, f, i)                                                 \
  [SIM_K_##n] = {#n, F_BIN_ENTRY_(n), I_BIN_ENTRY_(n), .arith = SIM_KA_##c},
#define SIM_KBINARY_F(n, c, f)                                                 \
  [SIM_K_##n] = {#n, F_BIN_ENTRY_(n), .arith = SIM_KA_##c},
#define SIM_KBINARY_I(n, c, i)                                                 \
  [SIM_K_##n] = {#n, I_BIN_ENTRY_(n), .arith = SIM_KA_##c},
#define SIM_KUNARY(n, c, f, i)                                                 \
  [SIM_K_##n] = {#n, .f32_un = f32_un_##n, I_UN_ENTRY_(n),                    \
                 .arith = SIM_KA_##c},
#define SIM_KUNARY_F(n, c, f)                                                  \
  [SIM_K_##n] = {#n, .f32_un = f32_un_##n, .arith = SIM_KA_##c},
#define SIM_KUNARY_I(n, c, i)                                                  \
  [SIM_K_##n] = {#n, I_UN_ENTRY_(n), .arith = SIM_KA_##c},
#define SIM_KREDUCE(n) [SIM_K_##n] = {#n, .reduce = true, .arith = SIM_KA_REDUCE},
#define SIM_KFUSED_F(n, c, f)                                                  \
  [SIM_K_##n] = {#n, .f32_fus = f32_fus_##n, .arith = SIM_KA_##c},
#include "sim/vec_kernels.def"
};
/* clang-format on */

const sim_vkernel *sim_vkernel_get(unsigned id) {
  return id > SIM_K_NONE && id < SIM_K_COUNT_ ? &kernels[id] : NULL;
}

int sim_vkernel_int_index(unsigned dt) {
  switch (dt) {
  case CASC_DT_I16:
    return SIM_KI_I16;
  case CASC_DT_U16:
    return SIM_KI_U16;
  case CASC_DT_I32:
    return SIM_KI_I32;
  case CASC_DT_U32:
    return SIM_KI_U32;
  default:
    return -1;
  }
}

unsigned sim_vec_shape(unsigned opc) {
  switch (opc) {
  case SIM_VEC_BINARY_REP:
    return SIM_VEC_BINARY;
  case SIM_VEC_SCALAR_REP:
    return SIM_VEC_SCALAR;
  case SIM_VEC_UNARY_REP:
    return SIM_VEC_UNARY;
  case SIM_VEC_REDUCE_REP:
    return SIM_VEC_REDUCE;
  case SIM_VEC_BINARY_L3:
    return SIM_VEC_BINARY;
  default:
    return opc;
  }
}

bool sim_vkernel_supports(const sim_vkernel *k, unsigned opc, unsigned dt) {
  if (!k)
    return false;
  bool fl = dt == CASC_DT_F32 || dt == CASC_DT_F16 || dt == CASC_DT_BF16;
  int ii = sim_vkernel_int_index(dt);
  switch (opc) {
  case SIM_VEC_BINARY:
    if (k->f32_fus) /* the fused ops take half and float (A2) */
      return dt == CASC_DT_F16 || dt == CASC_DT_F32;
    return fl ? k->f32_bin != NULL : ii >= 0 && k->i_bin[ii] != NULL;
  case SIM_VEC_SCALAR:
    return fl ? k->f32_sca != NULL : ii >= 0 && k->i_sca[ii] != NULL;
  case SIM_VEC_UNARY:
    return fl ? k->f32_un != NULL : ii >= 0 && k->i_un[ii] != NULL;
  case SIM_VEC_REDUCE:
    return k->reduce && fl;
  default:
    return false;
  }
}
