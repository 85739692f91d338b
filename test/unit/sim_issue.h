/* Finding a launch's first issue of one severity: the check the
 * simulator's sanitizer tests make before asserting its category, block
 * and line. Header-only, each test links its own copy. */
#ifndef CASC_TEST_SIM_ISSUE_H
#define CASC_TEST_SIM_ISSUE_H

#include "casc/sim.h"

/* The first of res's issues with severity sev, or NULL. */
static inline const casc_sim_issue *first_issue(const casc_launch_result *res,
                                                casc_severity sev) {
  for (unsigned i = 0; i < res->nissues; i++)
    if (res->issues[i].sev == sev)
      return &res->issues[i];
  return NULL;
}

#endif
