/* GatherMask, ProposalConcat / ProposalExtract, RpSort16 and CastDeq
 * (pyasc asc.language.basic; casc/asc_vec_misc.h). */
#include <stdint.h>

#include "lang/lang_internal.h"

/* A C constant argument outside [lo, hi] is a located error; a runtime
 * value is not checked (the reference states the range, the hardware
 * reads the value). */
static bool const_in(lang_call *c, asc__sv s, long long lo, long long hi,
                     const char *what) {
  if (s.kind_ == ASC__SV_INT && (s.i_ < lo || s.i_ > hi)) {
    lang_error(c, "%s %lld is out of range [%lld, %lld]", what, s.i_, lo, hi);
    return false;
  }
  if (s.kind_ == ASC__SV_UINT && s.u_ > (unsigned long long)hi) {
    lang_error(c, "%s %llu is out of range [%lld, %lld]", what, s.u_, lo, hi);
    return false;
  }
  return true;
}

static const char *dt_name(casc_dtype dt) {
  return casc_dtype_pyasc_name(dt);
}

asc_gather_mask_params asc_gathermaskparams_at(const char *file, int line,
                                               asc__sv src0_block_stride,
                                               asc__sv repeat_times,
                                               asc__sv src0_repeat_stride,
                                               asc__sv src1_repeat_stride) {
  lang_call c;
  asc_gather_mask_params r = {0};
  if (!lang_begin(&c, "asc_gathermaskparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[4] = {src0_block_stride, repeat_times, src0_repeat_stride,
                         src1_repeat_stride};
  static const char *const names[4] = {"src0_block_stride", "repeat_times",
                                       "src0_repeat_stride",
                                       "src1_repeat_stride"};
  /* pyasc materialises each argument in its own type (a C integer as
   * i32); the struct's field types go in the `types` attribute. */
  casc_type *const mat[4] = {NULL, NULL, NULL, NULL};
  casc_type *const ft[4] = {c.k->ui8, c.k->ui16, c.k->ui16, c.k->ui8};
  r.p_ = lang_construct(&c, CASC_ASC_GATHER_MASK_PARAMS, 4, in, names, mat, ft);
  return r;
}

/* GatherMask's dtypes, as pyasc checks them: dst and src0 of one 16- or
 * 32-bit dtype; a pattern tensor of the unsigned type of that width. */
static bool gather_mask_dtypes(lang_call *c, casc_dtype d, casc_dtype s,
                               casc_dtype *pattern) {
  switch (d) {
  case CASC_DT_F16:
  case CASC_DT_U16:
  case CASC_DT_I16:
    *pattern = CASC_DT_U16;
    break;
  case CASC_DT_F32:
  case CASC_DT_U32:
  case CASC_DT_I32:
    *pattern = CASC_DT_U32;
    break;
  default:
    lang_error(c,
               "dst has dtype %s; GatherMask supports half, uint16, int16, "
               "float, uint32, int32",
               dt_name(d));
    return false;
  }
  if (s != d) {
    lang_error(c, "src0 has dtype %s, dst %s; they must be the same",
               dt_name(s), dt_name(d));
    return false;
  }
  return true;
}

asc_int asc_gather_mask_at(const char *file, int line, asc_local_tensor dst,
                           asc_local_tensor src0, asc__sv src1_pattern,
                           asc__sv reduce_mode, asc__sv mask,
                           asc_gather_mask_params params,
                           asc_gathermaskmode mode) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_gather_mask", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID, pd;
  casc_value *ops[6] = {lang_local_tensor(&c, dst.p_, dst.k_, "dst", &dd),
                        lang_local_tensor(&c, src0.p_, src0.k_, "src0", &sd),
                        NULL,
                        NULL,
                        NULL,
                        NULL};
  if (c.failed || !gather_mask_dtypes(&c, dd, sd, &pd))
    return r;
  if (mode != ASC_GATHERMASKMODE_DEFAULT) {
    lang_error(&c, "%d is not a valid GatherMaskMode", (int)mode);
    return r;
  }
  if (src1_pattern.kind_ == ASC__SV_TENSOR) {
    casc_dtype td = CASC_DT_INVALID;
    ops[2] = lang_local_tensor(&c, src1_pattern.p_, src1_pattern.k_,
                               "src1_pattern", &td);
    if (!ops[2])
      return r;
    if (td != pd) {
      lang_error(&c, "src1_pattern has dtype %s; for %s data it must be %s",
                 dt_name(td), dt_name(dd), dt_name(pd));
      return r;
    }
  } else {
    /* the built-in patterns 1..7 of the reference */
    if (!const_in(&c, src1_pattern, 1, 7, "src1_pattern") ||
        !(ops[2] = lang_mat(&c, src1_pattern, c.k->ui8, "src1_pattern")))
      return r;
  }
  if (!const_in(&c, reduce_mode, 0, 1, "reduce_mode") ||
      !(ops[3] = lang_mat(&c, reduce_mode, c.k->i8, "reduce_mode")) ||
      !(ops[4] = lang_mat(&c, mask, c.k->ui32, "mask")))
    return r;
  ops[5] = lang_value(&c, params.p_, params.k_, "params");
  if (!ops[5])
    return r;
  if (!casc_type_is_asc(ops[5]->type, CASC_ASC_GATHER_MASK_PARAMS)) {
    lang_error(&c, "params is not a GatherMaskParams");
    return r;
  }
  r.p_ = lang_op1(&c, CASC_OP_GATHER_MASK, 6, ops, c.k->ui64,
                  lang_attrs1(&c, "gatherMaskMode", lang_enum_attr(&c, mode)));
  return r;
}

/* dst and src of one dtype, half or float: the proposal ops and
 * RpSort16. */
static bool proposal_tensors(lang_call *c, asc_local_tensor dst,
                             asc_local_tensor src, casc_value **ops) {
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID;
  ops[0] = lang_local_tensor(c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = lang_local_tensor(c, src.p_, src.k_, "src", &sd);
  if (c->failed)
    return false;
  if (dd != CASC_DT_F16 && dd != CASC_DT_F32) {
    lang_error(c, "dst has dtype %s; it must be half or float", dt_name(dd));
    return false;
  }
  if (sd != dd) {
    lang_error(c, "src has dtype %s, dst %s; they must be the same",
               dt_name(sd), dt_name(dd));
    return false;
  }
  return true;
}

static void proposal(const char *api, casc_op_kind kind, const char *file,
                     int line, asc_local_tensor dst, asc_local_tensor src,
                     asc__sv repeat_time, asc__sv mode_number) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  casc_value *ops[4];
  if (!proposal_tensors(&c, dst, src, ops) ||
      !const_in(&c, repeat_time, 0, 255, "repeat_time") ||
      !const_in(&c, mode_number, 0, 5, "mode_number"))
    return;
  /* pyasc materialises both without a type: a C integer is i32 */
  if ((ops[2] = lang_mat(&c, repeat_time, NULL, "repeat_time")) &&
      (ops[3] = lang_mat(&c, mode_number, NULL, "mode_number")))
    lang_op(&c, kind, 4, ops, 0, NULL, NULL);
}

void asc_proposal_concat_at(const char *file, int line, asc_local_tensor dst,
                            asc_local_tensor src, asc__sv repeat_time,
                            asc__sv mode_number) {
  proposal("asc_proposal_concat", CASC_OP_PROPOSAL_CONCAT, file, line, dst, src,
           repeat_time, mode_number);
}

void asc_proposal_extract_at(const char *file, int line, asc_local_tensor dst,
                             asc_local_tensor src, asc__sv repeat_time,
                             asc__sv mode_number) {
  proposal("asc_proposal_extract", CASC_OP_PROPOSAL_EXTRACT, file, line, dst,
           src, repeat_time, mode_number);
}

void asc_rp_sort16_at(const char *file, int line, asc_local_tensor dst,
                      asc_local_tensor src, asc__sv repeat_time) {
  lang_call c;
  if (!lang_begin(&c, "asc_rp_sort16", file, line))
    return;
  casc_value *ops[3];
  if (proposal_tensors(&c, dst, src, ops) &&
      const_in(&c, repeat_time, 0, 255, "repeat_time") &&
      (ops[2] = lang_mat(&c, repeat_time, c.k->i32, "repeat_time")))
    lang_op(&c, CASC_OP_RP_SORT16, 3, ops, 0, NULL, NULL);
}

/* dst and src of one of CastDeq's two conversions (the reference):
 * int16 -> int8 / uint8 and int32 -> half. */
static bool cast_deq_tensors(lang_call *c, asc_local_tensor dst,
                             asc_local_tensor src, casc_value **ops) {
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID;
  ops[0] = lang_local_tensor(c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = lang_local_tensor(c, src.p_, src.k_, "src", &sd);
  if (c->failed)
    return false;
  bool ok = sd == CASC_DT_I16   ? dd == CASC_DT_I8 || dd == CASC_DT_U8
            : sd == CASC_DT_I32 ? dd == CASC_DT_F16
                                : false;
  if (!ok)
    lang_error(c,
               "dst %s, src %s; CastDeq converts int16 to int8 or uint8, "
               "and int32 to half",
               dt_name(dd), dt_name(sd));
  return ok;
}

void asc_cast_deq_at(const char *file, int line, asc_local_tensor dst,
                     asc_local_tensor src, asc__sv count) {
  lang_call c;
  if (!lang_begin(&c, "asc_cast_deq", file, line))
    return;
  casc_value *ops[3];
  if (cast_deq_tensors(&c, dst, src, ops) &&
      (ops[2] = lang_mat(&c, count, c.k->i32, "count")))
    lang_op(&c, CASC_OP_CAST_DEQ_L2, 3, ops, 0, NULL, NULL);
}

/* The repeat forms, as pyasc's vec_unary.op_impl builds them: the mask
 * (a uint64 count, or the two uint64 words of a bit mask), repeat_times
 * int8, the UnaryRepeatParams, isSetMask when set. */
void asc_cast_deq_rep_at(const char *file, int line, asc_local_tensor dst,
                         asc_local_tensor src, asc__mask mask,
                         asc__sv repeat_times, asc_unary_repeat_params params,
                         bool is_set_mask) {
  lang_call c;
  if (!lang_begin(&c, "asc_cast_deq", file, line))
    return;
  casc_value *ops[6];
  if (!cast_deq_tensors(&c, dst, src, ops))
    return;
  unsigned n = 2;
  if (mask.bits_) {
    for (unsigned w = 0; w < 2; w++)
      if (!(ops[n++] =
                lang_mat(&c, asc__sv_u(mask.bits_[w]), c.k->ui64, "mask")))
        return;
  } else if (!(ops[n++] = lang_mat(&c, mask.count_, c.k->ui64, "mask"))) {
    return;
  }
  if (!(ops[n++] = lang_mat(&c, repeat_times, c.k->i8, "repeat_times")))
    return;
  casc_value *p = lang_value(&c, params.p_, params.k_, "repeat_params");
  if (!p)
    return;
  if (!casc_type_is_asc(p->type, CASC_ASC_UNARY_REPEAT_PARAMS)) {
    lang_error(&c, "repeat_params is not a UnaryRepeatParams");
    return;
  }
  ops[n++] = p;
  lang_op(&c, mask.bits_ ? CASC_OP_CAST_DEQ_L1 : CASC_OP_CAST_DEQ_L0, n, ops, 0,
          NULL,
          is_set_mask ? lang_attrs1(&c, "isSetMask", casc_attr_unit(c.k->ctx))
                      : NULL);
}

/* One pyasc asc.array of n constants of element type `elem`: a
 * memref.alloca, then per element its constant, its index and the store,
 * in that order (as pyasc's array builds it). */
static casc_value *const_array(lang_call *c, casc_type *elem, unsigned n,
                               const asc__sv *values, const char *what) {
  casc_ctx *ctx = c->k->ctx;
  const int64_t len = n;
  casc_type *mt = casc_type_memref(ctx, 1, &len, elem, NULL);
  casc_value *a =
      lang_op1(c, CASC_OP_MEMREF_ALLOCA, 0, NULL, mt,
               lang_attrs1(c, "operandSegmentSizes",
                           casc_attr_opaque(ctx, "array<i32: 0, 0>")));
  for (unsigned i = 0; a && i < n; i++) {
    casc_value *st[3] = {lang_mat(c, values[i], elem, what), a, NULL};
    if (!st[0] ||
        !(st[2] = lang_mat(c, asc__sv_i((long long)i), c->k->index, "index")))
      return NULL;
    lang_op(c, CASC_OP_MEMREF_STORE, 3, st, 0, NULL, NULL);
  }
  return a;
}

enum { VDEQ_N = 16 }; /* the reference's VDEQ_TENSOR_SIZE */

asc_vdeq_info asc_vdeqinfo_at(const char *file, int line, const float *scale,
                              const int16_t *offset, const bool *sign_mode) {
  lang_call c;
  asc_vdeq_info r = {0};
  if (!lang_begin(&c, "asc_vdeqinfo", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  if (!scale || !offset || !sign_mode) {
    lang_error(&c, "scale, offset and sign_mode must each be 16 values");
    return r;
  }
  asc__sv sv[3][VDEQ_N];
  for (int i = 0; i < VDEQ_N; i++) {
    sv[0][i] = asc__sv_f(scale[i]);
    sv[1][i] = asc__sv_i(offset[i]);
    sv[2][i] = asc__sv_i(sign_mode[i] ? 1 : 0);
  }
  casc_value *ops[3];
  if (!(ops[0] = const_array(&c, c.k->f32, VDEQ_N, sv[0], "scale")) ||
      !(ops[1] = const_array(&c, c.k->i16, VDEQ_N, sv[1], "offset")) ||
      !(ops[2] = const_array(&c, c.k->i1, VDEQ_N, sv[2], "sign_mode")))
    return r;
  casc_ctx *ctx = c.k->ctx;
  casc_attr *types[3];
  for (int i = 0; i < 3; i++)
    types[i] = casc_attr_type(ctx, ops[i]->type);
  casc_type *t = casc_type_asc(ctx, CASC_ASC_VDEQ_INFO, 0, NULL, 0, NULL, NULL);
  r.p_ = lang_op1(&c, CASC_OP_CONSTRUCT, 3, ops, t,
                  lang_attrs1(&c, "types", casc_attr_array(ctx, 3, types)));
  return r;
}

void asc_set_deq_scale_tensor_at(const char *file, int line,
                                 asc_local_tensor vdeq, asc_vdeq_info info) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_deq_scale", file, line))
    return;
  casc_dtype vd = CASC_DT_INVALID;
  casc_value *ops[2] = {lang_local_tensor(&c, vdeq.p_, vdeq.k_, "vdeq", &vd),
                        lang_value(&c, info.p_, info.k_, "vdeq_info")};
  if (c.failed)
    return;
  if (vd != CASC_DT_U64) {
    lang_error(&c, "vdeq has dtype %s; SetDeqScale's tensor is uint64",
               dt_name(vd));
    return;
  }
  if (!casc_type_is_asc(ops[1]->type, CASC_ASC_VDEQ_INFO)) {
    lang_error(&c, "vdeq_info is not a VdeqInfo");
    return;
  }
  lang_op(&c, CASC_OP_SET_DEQ_SCALE_L4, 2, ops, 0, NULL, NULL);
}
