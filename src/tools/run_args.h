/* Values of `casc run --arg NAME=VALUE`: a number for a scalar parameter
 * (checked against the parameter's type), a .npy file or zeros:N for a GM
 * buffer. Each function prints its error ("casc run: --arg n: 4294969344
 * does not fit i32 (-2147483648 ~ 2147483647)") and returns an exit code. */
#ifndef CASC_TOOLS_RUN_ARGS_H
#define CASC_TOOLS_RUN_ARGS_H

#include <stdbool.h>

#include "casc/sim.h"

/* A scalar of IR type t: an integer must fit the type's range (signless
 * iN is signed, uiN unsigned, i1 takes 0/1/true/false); a float must be
 * finite in the type unless written as inf/nan. */
int run_scalar_arg(const char *name, const char *value, casc_type *t,
                   casc_arg *out);

/* A GM buffer of element type want from "zeros:N" or a .npy file; arr owns
 * the data. Usage error for a bad N, an unreadable file or a wrong dtype;
 * failure for lack of memory. */
int run_gm_arg(casc_ctx *ctx, const char *name, const char *value,
               casc_dtype want, casc_npy *arr, casc_arg *out);

/* Parse a decimal count in [0, max] (no sign). */
bool run_parse_unsigned(const char *s, unsigned long long max,
                        unsigned long long *out);

#endif
