/* bench/matmul_1024: a 1024 x 1024 x 1024 f16 matmul (f32 out) on the
 * simulator — examples/matmul.c's tiled cube kernel, 256 blocks of 64 x 64,
 * 16 K steps each — against a plain C blocked matmul of the same tiles on
 * the same number of threads (issue 12). Both convert the f16 inputs and
 * accumulate in f32 in ascending k, so the results are compared for
 * equality as well. Prints both times, each the best of 3 runs (the
 * machine may be shared), and the ratio (target <= 3x).
 *
 *   usage: matmul_1024 [--threads N]   (default: every online CPU) */
#define _DEFAULT_SOURCE /* sysconf(_SC_NPROCESSORS_ONLN) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "matmul.h"

enum { N = 1024, T = 64 };

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void print_diag(const casc_diag *d, void *user) {
  (void)user;
  casc_diag_print(d, stderr);
}

/* ---- the plain C reference: 64 x 64 tiles of C, one per task ---------- */

typedef struct {
  const float *a, *b; /* f32 copies of the f16 inputs (converted in the
                         timed region) */
  float *c;
  unsigned next, ntiles;
  pthread_mutex_t lock;
} ref_job;

static void ref_tile(const ref_job *j, unsigned t) {
  int i0 = (int)(t / (N / T)) * T, j0 = (int)(t % (N / T)) * T;
  float acc[T][T];
  memset(acc, 0, sizeof acc);
  for (int k0 = 0; k0 < N; k0 += T)
    for (int i = 0; i < T; i++)
      for (int kk = k0; kk < k0 + T; kk++) {
        float av = j->a[(size_t)(i0 + i) * N + kk];
        const float *brow = j->b + (size_t)kk * N + j0;
        for (int x = 0; x < T; x++)
          acc[i][x] += av * brow[x];
      }
  for (int i = 0; i < T; i++)
    memcpy(j->c + (size_t)(i0 + i) * N + j0, acc[i], sizeof acc[i]);
}

static void *ref_worker(void *arg) {
  ref_job *j = arg;
  for (;;) {
    pthread_mutex_lock(&j->lock);
    unsigned t = j->next++;
    pthread_mutex_unlock(&j->lock);
    if (t >= j->ntiles)
      return NULL;
    ref_tile(j, t);
  }
}

static void to_f32(const uint16_t *h, float *f, size_t n) {
  for (size_t i = 0; i < n; i++)
    f[i] = casc_f16_to_f32(h[i]);
}

static bool run_ref(const uint16_t *A, const uint16_t *B, float *C,
                    unsigned threads, double *secs) {
  float *a = malloc(sizeof(float) * N * N), *b = malloc(sizeof(float) * N * N);
  pthread_t *tid = calloc(threads, sizeof *tid);
  bool ok = a && b && tid;
  if (ok) {
    double t0 = now();
    to_f32(A, a, (size_t)N * N);
    to_f32(B, b, (size_t)N * N);
    ref_job j = {a, b, C, 0, (N / T) * (N / T), PTHREAD_MUTEX_INITIALIZER};
    unsigned started = 0;
    for (; started < threads; started++)
      if (pthread_create(&tid[started], NULL, ref_worker, &j))
        break;
    if (!started)
      ref_worker(&j);
    for (unsigned i = 0; i < started; i++)
      pthread_join(tid[i], NULL);
    *secs = now() - t0;
  }
  free(a);
  free(b);
  free(tid);
  return ok;
}

int main(int argc, char **argv) {
  unsigned threads = 0;
  if (argc == 3 && strcmp(argv[1], "--threads") == 0)
    threads = (unsigned)atoi(argv[2]);
  else if (argc != 1) {
    fprintf(stderr, "usage: matmul_1024 [--threads N]\n");
    return 2;
  }
  if (!threads) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    threads = n > 0 ? (unsigned)n : 1;
  }
  size_t nn = (size_t)N * N;
  uint16_t *A = malloc(nn * 2), *B = malloc(nn * 2);
  float *C = malloc(nn * 4), *R = malloc(nn * 4);
  casc_ctx *ctx = casc_ctx_new();
  if (!A || !B || !C || !R || !ctx)
    return 1;
  casc_ctx_set_diag_handler(ctx, print_diag, NULL);
  uint32_t st = 2025;
  for (size_t i = 0; i < nn; i++) {
    st = st * 1664525u + 1013904223u;
    A[i] = casc_f32_to_f16((float)((st >> 8) % 2001) / 1000.0f - 1.0f);
    st = st * 1664525u + 1013904223u;
    B[i] = casc_f32_to_f16((float)((st >> 8) % 2001) / 1000.0f - 1.0f);
  }
  mm_shape s = {N, N, N, ASC_HALF, ASC_FLOAT};
  casc_op *m = casc_jit_build(ctx, "matmul_kernel", matmul_kernel, &s);
  casc_sim_program *p = m ? casc_sim_compile(ctx, m, "matmul_kernel") : NULL;
  if (!p)
    return 1;
  casc_arg args[3] = {casc_arg_gm(A, CASC_DT_F16, nn),
                      casc_arg_gm(B, CASC_DT_F16, nn),
                      casc_arg_gm(C, CASC_DT_F32, nn)};
  casc_launch_opts o = {.threads = threads};
  double sim = 0, ref = 0;
  bool ok = true;
  for (int rep = 0; rep < 3 && ok; rep++) {
    casc_launch_result res;
    double t0 = now(), r = 0;
    ok = casc_sim_run(p, matmul_blocks(&s), args, 3, &o, &res) ==
             CASC_LAUNCH_OK &&
         !res.nissues;
    double t = now() - t0;
    sim = rep == 0 || t < sim ? t : sim;
    ok = ok && run_ref(A, B, R, threads, &r);
    ref = rep == 0 || r < ref ? r : ref;
  }
  casc_sim_program_free(p);
  if (!ok) {
    fprintf(stderr, "matmul_1024: the run failed\n");
    return 1;
  }
  size_t diff = 0;
  for (size_t i = 0; i < nn; i++)
    diff += memcmp(&C[i], &R[i], 4) != 0;
  printf("matmul 1024x1024x1024 f16 -> f32, %u thread(s), best of 3: "
         "simulator %.3f s, plain C blocked %.3f s, ratio %.2fx (target <= "
         "3x); %zu of %zu results differ\n",
         threads, sim, ref, sim / ref, diff, nn);
  free(A);
  free(B);
  free(C);
  free(R);
  casc_ctx_free(ctx);
  return 0;
}
