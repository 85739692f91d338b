/* libFuzzer harness for the -verify-diagnostics matcher: arbitrary bytes
 * are scanned for annotations, then every line of the input is also
 * emitted as a diagnostic on that line (severity by line number, notes on
 * every third), so annotations, regexes and matching all see hostile
 * input. Crashes, sanitizer reports and leaks are bugs. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text)
    return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  casc_diag_verifier *v = casc_diag_verifier_new("f.mlir", text, size, 1);
  casc_ctx *ctx = casc_ctx_new();
  if (v && ctx) {
    casc_ctx_set_diag_handler(ctx, casc_diag_verifier_handler, v);
    unsigned line = 1;
    for (char *s = text; s <= text + size && line < 512; line++) {
      char *nl = memchr(s, '\n', (size_t)(text + size - s));
      if (nl)
        *nl = '\0';
      casc_loc *loc = line % 7 == 0 ? casc_loc_unknown(ctx)
                                    : casc_loc_file(ctx, "f.mlir", line, 1);
      casc_diag *d =
          casc_diag_begin(ctx, (casc_severity)(line % 4), loc, "%s", s);
      if (line % 3 == 0)
        casc_diag_note(d, casc_loc_file(ctx, "f.mlir", line + 1, 1), "%s", s);
      casc_diag_emit(d);
      if (!nl)
        break;
      s = nl + 1;
    }
    casc_diag_verifier_finish(v);
    for (unsigned i = 0; i < casc_diag_verifier_num_problems(v); i++)
      if (!casc_diag_verifier_problem(v, i)->msg)
        __builtin_trap();
  }
  casc_ctx_free(ctx);
  casc_diag_verifier_free(v);
  free(text);
  return 0;
}
