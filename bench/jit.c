/* bench/jit: how long the C front end takes to build (and verify) the
 * add_framework kernel, averaged over many builds, each in a fresh context
 * as a host program would do it. Prints microseconds per build.
 *
 *   bench_jit [builds]     (default 10000)
 *
 * The stages that follow a build (verify-sync, Ascend C emission) join the
 * timed loop in build_once() when they land. Not a test: nothing here
 * asserts a time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "add_framework.h"
#include "casc/diag.h"

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static void print_diag(const casc_diag *d, void *user) {
  (void)user;
  casc_diag_print(d, stderr);
}

/* One build in a fresh context; false if it failed. */
static bool build_once(const add_framework_params *p) {
  casc_ctx *ctx = casc_ctx_new();
  if (!ctx)
    return false;
  casc_ctx_set_diag_handler(ctx, print_diag, NULL);
  casc_op *m =
      casc_jit_build(ctx, "vadd_kernel", add_framework_kernel, (void *)p);
  casc_ctx_free(ctx);
  return m != NULL;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? strtol(argv[1], NULL, 10) : 10000;
  if (n <= 0) {
    fprintf(stderr, "usage: bench_jit [builds > 0]\n");
    return 2;
  }
  add_framework_params p = {.dtype = ASC_HALF, .tile_length = 128};
  if (!build_once(&p)) /* warm-up, and fail early on a broken build */
    return 1;
  double t0 = now_us();
  for (long i = 0; i < n; i++)
    if (!build_once(&p))
      return 1;
  double us = (now_us() - t0) / (double)n;
  printf("jit: add_framework build+verify: %.2f us per build (%ld builds)\n",
         us, n);
  return 0;
}
