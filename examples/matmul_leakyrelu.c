/* pyasc's test_matmul kernel (python/test/kernels/test_matmul.py) in C:
 * c = leaky_relu(a x b + bias, alpha), f32, m x k x n, one 64 x 64 tile of
 * c per block (pyasc's tiling: base_m = base_n = base_k = 64, single-core
 * M and N of one base tile, the whole K per block, depth 1).
 *
 * pyasc does it with the high-level Matmul (A, B, bias from GM; C to
 * VECCALC) and a vector epilogue: per Iterate, GetTensorC into a VECOUT
 * buffer, LeakyRelu over base_m x base_n, EnQue / DeQue, DataCopy to GM
 * with DataCopyParams(base_m, base_n x 4 / 32, 0, (n - base_n) x 4 / 32).
 * Here the Matmul is spelt out as the cube instructions it is made of on
 * arch 2201: per K step DataCopy Nd2Nz GM -> A1 / B1 (MTE2), LoadData
 * A1 -> A2 and B1 -> B2 (MTE1), Mmad into CO1 (M; the first step starts C
 * at the bias row, which went GM -> C1 -> C2), then Fixpipe CO1 -> a GM
 * workspace (FIX), which the vector side reads back (GetTensorC in MIX
 * mode goes through GM as well). One difference: casc's LoadData
 * transposes only 16-bit fractals, so the kernel takes B transposed
 * (bt, n x k) from the host, whose NZ image in B1 is already B2's layout;
 * the bytes moved are the same.
 *
 *   matmul_leakyrelu               runs the cases against a plain C
 *                                  reference, one line each
 *   matmul_leakyrelu --emit mlir   prints the 256^3 kernel's ASC-IR */
#include "matmul_leakyrelu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/sim.h"
#include "example.h"

static int cdiv(int a, int b) {
  return (a + b - 1) / b;
}

unsigned matmul_leakyrelu_blocks(const matmul_leakyrelu_params *p) {
  return (unsigned)(cdiv(p->m, MMLR_BASE) * cdiv(p->n, MMLR_BASE));
}

static asc_int align_up(asc_int x, int a) {
  return asc_mul(asc_div(asc_add(x, a - 1), a), a);
}

void matmul_leakyrelu_kernel(asc_kernel *k, void *user) {
  const matmul_leakyrelu_params *s = user;
  enum { B = MMLR_BASE, C0 = 8 }; /* f32: 8 elements per 32-byte row */
  asc_gm_addr a = asc_arg_gm(k, "a", ASC_FLOAT);
  asc_gm_addr bt = asc_arg_gm(k, "bt", ASC_FLOAT);
  asc_gm_addr c = asc_arg_gm(k, "c", ASC_FLOAT);
  asc_float alpha = asc_arg_f32(k, "alpha");
  asc_gm_addr bias = asc_arg_gm(k, "bias", ASC_FLOAT);
  asc_gm_addr ws = asc_arg_gm(k, "workspace", ASC_FLOAT);

  /* calc_offsets: this block's tile of c. */
  asc_int bidx = asc_get_block_idx();
  asc_int m0 = asc_mul(asc_rem(bidx, cdiv(s->m, B)), B);
  asc_int n0 = asc_mul(asc_div(bidx, cdiv(s->m, B)), B);
  asc_int mc = asc_min(B, asc_sub(s->m, m0)),
          nc = asc_min(B, asc_sub(s->n, n0));
  asc_int mal = align_up(mc, 16), nal = align_up(nc, 16);

  asc_global_tensor a_gm = asc_globaltensor(), b_gm = asc_globaltensor();
  asc_global_tensor c_gm = asc_globaltensor(), bias_gm = asc_globaltensor();
  asc_global_tensor ws_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(a_gm, a);
  asc_globaltensor_set_global_buffer(b_gm, bt);
  asc_globaltensor_set_global_buffer(c_gm, c);
  asc_globaltensor_set_global_buffer(bias_gm, bias);
  asc_globaltensor_set_global_buffer(ws_gm, ws);

  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qa1 = asc_tque(ASC_TPOSITION_A1, 1);
  asc_tquebind qb1 = asc_tque(ASC_TPOSITION_B1, 1);
  asc_tquebind qa2 = asc_tque(ASC_TPOSITION_A2, 1);
  asc_tquebind qb2 = asc_tque(ASC_TPOSITION_B2, 1);
  asc_tquebind qc = asc_tque(ASC_TPOSITION_CO1, 1);
  asc_tquebind qbias1 = asc_tque(ASC_TPOSITION_C1, 1);
  asc_tquebind qbias2 = asc_tque(ASC_TPOSITION_C2, 1);
  asc_tquebind relu_out = asc_tque(ASC_TPOSITION_VECOUT, 1);
  int tile = B * B * 4;
  asc_tpipe_init_buffer(pipe, qa1, 1, tile);
  asc_tpipe_init_buffer(pipe, qb1, 1, tile);
  asc_tpipe_init_buffer(pipe, qa2, 1, tile);
  asc_tpipe_init_buffer(pipe, qb2, 1, tile);
  asc_tpipe_init_buffer(pipe, qc, 1, tile);
  asc_tpipe_init_buffer(pipe, qbias1, 1, B * 4);
  asc_tpipe_init_buffer(pipe, qbias2, 1, B * 4);
  asc_tpipe_init_buffer(pipe, relu_out, 2, tile);

  /* The bias row of this tile: GM -> C1 (MTE2) -> C2 (MTE1). */
  asc_local_tensor bias1 = asc_tquebind_alloc_tensor(qbias1, ASC_FLOAT);
  asc_data_copy(bias1, asc_globaltensor_subindex(bias_gm, n0), nc);
  asc_tquebind_enque(qbias1, bias1);
  asc_local_tensor bias1d = asc_tquebind_deque(qbias1, ASC_FLOAT);
  asc_local_tensor bias2 = asc_tquebind_alloc_tensor(qbias2, ASC_FLOAT);
  asc_data_copy(bias2, bias1d, nc);
  asc_tquebind_free_tensor(qbias1, bias1d);
  asc_tquebind_enque(qbias2, bias2);
  asc_local_tensor bias2d = asc_tquebind_deque(qbias2, ASC_FLOAT);

  asc_local_tensor cl = asc_tquebind_alloc_tensor(qc, ASC_FLOAT);
  ASC_FOR(kt, 0, cdiv(s->k, B)) {
    asc_int k0 = asc_mul(kt, B);
    asc_int kc = asc_min(B, asc_sub(s->k, k0));
    asc_int kal = align_up(kc, C0);
    asc_local_tensor a1 = asc_tquebind_alloc_tensor(qa1, ASC_FLOAT);
    asc_data_copy(
        a1, asc_globaltensor_subindex(a_gm, asc_add(asc_mul(m0, s->k), k0)),
        asc_nd2nzparams(1, mc, kc, 0, s->k, mal, 1, 0));
    asc_tquebind_enque(qa1, a1);
    asc_local_tensor b1 = asc_tquebind_alloc_tensor(qb1, ASC_FLOAT);
    asc_data_copy(
        b1, asc_globaltensor_subindex(b_gm, asc_add(asc_mul(n0, s->k), k0)),
        asc_nd2nzparams(1, nc, kc, 0, s->k, nal, 1, 0));
    asc_tquebind_enque(qb1, b1);

    asc_int kf = asc_div(kal, C0), mf = asc_div(mal, 16), nf = asc_div(nal, 16);
    asc_local_tensor a1d = asc_tquebind_deque(qa1, ASC_FLOAT);
    asc_local_tensor a2 = asc_tquebind_alloc_tensor(qa2, ASC_FLOAT);
    ASC_FOR(i, 0, mf) { /* NZ column blocks -> ZZ rows of fractals */
      asc_local_tensor row =
          asc_localtensor_subindex(a2, asc_mul(asc_mul(i, kf), 16 * C0));
      asc_load_data(row, a1d, asc_loaddata2dparams(i, kf, mf, 0, 0, 0, 0));
    }
    asc_tquebind_free_tensor(qa1, a1d);
    asc_tquebind_enque(qa2, a2);
    asc_local_tensor b1d = asc_tquebind_deque(qb1, ASC_FLOAT);
    asc_local_tensor b2 = asc_tquebind_alloc_tensor(qb2, ASC_FLOAT);
    asc_load_data(b2, b1d,
                  asc_loaddata2dparams(0, asc_mul(kf, nf), 1, 0, 0, 0, 0));
    asc_tquebind_free_tensor(qb1, b1d);
    asc_tquebind_enque(qb2, b2);

    asc_local_tensor a2d = asc_tquebind_deque(qa2, ASC_FLOAT);
    asc_local_tensor b2d = asc_tquebind_deque(qb2, ASC_FLOAT);
    ASC_IF(asc_eq(kt, 0)) {
      asc_mmad(cl, a2d, b2d, bias2d, asc_mmadparams(mc, nc, kc, 0, 1, 0));
    }
    ASC_ELSE {
      asc_mmad(cl, a2d, b2d, asc_mmadparams(mc, nc, kc, 0, 0, 0));
    }
    asc_tquebind_free_tensor(qa2, a2d);
    asc_tquebind_free_tensor(qb2, b2d);
  }
  asc_tquebind_free_tensor(qbias2, bias2d);
  asc_tquebind_enque(qc, cl);
  asc_local_tensor cd = asc_tquebind_deque(qc, ASC_FLOAT);
  asc_global_tensor ws_tile =
      asc_globaltensor_subindex(ws_gm, asc_add(asc_mul(m0, s->n), n0));
  asc_fixpipe(
      ws_tile, cd,
      asc_fixpipeparamsv220(nc, mc, mal, s->n, ASC_QUANTMODE_NOQUANT, 0),
      asc_fixpipeconfig(ASC_CO2LAYOUT_ROW_MAJOR));
  asc_tquebind_free_tensor(qc, cd);
  /* The cube's result reaches the vector side through GM (MIX mode). */
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);

  /* The epilogue: GetTensorC, LeakyRelu, DataCopy out. */
  asc_int gap = asc_div(asc_mul(asc_sub(s->n, nc), 4), 32);
  asc_local_tensor r = asc_tquebind_alloc_tensor(relu_out, ASC_FLOAT);
  asc_data_copy(r, ws_tile, asc_datacopyparams(mc, asc_div(nc, 8), gap, 0));
  asc_set_flag(ASC_HARDEVENT_MTE2_V, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_V, 0);
  /* pyasc's count is base_m x base_n; an edge tile holds fewer rows and
   * columns, packed (the copy's UB side has no gaps), and the rest of the
   * buffer was never written. */
  asc_leaky_relu(r, r, alpha, asc_mul(mc, nc));
  asc_tquebind_enque(relu_out, r);
  asc_local_tensor rd = asc_tquebind_deque(relu_out, ASC_FLOAT);
  asc_data_copy(asc_globaltensor_subindex(c_gm, asc_add(asc_mul(m0, s->n), n0)),
                rd, asc_datacopyparams(mc, asc_div(nc, 8), 0, gap));
  asc_tquebind_free_tensor(relu_out, rd);
}

#ifndef CASC_EXAMPLE_NO_MAIN

static uint32_t rng_state = 2025;
static float rnd(void) { /* [-5, 5), as test_matmul.py draws them */
  rng_state = rng_state * 1664525u + 1013904223u;
  return (float)(rng_state >> 8) / 16777216.0f * 10.0f - 5.0f;
}

/* One case against a plain C reference in double: the simulator's f32
 * products and sums differ by the f32 rounding of k terms (tolerance
 * 1e-5 x the sum of |products| and |bias|, k x 2^-24 for k <= 168 and
 * above that 2e-5 per 168 terms, as pyasc's atol 1e-3 allows). */
static int run_case(const matmul_leakyrelu_params *s) {
  casc_ctx *ctx = example_ctx_new();
  if (!ctx)
    return 1;
  int rc = 1;
  size_t na = (size_t)s->m * s->k, nb = (size_t)s->k * s->n,
         nc = (size_t)s->m * s->n;
  float *A = malloc(na * 4), *BT = malloc(nb * 4), *C = calloc(nc, 4);
  float *bias = malloc((size_t)s->n * 4), *ws = calloc(nc, 4);
  if (!A || !BT || !C || !bias || !ws)
    goto out;
  for (size_t i = 0; i < na; i++)
    A[i] = rnd();
  for (size_t i = 0; i < nb; i++)
    BT[i] = rnd();
  for (int j = 0; j < s->n; j++)
    bias[j] = rnd();
  casc_op *module = casc_jit_build(ctx, "matmul_leakyrelu",
                                   matmul_leakyrelu_kernel, (void *)s);
  if (!module)
    goto out;
  const double alpha = 0.01;
  casc_arg args[6] = {casc_arg_gm(A, CASC_DT_F32, na),
                      casc_arg_gm(BT, CASC_DT_F32, nb),
                      casc_arg_gm(C, CASC_DT_F32, nc),
                      casc_arg_float(CASC_DT_F32, alpha),
                      casc_arg_gm(bias, CASC_DT_F32, (size_t)s->n),
                      casc_arg_gm(ws, CASC_DT_F32, nc)};
  unsigned blocks = matmul_leakyrelu_blocks(s);
  casc_launch_result res;
  if (casc_launch(ctx, module, "matmul_leakyrelu", blocks, args, 6, NULL,
                  &res) != CASC_LAUNCH_OK ||
      res.warnings) {
    fprintf(stderr, "matmul_leakyrelu: %dx%dx%d: the launch reported issues\n",
            s->m, s->n, s->k);
    goto out;
  }
  double worst = 0;
  size_t bad = 0;
  for (int i = 0; i < s->m; i++)
    for (int j = 0; j < s->n; j++) {
      double sum = bias[j], mag = fabs(bias[j]);
      for (int kk = 0; kk < s->k; kk++) {
        double p = (double)A[(size_t)i * s->k + kk] * BT[(size_t)j * s->k + kk];
        sum += p;
        mag += fabs(p);
      }
      double want = sum >= 0 ? sum : sum * (double)(float)alpha;
      double err = fabs(C[(size_t)i * s->n + j] - want);
      double tol = 1e-5 * mag * (1 + s->k / 168);
      bad += err > tol;
      if (err > worst)
        worst = err;
    }
  printf("matmul_leakyrelu float32 M=%-4d N=%-4d K=%-4d blocks=%-3u max "
         "|err| %.3g %s\n",
         s->m, s->n, s->k, blocks, worst, bad ? "MISMATCH" : "ok");
  rc = bad != 0;
out:
  free(A);
  free(BT);
  free(C);
  free(bias);
  free(ws);
  casc_ctx_free(ctx);
  return rc;
}

int main(int argc, char **argv) {
  static const matmul_leakyrelu_params cases[] = {
      {256, 256, 256}, /* test_matmul.py: 16 blocks */
      {64, 64, 64},
      {100, 72, 90}, /* edge tiles: m, k not multiples of 16 */
      {30, 136, 200},
  };
  if (argc > 1) {
    example_opts opts;
    if (!example_parse_args(argc, argv, "matmul_leakyrelu", &opts))
      return 2;
    casc_ctx *ctx = example_ctx_new();
    if (!ctx)
      return 1;
    casc_op *module = casc_jit_build(
        ctx, "matmul_leakyrelu", matmul_leakyrelu_kernel, (void *)&cases[0]);
    int rc = example_run(ctx, module, &opts);
    casc_ctx_free(ctx);
    return rc;
  }
  int failed = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    failed += run_case(&cases[i]);
  return failed ? 1 : 0;
}

#endif
