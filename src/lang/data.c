/* The C API of casc/asc_data.h: Copy and its CopyRepeatParams, the
 * register form of Compare, GetCmpMask and SetCmpMask, built as pyasc's
 * asc.language.basic builds them (data_copy.py, vec_cmpsel.py): the mask
 * as uint64 (one count, or the two words of a bit mask), Copy's repeat
 * time as uint8 and isSetMask as pyasc's bool_ (int8); CopyRepeatParams'
 * four fields as uint16. The tensors' dtypes are checked here against the
 * lists the Ascend C reference gives for Atlas A2, the values by the
 * simulator. */
#include <stdio.h>
#include <string.h>

#include "casc/asc_data.h"
#include "lang/lang_internal.h"

asc_copy_repeat_params asc_copyrepeatparams_at(const char *file, int line,
                                               asc__sv dst_stride,
                                               asc__sv src_stride,
                                               asc__sv dst_repeat_size,
                                               asc__sv src_repeat_size) {
  lang_call c;
  asc_copy_repeat_params r = {0};
  if (!lang_begin(&c, "asc_copyrepeatparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[4] = {dst_stride, src_stride, dst_repeat_size,
                         src_repeat_size};
  static const char *const names[4] = {"dst_stride", "src_stride",
                                       "dst_repeat_size", "src_repeat_size"};
  casc_type *const t[4] = {c.k->ui16, c.k->ui16, c.k->ui16, c.k->ui16};
  r.p_ = lang_construct(&c, CASC_ASC_COPY_REPEAT_PARAMS, 4, in, names, t, t);
  return r;
}

/* The mask operands from ops[at]: one uint64 count or the two words.
 * Returns how many, 0 after an error. */
static unsigned mask_operands(lang_call *c, casc_value **ops, unsigned at,
                              asc__mask mask) {
  if (!mask.bits_)
    return (ops[at] = lang_mat(c, mask.count_, c->k->ui64, "mask")) ? 1 : 0;
  for (unsigned w = 0; w < 2; w++)
    if (!(ops[at + w] =
              lang_mat(c, asc__sv_u(mask.bits_[w]), c->k->ui64, "mask")))
      return 0;
  return 2;
}

/* Two LocalTensors of one dtype out of `ok` (a list for the message). */
static bool two_tensors(lang_call *c, asc_local_tensor a, const char *an,
                        asc_local_tensor b, const char *bn, casc_value **ops,
                        bool (*ok)(casc_dtype), const char *list) {
  casc_dtype da = CASC_DT_INVALID, db = CASC_DT_INVALID;
  ops[0] = lang_local_tensor(c, a.p_, a.k_, an, &da);
  ops[1] = lang_local_tensor(c, b.p_, b.k_, bn, &db);
  if (c->failed)
    return false;
  if (da != db) {
    lang_error(c, "%s has dtype %s but %s has dtype %s", bn,
               casc_dtype_pyasc_name(db), an, casc_dtype_pyasc_name(da));
    return false;
  }
  if (!ok(da)) {
    lang_error(c, "%s has dtype %s; %s", an, casc_dtype_pyasc_name(da), list);
    return false;
  }
  return true;
}

static bool copy_dtype(casc_dtype d) {
  return d == CASC_DT_U16 || d == CASC_DT_I16 || d == CASC_DT_F16 ||
         d == CASC_DT_BF16 || d == CASC_DT_U32 || d == CASC_DT_I32 ||
         d == CASC_DT_F32;
}

static bool compare_dtype(casc_dtype d) {
  return d == CASC_DT_F16 || d == CASC_DT_F32;
}

void asc_copy_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor src, asc__mask mask, asc__sv repeat_time,
                 asc_copy_repeat_params params, asc__sv is_set_mask) {
  lang_call c;
  if (!lang_begin(&c, "asc_copy", file, line))
    return;
  casc_value *ops[7];
  if (!two_tensors(&c, dst, "dst", src, "src", ops, copy_dtype,
                   "Copy takes uint16, int16, half, bfloat16, uint32, int32 "
                   "and float"))
    return;
  unsigned n = 2 + mask_operands(&c, ops, 2, mask);
  if (n == 2 ||
      !(ops[n++] = lang_mat(&c, repeat_time, c.k->ui8, "repeat_time")))
    return;
  casc_value *p = lang_value(&c, params.p_, params.k_, "repeat_params");
  if (!p)
    return;
  if (!casc_type_is_asc(p->type, CASC_ASC_COPY_REPEAT_PARAMS)) {
    lang_error(&c, "repeat_params is not a CopyRepeatParams");
    return;
  }
  ops[n++] = p;
  if (!(ops[n++] = lang_mat(&c, is_set_mask, c.k->i8, "is_set_mask")))
    return;
  /* pyasc: a list mask builds CopyL0Op, an int mask CopyL1Op. */
  lang_op(&c, mask.bits_ ? CASC_OP_COPY_L0 : CASC_OP_COPY_L1, n, ops, 0, NULL,
          NULL);
}

void asc_compare_r_at(const char *file, int line, asc_local_tensor src0,
                      asc_local_tensor src1, asc_cmpmode mode, asc__mask mask,
                      asc_binary_repeat_params params) {
  lang_call c;
  if (!lang_begin(&c, "asc_compare_r", file, line))
    return;
  casc_value *ops[5];
  if (!two_tensors(&c, src0, "src0", src1, "src1", ops, compare_dtype,
                   "Compare (register form) takes half and float"))
    return;
  if ((int)mode < ASC_CMPMODE_LT || (int)mode > ASC_CMPMODE_NE) {
    lang_error(&c, "%d is not a valid CMPMODE", (int)mode);
    return;
  }
  unsigned n = 2 + mask_operands(&c, ops, 2, mask);
  if (n == 2)
    return;
  casc_value *p = lang_value(&c, params.p_, params.k_, "repeat_params");
  if (!p)
    return;
  if (!casc_type_is_asc(p->type, CASC_ASC_BINARY_REPEAT_PARAMS)) {
    lang_error(&c, "repeat_params is not a BinaryRepeatParams");
    return;
  }
  ops[n++] = p;
  /* pyasc's is_set_mask defaults to True: the op sets its own mask. */
  casc_named_attr a[2] = {
      {casc_intern_cstr(c.k->ctx, "cmpMode"),
       casc_attr_int(c.k->ctx, c.k->i64, (int64_t)mode)},
      {casc_intern_cstr(c.k->ctx, "isSetMask"), casc_attr_unit(c.k->ctx)},
  };
  casc_attr *attrs = casc_attr_dict(c.k->ctx, 2, a);
  lang_op(&c, mask.bits_ ? CASC_OP_COMPARE_R_L1 : CASC_OP_COMPARE_R_L0, n, ops,
          0, NULL, attrs);
}

void asc_get_cmp_mask_at(const char *file, int line, asc_local_tensor dst) {
  lang_call c;
  if (!lang_begin(&c, "asc_get_cmp_mask", file, line))
    return;
  casc_value *t = lang_local_tensor(&c, dst.p_, dst.k_, "dst", NULL);
  if (t)
    lang_op(&c, CASC_OP_GET_CMP_MASK, 1, &t, 0, NULL, NULL);
}

void asc_set_cmp_mask_at(const char *file, int line, asc_local_tensor src) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_cmp_mask", file, line))
    return;
  casc_value *t = lang_local_tensor(&c, src.p_, src.k_, "src", NULL);
  if (t)
    lang_op(&c, CASC_OP_SET_CMP_MASK, 1, &t, 0, NULL, NULL);
}

/* The sort family: the tensors' dtypes are A2's (half / float scores,
 * uint32 indices), the integers pyasc's (repeat_time int32 for sort and
 * extract; valid_bit and repeat_time uint16, the counts uint16 and the
 * sorted numbers uint32 for mrg_sort). */
static bool scores_and_indices(lang_call *c, asc_local_tensor sc,
                               const char *sn, asc_local_tensor ix,
                               const char *in, casc_value **ops,
                               casc_dtype *dt) {
  casc_dtype ds = CASC_DT_INVALID, di = CASC_DT_INVALID;
  ops[0] = lang_local_tensor(c, sc.p_, sc.k_, sn, &ds);
  ops[1] = lang_local_tensor(c, ix.p_, ix.k_, in, &di);
  if (c->failed)
    return false;
  if (!compare_dtype(ds)) {
    lang_error(c, "%s has dtype %s; the sort APIs take half and float", sn,
               casc_dtype_pyasc_name(ds));
    return false;
  }
  if (di != CASC_DT_U32) {
    lang_error(c, "%s has dtype %s; indices are uint32", in,
               casc_dtype_pyasc_name(di));
    return false;
  }
  *dt = ds;
  return true;
}

static bool of_dtype(lang_call *c, asc_local_tensor t, const char *what,
                     casc_dtype want, casc_value **op) {
  casc_dtype d = CASC_DT_INVALID;
  if (!(*op = lang_local_tensor(c, t.p_, t.k_, what, &d)))
    return false;
  if (d == want)
    return true;
  lang_error(c, "%s has dtype %s but the scores are %s", what,
             casc_dtype_pyasc_name(d), casc_dtype_pyasc_name(want));
  return false;
}

void asc_sort_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor concat, asc_local_tensor index,
                 asc_local_tensor tmp, asc__sv repeat_time, bool full_sort) {
  lang_call c;
  if (!lang_begin(&c, "asc_sort", file, line))
    return;
  casc_value *ops[5], *pair[2];
  casc_dtype dt;
  if (!scores_and_indices(&c, concat, "concat", index, "index", pair, &dt) ||
      !of_dtype(&c, dst, "dst", dt, &ops[0]) ||
      !of_dtype(&c, tmp, "tmp", dt, &ops[3]))
    return;
  ops[1] = pair[0];
  ops[2] = pair[1];
  if (!(ops[4] = lang_mat(&c, repeat_time, c.k->i32, "repeat_time")))
    return;
  lang_op(&c, CASC_OP_SORT, 5, ops, 0, NULL,
          full_sort ? lang_attrs1(&c, "isFullSort", casc_attr_unit(c.k->ctx))
                    : NULL);
}

void asc_adv_extract_at(const char *file, int line, asc_local_tensor dst_value,
                        asc_local_tensor dst_index, asc_local_tensor sorted,
                        asc__sv repeat_time) {
  lang_call c;
  if (!lang_begin(&c, "asc_adv_extract", file, line))
    return;
  casc_value *ops[4];
  casc_dtype dt;
  if (!scores_and_indices(&c, dst_value, "dst_value", dst_index, "dst_index",
                          ops, &dt) ||
      !of_dtype(&c, sorted, "sorted", dt, &ops[2]))
    return;
  if (!(ops[3] = lang_mat(&c, repeat_time, c.k->i32, "repeat_time")))
    return;
  lang_op(&c, CASC_OP_EXTRACT, 4, ops, 0, NULL, NULL);
}

asc_mrg_sort_src_list asc_mrgsortsrclist_at(const char *file, int line,
                                            asc_dtype dtype,
                                            const asc_local_tensor *srcs,
                                            unsigned n) {
  lang_call c;
  asc_mrg_sort_src_list r = {0};
  if (!lang_begin(&c, "asc_mrgsortsrclist", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_type *et = lang_dtype_checked(&c, dtype, "dtype");
  if (!et)
    return r;
  if (n < 2 || n > 4) {
    lang_error(&c, "a MrgSortSrcList holds 2 to 4 lists, not %u", n);
    return r;
  }
  casc_ctx *ctx = c.k->ctx;
  casc_value *ops[4];
  casc_attr *types[4];
  static const char *const names[4] = {"src1", "src2", "src3", "src4"};
  for (unsigned i = 0; i < n; i++) {
    casc_dtype d = CASC_DT_INVALID;
    if (!(ops[i] = lang_local_tensor(&c, srcs[i].p_, srcs[i].k_, names[i], &d)))
      return r;
    if (lang_type_dtype(casc_type_elem(ops[i]->type)) != dtype) {
      lang_error(&c, "%s has dtype %s but the list is of %s", names[i],
                 casc_dtype_pyasc_name(d), asc_dtype_name(dtype));
      return r;
    }
    /* pyasc types every field as src1's type */
    types[i] = casc_attr_type(ctx, ops[0]->type);
  }
  casc_type *t =
      casc_type_asc(ctx, CASC_ASC_MRG_SORT_SRC_LIST, 0, NULL, 0, NULL, et);
  r.p_ = lang_op1(&c, CASC_OP_CONSTRUCT, n, ops, t,
                  lang_attrs1(&c, "types", casc_attr_array(ctx, n, types)));
  return r;
}

void asc_mrg_sort_at(const char *file, int line, asc_local_tensor dst,
                     asc_mrg_sort_src_list list, const uint16_t *counts,
                     asc__sv valid_bit, asc__sv repeat_time, bool suspend) {
  lang_call c;
  if (!lang_begin(&c, "asc_mrg_sort", file, line))
    return;
  casc_value *ops[12];
  casc_dtype dt = CASC_DT_INVALID;
  ops[0] = lang_local_tensor(&c, dst.p_, dst.k_, "dst", &dt);
  ops[1] = lang_value(&c, list.p_, list.k_, "sort_list");
  if (c.failed)
    return;
  if (!compare_dtype(dt)) {
    lang_error(&c, "dst has dtype %s; MrgSort takes half and float",
               casc_dtype_pyasc_name(dt));
    return;
  }
  if (!casc_type_is_asc(ops[1]->type, CASC_ASC_MRG_SORT_SRC_LIST)) {
    lang_error(&c, "sort_list is not a MrgSortSrcList");
    return;
  }
  if (!counts) {
    lang_error(&c, "counts is NULL; it is the four lists' element counts");
    return;
  }
  for (unsigned i = 0; i < 4; i++)
    if (!(ops[2 + i] =
              lang_mat(&c, asc__sv_u(counts[i]), c.k->ui16, "counts")) ||
        !(ops[6 + i] = lang_mat(&c, asc__sv_u(0), c.k->ui32, "sorted_num")))
      return;
  if (!(ops[10] = lang_mat(&c, valid_bit, c.k->ui16, "valid_bit")) ||
      !(ops[11] = lang_mat(&c, repeat_time, c.k->ui16, "repeat_time")))
    return;
  casc_named_attr a[2] = {
      {casc_intern_cstr(c.k->ctx, "operandSegmentSizes"),
       casc_attr_opaque(c.k->ctx, "array<i32: 1, 1, 4, 4, 1, 1>")},
      {casc_intern_cstr(c.k->ctx, "isExhaustedSuspension"),
       casc_attr_unit(c.k->ctx)},
  };
  lang_op(&c, CASC_OP_MRG_SORT, 12, ops, 0, NULL,
          casc_attr_dict(c.k->ctx, suspend ? 2 : 1, a));
}

/* asc.Nz2NdParamsFull(...): seven fields, each materialised as pyasc's
 * default integer (i32) and typed uint16 in the construct. */
asc_nz2nd_params_full asc_nz2ndparamsfull_at(const char *file, int line,
                                             const asc__sv *fields) {
  lang_call c;
  asc_nz2nd_params_full r = {0};
  if (!lang_begin(&c, "asc_nz2ndparamsfull", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  static const char *const names[7] = {"nd_num",
                                       "n_value",
                                       "d_value",
                                       "src_nd_matrix_stride",
                                       "src_n_stride",
                                       "dst_d_stride",
                                       "dst_nd_matrix_stride"};
  casc_type *mat[7], *ft[7];
  for (unsigned i = 0; i < 7; i++) {
    mat[i] = c.k->i32;
    ft[i] = c.k->ui16;
  }
  r.p_ =
      lang_construct(&c, CASC_ASC_NZ2ND_PARAMS_FULL, 7, fields, names, mat, ft);
  return r;
}

/* asc.GatherRepeatParams(dst_blk_stride, dst_rep_stride): uint16 fields. */
asc_gather_repeat_params asc_gatherrepeatparams_at(const char *file, int line,
                                                   asc__sv dst_blk_stride,
                                                   asc__sv dst_rep_stride) {
  lang_call c;
  asc_gather_repeat_params r = {0};
  if (!lang_begin(&c, "asc_gatherrepeatparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[2] = {dst_blk_stride, dst_rep_stride};
  static const char *const names[2] = {"dst_blk_stride", "dst_rep_stride"};
  casc_type *const t[2] = {c.k->ui16, c.k->ui16};
  r.p_ = lang_construct(&c, CASC_ASC_GATHER_REPEAT_PARAMS, 2, in, names, t, t);
  return r;
}

static bool gatherb_dtype(casc_dtype d) {
  return d == CASC_DT_U16 || d == CASC_DT_U32;
}

void asc_gatherb_at(const char *file, int line, asc_local_tensor dst,
                    asc_local_tensor src0, asc_local_tensor offset,
                    asc__sv repeat_time, asc_gather_repeat_params params) {
  lang_call c;
  if (!lang_begin(&c, "asc_gatherb", file, line))
    return;
  casc_value *ops[5];
  if (!two_tensors(&c, dst, "dst", src0, "src0", ops, gatherb_dtype,
                   "Gatherb takes uint16 and uint32") ||
      !of_dtype(&c, offset, "offset", CASC_DT_U32, &ops[2]))
    return;
  if (!(ops[3] = lang_mat(&c, repeat_time, c.k->ui8, "repeat_time")))
    return;
  ops[4] = lang_value(&c, params.p_, params.k_, "repeat_params");
  if (!ops[4])
    return;
  if (!casc_type_is_asc(ops[4]->type, CASC_ASC_GATHER_REPEAT_PARAMS)) {
    lang_error(&c, "repeat_params is not a GatherRepeatParams");
    return;
  }
  lang_op(&c, CASC_OP_GATHERB_L0, 5, ops, 0, NULL, NULL);
}

/* asc.SliceInfo(...): five fields, pyasc's default integers typed uint32. */
asc_slice_info asc_sliceinfo_at(const char *file, int line,
                                const asc__sv *fields) {
  lang_call c;
  asc_slice_info r = {0};
  if (!lang_begin(&c, "asc_sliceinfo", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  static const char *const names[5] = {"start_index", "end_index", "stride",
                                       "burst_len", "shape_value"};
  casc_type *const mat[5] = {c.k->i32, c.k->i32, c.k->i32, c.k->i32, c.k->i32};
  casc_type *const ft[5] = {c.k->ui32, c.k->ui32, c.k->ui32, c.k->ui32,
                            c.k->ui32};
  r.p_ = lang_construct(&c, CASC_ASC_SLICE_INFO, 5, fields, names, mat, ft);
  return r;
}

/* A tensor operand of the slice copy: local or global. */
static casc_value *slice_tensor(lang_call *c, asc__tensor t, const char *what) {
  return t.global_ ? lang_global_value(c, t.p_, t.k_, what)
                   : lang_value(c, t.p_, t.k_, what);
}

void asc_data_copy_slice_at(const char *file, int line, asc__tensor dst,
                            asc__tensor src, const asc_slice_info *dst_infos,
                            const asc_slice_info *src_infos, unsigned n,
                            asc__sv dim_value) {
  lang_call c;
  if (!lang_begin(&c, "asc_data_copy_slice", file, line))
    return;
  if (n < 1 || n > 8 || !dst_infos || !src_infos) {
    lang_error(&c, "%u SliceInfos a side; it takes 1 to 8 (two arrays)", n);
    return;
  }
  casc_value *ops[19];
  ops[0] = slice_tensor(&c, dst, "dst");
  ops[1] = slice_tensor(&c, src, "src");
  if (c.failed)
    return;
  if (dst.global_ == src.global_) {
    lang_error(&c, "a slice copy goes GM -> local or local -> GM");
    return;
  }
  if (casc_type_elem(ops[0]->type) != casc_type_elem(ops[1]->type)) {
    lang_error(&c, "dst has dtype %s but src has dtype %s",
               lang_type_name(&c, casc_type_elem(ops[0]->type)),
               lang_type_name(&c, casc_type_elem(ops[1]->type)));
    return;
  }
  for (unsigned i = 0; i < 2 * n; i++) {
    const asc_slice_info *s = i < n ? &dst_infos[i] : &src_infos[i - n];
    casc_value *v =
        lang_value(&c, s->p_, s->k_, i < n ? "dst_infos" : "src_infos");
    if (!v)
      return;
    if (!casc_type_is_asc(v->type, CASC_ASC_SLICE_INFO)) {
      lang_error(&c, "%s[%u] is not a SliceInfo",
                 i < n ? "dst_infos" : "src_infos", i < n ? i : i - n);
      return;
    }
    ops[2 + i] = v;
  }
  if (!(ops[2 + 2 * n] = lang_mat(&c, dim_value, c.k->ui32, "dim_value")))
    return;
  char seg[64];
  snprintf(seg, sizeof seg, "array<i32: 1, 1, %u, %u, 1>", n, n);
  lang_op(
      &c, CASC_OP_DATA_COPY_SLICE, 3 + 2 * n, ops, 0, NULL,
      lang_attrs1(&c, "operandSegmentSizes", casc_attr_opaque(c.k->ctx, seg)));
}
