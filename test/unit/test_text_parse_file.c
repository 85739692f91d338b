/* casc_parse_file: the same module as casc_parse_module on the file's
 * bytes, named by the path in every location, and a located error (never
 * a crash) for a file that is missing, unreadable or malformed. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/text.h"
#include "check.h"

/* Tests run in test/ (ctest's WORKING_DIRECTORY). */
#define ADD_CUSTOM "../examples/add_custom.mlir"

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  casc_buf b;
  casc_buf_init(&b);
  char chunk[4096];
  size_t got;
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
    casc_buf_put(&b, chunk, got);
  fclose(f);
  *len = b.len;
  return b.data;
}

/* A temporary file holding `text`; the caller unlinks `path`. */
static bool temp_file(char *path, size_t n, const char *text) {
  snprintf(path, n, "/tmp/casc_parse_file_XXXXXX");
  int fd = mkstemp(path);
  if (fd < 0)
    return false;
  size_t len = strlen(text);
  bool ok = write(fd, text, len) == (ssize_t)len;
  close(fd);
  return ok;
}

/* The one diagnostic printed as "file:line:col: error: message". */
static void first_diag(const casc_diag_list *dl, char *out, size_t n) {
  out[0] = '\0';
  if (dl->n == 0)
    return;
  FILE *f = tmpfile();
  if (!f)
    return;
  casc_diag_print(dl->items[0], f);
  rewind(f);
  size_t got = fread(out, 1, n - 1, f);
  out[got] = '\0';
  fclose(f);
}

static void test_same_module_as_the_text(void) {
  size_t len = 0;
  char *text = slurp(ADD_CUSTOM, &len);
  REQUIRE(text != NULL);
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list dl = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &dl);
  casc_op *from_text = casc_parse_module(ctx, text, len, ADD_CUSTOM, 1);
  casc_op *from_file = casc_parse_file(ctx, ADD_CUSTOM);
  free(text);
  CHECK(from_text != NULL);
  REQUIRE(from_file != NULL);
  CHECK(casc_verify(ctx, from_file));
  CHECK_EQ_INT(dl.n, 0);
  /* With locations: each op's loc names the file and its line. */
  casc_print_flags flags = {.debuginfo = true, .pretty_debuginfo = true};
  casc_buf a, b;
  casc_buf_init(&a);
  casc_buf_init(&b);
  casc_print_op(ctx, from_text, &flags, &a);
  casc_print_op(ctx, from_file, &flags, &b);
  REQUIRE(a.data != NULL && b.data != NULL);
  CHECK_STREQ(b.data, a.data);
  CHECK_CONTAINS(
      b.data,
      "ascendc.set_ffts_base_addr %arg4 : memref<?xui64, 22> " ADD_CUSTOM
      ":8:5\n");
  CHECK_CONTAINS(b.data, "ascendc.que_bind.alloc_tensor");
  casc_buf_free(&a);
  casc_buf_free(&b);
  casc_diag_list_free(&dl);
  casc_ctx_free(ctx);
}

static void test_missing_file(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list dl = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &dl);
  CHECK(casc_parse_file(ctx, "no/such/dir/k.mlir") == NULL);
  CHECK_EQ_INT(dl.n, 1);
  CHECK_EQ_INT(casc_ctx_error_count(ctx), 1);
  char got[512], want[512];
  first_diag(&dl, got, sizeof got);
  snprintf(want, sizeof want,
           "no/such/dir/k.mlir:0:0: error: cannot open input file: %s\n",
           strerror(ENOENT));
  CHECK_STREQ(got, want);
  casc_diag_list_free(&dl);
  casc_ctx_free(ctx);
}

/* fopen succeeds on a directory; reading it fails (EISDIR). */
static void test_unreadable_file(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list dl = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &dl);
  CHECK(casc_parse_file(ctx, ".") == NULL);
  CHECK_EQ_INT(dl.n, 1);
  char got[512], want[512];
  first_diag(&dl, got, sizeof got);
  snprintf(want, sizeof want, ".:0:0: error: cannot read input file: %s\n",
           strerror(EISDIR));
  CHECK_STREQ(got, want);
  casc_diag_list_free(&dl);
  casc_ctx_free(ctx);
}

static void test_syntax_error_is_located_in_the_file(void) {
  char path[64];
  REQUIRE(temp_file(path, sizeof path,
                    "func.func @f() {\n  %0 = arith.constant 1 : i32\n"
                    "  %1 = arith.addi %0, %9 : i32\n}\n"));
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list dl = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &dl);
  CHECK(casc_parse_file(ctx, path) == NULL);
  CHECK_EQ_INT(dl.n, 1);
  char got[512], want[256];
  first_diag(&dl, got, sizeof got);
  snprintf(want, sizeof want,
           "%s:3:23: error: use of undeclared SSA value name\n", path);
  CHECK_STREQ(got, want);
  unlink(path);
  casc_diag_list_free(&dl);
  casc_ctx_free(ctx);
}

/* An empty file is an empty module, as for empty text. */
static void test_empty_file(void) {
  char path[64];
  REQUIRE(temp_file(path, sizeof path, ""));
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list dl = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &dl);
  casc_op *m = casc_parse_file(ctx, path);
  CHECK(m != NULL);
  CHECK_EQ_INT(dl.n, 0);
  casc_buf out;
  casc_buf_init(&out);
  if (m)
    casc_print_op(ctx, m, &(casc_print_flags){0}, &out);
  CHECK_STREQ(out.data, "module {\n}\n");
  casc_buf_free(&out);
  unlink(path);
  casc_diag_list_free(&dl);
  casc_ctx_free(ctx);
}

/* A module of `funcs` functions, all spelling the same types (so the
 * parser's type memo, filled on the first page, is used on the last). */
static char *big_module(unsigned funcs, size_t *len) {
  casc_buf b;
  casc_buf_init(&b);
  casc_buf_puts(&b, "module {\n");
  for (unsigned i = 0; i < funcs; i++)
    casc_buf_printf(&b,
                    "  func.func @f%u(%%q: !ascendc.queue<vecin, 2>) {\n"
                    "    %%c = arith.constant %u : i32\n"
                    "    %%t = ascendc.que_bind.alloc_tensor %%q : "
                    "!ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>\n"
                    "    return\n  }\n",
                    i, i);
  casc_buf_puts(&b, "}\n");
  *len = b.len;
  return b.data;
}

typedef struct {
  size_t calls, last, len;
  bool in_order;
} progress;

static void record_progress(void *user, size_t offset) {
  progress *pg = user;
  pg->in_order &= offset > pg->last && offset < pg->len;
  pg->last = offset;
  pg->calls++;
}

/* casc_parse_module_consuming on several MiB (what casc opt does with
 * its mapped input): the module is the one casc_parse_file makes of the
 * same text, and the parser reports its progress in order, inside the
 * text, about once a MiB. */
static void test_large_file_read_as_it_is_parsed(void) {
  size_t len = 0;
  char *text = big_module(18000, &len);
  REQUIRE(text != NULL && len > (size_t)3 << 20);
  char path[64];
  bool written = temp_file(path, sizeof path, text);
  CHECK(written);
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list dl = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &dl);
  progress pg = {0, 0, len, true};
  casc_op *consuming = casc_parse_module_consuming(ctx, text, len, path, 1,
                                                   record_progress, &pg);
  casc_op *from_file = written ? casc_parse_file(ctx, path) : NULL;
  CHECK(pg.in_order);
  CHECK(pg.calls >= 2 && pg.calls <= len / ((size_t)1 << 20));
  REQUIRE(consuming != NULL && from_file != NULL);
  CHECK_EQ_INT(dl.n, 0);
  casc_print_flags flags = {.debuginfo = true};
  casc_buf a, b;
  casc_buf_init(&a);
  casc_buf_init(&b);
  casc_print_op(ctx, consuming, &flags, &a);
  casc_print_op(ctx, from_file, &flags, &b);
  REQUIRE(a.data != NULL && b.data != NULL);
  CHECK(strcmp(a.data, b.data) == 0);
  CHECK_CONTAINS(b.data, "func.func @f17999(%arg0: !ascendc.queue<vecin, 2>");
  casc_buf_free(&a);
  casc_buf_free(&b);
  unlink(path);
  free(text);
  casc_diag_list_free(&dl);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_same_module_as_the_text);
  RUN_TEST(test_missing_file);
  RUN_TEST(test_unreadable_file);
  RUN_TEST(test_syntax_error_is_located_in_the_file);
  RUN_TEST(test_empty_file);
  RUN_TEST(test_large_file_read_as_it_is_parsed);
  return CHECK_SUMMARY();
}
