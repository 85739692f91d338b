/* The host side every example shares: command-line options and what to do
 * with a built kernel module. Each example's main() is
 *
 *     parse options -> build the kernel (casc_jit_build) -> example_run()
 *
 * example_run() is where the later stages plug in, in pipeline order:
 * --emit mlir prints the IR today; verify-sync, --emit ascendc and running
 * on the simulator are added there by the issues that bring those layers. */
#ifndef CASC_EXAMPLE_H
#define CASC_EXAMPLE_H

#include <stdbool.h>

#include "casc/asc.h"
#include "casc/diag.h"

typedef struct {
  const char *emit; /* "mlir" or NULL */
  bool debuginfo;   /* print locations (-mlir-print-debuginfo) */
  bool generic;     /* print every op in generic form */
} example_opts;

/* Parses argv; prints usage and returns false on a bad command line. */
bool example_parse_args(int argc, char **argv, const char *prog,
                        example_opts *opts);
/* A context whose diagnostics go to stderr as "file:line:col: error: ...". */
casc_ctx *example_ctx_new(void);
/* Runs the requested stages on a built module; returns the exit code. A
 * NULL module (the build failed and said why) gives 1. */
int example_run(casc_ctx *ctx, casc_op *module, const example_opts *opts);

#endif
