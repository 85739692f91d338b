/* libFuzzer harness for the text layer: casc_parse_module on arbitrary
 * bytes, then (when the input parsed) casc_verify and casc_print_op.
 * Any crash, hang, sanitizer report or leak is a bug: bad input must only
 * ever produce diagnostics and a NULL module.
 *
 * Built with clang's -fsanitize=fuzzer,address,undefined by `make fuzz`
 * (see the README). With CASC_FUZZ_ROUNDTRIP=1 in the environment it also
 * checks that what the printer writes parses again and prints the same
 * (round-trip identity after the first print), and traps if not. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/text.h"

static void ignore_diag(const casc_diag *d, void *user) {
  (void)d;
  (void)user;
}

static int roundtrip_enabled = -1;

/* Parse + verify + print text; returns true and the printed form in out
 * when everything succeeded. */
static bool process(const char *text, size_t len, casc_buf *out) {
  casc_ctx *ctx = casc_ctx_new();
  if (!ctx)
    return false;
  casc_ctx_set_diag_handler(ctx, ignore_diag, NULL);
  bool ok = false;
  casc_op *module = casc_parse_module(ctx, text, len, "fuzz.mlir", 1);
  if (module && casc_verify(ctx, module)) {
    casc_print_flags flags = {0};
    casc_print_op(ctx, module, &flags, out);
    /* The generic form must be printable for every op as well. */
    casc_buf generic;
    casc_buf_init(&generic);
    flags.generic = true;
    flags.debuginfo = true;
    casc_print_op(ctx, module, &flags, &generic);
    casc_buf_free(&generic);
    ok = !out->oom;
  }
  casc_ctx_free(ctx);
  return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (roundtrip_enabled < 0) {
    const char *e = getenv("CASC_FUZZ_ROUNDTRIP");
    roundtrip_enabled = e && *e == '1';
  }
  /* An exact-size copy without a terminating NUL: the parser must respect
   * the length it is given (ASan reports any read past it). */
  char *text = malloc(size ? size : 1);
  if (!text)
    return 0;
  if (size)
    memcpy(text, data, size);
  casc_buf first;
  casc_buf_init(&first);
  bool ok = process(text, size, &first);
  free(text);
  if (ok && roundtrip_enabled) {
    casc_buf second;
    casc_buf_init(&second);
    if (!process(first.data ? first.data : "", first.len, &second) ||
        second.len != first.len ||
        (first.len && memcmp(first.data, second.data, first.len) != 0))
      __builtin_trap();
    casc_buf_free(&second);
  }
  casc_buf_free(&first);
  return 0;
}
