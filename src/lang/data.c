/* The C API of casc/asc_data.h: Copy and its CopyRepeatParams, the
 * register form of Compare, GetCmpMask and SetCmpMask, built as pyasc's
 * asc.language.basic builds them (data_copy.py, vec_cmpsel.py): the mask
 * as uint64 (one count, or the two words of a bit mask), Copy's repeat
 * time as uint8 and isSetMask as pyasc's bool_ (int8); CopyRepeatParams'
 * four fields as uint16. The tensors' dtypes are checked here against the
 * lists the Ascend C reference gives for Atlas A2, the values by the
 * simulator. */
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
