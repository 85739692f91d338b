/* Integer constant folding shared by the passes (verify-sync's value
 * tracking, canonicalize, sccp): arith integer ops on known operands with
 * MLIR's semantics (two's-complement wrap at the result width). */
#ifndef CASC_PASSES_FOLD_H
#define CASC_PASSES_FOLD_H

#include <stdbool.h>
#include <stdint.h>

#include "casc/ir.h"

/* Bit width used for folding: integer width, 64 for index; 0 if t is not
 * an integer-like type. */
unsigned casc_fold_width(const casc_type *t);
/* v wrapped to width bits and sign-extended (the attribute convention). */
int64_t casc_fold_norm(unsigned width, int64_t v);
/* Integer value of an integer-like constant op (arith.constant,
 * emitc.constant) with an integer-like result. */
bool casc_fold_const_value(const casc_op *op, int64_t *out);
/* True if op is an integer op casc_fold_int can evaluate. */
bool casc_fold_is_int_op(const casc_op *op);
/* Evaluates op's single result from its operands' values in[0..nops).
 * False when the op is not foldable or the result is undefined (division
 * by zero, signed overflow of divsi, shift past the width). */
bool casc_fold_int(const casc_op *op, const int64_t *in, int64_t *out);

#endif
