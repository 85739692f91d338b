/* Text of the DTYPES column: the names kernel authors know (pyasc's dtype
 * names, which are also the C API's ASC_* names in lower case), so that the
 * C front end and the simulator reject a dtype with the same sentence. */
#include <stdio.h>

#include "dialect/dialect.h"

const char *casc_dtype_pyasc_name(casc_dtype dt) {
  switch (dt) {
  case CASC_DT_BOOL:
    return "bool";
  case CASC_DT_I8:
    return "int8";
  case CASC_DT_I16:
    return "int16";
  case CASC_DT_I32:
    return "int32";
  case CASC_DT_I64:
    return "int64";
  case CASC_DT_U8:
    return "uint8";
  case CASC_DT_U16:
    return "uint16";
  case CASC_DT_U32:
    return "uint32";
  case CASC_DT_U64:
    return "uint64";
  case CASC_DT_F16:
    return "half";
  case CASC_DT_BF16:
    return "bfloat16";
  case CASC_DT_F32:
    return "float";
  case CASC_DT_F64:
    return "double";
  default:
    return "?";
  }
}

const char *casc_dtype_set_text(uint32_t set, char *buf, size_t n) {
  /* Floats first, as the Ascend C reference lists them. */
  static const casc_dtype order[] = {
      CASC_DT_F16, CASC_DT_F32, CASC_DT_BF16, CASC_DT_F64, CASC_DT_BOOL,
      CASC_DT_I8,  CASC_DT_I16, CASC_DT_I32,  CASC_DT_I64, CASC_DT_U8,
      CASC_DT_U16, CASC_DT_U32, CASC_DT_U64};
  size_t used = 0;
  if (n)
    buf[0] = '\0';
  for (unsigned i = 0; i < sizeof order / sizeof order[0]; i++) {
    if (!(set & CASC_DT_BIT(order[i])))
      continue;
    int w = snprintf(buf + used, n - used, "%s%s", used ? ", " : "",
                     casc_dtype_pyasc_name(order[i]));
    if (w < 0 || (size_t)w >= n - used)
      break;
    used += (size_t)w;
  }
  return buf;
}

const char *casc_op_dtype_error(const casc_op_info *info, const char *what,
                                casc_dtype dt, char *buf, size_t n) {
  char set[128];
  snprintf(buf, n, "%s has dtype %s; %s supports %s", what,
           casc_dtype_pyasc_name(dt), info->api,
           casc_dtype_set_text(info->dtypes, set, sizeof set));
  return buf;
}
