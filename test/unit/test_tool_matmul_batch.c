/* The high-level Matmul's batch, scalar, quant-vector and asynchronous
 * calls (src/sim/matmul_batch.c, src/sim/matmul.c) through the C API on the
 * simulator, against plain C matrix products: SetTensorA / B(scalar),
 * IterateBatch in both forms (the cube-only one on SetBatchNum's counts)
 * with matrix strides, IterateNBatch into the workspace and
 * GetBatchTensorC (GM and UB forms), SetQuantVector's per-column scales,
 * GetTensorC returning GM and AsyncGetTensorC, SetHF32(false); and one
 * misuse each, asserting the check and the C line. The inputs are small
 * integers, so every product is exact and the results are compared
 * exactly. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "casc/asc_matmul.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "sim_issue.h"

enum { M = 32, N = 32, K = 32, GAP_A = 64, GAP_B = 32, MAXB = 4 };
enum { LB = 2, LN = 1, LG = 2 }; /* the layouts' B, N and G axes */
enum { A_ELEMS = MAXB * (M * K + GAP_A), B_ELEMS = MAXB * (K * N + GAP_B) };
enum { C_ELEMS = MAXB * M * N, WS_ELEMS = MAXB * M * N };

typedef enum {
  SCALAR_A,   /* A = 3 everywhere */
  SCALAR_B,   /* B = 2 everywhere, SetHF32(false) too */
  BATCH_MIX,  /* IterateBatch(c, 3, 3, ...) */
  BATCH_CUBE, /* SetBatchNum(2, 2), cube-only IterateBatch, strided */
  N_BATCH,    /* IterateNBatch(2, 2, 2), GetBatchTensorC GM then UB */
  QUANT_VEC,  /* int8 into half, SetQuantVector */
  RETURN_C,   /* Iterate, GetTensorC returning the workspace's GM */
  ASYNC_C,    /* Iterate, AsyncGetTensorC into UB */
  L_BSNGD,    /* A, B in BSNGD (B transposed), C in BNGS1S2: 4 batches */
  L_SBNGD,    /* the same in SBNGD */
  USER_DATA,  /* SetSelfDefineData, SetUserDefInfo, then IterateAll */
  /* misuse */
  E_BATCH_ZERO,
  E_BATCH_OVER,
  E_CUBE_NO_NUM,
  E_NB_NO_WS,
  E_NB_NOT_CFG,
  E_GET_BATCH_EMPTY,
  E_RETURN_NO_ITER,
  E_HF32_ON,
  E_LAYOUT,
  E_LAYOUT_TRANS
} mode;

static int g_line; /* the C line of the call a misuse is expected at */

/* UB -> GM C at element `at` of n floats, through a VECOUT queue. */
static void ub_to_gm(asc_tquebind q, asc_local_tensor t, asc_global_tensor c,
                     int at, int n) {
  asc_tquebind_enque(q, t);
  asc_local_tensor u = asc_tquebind_deque(q, ASC_FLOAT);
  asc_data_copy(asc_globaltensor_subindex(c, at), u, n);
  asc_tquebind_free_tensor(q, u);
}

/* GM g -> UB -> GM C at element `at`, n floats. */
static void gm_to_gm(asc_tquebind in_q, asc_tquebind out_q, asc_global_tensor g,
                     asc_global_tensor c, int at, int n) {
  asc_local_tensor t = asc_tquebind_alloc_tensor(in_q, ASC_FLOAT);
  asc_data_copy(t, g, n);
  asc_tquebind_enque(in_q, t);
  asc_local_tensor u = asc_tquebind_deque(in_q, ASC_FLOAT);
  asc_local_tensor o = asc_tquebind_alloc_tensor(out_q, ASC_FLOAT);
  asc_data_copy(o, u, n);
  asc_tquebind_free_tensor(in_q, u);
  ub_to_gm(out_q, o, c, at, n);
}

static void kernel(asc_kernel *k, void *user) {
  mode m = *(const mode *)user;
  bool i8 = m == QUANT_VEC;
  asc_dtype in_dt = i8 ? ASC_INT8 : ASC_HALF, c_dt = i8 ? ASC_HALF : ASC_FLOAT;
  asc_gm_addr a = asc_arg_gm(k, "a", in_dt);
  asc_gm_addr b = asc_arg_gm(k, "b", in_dt);
  asc_gm_addr c = asc_arg_gm(k, "c", c_dt);
  asc_cube_tiling tiling = asc_arg_cube_tiling(k, "tiling");
  asc_gm_addr ws = asc_arg_gm(k, "ws", c_dt);
  asc_gm_addr q = asc_arg_gm(k, "q", ASC_UINT64);
  asc_global_tensor ag = asc_globaltensor(), bg = asc_globaltensor();
  asc_global_tensor cg = asc_globaltensor(), wg = asc_globaltensor();
  asc_global_tensor qg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(ag, a);
  asc_globaltensor_set_global_buffer(bg, b);
  asc_globaltensor_set_global_buffer(cg, c);
  asc_globaltensor_set_global_buffer(wg, ws);
  asc_globaltensor_set_global_buffer(qg, q);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind in_q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tquebind out_q = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tpipe_init_buffer(pipe, in_q, 1, 2 * M * N * 4);
  asc_tpipe_init_buffer(pipe, out_q, 1, 2 * M * N * 4);
  bool batch = m == BATCH_MIX || m == BATCH_CUBE || m == N_BATCH ||
               m == E_BATCH_OVER || m == E_CUBE_NO_NUM || m == E_NB_NO_WS ||
               m == E_NB_NOT_CFG || m == E_GET_BATCH_EMPTY;
  bool sd = m == L_BSNGD || m == L_SBNGD || m == E_LAYOUT_TRANS;
  int lay = m == E_LAYOUT ? ASC_LAYOUTMODE_BSNGD
            : batch       ? ASC_LAYOUTMODE_NORMAL
                          : ASC_LAYOUTMODE_NONE;
  if (sd)
    lay = m == L_SBNGD ? ASC_LAYOUTMODE_SBNGD : ASC_LAYOUTMODE_BSNGD;
  asc_matmul_config_fields f = asc_matmul_config_fields_default();
  f.is_n_batch = m != E_NB_NOT_CFG;
  asc_matmul_config cfg = asc_matmulconfig(&f);
  /* int8's bias is int32 (without one the C API takes C's type) */
  asc_matmul_type bias_i32 = asc_matmultype(ASC_TPOSITION_GM, ASC_INT32, false);
  asc_matmul mm =
      asc_matmul(asc_matmultype_layout(ASC_TPOSITION_GM, in_dt, false, lay),
                 asc_matmultype_layout(ASC_TPOSITION_GM, in_dt, false, lay),
                 asc_matmultype_layout(ASC_TPOSITION_GM, c_dt, false,
                                       sd ? ASC_LAYOUTMODE_BNGS1S2 : lay),
                 i8 ? &bias_i32 : NULL, &cfg);
  asc_adv_register_matmul(pipe, asc_gm_addr_add(ws, 0), &mm, tiling);
  if (m == SCALAR_A) {
    asc_matmul_set_tensor_a(&mm, 3);
  } else {
    asc_matmul_set_tensor_a(&mm, ag, false);
  }
  if (m == SCALAR_B) {
    asc_matmul_set_tensor_b(&mm, 2);
    asc_matmul_set_hf32(&mm, false, 0);
  } else {
    asc_matmul_set_tensor_b(&mm, bg, m == L_BSNGD || m == L_SBNGD);
  }
  switch (m) {
  case SCALAR_A:
  case SCALAR_B:
    asc_matmul_iterate_all(&mm, cg);
    break;
  case USER_DATA: /* data for callbacks pyasc's Matmul cannot have */
    asc_matmul_set_self_define_data(&mm, 12345);
    asc_matmul_set_user_def_info(&mm, q);
    asc_matmul_iterate_all(&mm, cg);
    break;
  case QUANT_VEC:
    asc_matmul_set_quant_vector(&mm, qg);
    asc_matmul_iterate_all(&mm, cg);
    break;
  case BATCH_MIX:
    asc_matmul_iterate_batch(&mm, cg, 3, 3, false, 0, 0, 0);
    break;
  case BATCH_CUBE:
    asc_matmul_set_batch_num(&mm, 2, 2);
    asc_matmul_iterate_batch_cube_only(&mm, cg, false, 0, false, M * K + GAP_A,
                                       K * N + GAP_B, 0);
    break;
  case N_BATCH: {
    asc_matmul_set_workspace(&mm, wg);
    asc_matmul_iterate_n_batch(&mm, 2, 2, 2, false, 0, 0, 0);
    asc_matmul_wait_iterate_batch(&mm);
    /* slice 0 from its GlobalTensor, slice 1 into a LocalTensor */
    asc_global_tensor s0 = asc_matmul_get_batch_tensor_c(&mm, 2, 2, false);
    gm_to_gm(in_q, out_q, s0, cg, 0, 2 * M * N);
    asc_local_tensor t = asc_tquebind_alloc_tensor(out_q, ASC_FLOAT);
    asc_matmul_get_batch_tensor_c(&mm, t, 2, 2, false);
    ub_to_gm(out_q, t, cg, 2 * M * N, 2 * M * N);
    break;
  }
  case RETURN_C:
    asc_matmul_set_workspace(&mm, wg);
    ASC_MATMUL_ITERATE(&mm, count) {
      (void)count;
      asc_global_tensor t = asc_matmul_get_tensor_c(&mm, 0, false);
      gm_to_gm(in_q, out_q, t, cg, 0, M * N);
    }
    break;
  case ASYNC_C:
    ASC_MATMUL_ITERATE(&mm, count) {
      (void)count;
      asc_local_tensor t = asc_tquebind_alloc_tensor(out_q, ASC_FLOAT);
      asc_matmul_async_get_tensor_c(&mm, t);
      ub_to_gm(out_q, t, cg, 0, M * N);
    }
    break;
  case E_BATCH_ZERO:
    g_line = __LINE__ + 1;
    asc_matmul_set_batch_num(&mm, 0, 1);
    break;
  case E_BATCH_OVER: /* the tiling's BatchNum is 2 */
    g_line = __LINE__ + 1;
    asc_matmul_iterate_batch(&mm, cg, 3, 3, false, 0, 0, 0);
    break;
  case E_CUBE_NO_NUM:
    g_line = __LINE__ + 1;
    asc_matmul_iterate_batch_cube_only(&mm, cg, false, 0, false, 0, 0, 0);
    break;
  case E_NB_NO_WS:
  case E_NB_NOT_CFG:
    g_line = __LINE__ + 1;
    asc_matmul_iterate_n_batch(&mm, 2, 2, 2, false, 0, 0, 0);
    break;
  case E_GET_BATCH_EMPTY: {
    asc_matmul_set_workspace(&mm, wg);
    g_line = __LINE__ + 1;
    asc_global_tensor s = asc_matmul_get_batch_tensor_c(&mm, 2, 2, false);
    (void)s;
    break;
  }
  case E_RETURN_NO_ITER: {
    asc_matmul_set_workspace(&mm, wg);
    g_line = __LINE__ + 1;
    asc_global_tensor t = asc_matmul_get_tensor_c(&mm, 0, false);
    (void)t;
    break;
  }
  case E_HF32_ON:
    g_line = __LINE__ + 1;
    asc_matmul_set_hf32(&mm, true, 0);
    break;
  case E_LAYOUT:
    g_line = __LINE__ + 1;
    asc_matmul_iterate_batch(&mm, cg, 2, 2, false, 0, 0, 0);
    break;
  case L_BSNGD:
  case L_SBNGD:
    asc_matmul_iterate_batch(&mm, cg, 4, 4, false, 0, 0, 0);
    break;
  case E_LAYOUT_TRANS: /* B given untransposed */
    g_line = __LINE__ + 1;
    asc_matmul_iterate_batch(&mm, cg, 4, 4, false, 0, 0, 0);
    break;
  }
  asc_matmul_end(&mm);
}

/* The host side: inputs, tiling, the launch. */
static int16_t a_in[A_ELEMS], b_in[B_ELEMS]; /* small integers */
static uint16_t a_h[A_ELEMS], b_h[B_ELEMS];  /* as half */
static int8_t a_8[A_ELEMS], b_8[B_ELEMS];
static float c_f[C_ELEMS], ws_f[WS_ELEMS];
static uint16_t c_h[C_ELEMS], ws_h[WS_ELEMS];
static uint64_t qv[N];

static casc_launch_result launch(casc_ctx *ctx, mode m) {
  casc_op *module = casc_jit_build(ctx, "kernel", kernel, &m);
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  if (!module)
    return res;
  for (int i = 0; i < A_ELEMS; i++) {
    a_in[i] = (int16_t)((i * 7 + 3) % 9 - 4);
    a_h[i] = casc_f32_to_f16(a_in[i]);
    a_8[i] = (int8_t)a_in[i];
  }
  for (int i = 0; i < B_ELEMS; i++) {
    b_in[i] = (int16_t)((i * 5 + 1) % 7 - 3);
    b_h[i] = casc_f32_to_f16(b_in[i]);
    b_8[i] = (int8_t)b_in[i];
  }
  for (int i = 0; i < C_ELEMS; i++)
    c_f[i] = -1.0f, c_h[i] = 0xffff;
  memset(ws_f, 0, sizeof ws_f);
  memset(ws_h, 0, sizeof ws_h);
  /* DEQF16 scales (an f32's bits in the low word): 0.5, 0.25, 2, 1 */
  static const uint32_t sc[4] = {0x3f000000u, 0x3e800000u, 0x40000000u,
                                 0x3f800000u};
  for (int j = 0; j < N; j++)
    qv[j] = sc[j % 4];
  asc_tcube_tiling t;
  memset(&t, 0, sizeof t);
  t.used_core_num = 1;
  t.m = M, t.n = N, t.k_a = t.k_b = K;
  t.single_core_m = M, t.single_core_n = N, t.single_core_k = K;
  t.base_m = M, t.base_n = N, t.base_k = K;
  t.depth_a1 = t.depth_b1 = t.step_m = t.step_n = 1;
  t.batch_num = m == E_BATCH_OVER ? 2 : 0;
  /* the layouts' axes: B 2, S 32 (M for A and C, N for B), N 1, G 2, D 32
   * (K; S2 = N for C) */
  int32_t ax[5] = {LB, M, LN, LG, K};
  memcpy(&t.a_layout_info_b, ax, sizeof ax);
  memcpy(&t.b_layout_info_b, ax, sizeof ax);
  memcpy(&t.c_layout_info_b, ax, sizeof ax);
  bool i8 = m == QUANT_VEC;
  casc_arg args[6] = {i8 ? casc_arg_gm(a_8, CASC_DT_I8, A_ELEMS)
                         : casc_arg_gm(a_h, CASC_DT_F16, A_ELEMS),
                      i8 ? casc_arg_gm(b_8, CASC_DT_I8, B_ELEMS)
                         : casc_arg_gm(b_h, CASC_DT_F16, B_ELEMS),
                      i8 ? casc_arg_gm(c_h, CASC_DT_F16, C_ELEMS)
                         : casc_arg_gm(c_f, CASC_DT_F32, C_ELEMS),
                      casc_arg_gm(&t, CASC_DT_I32, ASC_TCUBE_TILING_FIELDS),
                      i8 ? casc_arg_gm(ws_h, CASC_DT_F16, WS_ELEMS)
                         : casc_arg_gm(ws_f, CASC_DT_F32, WS_ELEMS),
                      casc_arg_gm(qv, CASC_DT_U64, N)};
  casc_launch(ctx, module, "kernel", 1, args, 6, NULL, &res);
  return res;
}

/* A x B of batch i (A's matrices sa elements apart, B's sb), element (r,
 * j); A or B replaced by a constant when sa / sb is negative (-value). */
static int64_t ref(int i, int r, int j, int sa, int sb) {
  int64_t s = 0;
  for (int kk = 0; kk < K; kk++) {
    int64_t x = sa < 0 ? -sa : a_in[i * sa + r * K + kk];
    int64_t y = sb < 0 ? -sb : b_in[i * sb + kk * N + j];
    s += x * y;
  }
  return s;
}

/* Element (s, d) of batch (bb, n, g) in a BSNGD or SBNGD tensor with S
 * rows (B, N, G, D: the layouts' axes above). */
static int64_t sd_at(const int16_t *x, bool bsngd, int bb, int s, int n, int g,
                     int d, int S) {
  if (bsngd)
    return x[(((bb * S + s) * LN + n) * LG + g) * K + d];
  return x[(((s * LB + bb) * LN + n) * LG + g) * K + d];
}

/* A BSNGD / SBNGD batch matmul: C in BNGS1S2, batch (bb, n, g)'s M x N
 * product of A's M x K and B's N x K (transposed). */
static void expect_layout(mode m) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  launch(ctx, m);
  for (unsigned i = 0; i < diags.n; i++)
    casc_diag_print(diags.items[i], stderr);
  CHECK_EQ_INT(diags.n, 0);
  unsigned bad = 0;
  for (int bb = 0; bb < LB; bb++)
    for (int n = 0; n < LN; n++)
      for (int g = 0; g < LG; g++)
        for (int r = 0; r < M; r++)
          for (int j = 0; j < N; j++) {
            int64_t want = 0;
            for (int d = 0; d < K; d++)
              want += sd_at(a_in, m == L_BSNGD, bb, r, n, g, d, M) *
                      sd_at(b_in, m == L_BSNGD, bb, j, n, g, d, N);
            int at = (((bb * LN + n) * LG + g) * M + r) * N + j;
            bad += c_f[at] != (float)want;
          }
  CHECK_EQ_INT(bad, 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_layout_bsngd(void) {
  expect_layout(L_BSNGD);
}
static void test_layout_sbngd(void) {
  expect_layout(L_SBNGD);
}

/* C's first `batches` matrices of M x N against ref; the rest untouched. */
static void expect_c(mode m, int batches, int sa, int sb) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_launch_result res = launch(ctx, m);
  for (unsigned i = 0; i < diags.n; i++)
    casc_diag_print(diags.items[i], stderr);
  CHECK_EQ_INT(diags.n, 0);
  CHECK_EQ_INT(res.warnings, 0);
  unsigned bad = 0;
  for (int i = 0; i < C_ELEMS; i++) {
    int bi = i / (M * N), r = i % (M * N) / N, j = i % N;
    float want = bi < batches ? (float)ref(bi, r, j, sa, sb) : -1.0f;
    bad += c_f[i] != want;
  }
  CHECK_EQ_INT(bad, 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_scalar_a(void) {
  expect_c(SCALAR_A, 1, -3, K * N);
}
static void test_scalar_b_hf32_off(void) {
  expect_c(SCALAR_B, 1, M * K, -2);
}
static void test_iterate_batch(void) {
  expect_c(BATCH_MIX, 3, M * K, K * N);
}
static void test_iterate_batch_cube_only(void) {
  expect_c(BATCH_CUBE, 2, M * K + GAP_A, K * N + GAP_B);
}
static void test_iterate_n_batch(void) {
  expect_c(N_BATCH, 4, M * K, K * N);
}
static void test_get_tensor_c_return(void) {
  expect_c(RETURN_C, 1, M * K, K * N);
}
static void test_async_get_tensor_c(void) {
  expect_c(ASYNC_C, 1, M * K, K * N);
}
static void test_user_data_no_effect(void) {
  expect_c(USER_DATA, 1, M * K, K * N);
}

/* int8 into half: column j's int32 sum times its SetQuantVector scale,
 * rounded to half (exact here: small integers times powers of two). */
static void test_quant_vector(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  launch(ctx, QUANT_VEC);
  for (unsigned i = 0; i < diags.n; i++)
    casc_diag_print(diags.items[i], stderr);
  CHECK_EQ_INT(diags.n, 0);
  static const float sc[4] = {0.5f, 0.25f, 2.0f, 1.0f};
  unsigned bad = 0;
  for (int r = 0; r < M; r++)
    for (int j = 0; j < N; j++)
      bad += c_h[r * N + j] !=
             casc_f32_to_f16((float)ref(0, r, j, M * K, K * N) * sc[j % 4]);
  CHECK_EQ_INT(bad, 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void expect_issue(mode m, const char *check, const char *msg_part) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_launch_result res = launch(ctx, m);
  const casc_sim_issue *is = first_issue(&res, CASC_SEV_ERROR);
  REQUIRE(is != NULL);
  CHECK_STREQ(casc_sim_check_name(is->check), check);
  CHECK_EQ_INT(is->block, 0);
  CHECK_EQ_INT((int)is->loc->u.file.line, g_line);
  CHECK(strstr(is->msg, msg_part) != NULL);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* The C API's IR as pyasc's front end builds it: MatmulType's layout is
 * the type's fifth item (pyasc: `f16, false, 1 : i32` for LayoutMode
 * NORMAL); the cube-only IterateBatch takes the op's operands of
 * Matmul.td (pyasc's own builder call leaves out the tensor) as pyasc
 * materialises them: bit, uint8, bit, three uint32. */
static void test_ir(void) {
  casc_ctx *ctx = casc_ctx_new();
  mode m = BATCH_CUBE;
  casc_op *module = casc_jit_build(ctx, "kernel", kernel, &m);
  REQUIRE(module != NULL);
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, module, NULL, &text);
  const char *s = casc_buf_str(&text);
  CHECK(strstr(s, "!ascendc.matmul<gm, 0 : i32, f16, false, 1 : i32, gm, "
                  "0 : i32, f16, false, 1 : i32, gm, 0 : i32, f32, false, "
                  "1 : i32, gm") != NULL);
  CHECK(strstr(s, "ascendc.matmul.iterate_batch_cube_only") != NULL);
  CHECK(strstr(s, "!ascendc.global_tensor<*xf32>, i1, ui8, i1, ui32, ui32, "
                  "ui32\n") != NULL);
  casc_buf_free(&text);
  casc_ctx_free(ctx);
}

static void test_misuse(void) {
  expect_issue(E_BATCH_ZERO, "bad-value", "must be at least 1");
  expect_issue(E_BATCH_OVER, "bad-value", "exceed the tiling's BatchNum 2");
  expect_issue(E_CUBE_NO_NUM, "bad-value", "SetBatchNum, which was not");
  expect_issue(E_NB_NO_WS, "bad-value", "SetWorkspace, which was not");
  expect_issue(E_NB_NOT_CFG, "bad-value", "isNBatch");
  expect_issue(E_GET_BATCH_EMPTY, "bad-value", "no IterateNBatch slice");
  expect_issue(E_RETURN_NO_ITER, "bad-value", "no Iterate result");
  expect_issue(E_HF32_ON, "unsupported", "HF32 format");
  expect_issue(E_LAYOUT, "unsupported", "LayoutMode 2, 2, 2");
  expect_issue(E_LAYOUT_TRANS, "bad-value", "B transposed");
}

int main(void) {
  RUN_TEST(test_scalar_a);
  RUN_TEST(test_scalar_b_hf32_off);
  RUN_TEST(test_iterate_batch);
  RUN_TEST(test_iterate_batch_cube_only);
  RUN_TEST(test_iterate_n_batch);
  RUN_TEST(test_get_tensor_c_return);
  RUN_TEST(test_async_get_tensor_c);
  RUN_TEST(test_user_data_no_effect);
  RUN_TEST(test_quant_vector);
  RUN_TEST(test_layout_bsngd);
  RUN_TEST(test_layout_sbngd);
  RUN_TEST(test_ir);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
