/* Issues the simulator could not record for lack of memory (report.c).
 * The count is process-wide because the per-block state has no room for it;
 * a launch compares it before and after so that a loss is never passed over
 * (a launch running at the same time in another thread may report it too). */
#ifndef CASC_SIM_ISSUES_LOST_H
#define CASC_SIM_ISSUES_LOST_H

unsigned long sim_issues_lost(void);

#endif
