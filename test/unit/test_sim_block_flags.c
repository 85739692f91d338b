/* Block flags on the simulator (block_flags.c): a relay over three blocks
 * (block 0 writes z[0] and sets its flag; block 1 waits for it, writes
 * z[1] = z[0] + 1 and sets its own; block 2 waits for block 1's flag and
 * writes z[2] = z[0] + z[1]) gives z = {7, 8, 15} and no gm-race, even for
 * block 2's read of z[0], which only block 1's flag orders (the clocks are
 * transitive). Without block 2's wait, exactly block 2's two reads race,
 * and block 1's read stays ordered (the per-pair order). One worker thread
 * asked for still runs every block at once. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "sim_env.h"

#define RELAY_HEAD(name)                                                       \
  "  func.func @" name "(%z: memref<?xi32, 22>, %ws: memref<?xi32, 22>) "      \
  "attributes {ascendc.global} {\n"                                            \
  "    %c0 = arith.constant 0 : i32\n"                                         \
  "    %c1 = arith.constant 1 : i32\n"                                         \
  "    %c2 = arith.constant 2 : i32\n"                                         \
  "    %c7 = arith.constant 7 : i32\n"                                         \
  "    %c256 = arith.constant 256 : i32\n"                                     \
  "    %i0 = arith.constant 0 : i64\n"                                         \
  "    %i1 = arith.constant 1 : i64\n"                                         \
  "    %i2 = arith.constant 2 : i64\n"                                         \
  "    %u0 = emitc.cast %i0 : i64 to ui64\n"                                   \
  "    %u1 = emitc.cast %i1 : i64 to ui64\n"                                   \
  "    %u2 = emitc.cast %i2 : i64 to ui64\n"                                   \
  "    %b = ascendc.get_block_idx : i32\n"                                     \
  "    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xi32>\n"          \
  "    ascendc.global_tensor.set_global_buffer %zg, %z : "                     \
  "!ascendc.global_tensor<*xi32>, memref<?xi32, 22>\n"                         \
  "    %wg = ascendc.global_tensor : !ascendc.global_tensor<*xi32>\n"          \
  "    ascendc.global_tensor.set_global_buffer %wg, %ws : "                    \
  "!ascendc.global_tensor<*xi32>, memref<?xi32, 22>\n"                         \
  "    %pipe = ascendc.pipe\n"                                                 \
  "    %tb = ascendc.tbuf : <veccalc>\n"                                       \
  "    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, "  \
  "i32\n"                                                                      \
  "    %u = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, "            \
  "!ascendc.local_tensor<*xi32>\n"                                             \
  "    %is0 = arith.cmpi eq, %b, %c0 : i32\n"                                  \
  "    %is1 = arith.cmpi eq, %b, %c1 : i32\n"                                  \
  "    scf.if %is0 {\n"                                                        \
  "      ascendc.global_tensor.set_value %zg, %u0, %c7 : "                     \
  "!ascendc.global_tensor<*xi32>, ui64, i32\n"                                 \
  "      " IB("set",                                                           \
              "%c0") "    } else {\n"                                          \
                     "      scf.if %is1 {\n"                                   \
                     "        " IB(                                            \
                         "wait",                                               \
                         "%c0") "        %a = "                                \
                                "ascendc.global_tensor.get_value %zg, %u0 : "  \
                                "!ascendc.global_tensor<*xi32>, ui64, i32\n"   \
                                "        %a1 = arith.addi %a, %c1 : i32\n"     \
                                "        ascendc.global_tensor.set_value "     \
                                "%zg, %u1, %a1 : "                             \
                                "!ascendc.global_tensor<*xi32>, ui64, i32\n"   \
                                "        " IB("set", "%c1") "      } else {\n"
#define IB(op, blk)                                                            \
  "ascendc.ib_" op " %wg, %u, " blk ", %c0 : !ascendc.global_tensor<*xi32>, "  \
  "!ascendc.local_tensor<*xi32>, i32, i32\n"
#define RELAY_TAIL                                                             \
  "        %p = ascendc.global_tensor.get_value %zg, %u0 : "                   \
  "!ascendc.global_tensor<*xi32>, ui64, i32\n"                                 \
  "        %q = ascendc.global_tensor.get_value %zg, %u1 : "                   \
  "!ascendc.global_tensor<*xi32>, ui64, i32\n"                                 \
  "        %s = arith.addi %p, %q : i32\n"                                     \
  "        ascendc.global_tensor.set_value %zg, %u2, %s : "                    \
  "!ascendc.global_tensor<*xi32>, ui64, i32\n"                                 \
  "      }\n"                                                                  \
  "    }\n"                                                                    \
  "    return\n"                                                               \
  "  }\n"

static const char *relay_module =
    "module {\n" RELAY_HEAD("relay") "        " IB("wait", "%c1")
        RELAY_TAIL RELAY_HEAD("relay_racy") RELAY_TAIL "}\n";

static casc_launch_status run(env *e, const char *kernel, int32_t *z,
                              casc_launch_result *res) {
  int32_t ws[16];
  memset(ws, 0, sizeof ws);
  memset(z, 0, 4 * sizeof *z);
  casc_arg args[2] = {casc_arg_gm(z, CASC_DT_I32, 4),
                      casc_arg_gm(ws, CASC_DT_I32, 16)};
  casc_launch_opts opts = {.threads = 1};
  return casc_launch(e->ctx, e->module, kernel, 3, args, 2, &opts, res);
}

static void test_relay(void) {
  env e;
  REQUIRE(env_parse(&e, relay_module));
  int32_t z[4];
  casc_launch_result res;
  casc_launch_status st = run(&e, "relay", z, &res);
  if (st != CASC_LAUNCH_OK)
    for (unsigned i = 0; i < e.diags.n; i++)
      casc_diag_print(e.diags.items[i], stderr);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(res.nissues, 0);
  CHECK_EQ_INT(z[0], 7);
  CHECK_EQ_INT(z[1], 8);
  CHECK_EQ_INT(z[2], 15);
  CHECK_EQ_INT(z[3], 0);
  env_free(&e);
}

static void test_relay_racy(void) {
  env e;
  REQUIRE(env_parse(&e, relay_module));
  int32_t z[4];
  casc_launch_result res;
  casc_launch_status st = run(&e, "relay_racy", z, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_KERNEL_ERROR);
  /* block 2 reads z[0] (block 0 writes it) and z[1] (block 1 does) */
  CHECK_EQ_INT(res.nissues, 2);
  for (unsigned i = 0; i < res.nissues; i++) {
    CHECK_EQ_INT(res.issues[i].check, CASC_CHECK_GM_RACE);
    CHECK(strstr(res.issues[i].msg, "block 2 reads GM") != NULL);
  }
  CHECK_EQ_INT(z[0], 7);
  CHECK_EQ_INT(z[1], 8);
  env_free(&e);
}

int main(void) {
  RUN_TEST(test_relay);
  RUN_TEST(test_relay_racy);
  return CHECK_SUMMARY();
}
