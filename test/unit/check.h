/* Tiny unit-test harness shared by every test/unit/test_*.c.
 *
 * Usage:
 *   #include "check.h"
 *   static void test_something(void) {
 *     CHECK(x != NULL);
 *     CHECK_EQ_INT(casc_op_num_results(op), 2);
 *     CHECK_STREQ(buf.data, "expected");
 *   }
 *   int main(void) {
 *     RUN_TEST(test_something);
 *     return CHECK_SUMMARY();
 *   }
 *
 * A failed check prints `file:line: CHECK failed: ...` to stderr and the test
 * function goes on (so one run shows every failure); CHECK_SUMMARY() prints
 * the counts and returns the process exit status (non-zero if anything
 * failed, or if no check ran at all, so an empty test cannot pass).
 * REQUIRE(cond) is CHECK that also returns from the current (void) test
 * function, for preconditions whose failure would make later checks crash.
 *
 * Everything is `static` so that a test file is a single translation unit
 * with no link-time surprises. */
#ifndef CASC_TEST_CHECK_H
#define CASC_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_total_;
static int check_failed_;
static int check_tests_;
static int check_tests_failed_;

/* Records one check; prints a located message when it failed. Returns ok. */
static inline int check_record_(int ok, const char *file, int line,
                                const char *what) {
  check_total_++;
  if (!ok) {
    check_failed_++;
    fprintf(stderr, "%s:%d: CHECK failed: %s\n", file, line, what);
  }
  return ok;
}

static inline int check_int_(long long got, long long want, const char *file,
                             int line, const char *got_expr,
                             const char *want_expr) {
  int ok = got == want;
  check_record_(ok, file, line, got_expr);
  if (!ok)
    fprintf(stderr, "  %s == %lld, expected %s == %lld\n", got_expr, got,
            want_expr, want);
  return ok;
}

static inline int check_str_(const char *got, const char *want,
                             const char *file, int line, const char *got_expr) {
  int ok = got && want ? strcmp(got, want) == 0 : got == want;
  check_record_(ok, file, line, got_expr);
  if (!ok)
    fprintf(stderr, "  got:      \"%s\"\n  expected: \"%s\"\n",
            got ? got : "(null)", want ? want : "(null)");
  return ok;
}

/* Substring check: handy for diagnostics and printed IR. */
static inline int check_contains_(const char *hay, const char *needle,
                                  const char *file, int line,
                                  const char *hay_expr) {
  int ok = hay && needle && strstr(hay, needle) != NULL;
  check_record_(ok, file, line, hay_expr);
  if (!ok)
    fprintf(stderr, "  \"%s\"\n  does not contain \"%s\"\n",
            hay ? hay : "(null)", needle ? needle : "(null)");
  return ok;
}

#define CHECK(cond) check_record_(!!(cond), __FILE__, __LINE__, #cond)
#define CHECK_EQ_INT(got, want)                                                \
  check_int_((long long)(got), (long long)(want), __FILE__, __LINE__, #got,    \
             #want)
#define CHECK_STREQ(got, want)                                                 \
  check_str_((got), (want), __FILE__, __LINE__, #got)
#define CHECK_CONTAINS(hay, needle)                                            \
  check_contains_((hay), (needle), __FILE__, __LINE__, #hay)
#define REQUIRE(cond)                                                          \
  do {                                                                         \
    if (!CHECK(cond))                                                          \
      return;                                                                  \
  } while (0)

/* Runs one test function and reports it by name if it had failures. */
#define RUN_TEST(fn)                                                           \
  do {                                                                         \
    int before_ = check_failed_;                                               \
    check_tests_++;                                                            \
    fn();                                                                      \
    if (check_failed_ != before_) {                                            \
      check_tests_failed_++;                                                   \
      fprintf(stderr, "FAIL: %s\n", #fn);                                      \
    }                                                                          \
  } while (0)

static inline int check_summary_(const char *file) {
  fprintf(stderr, "%s: %d tests, %d checks, %d failed\n", file, check_tests_,
          check_total_, check_failed_);
  if (check_total_ == 0) {
    fprintf(stderr, "%s: no checks ran\n", file);
    return 1;
  }
  return check_failed_ ? 1 : 0;
}
#define CHECK_SUMMARY() check_summary_(__FILE__)

#endif /* CASC_TEST_CHECK_H */
