/* A kernel body whose build must fail with exactly one located error
 * containing msg: the misuse check the C API's unit tests share.
 * Header-only, each test links its own copy. */
#ifndef CASC_TEST_LANG_EXPECT_H
#define CASC_TEST_LANG_EXPECT_H

#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "check.h"

static inline void expect_build_error(asc_kernel_body body, const char *msg) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", body, NULL) == NULL);
  CHECK_EQ_INT(diags.n, 1);
  if (diags.n >= 1) {
    const casc_diag *d = diags.items[0];
    bool ok = d->loc && strstr(d->msg, msg);
    CHECK(ok);
    if (!ok)
      fprintf(stderr, "got: %s\n", d->msg);
  }
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

#endif
