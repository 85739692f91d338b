/* mlir-opt's pass instrumentation for `casc opt`: -mlir-print-ir-before /
 * -after (=PASS or -all) dump the module to stderr around passes with
 * mlir-opt's "// -----// IR Dump After Name (flag) //----- //" headers, and
 * -mlir-timing times parsing, each pass (also inside --pipeline=NAME and
 * func.func(...) groups) and printing, and reports it in mlir-opt's layout.
 * It watches passes through the library's casc_pass_observer. */
#ifndef CASC_TOOLS_OPT_INSTRUMENT_H
#define CASC_TOOLS_OPT_INSTRUMENT_H

#include <stdbool.h>
#include <stdio.h>

#include "casc/passes.h"
#include "casc/text.h"

typedef struct opt_timer opt_timer;

typedef struct {
  /* IR printing: *_all, or the passes flagged in *_pass (casc_pass_count()
   * entries, indexed like casc_pass_at). */
  bool before_all, after_all;
  bool *before_pass, *after_pass;
  const casc_print_flags *print;
  casc_ctx *ctx; /* of the module being processed (set per chunk) */
  /* Timing: rows of the report, a tree in order of first use. */
  bool timing;
  opt_timer *rows;
  unsigned nrows, cap;
  unsigned cur;      /* open row + 1 (0: the root) */
  unsigned root_gen; /* entry number of the root (one per chunk) */
  unsigned gen;
  double start;
  bool oom;
} opt_instrument;

/* Zeroes in and allocates the per-pass flags; false when out of memory. */
bool opt_instrument_init(opt_instrument *in);
void opt_instrument_free(opt_instrument *in);

/* Marks PASS (or each of a comma-separated list) for dumping; false with
 * the unknown name in *bad (and its length in *badlen) otherwise. */
bool opt_instrument_select(opt_instrument *in, bool after, const char *list,
                           const char **bad, size_t *badlen);

/* Whether anything is being watched (else the passes run unobserved). */
bool opt_instrument_active(const opt_instrument *in);
/* The observer to hand to casc_run_pipeline_observed, and the same calls
 * for a single pass. */
casc_pass_observer opt_instrument_observer(opt_instrument *in);
void opt_instrument_before(void *in, const casc_pass_info *pass,
                           casc_op *module);
void opt_instrument_after(void *in, const casc_pass_info *pass, casc_op *module,
                          bool ok);

/* Timed sections: "Parser", "Output", a pipeline ("'NAME' Pipeline" when
 * is_pipeline). Sections nest; a new chunk starts from the root. */
void opt_instrument_chunk(opt_instrument *in);
void opt_instrument_enter(opt_instrument *in, const char *label,
                          bool is_pipeline);
void opt_instrument_leave(opt_instrument *in);
/* The -mlir-timing report (nothing without -mlir-timing). */
void opt_instrument_report(opt_instrument *in, FILE *out);

#endif
