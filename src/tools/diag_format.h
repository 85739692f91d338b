/* Machine-readable diagnostics for the casc commands
 * (--diagnostics-format=text|json|sarif, --diagnostics-file=PATH):
 *   text  - clang's "file:line:col: severity: message" lines (the default);
 *   json  - one JSON object per diagnostic and line: file, line, column,
 *           severity, message, notes[] (file, line, column, message);
 *   sarif - one SARIF 2.1.0 log with a result per diagnostic, written when
 *           the command ends.
 * text and json go to stderr, sarif to stdout, or all to PATH. The library
 * stays silent: this is the tool layer's handler behind
 * casc_cli_print_diag. */
#ifndef CASC_TOOLS_DIAG_FORMAT_H
#define CASC_TOOLS_DIAG_FORMAT_H

#include <stdbool.h>
#include <stdio.h>

#include "casc/buf.h"
#include "casc/diag.h"

typedef enum {
  CASC_DIAG_FORMAT_TEXT,
  CASC_DIAG_FORMAT_JSON,
  CASC_DIAG_FORMAT_SARIF
} casc_diag_format;

typedef struct casc_diag_sink {
  casc_diag_format format;
  const char *path; /* --diagnostics-file, or NULL */
  FILE *f;          /* where diagnostics go once opened */
  casc_buf results; /* SARIF: the results array's items so far */
  unsigned nresults;
} casc_diag_sink;

/* Takes --diagnostics-format=... and --diagnostics-file=PATH (one or two
 * dashes). Returns 1 if arg was one of them, 0 if not, and -1 after
 * printing a usage error. */
int casc_diag_sink_option(casc_diag_sink *s, const char *cmd, const char *arg);
/* Opens the destination. stdout_taken: the command writes its own output
 * to stdout, where a SARIF log without --diagnostics-file would go (a
 * usage error). Returns CASC_EXIT_OK, or the exit code after printing
 * why (a file that cannot be opened is a failure, as for -o). */
int casc_diag_sink_open(casc_diag_sink *s, const char *cmd, bool stdout_taken);
/* One diagnostic with its notes, in the sink's format. */
void casc_diag_sink_emit(casc_diag_sink *s, const casc_diag *d);
/* A diagnostic that is no casc_diag (-verify-diagnostics' findings): file
 * NULL when it has no location. */
void casc_diag_sink_emit_plain(casc_diag_sink *s, casc_severity sev,
                               const char *file, unsigned line, unsigned col,
                               const char *msg);
/* Writes the SARIF log and closes a --diagnostics-file; false (with a
 * message printed) when writing failed. */
bool casc_diag_sink_close(casc_diag_sink *s, const char *cmd);

/* s as a JSON string (quotes, backslashes and control characters escaped,
 * other bytes as they are), or null for NULL: the one JSON writer of the
 * diagnostics formats and casc run's --json record. */
void casc_json_str(casc_buf *b, const char *s);

#endif
