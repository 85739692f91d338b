/* The mask register ops of casc/asc_vec_math.h: SetMaskCount,
 * SetMaskNorm, ResetMask and SetVectorMask, built as pyasc's
 * asc.set_mask_count / set_mask_norm / reset_mask / set_vector_mask build
 * them (asc/language/basic/common.py: the length as int32, the two mask
 * words as uint64, the dtype as a type attribute, the MaskMode as an i32
 * attribute). The fused multiply-add macros of that header use the binary
 * ops' builders (vector.c, vector_repeat.c). */
#include <string.h>

#include "lang/lang_internal.h"

static void no_operand_op(const char *api, casc_op_kind kind, const char *file,
                          int line) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  lang_op(&c, kind, 0, NULL, 0, NULL, NULL);
}

void asc_set_mask_count_at(const char *file, int line) {
  no_operand_op("asc_set_mask_count", CASC_OP_SET_MASK_COUNT, file, line);
}

void asc_set_mask_norm_at(const char *file, int line) {
  no_operand_op("asc_set_mask_norm", CASC_OP_SET_MASK_NORM, file, line);
}

void asc_reset_mask_at(const char *file, int line) {
  no_operand_op("asc_reset_mask", CASC_OP_RESET_MASK, file, line);
}

/* {dtype = T, mode = M : i32}, after checking both. */
static casc_attr *mask_attrs(lang_call *c, asc_dtype dtype, asc_maskmode mode) {
  casc_type *t = lang_dtype_checked(c, dtype, "dtype");
  if (!t)
    return NULL;
  if (mode != ASC_MASKMODE_NORMAL && mode != ASC_MASKMODE_COUNTER) {
    lang_error(c, "%d is not a valid MaskMode", (int)mode);
    return NULL;
  }
  casc_named_attr a[2] = {
      {casc_intern_cstr(c->k->ctx, "dtype"), casc_attr_type(c->k->ctx, t)},
      {casc_intern_cstr(c->k->ctx, "mode"), lang_enum_attr(c, mode)},
  };
  return casc_attr_dict(c->k->ctx, 2, a);
}

void asc_set_vector_mask_at(const char *file, int line, asc__sv len,
                            asc_dtype dtype, asc_maskmode mode) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_vector_mask", file, line))
    return;
  casc_attr *attrs = mask_attrs(&c, dtype, mode);
  if (!attrs)
    return;
  casc_value *v = lang_mat(&c, len, c.k->i32, "len");
  if (v)
    lang_op(&c, CASC_OP_SET_VECTOR_MASK_L0, 1, &v, 0, NULL, attrs);
}

void asc_set_vector_mask_words_at(const char *file, int line, asc__sv mask_high,
                                  asc__sv mask_low, asc_dtype dtype,
                                  asc_maskmode mode) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_vector_mask", file, line))
    return;
  casc_attr *attrs = mask_attrs(&c, dtype, mode);
  if (!attrs)
    return;
  casc_value *v[2] = {lang_mat(&c, mask_high, c.k->ui64, "mask_high"),
                      lang_mat(&c, mask_low, c.k->ui64, "mask_low")};
  if (v[0] && v[1])
    lang_op(&c, CASC_OP_SET_VECTOR_MASK_L1, 2, v, 0, NULL, attrs);
}

/* ---- AddReluCast, SubReluCast, MulCast ------------------------------------
 * dst has its own dtype (the conversion's target); src0 and src1 share
 * one. Which pairs the hardware converts is the simulator's check (its
 * table 3 on A2: docs/simulator.md). */

/* The row of opname (of class cls) and the three tensors in ops[]. */
static const casc_op_info *
cast_begin(lang_call *c, const char *api, const char *file, int line,
           const char *opname, casc_op_class cls, asc_local_tensor dst,
           asc_local_tensor src0, asc_local_tensor src1, casc_value **ops) {
  if (!lang_begin(c, api, file, line))
    return NULL;
  const casc_op_info *vi =
      casc_op_info_get(casc_op_kind_lookup(opname, strlen(opname)));
  if (!vi || vi->cls != cls) {
    lang_error(c, "'%s' is not a binary vector op of this form", opname);
    return NULL;
  }
  casc_dtype d0, d1, dd;
  ops[0] = lang_local_tensor(c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = lang_local_tensor(c, src0.p_, src0.k_, "src0", &d0);
  ops[2] = lang_local_tensor(c, src1.p_, src1.k_, "src1", &d1);
  if (c->failed)
    return NULL;
  char why[256];
  if (vi->dtypes && !(vi->dtypes & CASC_DT_BIT(dd))) {
    lang_error(c, "%s", casc_op_dtype_error(vi, "dst", dd, why, sizeof why));
    return NULL;
  }
  if (d0 != d1) {
    lang_error(c,
               "src1 has dtype %s but src0 has dtype %s; %s converts "
               "from one source dtype",
               casc_dtype_pyasc_name(d1), casc_dtype_pyasc_name(d0), vi->api);
    return NULL;
  }
  return vi;
}

void asc_vec_binary_cast_at(const char *file, int line, const char *api,
                            const char *opname, asc_local_tensor dst,
                            asc_local_tensor src0, asc_local_tensor src1,
                            asc__sv count) {
  lang_call c;
  casc_value *ops[4];
  const casc_op_info *vi = cast_begin(&c, api, file, line, opname,
                                      CASC_CLS_VBIN_L2, dst, src0, src1, ops);
  if (vi && (ops[3] = lang_mat(&c, count, c.k->i32, "count")))
    lang_op(&c, casc_op_info_kind(vi), 4, ops, 0, NULL, NULL);
}

void asc_vec_binary_cast_rep_at(const char *file, int line, const char *api,
                                const char *op_l0, const char *op_l1,
                                asc_local_tensor dst, asc_local_tensor src0,
                                asc_local_tensor src1, asc__mask mask,
                                asc__sv repeat_times,
                                asc_binary_repeat_params params,
                                bool is_set_mask) {
  lang_call c;
  casc_value *ops[8];
  const casc_op_info *vi = cast_begin(&c, api, file, line, op_l0,
                                      CASC_CLS_VBIN_L0, dst, src0, src1, ops);
  if (!vi)
    return;
  /* MulCast's C++ API has no isSetMask: it always sets the mask. */
  bool has_set_mask = false;
  for (unsigned i = 0; i < vi->nattrs; i++)
    has_set_mask |= strcmp(vi->attrs[i].name, "isSetMask") == 0;
  if (!has_set_mask && !is_set_mask) {
    lang_error(&c, "%s always sets its mask (it has no isSetMask)", vi->api);
    return;
  }
  lang_vec_binary_rep_op(&c, vi, op_l1, ops, mask, repeat_times, params,
                         is_set_mask && has_set_mask);
}

/* ---- the math library ------------------------------------------------------
 * ascendc.<fn> dst, src[, src1][, sharedTmpBuffer][, calCount], isReuseSource
 * {operandSegmentSizes}: pyasc's math_op_impl (asc/language/adv/math.py). */

/* a and b: a count and / or a tmp buffer, in either order. */
static bool count_and_tmp(lang_call *c, asc__sv a, asc__sv b,
                          casc_value **count, casc_value **tmp) {
  *count = *tmp = NULL;
  const asc__sv *ab[2] = {&a, &b};
  for (unsigned i = 0; i < 2; i++) {
    const asc__sv *x = ab[i];
    if (x->kind_ == ASC__SV_NONE)
      continue;
    if (x->kind_ == ASC__SV_TENSOR) {
      if (*tmp) {
        lang_error(c, "two tmp buffers; the arguments after the sources are "
                      "a count and a tmp buffer");
        return false;
      }
      if (!(*tmp = lang_local_tensor(c, x->p_, x->k_, "tmp", NULL)))
        return false;
    } else {
      if (*count) {
        lang_error(c, "two counts; the arguments after the sources are a "
                      "count and a tmp buffer");
        return false;
      }
      if (!(*count = lang_mat(c, *x, c->k->i32, "count")))
        return false;
    }
  }
  return true;
}

void asc_vec_math_at(const char *file, int line, const char *api,
                     const char *opname, unsigned nsrc, asc_local_tensor dst,
                     asc_local_tensor src0, asc_local_tensor src1, asc__sv a,
                     asc__sv b, asc__sv is_reuse_source) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  casc_op_kind kind = casc_op_kind_lookup(opname, strlen(opname));
  const casc_op_info *vi = casc_op_info_get(kind);
  if (!vi || vi->nopnds != nsrc + 4) {
    lang_error(&c, "'%s' is not a math library op with %u source(s)", opname,
               nsrc);
    return;
  }
  casc_value *ops[6], *count, *tmp;
  unsigned n = 0;
  casc_dtype dd, ds[2];
  ops[n++] = lang_local_tensor(&c, dst.p_, dst.k_, "dst", &dd);
  const asc_local_tensor srcs[2] = {src0, src1};
  static const char *const names[2][2] = {{"src", "src"}, {"src0", "src1"}};
  for (unsigned i = 0; i < nsrc; i++)
    ops[n++] = lang_local_tensor(&c, srcs[i].p_, srcs[i].k_, names[nsrc - 1][i],
                                 &ds[i]);
  if (c.failed || !count_and_tmp(&c, a, b, &count, &tmp))
    return;
  for (unsigned i = 0; i < nsrc; i++)
    if (ds[i] != dd) {
      lang_error(&c, "%s has dtype %s but dst has dtype %s; %s needs one dtype",
                 names[nsrc - 1][i], casc_dtype_pyasc_name(ds[i]),
                 casc_dtype_pyasc_name(dd), vi->api);
      return;
    }
  if (tmp)
    ops[n++] = tmp;
  if (count)
    ops[n++] = count;
  if (!(ops[n++] = lang_mat(&c, is_reuse_source, c.k->i1, "is_reuse_source")))
    return;
  /* operandSegmentSizes, as MLIR prints it */
  char seg[64];
  snprintf(seg, sizeof seg, "array<i32: 1, 1, %s%d, %d, 1>",
           nsrc == 2 ? "1, " : "", tmp != NULL, count != NULL);
  lang_op(
      &c, kind, n, ops, 0, NULL,
      lang_attrs1(&c, "operandSegmentSizes", casc_attr_opaque(c.k->ctx, seg)));
}

/* The adv Exp, Axpy, ClampMax, ClampMin: one optional operand (the tmp
 * buffer), so no operandSegmentSizes. x is Exp's taylorExpandLevel (ui8,
 * as pyasc) or the scalar (in src's dtype for Axpy, as pyasc; in dst's for
 * the clamps). */
void asc_vec_math_ext_at(const char *file, int line, const char *api,
                         const char *opname, asc_local_tensor dst,
                         asc_local_tensor src, asc__sv x, asc__sv count,
                         asc__sv tmp, asc__sv is_reuse_source) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  casc_op_kind kind = casc_op_kind_lookup(opname, strlen(opname));
  if (kind != CASC_OP_MATH_EXP && kind != CASC_OP_AXPY &&
      kind != CASC_OP_CLAMP_MAX && kind != CASC_OP_CLAMP_MIN) {
    lang_error(&c, "'%s' is not ascendc.exp, axpy, clamp_max or clamp_min",
               opname);
    return;
  }
  casc_value *d = lang_local_tensor(&c, dst.p_, dst.k_, "dst", NULL);
  casc_value *s = lang_local_tensor(&c, src.p_, src.k_, "src", NULL);
  casc_value *t = tmp.kind_ == ASC__SV_TENSOR
                      ? lang_local_tensor(&c, tmp.p_, tmp.k_, "tmp", NULL)
                      : NULL;
  if (c.failed)
    return;
  const bool exp_ = kind == CASC_OP_MATH_EXP;
  casc_type *xt = exp_                   ? c.k->ui8
                  : kind == CASC_OP_AXPY ? casc_type_elem(s->type)
                                         : casc_type_elem(d->type);
  casc_value *xv = lang_mat(&c, x, xt, exp_ ? "taylor_expand_level" : "scalar");
  casc_value *nv = xv ? lang_mat(&c, count, c.k->i32, "count") : NULL;
  casc_value *rv =
      nv ? lang_mat(&c, is_reuse_source, c.k->i1, "is_reuse_source") : NULL;
  if (!rv)
    return;
  casc_value *ops[6];
  unsigned n = 0;
  ops[n++] = d;
  ops[n++] = s;
  if (exp_) { /* dst, src, calCount, taylorExpandLevel, tmp?, reuse */
    ops[n++] = nv;
    ops[n++] = xv;
    if (t)
      ops[n++] = t;
  } else if (kind == CASC_OP_AXPY) { /* dst, src, scalar, tmp?, count */
    ops[n++] = xv;
    if (t)
      ops[n++] = t;
    ops[n++] = nv;
  } else { /* dst, src, tmp?, scalar, count */
    if (t)
      ops[n++] = t;
    ops[n++] = xv;
    ops[n++] = nv;
  }
  ops[n++] = rv;
  lang_op(&c, kind, n, ops, 0, NULL, NULL);
}

/* SetDeqScale(half scale), or CastDeq's (float scale, int16 offset, bool
 * signMode), built as pyasc's asc.set_deq_scale builds them
 * (asc/language/basic/vec_vconv.py). */
void asc_set_deq_scale_at(const char *file, int line, asc__sv scale,
                          bool cast_deq_form, asc__sv offset,
                          asc__sv sign_mode) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_deq_scale", file, line))
    return;
  casc_value *ops[3];
  unsigned n = 0;
  if (!(ops[n++] =
            lang_mat(&c, scale, cast_deq_form ? c.k->f32 : c.k->f16, "scale")))
    return;
  if (cast_deq_form) {
    if (!(ops[n++] = lang_mat(&c, offset, c.k->i16, "offset")) ||
        !(ops[n++] = lang_mat(&c, sign_mode, c.k->i1, "sign_mode")))
      return;
  }
  /* two optional operands: the op records which are present */
  lang_op(&c, CASC_OP_SET_DEQ_SCALE, n, ops, 0, NULL,
          lang_attrs1(&c, "operandSegmentSizes",
                      casc_attr_opaque(c.k->ctx, cast_deq_form
                                                     ? "array<i32: 1, 1, 1>"
                                                     : "array<i32: 1, 0, 0>")));
}
