/* MLIR's float spelling (every expected string below was printed by
 * mlir-opt-19 for `arith.constant 0x<bits> : <type>`) and the f16 / bf16 /
 * f32 bit conversions. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "util/float_text.h"

typedef struct {
  casc_float_kind kind;
  uint64_t bits;
  const char *want;
} spelling_row;

/* Branches: `d.dddddde+XX` when six digits read back; else the natural
 * precision form, plain (`0.00999999977`) or scientific (`1.0E+98`); else
 * (inf, NaN, or a natural form without a point) the hex bit pattern. */
static const spelling_row mlir_rows[] = {
    {CASC_F16, 0x0000, "0.000000e+00"},              /* 0 */
    {CASC_F16, 0x8000, "-0.000000e+00"},             /* -0 */
    {CASC_F16, 0x3C00, "1.000000e+00"},              /* 1 */
    {CASC_F16, 0xC100, "-2.500000e+00"},             /* -2.5 */
    {CASC_F16, 0x2E66, "9.997550e-02"},              /* 0.1 */
    {CASC_F16, 0x3555, "3.332520e-01"},              /* 1/3 */
    {CASC_F16, 0x7BFF, "6.550400e+04"},              /* max */
    {CASC_F16, 0x0001, "5.960460e-08"},              /* min subnormal */
    {CASC_F16, 0x8001, "-5.960460e-08"},             /* -min subnormal */
    {CASC_F16, 0x0400, "6.103520e-05"},              /* min normal */
    {CASC_F16, 0x068E, "1.000170e-04"},              /* 1e-4 */
    {CASC_F16, 0x64D2, "1.234000e+03"},              /* 1234 */
    {CASC_F16, 0x4248, "3.140630e+00"},              /* pi rounded */
    {CASC_F16, 0x67FF, "2.047000e+03"},              /* 2047 */
    {CASC_F16, 0x03FF, "6.097560e-05"},              /* max subnormal */
    {CASC_F16, 0x7C00, "0x7C00"},                    /* +inf */
    {CASC_F16, 0xFC00, "0xFC00"},                    /* -inf */
    {CASC_F16, 0x7E00, "0x7E00"},                    /* qNaN */
    {CASC_F16, 0xFE01, "0xFE01"},                    /* -NaN payload */
    {CASC_F16, 0x7C01, "0x7C01"},                    /* sNaN */
    {CASC_BF16, 0x0000, "0.000000e+00"},             /* 0 */
    {CASC_BF16, 0x3F80, "1.000000e+00"},             /* 1 */
    {CASC_BF16, 0x3DCD, "1.000980e-01"},             /* 0.1 */
    {CASC_BF16, 0xC049, "-3.140630e+00"},            /* -pi */
    {CASC_BF16, 0x7F7F, "3.389530e+38"},             /* max */
    {CASC_BF16, 0x0001, "9.183550e-41"},             /* 1e-40: min subnormal */
    {CASC_BF16, 0x5015, "9.999220e+09"},             /* 1e10 */
    {CASC_BF16, 0x3EAB, "3.339840e-01"},             /* 1/3 */
    {CASC_BF16, 0x437F, "2.550000e+02"},             /* 255 */
    {CASC_BF16, 0x0080, "1.175490e-38"},             /* min normal */
    {CASC_BF16, 0x47F1, "1.233920e+05"},             /* 123456 */
    {CASC_BF16, 0x7F80, "0x7F80"},                   /* +inf */
    {CASC_BF16, 0xFF80, "0xFF80"},                   /* -inf */
    {CASC_BF16, 0x7FC0, "0x7FC0"},                   /* qNaN */
    {CASC_BF16, 0xFFC1, "0xFFC1"},                   /* -NaN payload */
    {CASC_F32, 0x00000000, "0.000000e+00"},          /* 0 */
    {CASC_F32, 0x80000000, "-0.000000e+00"},         /* -0 */
    {CASC_F32, 0x3F000000, "5.000000e-01"},          /* 0.5 */
    {CASC_F32, 0x3C23D70A, "0.00999999977"},         /* 0.01 */
    {CASC_F32, 0x3DCCCCCD, "1.000000e-01"},          /* 0.1 */
    {CASC_F32, 0x3EAAAAAB, "0.333333343"},           /* 1/3 */
    {CASC_F32, 0x33D6BF95, "1.000000e-07"},          /* 1e-7 */
    {CASC_F32, 0x501502F9, "1.000000e+10"},          /* 1e10 */
    {CASC_F32, 0xD0BA43B7, "-2.500000e+10"},         /* -2.5e10 */
    {CASC_F32, 0x2F24ED3F, "1.500000e-10"},          /* 1.5e-10 */
    {CASC_F32, 0x7F7FFFFF, "3.40282347E+38"},        /* max */
    {CASC_F32, 0x00800000, "1.17549435E-38"},        /* min normal */
    {CASC_F32, 0x00000001, "1.401300e-45"},          /* min subnormal */
    {CASC_F32, 0x4996B438, "0x4996B438"},            /* 1234567 */
    {CASC_F32, 0xC996B438, "0xC996B438"},            /* -1234567 */
    {CASC_F32, 0x4B800000, "0x4B800000"},            /* 2^24 */
    {CASC_F32, 0x4CEB79A3, "0x4CEB79A3"},            /* 123456789 */
    {CASC_F32, 0x40F4CCCD, "7.650000e+00"},          /* 7.65 */
    {CASC_F32, 0x3BFAD117, "7.654320e-03"},          /* 0.00765432 */
    {CASC_F32, 0x3A48A746, "7.654320e-04"},          /* 0.000765432 */
    {CASC_F32, 0x449A522B, "1234.56775"},            /* 1234.5678 */
    {CASC_F32, 0x4640E6B6, "12345.6777"},            /* 12345.678 */
    {CASC_F32, 0x47F12064, "123456.781"},            /* 123456.78 */
    {CASC_F32, 0x4CBEBC20, "1.000000e+08"},          /* 99999999 */
    {CASC_F32, 0x3F7FFFFE, "0.99999988"},            /* 0.9999999 */
    {CASC_F32, 0x40490FDB, "3.14159274"},            /* pi */
    {CASC_F32, 0x402DF854, "2.71828175"},            /* e */
    {CASC_F32, 0x3727C5AC, "9.99999974E-6"},         /* 1e-5 */
    {CASC_F32, 0x66FF0C2E, "6.02214064E+23"},        /* Avogadro */
    {CASC_F32, 0x4C800000, "0x4C800000"},            /* 2^26 */
    {CASC_F32, 0x7F800000, "0x7F800000"},            /* +inf */
    {CASC_F32, 0xFF800000, "0xFF800000"},            /* -inf */
    {CASC_F32, 0x7FC00000, "0x7FC00000"},            /* qNaN */
    {CASC_F32, 0xFFC00001, "0xFFC00001"},            /* -NaN payload */
    {CASC_F32, 0x7F800001, "0x7F800001"},            /* sNaN */
    {CASC_F32, 0x007FFFFF, "1.17549421E-38"},        /* max subnormal */
    {CASC_F32, 0x3F7FFFFF, "0.99999994"},            /* 1 - ulp */
    {CASC_F32, 0x3F800001, "1.00000012"},            /* 1 + ulp */
    {CASC_F64, 0x0000000000000000, "0.000000e+00"},  /* 0 */
    {CASC_F64, 0x8000000000000000, "-0.000000e+00"}, /* -0 */
    {CASC_F64, 0x3FB999999999999A, "1.000000e-01"},  /* 0.1 */
    {CASC_F64, 0x3FD5555555555555, "0.33333333333333331"},     /* 1/3 */
    {CASC_F64, 0x3E7AD7F29ABCAF48, "9.9999999999999995E-8"},   /* 1e-7 */
    {CASC_F64, 0x4202A05F20000000, "1.000000e+10"},            /* 1e10 */
    {CASC_F64, 0x419D6F3454000000, "0x419D6F3454000000"},      /* 123456789 */
    {CASC_F64, 0x43E56A95319D63E1, "1.2345678901234567E+19"},  /* 1.23e19 */
    {CASC_F64, 0x7FEFFFFFFFFFFFFF, "1.7976931348623157E+308"}, /* max */
    {CASC_F64, 0x0000000000000001, "4.940660e-324"}, /* min subnormal */
    {CASC_F64, 0x0010000000000000, "2.2250738585072014E-308"}, /* min normal */
    {CASC_F64, 0x3FBF9ADD3739635F, "0.123456789"},             /* 0.123456789 */
    {CASC_F64, 0x44B52D02C7E14AF6, "9.9999999999999991E+22"},  /* 1e23 */
    {CASC_F64, 0x4480F0CF064DD592, "1.000000e+22"},            /* 1e22 */
    {CASC_F64, 0x3F543A272DDBBCB7, "0.0012345678909999999"},   /* MSD -3 */
    {CASC_F64, 0x3F202E85BE4963C6, "1.234567891E-4"},          /* MSD -4 */
    {CASC_F64, 0x40934A4584F4C6E7, "1234.56789"},              /* 1234.56789 */
    {CASC_F64, 0x4340000000000000, "0x4340000000000000"},      /* 2^53 */
    {CASC_F64, 0x4330000000000001, "0x4330000000000001"},      /* 2^52+1 */
    {CASC_F64, 0x4132D68700000000, "0x4132D68700000000"},      /* 1234567 */
    {CASC_F64, 0x01AA74FDFBB766F1,
     "1.2345677999999999E-300"}, /* 1.2345678e-300 */
    {CASC_F64, 0xE9A9CE4AEADF0B81,
     "-9.8765432100000005E+200"},                          /* -9.87654321e200 */
    {CASC_F64, 0x3FD3333333333333, "3.000000e-01"},        /* 0.3 */
    {CASC_F64, 0x3FE5555555555555, "0.66666666666666663"}, /* 2/3 */
    {CASC_F64, 0x3EE4F8B588E368F1, "1.000000e-05"},        /* 1e-5 */
    {CASC_F64, 0x4059000000000000, "1.000000e+02"},        /* 100 */
    {CASC_F64, 0x54B249AD2594C37D, "1.000000e+100"},       /* 1e100 */
    {CASC_F64, 0xAB2BFF2EE48E0530, "-1.000000e-100"},      /* -1e-100 */
    {CASC_F64, 0x0000000000000064, "4.940660e-322"}, /* 100 * min subnormal */
    {CASC_F64, 0x7FF0000000000000, "0x7FF0000000000000"}, /* +inf */
    {CASC_F64, 0xFFF0000000000000, "0xFFF0000000000000"}, /* -inf */
    {CASC_F64, 0x7FF8000000000000, "0x7FF8000000000000"}, /* qNaN */
    {CASC_F64, 0x7FF0000000000001, "0x7FF0000000000001"}, /* sNaN */
    {CASC_F64, 0x000FFFFFFFFFFFFF,
     "2.2250738585072009E-308"},                           /* max subnormal */
    {CASC_F64, 0x3FEFFFFFFFFFFFFF, "0.99999999999999988"}, /* 1 - ulp */
    {CASC_F64, 0x3FF0000000000001, "1.0000000000000002"},  /* 1 + ulp */
    {CASC_F64, 0x5447688BB5394C25, "1.0E+98"},             /* 1e98 */
    {CASC_F64, 0x0D7B4FEB7EB212CD, "1.0E-243"},            /* 1e-243 */
};

static void test_mlir_spellings(void) {
  for (size_t i = 0; i < sizeof mlir_rows / sizeof mlir_rows[0]; i++) {
    const spelling_row *r = &mlir_rows[i];
    casc_buf b;
    casc_buf_init(&b);
    bool hex = false;
    casc_float_print(casc_float_from_bits(r->bits, r->kind), r->kind, &b, &hex);
    if (!CHECK_STREQ(b.data ? b.data : "", r->want))
      fprintf(stderr, "  row %zu (kind %d, bits 0x%llX)\n", i, (int)r->kind,
              (unsigned long long)r->bits);
    CHECK_EQ_INT(hex, strncmp(r->want, "0x", 2) == 0);
    casc_buf_free(&b);
  }
}

static void test_f16_bits_round_trip(void) {
  unsigned bad = 0;
  for (unsigned b = 0; b < 0x10000; b++) {
    double v = casc_float_from_bits(b, CASC_F16);
    if (casc_float_to_bits(v, CASC_F16) != b)
      bad++;
    v = casc_float_from_bits(b, CASC_BF16);
    if (casc_float_to_bits(v, CASC_BF16) != b)
      bad++;
  }
  CHECK_EQ_INT(bad, 0);
  /* round to nearest even: 1 + 2^-11 lies half way between two f16s */
  CHECK_EQ_INT(casc_float_to_bits(1.0 + ldexp(1, -11), CASC_F16), 0x3C00);
  CHECK_EQ_INT(casc_float_to_bits(1.0 + 3 * ldexp(1, -11), CASC_F16), 0x3C02);
  CHECK_EQ_INT(casc_float_to_bits(70000.0, CASC_F16), 0x7C00);
  CHECK_EQ_INT(casc_float_to_bits(ldexp(1, -24), CASC_F16), 0x0001);
  CHECK_EQ_INT(casc_float_to_bits(ldexp(1, -26), CASC_F16), 0x0000);
}

/* Reads a printed spelling back to bits (hex or decimal). */
static uint64_t read_back(const char *s, bool hex, casc_float_kind k) {
  if (hex)
    return strtoull(s, NULL, 16);
  return casc_float_to_bits(casc_float_parse(s, k), k);
}

static void test_print_parse_round_trip(void) {
  /* Whatever is printed must parse back to the same bits. */
  static const double vals[] = {
      0.1,   1.0 / 3, 6.02214076e23, 1e-7,
      65504, 123.456, 5e-324,        1.7976931348623157e308};
  static const casc_float_kind kinds[] = {CASC_F16, CASC_BF16, CASC_F32,
                                          CASC_F64};
  for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++)
    for (unsigned k = 0; k < 4; k++) {
      double v = casc_float_round(vals[i], kinds[k]);
      casc_buf b;
      casc_buf_init(&b);
      bool hex;
      casc_float_print(v, kinds[k], &b, &hex);
      uint64_t bits = casc_float_to_bits(v, kinds[k]);
      if (!CHECK(read_back(b.data, hex, kinds[k]) == bits))
        fprintf(stderr, "  %s (kind %u)\n", b.data, k);
      casc_buf_free(&b);
    }
}

static void test_every_half_float_round_trips(void) {
  /* All 2 x 65536 f16 / bf16 patterns, NaN payloads included. */
  static const casc_float_kind kinds[] = {CASC_F16, CASC_BF16};
  unsigned bad = 0;
  for (unsigned k = 0; k < 2; k++)
    for (uint64_t bits = 0; bits < 0x10000; bits++) {
      casc_buf b;
      casc_buf_init(&b);
      bool hex;
      casc_float_print(casc_float_from_bits(bits, kinds[k]), kinds[k], &b,
                       &hex);
      if (!b.data || read_back(b.data, hex, kinds[k]) != bits)
        bad++;
      casc_buf_free(&b);
    }
  CHECK_EQ_INT(bad, 0);
}

static void test_parse_rounds_like_mlir(void) {
  /* MLIR reads a literal as a double first: this one is just above the f32
   * half-way point 1 + 2^-24 but becomes exactly it as a double, so it
   * ends at 1.0 (mlir-opt prints `1.000000e+00`), not at 1 + 2^-23. */
  CHECK_EQ_INT(
      casc_float_to_bits(
          casc_float_parse("1.0000000596046447753906251", CASC_F32), CASC_F32),
      0x3F800000);
  CHECK_EQ_INT(
      casc_float_to_bits(casc_float_parse("-0.01", CASC_F32), CASC_F32),
      0xBC23D70A);
  CHECK_EQ_INT(
      casc_float_to_bits(casc_float_parse("65520.0", CASC_F16), CASC_F16),
      0x7C00);
}

int main(void) {
  RUN_TEST(test_mlir_spellings);
  RUN_TEST(test_f16_bits_round_trip);
  RUN_TEST(test_print_parse_round_trip);
  RUN_TEST(test_every_half_float_round_trips);
  RUN_TEST(test_parse_rounds_like_mlir);
  return CHECK_SUMMARY();
}
