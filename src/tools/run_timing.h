/* `casc run --timing`'s text report on stdout: the launch, then blocks
 * (runs of identical blocks on one line), then the pipes' busy fractions
 * over all blocks and the timing parameters the model used
 * (docs/timing.md). */
#ifndef CASC_TOOLS_RUN_TIMING_H
#define CASC_TOOLS_RUN_TIMING_H

#include "casc/sim.h"

void run_print_timing(const casc_timing *t, const char *kernel,
                      const casc_platform *plat);

#endif
