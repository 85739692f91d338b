/* bench/sim: the simulator against a native C loop doing the same work on
 * the same number of threads, in the same run.
 *   add:     z = x + y, float32, 16M elements, 48 blocks, double-buffered
 *            tiles of 4096 (the add_framework kernel's structure);
 *   softmax: 4096 rows of 1024 float32, one row per tile (ReduceMax, Adds,
 *            Exp, ReduceSum, Muls), 48 blocks.
 * The native reference does the same arithmetic on the same data with the
 * same number of threads, each thread one contiguous share (the blocks'
 * shares put together), straight from and to the buffers: what a plain C
 * program would do. Both outputs are zeroed (pages touched) before each
 * timed run, and each run is timed alone. Prints the best of several runs
 * for both and the ratio (target for add: the simulator within 1.5x of
 * native). Figures only; no assertions on speed.
 *   usage: bench_sim [--threads N] [--reps N] [--only add|softmax] */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/sim.h"
#include "casc/text.h"

#define LT "!ascendc.local_tensor<*xf32>"
#define GT "!ascendc.global_tensor<*xf32>"
#define QI "!ascendc.queue<vecin, 2>"
#define QO "!ascendc.queue<vecout, 2>"

/* Block b adds tiles [b*T/B, (b+1)*T/B) of T = n / tile tiles. */
static const char *add_ir =
    "module {\n"
    "  func.func @add(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: "
    "memref<?xf32, 22>, %n: i32, %tile: i32) attributes {ascendc.global} {\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c2 = arith.constant 2 : i32\n"
    "    %c4 = arith.constant 4 : i32\n"
    "    %b = ascendc.get_block_idx : i32\n"
    "    %nb = ascendc.get_block_num : i32\n"
    "    %nt = arith.divsi %n, %tile : i32\n"
    "    %lo0 = arith.muli %b, %nt : i32\n"
    "    %lo = arith.divsi %lo0, %nb : i32\n"
    "    %b1 = arith.addi %b, %c1 : i32\n"
    "    %hi0 = arith.muli %b1, %nt : i32\n"
    "    %hi = arith.divsi %hi0, %nb : i32\n"
    "    %xg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : " GT
    ", memref<?xf32, 22>\n"
    "    %yg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %yg, %y : " GT
    ", memref<?xf32, 22>\n"
    "    %zg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %zg, %z : " GT
    ", memref<?xf32, 22>\n"
    "    %pipe = ascendc.pipe\n"
    "    %qx = ascendc.queue : <vecin, 2>\n"
    "    %qy = ascendc.queue : <vecin, 2>\n"
    "    %qz = ascendc.queue : <vecout, 2>\n"
    "    %bytes = arith.muli %tile, %c4 : i32\n"
    "    ascendc.pipe.init_queue %pipe, %qx, %c2, %bytes : " QI ", i32, i32\n"
    "    ascendc.pipe.init_queue %pipe, %qy, %c2, %bytes : " QI ", i32, i32\n"
    "    ascendc.pipe.init_queue %pipe, %qz, %c2, %bytes : " QO ", i32, i32\n"
    "    scf.for %i = %lo to %hi step %c1 : i32 {\n"
    "      %off = arith.muli %i, %tile : i32\n"
    "      %xl = ascendc.que_bind.alloc_tensor %qx : " QI ", " LT "\n"
    "      %yl = ascendc.que_bind.alloc_tensor %qy : " QI ", " LT "\n"
    "      %xs = ascendc.global_tensor.subindex %xg[%off] : " GT ", i32, " GT
    "\n"
    "      ascendc.data_copy_l2 %xl, %xs, %tile : " LT ", " GT ", i32\n"
    "      %ys = ascendc.global_tensor.subindex %yg[%off] : " GT ", i32, " GT
    "\n"
    "      ascendc.data_copy_l2 %yl, %ys, %tile : " LT ", " GT ", i32\n"
    "      ascendc.que_bind.enque_tensor %qx, %xl : " QI ", " LT "\n"
    "      ascendc.que_bind.enque_tensor %qy, %yl : " QI ", " LT "\n"
    "      %xd = ascendc.que_bind.deque_tensor %qx : " QI ", " LT "\n"
    "      %yd = ascendc.que_bind.deque_tensor %qy : " QI ", " LT "\n"
    "      %zl = ascendc.que_bind.alloc_tensor %qz : " QO ", " LT "\n"
    "      ascendc.add_l2 %zl, %xd, %yd, %tile : " LT ", " LT ", " LT ", i32\n"
    "      ascendc.que_bind.enque_tensor %qz, %zl : " QO ", " LT "\n"
    "      ascendc.que_bind.free_tensor %qx, %xd : " QI ", " LT "\n"
    "      ascendc.que_bind.free_tensor %qy, %yd : " QI ", " LT "\n"
    "      %zd = ascendc.que_bind.deque_tensor %qz : " QO ", " LT "\n"
    "      %zs = ascendc.global_tensor.subindex %zg[%off] : " GT ", i32, " GT
    "\n"
    "      ascendc.data_copy_l2 %zs, %zd, %tile : " GT ", " LT ", i32\n"
    "      ascendc.que_bind.free_tensor %qz, %zd : " QO ", " LT "\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

#define TB "!ascendc.tbuf<veccalc>"
/* Block b handles rows [b*R/B, (b+1)*R/B); row length %len (f32). */
static const char *softmax_ir =
    "module {\n"
    "  func.func @softmax(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>, %rows: "
    "i32, %len: i32) attributes {ascendc.global} {\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c2 = arith.constant 2 : i32\n"
    "    %c4 = arith.constant 4 : i32\n"
    "    %c64 = arith.constant 64 : i32\n"
    "    %u0 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %no = arith.constant 0 : i8\n"
    "    %one = arith.constant 1.0 : f32\n"
    "    %b = ascendc.get_block_idx : i32\n"
    "    %nb = ascendc.get_block_num : i32\n"
    "    %lo0 = arith.muli %b, %rows : i32\n"
    "    %lo = arith.divsi %lo0, %nb : i32\n"
    "    %b1 = arith.addi %b, %c1 : i32\n"
    "    %hi0 = arith.muli %b1, %rows : i32\n"
    "    %hi = arith.divsi %hi0, %nb : i32\n"
    "    %lenu = emitc.cast %len : i32 to ui32\n"
    "    %xg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : " GT
    ", memref<?xf32, 22>\n"
    "    %zg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %zg, %z : " GT
    ", memref<?xf32, 22>\n"
    "    %pipe = ascendc.pipe\n"
    "    %qx = ascendc.queue : <vecin, 2>\n"
    "    %qz = ascendc.queue : <vecout, 2>\n"
    "    %red = ascendc.tbuf : <veccalc>\n"
    "    %tmp = ascendc.tbuf : <veccalc>\n"
    "    %bytes = arith.muli %len, %c4 : i32\n"
    "    ascendc.pipe.init_queue %pipe, %qx, %c2, %bytes : " QI ", i32, i32\n"
    "    ascendc.pipe.init_queue %pipe, %qz, %c2, %bytes : " QO ", i32, i32\n"
    "    ascendc.pipe.init_buffer %pipe, %red, %c64 : " TB ", i32\n"
    "    ascendc.pipe.init_buffer %pipe, %tmp, %bytes : " TB ", i32\n"
    "    %r = ascendc.tbuf.get_tensor %red : " TB ", " LT "\n"
    "    %t = ascendc.tbuf.get_tensor %tmp : " TB ", " LT "\n"
    "    scf.for %i = %lo to %hi step %c1 : i32 {\n"
    "      %off = arith.muli %i, %len : i32\n"
    "      %xl = ascendc.que_bind.alloc_tensor %qx : " QI ", " LT "\n"
    "      %xs = ascendc.global_tensor.subindex %xg[%off] : " GT ", i32, " GT
    "\n"
    "      ascendc.data_copy_l2 %xl, %xs, %len : " LT ", " GT ", i32\n"
    "      ascendc.que_bind.enque_tensor %qx, %xl : " QI ", " LT "\n"
    "      %xd = ascendc.que_bind.deque_tensor %qx : " QI ", " LT "\n"
    "      ascendc.reduce_max_l2 %r, %xd, %t, %lenu, %no : " LT ", " LT ", " LT
    ", ui32, i8\n"
    "      %m = ascendc.local_tensor.get_value %r, %u0 : " LT ", ui32, f32\n"
    "      %nm = arith.negf %m : f32\n"
    "      %zl = ascendc.que_bind.alloc_tensor %qz : " QO ", " LT "\n"
    "      ascendc.adds_l2 %zl, %xd, %nm, %len {isSetMask} : " LT ", " LT
    ", f32, i32\n"
    "      ascendc.exp_l2 %zl, %zl, %len : " LT ", " LT ", i32\n"
    "      ascendc.reduce_sum_l2 %r, %zl, %t, %lenu : " LT ", " LT ", " LT
    ", ui32\n"
    "      %s = ascendc.local_tensor.get_value %r, %u0 : " LT ", ui32, f32\n"
    "      %inv = arith.divf %one, %s : f32\n"
    "      ascendc.muls_l2 %zl, %zl, %inv, %len {isSetMask} : " LT ", " LT
    ", f32, i32\n"
    "      ascendc.que_bind.enque_tensor %qz, %zl : " QO ", " LT "\n"
    "      ascendc.que_bind.free_tensor %qx, %xd : " QI ", " LT "\n"
    "      %zd = ascendc.que_bind.deque_tensor %qz : " QO ", " LT "\n"
    "      %zs = ascendc.global_tensor.subindex %zg[%off] : " GT ", i32, " GT
    "\n"
    "      ascendc.data_copy_l2 %zs, %zd, %len : " GT ", " LT ", i32\n"
    "      ascendc.que_bind.free_tensor %qz, %zd : " QO ", " LT "\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

/* CPU time of the whole process (every thread), seconds. */
static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- native reference on the same thread count --------------------------- */
typedef struct {
  const float *x, *y;
  float *z;
  size_t lo, hi, len;
  int kind; /* 0 add, 1 softmax rows [lo, hi) */
} job;

static void *native(void *arg) {
  job *j = arg;
  if (j->kind == 0) {
    for (size_t i = j->lo; i < j->hi; i++)
      j->z[i] = j->x[i] + j->y[i];
    return NULL;
  }
  for (size_t r = j->lo; r < j->hi; r++) {
    const float *x = j->x + r * j->len;
    float *z = j->z + r * j->len;
    float m = x[0], s = 0;
    for (size_t i = 1; i < j->len; i++)
      m = x[i] > m ? x[i] : m;
    for (size_t i = 0; i < j->len; i++) {
      z[i] = expf(x[i] - m);
      s += z[i];
    }
    float inv = 1.0f / s;
    for (size_t i = 0; i < j->len; i++)
      z[i] *= inv;
  }
  return NULL;
}

static double run_native(int kind, const float *x, const float *y, float *z,
                         size_t units, size_t len, unsigned threads) {
  pthread_t tids[256];
  bool started[256] = {false};
  job jobs[256];
  double t0 = now();
  for (unsigned t = 0; t < threads; t++) {
    jobs[t] = (job){x,   y,   z, units * t / threads, units * (t + 1) / threads,
                    len, kind};
    if (t)
      started[t] = pthread_create(&tids[t], NULL, native, &jobs[t]) == 0;
    if (t && !started[t])
      native(&jobs[t]); /* no thread: the same work, only slower */
  }
  native(&jobs[0]);
  for (unsigned t = 1; t < threads; t++)
    if (started[t])
      pthread_join(tids[t], NULL);
  return now() - t0;
}

static void print_diags(const casc_diag_list *l) {
  for (unsigned i = 0; i < l->n; i++)
    casc_diag_print(l->items[i], stderr);
}

static casc_sim_program *compile(casc_ctx *ctx, casc_diag_list *dl,
                                 const char *text, const char *kernel) {
  casc_op *m = casc_parse_module(ctx, text, strlen(text), "bench.mlir", 1);
  casc_sim_program *p = m ? casc_sim_compile(ctx, m, kernel) : NULL;
  if (!p)
    print_diags(dl);
  return p;
}

typedef struct {
  casc_ctx *ctx;
  casc_diag_list *dl;
  unsigned threads, reps, blocks;
} bench;

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* What time_both measures: best-of-reps wall times of both sides, and the
 * medians of the per-rep ratios of wall time and of process CPU time. */
typedef struct {
  double best_sim, best_nat; /* seconds */
  double wall_ratio, cpu_ratio;
} timings;

static double median(double *v, unsigned n) {
  qsort(v, n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Runs the simulator and native kind `kind` B->reps times each, back to
 * back, and fills *t; false if a launch fails. On a shared machine the
 * per-rep ratio is steadier than the ratio of two minima, and the CPU-time
 * ratio steadier still: time a thread waits for a core another process
 * holds counts in wall time but not in CPU time (both sides use the same
 * number of threads and never sleep while working). z / ref are zeroed
 * before each run of their side. */
static bool time_both(const bench *B, casc_sim_program *p, const casc_arg *args,
                      unsigned nargs, int kind, const float *x, const float *y,
                      float *z, float *ref, size_t units, size_t len, size_t n,
                      timings *t) {
  casc_launch_opts o = {.threads = B->threads};
  double *wall = malloc(2 * B->reps * sizeof *wall), *cpu = wall + B->reps;
  if (!wall)
    return false;
  t->best_sim = t->best_nat = 1e30;
  /* One untimed run of each side first: the simulator's first launch of a
   * program allocates and pages in its per-thread workspaces (UB, shadow),
   * which later launches reuse, and the first timed rep would otherwise
   * count those page faults on the simulator's side only. */
  casc_launch_result warm;
  if (casc_sim_run(p, B->blocks, args, nargs, &o, &warm) != CASC_LAUNCH_OK) {
    print_diags(B->dl);
    free(wall);
    return false;
  }
  run_native(kind, x, y, ref, units, len, B->threads);
  for (unsigned r = 0; r < B->reps; r++) {
    casc_launch_result res;
    memset(z, 0, n * sizeof *z);
    double c0 = cpu_now(), t0 = now();
    casc_launch_status st = casc_sim_run(p, B->blocks, args, nargs, &o, &res);
    double ts = now() - t0, cs = cpu_now() - c0;
    if (st != CASC_LAUNCH_OK) {
      print_diags(B->dl);
      free(wall);
      return false;
    }
    t->best_sim = ts < t->best_sim ? ts : t->best_sim;
    memset(ref, 0, n * sizeof *ref);
    c0 = cpu_now();
    double tn = run_native(kind, x, y, ref, units, len, B->threads);
    double cn = cpu_now() - c0;
    t->best_nat = tn < t->best_nat ? tn : t->best_nat;
    wall[r] = ts / tn;
    cpu[r] = cs / cn;
  }
  t->wall_ratio = median(wall, B->reps);
  t->cpu_ratio = median(cpu, B->reps);
  free(wall);
  return true;
}

static int bench_add(const bench *B, float *x, float *y, float *z, float *ref,
                     size_t n) {
  const size_t tile = 4096;
  for (size_t i = 0; i < n; i++) {
    x[i] = (float)(i % 1000) * 0.25f;
    y[i] = (float)(i % 777) * -0.5f;
  }
  casc_sim_program *p = compile(B->ctx, B->dl, add_ir, "add");
  if (!p)
    return 1;
  casc_arg args[5] = {
      casc_arg_gm(x, CASC_DT_F32, n), casc_arg_gm(y, CASC_DT_F32, n),
      casc_arg_gm(z, CASC_DT_F32, n), casc_arg_int(CASC_DT_I32, (int64_t)n),
      casc_arg_int(CASC_DT_I32, (int64_t)tile)};
  timings t;
  bool ok = time_both(B, p, args, 5, 0, x, y, z, ref, n, 0, n, &t);
  casc_sim_program_free(p);
  if (!ok)
    return 1;
  bool same = memcmp(z, ref, n * 4) == 0;
  printf("add f32, %zu elements, %u blocks, %u threads (best of %u):\n", n,
         B->blocks, B->threads, B->reps);
  printf("  simulator %8.2f ms  (%.0f M elements/s)\n", t.best_sim * 1e3,
         n / t.best_sim / 1e6);
  printf("  native    %8.2f ms  (%.0f M elements/s)\n", t.best_nat * 1e3,
         n / t.best_nat / 1e6);
  printf("  ratio     %8.2fx  (target <= 1.5x; medians of per-run ratios: "
         "wall %.2fx, cpu %.2fx); results %s\n",
         t.best_sim / t.best_nat, t.wall_ratio, t.cpu_ratio,
         same ? "bit-identical" : "DIFFER");
  return !same;
}

static int bench_softmax(const bench *B, float *x, float *z, float *ref) {
  const size_t rows = 4096, len = 1024;
  for (size_t i = 0; i < rows * len; i++)
    x[i] = (float)((i * 2654435761u) % 2000) / 250.0f - 4.0f;
  casc_sim_program *p = compile(B->ctx, B->dl, softmax_ir, "softmax");
  if (!p)
    return 1;
  casc_arg args[4] = {casc_arg_gm(x, CASC_DT_F32, rows * len),
                      casc_arg_gm(z, CASC_DT_F32, rows * len),
                      casc_arg_int(CASC_DT_I32, (int64_t)rows),
                      casc_arg_int(CASC_DT_I32, (int64_t)len)};
  timings t;
  bool ok =
      time_both(B, p, args, 4, 1, x, NULL, z, ref, rows, len, rows * len, &t);
  casc_sim_program_free(p);
  if (!ok)
    return 1;
  double maxerr = 0;
  for (size_t i = 0; i < rows * len; i++) {
    double e = fabs((double)z[i] - (double)ref[i]);
    maxerr = e > maxerr ? e : maxerr;
  }
  printf("softmax f32, %zu rows x %zu, %u blocks, %u threads (best of %u):\n",
         rows, len, B->blocks, B->threads, B->reps);
  printf("  simulator %8.2f ms  (%.0f rows/s)\n", t.best_sim * 1e3,
         rows / t.best_sim);
  printf("  native    %8.2f ms  (%.0f rows/s)\n", t.best_nat * 1e3,
         rows / t.best_nat);
  printf("  ratio     %8.2fx  (target < 1.2x; medians of per-run ratios: wall "
         "%.2fx, cpu %.2fx); max abs difference %.3g\n",
         t.best_sim / t.best_nat, t.wall_ratio, t.cpu_ratio, maxerr);
  return 0;
}

int main(int argc, char **argv) {
  unsigned threads = 0, reps = 10;
  const char *only = NULL;
  for (int i = 1; i < argc; i++) {
    bool has = i + 1 < argc;
    if (has && strcmp(argv[i], "--threads") == 0)
      threads = (unsigned)atoi(argv[++i]);
    else if (has && strcmp(argv[i], "--reps") == 0)
      reps = (unsigned)atoi(argv[++i]);
    else if (has && strcmp(argv[i], "--only") == 0 &&
             (strcmp(argv[i + 1], "add") == 0 ||
              strcmp(argv[i + 1], "softmax") == 0))
      only = argv[++i];
    else {
      fprintf(stderr,
              "usage: %s [--threads N] [--reps N] [--only add|softmax]\n",
              argv[0]);
      return 2;
    }
  }
  if (!threads) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    threads = n > 0 ? (unsigned)n : 1;
  }
  if (threads > 256)
    threads = 256;
  if (!reps)
    reps = 1;
  const size_t n = (size_t)16 << 20;
  float *x = malloc(n * 4), *y = malloc(n * 4), *z = malloc(n * 4),
        *ref = malloc(n * 4);
  if (!x || !y || !z || !ref)
    return 1;
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list dl = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &dl);
  bench B = {ctx, &dl, threads, reps, 48};
  int rc = 0;
  if (!only || strcmp(only, "add") == 0)
    rc |= bench_add(&B, x, y, z, ref, n);
  if (!only || strcmp(only, "softmax") == 0)
    rc |= bench_softmax(&B, x, z, ref);
  casc_diag_list_free(&dl);
  casc_ctx_free(ctx);
  free(x);
  free(y);
  free(z);
  free(ref);
  return rc;
}
