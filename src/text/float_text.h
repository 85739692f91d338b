/* Floating-point values as MLIR spells them (private to src/text). */
#ifndef CASC_TEXT_FLOAT_TEXT_H
#define CASC_TEXT_FLOAT_TEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "casc/buf.h"
#include "casc/ir.h"

/* Append v (a value of format k, held exactly in a double) as MLIR's
 * printer does: `5.000000e-01` when six significant digits round-trip,
 * else APFloat's default form with the format's full precision
 * (`0.00999999977`, `9.9999999999999995E-8`), else the bit pattern in hex
 * (`0x7C00`, also for inf and NaN). Sets *hex when hex was used. */
void casc_float_print(double v, casc_float_kind k, casc_buf *out, bool *hex);

/* Bit pattern of v in format k (v is rounded to nearest-even first). */
uint64_t casc_float_to_bits(double v, casc_float_kind k);
/* Value of a bit pattern of format k (NaN payloads are kept as far as a
 * double can hold them). */
double casc_float_from_bits(uint64_t bits, casc_float_kind k);
/* Round v to the nearest value of format k. */
double casc_float_round(double v, casc_float_kind k);
/* Parse a decimal literal (the spelling of a float or integer token, with
 * an optional leading '-') into format k the way MLIR's parser does: to
 * the nearest double, then to the nearest value of format k. */
double casc_float_parse(const char *s, casc_float_kind k);
/* Bit width of format k. */
unsigned casc_float_width(casc_float_kind k);

#endif
