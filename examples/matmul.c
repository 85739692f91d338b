/* A tiled matrix multiplication on the cube with the basic API:
 * C (M x N) = A (M x K) x B (K x N), one BM x BN tile of C per block.
 * Per K step of BK: DataCopy with Nd2NzParams (GM ND -> A1/B1 NZ, MTE2),
 * LoadData (A1 -> A2 row of fractals by row; B1 -> B2 with each 16 x 16
 * fractal transposed, MTE1), Mmad into CO1 (M; the first step starts C at
 * 0, the others accumulate); then Fixpipe CO1 -> GM (FIX), NZ -> ND, as
 * f32 or converted to f16. Tiles at the edges are smaller (shapes need not
 * be multiples of 16): the copies pad them to whole fractals.
 *
 * int8 (bit-exact int32 results) takes B transposed (N x K) in GM: its NZ
 * image in B1 is then already B2's ZN layout, since LoadData transposes
 * only 16-bit fractals (docs/simulator.md, "The cube path").
 *
 *   matmul               runs every case on the simulator against a plain
 *                        C reference and prints one line per case
 *   matmul --emit mlir   prints the f16 kernel's ASC-IR */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matmul.h"

#include "casc/sim.h"
#include "example.h"

enum { BM = MM_BM, BN = MM_BN, BK = MM_BK };

static int cdiv(int a, int b) {
  return (a + b - 1) / b;
}

/* ceil(x / 16) * 16 (and by c0) as IR arithmetic. */
static asc_int align_up(asc_int x, int a) {
  return asc_mul(asc_div(asc_add(x, a - 1), a), a);
}

unsigned matmul_blocks(const mm_shape *s) {
  return (unsigned)(cdiv(s->m, BM) * cdiv(s->n, BN));
}

void matmul_kernel(asc_kernel *k, void *user) {
  const mm_shape *s = user;
  bool is_int = s->in == ASC_INT8;
  int c0 = is_int ? 32 : 16; /* elements per 32-byte fractal row */
  asc_dtype acc = is_int ? ASC_INT32 : ASC_FLOAT;
  asc_gm_addr a = asc_arg_gm(k, "a", s->in);
  asc_gm_addr b = asc_arg_gm(k, "b", s->in);
  asc_gm_addr c = asc_arg_gm(k, "c", s->out);

  asc_int bidx = asc_get_block_idx();
  asc_int m0 = asc_mul(asc_div(bidx, cdiv(s->n, BN)), BM);
  asc_int n0 = asc_mul(asc_rem(bidx, cdiv(s->n, BN)), BN);
  asc_int mc = asc_min(BM, asc_sub(s->m, m0)); /* this tile's rows */
  asc_int nc = asc_min(BN, asc_sub(s->n, n0)); /* and columns */
  asc_int mal = align_up(mc, 16), nal = align_up(nc, 16);

  asc_global_tensor a_gm = asc_globaltensor(), b_gm = asc_globaltensor();
  asc_global_tensor c_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(a_gm, a);
  asc_globaltensor_set_global_buffer(b_gm, b);
  asc_globaltensor_set_global_buffer(c_gm, c);

  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qa1 = asc_tque(ASC_TPOSITION_A1, 1);
  asc_tquebind qb1 = asc_tque(ASC_TPOSITION_B1, 1);
  asc_tquebind qa2 = asc_tque(ASC_TPOSITION_A2, 1);
  asc_tquebind qb2 = asc_tque(ASC_TPOSITION_B2, 1);
  asc_tquebind qc = asc_tque(ASC_TPOSITION_CO1, 1);
  int tile = BM * BK * (int)asc_dtype_sizeof(s->in);
  asc_tpipe_init_buffer(pipe, qa1, 1, tile);
  asc_tpipe_init_buffer(pipe, qb1, 1, tile);
  asc_tpipe_init_buffer(pipe, qa2, 1, tile);
  asc_tpipe_init_buffer(pipe, qb2, 1, tile);
  asc_tpipe_init_buffer(pipe, qc, 1, BM * BN * 4);

  asc_local_tensor cl = asc_tquebind_alloc_tensor(qc, acc);
  ASC_FOR(kt, 0, cdiv(s->k, BK)) {
    asc_int k0 = asc_mul(kt, BK);
    asc_int kc = asc_min(BK, asc_sub(s->k, k0));
    asc_int kal = align_up(kc, c0);

    /* GM -> L1: ND rows into NZ column blocks of C0 elements. */
    asc_local_tensor a1 = asc_tquebind_alloc_tensor(qa1, s->in);
    asc_global_tensor a_tile =
        asc_globaltensor_subindex(a_gm, asc_add(asc_mul(m0, s->k), k0));
    asc_data_copy(a1, a_tile, asc_nd2nzparams(1, mc, kc, 0, s->k, mal, 1, 0));
    asc_tquebind_enque(qa1, a1);
    asc_local_tensor b1 = asc_tquebind_alloc_tensor(qb1, s->in);
    if (is_int) { /* B^T (N x K): rows n, columns k */
      asc_global_tensor b_tile =
          asc_globaltensor_subindex(b_gm, asc_add(asc_mul(n0, s->k), k0));
      asc_data_copy(b1, b_tile, asc_nd2nzparams(1, nc, kc, 0, s->k, nal, 1, 0));
    } else {
      asc_global_tensor b_tile =
          asc_globaltensor_subindex(b_gm, asc_add(asc_mul(k0, s->n), n0));
      asc_data_copy(b1, b_tile, asc_nd2nzparams(1, kc, nc, 0, s->n, kal, 1, 0));
    }
    asc_tquebind_enque(qb1, b1);

    /* L1 -> L0: A's NZ column blocks become ZZ rows of fractals. */
    asc_local_tensor a1d = asc_tquebind_deque(qa1, s->in);
    asc_local_tensor a2 = asc_tquebind_alloc_tensor(qa2, s->in);
    asc_int kf = asc_div(kal, c0), mf = asc_div(mal, 16), nf = asc_div(nal, 16);
    ASC_FOR(i, 0, mf) {
      asc_local_tensor a2_row =
          asc_localtensor_subindex(a2, asc_mul(asc_mul(i, kf), 16 * c0));
      asc_load_data(a2_row, a1d, asc_loaddata2dparams(i, kf, mf, 0, 0, 0, 0));
    }
    asc_tquebind_free_tensor(qa1, a1d);
    asc_tquebind_enque(qa2, a2);
    asc_local_tensor b1d = asc_tquebind_deque(qb1, s->in);
    asc_local_tensor b2 = asc_tquebind_alloc_tensor(qb2, s->in);
    if (is_int) { /* already ZN: one run of every fractal */
      asc_load_data(b2, b1d,
                    asc_loaddata2dparams(0, asc_mul(kf, nf), 1, 0, 0, 0, 0));
    } else { /* NZ -> ZN: fractal row kb, each fractal transposed */
      ASC_FOR(kb, 0, kf) {
        asc_local_tensor b2_row =
            asc_localtensor_subindex(b2, asc_mul(asc_mul(kb, nf), 256));
        asc_load_data(b2_row, b1d,
                      asc_loaddata2dparams(kb, nf, kf, 0, 0, 1, 0));
      }
    }
    asc_tquebind_free_tensor(qb1, b1d);
    asc_tquebind_enque(qb2, b2);

    /* The cube: the first K step starts C at 0, the others add to it. */
    asc_local_tensor a2d = asc_tquebind_deque(qa2, s->in);
    asc_local_tensor b2d = asc_tquebind_deque(qb2, s->in);
    asc_mmad(cl, a2d, b2d, asc_mmadparams(mc, nc, kc, 0, 0, asc_eq(kt, 0)));
    asc_tquebind_free_tensor(qa2, a2d);
    asc_tquebind_free_tensor(qb2, b2d);
  }
  asc_tquebind_enque(qc, cl);
  asc_local_tensor cd = asc_tquebind_deque(qc, acc);
  asc_global_tensor c_tile =
      asc_globaltensor_subindex(c_gm, asc_add(asc_mul(m0, s->n), n0));
  int quant =
      s->out == ASC_HALF ? ASC_QUANTMODE_F322F16 : ASC_QUANTMODE_NOQUANT;
  asc_fixpipe(c_tile, cd, asc_fixpipeparamsv220(nc, mc, mal, s->n, quant, 0),
              asc_fixpipeconfig(ASC_CO2LAYOUT_ROW_MAJOR));
  asc_tquebind_free_tensor(qc, cd);
}

#ifndef CASC_EXAMPLE_NO_MAIN

/* ---- host: data, reference, comparison ---------------------------------- */

static uint32_t rng_state = 2025;
static uint32_t rnd(void) {
  rng_state = rng_state * 1664525u + 1013904223u;
  return rng_state >> 8;
}

/* Runs one case; returns 0 when it matches the reference. f16: the
 * reference sums the same (f16-exact) products in double; the result may
 * differ by the f32 rounding of k additions (tolerance 1e-5 relative to
 * the sum of |products|, k * 2^-24 for k <= 168, plus f16's half ulp when
 * the output is f16). int8: bit-exact. */
static int run_case(const mm_shape *s) {
  casc_ctx *ctx = example_ctx_new();
  if (!ctx)
    return 1;
  int rc = 1;
  size_t na = (size_t)s->m * s->k, nb = (size_t)s->k * s->n,
         nc = (size_t)s->m * s->n;
  bool is_int = s->in == ASC_INT8;
  size_t ies = is_int ? 1 : 2, oes = s->out == ASC_HALF ? 2 : 4;
  uint8_t *A = malloc(na * ies), *B = malloc(nb * ies), *C = malloc(nc * oes);
  double *ref = malloc(nc * sizeof *ref), *mag = malloc(nc * sizeof *mag);
  float *af = malloc(na * sizeof *af), *bf = malloc(nb * sizeof *bf);
  if (!A || !B || !C || !ref || !mag || !af || !bf)
    goto out;
  for (size_t i = 0; i < na; i++) {
    if (is_int) {
      int8_t v = (int8_t)(rnd() % 256 - 128);
      A[i] = (uint8_t)v;
      af[i] = v;
    } else {
      uint16_t h = casc_f32_to_f16(((float)(rnd() % 2001) - 1000.0f) / 200.0f);
      memcpy(A + 2 * i, &h, 2);
      af[i] = casc_f16_to_f32(h);
    }
  }
  /* B as K x N (f16) or B^T as N x K (int8); bf is always K x N. */
  for (int kk = 0; kk < s->k; kk++)
    for (int j = 0; j < s->n; j++) {
      size_t kn = (size_t)kk * s->n + j;
      if (is_int) {
        int8_t v = (int8_t)(rnd() % 256 - 128);
        B[(size_t)j * s->k + kk] = (uint8_t)v;
        bf[kn] = v;
      } else {
        uint16_t h =
            casc_f32_to_f16(((float)(rnd() % 2001) - 1000.0f) / 200.0f);
        memcpy(B + 2 * kn, &h, 2);
        bf[kn] = casc_f16_to_f32(h);
      }
    }
  for (int i = 0; i < s->m; i++)
    for (int j = 0; j < s->n; j++) {
      double sum = 0, abs_sum = 0;
      for (int kk = 0; kk < s->k; kk++) {
        double p =
            (double)af[(size_t)i * s->k + kk] * bf[(size_t)kk * s->n + j];
        sum += p;
        abs_sum += fabs(p);
      }
      ref[(size_t)i * s->n + j] = sum;
      mag[(size_t)i * s->n + j] = abs_sum;
    }
  casc_op *module =
      casc_jit_build(ctx, "matmul_kernel", matmul_kernel, (void *)s);
  if (!module)
    goto out;
  casc_dtype din = is_int ? CASC_DT_I8 : CASC_DT_F16;
  casc_dtype dout = s->out == ASC_HALF    ? CASC_DT_F16
                    : s->out == ASC_FLOAT ? CASC_DT_F32
                                          : CASC_DT_I32;
  casc_arg args[3] = {casc_arg_gm(A, din, na), casc_arg_gm(B, din, nb),
                      casc_arg_gm(C, dout, nc)};
  unsigned blocks = (unsigned)(cdiv(s->m, BM) * cdiv(s->n, BN));
  casc_launch_result res;
  if (casc_launch(ctx, module, "matmul_kernel", blocks, args, 3, NULL, &res) !=
          CASC_LAUNCH_OK ||
      res.warnings) {
    fprintf(stderr, "matmul: %dx%dx%d: the launch reported issues\n", s->m,
            s->n, s->k);
    goto out;
  }
  double worst = 0;
  size_t bad = 0;
  for (size_t i = 0; i < nc; i++) {
    double got;
    if (dout == CASC_DT_I32) {
      int32_t v;
      memcpy(&v, C + 4 * i, 4);
      got = v;
    } else if (dout == CASC_DT_F32) {
      float v;
      memcpy(&v, C + 4 * i, 4);
      got = v;
    } else {
      uint16_t h;
      memcpy(&h, C + 2 * i, 2);
      got = casc_f16_to_f32(h);
    }
    double err = fabs(got - ref[i]);
    double tol = is_int ? 0
                        : 1e-5 * mag[i] +
                              (dout == CASC_DT_F16 ? fabs(ref[i]) / 1024 : 0);
    if (err > tol)
      bad++;
    if (err > worst)
      worst = err;
  }
  printf("matmul %-5s -> %-5s M=%-4d N=%-4d K=%-4d blocks=%-3u max |err| "
         "%.3g %s\n",
         asc_dtype_name(s->in), asc_dtype_name(s->out), s->m, s->n, s->k,
         blocks, worst, bad ? "MISMATCH" : "ok");
  rc = bad != 0;
out:
  free(A);
  free(B);
  free(C);
  free(ref);
  free(mag);
  free(af);
  free(bf);
  casc_ctx_free(ctx);
  return rc;
}

int main(int argc, char **argv) {
  static const mm_shape shapes[] = {
      {64, 64, 64, ASC_HALF, ASC_FLOAT},   {128, 192, 96, ASC_HALF, ASC_FLOAT},
      {50, 70, 30, ASC_HALF, ASC_FLOAT},   {100, 33, 130, ASC_HALF, ASC_FLOAT},
      {17, 129, 77, ASC_HALF, ASC_HALF},   {64, 64, 64, ASC_INT8, ASC_INT32},
      {45, 100, 200, ASC_INT8, ASC_INT32},
  };
  if (argc > 1) {
    example_opts opts;
    if (!example_parse_args(argc, argv, "matmul", &opts))
      return 2;
    casc_ctx *ctx = example_ctx_new();
    if (!ctx)
      return 1;
    casc_op *module =
        casc_jit_build(ctx, "matmul_kernel", matmul_kernel, (void *)&shapes[2]);
    int rc = example_run(ctx, module, &opts);
    casc_ctx_free(ctx);
    return rc;
  }
  int failed = 0;
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    failed += run_case(&shapes[i]);
  return failed ? 1 : 0;
}

#endif
