/* MLIR's float printing (APFloat::toString with its two settings and the
 * hex fallback), and conversions between doubles and the bit patterns of
 * f16 / bf16 / f32 / f64 without relying on compiler support for them. */
#include "text/float_text.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  unsigned width, mant, ebits; /* mantissa bits exclude the implicit bit */
} fmt_info;

static fmt_info info_of(casc_float_kind k) {
  switch (k) {
  case CASC_F16:
    return (fmt_info){16, 10, 5};
  case CASC_BF16:
    return (fmt_info){16, 7, 8};
  case CASC_F32:
    return (fmt_info){32, 23, 8};
  default:
    return (fmt_info){64, 52, 11};
  }
}

unsigned casc_float_width(casc_float_kind k) {
  return info_of(k).width;
}

static uint64_t dbl_bits(double v) {
  uint64_t b;
  memcpy(&b, &v, sizeof b);
  return b;
}

static double bits_dbl(uint64_t b) {
  double v;
  memcpy(&v, &b, sizeof v);
  return v;
}

uint64_t casc_float_to_bits(double v, casc_float_kind k) {
  fmt_info f = info_of(k);
  uint64_t d = dbl_bits(v);
  if (f.width == 64)
    return d;
  uint64_t sign = d >> 63;
  int dexp = (int)((d >> 52) & 0x7ff);
  uint64_t dman = d & ((1ull << 52) - 1);
  int bias = (1 << (f.ebits - 1)) - 1;
  uint64_t emax = (1ull << f.ebits) - 1;
  uint64_t out_sign = sign << (f.width - 1);
  if (dexp == 0x7ff) { /* inf / nan: keep the top payload bits */
    uint64_t man = dman >> (52 - f.mant);
    if (dman && !man)
      man = 1ull << (f.mant - 1);
    return out_sign | (emax << f.mant) | man;
  }
  if (dexp == 0 && dman == 0)
    return out_sign;
  /* value = 1.dman * 2^(dexp-1023) (normal doubles only reach here for the
   * narrow formats; double subnormals are far below their range) */
  int e = dexp - 1023;
  uint64_t sig = (1ull << 52) | dman; /* 53 bits */
  int te = e + bias;                  /* biased target exponent */
  unsigned shift;                     /* bits to drop from sig */
  if (te >= 1) {
    shift = 52 - f.mant;
  } else {
    /* subnormal target: value = sig * 2^(e-52); unit = 2^(1-bias-mant) */
    int s = (1 - bias - (int)f.mant) - (e - 52);
    if (s > 60)
      return out_sign; /* rounds to zero */
    shift = (unsigned)s;
    te = 0;
  }
  uint64_t kept = sig >> shift;
  uint64_t rem = sig & ((1ull << shift) - 1);
  uint64_t half = 1ull << (shift - 1);
  if (rem > half || (rem == half && (kept & 1)))
    kept++;
  uint64_t bits;
  if (te == 0) {
    /* kept may have carried into the normal range: that is the encoding */
    bits = kept;
  } else {
    if (kept >> (f.mant + 1)) { /* mantissa overflow */
      kept >>= 1;
      te++;
    }
    if ((uint64_t)te >= emax)
      return out_sign | (emax << f.mant); /* overflow to infinity */
    bits = ((uint64_t)te << f.mant) | (kept & ((1ull << f.mant) - 1));
  }
  return out_sign | bits;
}

double casc_float_from_bits(uint64_t bits, casc_float_kind k) {
  fmt_info f = info_of(k);
  if (f.width == 64)
    return bits_dbl(bits);
  uint64_t sign = (bits >> (f.width - 1)) & 1;
  uint64_t e = (bits >> f.mant) & ((1ull << f.ebits) - 1);
  uint64_t man = bits & ((1ull << f.mant) - 1);
  int bias = (1 << (f.ebits - 1)) - 1;
  uint64_t emax = (1ull << f.ebits) - 1;
  if (e == emax) {
    uint64_t d = (sign << 63) | (0x7ffull << 52) | (man << (52 - f.mant));
    return bits_dbl(d);
  }
  double v;
  if (e == 0)
    v = ldexp((double)man, 1 - bias - (int)f.mant);
  else
    v = ldexp((double)((1ull << f.mant) | man), (int)e - bias - (int)f.mant);
  return sign ? -v : v;
}

double casc_float_round(double v, casc_float_kind k) {
  if (k == CASC_F64)
    return v;
  if (k == CASC_F32)
    return (double)(float)v;
  return casc_float_from_bits(casc_float_to_bits(v, k), k);
}

double casc_float_parse(const char *s, casc_float_kind k) {
  if (k == CASC_F32)
    return (double)strtof(s, NULL);
  return casc_float_round(strtod(s, NULL), k);
}

/* Exact decimal digits of |v| (finite, non-zero): digits (most significant
 * first, no trailing zeros) and exp so that |v| = digits * 10^exp. */
static unsigned exact_digits(double v, char *digits, int *exp) {
  char buf[900];
  snprintf(buf, sizeof buf, "%.780e", fabs(v));
  unsigned n = 0;
  const char *p = buf;
  for (; *p && *p != 'e'; p++)
    if (*p >= '0' && *p <= '9')
      digits[n++] = *p;
  int e10 = *p == 'e' ? atoi(p + 1) : 0;
  while (n > 1 && digits[n - 1] == '0')
    n--;
  /* value = d0.d1d2... * 10^e10 = D * 10^(e10 - (n-1)) */
  *exp = e10 - (int)(n - 1);
  return n;
}

/* APFloat's AdjustToPrecision: round half up on the digit after the
 * precision, then drop trailing zeros. */
static unsigned adjust(char *d, unsigned n, int *exp, unsigned prec) {
  if (n <= prec)
    return n;
  unsigned drop = n - prec;
  bool up = d[prec] >= '5';
  n = prec;
  *exp += (int)drop;
  if (up) {
    int i = (int)n - 1;
    while (i >= 0 && d[i] == '9') {
      i--;
    }
    if (i < 0) {
      d[0] = '1';
      *exp += (int)n;
      return 1;
    }
    d[i]++;
    *exp += (int)(n - 1 - (unsigned)i);
    n = (unsigned)i + 1;
  }
  while (n > 1 && d[n - 1] == '0') {
    n--;
    (*exp)++;
  }
  return n;
}

static void put_exp(casc_buf *out, int e, bool pad) {
  casc_buf_putc(out, e < 0 ? '-' : '+');
  if (e < 0)
    e = -e;
  if (pad && e < 10)
    casc_buf_putc(out, '0');
  casc_buf_printf(out, "%d", e);
}

static void put_hex(uint64_t bits, casc_buf *out) {
  casc_buf_printf(out, "0x%" PRIX64, bits);
}

void casc_float_print(double v, casc_float_kind k, casc_buf *out, bool *hex) {
  if (hex)
    *hex = false;
  uint64_t bits = casc_float_to_bits(v, k);
  if (isnan(v) || isinf(v)) {
    if (hex)
      *hex = true;
    put_hex(bits, out);
    return;
  }
  bool neg = signbit(v) != 0;
  if (v == 0) {
    casc_buf_puts(out, neg ? "-0.000000e+00" : "0.000000e+00");
    return;
  }
  char exact[800], d[800];
  int exp0;
  unsigned n0 = exact_digits(v, exact, &exp0);

  /* 1: six significant digits, exponential, zero padded. */
  memcpy(d, exact, n0);
  int exp = exp0;
  unsigned n = adjust(d, n0, &exp, 6);
  char s[64];
  unsigned sl = 0;
  if (neg)
    s[sl++] = '-';
  s[sl++] = d[0];
  s[sl++] = '.';
  for (unsigned i = 1; i < n; i++)
    s[sl++] = d[i];
  for (unsigned i = n; i < 7; i++)
    s[sl++] = '0';
  s[sl] = 0;
  casc_buf tmp;
  casc_buf_init(&tmp);
  casc_buf_puts(&tmp, s);
  casc_buf_putc(&tmp, 'e');
  put_exp(&tmp, exp + (int)n - 1, true);
  if (tmp.data &&
      casc_float_to_bits(casc_float_parse(tmp.data, k), k) == bits) {
    casc_buf_put(out, tmp.data, tmp.len);
    casc_buf_free(&tmp);
    return;
  }
  casc_buf_clear(&tmp);

  /* 2: natural precision, APFloat's default layout (max padding 3). */
  fmt_info f = info_of(k);
  unsigned prec = 2 + (f.mant + 1) * 59 / 196;
  memcpy(d, exact, n0);
  exp = exp0;
  n = adjust(d, n0, &exp, prec);
  bool sci;
  if (exp >= 0) {
    sci = exp > 3 || n + (unsigned)exp > prec;
  } else {
    int msd = exp + (int)n - 1;
    sci = msd < 0 && -msd > 3;
  }
  if (neg)
    casc_buf_putc(&tmp, '-');
  if (sci) {
    casc_buf_putc(&tmp, d[0]);
    casc_buf_putc(&tmp, '.');
    if (n == 1)
      casc_buf_putc(&tmp, '0');
    else
      casc_buf_put(&tmp, d + 1, n - 1);
    casc_buf_putc(&tmp, 'E');
    put_exp(&tmp, exp + (int)n - 1, false);
  } else if (exp >= 0) {
    casc_buf_put(&tmp, d, n);
    for (int i = 0; i < exp; i++)
      casc_buf_putc(&tmp, '0');
  } else {
    int whole = exp + (int)n;
    if (whole > 0) {
      casc_buf_put(&tmp, d, (size_t)whole);
      casc_buf_putc(&tmp, '.');
      casc_buf_put(&tmp, d + whole, n - (unsigned)whole);
    } else {
      casc_buf_puts(&tmp, "0.");
      for (int i = 0; i < -whole; i++)
        casc_buf_putc(&tmp, '0');
      casc_buf_put(&tmp, d, n);
    }
  }
  if (tmp.data && strchr(tmp.data, '.')) {
    casc_buf_put(out, tmp.data, tmp.len);
  } else {
    if (hex)
      *hex = true;
    put_hex(bits, out);
  }
  casc_buf_free(&tmp);
}
