/* libFuzzer harness for the passes: the input's first byte chooses how
 * many passes run (1-4) and the next bytes which ones (registry order);
 * the rest is ASC-IR text. Inputs that parse and verify go through the
 * chosen passes in order, then are printed. A crash, hang, sanitizer
 * report or leak is a bug: a pass may reject IR only with a diagnostic.
 *
 * With CASC_FUZZ_STRICT=1 in the environment a pass that succeeds but
 * leaves IR the verifier rejects also traps (casc opt reports that case
 * as an error after the pass; here it is worth a reproducer).
 * Seeds: the same .mlir files, each prefixed with the pass-choice bytes
 * (any bytes work; "\x03\x00\x05\x0b" runs 3 passes). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/passes.h"
#include "casc/text.h"

static void ignore_diag(const casc_diag *d, void *user) {
  (void)d;
  (void)user;
}

static int strict = -1;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (strict < 0) {
    const char *e = getenv("CASC_FUZZ_STRICT");
    strict = e && *e == '1';
  }
  unsigned npasses = casc_pass_count();
  if (size < 2 || npasses == 0)
    return 0;
  unsigned nrun = data[0] % 4 + 1;
  if (size < 1 + nrun)
    return 0;
  const uint8_t *choice = data + 1;
  size_t len = size - 1 - nrun;
  char *text = malloc(len ? len : 1);
  if (!text)
    return 0;
  if (len)
    memcpy(text, data + 1 + nrun, len);

  casc_ctx *ctx = casc_ctx_new();
  if (ctx) {
    casc_ctx_set_diag_handler(ctx, ignore_diag, NULL);
    casc_op *module = casc_parse_module(ctx, text, len, "fuzz.mlir", 1);
    bool ok = module && casc_verify(ctx, module);
    for (unsigned i = 0; ok && i < nrun; i++) {
      const casc_pass_info *p = casc_pass_at(choice[i] % npasses);
      ok = p && p->run(ctx, module, NULL);
      if (ok && !casc_verify(ctx, module)) {
        if (strict)
          __builtin_trap();
        ok = false;
      }
    }
    if (ok) {
      casc_buf out;
      casc_buf_init(&out);
      casc_print_flags flags = {0};
      casc_print_op(ctx, module, &flags, &out);
      casc_buf_free(&out);
    }
    casc_ctx_free(ctx);
  }
  free(text);
  return 0;
}
