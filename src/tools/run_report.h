/* What `casc run` reports: diagnostics on stderr up to --error-limit. */
#ifndef CASC_TOOLS_RUN_REPORT_H
#define CASC_TOOLS_RUN_REPORT_H

#include <stdbool.h>

#include "casc/sim.h"
#include "tools/cli_util.h"

typedef struct {
  casc_cli_diag_printer printer;
  unsigned error_limit; /* 0 = no limit */
  unsigned errors;      /* errors shown (stderr and record) */
  unsigned not_shown;   /* diagnostics held back by the limit */
} run_report;

void run_report_init(run_report *r, const char *buffer_name,
                     unsigned error_limit);
/* casc_diag_handler: prints d to stderr (and keeps it) within the limit. */
void run_report_diag(const casc_diag *d, void *report);
/* The closing "too many errors" line on stderr, when the limit held back
 * diagnostics. */
void run_report_finish(const run_report *r);

#endif
