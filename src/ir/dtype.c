/* Element types of the IR's scalar types: the one numbering every layer
 * shares (the op table's dtype sets, the front end's checks, the
 * simulator's kernels), with their sizes and IR spellings. */
#include "casc/ir.h"

static const struct {
  const char *name;
  unsigned size;
} dtypes[CASC_DT_COUNT_] = {
    [CASC_DT_INVALID] = {"?", 0}, [CASC_DT_BOOL] = {"i1", 1},
    [CASC_DT_I8] = {"i8", 1},     [CASC_DT_I16] = {"i16", 2},
    [CASC_DT_I32] = {"i32", 4},   [CASC_DT_I64] = {"i64", 8},
    [CASC_DT_U8] = {"ui8", 1},    [CASC_DT_U16] = {"ui16", 2},
    [CASC_DT_U32] = {"ui32", 4},  [CASC_DT_U64] = {"ui64", 8},
    [CASC_DT_F16] = {"f16", 2},   [CASC_DT_BF16] = {"bf16", 2},
    [CASC_DT_F32] = {"f32", 4},   [CASC_DT_F64] = {"f64", 8},
};

unsigned casc_dtype_size(casc_dtype dt) {
  return (unsigned)dt < CASC_DT_COUNT_ ? dtypes[dt].size : 0;
}

const char *casc_dtype_name(casc_dtype dt) {
  return (unsigned)dt < CASC_DT_COUNT_ ? dtypes[dt].name : "?";
}

casc_dtype casc_dtype_of_type(const casc_type *t) {
  if (!t)
    return CASC_DT_INVALID;
  if (t->kind == CASC_TYPE_INDEX)
    return CASC_DT_I64;
  if (t->kind == CASC_TYPE_FLOAT) {
    switch (t->u.flt.fk) {
    case CASC_F16:
      return CASC_DT_F16;
    case CASC_BF16:
      return CASC_DT_BF16;
    case CASC_F32:
      return CASC_DT_F32;
    case CASC_F64:
      return CASC_DT_F64;
    }
    return CASC_DT_INVALID;
  }
  if (t->kind != CASC_TYPE_INTEGER)
    return CASC_DT_INVALID;
  bool u = t->u.integer.sign == CASC_UNSIGNED;
  switch (t->u.integer.width) {
  case 1:
    return CASC_DT_BOOL;
  case 8:
    return u ? CASC_DT_U8 : CASC_DT_I8;
  case 16:
    return u ? CASC_DT_U16 : CASC_DT_I16;
  case 32:
    return u ? CASC_DT_U32 : CASC_DT_I32;
  case 64:
    return u ? CASC_DT_U64 : CASC_DT_I64;
  default:
    return CASC_DT_INVALID;
  }
}
