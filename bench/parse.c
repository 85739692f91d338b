/* bench/parse: throughput of the text layer and the verifier on a large,
 * realistic module. It generates a module of about N ops (default 200 000)
 * made of vector-add kernels in the shape pyasc's pipeline produces
 * (docs/ir.md §9.3), whose loop body (two loads, an add, a store through three
 * queues) is repeated with fresh SSA values, then times
 *   parse  (casc_parse_module), verify (casc_verify), print (casc_print_op)
 * and reports ops/s, MB/s and the peak resident set size. Figures only: a
 * benchmark never fails on speed.
 *
 *   bench/parse [--ops N] [--iters K] [--dump FILE]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/ir.h"
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

static void show_diag(const casc_diag *d, void *user) {
  unsigned *n = user;
  if ((*n)++ < 5)
    casc_diag_print(d, stderr);
}

int main(int argc, char **argv) {
  unsigned target = 200000, iters = 3;
  const char *dump = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--ops") == 0 && i + 1 < argc)
      target = (unsigned)strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--iters") == 0 && i + 1 < argc)
      iters = (unsigned)strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--dump") == 0 && i + 1 < argc)
      dump = argv[++i];
    else {
      fprintf(stderr, "usage: %s [--ops N] [--iters K] [--dump FILE]\n",
              argv[0]);
      return 2;
    }
  }
  if (iters == 0)
    iters = 1;

  casc_buf text;
  casc_buf_init(&text);
  unsigned gen_ops = bench_add_module(&text, target, false);
  if (text.oom) {
    fprintf(stderr, "out of memory generating the module\n");
    return 1;
  }
  if (dump) {
    FILE *f = fopen(dump, "w");
    if (f) {
      fwrite(text.data, 1, text.len, f);
      fclose(f);
    }
  }

  double best_parse = 1e30, best_verify = 1e30, best_print = 1e30;
  unsigned long nops = 0;
  size_t out_len = 0;
  for (unsigned it = 0; it < iters; it++) {
    casc_ctx *ctx = casc_ctx_new();
    unsigned ndiags = 0;
    casc_ctx_set_diag_handler(ctx, show_diag, &ndiags);
    double t0 = now();
    casc_op *module =
        casc_parse_module(ctx, text.data, text.len, "bench.mlir", 1);
    double t1 = now();
    if (!module) {
      fprintf(stderr, "bench/parse: the generated module did not parse\n");
      casc_ctx_free(ctx);
      casc_buf_free(&text);
      return 1;
    }
    bool ok = casc_verify(ctx, module);
    double t2 = now();
    if (!ok) {
      fprintf(stderr, "bench/parse: the generated module did not verify\n");
      casc_ctx_free(ctx);
      casc_buf_free(&text);
      return 1;
    }
    casc_buf out;
    casc_buf_init(&out);
    casc_print_flags flags = {0};
    casc_print_op(ctx, module, &flags, &out);
    double t3 = now();
    nops = 0;
    casc_walk_pre(module, count_op, &nops);
    out_len = out.len;
    casc_buf_free(&out);
    casc_ctx_free(ctx);
    if (t1 - t0 < best_parse)
      best_parse = t1 - t0;
    if (t2 - t1 < best_verify)
      best_verify = t2 - t1;
    if (t3 - t2 < best_print)
      best_print = t3 - t2;
  }

  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  double mb = (double)text.len / (1024.0 * 1024.0);
  printf("module: %lu ops (generated %u), %.1f MiB of text, printed %.1f "
         "MiB\n",
         nops, gen_ops, mb, (double)out_len / (1024.0 * 1024.0));
  printf("best of %u runs:\n", iters);
  printf("  parse   %8.3f s  %10.0f ops/s  %7.1f MiB/s\n", best_parse,
         (double)nops / best_parse, mb / best_parse);
  printf("  verify  %8.3f s  %10.0f ops/s\n", best_verify,
         (double)nops / best_verify);
  printf("  print   %8.3f s  %10.0f ops/s  %7.1f MiB/s\n", best_print,
         (double)nops / best_print,
         (double)out_len / (1024.0 * 1024.0) / best_print);
  printf("peak RSS: %.1f MiB\n", (double)ru.ru_maxrss / 1024.0);
  casc_buf_free(&text);
  return 0;
}
