/* Atomics and SyncAll on the simulator against plain C: UB -> GM copies
 * under SetAtomicAdd / Max / Min of float, half, int32 and int16 from
 * several blocks; SetStoreAtomicConfig / GetStoreAtomicConfig; a plain
 * write racing an atomic one (gm-race); SyncAll handing rows between
 * blocks on one thread (every block then runs on a thread of its own), and
 * a SyncAll one block never reaches (block-deadlock). */
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

/* Every block copies @N@ elements of x, from element block * stride, to
 * z[0, @N@) under @SET@ (block 0 without it when @PLAIN0@ is true). */
static const char *acc_tmpl =
    "module {\n"
    "  func.func @acc(%x: memref<?x@T@, 22>, %z: memref<?x@T@, 22>, %stride: "
    "i32) attributes {ascendc.global} {\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %true = arith.constant true\n"
    "    %false = arith.constant false\n"
    "    %n = arith.constant @N@ : i32\n"
    "    %bytes = arith.constant 256 : i32\n"
    "    %b = ascendc.get_block_idx : i32\n"
    "    %row = arith.muli %b, %stride : i32\n"
    "    %xg = ascendc.global_tensor : !ascendc.global_tensor<*x@T@>\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : "
    "!ascendc.global_tensor<*x@T@>, memref<?x@T@, 22>\n"
    "    %zg = ascendc.global_tensor : !ascendc.global_tensor<*x@T@>\n"
    "    ascendc.global_tensor.set_global_buffer %zg, %z : "
    "!ascendc.global_tensor<*x@T@>, memref<?x@T@, 22>\n"
    "    %xs = ascendc.global_tensor.subindex %xg[%row] : "
    "!ascendc.global_tensor<*x@T@>, i32, !ascendc.global_tensor<*x@T@>\n"
    "    %pipe = ascendc.pipe\n"
    "    %q = ascendc.queue : <vecin, 1>\n"
    "    ascendc.pipe.init_queue %pipe, %q, %c1, %bytes : "
    "!ascendc.queue<vecin, 1>, i32, i32\n"
    "    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "    ascendc.data_copy_l2 %t, %xs, %n : !ascendc.local_tensor<*x@T@>, "
    "!ascendc.global_tensor<*x@T@>, i32\n"
    "    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "    %first = arith.cmpi eq, %b, %c0 : i32\n"
    "    %plain = arith.andi %first, %@PLAIN0@ : i1\n"
    "    scf.if %plain {\n"
    "    } else {\n"
    "      @SET@\n"
    "    }\n"
    "    ascendc.data_copy_l2 %zg, %d, %n : !ascendc.global_tensor<*x@T@>, "
    "!ascendc.local_tensor<*x@T@>, i32\n"
    "    ascendc.set_atomic_none : () -> ()\n"
    "    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*x@T@>\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char *shift_kernel =
    "module {\n"
    "  // Block b copies row b of x to w, then (after SyncAll) row (b+1)%n of "
    "w to z.\n"
    "  func.func @shift(%x: memref<?xf32, 22> loc(\"x\"), %w: memref<?xf32, "
    "22> loc(\"w\"), %z: memref<?xf32, 22> loc(\"z\")) attributes "
    "{ascendc.global} {\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c64 = arith.constant 64 : i32\n"
    "    %c256 = arith.constant 256 : i32\n"
    "    %b = ascendc.get_block_idx : i32\n"
    "    %n = ascendc.get_block_num : i32\n"
    "    %b1 = arith.addi %b, %c1 : i32\n"
    "    %nb = arith.remsi %b1, %n : i32\n"
    "    %row = arith.muli %b, %c64 : i32\n"
    "    %nrow = arith.muli %nb, %c64 : i32\n"
    "    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %wg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %wg, %w : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %zg, %z : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %pipe = ascendc.pipe\n"
    "    %q = ascendc.queue : <vecin, 1>\n"
    "    ascendc.pipe.init_queue %pipe, %q, %c1, %c256 : !ascendc.queue<vecin, "
    "1>, i32, i32\n"
    "    %xs = ascendc.global_tensor.subindex %xg[%row] : "
    "!ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>\n"
    "    %ws = ascendc.global_tensor.subindex %wg[%row] : "
    "!ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>\n"
    "    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    ascendc.data_copy_l2 %t, %xs, %c64 : !ascendc.local_tensor<*xf32>, "
    "!ascendc.global_tensor<*xf32>, i32\n"
    "    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    ascendc.data_copy_l2 %ws, %d, %c64 : !ascendc.global_tensor<*xf32>, "
    "!ascendc.local_tensor<*xf32>, i32\n"
    "    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    ascendc.sync_all_hard\n"
    "    %wn = ascendc.global_tensor.subindex %wg[%nrow] : "
    "!ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>\n"
    "    %zs = ascendc.global_tensor.subindex %zg[%row] : "
    "!ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>\n"
    "    %t2 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    ascendc.data_copy_l2 %t2, %wn, %c64 : !ascendc.local_tensor<*xf32>, "
    "!ascendc.global_tensor<*xf32>, i32\n"
    "    ascendc.que_bind.enque_tensor %q, %t2 : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    %d2 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    ascendc.data_copy_l2 %zs, %d2, %c64 : !ascendc.global_tensor<*xf32>, "
    "!ascendc.local_tensor<*xf32>, i32\n"
    "    ascendc.que_bind.free_tensor %q, %d2 : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char *deadlock_kernel =
    "module {\n"
    "  func.func @deadlock() attributes {ascendc.global} {\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %b = ascendc.get_block_idx : i32\n"
    "    %is0 = arith.cmpi eq, %b, %c0 : i32\n"
    "    scf.if %is0 {\n"
    "    } else {\n"
    "      ascendc.sync_all_hard\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "  func.func @trap() attributes {ascendc.global} {\n"
    "    ascendc.trap\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char *config_kernel =
    "module {\n"
    "  func.func @cfg(%out: memref<?xi32, 22>) attributes {ascendc.global} {\n"
    "    %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>\n"
    "    ascendc.global_tensor.set_global_buffer %g, %out : "
    "!ascendc.global_tensor<*xi32>, memref<?xi32, 22>\n"
    "    %i0 = arith.constant 0 : i64\n"
    "    %i1 = arith.constant 1 : i64\n"
    "    %i2 = arith.constant 2 : i64\n"
    "    %u0 = emitc.cast %i0 : i64 to ui64\n"
    "    %u1 = emitc.cast %i1 : i64 to ui64\n"
    "    %u2 = emitc.cast %i2 : i64 to ui64\n"
    "    ascendc.set_store_atomic_config atomic_f16, atomic_sum\n"
    "    %t:2 = ascendc.get_store_atomic_config : i32, i32\n"
    "    ascendc.global_tensor.set_value %g, %u0, %t#0 : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    ascendc.global_tensor.set_value %g, %u1, %t#1 : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    ascendc.set_atomic_none : () -> ()\n"
    "    %n:2 = ascendc.get_store_atomic_config : i32, i32\n"
    "    ascendc.global_tensor.set_value %g, %u2, %n#0 : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    return\n"
    "  }\n"
    "}\n";

/* acc_tmpl with its @NAME@ fields replaced (4 pairs at most). */
static char *instantiate(const char *const *kv, unsigned n) {
  size_t cap = strlen(acc_tmpl) + 1024, len = 0;
  char *out = malloc(cap);
  if (!out)
    return NULL;
  for (const char *p = acc_tmpl; *p;) {
    bool done = false;
    for (unsigned i = 0; i < n && !done; i++) {
      size_t kl = strlen(kv[2 * i]);
      if (strncmp(p, kv[2 * i], kl) == 0) {
        size_t vl = strlen(kv[2 * i + 1]);
        if (len + vl + 1 >= cap)
          break;
        memcpy(out + len, kv[2 * i + 1], vl);
        len += vl;
        p += kl;
        done = true;
      }
    }
    if (!done) {
      if (len + 2 >= cap)
        break;
      out[len++] = *p++;
    }
  }
  out[len] = 0;
  return out;
}

/* What run_acc reports of a launch's issues (they live in the context,
 * which run_acc frees). */
typedef struct {
  unsigned nissues;
  casc_sim_check first;
  bool atomic_race; /* a gm-race naming an atomic write */
} acc_issues;

/* Runs @acc on 4 blocks; returns the result's status. */
static casc_launch_status run_acc(const char *ty, const char *set, bool plain0,
                                  const char *count, casc_dtype dt, void *x,
                                  size_t nx, void *z, size_t nz, int stride,
                                  acc_issues *out) {
  const char *kv[] = {"@T@", ty,    "@SET@",    set,
                      "@N@", count, "@PLAIN0@", plain0 ? "true" : "false"};
  char *text = instantiate(kv, 4);
  env e;
  bool ok = text && env_parse(&e, text);
  free(text);
  if (!ok)
    return CASC_LAUNCH_BAD_LAUNCH;
  casc_arg args[3] = {casc_arg_gm(x, dt, nx), casc_arg_gm(z, dt, nz),
                      casc_arg_int(CASC_DT_I32, stride)};
  casc_launch_opts opts = {.threads = 2};
  casc_launch_result res;
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "acc", 4, args, 3, &opts, &res);
  if (st != CASC_LAUNCH_OK && !out)
    for (unsigned i = 0; i < e.diags.n; i++)
      casc_diag_print(e.diags.items[i], stderr);
  if (out) {
    memset(out, 0, sizeof *out);
    out->nissues = res.nissues;
    out->first = res.nissues ? res.issues[0].check : CASC_CHECK_NONE;
    for (unsigned i = 0; i < res.nissues; i++)
      out->atomic_race |= res.issues[i].check == CASC_CHECK_GM_RACE &&
                          strstr(res.issues[i].msg, "atomically writes");
  }
  env_free(&e);
  return st;
}

static void test_atomic_add_f32(void) {
  float x[64], z[64], want[64];
  for (int i = 0; i < 64; i++) {
    x[i] = (float)(i % 13) - 6; /* integers: exact in any order */
    z[i] = (float)i * 0.5f;
    want[i] = z[i] + 4 * x[i];
  }
  casc_launch_status st =
      run_acc("f32", "ascendc.set_atomic_add {dtype = f32} : () -> ()", false,
              "64", CASC_DT_F32, x, 64, z, 64, 0, NULL);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK(memcmp(z, want, sizeof z) == 0);
}

static void test_atomic_max_min_int(void) {
  int32_t x[4 * 64], z[64], want[64];
  for (int i = 0; i < 4 * 64; i++)
    x[i] = (int32_t)((i * 7919) % 1000) - 500;
  for (int i = 0; i < 64; i++) {
    z[i] = 0;
    want[i] = 0;
    for (int b = 0; b < 4; b++)
      want[i] = x[b * 64 + i] > want[i] ? x[b * 64 + i] : want[i];
  }
  casc_launch_status st =
      run_acc("i32", "ascendc.set_atomic_max {dtype = i32} : () -> ()", false,
              "64", CASC_DT_I32, x, 4 * 64, z, 64, 64, NULL);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK(memcmp(z, want, sizeof z) == 0);

  int16_t h[4 * 16], hz[16], hw[16];
  for (int i = 0; i < 4 * 16; i++)
    h[i] = (int16_t)((i * 31) % 200 - 100);
  for (int i = 0; i < 16; i++) {
    hz[i] = 50;
    hw[i] = 50;
    for (int b = 0; b < 4; b++)
      hw[i] = h[b * 16 + i] < hw[i] ? h[b * 16 + i] : hw[i];
  }
  /* SetAtomicMin of another type, then SetAtomicType<int16>: the type
   * changes, the operation stays */
  st = run_acc("i16",
               "ascendc.set_atomic_min {dtype = f32} : () -> ()\n"
               "      ascendc.set_atomic_type {dtype = i16} : () -> ()",
               false, "16", CASC_DT_I16, h, 4 * 16, hz, 16, 16, NULL);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK(memcmp(hz, hw, sizeof hz) == 0);
}

/* half: the sum of the GM value and the copied one, rounded to half. */
static void test_atomic_add_f16(void) {
  uint16_t x[16], z[16];
  for (int i = 0; i < 16; i++) {
    x[i] = 0x3c00; /* 1.0 */
    z[i] = 0x4000; /* 2.0 */
  }
  casc_launch_status st =
      run_acc("f16", "ascendc.set_atomic_add {dtype = f16} : () -> ()", false,
              "16", CASC_DT_F16, x, 16, z, 16, 0, NULL);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  for (int i = 0; i < 16; i++)
    CHECK_EQ_INT(z[i], 0x4600); /* 2 + 4 x 1 = 6.0 */
}

static void test_atomic_errors(void) {
  float x[64] = {0}, z[64] = {0};
  acc_issues is;
  /* a type Atlas A2's atomics do not take */
  casc_launch_status st =
      run_acc("f32", "ascendc.set_atomic_add {dtype = i64} : () -> ()", false,
              "64", CASC_DT_F32, x, 64, z, 64, 0, &is);
  CHECK_EQ_INT(st, CASC_LAUNCH_KERNEL_ERROR);
  CHECK(is.nissues >= 1 && is.first == CASC_CHECK_ATOMIC);
  /* block 0 writes plainly what the others add atomically: a race */
  st = run_acc("f32", "ascendc.set_atomic_add {dtype = f32} : () -> ()", true,
               "64", CASC_DT_F32, x, 64, z, 64, 0, &is);
  CHECK_EQ_INT(st, CASC_LAUNCH_KERNEL_ERROR);
  CHECK(is.atomic_race);
}

static void test_store_atomic_config(void) {
  env e;
  REQUIRE(env_parse(&e, config_kernel));
  int32_t out[8];
  memset(out, 0x7f, sizeof out);
  casc_arg args[1] = {casc_arg_gm(out, CASC_DT_I32, 8)};
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "cfg", 1, args, 1, NULL, NULL);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(out[0], 2); /* ATOMIC_F16 */
  CHECK_EQ_INT(out[1], 0); /* ATOMIC_SUM */
  CHECK_EQ_INT(out[2], 0); /* ATOMIC_NONE after SetAtomicNone */
  env_free(&e);
}

static void test_sync_all(void) {
  env e;
  REQUIRE(env_parse(&e, shift_kernel));
  float x[4 * 64], w[4 * 64], z[4 * 64];
  for (int i = 0; i < 4 * 64; i++)
    x[i] = (float)i;
  memset(w, 0, sizeof w);
  memset(z, 0, sizeof z);
  casc_arg args[3] = {casc_arg_gm(x, CASC_DT_F32, 256),
                      casc_arg_gm(w, CASC_DT_F32, 256),
                      casc_arg_gm(z, CASC_DT_F32, 256)};
  /* one thread asked for: SyncAll runs every block on its own anyway */
  casc_launch_opts opts = {.threads = 1};
  casc_launch_result res;
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "shift", 4, args, 3, &opts, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(res.nissues, 0);
  for (int i = 0; i < 4 * 64; i++)
    CHECK(z[i] == x[(i + 64) % 256]);
  env_free(&e);

  REQUIRE(env_parse(&e, deadlock_kernel));
  st = casc_launch(e.ctx, e.module, "deadlock", 4, NULL, 0, &opts, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_KERNEL_ERROR);
  CHECK_EQ_INT(res.nissues, 3); /* blocks 1-3 wait for block 0 */
  for (unsigned i = 0; i < res.nissues; i++) {
    CHECK_EQ_INT(res.issues[i].check, CASC_CHECK_BLOCK_DEADLOCK);
    CHECK(strstr(res.issues[i].msg, "block 0 ended") != NULL);
  }
  /* one block: its SyncAll waits for itself only */
  st = casc_launch(e.ctx, e.module, "deadlock", 1, NULL, 0, &opts, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  env_free(&e);
}

int main(void) {
  RUN_TEST(test_atomic_add_f32);
  RUN_TEST(test_atomic_max_min_int);
  RUN_TEST(test_atomic_add_f16);
  RUN_TEST(test_atomic_errors);
  RUN_TEST(test_store_atomic_config);
  RUN_TEST(test_sync_all);
  return CHECK_SUMMARY();
}
