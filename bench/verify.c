/* bench/verify: throughput of -ascendc-verify-sync on the large module of
 * bench/parse (vector-add kernels in the shape of IR.md §9.3, the loop body
 * repeated with fresh SSA values; about N ops, default 200 000). The module
 * is generated here, parsed and verified once, then the pass runs K times
 * on it (it does not change the IR) and the best time is reported, with
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

enum { BODY_REPEATS = 50 };

#define GT "!ascendc.global_tensor<*xf16>"
#define LT "!ascendc.local_tensor<*xf16>"
#define QIN "!ascendc.queue<vecin, 2>"
#define QOUT "!ascendc.queue<vecout, 2>"

/* One tile of the add kernel (20 ops); '@' is replaced by the repetition
 * number so the SSA names stay distinct. */
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

static unsigned gen_kernel(casc_buf *b, unsigned k, bool unknown_trips) {
  casc_buf_printf(b,
                  "  func.func @add_%u(%%x: memref<?xf16, 22>, %%y: "
                  "memref<?xf16, 22>, %%z: memref<?xf16, 22>, %%n: i32) {\n",
                  k);
  casc_buf_puts(b, "    %c2 = arith.constant 2 : i32\n"
                   "    %c512 = arith.constant 512 : i32\n"
                   "    %c0 = arith.constant 0 : i32\n"
                   "    %c8 = arith.constant 8 : i32\n"
                   "    %c1 = arith.constant 1 : i32\n"
                   "    %c256 = arith.constant 256 : i32\n"
                   "    %zero = arith.constant 0 : index\n");
  unsigned ops = 8;
  for (int i = 0; i < 3; i++) {
    casc_buf_printf(b,
                    "    %%g%d = ascendc.global_tensor : " GT "\n"
                    "    ascendc.global_tensor.set_global_buffer %%g%d, %%%c "
                    ": " GT ", memref<?xf16, 22>\n",
                    i, i, "xyz"[i]);
    ops += 2;
  }
  casc_buf_printf(
      b,
      "    %%pipe = ascendc.pipe\n"
      "    %%qx = ascendc.queue : <vecin, 2>\n"
      "    %%qy = ascendc.queue : <vecin, 2>\n"
      "    %%qz = ascendc.queue : <vecout, 2>\n"
      "    ascendc.pipe.init_queue %%pipe, %%qx, %%c2, %%c512 : " QIN
      ", i32, i32\n"
      "    ascendc.pipe.init_queue %%pipe, %%qy, %%c2, %%c512 : " QIN
      ", i32, i32\n"
      "    ascendc.pipe.init_queue %%pipe, %%qz, %%c2, %%c512 : " QOUT
      ", i32, i32\n"
      "    scf.for %%i = %%c0 to %s step %%c1 : i32 {\n",
      unknown_trips ? "%n" : "%c8");
  ops += 8;
  for (unsigned r = 0; r < BODY_REPEATS; r++) {
    put_numbered(b, body, r);
    ops += 20;
  }
  casc_buf_puts(b, "    }\n    return\n  }\n");
  return ops + 2;
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
    casc_buf_puts(&text, "module {\n");
    for (unsigned k = 0, ops = 1; ops < target; k++)
      ops += gen_kernel(&text, k, unknown);
    casc_buf_puts(&text, "}\n");
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
