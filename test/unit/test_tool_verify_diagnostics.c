/* The -verify-diagnostics matcher (src/diag/verify_diagnostics.c), driven
 * with hand-made diagnostics so that every rule is tested independently of
 * the parser and the passes. */
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/verify.h"
#include "check.h"

typedef struct {
  casc_ctx *ctx;
  casc_diag_verifier *v;
} fixture;

static fixture setup(const char *text, unsigned first_line) {
  fixture f;
  f.ctx = casc_ctx_new();
  f.v = casc_diag_verifier_new("t.mlir", text, strlen(text), first_line);
  casc_ctx_set_diag_handler(f.ctx, casc_diag_verifier_handler, f.v);
  return f;
}

static void teardown(fixture *f) {
  casc_diag_verifier_free(f->v);
  casc_ctx_free(f->ctx);
}

static void emit_at(fixture *f, casc_severity sev, const char *file,
                    unsigned line, const char *msg) {
  casc_loc *loc = casc_loc_file(f->ctx, file, line, 3);
  casc_diag_emit(casc_diag_begin(f->ctx, sev, loc, "%s", msg));
}

static void emit(fixture *f, casc_severity sev, unsigned line,
                 const char *msg) {
  emit_at(f, sev, "t.mlir", line, msg);
}

/* All problems joined by '\n' as "line:col: msg", for compact checks. */
static char *problems(const fixture *f) {
  static char buf[4096];
  buf[0] = '\0';
  size_t k = 0;
  for (unsigned i = 0; i < casc_diag_verifier_num_problems(f->v); i++) {
    const casc_verify_problem *p = casc_diag_verifier_problem(f->v, i);
    int n = snprintf(buf + k, sizeof buf - k, "%u:%u: %s\n", p->line, p->col,
                     p->msg);
    if (n < 0 || (size_t)n >= sizeof buf - k)
      break;
    k += (size_t)n;
  }
  return buf;
}

static void test_same_line_and_designators(void) {
  const char *text = "op1 // expected-error {{bad op1}}\n" /* 1 */
                     "// expected-warning@below {{w3}}\n"  /* 2 */
                     "op3\n"                               /* 3 */
                     "// expected-remark@above {{r3}}\n"   /* 4 */
                     "// expected-note@-3 {{n1}}\n"        /* 5 */
                     "// expected-error@+2 {{e8}}\n"       /* 6 */
                     "\n"                                  /* 7 */
                     "op8\n";                              /* 8 */
  fixture f = setup(text, 1);
  CHECK_EQ_INT(casc_diag_verifier_num_expected(f.v), 5);
  emit(&f, CASC_SEV_ERROR, 1, "this is bad op1 indeed");
  emit(&f, CASC_SEV_WARNING, 3, "w3");
  emit(&f, CASC_SEV_REMARK, 3, "a r3 remark");
  emit(&f, CASC_SEV_NOTE, 2, "n1");
  emit(&f, CASC_SEV_ERROR, 8, "e8");
  CHECK(casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f), "");
  teardown(&f);
}

static void test_below_skips_annotation_lines(void) {
  const char *text = "// expected-error@below {{a}}\n"
                     "// expected-error@below {{b}}\n"
                     "x // expected-note {{c}}\n"
                     "op4\n";
  fixture f = setup(text, 1);
  emit(&f, CASC_SEV_ERROR, 4, "a");
  emit(&f, CASC_SEV_ERROR, 4, "b");
  emit(&f, CASC_SEV_NOTE, 3, "c");
  CHECK(casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f), "");
  teardown(&f);
}

/* @above after a line with code and an annotation refers to the line before
 * it (that line counts as an annotation line), as in MLIR. */
static void test_above_skips_annotated_code_line(void) {
  const char *text = "func\n"
                     "op2 // expected-error {{x}}\n"
                     "// expected-error@above {{y}}\n";
  fixture f = setup(text, 1);
  emit(&f, CASC_SEV_ERROR, 2, "x");
  emit(&f, CASC_SEV_ERROR, 1, "y");
  CHECK(casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f), "");
  teardown(&f);
}

static void test_not_produced_and_unexpected(void) {
  const char *text = "\n"
                     "  // expected-error@below {{missing one}}\n"
                     "op3\n";
  fixture f = setup(text, 1);
  emit(&f, CASC_SEV_ERROR, 5, "surprise");
  CHECK(!casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f),
              "5:3: unexpected error: surprise\n"
              "2:6: expected error \"missing one\" was not produced\n");
  const casc_verify_problem *p = casc_diag_verifier_problem(f.v, 1);
  REQUIRE(p != NULL);
  CHECK_STREQ(p->file, "t.mlir");
  teardown(&f);
}

static void test_near_miss_severity(void) {
  const char *text = "op // expected-warning {{careful}}\n";
  fixture f = setup(text, 1);
  emit(&f, CASC_SEV_ERROR, 1, "be careful");
  CHECK(!casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f),
              "1:7: 'error' diagnostic emitted when expecting a 'warning'\n"
              "1:7: expected warning \"careful\" was not produced\n");
  teardown(&f);
}

/* One annotation covers any number of identical diagnostics on its line,
 * and a diagnostic only ever satisfies the first matching annotation, so a
 * second identical annotation for the same line is never satisfied (MLIR). */
static void test_matching_multiplicity(void) {
  const char *text = "op // expected-error {{dup}}\n";
  fixture f = setup(text, 1);
  emit(&f, CASC_SEV_ERROR, 1, "dup");
  emit(&f, CASC_SEV_ERROR, 1, "dup");
  CHECK(casc_diag_verifier_finish(f.v));
  teardown(&f);

  const char *text2 = "op\n"
                      "// expected-error@above {{dup}}\n"
                      "// expected-error@-2 {{dup}}\n";
  f = setup(text2, 1);
  emit(&f, CASC_SEV_ERROR, 1, "dup");
  CHECK(!casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f), "3:4: expected error \"dup\" was not produced\n");
  teardown(&f);
}

static void test_notes_matched_at_their_location(void) {
  const char *text = "// expected-note@below {{declared here}}\n"
                     "decl\n"
                     "// expected-warning@below {{misuse}}\n"
                     "use\n";
  fixture f = setup(text, 1);
  casc_diag *d =
      casc_diag_begin(f.ctx, CASC_SEV_WARNING,
                      casc_loc_file(f.ctx, "t.mlir", 4, 1), "misuse of x");
  casc_diag_note(d, casc_loc_file(f.ctx, "t.mlir", 2, 1), "declared here");
  casc_diag_emit(d);
  CHECK(casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f), "");
  teardown(&f);

  /* A note nobody expected is unexpected, even if its diagnostic was. */
  f = setup("use // expected-warning {{misuse}}\n", 1);
  d = casc_diag_begin(f.ctx, CASC_SEV_WARNING,
                      casc_loc_file(f.ctx, "t.mlir", 1, 1), "misuse");
  casc_diag_note(d, casc_loc_file(f.ctx, "t.mlir", 1, 1), "see here");
  casc_diag_emit(d);
  CHECK(!casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f), "1:1: unexpected note: see here\n");
  teardown(&f);
}

static void test_regex(void) {
  const char *text =
      "a // expected-error-re {{op has {{[0-9]+}} operands (a.b)}}\n"
      "b // expected-error-re {{^exact {{x+}}$}}\n"
      "c // expected-error-re {{{{.*}}}}\n";
  fixture f = setup(text, 1);
  emit(&f, CASC_SEV_ERROR, 1, "'x' op has 12 operands (a.b) here");
  emit(&f, CASC_SEV_ERROR, 2, "^exact xxx$"); /* literal ^ and $ */
  emit(&f, CASC_SEV_ERROR, 3, "anything");
  CHECK(casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f), "");
  teardown(&f);

  /* The literal parts are literal: '.' does not match any character. */
  f = setup("a // expected-error-re {{a.b {{[0-9]}}}}\n", 1);
  emit(&f, CASC_SEV_ERROR, 1, "axb 1");
  CHECK(!casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f),
              "1:3: unexpected error: axb 1\n"
              "1:6: expected error \"a.b {{[0-9]}}\" was not produced\n");
  teardown(&f);
}

static void test_bad_regex_reported(void) {
  const char *text = "// expected-error-re@below {{has {{[0-9+}} x}}\n"
                     "op2\n"
                     "// expected-error-re@below {{has {{[0-9]+ x}}\n"
                     "op4\n"
                     "// expected-error-re@below {{has {{}} x}}\n"
                     "op6\n"
                     "// expected-error-re@below {{has {{(}} x}}\n"
                     "op8\n";
  fixture f = setup(text, 1);
  CHECK_EQ_INT(casc_diag_verifier_num_expected(f.v), 0);
  CHECK_STREQ(problems(&f), "1:4: invalid regex: brackets ([ ]) not balanced\n"
                            "3:4: found start of regex with no end '}}'\n"
                            "5:4: invalid regex: empty (sub)expression\n"
                            "7:4: invalid regex: parentheses not balanced\n");
  emit(&f, CASC_SEV_ERROR, 2, "has 1 x");
  CHECK(!casc_diag_verifier_finish(f.v));
  CHECK_EQ_INT(casc_diag_verifier_num_problems(f.v), 5);
  teardown(&f);
}

/* Lines that only look like annotations are ordinary lines. */
static void test_malformed_annotations_are_plain_lines(void) {
  const char *text = "// expected-error@below {{real}}\n"
                     "// expected-error@below no braces\n" /* 2: target */
                     "// expected-error {{x}} trailing\n"
                     "// expected-errors {{x}}\n"
                     "// expected-error@sideways {{x}}\n"
                     "// expected-error@+ {{x}}\n";
  fixture f = setup(text, 1);
  CHECK_EQ_INT(casc_diag_verifier_num_expected(f.v), 1);
  emit(&f, CASC_SEV_ERROR, 2, "real");
  CHECK(casc_diag_verifier_finish(f.v));
  teardown(&f);
}

static void test_whitespace_forms(void) {
  /* Spaces around @where, trailing blanks, CRLF, `{{}}` = any text, and
   * a second `expected-` earlier in the line that is not an annotation. */
  const char *text = "a // expected-error  @below   {{one}}  \r\n"
                     "b\r\n"
                     "c // expected-remark {{}}\n"
                     "d // not expected-foo; expected-note {{three}}\n";
  fixture f = setup(text, 1);
  CHECK_EQ_INT(casc_diag_verifier_num_expected(f.v), 3);
  emit(&f, CASC_SEV_ERROR, 2, "one");
  emit(&f, CASC_SEV_REMARK, 3, "whatever it says");
  emit(&f, CASC_SEV_NOTE, 4, "three");
  CHECK(casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f), "");
  teardown(&f);
}

static void test_chunk_first_line(void) {
  /* A -split-input-file chunk starting at line 20: annotations and
   * reports use absolute lines. */
  const char *text = "\n"
                     "// expected-error@below {{e}}\n"
                     "op\n"
                     "// expected-warning@+1 {{never}}\n";
  fixture f = setup(text, 20);
  emit(&f, CASC_SEV_ERROR, 22, "e");
  CHECK(!casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f),
              "23:4: expected warning \"never\" was not produced\n");
  teardown(&f);
}

static void test_dangling_below_and_above_at_start(void) {
  /* A @below with no ordinary line after it points at the last line; an
   * @above on the first line points at the first line (MLIR). */
  const char *text = "// expected-error@above {{top}}\n"
                     "op\n"
                     "// expected-error@below {{end}}";
  fixture f = setup(text, 1);
  emit(&f, CASC_SEV_ERROR, 1, "top");
  emit(&f, CASC_SEV_ERROR, 3, "end");
  CHECK(casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f), "");
  teardown(&f);
}

static void test_locations_without_file(void) {
  const char *text = "// expected-error@unknown {{nowhere}}\n"
                     "op\n";
  fixture f = setup(text, 1);
  casc_diag_emit(casc_diag_begin(f.ctx, CASC_SEV_ERROR, casc_loc_unknown(f.ctx),
                                 "from nowhere"));
  /* A name location wrapping a file location counts as that file line. */
  casc_loc *named =
      casc_loc_name(f.ctx, "x", casc_loc_file(f.ctx, "t.mlir", 2, 1));
  casc_diag_emit(casc_diag_begin(f.ctx, CASC_SEV_WARNING, named, "w"));
  casc_diag_emit(
      casc_diag_begin(f.ctx, CASC_SEV_ERROR, casc_loc_unknown(f.ctx), "other"));
  CHECK(!casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f), "2:1: unexpected warning: w\n"
                            "0:0: unexpected error: other\n");
  const casc_verify_problem *p = casc_diag_verifier_problem(f.v, 1);
  REQUIRE(p != NULL);
  CHECK(p->file == NULL);
  teardown(&f);
}

static void test_other_file_is_unexpected(void) {
  fixture f = setup("op // expected-error {{x}}\n", 1);
  emit_at(&f, CASC_SEV_ERROR, "kernel.py", 1, "x");
  CHECK(!casc_diag_verifier_finish(f.v));
  const casc_verify_problem *p = casc_diag_verifier_problem(f.v, 0);
  REQUIRE(p != NULL);
  CHECK_STREQ(p->file, "kernel.py");
  CHECK_STREQ(p->msg, "unexpected error: x");
  teardown(&f);
}

static void test_no_annotations_expects_silence(void) {
  fixture f = setup("op\nop\n", 1);
  CHECK(casc_diag_verifier_finish(f.v));
  teardown(&f);
  f = setup("op\nop\n", 1);
  emit(&f, CASC_SEV_REMARK, 2, "r");
  CHECK(!casc_diag_verifier_finish(f.v));
  CHECK_STREQ(problems(&f), "2:3: unexpected remark: r\n");
  teardown(&f);
}

static void test_binary_input(void) {
  /* NUL bytes and odd bytes must not confuse the scanner. */
  const char text[] = "a\0// expected-error {{z}}\n\xff\xfe expected-\n{{";
  casc_diag_verifier *v =
      casc_diag_verifier_new("t.mlir", text, sizeof text - 1, 1);
  REQUIRE(v != NULL);
  CHECK_EQ_INT(casc_diag_verifier_num_expected(v), 1);
  CHECK(!casc_diag_verifier_finish(v));
  casc_diag_verifier_free(v);
}

int main(void) {
  RUN_TEST(test_same_line_and_designators);
  RUN_TEST(test_below_skips_annotation_lines);
  RUN_TEST(test_above_skips_annotated_code_line);
  RUN_TEST(test_not_produced_and_unexpected);
  RUN_TEST(test_near_miss_severity);
  RUN_TEST(test_matching_multiplicity);
  RUN_TEST(test_notes_matched_at_their_location);
  RUN_TEST(test_regex);
  RUN_TEST(test_bad_regex_reported);
  RUN_TEST(test_malformed_annotations_are_plain_lines);
  RUN_TEST(test_whitespace_forms);
  RUN_TEST(test_chunk_first_line);
  RUN_TEST(test_dangling_below_and_above_at_start);
  RUN_TEST(test_locations_without_file);
  RUN_TEST(test_other_file_is_unexpected);
  RUN_TEST(test_no_annotations_expects_silence);
  RUN_TEST(test_binary_input);
  return CHECK_SUMMARY();
}
