/* The pass registry (passes.def) and the named pipelines (docs/ir.md §6.1). */
#include <stdio.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/passes.h"
#include "passes/pass_impl.h"
#include "passes/pipeline.h"

/* File-scope compound literals have static storage: each pass's option
 * list lives as long as the table. */
#define NO_OPTIONS NULL
#define OPTIONS(...) ((const casc_pass_option[]){__VA_ARGS__, {NULL, NULL}})
#define MODULE CASC_PASS_ON_MODULE
#define FUNC CASC_PASS_ON_FUNC
#define ANY CASC_PASS_ON_ANY
static const casc_pass_info passes[] = {
#define CASC_PASS(flag, name, anchor, summary, options, fn)                    \
  {flag, summary, fn, name, anchor, options},
#include "passes/passes.def"
#undef CASC_PASS
};
#undef NO_OPTIONS
#undef OPTIONS
#undef MODULE
#undef FUNC
#undef ANY

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

bool casc_pass_options_ok(const casc_pass_info *pass, const char *options,
                          char *err, size_t n) {
  if (!options || !*options)
    return true;
  const casc_pass_option *o = pass->options;
  for (; o && o->text; o++)
    if (strcmp(o->text, options) == 0)
      return true;
  int w = snprintf(err, n, "%s: unknown option '%s' (%s", pass->flag, options,
                   pass->options ? "known:" : "the pass takes no options");
  for (o = pass->options; o && o->text && w >= 0 && (size_t)w < n; o++)
    w += snprintf(err + w, n - (size_t)w, "%s %s",
                  o == pass->options ? "" : ",", o->text);
  if (w >= 0 && (size_t)w < n)
    snprintf(err + w, n - (size_t)w, ")");
  return false;
}

bool casc_run_pass(casc_ctx *ctx, casc_op *module, const casc_pass_info *pass,
                   const char *options) {
  char why[256];
  if (!casc_pass_options_ok(pass, options, why, sizeof why)) {
    casc_emit_error(ctx, module ? module->loc : NULL, "%s", why);
    return false;
  }
  unsigned errors = casc_ctx_error_count(ctx);
  bool ok = pass->run(ctx, module, options);
  return ok && casc_ctx_error_count(ctx) == errors;
}

/* Runs one step by flag; a flag missing from the registry is an error
 * (a pipeline must never silently skip work). */
static bool run_step(casc_ctx *ctx, casc_op *module, const char *flag,
                     const char *options, const char *pipeline,
                     const casc_pass_observer *obs) {
  const casc_pass_info *p = casc_pass_lookup(flag, strlen(flag));
  if (!p) {
    casc_emit_error(ctx, module->loc,
                    "pipeline '%s': pass '-%s' is not available", pipeline,
                    flag);
    return false;
  }
  if (obs && obs->before)
    obs->before(obs->user, p, module);
  bool ok = casc_run_pass(ctx, module, p, options);
  if (obs && obs->after)
    obs->after(obs->user, p, module, ok);
  return ok;
}

static bool compile_observed(casc_ctx *ctx, casc_op *module,
                             const casc_compile_options *opts,
                             const casc_pass_observer *obs) {
  casc_compile_options dflt;
  if (!opts) {
    casc_compile_options_init(&dflt);
    opts = &dflt;
  }
  const char *name = opts->pyasc_compat ? "pyasc" : "default";
  casc_pipeline_step steps[CASC_PIPELINE_MAX_STEPS];
  unsigned n = casc_pipeline_build(module, opts, steps);
  for (unsigned i = 0; i < n; i++)
    if (!run_step(ctx, module, steps[i].flag, steps[i].options, name, obs))
      return false;
  return true;
}

bool casc_compile(casc_ctx *ctx, casc_op *module,
                  const casc_compile_options *opts) {
  return compile_observed(ctx, module, opts, NULL);
}

static const char *const pipeline_names[] = {"default", "pyasc", NULL};

const char *const *casc_pipeline_names(void) {
  return pipeline_names;
}

bool casc_run_pipeline(casc_ctx *ctx, casc_op *module, const char *name) {
  return casc_run_pipeline_observed(ctx, module, name, NULL);
}

bool casc_run_pipeline_observed(casc_ctx *ctx, casc_op *module,
                                const char *name,
                                const casc_pass_observer *obs) {
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
  return compile_observed(ctx, module, &o, obs);
}
