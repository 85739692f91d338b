/* -verify-diagnostics: check the diagnostics a run produces against the
 * `// expected-<severity>[-re][@<where>] {{text}}` annotations written in its
 * input, as MLIR's SourceMgrDiagnosticVerifierHandler does (docs/ir.md §7).
 *
 *   severity  error | warning | note | remark
 *   where     (none) same line; @below the next line that is not itself an
 *             annotation line; @above the last such line before; @+N / @-N
 *             relative; @unknown a diagnostic without a file location
 *   text      a substring of the message; with `-re`, `{{regex}}` pieces
 *             inside it are POSIX extended regular expressions
 *
 * Every emitted diagnostic, and each of its notes at the note's own location,
 * must match an annotation of the same severity on its line; every annotation
 * must be matched at least once. The verifier never prints: it collects
 * problems (unexpected diagnostics, annotations that were not produced,
 * malformed annotations) in a list for the caller to report. */
#ifndef CASC_VERIFY_H
#define CASC_VERIFY_H
/* What the public headers declare is the exported API: the library is
 * compiled with -fvisibility=hidden (CMakeLists.txt). */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>

#include "casc/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct casc_diag_verifier casc_diag_verifier;

/* One mismatch, located where MLIR locates it: at the `expected-` of the
 * annotation, or at the unexpected diagnostic. `file` is NULL when there is
 * no file location (then line and col are 0). Always an error. */
typedef struct {
  const char *file; /* owned by the verifier (a copy) */
  unsigned line, col;
  const char *msg; /* owned by the verifier */
} casc_verify_problem;

/* Scan `text` (one file, or one -split-input-file chunk) for annotations.
 * `filename` is the file name the buffer's locations carry (what was given
 * to casc_parse_module); `first_line` is the line number of text's first
 * line. Returns NULL only when out of memory. Malformed annotations (a bad
 * regex, a regex without its closing braces) are recorded as problems
 * immediately. */
casc_diag_verifier *casc_diag_verifier_new(const char *filename,
                                           const char *text, size_t len,
                                           unsigned first_line);
void casc_diag_verifier_free(casc_diag_verifier *v);

/* Check one diagnostic and its notes against the annotations. */
void casc_diag_verifier_process(casc_diag_verifier *v, const casc_diag *d);
/* The same, with the signature of casc_diag_handler (user = the verifier):
 * casc_ctx_set_diag_handler(ctx, casc_diag_verifier_handler, v). */
void casc_diag_verifier_handler(const casc_diag *d, void *user);

/* Record every annotation that no diagnostic matched (in file order).
 * Returns true if there are no problems at all. Call once, at the end. */
bool casc_diag_verifier_finish(casc_diag_verifier *v);

/* Number of annotations found (a file with none still verifies: it then
 * expects no diagnostics at all). */
unsigned casc_diag_verifier_num_expected(const casc_diag_verifier *v);
unsigned casc_diag_verifier_num_problems(const casc_diag_verifier *v);
const casc_verify_problem *
casc_diag_verifier_problem(const casc_diag_verifier *v, unsigned i);
/* True if an allocation failed (some problems may then be missing; treat
 * the verification as failed). */
bool casc_diag_verifier_oom(const casc_diag_verifier *v);

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif
