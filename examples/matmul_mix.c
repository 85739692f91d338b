/* pyasc's tutorial 03_matmul_mix in C, with the high-level Matmul
 * (include/casc/asc_matmul.h): each block computes a single_core_m x
 * single_core_n part of C = A x B (f16 in, f32 out) — calc_offsets,
 * set_tensor_a / set_tensor_b, set_tail for the edge blocks, iterate_all
 * into C, end — and a second kernel adds a vector epilogue the tutorial's
 * MIX mode exists for: Iterate tile by tile, GetTensorC into UB, LeakyRelu
 * on the vector unit, DataCopy out (pyasc's test_matmul loop). Both run on
 * the simulator against a plain C reference, on shapes whose edge blocks
 * and tiles are partial.
 *
 * The kernel builds pyasc's Matmul object (regist_matmul_obj and the
 * ascendc.matmul.* rows); the host's TCubeTiling (make_tiling) is its GM
 * argument, the simulator runs the object (docs/simulator.md, "The Matmul
 * object in the IR"). An edge tile fills only its part of the UB tile, so
 * the epilogue zeroes the tile first: LeakyRelu reads all of it.
 *
 *   matmul_mix               runs every case, one line each
 *   matmul_mix --emit mlir   prints the iterate_all kernel's ASC-IR */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc_matmul.h"
#include "casc/sim.h"
#include "example.h"

typedef struct {
  int m, n, k;
  bool epilogue; /* Iterate + GetTensorC(UB) + LeakyRelu, not IterateAll */
  bool trans_a;  /* A given transposed in GM: K x M */
} mix_case;

enum { BASE = 64, SINGLE = 128 };
static const double ALPHA = 0.125;

static int cdiv(int a, int b) {
  return (a + b - 1) / b;
}

/* The host's tiling (MultiCoreMatmulTiling's role): 128 x 128 per block,
 * 64 x 64 x 64 tiles, the whole K per block. */
static asc_tcube_tiling make_tiling(const mix_case *s) {
  asc_tcube_tiling t = {0};
  t.used_core_num = cdiv(s->m, SINGLE) * cdiv(s->n, SINGLE);
  t.m = s->m;
  t.n = s->n;
  t.k_a = t.k_b = s->k;
  t.single_core_m = t.single_core_n = SINGLE;
  t.single_core_k = s->k;
  t.base_m = t.base_n = t.base_k = BASE;
  t.depth_a1 = t.depth_b1 = 1;
  t.step_m = t.step_n = 1;
  return t;
}

static void matmul_mix_kernel(asc_kernel *k, void *user) {
  const mix_case *s = user;
  asc_gm_addr a = asc_arg_gm(k, "a", ASC_HALF);
  asc_gm_addr b = asc_arg_gm(k, "b", ASC_HALF);
  asc_gm_addr c = asc_arg_gm(k, "c", ASC_FLOAT);
  asc_cube_tiling tiling = asc_arg_cube_tiling(k, "tiling");
  asc_gm_addr workspace = asc_arg_gm(k, "workspace", ASC_UINT8);

  /* calc_offsets */
  asc_int bidx = asc_get_block_idx();
  int m_blocks = cdiv(s->m, SINGLE);
  asc_int m_index = asc_rem(bidx, m_blocks), n_index = asc_div(bidx, m_blocks);
  asc_int m_start = asc_mul(m_index, SINGLE),
          n_start = asc_mul(n_index, SINGLE);
  asc_int tail_m = asc_min(asc_sub(s->m, m_start), SINGLE);
  asc_int tail_n = asc_min(asc_sub(s->n, n_start), SINGLE);
  asc_global_tensor a_gm = asc_globaltensor(), b_gm = asc_globaltensor();
  asc_global_tensor c_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(
      a_gm, asc_gm_addr_add(a, s->trans_a ? m_start : asc_mul(m_start, s->k)));
  asc_globaltensor_set_global_buffer(b_gm, asc_gm_addr_add(b, n_start));
  asc_globaltensor_set_global_buffer(
      c_gm, asc_gm_addr_add(c, asc_add(asc_mul(m_start, s->n), n_start)));

  asc_tpipe pipe = asc_tpipe();
  asc_matmul mm = asc_matmul(asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
                             asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
                             asc_matmultype(ASC_TPOSITION_GM, ASC_FLOAT, false),
                             NULL, NULL);
  asc_adv_register_matmul(pipe, workspace, &mm);
  asc_matmul_init(&mm, tiling);
  asc_matmul_set_tensor_a(&mm, a_gm, s->trans_a);
  asc_matmul_set_tensor_b(&mm, b_gm, false);
  asc_matmul_set_tail(&mm, tail_m, tail_n, -1);
  if (!s->epilogue) {
    asc_matmul_iterate_all(&mm, c_gm);
  } else {
    asc_tquebind out_q = asc_tque(ASC_TPOSITION_VECOUT, 1);
    asc_tpipe_init_buffer(pipe, out_q, 2, BASE * BASE * 4);
    asc_int round_m = asc_div(asc_add(tail_m, BASE - 1), BASE);
    ASC_MATMUL_ITERATE(&mm, count) {
      /* the tile's place in C (pyasc's start_offset) and its valid part */
      asc_int m0 = asc_mul(asc_rem(count, round_m), BASE);
      asc_int n0 = asc_mul(asc_div(count, round_m), BASE);
      asc_int mc = asc_min(BASE, asc_sub(tail_m, m0));
      asc_int nc = asc_min(BASE, asc_sub(tail_n, n0));
      asc_local_tensor r = asc_tquebind_alloc_tensor(out_q, ASC_FLOAT);
      /* an edge tile fills its mc x nc part only, and UB starts with
       * garbage: zero the tile first (LeakyRelu reads all of it) */
      asc_duplicate(r, 0.0f, BASE * BASE);
      asc_matmul_get_tensor_c(&mm, r, 0, true);
      asc_leaky_relu(r, r, ALPHA, BASE * BASE);
      asc_tquebind_enque(out_q, r);
      asc_local_tensor rd = asc_tquebind_deque(out_q, ASC_FLOAT);
      asc_data_copy(
          asc_globaltensor_subindex(c_gm, asc_add(asc_mul(m0, s->n), n0)), rd,
          asc_datacopyparams(mc, asc_div(nc, 8), asc_div(asc_sub(BASE, nc), 8),
                             asc_div(asc_sub(s->n, nc), 8)));
      asc_tquebind_free_tensor(out_q, rd);
    }
  }
  asc_matmul_end(&mm);
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
}

static uint32_t rng_state = 2025;
static int rnd5(void) { /* torch.randint(-5, 5) */
  rng_state = rng_state * 1664525u + 1013904223u;
  return (int)((rng_state >> 8) % 10) - 5;
}

/* One case against a plain C reference in double. The products of small
 * integers are exact in f32 and so are their sums here (|C| < 2^24): the
 * results must be equal. */
static int run_case(const mix_case *s) {
  casc_ctx *ctx = example_ctx_new();
  if (!ctx)
    return 1;
  int rc = 1;
  asc_tcube_tiling t = make_tiling(s);
  size_t na = (size_t)s->m * s->k, nb = (size_t)s->k * s->n,
         nc = (size_t)s->m * s->n,
         nws = (size_t)t.used_core_num * BASE * BASE * 4;
  uint16_t *A = malloc(na * 2), *B = malloc(nb * 2);
  float *C = calloc(nc, 4);
  uint8_t *WS = calloc(nws, 1);
  if (!A || !B || !C || !WS)
    goto out;
  for (size_t i = 0; i < na; i++)
    A[i] = casc_f32_to_f16((float)rnd5());
  for (size_t i = 0; i < nb; i++)
    B[i] = casc_f32_to_f16((float)rnd5());
  casc_op *module =
      casc_jit_build(ctx, "matmul_mix", matmul_mix_kernel, (void *)s);
  if (!module)
    goto out;
  /* the host's TCubeTiling: its bytes are the kernel argument */
  casc_arg args[5] = {casc_arg_gm(A, CASC_DT_F16, na),
                      casc_arg_gm(B, CASC_DT_F16, nb),
                      casc_arg_gm(C, CASC_DT_F32, nc),
                      casc_arg_gm(&t, CASC_DT_I32, ASC_TCUBE_TILING_FIELDS),
                      casc_arg_gm(WS, CASC_DT_U8, nws)};
  casc_launch_result res;
  if (casc_launch(ctx, module, "matmul_mix", (unsigned)t.used_core_num, args, 5,
                  NULL, &res) != CASC_LAUNCH_OK ||
      res.warnings) {
    fprintf(stderr, "matmul_mix: %dx%dx%d: the launch reported issues\n", s->m,
            s->n, s->k);
    goto out;
  }
  size_t bad = 0;
  for (int i = 0; i < s->m; i++)
    for (int j = 0; j < s->n; j++) {
      double sum = 0;
      for (int kk = 0; kk < s->k; kk++)
        sum +=
            (double)casc_f16_to_f32(
                A[s->trans_a ? (size_t)kk * s->m + i : (size_t)i * s->k + kk]) *
            casc_f16_to_f32(B[(size_t)kk * s->n + j]);
      if (s->epilogue && sum < 0)
        sum = (float)((float)sum * (float)ALPHA);
      bad += C[(size_t)i * s->n + j] != (float)sum;
    }
  printf("matmul_mix %-11s half -> float32 M=%-4d N=%-4d K=%-4d blocks=%-3d "
         "%s%s\n",
         s->epilogue ? "leaky_relu" : "iterate_all", s->m, s->n, s->k,
         t.used_core_num, bad ? "MISMATCH" : "exact",
         s->trans_a ? " (A transposed)" : "");
  rc = bad != 0;
out:
  free(A);
  free(B);
  free(C);
  free(WS);
  casc_ctx_free(ctx);
  return rc;
}

int main(int argc, char **argv) {
  static const mix_case cases[] = {
      /* tutorial 03's shape */
      {512, 1024, 512, false, false},
      /* partial blocks, tiles and K steps */
      {200, 136, 100, false, false},
      {256, 256, 256, true, false},
      {200, 136, 100, true, false},
      /* A given as K x M */
      {200, 136, 100, false, true},
      {256, 256, 256, true, true},
  };
  if (argc > 1) {
    example_opts opts;
    if (!example_parse_args(argc, argv, "matmul_mix", &opts))
      return 2;
    casc_ctx *ctx = example_ctx_new();
    if (!ctx)
      return 1;
    casc_op *module =
        casc_jit_build(ctx, "matmul_mix", matmul_mix_kernel, (void *)&cases[0]);
    int rc = example_run(ctx, module, &opts);
    casc_ctx_free(ctx);
    return rc;
  }
  int failed = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    failed += run_case(&cases[i]);
  return failed ? 1 : 0;
}
