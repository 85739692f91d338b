/* Passes, registered under pyasc's flag names, and pipelines. */
#ifndef CASC_PASSES_H
#define CASC_PASSES_H

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

/* Named pipelines ("default" = pyasc's order, IR.md §6.1). */
bool casc_run_pipeline(casc_ctx *ctx, casc_op *module, const char *name);

#ifdef __cplusplus
}
#endif
#endif
