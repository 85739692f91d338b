/* Passes, registered under pyasc's flag names, and pipelines. */
#ifndef CASC_PASSES_H
#define CASC_PASSES_H
/* What the public headers declare is the exported API: the library is
 * compiled with -fvisibility=hidden (CMakeLists.txt). */
#pragma GCC visibility push(default)

#include "casc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A pass runs on a module. `options` is the text after '=' in the flag
 * (`-ascendc-materialize-tensor=free-at-last-use`), or NULL. Returns false
 * after reporting an error through the context (warnings do not fail). */
typedef bool (*casc_pass_fn)(casc_ctx *ctx, casc_op *module,
                             const char *options);

typedef struct {
  const char *flag;    /* "ascendc-verify-sync" (without the leading '-') */
  const char *summary; /* one line for --help */
  casc_pass_fn run;
} casc_pass_info;

unsigned casc_pass_count(void);
const casc_pass_info *casc_pass_at(unsigned i);
const casc_pass_info *casc_pass_lookup(const char *flag, size_t len);
/* Runs one pass. It failed when it says so, and also when it reported an
 * error while returning true: a helper deep inside it (out of memory, say)
 * may have reported a failure that the pass could not propagate. */
bool casc_run_pass(casc_ctx *ctx, casc_op *module, const casc_pass_info *pass,
                   const char *options);

/* Named pipelines ("default" = pyasc's order, docs/ir.md §6.1, with casc's
 * improvements; "pyasc" = pyasc's exact pass list and options). An unknown
 * name is reported as an error. */
bool casc_run_pipeline(casc_ctx *ctx, casc_op *module, const char *name);
/* Names of the pipelines, NULL-terminated (for --help). */
const char *const *casc_pipeline_names(void);

/* The compile step of the C API: everything between the front end (or the
 * parser) and the emitter, i.e. the default pipeline. */
typedef struct {
  bool verify_sync;      /* run -ascendc-verify-sync at the end (default on) */
  bool free_at_last_use; /* materialize-tensor frees at the last use (on) */
  bool strip_debuginfo;  /* drop every location at the end (off) */
  bool pyasc_compat;     /* pyasc's exact pipeline: ffts_addr argument on
                            every kernel, frees before the terminator (off) */
} casc_compile_options;

void casc_compile_options_init(casc_compile_options *o);
/* Runs the pipeline on module; opts NULL = defaults. Returns false after an
 * error diagnostic (warnings, e.g. from verify-sync, do not fail). */
bool casc_compile(casc_ctx *ctx, casc_op *module,
                  const casc_compile_options *opts);

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif
