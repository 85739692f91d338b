/* MLIR's float spelling (checked against mlir-opt-19) and the f16 / bf16
 * / f32 bit conversions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "text/float_text.h"

static void expect(double v, casc_float_kind k, const char *want) {
  casc_buf b;
  casc_buf_init(&b);
  casc_float_print(v, k, &b, NULL);
  CHECK_STREQ(b.data ? b.data : "", want);
  casc_buf_free(&b);
}

static void test_mlir_spellings(void) {
  /* Each pair was printed by mlir-opt-19 for `arith.constant <v> : <T>`. */
  expect(0.5, CASC_F32, "5.000000e-01");
  expect(1.0, CASC_F16, "1.000000e+00");
  expect(casc_float_from_bits(0x7C00, CASC_F16), CASC_F16, "0x7C00");
  expect(0.1, CASC_F64, "1.000000e-01");
  expect(123456789.0, CASC_F64, "0x419D6F3454000000");
  expect(1.0e300, CASC_F64, "1.000000e+300");
  expect(0.123456789, CASC_F64, "0.123456789");
  expect(casc_float_round(1.5e-10, CASC_F32), CASC_F32, "1.500000e-10");
  expect(casc_float_round(3.14159, CASC_BF16), CASC_BF16, "3.140630e+00");
  expect(0.0, CASC_F32, "0.000000e+00");
  expect(-0.0, CASC_F64, "-0.000000e+00");
  expect(-2.5, CASC_F16, "-2.500000e+00");
  expect(INFINITY, CASC_F32, "0x7F800000");
  expect(-INFINITY, CASC_F64, "0xFFF0000000000000");
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
      uint64_t back = 0;
      if (hex) {
        back = strtoull(b.data, NULL, 16);
      } else {
        back = casc_float_to_bits(casc_float_parse(b.data, kinds[k]), kinds[k]);
      }
      if (!CHECK(back == bits))
        fprintf(stderr, "  %s (kind %u)\n", b.data, k);
      casc_buf_free(&b);
    }
}

int main(void) {
  RUN_TEST(test_mlir_spellings);
  RUN_TEST(test_f16_bits_round_trip);
  RUN_TEST(test_print_parse_round_trip);
  return CHECK_SUMMARY();
}
