/* The pass list of `casc opt`, in command-line order: pass flags,
 * --pipeline=NAME and the passes of a textual --pass-pipeline. */
#ifndef CASC_TOOLS_OPT_STEPS_H
#define CASC_TOOLS_OPT_STEPS_H

#include <stdbool.h>
#include <stddef.h>

#include "casc/passes.h"

typedef struct {
  const casc_pass_info *pass; /* NULL: a named pipeline */
  const char *options;        /* pass options, or the pipeline name */
  unsigned nest; /* 0, or which func.func(...) of a --pass-pipeline (from 1)
                    held it: the -mlir-timing report groups those */
} casc_opt_step;

typedef struct {
  casc_opt_step *items;
  unsigned n, cap;
  unsigned nests; /* func.func(...) groups numbered so far */
} casc_opt_steps;

/* Appends a step; false when out of memory. */
bool casc_opt_steps_add(casc_opt_steps *s, const casc_pass_info *pass,
                        const char *options, unsigned nest);
void casc_opt_steps_free(casc_opt_steps *s);

/* Parses an mlir-opt textual pipeline, `builtin.module(p1,p2{opt},
 * func.func(p3))`, appending its steps. casc runs every pass on the module,
 * so func.func(...) only checks that what it holds are function passes.
 * `text` is modified (option texts are cut out of it in place) and must
 * outlive the steps. On error returns false with the offset into text
 * where it was found and a message (no "error:" prefix); the offset is
 * CASC_PIPELINE_OOM when it ran out of memory (no fault of the text). */
#define CASC_PIPELINE_OOM ((size_t)-1)
bool casc_parse_pass_pipeline(char *text, casc_opt_steps *steps, size_t *err_at,
                              char *err, size_t errlen);

#endif
