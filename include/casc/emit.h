/* Ascend C emitter: prints a module as a complete Ascend C source in the
 * form pyasc's `ascir-translate -mlir-to-ascendc` prints (docs/ir.md §0.4
 * and §6.4), with pyasc's emitter bugs fixed (docs/ir.md §10.18-21). */
#ifndef CASC_EMIT_H
#define CASC_EMIT_H
/* What the public headers declare is the exported API: the library is
 * compiled with -fvisibility=hidden (CMakeLists.txt). */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stdio.h>

#include "casc/buf.h"
#include "casc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Append the C++ for module (a builtin.module) to out. On failure (an op or
 * type with no C++ form) a located error goes through the context's
 * diagnostic handler, out is left exactly as it was, and false is
 * returned. */
bool casc_emit_ascendc_buf(casc_ctx *ctx, casc_op *module, casc_buf *out);

/* Same, written to a stream the caller owns; nothing is written on failure.
 * Returns false on an emission error or a write error (the latter is
 * reported as an error at the module's location). */
bool casc_emit_ascendc(casc_ctx *ctx, casc_op *module, FILE *out);

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif
