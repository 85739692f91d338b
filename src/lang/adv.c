/* The advanced APIs (pyasc asc.adv; docs/simulator.md, "Advanced APIs"):
 * SoftMax, SimpleSoftMax and AscendQuant, their parameter structs, and the
 * host-side queries of their temporary-buffer sizes and SoftMax tiling
 * (the formulas of the Ascend C library for Atlas A2, cited in the doc). */
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"

/* ---- host side --------------------------------------------------------- */

enum { SM_BLOCK = 32, SM_FLOAT = 4, SM_UNIT = 64, SM_MIN_BASIC = 256 };

static bool softmax_type_ok(uint32_t type_size) {
  return type_size == 2 || type_size == 4;
}

uint32_t asc_get_softmax_max_tmp_size(uint32_t src_m, uint32_t src_k,
                                      uint32_t type_size) {
  if (!softmax_type_ok(type_size) || !src_m || !src_k)
    return 0;
  uint64_t n = (uint64_t)src_m * (SM_BLOCK / type_size + src_k + SM_UNIT);
  return n * SM_FLOAT > UINT32_MAX ? 0 : (uint32_t)(n * SM_FLOAT);
}

uint32_t asc_get_softmax_min_tmp_size(uint32_t src_m, uint32_t src_k,
                                      uint32_t type_size) {
  if (!softmax_type_ok(type_size) || !src_m || !src_k)
    return 0;
  return (SM_BLOCK / type_size + src_k + SM_UNIT) * SM_FLOAT;
}

bool asc_softmax_tiling_func(uint32_t src_m, uint32_t src_k, uint32_t type_size,
                             uint32_t local_workspace_size,
                             asc_softmax_tiling_data *t) {
  if (!t || !softmax_type_ok(type_size) || !src_m || !src_k ||
      (src_k * type_size) % SM_BLOCK)
    return false;
  memset(t, 0, sizeof *t);
  uint32_t per_blk = SM_BLOCK / type_size;
  uint32_t base_m =
      local_workspace_size / SM_FLOAT / (per_blk + src_k + SM_UNIT);
  if (base_m > src_m)
    base_m = src_m;
  /* Rows per pass: a multiple of the 8 floats of a block when the rows do
   * not all fit; with the basic-block shape (rows a multiple of 8, columns
   * of 64) a divisor of the rows whose pass stays under 255 repeats. */
  if (base_m < src_m && base_m > SM_BLOCK / SM_FLOAT)
    base_m = base_m / (SM_BLOCK / SM_FLOAT) * (SM_BLOCK / SM_FLOAT);
  if (base_m > SM_BLOCK / SM_FLOAT && src_m % (SM_BLOCK / SM_FLOAT) == 0 &&
      src_k % SM_UNIT == 0) {
    base_m = base_m / (SM_BLOCK / SM_FLOAT) * (SM_BLOCK / SM_FLOAT);
    while (src_m % base_m)
      base_m -= SM_BLOCK / SM_FLOAT;
    while (base_m * src_k >= SM_UNIT * SM_MIN_BASIC)
      base_m /= 2;
  }
  t->src_m = src_m;
  t->src_k = src_k;
  t->src_size = src_m * src_k;
  t->out_max_m = src_m;
  t->out_max_k = per_blk;
  t->out_max_size = src_m * per_blk;
  t->split_m = base_m;
  t->split_k = src_k;
  t->split_size = base_m * src_k;
  t->reduce_m = base_m;
  t->reduce_k = per_blk;
  t->reduce_size = base_m * per_blk;
  uint32_t tail = base_m ? src_m % base_m : 0;
  t->range_m = base_m ? src_m / base_m : 0;
  t->tail_m = tail;
  t->tail_split_size = tail * src_k;
  t->tail_reduce_size = tail * per_blk;
  return true;
}

void asc_get_ascend_quant_max_min_tmp_size(uint32_t count, uint32_t *max_value,
                                           uint32_t *min_value) {
  /* Two 256-byte repeats at least; up to two bytes per element. */
  uint64_t lo = 2 * 256, need = (uint64_t)count * 2;
  uint64_t hi = ((need > lo ? need : lo) + 31) / 32 * 32;
  if (min_value)
    *min_value = (uint32_t)lo;
  if (max_value)
    *max_value = hi > UINT32_MAX ? UINT32_MAX : (uint32_t)hi;
}

/* GetRmsNormMaxMinTmpSize for src [b, s, h]: the max holds the whole input
 * in floats (twice for half, which is cast) plus the reduced values; the
 * min one row of it plus one block. */
bool asc_get_rmsnorm_max_min_tmp_size(uint32_t b, uint32_t s, uint32_t h,
                                      uint32_t type_size, uint32_t *max_value,
                                      uint32_t *min_value) {
  if (!softmax_type_ok(type_size) || !b || !s || !h)
    return false;
  uint32_t coeff = type_size == 2 ? 2 : 1, per_blk = SM_BLOCK / type_size;
  uint64_t bs = ((uint64_t)b * s + per_blk - 1) / per_blk * per_blk;
  uint64_t hi = ((uint64_t)b * s * h * coeff + bs) * SM_FLOAT;
  if (hi > UINT32_MAX)
    return false;
  if (max_value)
    *max_value = (uint32_t)hi;
  if (min_value)
    *min_value = (h * coeff + SM_BLOCK / SM_FLOAT) * SM_FLOAT;
  return true;
}

bool asc_get_rmsnorm_tiling_info(uint32_t b, uint32_t s, uint32_t h,
                                 uint32_t original_h, uint32_t stack_bytes,
                                 uint32_t type_size,
                                 asc_rmsnorm_tiling_data *t) {
  uint32_t lo;
  if (!t || !original_h || original_h > h || (h * type_size) % SM_BLOCK ||
      !asc_get_rmsnorm_max_min_tmp_size(b, s, h, type_size, NULL, &lo) ||
      stack_bytes < lo)
    return false;
  memset(t, 0, sizeof *t);
  t->b_length = b;
  t->s_length = s;
  t->h_length = h;
  t->original_h_length = original_h;
  t->reciprocal_of_h_length = 1.0f / (float)original_h;
  /* Rows per pass: as many as the buffer holds (h floats each, twice for
   * half, plus the reduced values rounded to a block), at most the input
   * and 255 (one repeat count). */
  uint32_t total = stack_bytes / SM_FLOAT, coeff = type_size == 2 ? 2 : 1;
  uint32_t bs = 1;
  while (total >= (uint64_t)(bs + 1) * h * coeff + (bs + 1 + 7) / 8 * 8)
    bs++;
  uint64_t input = (uint64_t)b * s * h;
  uint64_t one = (uint64_t)bs * h;
  if (one > input)
    one = input;
  bs = (uint32_t)(one / h);
  if (bs > 255)
    bs = 255;
  one = (uint64_t)bs * h;
  t->main_bsh_length = (uint32_t)one;
  t->main_bs_length = bs;
  t->main_bs_length_align = (bs + 7) / 8 * 8;
  t->loop_round = (uint32_t)(input / one);
  uint32_t tail = (uint32_t)(input % one);
  t->tail_bsh_length = tail;
  t->input_tail_pos = (uint32_t)(input - tail);
  t->tail_bs_length = tail / h;
  return true;
}

/* ---- kernel side ------------------------------------------------------- */

asc_rmsnorm_tiling asc_rmsnormtiling_at(const char *file, int line,
                                        const asc_rmsnorm_tiling_data *d) {
  lang_call c;
  asc_rmsnorm_tiling r = {0};
  if (!lang_begin(&c, "asc_rmsnormtiling", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  if (!d) {
    lang_error(&c, "the tiling data is NULL");
    return r;
  }
  static const char *const names[12] = {"b_length",
                                        "s_length",
                                        "h_length",
                                        "original_h_length",
                                        "reciprocal_of_h_length",
                                        "main_bsh_length",
                                        "main_bs_length",
                                        "main_bs_length_align",
                                        "loop_round",
                                        "input_tail_pos",
                                        "tail_bsh_length",
                                        "tail_bs_length"};
  const uint32_t v[12] = {d->b_length,
                          d->s_length,
                          d->h_length,
                          d->original_h_length,
                          0,
                          d->main_bsh_length,
                          d->main_bs_length,
                          d->main_bs_length_align,
                          d->loop_round,
                          d->input_tail_pos,
                          d->tail_bsh_length,
                          d->tail_bs_length};
  asc__sv in[12];
  casc_type *t[12];
  for (unsigned i = 0; i < 12; i++) {
    in[i] = asc__sv_u(v[i]);
    t[i] = c.k->ui32;
  }
  /* pyasc's one float field. */
  in[4] = asc__sv_f(d->reciprocal_of_h_length);
  t[4] = c.k->f32;
  r.p_ = lang_construct(&c, CASC_ASC_RMSNORM_TILING, 12, in, names, t, t);
  return r;
}

asc_softmax_tiling asc_softmaxtiling_at(const char *file, int line,
                                        const asc_softmax_tiling_data *d) {
  lang_call c;
  asc_softmax_tiling r = {0};
  if (!lang_begin(&c, "asc_softmaxtiling", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  if (!d) {
    lang_error(&c, "the tiling data is NULL");
    return r;
  }
  static const char *const names[16] = {
      "src_m",      "src_k",        "src_size",        "out_max_m",
      "out_max_k",  "out_max_size", "split_m",         "split_k",
      "split_size", "reduce_m",     "reduce_k",        "reduce_size",
      "range_m",    "tail_m",       "tail_split_size", "tail_reduce_size"};
  const uint32_t v[16] = {
      d->src_m,      d->src_k,        d->src_size,        d->out_max_m,
      d->out_max_k,  d->out_max_size, d->split_m,         d->split_k,
      d->split_size, d->reduce_m,     d->reduce_k,        d->reduce_size,
      d->range_m,    d->tail_m,       d->tail_split_size, d->tail_reduce_size};
  asc__sv in[16];
  casc_type *t[16];
  for (unsigned i = 0; i < 16; i++) {
    in[i] = asc__sv_u(v[i]);
    t[i] = c.k->ui32;
  }
  r.p_ = lang_construct(&c, CASC_ASC_SOFTMAX_TILING, 16, in, names, t, t);
  return r;
}

asc_softmax_shape_info asc_softmaxshapeinfo_at(const char *file, int line,
                                               const asc__sv *fields) {
  lang_call c;
  asc_softmax_shape_info r = {0};
  if (!lang_begin(&c, "asc_softmaxshapeinfo", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  static const char *const names[4] = {"src_m", "src_k", "ori_src_m",
                                       "ori_src_k"};
  casc_type *const t[4] = {c.k->ui32, c.k->ui32, c.k->ui32, c.k->ui32};
  r.p_ =
      lang_construct(&c, CASC_ASC_SOFTMAX_SHAPE_INFO, 4, fields, names, t, t);
  return r;
}

/* A LocalTensor operand and its element dtype. */
static casc_value *ltensor(lang_call *c, asc_local_tensor t, const char *what,
                           casc_dtype *dt) {
  return lang_local_tensor(c, t.p_, t.k_, what, dt);
}

/* operandSegmentSizes, as MLIR prints it (the rows have two optional
 * operands, so the op records which are present). */
static casc_attr *segments(lang_call *c, const unsigned *sizes, unsigned n) {
  char text[64];
  size_t len = (size_t)snprintf(text, sizeof text, "array<i32: ");
  for (unsigned i = 0; i < n; i++)
    len += (size_t)snprintf(text + len, sizeof text - len, "%s%u",
                            i ? ", " : "", sizes[i]);
  snprintf(text + len, sizeof text - len, ">");
  return lang_attrs1(c, "operandSegmentSizes",
                     casc_attr_opaque(c->k->ctx, text));
}

void asc_adv_softmax_at(const char *file, int line, bool simple,
                        asc_local_tensor dst, asc_local_tensor sum,
                        asc_local_tensor max, asc_local_tensor src,
                        asc_softmax_tiling tiling, asc_local_tensor tmp,
                        bool has_tmp, asc_softmax_shape_info shape,
                        bool has_shape) {
  lang_call c;
  if (!lang_begin(&c, simple ? "asc_adv_simple_softmax" : "asc_adv_softmax",
                  file, line))
    return;
  casc_dtype dd = CASC_DT_INVALID, ds = CASC_DT_INVALID, dm = CASC_DT_INVALID,
             dx = CASC_DT_INVALID, dt = CASC_DT_INVALID;
  casc_value *ops[7];
  unsigned n = 0;
  ops[n++] = ltensor(&c, dst, "dst", &dd);
  ops[n++] = ltensor(&c, sum, "sum", &ds);
  ops[n++] = ltensor(&c, max, "max", &dm);
  ops[n++] = ltensor(&c, src, "src", &dx);
  if (has_tmp)
    ops[n++] = ltensor(&c, tmp, "tmp", &dt);
  ops[n++] = lang_value(&c, tiling.p_, tiling.k_, "tiling");
  if (has_shape)
    ops[n++] = lang_value(&c, shape.p_, shape.k_, "shape");
  if (c.failed)
    return;
  /* SoftMax takes half or float data, and sum / max of the data's type or
   * float with half data (the reference's two prototypes). */
  if ((dd != CASC_DT_F16 && dd != CASC_DT_F32) || dx != dd || ds != dm ||
      !(ds == dd || (dd == CASC_DT_F16 && ds == CASC_DT_F32))) {
    lang_error(&c,
               "dst and src must be both half or both float, sum and max "
               "of their dtype (or float with half data); got %s, %s, %s, %s",
               casc_dtype_pyasc_name(dd), casc_dtype_pyasc_name(ds),
               casc_dtype_pyasc_name(dm), casc_dtype_pyasc_name(dx));
    return;
  }
  const unsigned seg[7] = {1, 1, 1, 1, has_tmp, 1, has_shape};
  lang_op(&c, simple ? CASC_OP_SIMPLE_SOFTMAX : CASC_OP_SOFTMAX, n, ops, 0,
          NULL, segments(&c, seg, 7));
}

void asc_adv_rmsnorm_at(const char *file, int line, asc_local_tensor dst,
                        asc_local_tensor src, asc_local_tensor gamma,
                        asc__sv epsilon, asc_rmsnorm_tiling tiling,
                        asc_local_tensor tmp, bool has_tmp) {
  lang_call c;
  if (!lang_begin(&c, "asc_adv_rmsnorm", file, line))
    return;
  casc_dtype dd = CASC_DT_INVALID, dx = CASC_DT_INVALID, dg = CASC_DT_INVALID,
             dt = CASC_DT_INVALID;
  casc_value *ops[6];
  ops[0] = ltensor(&c, dst, "dst", &dd);
  ops[1] = ltensor(&c, src, "src", &dx);
  ops[2] = ltensor(&c, gamma, "gamma", &dg);
  if (c.failed)
    return;
  if ((dd != CASC_DT_F16 && dd != CASC_DT_F32) || dx != dd || dg != dd) {
    lang_error(&c,
               "dst, src and gamma must be all half or all float; got "
               "%s, %s, %s",
               casc_dtype_pyasc_name(dd), casc_dtype_pyasc_name(dx),
               casc_dtype_pyasc_name(dg));
    return;
  }
  /* pyasc materialises epsilon in src's dtype. */
  if (!(ops[3] =
            lang_mat(&c, epsilon, casc_type_elem(ops[1]->type), "epsilon")) ||
      !(ops[4] = lang_value(&c, tiling.p_, tiling.k_, "tiling")))
    return;
  if (has_tmp && !(ops[5] = ltensor(&c, tmp, "tmp", &dt)))
    return;
  lang_op(&c, CASC_OP_RMSNORM, has_tmp ? 6 : 5, ops, 0, NULL, NULL);
}

void asc_adv_quant_at(const char *file, int line, asc_local_tensor dst,
                      asc_local_tensor src, asc__sv scale, asc__sv offset,
                      asc__sv count, asc_local_tensor tmp, bool has_tmp) {
  lang_call c;
  if (!lang_begin(&c, "asc_adv_quant", file, line))
    return;
  casc_dtype dd = CASC_DT_INVALID, dx = CASC_DT_INVALID, dt = CASC_DT_INVALID;
  casc_value *ops[6];
  unsigned n = 0;
  ops[n++] = ltensor(&c, dst, "dst", &dd);
  ops[n++] = ltensor(&c, src, "src", &dx);
  if (c.failed)
    return;
  if (dd != CASC_DT_I8 || (dx != CASC_DT_F16 && dx != CASC_DT_F32)) {
    lang_error(&c, "dst must be int8 and src half or float; got %s and %s",
               casc_dtype_pyasc_name(dd), casc_dtype_pyasc_name(dx));
    return;
  }
  /* pyasc materialises scale and offset in src's dtype, then the count. */
  casc_type *st = casc_type_elem(ops[1]->type);
  if (!(ops[n++] = lang_mat(&c, scale, st, "scale")) ||
      !(ops[n++] = lang_mat(&c, offset, st, "offset")) ||
      !(ops[n++] = lang_mat(&c, count, c.k->i32, "count")))
    return;
  if (has_tmp && !(ops[n++] = ltensor(&c, tmp, "tmp", &dt)))
    return;
  const unsigned seg[7] = {1, 1, 1, 1, 1, has_tmp, 0};
  lang_op(&c, CASC_OP_QUANT, n, ops, 0, NULL, segments(&c, seg, 7));
}
