/* The C API of casc/asc_sys.h end to end: kernels built with the atomic,
 * SyncAll, cache and system calls print the ops pyasc's builders make and
 * run on the simulator against plain C (four blocks add into one row under
 * SetAtomicAdd, then hand rows on across SyncAll); misuse is a located
 * error naming the API. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "lang_expect.h"

enum { N = 64, BLOCKS = 4 };

/* Every block adds x[0, N) into z[0, N) atomically, then after a SyncAll
 * copies z into its own row of w; block b writes its block-bit functions
 * and the atomic config into o[4 b, 4 b + 4). */
static void atomic_sync_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_gm_addr z = asc_arg_gm(k, "z", ASC_FLOAT);
  asc_gm_addr w = asc_arg_gm(k, "w", ASC_FLOAT);
  asc_gm_addr o = asc_arg_gm(k, "o", ASC_INT64);
  asc_global_tensor xg = asc_globaltensor(), zg = asc_globaltensor();
  asc_global_tensor wg = asc_globaltensor(), og = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_globaltensor_set_global_buffer(zg, z);
  asc_globaltensor_set_global_buffer(wg, w);
  asc_globaltensor_set_global_buffer(og, o);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, N * 4);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_data_copy(t, xg, N);
  asc_tquebind_enque(q, t);
  asc_local_tensor d = asc_tquebind_deque(q, ASC_FLOAT);
  asc_set_atomic_add(ASC_FLOAT);
  asc_data_copy(zg, d, N);
  asc_int atype, aop;
  asc_get_store_atomic_config(&atype, &aop);
  asc_set_atomic_none();
  asc_tquebind_free_tensor(q, d);
  asc_data_cache_clean_and_invalid(ASC_CACHELINE_ENTIRE_DATA_CACHE, zg,
                                   ASC_DCCIDST_CACHELINE_OUT);
  asc_data_sync_barrier(ASC_MEMDSBT_ALL);
  asc_sync_all();
  asc_local_tensor t2 = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_data_copy(t2, zg, N);
  asc_tquebind_enque(q, t2);
  asc_local_tensor d2 = asc_tquebind_deque(q, ASC_FLOAT);
  asc_int b = asc_get_block_idx();
  asc_data_copy(asc_globaltensor_subindex(wg, asc_mul(b, N)), d2, N);
  asc_tquebind_free_tensor(q, d2);
  asc_int base = asc_mul(b, 4);
  asc_globaltensor_set_value(og, base, asc_scalar_count_leading_zero(b));
  asc_globaltensor_set_value(og, asc_add(base, 1),
                             asc_scalar_get_count_of_value(b, 1));
  asc_globaltensor_set_value(og, asc_add(base, 2),
                             asc_get_data_block_size_in_bytes());
  asc_globaltensor_set_value(og, asc_add(base, 3), atype);
  /* ScalarCast of 2.5 + block: CAST_RINT (to even) and CAST_CEIL */
  asc_float v = asc_add(asc_to_float(b, ASC_FLOAT), 2.5f);
  asc_globaltensor_set_value(
      og, asc_add(base, 16),
      asc_scalar_cast_int(v, ASC_INT32, ASC_ROUNDMODE_CAST_RINT));
  asc_globaltensor_set_value(
      og, asc_add(base, 17),
      asc_scalar_cast_int(v, ASC_INT32, ASC_ROUNDMODE_CAST_CEIL));
  (void)aop;
}

static void test_atomic_sync_api(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "k", atomic_sync_kernel, NULL);
  REQUIRE(m != NULL);
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, m, NULL, &text);
  const char *want[] = {"ascendc.set_atomic_add",
                        "{dtype = f32}",
                        "ascendc.get_store_atomic_config : i16, i16",
                        "ascendc.set_atomic_none",
                        "ascendc.data_cache_clean_invalid_global",
                        "ascendc.data_sync_barrier",
                        "ascendc.sync_all_hard",
                        "ascendc.scalar_count_leading_zero",
                        "ascendc.scalar_get_count_of_value",
                        "ascendc.get_data_block_size_in_bytes"};
  for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
    bool found = text.data && strstr(text.data, want[i]);
    CHECK(found);
    if (!found)
      fprintf(stderr, "missing: %s\n", want[i]);
  }
  casc_buf_free(&text);

  float x[N], z[N], w[BLOCKS * N];
  int64_t o[4 * BLOCKS + 16];
  for (int i = 0; i < N; i++) {
    x[i] = (float)(i % 9) - 4; /* integers: exact in any order */
    z[i] = 1;
  }
  memset(w, 0, sizeof w);
  memset(o, 0, sizeof o);
  casc_arg args[4] = {casc_arg_gm(x, CASC_DT_F32, N),
                      casc_arg_gm(z, CASC_DT_F32, N),
                      casc_arg_gm(w, CASC_DT_F32, BLOCKS * N),
                      casc_arg_gm(o, CASC_DT_I64, 4 * BLOCKS + 16)};
  casc_launch_result res;
  casc_launch_status st = casc_launch(ctx, m, "k", BLOCKS, args, 4, NULL, &res);
  if (st != CASC_LAUNCH_OK)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  for (int i = 0; i < N; i++)
    CHECK(z[i] == 1 + BLOCKS * x[i]);
  for (int b = 0; b < BLOCKS; b++) {
    for (int i = 0; i < N; i++)
      CHECK(w[b * N + i] == 1 + BLOCKS * x[i]);
    uint64_t u = (uint64_t)b;
    CHECK(o[4 * b] == (u ? __builtin_clzll(u) : 64));
    CHECK(o[4 * b + 1] == __builtin_popcountll(u));
    CHECK(o[4 * b + 2] == 32);
    CHECK(o[4 * b + 3] == 1); /* ATOMIC_F32 while SetAtomicAdd<float> */
    double v = 2.5 + b;
    CHECK(o[4 * b + 16] == (int64_t)nearbyint(v));
    CHECK(o[4 * b + 17] == (int64_t)ceil(v));
  }
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* Static tensors: x -> t1 (VECIN) -> z through a LocalMemAllocator of UB,
 * with a runtime-sized second tensor; o[0] = GetCurAddr, o[1] = the
 * position of a TBuf tensor, o[2] = its size after SetSize(16), o[3] = the
 * distance SetAddrWithOffset(+8) moved a view, o[4] = GetBaseAddr. */
static void static_tensor_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_gm_addr z = asc_arg_gm(k, "z", ASC_FLOAT);
  asc_gm_addr o = asc_arg_gm(k, "o", ASC_INT32);
  asc_int n = asc_arg_int(k, "n", ASC_INT32);
  asc_global_tensor xg = asc_globaltensor(), zg = asc_globaltensor();
  asc_global_tensor og = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_globaltensor_set_global_buffer(zg, z);
  asc_globaltensor_set_global_buffer(og, o);
  asc_local_mem_allocator a = asc_localmemallocator(ASC_HARDWARE_UB);
  asc_local_tensor t1 =
      asc_localmemallocator_alloc(a, ASC_TPOSITION_VECIN, ASC_FLOAT, N);
  asc_local_tensor t2 =
      asc_localmemallocator_alloc(a, ASC_TPOSITION_VECOUT, ASC_FLOAT, n);
  (void)t2;
  asc_data_copy(t1, xg, N);
  asc_pipe_barrier(ASC_PIPEID_PIPE_ALL);
  asc_data_copy(zg, t1, N);
  asc_globaltensor_set_value(og, 0, asc_localmemallocator_get_cur_addr(a));
}

static void tensor_meta_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr o = asc_arg_gm(k, "o", ASC_INT32);
  asc_global_tensor og = asc_globaltensor();
  asc_globaltensor_set_global_buffer(og, o);
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, tb, 256);
  asc_local_tensor t = asc_tbuf_get(tb, ASC_FLOAT);
  asc_local_tensor v = asc_tbuf_get(tb, ASC_FLOAT);
  asc_localtensor_set_size(t, 16);
  asc_localtensor_set_addr_with_offset(v, t, 8);
  asc_globaltensor_set_value(og, 1, asc_localtensor_get_position(t));
  asc_globaltensor_set_value(og, 2, asc_localtensor_get_size(t));
  asc_globaltensor_set_value(
      og, 3,
      asc_sub(asc_to_int(asc_localtensor_get_phy_addr(v), ASC_INT32),
              asc_to_int(asc_localtensor_get_phy_addr(t), ASC_INT32)));
  asc_globaltensor_set_value(
      og, 4, asc_tpipe_get_base_addr(pipe, ASC_TPOSITION_VECIN));
}

static void test_static_tensors_api(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "s", static_tensor_kernel, NULL);
  casc_op *m2 = casc_jit_build(ctx, "t", tensor_meta_kernel, NULL);
  if (!m || !m2)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL && m2 != NULL);
  float x[N], z[N];
  int32_t o[8] = {0};
  for (int i = 0; i < N; i++)
    x[i] = (float)i / 8;
  memset(z, 0, sizeof z);
  casc_arg args[4] = {
      casc_arg_gm(x, CASC_DT_F32, N), casc_arg_gm(z, CASC_DT_F32, N),
      casc_arg_gm(o, CASC_DT_I32, 8), casc_arg_int(CASC_DT_I32, 24)};
  casc_launch_status st = casc_launch(ctx, m, "s", 1, args, 4, NULL, NULL);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK(memcmp(z, x, sizeof z) == 0);
  CHECK_EQ_INT(o[0], (N + 24) * 4); /* 64 + 24 floats handed out */
  st = casc_launch(ctx, m2, "t", 1, args + 2, 1, NULL, NULL);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(o[1], ASC_TPOSITION_VECCALC);
  CHECK_EQ_INT(o[2], 16);
  CHECK_EQ_INT(o[3], 8 * 4);
  CHECK_EQ_INT(o[4], 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* Misuse: one located error naming the API. */
static void bad_dtype(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_set_atomic_add((asc_dtype)999);
}

static void bad_workspace(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr g = asc_arg_gm(k, "g", ASC_FLOAT);
  asc_global_tensor gg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(gg, g);
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, tb, 256);
  asc_local_tensor u = asc_tbuf_get(tb, ASC_INT32);
  asc_sync_all(gg, u);
}

static void bad_barrier(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_data_sync_barrier((asc_memdsbt)7);
}

static void test_misuse(void) {
  expect_build_error(bad_dtype,
                     "asc_set_atomic_add: dtype: 999 is not a valid dtype");
  expect_build_error(bad_workspace,
                     "asc_sync_all: the workspaces must be int32 tensors "
                     "(gm_workspace is f32, ub_workspace i32)");
  expect_build_error(bad_barrier,
                     "asc_data_sync_barrier: 7 is not a valid MemDsbT");
  /* outside a build: the per-thread error */
  casc_lang_clear_errors();
  asc_sync_all();
  const char *e = casc_lang_last_error();
  CHECK(e &&
        strstr(e, "asc_sync_all must be called while a kernel is being built"));
}

int main(void) {
  RUN_TEST(test_atomic_sync_api);
  RUN_TEST(test_static_tensors_api);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
