/* bench/jit: how long the C front end takes to build (and verify) the
 * add_framework kernel, averaged over many builds, each in a fresh context
 * as a host program would do it. Prints microseconds per build.
 *
 *   bench_jit [builds]     (default 10000)
 *
 * Two loops: the build alone (casc_jit_build records and verifies the
 * kernel), and the whole compile a host program does before launching:
 * build, -ascendc-verify-sync, and Ascend C emission into memory (the
 * issue's target: under 1 ms). Not a test: nothing here asserts a time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "add_framework.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/emit.h"
#include "casc/passes.h"

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static void print_diag(const casc_diag *d, void *user) {
  (void)user;
  casc_diag_print(d, stderr);
}

/* One build in a fresh context (plus verify-sync and emission when `full`);
 * false if a stage failed. */
static bool build_once(const add_framework_params *p, bool full) {
  casc_ctx *ctx = casc_ctx_new();
  if (!ctx)
    return false;
  casc_ctx_set_diag_handler(ctx, print_diag, NULL);
  casc_op *m =
      casc_jit_build(ctx, "vadd_kernel", add_framework_kernel, (void *)p);
  bool ok = m != NULL;
  if (ok && full) {
    static const char flag[] = "ascendc-verify-sync";
    const casc_pass_info *vs = casc_pass_lookup(flag, sizeof flag - 1);
    casc_buf cpp;
    casc_buf_init(&cpp);
    ok = vs && vs->run(ctx, m, NULL) && casc_emit_ascendc_buf(ctx, m, &cpp) &&
         cpp.len > 0;
    casc_buf_free(&cpp);
  }
  casc_ctx_free(ctx);
  return ok;
}

static double time_builds(const add_framework_params *p, long n, bool full) {
  double t0 = now_us();
  for (long i = 0; i < n; i++)
    if (!build_once(p, full))
      return -1;
  return (now_us() - t0) / (double)n;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? strtol(argv[1], NULL, 10) : 10000;
  if (n <= 0) {
    fprintf(stderr, "usage: bench_jit [builds > 0]\n");
    return 2;
  }
  add_framework_params p = {.dtype = ASC_HALF, .tile_length = 128};
  if (!build_once(&p, true)) /* warm-up, and fail early on a broken build */
    return 1;
  double build = time_builds(&p, n, false);
  double full = time_builds(&p, n, true);
  if (build < 0 || full < 0)
    return 1;
  printf("jit: add_framework, %ld builds each, fresh context per build\n", n);
  printf("  build + verify                        %8.2f us\n", build);
  printf("  build + verify + verify-sync + emit   %8.2f us  (target < 1000)\n",
         full);
  return 0;
}
