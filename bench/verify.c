/* bench/verify: throughput of -ascendc-verify-sync on the large module of
 * bench/parse (vector-add kernels in the shape of docs/ir.md §9.3, the loop
 * body repeated with fresh SSA values; about N ops, default 200 000). The
 * module is generated here, parsed and verified once, then the pass runs K
 * times on it (it does not change the IR) and the best time is reported, with
 * the number of warnings (0: the kernels are correct) and the peak RSS.
 *
 *   bench/verify [--ops N] [--iters K] [--unknown-trips] [--input FILE]
 *
 * --unknown-trips makes the loop bound a kernel argument, so the loops are
 * summarised by the fixpoint instead of being followed iteration by
 * iteration. --input times the pass on any module instead. Figures only:
 * a benchmark never fails on speed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/passes.h"
#include "casc/text.h"
#include "common/add_module.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool count_op(casc_op *op, void *user) {
  (void)op;
  ++*(unsigned long *)user;
  return true;
}

typedef struct {
  unsigned warnings, errors;
} counts;

static void count_diag(const casc_diag *d, void *user) {
  counts *c = user;
  if (d->sev == CASC_SEV_WARNING)
    c->warnings++;
  if (d->sev == CASC_SEV_ERROR && c->errors++ < 5)
    casc_diag_print(d, stderr);
}

static bool read_file(const char *path, casc_buf *out) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    casc_buf_put(out, chunk, n);
  bool ok = !ferror(f) && !out->oom;
  fclose(f);
  return ok;
}

int main(int argc, char **argv) {
  unsigned target = 200000, iters = 3;
  bool unknown = false;
  const char *input = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--ops") == 0 && i + 1 < argc)
      target = (unsigned)strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--iters") == 0 && i + 1 < argc)
      iters = (unsigned)strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--input") == 0 && i + 1 < argc)
      input = argv[++i];
    else if (strcmp(argv[i], "--unknown-trips") == 0)
      unknown = true;
    else {
      fprintf(stderr,
              "usage: %s [--ops N] [--iters K] [--unknown-trips] "
              "[--input FILE]\n",
              argv[0]);
      return 2;
    }
  }
  if (iters == 0)
    iters = 1;
  casc_buf text;
  casc_buf_init(&text);
  if (input) {
    if (!read_file(input, &text)) {
      fprintf(stderr, "bench/verify: cannot read %s\n", input);
      casc_buf_free(&text);
      return 1;
    }
  } else {
    bench_add_module(&text, target, unknown);
  }
  if (text.oom) {
    fprintf(stderr, "bench/verify: out of memory\n");
    casc_buf_free(&text);
    return 1;
  }
  casc_ctx *ctx = casc_ctx_new();
  counts cnt = {0, 0};
  casc_ctx_set_diag_handler(ctx, count_diag, &cnt);
  casc_op *module = casc_parse_module(ctx, text.data, text.len,
                                      input ? input : "bench.mlir", 1);
  if (!module || !casc_verify(ctx, module)) {
    fprintf(stderr, "bench/verify: the module is not valid\n");
    casc_ctx_free(ctx);
    casc_buf_free(&text);
    return 1;
  }
  unsigned long nops = 0;
  casc_walk_pre(module, count_op, &nops);
  const casc_pass_info *pass = casc_pass_lookup("ascendc-verify-sync", 19);
  if (!pass) {
    fprintf(stderr, "bench/verify: -ascendc-verify-sync is not registered\n");
    casc_ctx_free(ctx);
    casc_buf_free(&text);
    return 1;
  }
  double best = 1e30;
  unsigned warnings = 0;
  for (unsigned it = 0; it < iters; it++) {
    cnt.warnings = 0;
    double t0 = now();
    bool ok = pass->run(ctx, module, NULL);
    double t1 = now();
    if (!ok) {
      fprintf(stderr, "bench/verify: the pass failed\n");
      casc_ctx_free(ctx);
      casc_buf_free(&text);
      return 1;
    }
    warnings = cnt.warnings;
    if (t1 - t0 < best)
      best = t1 - t0;
  }
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("module: %lu ops%s\n", nops,
         input ? "" : (unknown ? ", loop bounds unknown" : ", 8 trips"));
  printf("verify-sync: best of %u runs %.3f s, %.0f ops/s, %u warnings\n",
         iters, best, (double)nops / best, warnings);
  printf("peak RSS: %.1f MiB\n", (double)ru.ru_maxrss / 1024.0);
  casc_ctx_free(ctx);
  casc_buf_free(&text);
  return 0;
}
