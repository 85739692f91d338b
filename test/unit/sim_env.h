/* A parsed module and its collected diagnostics: the set-up the
 * simulator's IR-driven unit tests share (test_sim_run.c and the tests of
 * the rows added after it). Header-only, each test links its own copy. */
#ifndef CASC_TEST_SIM_ENV_H
#define CASC_TEST_SIM_ENV_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/text.h"

typedef struct {
  casc_ctx *ctx;
  casc_diag_list diags;
  casc_op *module;
} env;

/* Parses text as "k.mlir" into a fresh context; prints the diagnostics
 * when it does not parse. */
static inline bool env_parse(env *e, const char *text) {
  e->ctx = casc_ctx_new();
  memset(&e->diags, 0, sizeof e->diags);
  casc_ctx_set_diag_handler(e->ctx, casc_diag_collect, &e->diags);
  e->module = casc_parse_module(e->ctx, text, strlen(text), "k.mlir", 1);
  if (!e->module)
    for (unsigned i = 0; i < e->diags.n; i++)
      casc_diag_print(e->diags.items[i], stderr);
  return e->module != NULL;
}

static inline void env_free(env *e) {
  casc_diag_list_free(&e->diags);
  casc_ctx_free(e->ctx);
}

#endif
