/* The command-line helpers of src/tools (flag spellings, input files,
 * output files that are only kept on success, split-mode diagnostics).
 * cli_util.c belongs to the casc executable, not to the library, so the
 * test compiles it in directly. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "tools/cli_util.c"
#include "tools/diag_format.c"

static void test_flag_spellings(void) {
  CHECK_STREQ(casc_cli_flag("-split-input-file", "split-input-file"), "");
  CHECK_STREQ(casc_cli_flag("--split-input-file", "split-input-file"), "");
  CHECK_STREQ(casc_cli_flag("-o=out.mlir", "o"), "out.mlir");
  CHECK_STREQ(casc_cli_flag("--pipeline=default", "pipeline"), "default");
  CHECK_STREQ(casc_cli_flag("--pipeline=", "pipeline"), "");
  CHECK(casc_cli_flag("-split-input-filex", "split-input-file") == NULL);
  CHECK(casc_cli_flag("split-input-file", "split-input-file") == NULL);
  CHECK(casc_cli_flag("---o", "o") == NULL);
  CHECK(casc_cli_flag("-output", "o") == NULL);
  CHECK(casc_cli_flag("-", "o") == NULL);
}

static void test_flag_name(void) {
  size_t len = 0;
  const char *n = casc_cli_flag_name("-ascendc-materialize-tensor=x=y", &len);
  REQUIRE(n != NULL);
  CHECK_EQ_INT(len, strlen("ascendc-materialize-tensor"));
  CHECK(strncmp(n, "ascendc-materialize-tensor", len) == 0);
  n = casc_cli_flag_name("--cse", &len);
  REQUIRE(n != NULL);
  CHECK_EQ_INT(len, 3);
  CHECK(casc_cli_flag_name("cse", &len) == NULL);
  CHECK(casc_cli_flag_name("-", &len) == NULL);
}

static void test_buffer_name(void) {
  CHECK_STREQ(casc_cli_buffer_name("-"), "<stdin>");
  CHECK_STREQ(casc_cli_buffer_name("a/b.mlir"), "a/b.mlir");
}

static void test_read_file(void) {
  char path[] = "/tmp/casc_cli_testXXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  /* Larger than the initial read buffer, with a NUL inside. */
  size_t n = 200000;
  char *content = malloc(n);
  REQUIRE(content != NULL);
  for (size_t i = 0; i < n; i++)
    content[i] = (char)('a' + i % 26);
  content[1000] = '\0';
  CHECK_EQ_INT(write(fd, content, n), (long long)n);
  close(fd);
  char *data = NULL, err[256] = "";
  size_t len = 0;
  CHECK(casc_cli_read_file(path, &data, &len, err, sizeof err));
  CHECK_EQ_INT(len, n);
  CHECK(data && memcmp(data, content, n) == 0 && data[n] == '\0');
  free(data);
  free(content);
  remove(path);

  CHECK(!casc_cli_read_file(path, &data, &len, err, sizeof err));
  CHECK(data == NULL);
  CHECK_CONTAINS(err, "cannot open input file '");
  CHECK_CONTAINS(err, "': No such file or directory");
}

static void test_output_kept_only_on_success(void) {
  char path[] = "/tmp/casc_cli_outXXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  close(fd);
  char err[256];
  casc_cli_output o;
  REQUIRE(casc_cli_output_open(&o, path, err, sizeof err));
  CHECK(!o.is_stdout);
  fputs("partial", o.f);
  CHECK(casc_cli_output_close(&o, false));
  CHECK(access(path, F_OK) != 0);

  REQUIRE(casc_cli_output_open(&o, path, err, sizeof err));
  fputs("done\n", o.f);
  CHECK(casc_cli_output_close(&o, true));
  char *data = NULL;
  size_t len = 0;
  CHECK(casc_cli_read_file(path, &data, &len, err, sizeof err));
  CHECK_STREQ(data, "done\n");
  free(data);
  remove(path);

  CHECK(
      !casc_cli_output_open(&o, "/nonexistent-dir/x/y.mlir", err, sizeof err));
  CHECK_CONTAINS(err, "cannot open output file '/nonexistent-dir/x/y.mlir'");
}

/* A failed command removes a regular output file only: `-o /dev/null`
 * once deleted /dev/null (as root) when the input was invalid. A FIFO
 * stands in for the device here. */
static void test_special_output_never_removed(void) {
  char dir[] = "/tmp/casc_cli_fifoXXXXXX";
  REQUIRE(mkdtemp(dir));
  char fifo[64];
  snprintf(fifo, sizeof fifo, "%s/out", dir);
  REQUIRE(mkfifo(fifo, 0600) == 0);
  /* a reader, so that opening the FIFO for writing does not block */
  int rd = open(fifo, O_RDONLY | O_NONBLOCK);
  REQUIRE(rd >= 0);
  char err[256];
  casc_cli_output o;
  REQUIRE(casc_cli_output_open(&o, fifo, err, sizeof err));
  CHECK(!o.is_regular);
  fputs("partial", o.f);
  casc_cli_output_close(&o, false); /* the command failed */
  struct stat st;
  CHECK(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));
  close(rd);
  remove(fifo);
  rmdir(dir);
}

/* Split-mode diagnostics: "within split at FILE:N offset :L:C". */
static void test_split_diagnostic_prefix(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx != NULL);
  char path[] = "/tmp/casc_cli_errXXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  fflush(stderr);
  int saved = dup(2);
  dup2(fd, 2);
  casc_cli_diag_printer p = {"k.mlir", true, 9, 0, 0, NULL};
  casc_ctx_set_diag_handler(ctx, casc_cli_print_diag, &p);
  casc_diag *d = casc_diag_begin(ctx, CASC_SEV_ERROR,
                                 casc_loc_file(ctx, "k.mlir", 11, 5), "bad");
  casc_diag_note(d, casc_loc_file(ctx, "other.py", 2, 1), "from here");
  casc_diag_emit(d);
  casc_emit_warning(ctx, casc_loc_unknown(ctx), "nowhere");
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(fd);
  CHECK_EQ_INT(p.errors, 1);
  char *data = NULL, err[256];
  size_t len = 0;
  CHECK(casc_cli_read_file(path, &data, &len, err, sizeof err));
  CHECK_STREQ(data, "within split at k.mlir:9 offset :3:5: error: bad\n"
                    "other.py:2:1: note: from here\n"
                    "<unknown>:0: warning: nowhere\n");
  free(data);
  remove(path);
  casc_ctx_free(ctx);
}

/* JSON strings and URIs: what makes a JSON line or SARIF log unreadable
 * if it slips through unescaped. */
static void test_json_escaping(void) {
  casc_buf b;
  casc_buf_init(&b);
  casc_json_str(&b, "a \"q\" \\ \n\t\x01 \xc3\xa9");
  CHECK_STREQ(b.data, "\"a \\\"q\\\" \\\\ \\n\\t\\u0001 \xc3\xa9\"");
  casc_buf_clear(&b);
  casc_json_str(&b, NULL);
  CHECK_STREQ(b.data, "null");
  casc_buf_clear(&b);
  json_uri(&b, "dir with space/k#1.mlir");
  CHECK_STREQ(b.data, "\"dir%20with%20space/k%231.mlir\"");
  casc_buf_clear(&b);
  json_uri(&b, "/abs/<stdin>");
  CHECK_STREQ(b.data, "\"file:///abs/%3Cstdin%3E\"");
  casc_buf_free(&b);
}

/* A diagnostic with a note, an inlined location ("called from") and one
 * without a location, as JSON lines in a --diagnostics-file. */
static void test_json_lines(void) {
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx != NULL);
  char path[] = "/tmp/casc_diag_jsonXXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  close(fd);
  casc_diag_sink sink = {0};
  CHECK(casc_diag_sink_option(&sink, "t", "--diagnostics-format=json") == 1);
  char opt[64];
  snprintf(opt, sizeof opt, "-diagnostics-file=%s", path);
  CHECK(casc_diag_sink_option(&sink, "t", opt) == 1);
  CHECK(casc_diag_sink_option(&sink, "t", "-o") == 0);
  REQUIRE(casc_diag_sink_open(&sink, "t", true) == CASC_EXIT_OK);
  casc_cli_diag_printer p = {"k.mlir", true, 9, 0, 0, &sink};
  casc_ctx_set_diag_handler(ctx, casc_cli_print_diag, &p);
  casc_diag *d = casc_diag_begin(ctx, CASC_SEV_WARNING,
                                 casc_loc_file(ctx, "k.mlir", 11, 5), "bad");
  casc_diag_note(d, casc_loc_file(ctx, "k.c", 2, 0), "from here");
  casc_diag_emit(d);
  casc_loc *inlined = casc_loc_callsite(ctx, casc_loc_file(ctx, "k.mlir", 3, 1),
                                        casc_loc_file(ctx, "k.mlir", 7, 2));
  casc_emit_remark(ctx, inlined, "in");
  casc_emit_error(ctx, casc_loc_unknown(ctx), "nowhere");
  CHECK(casc_diag_sink_close(&sink, "t"));
  CHECK_EQ_INT(p.errors, 1);
  CHECK_EQ_INT(p.warnings, 1);
  char *data = NULL, err[256];
  size_t len = 0;
  CHECK(casc_cli_read_file(path, &data, &len, err, sizeof err));
  CHECK_STREQ(data,
              "{\"file\":\"k.mlir\",\"line\":11,\"column\":5,\"severity\":"
              "\"warning\",\"message\":\"bad\",\"notes\":[{\"file\":\"k.c\","
              "\"line\":2,\"column\":null,\"message\":\"from here\"}]}\n"
              "{\"file\":\"k.mlir\",\"line\":3,\"column\":1,\"severity\":"
              "\"remark\",\"message\":\"in\",\"notes\":[{\"file\":\"k.mlir\","
              "\"line\":7,\"column\":2,\"message\":\"called from\"}]}\n"
              "{\"file\":null,\"line\":null,\"column\":null,\"severity\":"
              "\"error\",\"message\":\"nowhere\",\"notes\":[]}\n");
  free(data);
  remove(path);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_flag_spellings);
  RUN_TEST(test_flag_name);
  RUN_TEST(test_buffer_name);
  RUN_TEST(test_read_file);
  RUN_TEST(test_special_output_never_removed);
  RUN_TEST(test_output_kept_only_on_success);
  RUN_TEST(test_split_diagnostic_prefix);
  RUN_TEST(test_json_escaping);
  RUN_TEST(test_json_lines);
  return CHECK_SUMMARY();
}
