/* The simulator runs kernels and gets the right numbers: a double-buffered
 * add in f16 / f32 / i32 / bf16 for several block and thread counts against
 * a plain C loop (bit-exact), scalar control flow, casts with each round
 * mode, reductions, and that results do not depend on the thread count. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "sim_env.h"

static void print_diags(env *e) {
  for (unsigned i = 0; i < e->diags.n; i++)
    casc_diag_print(e->diags.items[i], stderr);
}

/* z = x + y, block b handles [b*len, (b+1)*len) in tiles of `tile`, two
 * buffers per queue. @T@ is the element type, @S@ the tile bytes. */
static const char *add_tmpl =
    "module {\n"
    "  func.func @add(%x: memref<?x@T@, 22> loc(\"x\"), %y: memref<?x@T@, 22> "
    "loc(\"y\"),\n"
    "                 %z: memref<?x@T@, 22> loc(\"z\"), %len: i32 "
    "loc(\"len\"), %tile: i32) "
    "attributes {ascendc.aicore, ascendc.global} {\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c2 = arith.constant 2 : i32\n"
    "    %bytes = arith.constant @S@ : i32\n"
    "    %b = ascendc.get_block_idx : i32\n"
    "    %off = arith.muli %b, %len : i32\n"
    "    %offi = arith.index_cast %off : i32 to index\n"
    "    %xp = emitasc.ptr_offset %x[%offi] : memref<?x@T@, 22>, memref<?x@T@, "
    "22>\n"
    "    %yp = emitasc.ptr_offset %y[%offi] : memref<?x@T@, 22>, memref<?x@T@, "
    "22>\n"
    "    %zp = emitasc.ptr_offset %z[%offi] : memref<?x@T@, 22>, memref<?x@T@, "
    "22>\n"
    "    %xg = ascendc.global_tensor : !ascendc.global_tensor<*x@T@>\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %xp : "
    "!ascendc.global_tensor<*x@T@>, memref<?x@T@, 22>\n"
    "    %yg = ascendc.global_tensor : !ascendc.global_tensor<*x@T@>\n"
    "    ascendc.global_tensor.set_global_buffer %yg, %yp : "
    "!ascendc.global_tensor<*x@T@>, memref<?x@T@, 22>\n"
    "    %zg = ascendc.global_tensor : !ascendc.global_tensor<*x@T@>\n"
    "    ascendc.global_tensor.set_global_buffer %zg, %zp : "
    "!ascendc.global_tensor<*x@T@>, memref<?x@T@, 22>\n"
    "    %pipe = ascendc.pipe\n"
    "    %qx = ascendc.queue : <vecin, 2>\n"
    "    %qy = ascendc.queue : <vecin, 2>\n"
    "    %qz = ascendc.queue : <vecout, 2>\n"
    "    ascendc.pipe.init_queue %pipe, %qx, %c2, %bytes : "
    "!ascendc.queue<vecin, 2>, i32, i32\n"
    "    ascendc.pipe.init_queue %pipe, %qy, %c2, %bytes : "
    "!ascendc.queue<vecin, 2>, i32, i32\n"
    "    ascendc.pipe.init_queue %pipe, %qz, %c2, %bytes : "
    "!ascendc.queue<vecout, 2>, i32, i32\n"
    "    %ntiles = arith.divsi %len, %tile : i32\n"
    "    scf.for %i = %c0 to %ntiles step %c1 : i32 {\n"
    "      %xl = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "      %yl = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "      %t0 = arith.muli %i, %tile : i32\n"
    "      %xs = ascendc.global_tensor.subindex %xg[%t0] : "
    "!ascendc.global_tensor<*x@T@>, i32, !ascendc.global_tensor<*x@T@>\n"
    "      ascendc.data_copy_l2 %xl, %xs, %tile : "
    "!ascendc.local_tensor<*x@T@>, !ascendc.global_tensor<*x@T@>, i32\n"
    "      %ys = ascendc.global_tensor.subindex %yg[%t0] : "
    "!ascendc.global_tensor<*x@T@>, i32, !ascendc.global_tensor<*x@T@>\n"
    "      ascendc.data_copy_l2 %yl, %ys, %tile : "
    "!ascendc.local_tensor<*x@T@>, !ascendc.global_tensor<*x@T@>, i32\n"
    "      ascendc.que_bind.enque_tensor %qx, %xl : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "      ascendc.que_bind.enque_tensor %qy, %yl : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "      %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "      %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "      %zl = ascendc.que_bind.alloc_tensor %qz : !ascendc.queue<vecout, "
    "2>, !ascendc.local_tensor<*x@T@>\n"
    "      ascendc.add_l2 %zl, %xd, %yd, %tile : !ascendc.local_tensor<*x@T@>, "
    "!ascendc.local_tensor<*x@T@>, !ascendc.local_tensor<*x@T@>, i32\n"
    "      ascendc.que_bind.enque_tensor %qz, %zl : !ascendc.queue<vecout, 2>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "      ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "      ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "      %zd = ascendc.que_bind.deque_tensor %qz : !ascendc.queue<vecout, "
    "2>, !ascendc.local_tensor<*x@T@>\n"
    "      %zs = ascendc.global_tensor.subindex %zg[%t0] : "
    "!ascendc.global_tensor<*x@T@>, i32, !ascendc.global_tensor<*x@T@>\n"
    "      ascendc.data_copy_l2 %zs, %zd, %tile : "
    "!ascendc.global_tensor<*x@T@>, !ascendc.local_tensor<*x@T@>, i32\n"
    "      ascendc.que_bind.free_tensor %qz, %zd : !ascendc.queue<vecout, 2>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

/* Replace every @K@ in tmpl (static buffer, one at a time). */
static char *subst(const char *tmpl, const char *k1, const char *v1,
                   const char *k2, const char *v2) {
  size_t cap = strlen(tmpl) * 2 + 256;
  char *out = malloc(cap);
  size_t o = 0;
  for (const char *p = tmpl; *p;) {
    if (k1 && strncmp(p, k1, strlen(k1)) == 0) {
      o += (size_t)snprintf(out + o, cap - o, "%s", v1);
      p += strlen(k1);
    } else if (k2 && strncmp(p, k2, strlen(k2)) == 0) {
      o += (size_t)snprintf(out + o, cap - o, "%s", v2);
      p += strlen(k2);
    } else {
      out[o++] = *p++;
    }
  }
  out[o] = 0;
  return out;
}

static uint32_t rng_state = 12345;
static uint32_t rnd32(void) {
  rng_state = rng_state * 1664525u + 1013904223u;
  return rng_state >> 8;
}

static void run_add(const char *ty, casc_dtype dt, unsigned blocks,
                    unsigned threads, int tile) {
  char sbytes[32];
  unsigned es = casc_dtype_size(dt);
  snprintf(sbytes, sizeof sbytes, "%u", tile * es);
  char *text = subst(add_tmpl, "@T@", ty, "@S@", sbytes);
  env e;
  bool parsed = env_parse(&e, text);
  free(text);
  CHECK(parsed);
  if (!parsed) {
    env_free(&e);
    return;
  }
  int len = tile * 8;
  size_t n = (size_t)len * blocks;
  uint8_t *x = malloc(n * es), *y = malloc(n * es), *z = calloc(n, es),
          *ref = malloc(n * es);
  for (size_t i = 0; i < n; i++) {
    if (dt == CASC_DT_F32) {
      float a = (float)((int)(rnd32() % 20000) - 10000) / 7.0f;
      float b = (float)((int)(rnd32() % 20000) - 10000) / 3.0f;
      float r = a + b;
      memcpy(x + 4 * i, &a, 4);
      memcpy(y + 4 * i, &b, 4);
      memcpy(ref + 4 * i, &r, 4);
    } else if (dt == CASC_DT_I32) {
      int32_t a = (int32_t)rnd32() * 3, b = (int32_t)rnd32();
      int32_t r = (int32_t)((uint32_t)a + (uint32_t)b); /* wraps */
      memcpy(x + 4 * i, &a, 4);
      memcpy(y + 4 * i, &b, 4);
      memcpy(ref + 4 * i, &r, 4);
    } else {
      bool bf = dt == CASC_DT_BF16;
      float a = (float)((int)(rnd32() % 20000) - 10000) / 9.0f;
      float b = (float)((int)(rnd32() % 2000) - 1000) / 13.0f;
      uint16_t ha = bf ? casc_f32_to_bf16(a) : casc_f32_to_f16(a);
      uint16_t hb = bf ? casc_f32_to_bf16(b) : casc_f32_to_f16(b);
      float fa = bf ? casc_bf16_to_f32(ha) : casc_f16_to_f32(ha);
      float fb = bf ? casc_bf16_to_f32(hb) : casc_f16_to_f32(hb);
      uint16_t hr = bf ? casc_f32_to_bf16(fa + fb) : casc_f32_to_f16(fa + fb);
      memcpy(x + 2 * i, &ha, 2);
      memcpy(y + 2 * i, &hb, 2);
      memcpy(ref + 2 * i, &hr, 2);
    }
  }
  casc_arg args[5] = {casc_arg_gm(x, dt, n), casc_arg_gm(y, dt, n),
                      casc_arg_gm(z, dt, n), casc_arg_int(CASC_DT_I32, len),
                      casc_arg_int(CASC_DT_I32, tile)};
  casc_launch_opts opts = {.threads = threads};
  casc_launch_result res;
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "add", blocks, args, 5, &opts, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(res.errors, 0);
  CHECK_EQ_INT(res.warnings, 0);
  if (st != CASC_LAUNCH_OK || e.diags.n)
    print_diags(&e);
  CHECK(memcmp(z, ref, n * es) == 0);
  free(x);
  free(y);
  free(z);
  free(ref);
  env_free(&e);
}

static void test_add_types(void) {
  run_add("f32", CASC_DT_F32, 4, 2, 64);
  run_add("f16", CASC_DT_F16, 3, 1, 128);
  run_add("i32", CASC_DT_I32, 5, 3, 8);
}

/* Add takes half, float, int16 and int32 on Atlas A2 (the DTYPES column of
 * its ops.def row); bfloat16 is rejected when the kernel is compiled, with
 * the C front end's wording, before any block runs. */
static void test_add_rejects_bf16(void) {
  char *text = subst(add_tmpl, "@T@", "bf16", "@S@", "256");
  env e;
  bool parsed = env_parse(&e, text);
  free(text);
  CHECK(parsed);
  if (!parsed) {
    env_free(&e);
    return;
  }
  uint16_t x[64] = {0}, y[64] = {0}, z[64] = {0};
  casc_arg args[5] = {
      casc_arg_gm(x, CASC_DT_BF16, 64), casc_arg_gm(y, CASC_DT_BF16, 64),
      casc_arg_gm(z, CASC_DT_BF16, 64), casc_arg_int(CASC_DT_I32, 64),
      casc_arg_int(CASC_DT_I32, 128)};
  casc_launch_opts opts = {.threads = 1};
  casc_launch_result res;
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "add", 1, args, 5, &opts, &res);
  CHECK(st != CASC_LAUNCH_OK);
  REQUIRE(e.diags.n == 1);
  CHECK_CONTAINS(e.diags.items[0]->msg,
                 "ascendc.add_l2: dst has dtype bfloat16; Add supports half, "
                 "float, int16, int32");
  env_free(&e);
}

static void test_add_blocks_threads(void) {
  for (unsigned blocks = 1; blocks <= 9; blocks += 4)
    for (unsigned threads = 1; threads <= 4; threads *= 2)
      run_add("f32", CASC_DT_F32, blocks, threads, 256);
  run_add("f16", CASC_DT_F16, 48, 0, 256);
}

/* Scalar control flow: sum of i*i for i < n with scf.for iter_args, a
 * conditional, a while loop and a call; results written with SetValue. */
static const char *scalar_kernel =
    "module {\n"
    "  func.func private @sq(%v: i32) -> i32 attributes {ascendc.aicore} {\n"
    "    %r = arith.muli %v, %v : i32\n"
    "    return %r : i32\n"
    "  }\n"
    "  func.func @k(%out: memref<?xi32, 22>, %n: i32) attributes "
    "{ascendc.global} {\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c2 = arith.constant 2 : i32\n"
    "    %u0 = arith.constant 0 : i64\n"
    "    %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>\n"
    "    ascendc.global_tensor.set_global_buffer %g, %out : "
    "!ascendc.global_tensor<*xi32>, memref<?xi32, 22>\n"
    "    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : "
    "i32 {\n"
    "      %q = func.call @sq(%i) : (i32) -> i32\n"
    "      %a = arith.addi %acc, %q : i32\n"
    "      scf.yield %a : i32\n"
    "    }\n"
    "    %b = ascendc.get_block_idx : i32\n"
    "    %odd = arith.remsi %b, %c2 : i32\n"
    "    %isodd = arith.cmpi ne, %odd, %c0 : i32\n"
    "    %v = scf.if %isodd -> (i32) {\n"
    "      %neg = arith.subi %c0, %s : i32\n"
    "      scf.yield %neg : i32\n"
    "    } else {\n"
    "      scf.yield %s : i32\n"
    "    }\n"
    "    %w:2 = scf.while (%x = %n, %cnt = %c0) : (i32, i32) -> (i32, i32) {\n"
    "      %more = arith.cmpi sgt, %x, %c1 : i32\n"
    "      scf.condition(%more) %x, %cnt : i32, i32\n"
    "    } do {\n"
    "    ^bb0(%x2: i32, %cnt2: i32):\n"
    "      %h = arith.divsi %x2, %c2 : i32\n"
    "      %c3 = arith.addi %cnt2, %c1 : i32\n"
    "      scf.yield %h, %c3 : i32, i32\n"
    "    }\n"
    "    %b64 = arith.extsi %b : i32 to i64\n"
    "    %two = arith.constant 2 : i64\n"
    "    %i0 = arith.muli %b64, %two : i64\n"
    "    %i0u = emitc.cast %i0 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %i0u, %v : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    %one = arith.constant 1 : i64\n"
    "    %i1 = arith.addi %i0, %one : i64\n"
    "    %i1u = emitc.cast %i1 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %i1u, %w#1 : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_scalar_control_flow(void) {
  env e;
  REQUIRE(env_parse(&e, scalar_kernel));
  int32_t out[8] = {0};
  casc_arg args[2] = {casc_arg_gm(out, CASC_DT_I32, 8),
                      casc_arg_int(CASC_DT_I32, 10)};
  casc_launch_result res;
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "k", 4, args, 2, NULL, &res);
  if (st != CASC_LAUNCH_OK)
    print_diags(&e);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  int32_t s = 0;
  for (int i = 0; i < 10; i++)
    s += i * i;
  for (int b = 0; b < 4; b++) {
    CHECK_EQ_INT(out[2 * b], b % 2 ? -s : s);
    CHECK_EQ_INT(out[2 * b + 1], 3); /* 10 -> 5 -> 2 -> 1 */
  }
  env_free(&e);
}

/* Endless loops: @alike loops the same in every block, @own on its block
 * index (so blocks may differ). */
static const char *endless_kernels =
    "module {\n"
    "  func.func @alike() attributes {ascendc.global} {\n"
    "    %t = arith.constant true\n"
    "    scf.while : () -> () {\n"
    "      scf.condition(%t)\n"
    "    } do {\n"
    "      scf.yield\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "  func.func @own() attributes {ascendc.global} {\n"
    "    %b = ascendc.get_block_idx : i32\n"
    "    %c9 = arith.constant 9 : i32\n"
    "    scf.while : () -> () {\n"
    "      %go = arith.cmpi slt, %b, %c9 : i32\n"
    "      scf.condition(%go)\n"
    "    } do {\n"
    "      scf.yield\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

/* Once one block of @alike is out of steps the others stop (or never
 * start); every block is reported, and only one block's steps were run. */
static void test_step_limit_stops_alike_blocks(void) {
  env e;
  REQUIRE(env_parse(&e, endless_kernels));
  casc_sim_program *p = casc_sim_compile(e.ctx, e.module, "alike");
  REQUIRE(p != NULL);
  casc_launch_opts o = {.threads = 1, .max_steps = 1000};
  casc_launch_result res;
  CHECK_EQ_INT(casc_sim_run(p, 4, NULL, 0, &o, &res), CASC_LAUNCH_KERNEL_ERROR);
  CHECK_EQ_INT(res.nissues, 4);
  for (unsigned i = 0; i < res.nissues; i++) {
    CHECK_EQ_INT(res.issues[i].check, CASC_CHECK_STEP_LIMIT);
    CHECK_EQ_INT(res.issues[i].block, (int)i);
  }
  CHECK(res.steps <= 1002);
  CHECK(!res.timed_out);
  casc_sim_program_free(p);
  /* @own's blocks may differ: each runs to its own limit. */
  p = casc_sim_compile(e.ctx, e.module, "own");
  REQUIRE(p != NULL);
  CHECK_EQ_INT(casc_sim_run(p, 4, NULL, 0, &o, &res), CASC_LAUNCH_KERNEL_ERROR);
  CHECK_EQ_INT(res.nissues, 4);
  CHECK(res.steps > 4 * 1000);
  casc_sim_program_free(p);
  env_free(&e);
}

/* The wall-clock limit stops the running block where it loops; the blocks
 * after it report that they did not run. */
static void test_time_limit(void) {
  env e;
  REQUIRE(env_parse(&e, endless_kernels));
  casc_sim_program *p = casc_sim_compile(e.ctx, e.module, "own");
  REQUIRE(p != NULL);
  casc_sim_set_time_limit(p, 0.05);
  casc_launch_opts o = {.threads = 1};
  casc_launch_result res;
  CHECK_EQ_INT(casc_sim_run(p, 3, NULL, 0, &o, &res), CASC_LAUNCH_KERNEL_ERROR);
  CHECK(res.timed_out);
  CHECK(res.seconds < 5);
  REQUIRE(res.nissues == 3);
  CHECK(strstr(res.issues[0].msg, "stopped here at the launch's time limit"));
  CHECK(strstr(res.issues[1].msg, "not run"));
  CHECK(strstr(res.issues[2].msg, "not run"));
  casc_sim_program_free(p);
  env_free(&e);
}

int main(void) {
  RUN_TEST(test_step_limit_stops_alike_blocks);
  RUN_TEST(test_time_limit);
  RUN_TEST(test_add_types);
  RUN_TEST(test_add_rejects_bf16);
  RUN_TEST(test_add_blocks_threads);
  RUN_TEST(test_scalar_control_flow);
  return CHECK_SUMMARY();
}
