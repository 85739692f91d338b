/* Vector ops with an operand shape of their own (the op table's VOTHER
 * class and a few MISC rows), at level 2 / on whole tensors, as pyasc's
 * asc.language.basic builds them: compare, compare_scalar, select, axpy,
 * gather, transpose, brcb, and the reductions' count-mask forms
 * (whole/block/pair/repeat reduce). Element types are the Atlas A2 lists the
 * simulator checks (docs/simulator.md); the operand types are pyasc's
 * (count i32 for compare/axpy, ui32 for select/gather; brcb's repeat ui8). */
#include <string.h>

#include "lang/lang_internal.h"

/* A LocalTensor operand; its element dtype in *dt. */
static casc_value *tensor_of(lang_call *c, void *p, unsigned k,
                             const char *what, casc_dtype *dt) {
  return lang_local_tensor(c, p, k, what, dt);
}

/* dt is one of the element types of row kind (its DTYPES column). */
static bool row_takes(lang_call *c, casc_op_kind kind, const char *what,
                      casc_dtype dt) {
  const casc_op_info *vi = casc_op_info_get(kind);
  char why[256];
  if (!vi->dtypes || (vi->dtypes & CASC_DT_BIT(dt)))
    return true;
  lang_error(c, "%s", casc_op_dtype_error(vi, what, dt, why, sizeof why));
  return false;
}

static bool same_dtype(lang_call *c, const char *a, casc_dtype da,
                       const char *b, casc_dtype db) {
  if (da == db)
    return true;
  lang_error(c, "%s has dtype %s but %s has dtype %s", b,
             casc_dtype_pyasc_name(db), a, casc_dtype_pyasc_name(da));
  return false;
}

void asc_compare_at(const char *file, int line, asc_local_tensor dst,
                    asc_local_tensor src0, asc__sv src1, asc_cmpmode mode,
                    asc__sv count, bool scalar) {
  lang_call c;
  if (!lang_begin(&c, scalar ? "asc_compare_scalar" : "asc_compare", file,
                  line))
    return;
  const casc_op_kind kind =
      scalar ? CASC_OP_COMPARE_SCALAR_L2 : CASC_OP_COMPARE_L2;
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID, s1 = CASC_DT_INVALID;
  casc_value *ops[4];
  ops[0] = tensor_of(&c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = tensor_of(&c, src0.p_, src0.k_, "src0", &sd);
  if (!scalar)
    ops[2] = tensor_of(&c, src1.p_, src1.k_, "src1", &s1);
  if (c.failed || !row_takes(&c, kind, "dst", dd) ||
      (!scalar && !same_dtype(&c, "src0", sd, "src1", s1)))
    return;
  if ((int)mode < ASC_CMPMODE_LT || (int)mode > ASC_CMPMODE_NE) {
    lang_error(&c, "%d is not a valid CMPMODE", (int)mode);
    return;
  }
  /* Atlas A2: half and float with every mode, int32 with EQ only. */
  if (sd != CASC_DT_F16 && sd != CASC_DT_F32 &&
      !(sd == CASC_DT_I32 && mode == ASC_CMPMODE_EQ)) {
    lang_error(&c,
               "src0 has dtype %s; Compare takes half and float (and int32 "
               "with CMPMODE.EQ)",
               casc_dtype_pyasc_name(sd));
    return;
  }
  if (scalar &&
      !(ops[2] = lang_mat(&c, src1, casc_type_elem(ops[1]->type), "scalar")))
    return;
  if (!(ops[3] = lang_mat(&c, count, c.k->i32, "count")))
    return;
  lang_op(&c, kind, 4, ops, 0, NULL,
          lang_attrs1(&c, "cmpMode",
                      casc_attr_int(c.k->ctx, c.k->i64, (int64_t)mode)));
}

void asc_select_at(const char *file, int line, asc_local_tensor dst,
                   asc_local_tensor sel_mask, asc_local_tensor src0,
                   asc__sv src1, asc_selmode mode, asc__sv count) {
  lang_call c;
  if (!lang_begin(&c, "asc_select", file, line))
    return;
  const bool scalar = src1.kind_ != ASC__SV_TENSOR;
  const casc_op_kind kind =
      scalar ? CASC_OP_SELECT_SCALAR_L2 : CASC_OP_SELECT_L2;
  casc_dtype dd = CASC_DT_INVALID, md = CASC_DT_INVALID, sd = CASC_DT_INVALID;
  casc_dtype s1 = CASC_DT_INVALID;
  casc_value *ops[5];
  ops[0] = tensor_of(&c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = tensor_of(&c, sel_mask.p_, sel_mask.k_, "sel_mask", &md);
  ops[2] = tensor_of(&c, src0.p_, src0.k_, "src0", &sd);
  if (!scalar)
    ops[3] = tensor_of(&c, src1.p_, src1.k_, "src1", &s1);
  if (c.failed || !row_takes(&c, kind, "dst", dd) ||
      !same_dtype(&c, "dst", dd, "src0", sd) ||
      (!scalar && !same_dtype(&c, "dst", dd, "src1", s1)))
    return;
  if ((int)mode < ASC_SELMODE_VSEL_CMPMASK_SPR ||
      (int)mode > ASC_SELMODE_VSEL_TENSOR_TENSOR_MODE) {
    lang_error(&c, "%d is not a valid SelMode", (int)mode);
    return;
  }
  if (scalar != (mode == ASC_SELMODE_VSEL_TENSOR_SCALAR_MODE)) {
    lang_error(&c, scalar ? "a scalar src1 needs VSEL_TENSOR_SCALAR_MODE"
                          : "VSEL_TENSOR_SCALAR_MODE needs a scalar src1");
    return;
  }
  if (scalar &&
      !(ops[3] = lang_mat(&c, src1, casc_type_elem(ops[2]->type), "src1")))
    return;
  if (!(ops[4] = lang_mat(&c, count, c.k->ui32, "count")))
    return;
  lang_op(&c, kind, 5, ops, 0, NULL,
          lang_attrs1(&c, "selMode",
                      casc_attr_int(c.k->ctx, c.k->i32, (int64_t)mode)));
}

void asc_axpy_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor src, asc__sv scalar, asc__sv count) {
  lang_call c;
  if (!lang_begin(&c, "asc_axpy", file, line))
    return;
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID;
  casc_value *ops[4];
  ops[0] = tensor_of(&c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = tensor_of(&c, src.p_, src.k_, "src", &sd);
  if (c.failed)
    return;
  /* Atlas A2: half -> half, float -> float, half -> float */
  if (!((dd == sd && (dd == CASC_DT_F16 || dd == CASC_DT_F32)) ||
        (sd == CASC_DT_F16 && dd == CASC_DT_F32))) {
    lang_error(&c,
               "Axpy from %s to %s is not supported (half, float, half to "
               "float)",
               casc_dtype_pyasc_name(sd), casc_dtype_pyasc_name(dd));
    return;
  }
  ops[2] = lang_mat(&c, scalar, casc_type_elem(ops[1]->type), "scalar");
  ops[3] = ops[2] ? lang_mat(&c, count, c.k->i32, "count") : NULL;
  if (ops[3])
    lang_op(&c, CASC_OP_AXPY_L2, 4, ops, 0, NULL, NULL);
}

void asc_gather_at(const char *file, int line, asc_local_tensor dst,
                   asc_local_tensor src, asc_local_tensor src_offset,
                   asc__sv src_base_addr, asc__sv count) {
  lang_call c;
  if (!lang_begin(&c, "asc_gather", file, line))
    return;
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID, od = CASC_DT_INVALID;
  casc_value *ops[5];
  ops[0] = tensor_of(&c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = tensor_of(&c, src.p_, src.k_, "src", &sd);
  ops[2] = tensor_of(&c, src_offset.p_, src_offset.k_, "src_offset", &od);
  if (c.failed || !row_takes(&c, CASC_OP_GATHER_L2, "dst", dd) ||
      !same_dtype(&c, "dst", dd, "src", sd))
    return;
  if (od != CASC_DT_U32) {
    lang_error(&c, "src_offset has dtype %s; Gather's offsets are uint32",
               casc_dtype_pyasc_name(od));
    return;
  }
  ops[3] = lang_mat(&c, src_base_addr, c.k->ui32, "src_base_addr");
  ops[4] = ops[3] ? lang_mat(&c, count, c.k->ui32, "count") : NULL;
  if (ops[4])
    lang_op(&c, CASC_OP_GATHER_L2, 5, ops, 0, NULL, NULL);
}

void asc_transpose_at(const char *file, int line, asc_local_tensor dst,
                      asc_local_tensor src) {
  lang_call c;
  if (!lang_begin(&c, "asc_transpose", file, line))
    return;
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID;
  casc_value *ops[2];
  ops[0] = tensor_of(&c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = tensor_of(&c, src.p_, src.k_, "src", &sd);
  if (c.failed || !same_dtype(&c, "dst", dd, "src", sd))
    return;
  if (dd != CASC_DT_I16 && dd != CASC_DT_U16 && dd != CASC_DT_F16) {
    lang_error(&c, "dst has dtype %s; Transpose takes int16, uint16, half",
               casc_dtype_pyasc_name(dd));
    return;
  }
  lang_op(&c, CASC_OP_TRANSPOSE, 2, ops, 0, NULL, NULL);
}

void asc_brcb_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor src, asc__sv repeat_times,
                 asc_brcb_repeat_params params) {
  lang_call c;
  if (!lang_begin(&c, "asc_brcb", file, line))
    return;
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID;
  casc_value *ops[4];
  ops[0] = tensor_of(&c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = tensor_of(&c, src.p_, src.k_, "src", &sd);
  ops[3] = lang_value(&c, params.p_, params.k_, "params");
  if (c.failed || !row_takes(&c, CASC_OP_BRCB_L0, "dst", dd) ||
      !same_dtype(&c, "dst", dd, "src", sd))
    return;
  ops[2] = lang_mat(&c, repeat_times, c.k->ui8, "repeat_times");
  if (ops[2])
    lang_op(&c, CASC_OP_BRCB_L0, 4, ops, 0, NULL, NULL);
}

/* The count-mask (level-0) reductions: the op named by opname, of class
 * VOTHER, with dst, src and nints i32 operands in its row's order; the
 * row's isSetMask set, its ReduceOrder (WholeReduceMax/Min) from order. */
void asc_vec_reduce_rep_at(const char *file, int line, const char *api,
                           const char *opname, asc_local_tensor dst,
                           asc_local_tensor src, const asc__sv *ints,
                           unsigned nints, int order) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  casc_op_kind kind = casc_op_kind_lookup(opname, strlen(opname));
  const casc_op_info *vi = casc_op_info_get(kind);
  if (!vi || vi->nopnds != 2 + nints || nints > 6) {
    lang_error(&c, "'%s' is not a reduction with %u integer operands", opname,
               nints);
    return;
  }
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID;
  casc_value *ops[8];
  ops[0] = tensor_of(&c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = tensor_of(&c, src.p_, src.k_, "src", &sd);
  if (c.failed || !row_takes(&c, kind, "dst", dd) ||
      !same_dtype(&c, "dst", dd, "src", sd))
    return;
  for (unsigned i = 0; i < nints; i++)
    if (!(ops[2 + i] = lang_mat(&c, ints[i], c.k->i32, vi->opnds[2 + i].name)))
      return;
  casc_named_attr attrs[2];
  unsigned na = 0;
  for (unsigned i = 0; i < vi->nattrs; i++) {
    const char *an = vi->attrs[i].name;
    if (strcmp(an, "isSetMask") == 0)
      attrs[na++] = (casc_named_attr){casc_intern_cstr(c.k->ctx, an),
                                      casc_attr_unit(c.k->ctx)};
    else if (strcmp(an, "order") == 0) {
      if (order < ASC_REDUCEORDER_ORDER_VALUE_INDEX ||
          order > ASC_REDUCEORDER_ORDER_ONLY_INDEX) {
        lang_error(&c, "%d is not a valid ReduceOrder", order);
        return;
      }
      attrs[na++] = (casc_named_attr){casc_intern_cstr(c.k->ctx, an),
                                      lang_enum_attr(&c, order)};
    }
  }
  lang_op(&c, kind, 2 + nints, ops, 0, NULL,
          na ? casc_attr_dict(c.k->ctx, na, attrs) : NULL);
}

/* BilinearInterpolation: a count mask (nmask 1, bits false; row _l0) or
 * pyasc's mask array (bits true, one or two ui64; row _l1), then pyasc's
 * operand types: hRepeat ui8, repeatMode bool_ (i8), dstBlkStride and
 * vROffset ui16, vRepeat ui8. */
void asc_bilinear_interpolation_at(const char *file, int line,
                                   asc_local_tensor dst, asc_local_tensor src0,
                                   asc_local_tensor src0_offset,
                                   asc_local_tensor src1, const asc__sv *mask,
                                   unsigned nmask, bool bits, asc__sv h_repeat,
                                   asc__sv repeat_mode, asc__sv dst_blk_stride,
                                   asc__sv v_r_offset, asc__sv v_repeat,
                                   asc_local_tensor shared_tmp_buffer) {
  lang_call c;
  if (!lang_begin(&c, "asc_bilinear_interpolation", file, line))
    return;
  const casc_op_kind kind = bits ? CASC_OP_BILINEARINTERPOLATION_L1
                                 : CASC_OP_BILINEARINTERPOLATION_L0;
  casc_dtype dd = CASC_DT_INVALID, s0 = CASC_DT_INVALID, od = CASC_DT_INVALID;
  casc_dtype s1 = CASC_DT_INVALID, td = CASC_DT_INVALID;
  casc_value *ops[12];
  ops[0] = tensor_of(&c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = tensor_of(&c, src0.p_, src0.k_, "src0", &s0);
  ops[2] = tensor_of(&c, src0_offset.p_, src0_offset.k_, "src0_offset", &od);
  ops[3] = tensor_of(&c, src1.p_, src1.k_, "src1", &s1);
  casc_value *tmp = tensor_of(&c, shared_tmp_buffer.p_, shared_tmp_buffer.k_,
                              "shared_tmp_buffer", &td);
  if (c.failed || !row_takes(&c, kind, "dst", dd) ||
      !same_dtype(&c, "dst", dd, "src0", s0) ||
      !same_dtype(&c, "dst", dd, "src1", s1))
    return;
  if (od != CASC_DT_U32) {
    lang_error(&c, "src0_offset has dtype %s; its offsets are uint32",
               casc_dtype_pyasc_name(od));
    return;
  }
  if (nmask < 1 || nmask > 2 || (!bits && nmask != 1)) {
    lang_error(&c, "the mask is one count or an array of one or two uint64");
    return;
  }
  unsigned n = 4;
  for (unsigned i = 0; i < nmask; i++)
    if (!(ops[n++] = lang_mat(&c, mask[i], c.k->ui64, "mask")))
      return;
  const asc__sv rest[5] = {h_repeat, repeat_mode, dst_blk_stride, v_r_offset,
                           v_repeat};
  casc_type *const types[5] = {c.k->ui8, c.k->i8, c.k->ui16, c.k->ui16,
                               c.k->ui8};
  static const char *const names[5] = {
      "h_repeat", "repeat_mode", "dst_blk_stride", "v_r_offset", "v_repeat"};
  for (unsigned i = 0; i < 5; i++)
    if (!(ops[n++] = lang_mat(&c, rest[i], types[i], names[i])))
      return;
  ops[n++] = tmp;
  lang_op(&c, kind, n, ops, 0, NULL, NULL);
}

/* TransposeParamsExt(n_size, c_size, h_size, w_size, transpose_type) as
 * pyasc constructs it: i32 values, fields ui16 x 4 and TransposeType. */
asc_transpose_params_ext
asc_transposeparamsext_at(const char *file, int line, asc__sv n_size,
                          asc__sv c_size, asc__sv h_size, asc__sv w_size,
                          asc__sv transpose_type) {
  lang_call c;
  asc_transpose_params_ext r = {0};
  if (!lang_begin(&c, "asc_transposeparamsext", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[5] = {n_size, c_size, h_size, w_size, transpose_type};
  static const char *const names[5] = {"n_size", "c_size", "h_size", "w_size",
                                       "transpose_type"};
  casc_type *const mat[5] = {c.k->i32, c.k->i32, c.k->i32, c.k->i32, c.k->i32};
  casc_type *const ft[5] = {
      c.k->ui16, c.k->ui16, c.k->ui16, c.k->ui16,
      casc_type_asc(c.k->ctx, CASC_ASC_TRANSPOSE_TYPE, 0, NULL, 0, NULL, NULL)};
  r.p_ =
      lang_construct(&c, CASC_ASC_TRANSPOSE_PARAMS_EXT, 5, in, names, mat, ft);
  return r;
}

void asc_transpose_ext_at(const char *file, int line, asc_local_tensor dst,
                          asc_local_tensor src,
                          asc_local_tensor shared_tmp_buffer,
                          asc_transpose_params_ext params) {
  lang_call c;
  if (!lang_begin(&c, "asc_transpose", file, line))
    return;
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID, td = CASC_DT_INVALID;
  casc_value *ops[4];
  ops[0] = tensor_of(&c, dst.p_, dst.k_, "dst", &dd);
  ops[1] = tensor_of(&c, src.p_, src.k_, "src", &sd);
  ops[2] = tensor_of(&c, shared_tmp_buffer.p_, shared_tmp_buffer.k_,
                     "shared_tmp_buffer", &td);
  ops[3] = lang_value(&c, params.p_, params.k_, "params");
  if (c.failed || !same_dtype(&c, "dst", dd, "src", sd))
    return;
  lang_op(&c, CASC_OP_TRANSPOSE_EXT, 4, ops, 0, NULL, NULL);
}
