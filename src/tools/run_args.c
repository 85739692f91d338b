/* Values of `casc run --arg` (see run_args.h). */
#include "tools/run_args.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tools/cli_util.h"
#include "util/alloc.h"

bool run_parse_unsigned(const char *s, unsigned long long max,
                        unsigned long long *out) {
  if (!*s || *s == '-' || *s == '+')
    return false;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end || v > max)
    return false;
  *out = v;
  return true;
}

/* Whether d rounds to a finite f16, bf16 or f32 (f64: strtod checks). */
static bool float_fits(casc_dtype dt, double d, double *largest) {
  /* Significand bits, the implicit one included, and the largest exponent. */
  int mant = dt == CASC_DT_F16 ? 11 : dt == CASC_DT_BF16 ? 8 : 24;
  int emax = dt == CASC_DT_F16 ? 15 : 127;
  /* The largest finite value, and the magnitude from which round to
   * nearest even gives infinity (half an ulp above it). */
  *largest = ldexp(2.0 - ldexp(1.0, 1 - mant), emax);
  return fabs(d) < ldexp(2.0 - ldexp(1.0, -mant), emax);
}

static bool is_inf_or_nan_text(const char *v) {
  if (*v == '+' || *v == '-')
    v++;
  return strncasecmp(v, "inf", 3) == 0 || strncasecmp(v, "nan", 3) == 0;
}

static int float_arg(const char *name, const char *v, casc_dtype dt,
                     casc_arg *out) {
  char *end;
  errno = 0;
  double d = strtod(v, &end);
  if (*end || end == v) {
    casc_cli_error("run", "--arg %s: '%s' is not a number", name, v);
    return CASC_EXIT_USAGE;
  }
  double largest = 0;
  bool overflow = errno == ERANGE && isinf(d);
  if (!overflow && dt != CASC_DT_F64 && !is_inf_or_nan_text(v))
    overflow = !float_fits(dt, d, &largest);
  if (overflow) {
    if (dt == CASC_DT_F64)
      casc_cli_error("run", "--arg %s: %s does not fit f64", name, v);
    else
      casc_cli_error("run", "--arg %s: %s does not fit %s (largest %g)", name,
                     v, casc_dtype_name(dt), largest);
    return CASC_EXIT_USAGE;
  }
  *out = casc_arg_float(dt, d);
  return CASC_EXIT_OK;
}

static bool int_range(casc_dtype dt, long long *lo, unsigned long long *hi) {
  switch (dt) {
  case CASC_DT_BOOL:
    *lo = 0, *hi = 1;
    return true;
  case CASC_DT_I8:
    *lo = INT8_MIN, *hi = INT8_MAX;
    return true;
  case CASC_DT_I16:
    *lo = INT16_MIN, *hi = INT16_MAX;
    return true;
  case CASC_DT_I32:
    *lo = INT32_MIN, *hi = INT32_MAX;
    return true;
  case CASC_DT_I64:
    *lo = INT64_MIN, *hi = INT64_MAX;
    return true;
  case CASC_DT_U8:
    *lo = 0, *hi = UINT8_MAX;
    return true;
  case CASC_DT_U16:
    *lo = 0, *hi = UINT16_MAX;
    return true;
  case CASC_DT_U32:
    *lo = 0, *hi = UINT32_MAX;
    return true;
  case CASC_DT_U64:
    *lo = 0, *hi = UINT64_MAX;
    return true;
  default:
    return false;
  }
}

int run_scalar_arg(const char *name, const char *v, casc_type *t,
                   casc_arg *out) {
  casc_dtype dt = casc_dtype_of_type(t);
  if (dt == CASC_DT_F16 || dt == CASC_DT_BF16 || dt == CASC_DT_F32 ||
      dt == CASC_DT_F64)
    return float_arg(name, v, dt, out);
  if (dt == CASC_DT_BOOL &&
      (strcmp(v, "true") == 0 || strcmp(v, "false") == 0)) {
    *out = casc_arg_int(dt, v[0] == 't');
    return CASC_EXIT_OK;
  }
  long long lo;
  unsigned long long hi;
  if (!int_range(dt, &lo, &hi)) {
    casc_cli_error("run", "--arg %s: the parameter's type cannot be passed",
                   name);
    return CASC_EXIT_USAGE;
  }
  /* Parse the magnitude unsigned, so that every value of ui64 and every
   * negative value of i64 reads; then compare with the type's range. */
  const char *digits = v;
  bool neg = *digits == '-';
  if (neg || *digits == '+')
    digits++;
  char *end = (char *)digits;
  errno = 0;
  /* strtoull itself would take spaces and a second sign. */
  unsigned long long mag =
      *digits >= '0' && *digits <= '9' ? strtoull(digits, &end, 0) : 0;
  if (end == digits || *end) {
    casc_cli_error("run", "--arg %s: '%s' is not an integer", name, v);
    return CASC_EXIT_USAGE;
  }
  bool fits;
  if (errno == ERANGE)
    fits = false;
  else if (!neg || mag == 0)
    fits = mag <= hi;
  else /* mag <= -lo, written so that -INT64_MIN does not overflow */
    fits = lo < 0 && mag - 1 <= (unsigned long long)-(lo + 1);
  if (!fits) {
    if (lo < 0)
      casc_cli_error("run", "--arg %s: %s does not fit %s (%lld ~ %llu)", name,
                     v, casc_dtype_name(dt), lo, hi);
    else
      casc_cli_error("run", "--arg %s: %s does not fit %s (0 ~ %llu)", name, v,
                     casc_dtype_name(dt), hi);
    return CASC_EXIT_USAGE;
  }
  int64_t val = neg ? (int64_t)(0 - mag) : (int64_t)mag;
  *out = casc_arg_int(dt, val);
  return CASC_EXIT_OK;
}

int run_gm_arg(casc_ctx *ctx, const char *name, const char *v, casc_dtype want,
               casc_npy *arr, casc_arg *out) {
  if (strncmp(v, "zeros:", 6) == 0) {
    unsigned long long n;
    if (!run_parse_unsigned(v + 6, 1ULL << 34, &n)) {
      casc_cli_error("run", "--arg %s: bad element count in '%s'", name, v);
      return CASC_EXIT_USAGE;
    }
    arr->dtype = want;
    arr->ndim = 1;
    arr->shape[0] = arr->count = (size_t)n;
    arr->data = casc_calloc(n ? n : 1, casc_dtype_size(want));
    if (!arr->data) {
      casc_cli_error("run", "--arg %s: out of memory", name);
      return CASC_EXIT_FAIL;
    }
  } else if (!casc_npy_read(ctx, v, arr)) {
    return casc_ctx_out_of_memory(ctx) ? CASC_EXIT_FAIL : CASC_EXIT_USAGE;
  }
  /* bf16 may also come as raw uint16 bit patterns. */
  if (want == CASC_DT_BF16 && arr->dtype == CASC_DT_U16)
    arr->dtype = CASC_DT_BF16;
  if (arr->dtype != want) {
    casc_cli_error("run", "--arg %s: %s holds %s, the kernel expects %s", name,
                   v, casc_dtype_name(arr->dtype), casc_dtype_name(want));
    return CASC_EXIT_USAGE;
  }
  *out = casc_arg_gm(arr->data, want, arr->count);
  out->name = name;
  return CASC_EXIT_OK;
}
