/* Host-side helpers shared by the examples (see example.h). */
#include "example.h"

#include <stdio.h>
#include <string.h>

#include "casc/text.h"

static void usage(const char *prog) {
  fprintf(stderr,
          "usage: %s [--emit mlir] [--debuginfo] [--generic]\n"
          "  --emit mlir   print the kernel's ASC-IR\n"
          "  --debuginfo   print op locations (the C lines of the kernel)\n"
          "  --generic     print ops in MLIR's generic form\n",
          prog);
}

bool example_parse_args(int argc, char **argv, const char *prog,
                        example_opts *opts) {
  memset(opts, 0, sizeof *opts);
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--emit") == 0 && i + 1 < argc) {
      opts->emit = argv[++i];
      if (strcmp(opts->emit, "mlir") != 0) {
        fprintf(stderr, "%s: unknown --emit target '%s'\n", prog, opts->emit);
        return false;
      }
    } else if (strcmp(argv[i], "--debuginfo") == 0) {
      opts->debuginfo = true;
    } else if (strcmp(argv[i], "--generic") == 0) {
      opts->generic = true;
    } else {
      usage(prog);
      return false;
    }
  }
  return true;
}

casc_ctx *example_ctx_new(void) {
  casc_ctx *ctx = casc_ctx_new();
  if (ctx)
    casc_ctx_set_diag_handler(ctx, casc_diag_print_handler, stderr);
  return ctx;
}

int example_run(casc_ctx *ctx, casc_op *module, const example_opts *opts) {
  if (!module)
    return 1;
  if (opts->emit && strcmp(opts->emit, "mlir") == 0) {
    casc_print_flags flags = {.generic = opts->generic,
                              .debuginfo = opts->debuginfo};
    if (!casc_print_op_file(ctx, module, &flags, stdout))
      return 1;
  }
  return 0;
}
