/* pyasc's python/test/kernels/test_matmul.py in C, call for call:
 * matmul_kernel(a, b, c, alpha, tiling, bias, workspace) with calc_offsets
 * written inline, the high-level Matmul (A, B, bias from GM, C to
 * VECCALC), per Iterate GetTensorC into a VECOUT tile, LeakyRelu, DataCopy
 * to GM. The kernel does not depend on the shape: the host's TCubeTiling
 * (matmul_launch's: 64 x 64 x 64 tiles, one tile per block, the whole K per
 * block) says it. Run on the simulator against a plain C reference with
 * pyasc's tolerance (assert_allclose atol=1e-3, inputs in [-5, 5]) on
 * pyasc's 256^3 and on other shapes and block counts, K not a multiple of
 * 16 among them (the Matmul pads the last k step).
 *
 *   kernel_pyasc_matmul             runs the cases
 *   kernel_pyasc_matmul --print-ir NAME
 *                       prints kernel NAME's IR (matmul_kernel,
 *                       mm_all_kernel, mm_calls_kernel, mm_tiling_kernel,
 *                       count_kernel)
 * (compared with pyasc's by test/lit/lang/pyasc-test-matmul-ir.test) */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc_matmul.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"

enum { BASE = 64 };

static void matmul_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr a = asc_arg_gm(k, "a", ASC_FLOAT);
  asc_gm_addr b = asc_arg_gm(k, "b", ASC_FLOAT);
  asc_gm_addr c = asc_arg_gm(k, "c", ASC_FLOAT);
  asc_float alpha = asc_arg_f32(k, "alpha");
  asc_cube_tiling tiling = asc_arg_cube_tiling(k, "tiling");
  asc_gm_addr bias = asc_arg_gm(k, "bias", ASC_FLOAT);
  asc_gm_addr workspace = asc_arg_gm(k, "workspace", ASC_UINT8);
  asc_cube_tiling_set(tiling, "shareL1Size",
                      asc_property(ASC_PROPERTY_TOTAL_L1_SIZE));
  asc_cube_tiling_set(tiling, "shareL0CSize",
                      asc_property(ASC_PROPERTY_TOTAL_L0C_SIZE));
  /* calc_offsets(tiling); C's argument order is unspecified, so each
   * member read that pyasc makes in order is a statement of its own */
  asc_int block_idx = asc_get_block_idx();
  asc_int m = asc_cube_tiling_get(tiling, "M");
  asc_int temp0 = asc_ceildiv(m, asc_cube_tiling_get(tiling, "singleCoreM"));
  asc_int ka = asc_cube_tiling_get(tiling, "Ka");
  asc_int temp1 = asc_ceildiv(ka, asc_cube_tiling_get(tiling, "singleCoreK"));
  asc_int temp2 = asc_div(asc_cube_tiling_get(tiling, "usedCoreNum"), temp1);
  asc_int m_index = asc_rem(asc_rem(block_idx, temp2), temp0);
  asc_int n_index = asc_div(asc_rem(block_idx, temp2), temp0);
  asc_int offset_a = asc_mul(m_index, asc_cube_tiling_get(tiling, "Ka"));
  offset_a = asc_mul(offset_a, asc_cube_tiling_get(tiling, "singleCoreM"));
  asc_int offset_b =
      asc_mul(n_index, asc_cube_tiling_get(tiling, "singleCoreN"));
  asc_int offset_c = asc_mul(m_index, asc_cube_tiling_get(tiling, "N"));
  offset_c = asc_mul(offset_c, asc_cube_tiling_get(tiling, "singleCoreM"));
  offset_c = asc_add(
      offset_c, asc_mul(n_index, asc_cube_tiling_get(tiling, "singleCoreN")));
  asc_int offset_bias =
      asc_mul(n_index, asc_cube_tiling_get(tiling, "singleCoreN"));

  asc_global_tensor a_global = asc_globaltensor();
  asc_global_tensor b_global = asc_globaltensor();
  asc_global_tensor c_global = asc_globaltensor();
  asc_global_tensor bias_global = asc_globaltensor();
  asc_globaltensor_set_global_buffer(a_global, asc_gm_addr_add(a, offset_a));
  asc_globaltensor_set_global_buffer(b_global, asc_gm_addr_add(b, offset_b));
  asc_globaltensor_set_global_buffer(c_global, asc_gm_addr_add(c, offset_c));
  asc_globaltensor_set_global_buffer(bias_global,
                                     asc_gm_addr_add(bias, offset_bias));
  asc_int size = asc_cube_tiling_get(tiling, "baseM");
  size = asc_mul(size, asc_cube_tiling_get(tiling, "baseN"));
  size = asc_mul(size, 4);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind relu_out_queue = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tpipe_init_buffer(pipe, relu_out_queue, 2, size);
  asc_matmul_type bias_type =
      asc_matmultype(ASC_TPOSITION_GM, ASC_FLOAT, false);
  asc_matmul_config cfg = asc_matmulconfig(NULL);
  asc_matmul matmul =
      asc_matmul(asc_matmultype(ASC_TPOSITION_GM, ASC_FLOAT, false),
                 asc_matmultype(ASC_TPOSITION_GM, ASC_FLOAT, false),
                 asc_matmultype(ASC_TPOSITION_VECCALC, ASC_FLOAT, false),
                 &bias_type, &cfg);
  asc_adv_register_matmul(pipe, workspace, &matmul);
  asc_matmul_init(&matmul, tiling);
  asc_matmul_set_tensor_a(&matmul, a_global, false);
  asc_matmul_set_tensor_b(&matmul, b_global, false);
  asc_matmul_set_bias(&matmul, bias_global);
  ASC_MATMUL_ITERATE(&matmul, count) {
    asc_local_tensor relu_out_local =
        asc_tquebind_alloc_tensor(relu_out_queue, ASC_FLOAT);
    asc_matmul_get_tensor_c(&matmul, relu_out_local, 0, true);
    asc_int n = asc_cube_tiling_get(tiling, "baseM");
    n = asc_mul(n, asc_cube_tiling_get(tiling, "baseN"));
    asc_leaky_relu(relu_out_local, relu_out_local, alpha, n);
    asc_tquebind_enque(relu_out_queue, relu_out_local);
    relu_out_local = asc_tquebind_deque(relu_out_queue, ASC_FLOAT);
    asc_int round_m = asc_cube_tiling_get(tiling, "singleCoreM");
    round_m = asc_div(round_m, asc_cube_tiling_get(tiling, "baseM"));
    asc_int start = asc_rem(count, round_m);
    start = asc_mul(start, asc_cube_tiling_get(tiling, "baseM"));
    start = asc_mul(start, asc_cube_tiling_get(tiling, "N"));
    asc_int col = asc_div(count, round_m);
    col = asc_mul(col, asc_cube_tiling_get(tiling, "baseN"));
    start = asc_add(start, col);
    asc_int block_count = asc_cube_tiling_get(tiling, "baseM");
    asc_int block_len = asc_cube_tiling_get(tiling, "baseN");
    block_len = asc_mul(block_len, 4);
    block_len = asc_div(block_len, asc_property(ASC_PROPERTY_DEFAULT_C0_SIZE));
    asc_int dst_stride = asc_cube_tiling_get(tiling, "N");
    dst_stride = asc_sub(dst_stride, asc_cube_tiling_get(tiling, "baseN"));
    dst_stride = asc_mul(dst_stride, 4);
    dst_stride =
        asc_div(dst_stride, asc_property(ASC_PROPERTY_DEFAULT_C0_SIZE));
    asc_data_copy_params params =
        asc_datacopyparams(block_count, block_len, 0, dst_stride);
    asc_data_copy(asc_globaltensor_subindex(c_global, start), relu_out_local,
                  params);
    asc_tquebind_free_tensor(relu_out_queue, relu_out_local);
  }
  asc_matmul_end(&matmul);
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
}

/* A second pyasc kernel (test/lit/lang/Inputs/pyasc_mm_all.py): a preset
 * config (get_normal_config, N first), B given transposed, set_tail,
 * disable_bias and iterate_all into GM. */
static void mm_all_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr a = asc_arg_gm(k, "a", ASC_HALF);
  asc_gm_addr b = asc_arg_gm(k, "b", ASC_HALF);
  asc_gm_addr c = asc_arg_gm(k, "c", ASC_FLOAT);
  asc_cube_tiling tiling = asc_arg_cube_tiling(k, "tiling");
  asc_gm_addr workspace = asc_arg_gm(k, "workspace", ASC_UINT8);
  asc_global_tensor a_global = asc_globaltensor();
  asc_global_tensor b_global = asc_globaltensor();
  asc_global_tensor c_global = asc_globaltensor();
  asc_globaltensor_set_global_buffer(a_global, a);
  asc_globaltensor_set_global_buffer(b_global, b);
  asc_globaltensor_set_global_buffer(c_global, c);
  asc_tpipe pipe = asc_tpipe();
  asc_matmul_config cfg = asc_adv_get_normal_config(
      false, false, false, ASC_BATCHMODE_BATCH_LESS_THAN_L1, true,
      ASC_ITERATEORDER_ORDER_N, ASC_SCHEDULETYPE_INNER_PRODUCT, true);
  asc_matmul matmul = asc_matmul(
      asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
      asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, true),
      asc_matmultype(ASC_TPOSITION_GM, ASC_FLOAT, false), NULL, &cfg);
  asc_adv_register_matmul(pipe, workspace, &matmul);
  asc_matmul_init(&matmul, tiling);
  asc_matmul_set_tensor_a(&matmul, a_global, false);
  asc_matmul_set_tensor_b(&matmul, b_global, true);
  asc_matmul_set_tail(&matmul, 64, 32, -1);
  asc_matmul_disable_bias(&matmul);
  asc_matmul_iterate_all(&matmul, c_global);
  asc_matmul_end(&matmul);
}

/* mm_all_kernel on 64 x 64 x 64 with a tail of 64 x 32: C's left half is
 * A x B (small integers: exact), its right half untouched. */
static void test_mm_all_kernel(void) {
  enum { N = 64 };
  static uint16_t a[N * N], bt[N * N];
  static float c[N * N], af[N * N], bf[N * N];
  static uint8_t ws[1024];
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *module = casc_jit_build(ctx, "mm_all_kernel", mm_all_kernel, NULL);
  REQUIRE(module != NULL);
  for (int i = 0; i < N * N; i++) {
    af[i] = (float)((i * 7 + 3) % 9 - 4);
    bf[i] = (float)((i * 5 + 1) % 7 - 3);
    a[i] = casc_f32_to_f16(af[i]);
    bt[i] = casc_f32_to_f16(bf[i]);
    c[i] = -1.0f;
  }
  asc_tcube_tiling t;
  memset(&t, 0, sizeof t);
  t.used_core_num = 1;
  t.m = t.n = t.k_a = t.k_b = N;
  t.base_m = t.base_n = t.base_k = N;
  t.single_core_m = t.single_core_n = t.single_core_k = N;
  t.depth_a1 = t.depth_b1 = t.step_m = t.step_n = 1;
  casc_arg args[5] = {casc_arg_gm(a, CASC_DT_F16, N * N),
                      casc_arg_gm(bt, CASC_DT_F16, N * N),
                      casc_arg_gm(c, CASC_DT_F32, N * N),
                      casc_arg_gm(&t, CASC_DT_I32, ASC_TCUBE_TILING_FIELDS),
                      casc_arg_gm(ws, CASC_DT_U8, sizeof ws)};
  casc_launch_result res;
  CHECK_EQ_INT(
      casc_launch(ctx, module, "mm_all_kernel", 1, args, 5, NULL, &res),
      CASC_LAUNCH_OK);
  CHECK_EQ_INT(res.warnings, 0);
  unsigned bad = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float want = -1.0f;
      if (j < 32) {
        want = 0;
        for (int kk = 0; kk < N; kk++)
          want += af[i * N + kk] * bf[j * N + kk];
      }
      bad += c[i * N + j] != want;
    }
  CHECK_EQ_INT(bad, 0);
  for (unsigned i = 0; i < diags.n; i++)
    casc_diag_print(diags.items[i], stderr);
  CHECK_EQ_INT(diags.n, 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* A third pyasc kernel (test/lit/lang/Inputs/pyasc_mm_calls.py): the
 * Matmul calls test_matmul does not make, in one body. Only printed: the
 * simulator does not run several of them (docs/simulator.md). */
static void mm_calls_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr a = asc_arg_gm(k, "a", ASC_HALF);
  asc_gm_addr b = asc_arg_gm(k, "b", ASC_HALF);
  asc_gm_addr c = asc_arg_gm(k, "c", ASC_FLOAT);
  asc_gm_addr q = asc_arg_gm(k, "q", ASC_UINT64);
  asc_cube_tiling tiling = asc_arg_cube_tiling(k, "tiling");
  asc_gm_addr workspace = asc_arg_gm(k, "workspace", ASC_UINT8);
  asc_global_tensor a_global = asc_globaltensor();
  asc_global_tensor b_global = asc_globaltensor();
  asc_global_tensor c_global = asc_globaltensor();
  asc_global_tensor q_global = asc_globaltensor();
  asc_globaltensor_set_global_buffer(a_global, a);
  asc_globaltensor_set_global_buffer(b_global, b);
  asc_globaltensor_set_global_buffer(c_global, c);
  asc_globaltensor_set_global_buffer(q_global, q);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind que = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tpipe_init_buffer(pipe, que, 1, 4096);
  asc_matmul_config cfg = asc_adv_get_mm_config(
      ASC_MATMULCONFIGMODE_CONFIG_NORM, NULL, NULL, NULL, NULL);
  asc_matmul matmul = asc_matmul(
      asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
      asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
      asc_matmultype(ASC_TPOSITION_GM, ASC_FLOAT, false), NULL, &cfg);
  asc_adv_register_matmul(pipe, workspace, &matmul);
  asc_matmul_init(&matmul, tiling);
  asc_matmul_set_tensor_a(&matmul, 1);
  asc_matmul_set_tensor_b(&matmul, b_global, false);
  asc_matmul_set_org_shape(&matmul, 64, 64, 32, -1);
  asc_matmul_set_org_shape(&matmul, 64, 64, 32, 32);
  asc_matmul_set_single_shape(&matmul, 64, 64, 32);
  asc_matmul_set_batch_num(&matmul, 2, 2);
  asc_matmul_set_hf32(&matmul, true, 0);
  asc_matmul_set_quant_scalar(&matmul, 7);
  asc_matmul_set_quant_vector(&matmul, q_global);
  asc_matmul_set_workspace(&matmul, c_global);
  asc_matmul_set_workspace(&matmul, c_global, 1024);
  asc_matmul_iterate_batch(&matmul, c_global, 2, 2, false, 0, 0, 0);
  asc_matmul_iterate_n_batch(&matmul, 2, 2, 2, false, 0, 0, 0);
  asc_matmul_wait_iterate_batch(&matmul);
  asc_local_tensor r = asc_tquebind_alloc_tensor(que, ASC_FLOAT);
  asc_matmul_async_get_tensor_c(&matmul, r);
  asc_matmul_get_batch_tensor_c(&matmul, r, 2, 2, true);
  asc_global_tensor g = asc_matmul_get_batch_tensor_c(&matmul, 2, 2, false);
  asc_global_tensor g2 = asc_matmul_get_tensor_c(&matmul, 0, false);
  asc_matmul_wait_get_tensor_c(&matmul);
  asc_matmul_iterate_all(&matmul, c_global);
  asc_matmul_wait_iterate_all(&matmul);
  asc_matrix_offset off = asc_matmul_get_offset_c(&matmul);
  ASC_MATMUL_ITERATE_WITH(&matmul, cnt, true, false, &r) {
    (void)cnt;
  }
  asc_adv_register_matmul(pipe, workspace, &matmul, tiling);
  asc_matmul_end(&matmul);
  (void)a_global, (void)g, (void)g2, (void)off;
}

/* A fourth (test/lit/lang/Inputs/pyasc_mm_tiling.py): TCubeTiling and
 * MatmulApiStaticTiling built in a kernel, get_matmul_api_tiling. Only
 * printed. */
static void mm_tiling_kernel(asc_kernel *k, void *user) {
  (void)user;
  (void)asc_arg_gm(k, "x", ASC_FLOAT);
  asc_cube_tiling t = asc_tcubetiling();
  asc_cube_tiling_set(t, "baseM", 64);
  asc_cube_tiling_set(t, "baseN", 32);
  asc_cube_tiling_set(t, "shareMode", 0);
  asc_matmul_api_static_tiling s = asc_matmulapistatictiling();
  asc_matmul_config cfg = asc_matmulconfig(NULL);
  asc_matmul_api_static_tiling api = asc_adv_get_matmul_api_tiling(
      &cfg, asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
      asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
      asc_matmultype(ASC_TPOSITION_GM, ASC_FLOAT, false),
      asc_matmultype(ASC_TPOSITION_GM, ASC_FLOAT, false), 524288);
  (void)s, (void)api;
}

/* ASC_MATMUL_ITERATE carrying cells: the number of Iterates and the last
 * count, written to GM after the loop, each tile into GM C by
 * get_tensor_c's GM form. */
static void count_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr a = asc_arg_gm(k, "a", ASC_HALF);
  asc_gm_addr b = asc_arg_gm(k, "b", ASC_HALF);
  asc_gm_addr c = asc_arg_gm(k, "c", ASC_FLOAT);
  asc_gm_addr out = asc_arg_gm(k, "out", ASC_INT32);
  asc_cube_tiling tiling = asc_arg_cube_tiling(k, "tiling");
  asc_gm_addr workspace = asc_arg_gm(k, "workspace", ASC_UINT8);
  asc_global_tensor a_global = asc_globaltensor();
  asc_global_tensor b_global = asc_globaltensor();
  asc_global_tensor c_global = asc_globaltensor();
  asc_global_tensor out_global = asc_globaltensor();
  asc_globaltensor_set_global_buffer(a_global, a);
  asc_globaltensor_set_global_buffer(b_global, b);
  asc_globaltensor_set_global_buffer(c_global, c);
  asc_globaltensor_set_global_buffer(out_global, out);
  asc_tpipe pipe = asc_tpipe();
  asc_matmul matmul = asc_matmul(
      asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
      asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
      asc_matmultype(ASC_TPOSITION_GM, ASC_FLOAT, false), NULL, NULL);
  asc_adv_register_matmul(pipe, workspace, &matmul);
  asc_matmul_init(&matmul, tiling);
  asc_matmul_set_tensor_a(&matmul, a_global, false);
  asc_matmul_set_tensor_b(&matmul, b_global, false);
  asc_int_var iterates = asc_var(0), last = asc_var(-1);
  ASC_MATMUL_ITERATE(&matmul, count) {
    asc_matmul_get_tensor_c(&matmul, c_global, 0, false);
    asc_set(iterates, asc_add(asc_get(iterates), 1));
    asc_set(last, count);
  }
  asc_matmul_end(&matmul);
  asc_globaltensor_set_value(out_global, 0, asc_get(iterates));
  asc_globaltensor_set_value(out_global, 1, asc_get(last));
}

static void test_iterate_carries_cells(void) {
  enum { M = 128, N = 128, K = 32 };
  static uint16_t a[M * K], b[K * N];
  static float c[M * N], af[M * K], bf[K * N];
  static int32_t out[8];
  static uint8_t ws[1024];
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *module = casc_jit_build(ctx, "count_kernel", count_kernel, NULL);
  REQUIRE(module != NULL);
  for (int i = 0; i < M * K; i++)
    a[i] = casc_f32_to_f16(af[i] = (float)((i * 3 + 1) % 5 - 2));
  for (int i = 0; i < K * N; i++)
    b[i] = casc_f32_to_f16(bf[i] = (float)((i * 7 + 2) % 5 - 2));
  asc_tcube_tiling t;
  memset(&t, 0, sizeof t);
  t.used_core_num = 1;
  t.m = M;
  t.n = N;
  t.k_a = t.k_b = K;
  t.base_m = t.base_n = BASE;
  t.base_k = K;
  t.single_core_m = M;
  t.single_core_n = N;
  t.single_core_k = K;
  t.depth_a1 = t.depth_b1 = t.step_m = t.step_n = 1;
  casc_arg args[6] = {casc_arg_gm(a, CASC_DT_F16, M * K),
                      casc_arg_gm(b, CASC_DT_F16, K * N),
                      casc_arg_gm(c, CASC_DT_F32, M * N),
                      casc_arg_gm(out, CASC_DT_I32, 8),
                      casc_arg_gm(&t, CASC_DT_I32, ASC_TCUBE_TILING_FIELDS),
                      casc_arg_gm(ws, CASC_DT_U8, sizeof ws)};
  casc_launch_result res;
  CHECK_EQ_INT(casc_launch(ctx, module, "count_kernel", 1, args, 6, NULL, &res),
               CASC_LAUNCH_OK);
  /* 128 x 128 in 64 x 64 tiles: four Iterates, counts 0 .. 3 */
  CHECK_EQ_INT(out[0], 4);
  CHECK_EQ_INT(out[1], 3);
  unsigned bad = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float want = 0;
      for (int kk = 0; kk < K; kk++)
        want += af[i * K + kk] * bf[kk * N + j];
      bad += c[i * N + j] != want;
    }
  CHECK_EQ_INT(bad, 0);
  for (unsigned i = 0; i < diags.n; i++)
    casc_diag_print(diags.items[i], stderr);
  CHECK_EQ_INT(diags.n, 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* matmul_launch's tiling for m x k times k x n. */
static asc_tcube_tiling launch_tiling(int m, int n, int k) {
  asc_tcube_tiling t;
  memset(&t, 0, sizeof t);
  t.used_core_num = ((m + BASE - 1) / BASE) * ((n + BASE - 1) / BASE);
  t.m = m;
  t.n = n;
  t.k_a = t.k_b = k;
  t.base_m = t.base_n = t.base_k = BASE;
  t.single_core_m = t.single_core_n = BASE;
  t.single_core_k = k;
  t.depth_a1 = t.depth_b1 = t.step_m = t.step_n = 1;
  t.share_mode = 0;
  t.is_bias = 1;
  return t;
}

static uint32_t g_rng = 2025;
static float rnd(void) { /* (rng.random() - .5) * 10: [-5, 5) */
  g_rng = g_rng * 1664525u + 1013904223u;
  return ((float)(g_rng >> 8) / 16777216.0f - 0.5f) * 10.0f;
}

static void run_case(casc_ctx *ctx, casc_op *module, int m, int n, int k) {
  const float alpha = 0.01f;
  asc_tcube_tiling t = launch_tiling(m, n, k);
  float *a = malloc(sizeof(float) * (size_t)m * k);
  float *b = malloc(sizeof(float) * (size_t)k * n);
  float *c = calloc((size_t)m * n, sizeof(float));
  float *bias = malloc(sizeof(float) * (size_t)n);
  size_t nws = (size_t)t.used_core_num * BASE * BASE * 4;
  uint8_t *ws = calloc(nws, 1);
  REQUIRE(a && b && c && bias && ws);
  for (int i = 0; i < m * k; i++)
    a[i] = rnd();
  for (int i = 0; i < k * n; i++)
    b[i] = rnd();
  for (int i = 0; i < n; i++)
    bias[i] = rnd();
  casc_arg args[7] = {casc_arg_gm(a, CASC_DT_F32, (size_t)m * k),
                      casc_arg_gm(b, CASC_DT_F32, (size_t)k * n),
                      casc_arg_gm(c, CASC_DT_F32, (size_t)m * n),
                      casc_arg_float(CASC_DT_F32, alpha),
                      casc_arg_gm(&t, CASC_DT_I32, ASC_TCUBE_TILING_FIELDS),
                      casc_arg_gm(bias, CASC_DT_F32, (size_t)n),
                      casc_arg_gm(ws, CASC_DT_U8, nws)};
  casc_launch_result res;
  CHECK_EQ_INT(casc_launch(ctx, module, "matmul_kernel",
                           (unsigned)t.used_core_num, args, 7, NULL, &res),
               CASC_LAUNCH_OK);
  CHECK_EQ_INT(res.warnings, 0);
  double worst = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = bias[j];
      for (int kk = 0; kk < k; kk++)
        s += (double)a[(size_t)i * k + kk] * b[(size_t)kk * n + j];
      double want = s >= 0 ? s : s * alpha;
      double e = fabs(c[(size_t)i * n + j] - want);
      worst = e > worst ? e : worst;
    }
  bool ok = worst <= 1e-3;
  if (!ok)
    fprintf(stderr, "test_matmul %dx%dx%d on %d blocks: max |error| %g\n", m, n,
            k, t.used_core_num, worst);
  CHECK(ok);
  free(a);
  free(b);
  free(c);
  free(bias);
  free(ws);
}

static void test_matmul_kernel_on_shapes(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *module = casc_jit_build(ctx, "matmul_kernel", matmul_kernel, NULL);
  REQUIRE(module != NULL);
  static const int shapes[][3] = {
      {256, 256, 256}, /* pyasc's case: 16 blocks */
      {64, 64, 64},    /* one block, one k step */
      {128, 192, 96},  /* 6 blocks, a k step of 32 */
      {192, 64, 200},  /* 3 blocks, K not a multiple of 16: padded */
  };
  for (unsigned i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    run_case(ctx, module, shapes[i][0], shapes[i][1], shapes[i][2]);
  for (unsigned i = 0; i < diags.n; i++)
    casc_diag_print(diags.items[i], stderr);
  CHECK_EQ_INT(diags.n, 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(int argc, char **argv) {
  if (argc > 2 && strcmp(argv[1], "--print-ir") == 0) {
    asc_kernel_body body = matmul_kernel;
    if (strcmp(argv[2], "mm_all_kernel") == 0)
      body = mm_all_kernel;
    else if (strcmp(argv[2], "mm_calls_kernel") == 0)
      body = mm_calls_kernel;
    else if (strcmp(argv[2], "mm_tiling_kernel") == 0)
      body = mm_tiling_kernel;
    else if (strcmp(argv[2], "count_kernel") == 0)
      body = count_kernel;
    casc_ctx *ctx = casc_ctx_new();
    casc_op *module = casc_jit_build(ctx, argv[2], body, NULL);
    casc_buf text;
    casc_buf_init(&text);
    if (module)
      casc_print_op(ctx, module, NULL, &text);
    fputs(text.data ? text.data : "", stdout);
    casc_buf_free(&text);
    casc_ctx_free(ctx);
    return module ? 0 : 1;
  }
  RUN_TEST(test_matmul_kernel_on_shapes);
  RUN_TEST(test_mm_all_kernel);
  RUN_TEST(test_iterate_carries_cells);
  return CHECK_SUMMARY();
}
