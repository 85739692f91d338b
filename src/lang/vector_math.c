/* The mask register ops of casc/asc_vec_math.h: SetMaskCount,
 * SetMaskNorm, ResetMask and SetVectorMask, built as pyasc's
 * asc.set_mask_count / set_mask_norm / reset_mask / set_vector_mask build
 * them (asc/language/basic/common.py: the length as int32, the two mask
 * words as uint64, the dtype as a type attribute, the MaskMode as an i32
 * attribute). The fused multiply-add macros of that header use the binary
 * ops' builders (vector.c, vector_repeat.c). */
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
