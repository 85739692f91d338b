/* What `casc run` reports: diagnostics on stderr up to --error-limit, and
 * with --json one result record on stdout (docs/cli.md#casc-run---json):
 * kernel, blocks, status, exit code, counts, every diagnostic with its file,
 * line, column, severity, message and block, timing figures with --timing.
 * One record per run, so that the records of a batch can be merged. */
#ifndef CASC_TOOLS_RUN_REPORT_H
#define CASC_TOOLS_RUN_REPORT_H

#include <stdbool.h>

#include "casc/buf.h"
#include "casc/sim.h"
#include "tools/cli_util.h"

typedef struct {
  casc_cli_diag_printer printer;
  unsigned error_limit;      /* 0 = no limit */
  unsigned errors;           /* errors shown (stderr and record) */
  unsigned not_shown;        /* diagnostics the limit held back from stderr */
  unsigned record_not_shown; /* and from the record's list */
  bool json;                 /* keep the diagnostics for the record */
  /* During the launch the simulator's diagnostics ("blocks 0-7: ...") are
   * not kept: the record lists them per block from the launch result. */
  bool in_launch;
  casc_buf items; /* JSON objects of "diagnostics", comma-separated */
  unsigned nitems;
} run_report;

void run_report_init(run_report *r, const char *buffer_name,
                     unsigned error_limit, bool json);
void run_report_free(run_report *r);
/* casc_diag_handler: prints d to stderr (and keeps it) within the limit. */
void run_report_diag(const casc_diag *d, void *report);
/* Adds the launch's per-block issues to the record (within the limit). */
void run_report_add_issues(run_report *r, const casc_launch_result *res);
/* The closing "too many errors" line on stderr, when the limit held back
 * diagnostics. */
void run_report_finish(const run_report *r);

/* The record's fields that are not diagnostics. */
typedef struct {
  const char *file, *kernel; /* kernel NULL when none was chosen */
  unsigned blocks;
  int exit_code;
  const char *status; /* ok, kernel-error, timeout, input-error, usage,
                         out-of-memory */
  bool ran;           /* the launch ran: res holds its figures */
  const casc_launch_result *res;
  bool timing; /* --timing: res->timing is reported */
  bool outputs_written;
} run_record;

/* Prints the record as one line of JSON on stdout; false on a write or
 * memory error. */
bool run_report_print_json(const run_report *r, const run_record *rec);

#endif
