/* bench/compile: the whole `casc opt -ascendc-verify-sync` process on a large
 * module, side by side with pyasc's ascir-opt when one is given (issue 15).
 *
 * The module is K copies (default 8000) of a double-buffered vector-add
 * kernel in the form pyasc's front end produces: three global tensors, a
 * pipe, two VECIN queues and one VECOUT queue of depth 2, and a loop whose
 * body allocates, copies in, enqueues, dequeues, adds, copies out and frees
 * (38 ops per kernel, counted by parsing one). Each tool is run as a
 * child process on the same file; the best wall time, the best CPU time
 * (user + system: steadier than wall time on a shared machine) and the
 * peak resident set size of each over several runs are printed, and the
 * ratios when ascir-opt ran.
 *
 *   bench/compile [--kernels K] [--runs R] [--keep FILE]
 *   ASCIR_OPT=/path/to/ascir-opt bench/compile
 *
 * Figures only: a benchmark never fails on speed. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "casc/buf.h"
#include "casc/ir.h"
#include "casc/text.h"

#ifndef CASC_TOOL_PATH
#error "CASC_TOOL_PATH must name the casc executable"
#endif

#define GT "!ascendc.global_tensor<*xf32>"
#define LT "!ascendc.local_tensor<*xf32>"
#define QIN "!ascendc.queue<vecin, 2>"
#define QOUT "!ascendc.queue<vecout, 2>"
#define MR "memref<?xf32, 22>"

/* One kernel; every '$' becomes the kernel's number. */
static const char kernel[] =
    "  func.func @add_kernel_$(%x: " MR ", %y: " MR ", %z: " MR
    ", %n: i32) attributes {ascendc.aicore, ascendc.global} {\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c2 = arith.constant 2 : i32\n"
    "    %c256 = arith.constant 256 : i32\n"
    "    %c1024 = arith.constant 1024 : i32\n"
    "    %xg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : " GT ", " MR "\n"
    "    %yg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %yg, %y : " GT ", " MR "\n"
    "    %zg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %zg, %z : " GT ", " MR "\n"
    "    %pipe = ascendc.pipe\n"
    "    %qx = ascendc.queue : <vecin, 2>\n"
    "    ascendc.pipe.init_queue %pipe, %qx, %c2, %c1024 : " QIN ", i32, i32\n"
    "    %qy = ascendc.queue : <vecin, 2>\n"
    "    ascendc.pipe.init_queue %pipe, %qy, %c2, %c1024 : " QIN ", i32, i32\n"
    "    %qz = ascendc.queue : <vecout, 2>\n"
    "    ascendc.pipe.init_queue %pipe, %qz, %c2, %c1024 : " QOUT ", i32, i32\n"
    "    scf.for %i = %c0 to %n step %c1  : i32 {\n"
    "      %a = ascendc.que_bind.alloc_tensor %qx : " QIN ", " LT "\n"
    "      ascendc.data_copy_l2 %a, %xg, %c256 : " LT ", " GT ", i32\n"
    "      ascendc.que_bind.enque_tensor %qx, %a : " QIN ", " LT "\n"
    "      %b = ascendc.que_bind.alloc_tensor %qy : " QIN ", " LT "\n"
    "      ascendc.data_copy_l2 %b, %yg, %c256 : " LT ", " GT ", i32\n"
    "      ascendc.que_bind.enque_tensor %qy, %b : " QIN ", " LT "\n"
    "      %da = ascendc.que_bind.deque_tensor %qx : " QIN ", " LT "\n"
    "      %db = ascendc.que_bind.deque_tensor %qy : " QIN ", " LT "\n"
    "      %r = ascendc.que_bind.alloc_tensor %qz : " QOUT ", " LT "\n"
    "      ascendc.add_l2 %r, %da, %db, %c256 : " LT ", " LT ", " LT ", i32\n"
    "      ascendc.que_bind.enque_tensor %qz, %r : " QOUT ", " LT "\n"
    "      ascendc.que_bind.free_tensor %qx, %da : " QIN ", " LT "\n"
    "      ascendc.que_bind.free_tensor %qy, %db : " QIN ", " LT "\n"
    "      %dr = ascendc.que_bind.deque_tensor %qz : " QOUT ", " LT "\n"
    "      ascendc.data_copy_l2 %zg, %dr, %c256 : " GT ", " LT ", i32\n"
    "      ascendc.que_bind.free_tensor %qz, %dr : " QOUT ", " LT "\n"
    "    }\n"
    "    return\n"
    "  }\n";
static void append_module(casc_buf *b, unsigned kernels) {
  casc_buf_puts(b, "module {\n");
  char num[16];
  for (unsigned k = 0; k < kernels; k++) {
    int nl = snprintf(num, sizeof num, "%u", k);
    for (const char *p = kernel; *p; p++) {
      const char *at = strchr(p, '$');
      size_t run = at ? (size_t)(at - p) : strlen(p);
      casc_buf_put(b, p, run);
      if (!at)
        break;
      casc_buf_put(b, num, (size_t)nl);
      p = at;
    }
  }
  casc_buf_puts(b, "}\n");
}

static bool count_op(casc_op *op, void *user) {
  (void)op;
  ++*(unsigned long *)user;
  return true;
}

/* Ops of one kernel as the parser builds them (the loop's implicit yield
 * included), so that bytes/op is per op the tools hold; 0 on failure. */
static unsigned long ops_per_kernel(void) {
  casc_buf b;
  casc_buf_init(&b);
  append_module(&b, 1);
  casc_ctx *ctx = casc_ctx_new();
  casc_op *m =
      ctx && !b.oom ? casc_parse_module(ctx, b.data, b.len, "k", 1) : NULL;
  unsigned long n = 0;
  if (m)
    casc_walk_pre(m, count_op, &n);
  casc_ctx_free(ctx);
  casc_buf_free(&b);
  return n ? n - 1 : 0; /* not the module */
}

static bool write_module(const char *path, unsigned kernels, size_t *bytes) {
  casc_buf b;
  casc_buf_init(&b);
  append_module(&b, kernels);
  bool ok = !b.oom;
  FILE *f = ok ? fopen(path, "w") : NULL;
  ok = f && fwrite(b.data, 1, b.len, f) == b.len;
  if (f && fclose(f) != 0)
    ok = false;
  *bytes = b.len;
  casc_buf_free(&b);
  return ok;
}

typedef struct {
  double seconds; /* best wall time */
  double cpu;     /* best user + system time */
  long rss_kib;   /* peak resident set size of that tool's runs */
  bool ok;
} run_figures;

static double tv_seconds(struct timeval tv) {
  return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Run `tool [sub] -ascendc-verify-sync FILE -o /dev/null` `runs` times
 * (casc takes its subcommand, opt; ascir-opt none). */
static run_figures run_tool(const char *tool, const char *sub, const char *file,
                            unsigned runs) {
  run_figures f = {1e30, 1e30, 0, true};
  for (unsigned r = 0; r < runs && f.ok; r++) {
    fflush(stdout);
    double t0 = now();
    pid_t pid = fork();
    if (pid < 0) {
      f.ok = false;
      break;
    }
    if (pid == 0) {
      /* The findings (none on this module) and the output are dropped. */
      if (!freopen("/dev/null", "w", stderr))
        _exit(127);
      if (sub)
        execl(tool, tool, sub, "-ascendc-verify-sync", file, "-o", "/dev/null",
              (char *)NULL);
      else
        execl(tool, tool, "-ascendc-verify-sync", file, "-o", "/dev/null",
              (char *)NULL);
      _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
      fprintf(stderr, "compile: %s failed (status %d)\n", tool, status);
      f.ok = false;
      break;
    }
    double dt = now() - t0;
    if (dt < f.seconds)
      f.seconds = dt;
    double cpu = tv_seconds(ru.ru_utime) + tv_seconds(ru.ru_stime);
    if (cpu < f.cpu)
      f.cpu = cpu;
    if (ru.ru_maxrss > f.rss_kib)
      f.rss_kib = ru.ru_maxrss;
  }
  return f;
}

int main(int argc, char **argv) {
  unsigned kernels = 8000, runs = 3;
  const char *keep = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--kernels") == 0 && i + 1 < argc)
      kernels = (unsigned)strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
      runs = (unsigned)strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--keep") == 0 && i + 1 < argc)
      keep = argv[++i];
    else {
      fprintf(stderr,
              "usage: %s [--kernels K] [--runs R] [--keep FILE]\n"
              "  ASCIR_OPT=PATH also runs pyasc's ascir-opt on the module\n",
              argv[0]);
      return 2;
    }
  }
  if (runs == 0)
    runs = 1;
  char tmp[] = "/tmp/casc-compile-XXXXXX.mlir";
  const char *file = keep;
  if (!file) {
    int fd = mkstemps(tmp, 5);
    if (fd < 0) {
      fprintf(stderr, "compile: cannot create a temporary file: %s\n",
              strerror(errno));
      return 1;
    }
    close(fd);
    file = tmp;
  }
  size_t bytes = 0;
  if (!write_module(file, kernels, &bytes)) {
    fprintf(stderr, "compile: cannot write %s\n", file);
    return 1;
  }
  unsigned long ops = (unsigned long)kernels * ops_per_kernel();
  if (!ops) {
    fprintf(stderr, "compile: the kernel does not parse\n");
    return 1;
  }
  printf("module: %u kernels, %lu ops, %.1f MB (%s)\n", kernels, ops,
         (double)bytes / 1e6, file);
  printf("%-10s %9s %9s %12s %9s\n", "tool", "wall (s)", "cpu (s)", "peak RSS",
         "bytes/op");
  run_figures c = run_tool(CASC_TOOL_PATH, "opt", file, runs);
  if (c.ok)
    printf("%-10s %9.3f %9.3f %8.1f MiB %9.0f\n", "casc", c.seconds, c.cpu,
           (double)c.rss_kib / 1024, (double)c.rss_kib * 1024 / (double)ops);
  const char *asc = getenv("ASCIR_OPT");
  run_figures a = {0, 0, 0, false};
  if (asc && *asc) {
    a = run_tool(asc, NULL, file, runs);
    if (a.ok)
      printf("%-10s %9.3f %9.3f %8.1f MiB %9.0f\n", "ascir-opt", a.seconds,
             a.cpu, (double)a.rss_kib / 1024,
             (double)a.rss_kib * 1024 / (double)ops);
  } else {
    printf("(set ASCIR_OPT to pyasc's ascir-opt to compare)\n");
  }
  if (c.ok && a.ok)
    printf("ascir-opt / casc: wall time %.2f, cpu time %.2f (target >= 3); "
           "casc RSS / ascir-opt RSS: %.2f (target <= 0.33)\n",
           a.seconds / c.seconds, a.cpu / c.cpu,
           (double)c.rss_kib / (double)a.rss_kib);
  if (!keep)
    remove(file);
  return c.ok && (a.ok || !asc || !*asc) ? 0 : 1;
}
