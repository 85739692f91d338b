/* `casc run`'s diagnostics and result record (see run_report.h). */
#include "tools/run_report.h"

#include <stdio.h>
#include <string.h>

void run_report_init(run_report *r, const char *buffer_name,
                     unsigned error_limit) {
  memset(r, 0, sizeof *r);
  r->printer.buffer_name = buffer_name;
  r->error_limit = error_limit;
}

/* Whether a diagnostic of severity sev may still be shown; counts it. */
static bool within_limit(run_report *r, casc_severity sev) {
  if (r->error_limit && r->errors >= r->error_limit) {
    r->not_shown++;
    return false;
  }
  r->errors += sev == CASC_SEV_ERROR;
  return true;
}

void run_report_diag(const casc_diag *d, void *report) {
  run_report *r = report;
  if (!within_limit(r, d->sev))
    return;
  casc_cli_print_diag(d, &r->printer);
}

void run_report_finish(const run_report *r) {
  if (r->not_shown)
    fprintf(stderr,
            "casc run: too many errors emitted, stopping now "
            "(--error-limit=%u): %u more diagnostic(s) not shown\n",
            r->error_limit, r->not_shown);
}
