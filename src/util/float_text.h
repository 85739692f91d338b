/* Floating-point values as MLIR / LLVM's APFloat spell them: shared by the
 * text printer/parser and the Ascend C emitter, so it lives in core. */
#ifndef CASC_UTIL_FLOAT_TEXT_H
#define CASC_UTIL_FLOAT_TEXT_H

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

/* Append v (a value of format k, held exactly in a double) as LLVM's
 * APFloat::toString(precision, max_padding, truncate_zero) spells it:
 * exact decimal expansion, rounded half up to `precision` significant
 * digits (0 = the format's natural precision: 4 bf16, 5 f16, 9 f32, 17
 * f64), scientific unless max_padding > 0 allows a plain form. Examples
 * for 1.23f: (0, 3, true) `1.23000002`; (0, 0, false) `1.230000020e+00`.
 * Infinities are `+Inf` / `-Inf`, NaN is `NaN` (as APFloat). Used by the
 * printer and, for constants as pyasc's translator prints them, by the
 * Ascend C emitter. */
void casc_float_to_string(double v, casc_float_kind k, unsigned precision,
                          unsigned max_padding, bool truncate_zero,
                          casc_buf *out);

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
