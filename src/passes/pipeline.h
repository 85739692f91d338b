/* The default compile pipeline as a list of (flag, options) steps, built
 * from the module (some steps depend on its contents) and the options. */
#ifndef CASC_PASSES_PIPELINE_H
#define CASC_PASSES_PIPELINE_H

#include "casc/passes.h"

#define CASC_PIPELINE_MAX_STEPS 48

typedef struct {
  const char *flag;    /* registered pass flag, without '-' */
  const char *options; /* text after '=', or NULL */
} casc_pipeline_step;

/* Fills steps (at most CASC_PIPELINE_MAX_STEPS) and returns their count. */
unsigned casc_pipeline_build(casc_op *module, const casc_compile_options *o,
                             casc_pipeline_step *steps);

#endif
