/* casc_diag_print_handler: the ready-made handler prints each diagnostic,
 * notes included, in the "file:line:col: severity: message" form to the
 * stream it was given, or to stderr for NULL. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "casc/diag.h"
#include "check.h"

/* An error with a note and a warning, emitted through ctx. */
static void emit_some(casc_ctx *ctx) {
  casc_diag *d =
      casc_diag_begin(ctx, CASC_SEV_ERROR, casc_loc_file(ctx, "k.c", 12, 0),
                      "queue has %d buffers", 3);
  casc_diag_note(d, casc_loc_file(ctx, "k.c", 7, 0), "declared here");
  casc_diag_emit(d);
  casc_emit_warning(ctx, casc_loc_file(ctx, "k.mlir", 4, 9), "unused");
}

static const char expected[] = "k.c:12:0: error: queue has 3 buffers\n"
                               "k.c:7:0: note: declared here\n"
                               "k.mlir:4:9: warning: unused\n";

static void read_back(FILE *f, char *out, size_t n) {
  fflush(f);
  rewind(f);
  size_t got = fread(out, 1, n - 1, f);
  out[got] = '\0';
}

static void test_prints_to_the_given_stream(void) {
  FILE *f = tmpfile();
  REQUIRE(f != NULL);
  casc_ctx *ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(ctx, casc_diag_print_handler, f);
  emit_some(ctx);
  CHECK_EQ_INT(casc_ctx_error_count(ctx), 1);
  char got[512];
  read_back(f, got, sizeof got);
  CHECK_STREQ(got, expected);
  casc_ctx_free(ctx);
  fclose(f);
}

static void test_null_stream_is_stderr(void) {
  FILE *f = tmpfile();
  REQUIRE(f != NULL);
  fflush(stderr);
  int saved = dup(STDERR_FILENO);
  REQUIRE(saved >= 0);
  REQUIRE(dup2(fileno(f), STDERR_FILENO) >= 0);
  casc_ctx *ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(ctx, casc_diag_print_handler, NULL);
  emit_some(ctx);
  casc_ctx_free(ctx);
  fflush(stderr);
  dup2(saved, STDERR_FILENO);
  close(saved);
  char got[512];
  read_back(f, got, sizeof got);
  CHECK_STREQ(got, expected);
  fclose(f);
}

int main(void) {
  RUN_TEST(test_prints_to_the_given_stream);
  RUN_TEST(test_null_stream_is_stderr);
  return CHECK_SUMMARY();
}
