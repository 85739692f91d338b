/* The pass registry (passes.def) and the named pipelines (docs/ir.md §6.1). */
#include <string.h>

#include "casc/diag.h"
#include "casc/passes.h"
#include "passes/pass_impl.h"
#include "passes/pipeline.h"

static const casc_pass_info passes[] = {
#define CASC_PASS(flag, summary, fn) {flag, summary, fn},
#include "passes/passes.def"
#undef CASC_PASS
};

unsigned casc_pass_count(void) {
  return (unsigned)(sizeof passes / sizeof passes[0]);
}

const casc_pass_info *casc_pass_at(unsigned i) {
  return i < casc_pass_count() ? &passes[i] : NULL;
}

const casc_pass_info *casc_pass_lookup(const char *flag, size_t len) {
  if (!flag)
    return NULL;
  for (unsigned i = 0; i < casc_pass_count(); i++)
    if (strlen(passes[i].flag) == len && memcmp(passes[i].flag, flag, len) == 0)
      return &passes[i];
  return NULL;
}

void casc_compile_options_init(casc_compile_options *o) {
  o->verify_sync = true;
  o->free_at_last_use = true;
  o->strip_debuginfo = false;
  o->pyasc_compat = false;
}

bool casc_run_pass(casc_ctx *ctx, casc_op *module, const casc_pass_info *pass,
                   const char *options) {
  unsigned errors = casc_ctx_error_count(ctx);
  bool ok = pass->run(ctx, module, options);
  return ok && casc_ctx_error_count(ctx) == errors;
}

/* Runs one step by flag; a flag missing from the registry is an error
 * (a pipeline must never silently skip work). */
static bool run_step(casc_ctx *ctx, casc_op *module, const char *flag,
                     const char *options, const char *pipeline) {
  const casc_pass_info *p = casc_pass_lookup(flag, strlen(flag));
  if (!p) {
    casc_emit_error(ctx, module->loc,
                    "pipeline '%s': pass '-%s' is not available", pipeline,
                    flag);
    return false;
  }
  return casc_run_pass(ctx, module, p, options);
}

bool casc_compile(casc_ctx *ctx, casc_op *module,
                  const casc_compile_options *opts) {
  casc_compile_options dflt;
  if (!opts) {
    casc_compile_options_init(&dflt);
    opts = &dflt;
  }
  const char *name = opts->pyasc_compat ? "pyasc" : "default";
  casc_pipeline_step steps[CASC_PIPELINE_MAX_STEPS];
  unsigned n = casc_pipeline_build(module, opts, steps);
  for (unsigned i = 0; i < n; i++)
    if (!run_step(ctx, module, steps[i].flag, steps[i].options, name))
      return false;
  return true;
}

static const char *const pipeline_names[] = {"default", "pyasc", NULL};

const char *const *casc_pipeline_names(void) {
  return pipeline_names;
}

bool casc_run_pipeline(casc_ctx *ctx, casc_op *module, const char *name) {
  casc_compile_options o;
  casc_compile_options_init(&o);
  if (name && strcmp(name, "pyasc") == 0) {
    o.pyasc_compat = true;
    o.free_at_last_use = false;
  } else if (!name || strcmp(name, "default") != 0) {
    casc_emit_error(ctx, module ? module->loc : NULL,
                    "unknown pipeline '%s' (known: default, pyasc)",
                    name ? name : "");
    return false;
  }
  return casc_compile(ctx, module, &o);
}
