/* The cube path's sanitizer, end to end: one 16 x 16 x 16 f16 matmul with
 * LocalTensors at explicit addresses and set_flag / wait_flag between the
 * pipes (GM -MTE2-> L1 -MTE1-> L0A/L0B -M-> L0C -FIX-> GM), correct and with
 * one mistake each: each new check fires with its category, the C line
 * of the op and the block; the correct kernel is silent and right. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"
#include "sim_issue.h"

typedef enum {
  OK,
  MISALIGNED_L0A, /* A2 at 256, not on a 512-byte fractal */
  ACCUMULATE_FRESH_L0C,
  FIXPIPE_UNWRITTEN_L0C,
  NO_MTE1_M_SYNC, /* the cube reads L0A/L0B the MTE1 may still write */
  L0A_CAPACITY,   /* InitBuffer beyond L0A's 64 KiB */
  BIAS /* correct, with a bias row: GM -> C1 (L1) -> C2 (BiasTable) */
} mode;

static int g_line; /* the C line of the op the mistake is expected at */

static void kernel(asc_kernel *k, void *user) {
  mode m = *(const mode *)user;
  asc_gm_addr a = asc_arg_gm(k, "a", ASC_HALF);
  asc_gm_addr b = asc_arg_gm(k, "b", ASC_HALF);
  asc_gm_addr c = asc_arg_gm(k, "c", ASC_FLOAT);
  asc_global_tensor ag = asc_globaltensor(), bg = asc_globaltensor();
  asc_global_tensor cg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(ag, a);
  asc_globaltensor_set_global_buffer(bg, b);
  asc_globaltensor_set_global_buffer(cg, c);
  if (m == L0A_CAPACITY) {
    asc_tpipe pipe = asc_tpipe();
    asc_tquebind q = asc_tque(ASC_TPOSITION_A2, 1);
    g_line = __LINE__ + 1;
    asc_tpipe_init_buffer(pipe, q, 2, 64 * 1024);
    return;
  }
  asc_local_tensor a1 = asc_localtensor(ASC_HALF, ASC_TPOSITION_A1, 0, 256);
  asc_local_tensor b1 = asc_localtensor(ASC_HALF, ASC_TPOSITION_B1, 512, 256);
  asc_local_tensor a2 = asc_localtensor(ASC_HALF, ASC_TPOSITION_A2,
                                        m == MISALIGNED_L0A ? 256 : 0, 256);
  asc_local_tensor b2 = asc_localtensor(ASC_HALF, ASC_TPOSITION_B2, 0, 256);
  asc_local_tensor c1 = asc_localtensor(ASC_FLOAT, ASC_TPOSITION_CO1, 0, 256);
  asc_local_tensor c1_other =
      asc_localtensor(ASC_FLOAT, ASC_TPOSITION_CO1, 1024, 256);
  asc_local_tensor bias_l1 =
      asc_localtensor(ASC_FLOAT, ASC_TPOSITION_C1, 2048, 16);
  asc_local_tensor bias_bt =
      asc_localtensor(ASC_FLOAT, ASC_TPOSITION_C2, 0, 16);
  asc_data_copy(a1, ag, asc_nd2nzparams(1, 16, 16, 0, 16, 16, 1, 0));
  asc_data_copy(b1, bg, asc_nd2nzparams(1, 16, 16, 0, 16, 16, 1, 0));
  /* the bias row: c[512..528) on entry (block k writes c[256k, 256k+256)) */
  if (m == BIAS)
    asc_data_copy(bias_l1, asc_globaltensor_subindex(cg, 512), 16);
  asc_set_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  asc_wait_flag(ASC_HARDEVENT_MTE2_MTE1, 0);
  if (m == BIAS) /* L1 -> BiasTable: MTE1, like the loads */
    asc_data_copy(bias_bt, bias_l1, 16);
  if (m == MISALIGNED_L0A)
    g_line = __LINE__ + 1;
  asc_load_data(a2, a1, asc_loaddata2dparams(0, 1, 1, 0, 0, 0, 0));
  asc_load_data(b2, b1, asc_loaddata2dparams(0, 1, 1, 0, 0, 1, 0));
  if (m != NO_MTE1_M_SYNC) {
    asc_set_flag(ASC_HARDEVENT_MTE1_M, 0);
    asc_wait_flag(ASC_HARDEVENT_MTE1_M, 0);
  }
  if (m == BIAS) {
    asc_mmad(c1, a2, b2, bias_bt, asc_mmadparams(16, 16, 16, 0, 1, 0));
  } else {
    if (m == ACCUMULATE_FRESH_L0C || m == NO_MTE1_M_SYNC)
      g_line = __LINE__ + 1;
    asc_mmad(c1, a2, b2,
             asc_mmadparams(16, 16, 16, 0, 0, m != ACCUMULATE_FRESH_L0C));
  }
  asc_set_flag(ASC_HARDEVENT_M_FIX, 0);
  asc_wait_flag(ASC_HARDEVENT_M_FIX, 0);
  if (m == FIXPIPE_UNWRITTEN_L0C)
    g_line = __LINE__ + 1;
  asc_fixpipe(asc_globaltensor_subindex(cg, asc_mul(asc_get_block_idx(), 256)),
              m == FIXPIPE_UNWRITTEN_L0C ? c1_other : c1,
              asc_fixpipeparamsv220(16, 16, 16, 16, 0, 0),
              asc_fixpipeconfig(ASC_CO2LAYOUT_ROW_MAJOR));
}

/* Runs mode on 2 blocks (with the timing model: the race detector), each
 * writing its own 256 floats of c (blocks that wrote the same GM would race:
 * gm-race), and puts the reference into c[768..1024). */
static casc_launch_result run(casc_ctx *ctx, mode m, float *c) {
  static uint16_t a[256], b[256];
  for (int i = 0; i < 256; i++) {
    a[i] = casc_f32_to_f16((float)(i % 7) - 3.0f);
    b[i] = casc_f32_to_f16((float)(i % 5) - 2.0f);
  }
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_op *mod = casc_jit_build(ctx, "k", kernel, &m);
  casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
  CHECK(p != NULL);
  if (!p)
    return res;
  casc_arg args[3] = {casc_arg_gm(a, CASC_DT_F16, 256),
                      casc_arg_gm(b, CASC_DT_F16, 256),
                      casc_arg_gm(c, CASC_DT_F32, 1024)};
  casc_sim_run_timed(p, 2, args, 3, NULL, NULL, &res);
  casc_sim_program_free(p);
  for (int i = 0; i < 16; i++) /* the reference, for OK */
    for (int j = 0; j < 16; j++) {
      float s = 0;
      for (int kk = 0; kk < 16; kk++)
        s += casc_f16_to_f32(a[i * 16 + kk]) * casc_f16_to_f32(b[kk * 16 + j]);
      c[768 + i * 16 + j] = s;
    }
  return res;
}

static void test_correct_kernel_is_silent_and_right(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  float c[1024] = {0};
  mode m = OK;
  casc_launch_result res = run(ctx, m, c);
  CHECK_EQ_INT((int)res.nissues, 0);
  int bad = 0;
  for (int i = 0; i < 256; i++)
    bad += (c[i] != c[768 + i]) + (c[256 + i] != c[768 + i]);
  CHECK_EQ_INT(bad, 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* Mmad's bias form: C = bias row + A x B, the bias taken GM -> C1 -> C2
 * (the L1 -> BiasTable DataCopy runs on MTE1, ordered by the MTE1_M flag
 * of the loads: no race). */
static void test_bias(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  float c[1024] = {0}, bias[16];
  for (int j = 0; j < 16; j++)
    c[512 + j] = bias[j] = 0.25f * (float)j - 1.5f;
  casc_launch_result res = run(ctx, BIAS, c);
  CHECK_EQ_INT((int)res.nissues, 0);
  int bad = 0;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      for (int k = 0; k < 2; k++)
        if (c[k * 256 + i * 16 + j] != bias[j] + c[768 + i * 16 + j] &&
            bad++ < 3)
          fprintf(stderr, "  block %d: C[%d][%d] = %g, want %g + %g\n", k, i, j,
                  c[k * 256 + i * 16 + j], bias[j], c[768 + i * 16 + j]);
  CHECK_EQ_INT(bad, 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void expect(mode m, const char *check) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  float c[1024] = {0};
  casc_launch_result res = run(ctx, m, c);
  const casc_sim_issue *is = first_issue(&res, CASC_SEV_ERROR);
  REQUIRE(is != NULL);
  CHECK_STREQ(casc_sim_check_name(is->check), check);
  CHECK_EQ_INT(is->block, 0);
  CHECK_EQ_INT((int)is->loc->u.file.line, g_line);
  /* both blocks make the mistake */
  bool block1 = false;
  for (unsigned i = 0; i < res.nissues; i++)
    block1 |= res.issues[i].block == 1 && res.issues[i].check == is->check;
  CHECK(block1);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_fractal_alignment(void) {
  expect(MISALIGNED_L0A, "fractal-alignment");
}
static void test_l0c_read_before_mmad(void) {
  expect(ACCUMULATE_FRESH_L0C, "l0c-uninit");
  expect(FIXPIPE_UNWRITTEN_L0C, "l0c-uninit");
}
static void test_missing_mte1_m_sync(void) {
  expect(NO_MTE1_M_SYNC, "race");
}
static void test_l0_capacity(void) {
  expect(L0A_CAPACITY, "ub-capacity");
}

int main(void) {
  RUN_TEST(test_correct_kernel_is_silent_and_right);
  RUN_TEST(test_fractal_alignment);
  RUN_TEST(test_l0c_read_before_mmad);
  RUN_TEST(test_missing_mte1_m_sync);
  RUN_TEST(test_l0_capacity);
  RUN_TEST(test_bias);
  return CHECK_SUMMARY();
}
