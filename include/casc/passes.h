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

/* Where pyasc / MLIR anchor a pass. casc runs every pass on the module;
 * the anchor only says where a textual pipeline may nest it: a MODULE pass
 * cannot go inside func.func(...), a FUNC or ANY pass may. */
typedef enum {
  CASC_PASS_ON_MODULE,
  CASC_PASS_ON_FUNC,
  CASC_PASS_ON_ANY
} casc_pass_anchor;

/* One option a pass accepts: the whole text after '=' in the flag
 * ("free-at-last-use", "ffts=mixed"). */
typedef struct {
  const char *text;
  const char *summary; /* one line for --help */
} casc_pass_option;

typedef struct {
  const char *flag;    /* "ascendc-verify-sync" (without the leading '-') */
  const char *summary; /* one line for --help */
  casc_pass_fn run;
  const char *name; /* pyasc's / MLIR's class name ("VerifySync") */
  casc_pass_anchor anchor;
  const casc_pass_option *options; /* ends with {NULL, NULL}; NULL = none */
} casc_pass_info;

unsigned casc_pass_count(void);
const casc_pass_info *casc_pass_at(unsigned i);
const casc_pass_info *casc_pass_lookup(const char *flag, size_t len);
/* Whether the pass accepts `options` (NULL and "" always are). If not,
 * writes "PASS: unknown option 'x' (known: a, b)" to err (n bytes). */
bool casc_pass_options_ok(const casc_pass_info *pass, const char *options,
                          char *err, size_t n);
/* Runs one pass; options it does not accept are an error. It failed when
 * it says so, and also when it reported an
 * error while returning true: a helper deep inside it (out of memory, say)
 * may have reported a failure that the pass could not propagate. */
bool casc_run_pass(casc_ctx *ctx, casc_op *module, const casc_pass_info *pass,
                   const char *options);

/* Named pipelines ("default" = pyasc's order, docs/ir.md §6.1, with casc's
 * improvements; "pyasc" = pyasc's exact pass list and options). An unknown
 * name is reported as an error. */
bool casc_run_pipeline(casc_ctx *ctx, casc_op *module, const char *name);
/* Watches the passes a pipeline runs (what mlir-opt's -mlir-print-ir-*
 * and -mlir-timing need): `before` just before each pass, `after` just
 * after it with whether it succeeded. Either may be NULL. */
typedef struct {
  void (*before)(void *user, const casc_pass_info *pass, casc_op *module);
  void (*after)(void *user, const casc_pass_info *pass, casc_op *module,
                bool ok);
  void *user;
} casc_pass_observer;
/* casc_run_pipeline telling obs (may be NULL) about each pass. */
bool casc_run_pipeline_observed(casc_ctx *ctx, casc_op *module,
                                const char *name,
                                const casc_pass_observer *obs);
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
