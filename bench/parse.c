/* bench/parse: throughput of the text layer and the verifier on a large,
 * realistic module. It generates a module of about N ops (default 200 000)
 * made of vector-add kernels in the shape pyasc's pipeline produces
 * (IR.md §9.3), whose loop body (two loads, an add, a store through three
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

enum { BODY_REPEATS = 50 };

#define GT "!ascendc.global_tensor<*xf16>"
#define LT "!ascendc.local_tensor<*xf16>"
#define QIN "!ascendc.queue<vecin, 2>"
#define QOUT "!ascendc.queue<vecout, 2>"
#define ARG                                                                    \
  "memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}"

/* The loop body of IR.md §9.3 (20 ops); '@' stands for the repetition
 * number that keeps its SSA names distinct. */
static const char body[] =
    "      %a@ = ascendc.que_bind.alloc_tensor %qx : " QIN ", " LT "\n"
    "      %b@ = ascendc.que_bind.alloc_tensor %qy : " QIN ", " LT "\n"
    "      %o@ = arith.muli %i, %c256 : i32\n"
    "      %sx@ = ascendc.global_tensor.subindex %g0[%o@] : " GT ", i32, " GT
    "\n"
    "      ascendc.data_copy_l2 %a@, %sx@, %c256 : " LT ", " GT ", i32\n"
    "      %sy@ = ascendc.global_tensor.subindex %g1[%o@] : " GT ", i32, " GT
    "\n"
    "      ascendc.data_copy_l2 %b@, %sy@, %c256 : " LT ", " GT ", i32\n"
    "      ascendc.que_bind.enque_tensor %qx, %a@ : " QIN ", " LT "\n"
    "      ascendc.que_bind.enque_tensor %qy, %b@ : " QIN ", " LT "\n"
    "      %da@ = ascendc.que_bind.deque_tensor %qx : " QIN ", " LT "\n"
    "      %db@ = ascendc.que_bind.deque_tensor %qy : " QIN ", " LT "\n"
    "      %r@ = ascendc.que_bind.alloc_tensor %qz : " QOUT ", " LT "\n"
    "      ascendc.add_l2 %r@, %da@, %db@, %c256 : " LT ", " LT ", " LT
    ", i32\n"
    "      ascendc.que_bind.enque_tensor %qz, %r@ : " QOUT ", " LT "\n"
    "      ascendc.que_bind.free_tensor %qx, %da@ : " QIN ", " LT "\n"
    "      ascendc.que_bind.free_tensor %qy, %db@ : " QIN ", " LT "\n"
    "      %dr@ = ascendc.que_bind.deque_tensor %qz : " QOUT ", " LT "\n"
    "      %sz@ = ascendc.global_tensor.subindex %g2[%o@] : " GT ", i32, " GT
    "\n"
    "      ascendc.data_copy_l2 %sz@, %dr@, %c256 : " GT ", " LT ", i32\n"
    "      ascendc.que_bind.free_tensor %qz, %dr@ : " QOUT ", " LT "\n";

static void put_numbered(casc_buf *b, const char *tmpl, unsigned n) {
  char num[16];
  int k = snprintf(num, sizeof num, "%u", n);
  for (const char *p = tmpl; *p;) {
    const char *at = strchr(p, '@');
    if (!at) {
      casc_buf_puts(b, p);
      break;
    }
    casc_buf_put(b, p, (size_t)(at - p));
    casc_buf_put(b, num, (size_t)k);
    p = at + 1;
  }
}

/* One kernel; returns the number of ops it holds (func.func included). */
static unsigned gen_kernel(casc_buf *b, unsigned k, unsigned repeats) {
  unsigned ops = 0;
  casc_buf_printf(
      b,
      "  func.func @add_custom_%u(%%x: " ARG ", %%y: " ARG ", %%z: " ARG
      ", %%n: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, "
      "%%ffts: memref<?xui64, 22> {emitasc.kernel_arg = "
      "#emitasc<kernel_arg ffts_addr>}) attributes {ascendc.aicore, "
      "ascendc.global} {\n",
      k);
  ops++;
  casc_buf_puts(b, "    ascendc.set_ffts_base_addr %ffts : memref<?xui64, 22>\n"
                   "    %c2 = arith.constant 2 : i32\n"
                   "    %c512 = arith.constant 512 : i32\n"
                   "    %c0 = arith.constant 0 : i32\n"
                   "    %c8 = arith.constant 8 : i32\n"
                   "    %c1 = arith.constant 1 : i32\n"
                   "    %c256 = arith.constant 256 : i32\n"
                   "    %idx = ascendc.get_block_idx : i32\n"
                   "    %off = arith.muli %idx, %n : i32\n"
                   "    %offi = arith.index_cast %off : i32 to index\n");
  ops += 10;
  const char *args[3] = {"x", "y", "z"};
  for (int i = 0; i < 3; i++) {
    casc_buf_printf(b,
                    "    %%p%d = emitasc.ptr_offset %%%s[%%offi] : "
                    "memref<?xf16, 22>, memref<?xf16, 22>\n"
                    "    %%g%d = ascendc.global_tensor : " GT "\n"
                    "    ascendc.global_tensor.set_global_buffer %%g%d, %%p%d "
                    ": " GT ", memref<?xf16, 22>\n",
                    i, args[i], i, i, i);
    ops += 3;
  }
  casc_buf_puts(b, "    %pipe = ascendc.pipe\n"
                   "    %qx = ascendc.queue : <vecin, 2>\n"
                   "    %qy = ascendc.queue : <vecin, 2>\n"
                   "    %qz = ascendc.queue : <vecout, 2>\n"
                   "    ascendc.pipe.init_queue %pipe, %qx, %c2, %c512 : " QIN
                   ", i32, i32\n"
                   "    ascendc.pipe.init_queue %pipe, %qy, %c2, %c512 : " QIN
                   ", i32, i32\n"
                   "    ascendc.pipe.init_queue %pipe, %qz, %c2, %c512 : " QOUT
                   ", i32, i32\n"
                   "    scf.for %i = %c0 to %c8 step %c1 : i32 {\n");
  ops += 8;
  for (unsigned r = 0; r < repeats; r++) {
    put_numbered(b, body, r);
    ops += 20;
  }
  casc_buf_puts(b, "    }\n    return\n  }\n");
  ops++; /* return; scf.yield is implicit in the text and not counted */
  return ops;
}

static void gen_module(casc_buf *b, unsigned target_ops, unsigned *nops) {
  casc_buf_puts(b, "module {\n  emitc.include \"kernel_operator.h\"\n");
  unsigned ops = 2;
  for (unsigned k = 0; ops < target_ops; k++)
    ops += gen_kernel(b, k, BODY_REPEATS);
  casc_buf_puts(b, "}\n");
  *nops = ops;
}

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
  unsigned gen_ops;
  gen_module(&text, target, &gen_ops);
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
