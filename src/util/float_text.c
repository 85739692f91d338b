/* MLIR's float printing (APFloat::toString with its two settings and the
 * hex fallback, done with exact big-integer arithmetic), and conversions
 * between doubles and the bit patterns of f16 / bf16 / f32 / f64 without
 * relying on compiler support for them. */
#include "util/float_text.h"

#include <inttypes.h>
#include <math.h>
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
  /* MLIR's parser reads a decimal literal as a double and then converts it
   * (round to nearest even) to the target format, so an f32 literal very
   * close to a half-way point is rounded twice; do the same. */
  return casc_float_round(strtod(s, NULL), k);
}

/* Nearest value of format k to the decimal string s, rounded once (as
 * APFloat's string constructor does when the printer checks a spelling).
 * For f16 / bf16 the detour through double cannot change the result for
 * the strings tried here: they are within 1e-6 relative of a value of the
 * format, far from any half-way point. */
static uint64_t parse_bits_exact(const char *s, casc_float_kind k) {
  if (k == CASC_F32)
    return casc_float_to_bits((double)strtof(s, NULL), k);
  return casc_float_to_bits(casc_float_round(strtod(s, NULL), k), k);
}

/* ---- Exact decimal expansion ------------------------------------------
 * A finite double is m * 2^e with m < 2^53 and -1074 <= e <= 971. As an
 * integer scaled by a power of ten that is m * 5^-e * 10^e (e < 0) or
 * (m << e) * 10^0: at most 2^53 * 5^1074 < 2^2547, i.e. 80 limbs of 32 bits
 * and 767 decimal digits. */
enum { BIG_LIMBS = 80, MAX_DIGITS = 780 };

typedef struct {
  uint32_t w[BIG_LIMBS]; /* least significant limb first */
  unsigned n;            /* limbs in use; w[n - 1] != 0 unless n == 0 */
} big_uint;

static void big_set_u64(big_uint *b, uint64_t v) {
  b->n = 0;
  while (v) {
    b->w[b->n++] = (uint32_t)v;
    v >>= 32;
  }
}

/* b *= m. The callers stay within BIG_LIMBS by the bound above; a carry
 * that would not fit is dropped rather than written out of bounds. */
static void big_mul_small(big_uint *b, uint32_t m) {
  uint64_t carry = 0;
  for (unsigned i = 0; i < b->n; i++) {
    uint64_t p = (uint64_t)b->w[i] * m + carry;
    b->w[i] = (uint32_t)p;
    carry = p >> 32;
  }
  if (carry && b->n < BIG_LIMBS)
    b->w[b->n++] = (uint32_t)carry;
}

/* b <<= s (same capacity rule as big_mul_small). */
static void big_shl(big_uint *b, unsigned s) {
  unsigned limbs = s / 32, bits = s % 32;
  big_uint r;
  memset(&r, 0, sizeof r);
  for (unsigned i = 0; i < b->n; i++) {
    uint64_t x = (uint64_t)b->w[i] << bits;
    unsigned at = i + limbs;
    if (at < BIG_LIMBS)
      r.w[at] |= (uint32_t)x;
    if (at + 1 < BIG_LIMBS)
      r.w[at + 1] |= (uint32_t)(x >> 32);
  }
  r.n = b->n ? b->n + limbs + 1 : 0;
  if (r.n > BIG_LIMBS)
    r.n = BIG_LIMBS;
  while (r.n && r.w[r.n - 1] == 0)
    r.n--;
  *b = r;
}

/* b /= d, returning the remainder. */
static uint32_t big_divmod_small(big_uint *b, uint32_t d) {
  uint64_t rem = 0;
  for (unsigned i = b->n; i > 0; i--) {
    uint64_t cur = (rem << 32) | b->w[i - 1];
    b->w[i - 1] = (uint32_t)(cur / d);
    rem = cur % d;
  }
  while (b->n && b->w[b->n - 1] == 0)
    b->n--;
  return (uint32_t)rem;
}

static unsigned big_bit_length(const big_uint *b) {
  if (b->n == 0)
    return 0;
  unsigned bits = (b->n - 1) * 32;
  for (uint32_t top = b->w[b->n - 1]; top; top >>= 1)
    bits++;
  return bits;
}

/* The decimal digits of a non-zero finite |v| as APFloat sees them:
 * |v| = N * 10^*exp10 where N (digits d[0..n), most significant first) is
 * the odd binary significand scaled to an integer, and *nbits is the bit
 * length of N. Returns n. */
static unsigned exact_decimal(double v, char *d, int *exp10, unsigned *nbits) {
  uint64_t b = dbl_bits(v);
  int be = (int)((b >> 52) & 0x7ff);
  uint64_t m = b & ((1ull << 52) - 1);
  int e2;
  if (be == 0) {
    e2 = -1074;
  } else {
    m |= 1ull << 52;
    e2 = be - 1075;
  }
  while (!(m & 1)) { /* binary trailing zeros say nothing */
    m >>= 1;
    e2++;
  }
  big_uint n;
  big_set_u64(&n, m);
  if (e2 >= 0) {
    big_shl(&n, (unsigned)e2);
    *exp10 = 0;
  } else {
    /* m * 2^e2 == m * 5^-e2 * 10^e2 */
    unsigned k = (unsigned)-e2;
    for (; k >= 13; k -= 13)
      big_mul_small(&n, 1220703125u); /* 5^13, the largest fitting in 32 */
    uint32_t p = 1;
    for (; k > 0; k--)
      p *= 5;
    big_mul_small(&n, p);
    *exp10 = e2;
  }
  *nbits = big_bit_length(&n);
  /* Nine digits at a time, least significant chunk first. */
  uint32_t chunk[MAX_DIGITS / 9 + 1];
  unsigned nchunks = 0;
  while (n.n && nchunks < sizeof chunk / sizeof chunk[0])
    chunk[nchunks++] = big_divmod_small(&n, 1000000000u);
  unsigned len = 0;
  for (unsigned i = nchunks; i > 0; i--) {
    char nine[9];
    uint32_t c = chunk[i - 1];
    for (unsigned j = 9; j > 0; j--, c /= 10)
      nine[j - 1] = (char)('0' + c % 10);
    unsigned j = 0;
    if (i == nchunks) /* no leading zeros in the top chunk */
      while (j < 8 && nine[j] == '0')
        j++;
    for (; j < 9 && len < MAX_DIGITS; j++)
      d[len++] = nine[j];
  }
  return len;
}

/* APFloat's reduction of an exact expansion to `prec` significant digits,
 * in place. First a coarse cut without rounding, sized from the bit length
 * of N (it keeps at least as many bits as prec digits need, so the cut may
 * leave a few more digits than prec); then trailing zeros go, and the rest
 * is rounded half up on the single next digit. *exp10 stays the power of
 * ten of the last digit. Returns the new digit count. */
static unsigned reduce_digits(char *d, unsigned n, unsigned nbits, int *exp10,
                              unsigned prec) {
  unsigned bits_required = (prec * 196 + 58) / 59;
  if (nbits > bits_required) {
    unsigned tens = (nbits - bits_required) * 59 / 196;
    if (tens >= n) /* cannot happen (10^tens < 2^(nbits-1)); stay safe */
      tens = n - 1;
    n -= tens;
    *exp10 += (int)tens;
  }
  while (n > 1 && d[n - 1] == '0') {
    n--;
    (*exp10)++;
  }
  if (n <= prec)
    return n;
  bool up = d[prec] >= '5';
  *exp10 += (int)(n - prec);
  n = prec;
  if (up) {
    while (n > 0 && d[n - 1] == '9') { /* the carry turns 9s into zeros */
      n--;
      (*exp10)++;
    }
    if (n == 0) { /* 99..9 + 1 */
      d[0] = '1';
      return 1;
    }
    d[n - 1]++;
  }
  while (n > 1 && d[n - 1] == '0') {
    n--;
    (*exp10)++;
  }
  return n;
}

/* Appends the decimal exponent e with its sign and at least min_width
 * digits. */
static void put_exponent(casc_buf *out, int e, unsigned min_width) {
  casc_buf_putc(out, e < 0 ? '-' : '+');
  unsigned u = e < 0 ? 0u - (unsigned)e : (unsigned)e;
  char rev[12];
  unsigned k = 0;
  do {
    rev[k++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  while (k < min_width)
    rev[k++] = '0';
  while (k)
    casc_buf_putc(out, rev[--k]);
}

/* APFloat's layout of the reduced digits d[0..n) * 10^exp10 (n <= prec):
 * scientific `d.ddd` + exponent when max_padding is 0 or plain notation
 * would need more than max_padding zeros (or show more digits than prec),
 * else plain `765000` / `7.65` / `0.00765`. Scientific with truncate_zero
 * is `7.65E+2` (a lone digit gets `.0`); without, the fraction is padded
 * with zeros to prec digits and the exponent to two: `7.650000e+02`. */
static void format_digits(const char *d, unsigned n, int exp10, unsigned prec,
                          unsigned max_padding, bool truncate_zero, bool neg,
                          casc_buf *out) {
  bool sci;
  if (!max_padding) {
    sci = true;
  } else if (exp10 >= 0) {
    sci = (unsigned)exp10 > max_padding || n + (unsigned)exp10 > prec;
  } else {
    int msd = exp10 + (int)n - 1; /* power of ten of the first digit */
    sci = msd < 0 && (unsigned)-msd > max_padding;
  }
  if (neg)
    casc_buf_putc(out, '-');
  if (sci) {
    casc_buf_putc(out, d[0]);
    casc_buf_putc(out, '.');
    if (n == 1 && truncate_zero)
      casc_buf_putc(out, '0');
    casc_buf_put(out, d + 1, n - 1);
    if (!truncate_zero)
      for (unsigned i = n - 1; i < prec; i++)
        casc_buf_putc(out, '0');
    casc_buf_putc(out, truncate_zero ? 'E' : 'e');
    put_exponent(out, exp10 + (int)n - 1, truncate_zero ? 1 : 2);
  } else if (exp10 >= 0) {
    casc_buf_put(out, d, n);
    for (int i = 0; i < exp10; i++)
      casc_buf_putc(out, '0');
  } else {
    int whole = exp10 + (int)n; /* digits before the point */
    if (whole > 0) {
      casc_buf_put(out, d, (size_t)whole);
      casc_buf_putc(out, '.');
      casc_buf_put(out, d + whole, n - (unsigned)whole);
    } else {
      casc_buf_puts(out, "0.");
      for (int i = 0; i < -whole; i++)
        casc_buf_putc(out, '0');
      casc_buf_put(out, d, n);
    }
  }
}

void casc_float_to_string(double v, casc_float_kind k, unsigned precision,
                          unsigned max_padding, bool truncate_zero,
                          casc_buf *out) {
  bool neg = signbit(v) != 0;
  if (isnan(v)) {
    casc_buf_puts(out, "NaN");
    return;
  }
  if (isinf(v)) {
    casc_buf_puts(out, neg ? "-Inf" : "+Inf");
    return;
  }
  if (v == 0) {
    if (neg)
      casc_buf_putc(out, '-');
    if (max_padding) {
      casc_buf_putc(out, '0');
    } else if (truncate_zero) {
      casc_buf_puts(out, "0.0E+0");
    } else {
      casc_buf_puts(out, "0.0");
      for (unsigned i = 1; i < precision; i++)
        casc_buf_putc(out, '0');
      casc_buf_puts(out, "e+00");
    }
    return;
  }
  /* The natural precision: enough digits for any value of the format,
   * 2 + floor(p / lg 10) with p the significand bits (implicit one
   * included). */
  if (!precision)
    precision = 2 + (info_of(k).mant + 1) * 59 / 196;
  char d[MAX_DIGITS];
  int exp10;
  unsigned nbits;
  unsigned n = exact_decimal(v, d, &exp10, &nbits);
  n = reduce_digits(d, n, nbits, &exp10, precision);
  format_digits(d, n, exp10, precision, max_padding, truncate_zero, neg, out);
}

void casc_float_print(double v, casc_float_kind k, casc_buf *out, bool *hex) {
  if (hex)
    *hex = false;
  if (!isnan(v) && !isinf(v)) {
    if (v == 0) {
      casc_buf_puts(out, signbit(v) ? "-0.000000e+00" : "0.000000e+00");
      return;
    }
    uint64_t bits = casc_float_to_bits(v, k);
    casc_buf s;
    casc_buf_init(&s);
    /* 1: six digits, kept when they read back as the same value. */
    casc_float_to_string(v, k, 6, 0, false, &s);
    if (s.oom) { /* the spelling is lost: so is the output's */
      out->oom = true;
      casc_buf_free(&s);
      return;
    }
    if (s.data && parse_bits_exact(s.data, k) == bits) {
      casc_buf_put(out, s.data, s.len);
      casc_buf_free(&s);
      return;
    }
    /* 2: APFloat's default form with the format's natural precision, kept
     * when the spelling has a point (else it would lex as an integer). */
    casc_buf_clear(&s);
    casc_float_to_string(v, k, 0, 3, true, &s);
    if (s.oom) {
      out->oom = true;
      casc_buf_free(&s);
      return;
    }
    bool has_point = s.data && memchr(s.data, '.', s.len) != NULL;
    if (has_point)
      casc_buf_put(out, s.data, s.len);
    casc_buf_free(&s);
    if (has_point)
      return;
  }
  /* 3: the bit pattern (sign included), as APInt spells a C hex literal:
   * upper case, no leading zeros. */
  if (hex)
    *hex = true;
  casc_buf_printf(out, "0x%" PRIX64, casc_float_to_bits(v, k));
}
