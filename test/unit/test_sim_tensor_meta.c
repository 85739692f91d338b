/* Tensor bookkeeping on the simulator (tensor_meta.c) against the values
 * the Ascend C reference defines: LocalMemAllocator hands out consecutive
 * tensors of its memory (GetCurAddr the next address) and refuses to run
 * past the memory or next to a TPipe; SetSize, SetAddrWithOffset,
 * GetPosition and TPipe GetBaseAddr. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "sim_env.h"

/* Two UB tensors from a LocalMemAllocator; x goes through the second to z; o
 * gets GetCurAddr and the second's address. */
static const char *lma_kernel =
    "module {\n"
    "  func.func @lma(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>, %o: "
    "memref<?xi32, 22>) attributes {ascendc.global} {\n"
    "    %c64 = arith.constant 64 : i32\n"
    "    %c32 = arith.constant 32 : i32\n"
    "    %hw = arith.constant 1 : i64\n"
    "    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %zg, %z : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %og = ascendc.global_tensor : !ascendc.global_tensor<*xi32>\n"
    "    ascendc.global_tensor.set_global_buffer %og, %o : "
    "!ascendc.global_tensor<*xi32>, memref<?xi32, 22>\n"
    "    %a = ascendc.local_mem_allocator %hw : i64, "
    "!ascendc.local_mem_allocator<1>\n"
    "    %t1 = ascendc.local_mem_allocator.alloc %a, vecin, %c64, f32 : "
    "!ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>\n"
    "    %t2 = ascendc.local_mem_allocator.alloc_dynamic %a, vecout, %c64, f32 "
    ": !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>\n"
    "    %cur = ascendc.local_mem_allocator.get_cur_addr %a : "
    "!ascendc.local_mem_allocator<1>, ui32\n"
    "    ascendc.data_copy_l2 %t2, %xg, %c64 : !ascendc.local_tensor<*xf32>, "
    "!ascendc.global_tensor<*xf32>, i32\n"
    "    ascendc.pipe_barrier pipe_all\n"
    "    ascendc.data_copy_l2 %zg, %t2, %c64 : !ascendc.global_tensor<*xf32>, "
    "!ascendc.local_tensor<*xf32>, i32\n"
    "    %p = ascendc.local_tensor.get_phy_addr %t2 : "
    "!ascendc.local_tensor<*xf32>, ui64\n"
    "    %i0 = arith.constant 0 : i64\n"
    "    %u0 = emitc.cast %i0 : i64 to ui64\n"
    "    %i1 = arith.constant 1 : i64\n"
    "    %u1 = emitc.cast %i1 : i64 to ui64\n"
    "    %curi = emitc.cast %cur : ui32 to i32\n"
    "    %pi = emitc.cast %p : ui64 to i32\n"
    "    ascendc.global_tensor.set_value %og, %u0, %curi : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    ascendc.global_tensor.set_value %og, %u1, %pi : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    return\n"
    "  }\n"
    "}\n";

/* SetSize(sz), SetAddrWithOffset(+16), GetPosition of a TBuf and a queue
 * tensor, GetBaseAddr. */
static const char *meta_kernel =
    "module {\n"
    "  func.func @meta(%o: memref<?xi32, 22>, %sz: i32) attributes "
    "{ascendc.global} {\n"
    "    %c256 = arith.constant 256 : i32\n"
    "    %c32 = arith.constant 32 : ui32\n"
    "    %c16 = arith.constant 16 : ui32\n"
    "    %szu = emitc.cast %sz : i32 to ui32\n"
    "    %og = ascendc.global_tensor : !ascendc.global_tensor<*xi32>\n"
    "    ascendc.global_tensor.set_global_buffer %og, %o : "
    "!ascendc.global_tensor<*xi32>, memref<?xi32, 22>\n"
    "    %pipe = ascendc.pipe\n"
    "    %base = ascendc.pipe.get_base_addr %pipe, vecin : i32\n"
    "    %tb = ascendc.tbuf : <veccalc>\n"
    "    %q = ascendc.queue : <vecout, 1>\n"
    "    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, "
    "i32\n"
    "    %one = arith.constant 1 : i32\n"
    "    ascendc.pipe.init_queue %pipe, %q, %one, %c256 : "
    "!ascendc.queue<vecout, 1>, i32, i32\n"
    "    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    %u = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    ascendc.local_tensor.set_size %t, %szu : "
    "!ascendc.local_tensor<*xf32>, ui32\n"
    "    %n = ascendc.local_tensor.get_size %t : !ascendc.local_tensor<*xf32>, "
    "i32\n"
    "    ascendc.local_tensor.set_addr_with_offset %u, %t, %c16 : "
    "!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui32\n"
    "    %pu = ascendc.local_tensor.get_phy_addr %u : "
    "!ascendc.local_tensor<*xf32>, ui64\n"
    "    %pt = ascendc.local_tensor.get_phy_addr %t : "
    "!ascendc.local_tensor<*xf32>, ui64\n"
    "    %pos = ascendc.local_tensor.get_position %t : "
    "!ascendc.local_tensor<*xf32>, i32\n"
    "    %qt = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    %qpos = ascendc.local_tensor.get_position %qt : "
    "!ascendc.local_tensor<*xf32>, i32\n"
    "    ascendc.que_bind.free_tensor %q, %qt : !ascendc.queue<vecout, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    %pus = emitc.cast %pu : ui64 to i64\n"
    "    %pts = emitc.cast %pt : ui64 to i64\n"
    "    %d = arith.subi %pus, %pts : i64\n"
    "    %ni = arith.addi %n, %n : i32\n"
    "    %di = arith.trunci %d : i64 to i32\n"
    "    %i0 = arith.constant 0 : i64\n"
    "    %u0 = emitc.cast %i0 : i64 to ui64\n"
    "    %i1 = arith.constant 1 : i64\n"
    "    %u1 = emitc.cast %i1 : i64 to ui64\n"
    "    %i2 = arith.constant 2 : i64\n"
    "    %u2 = emitc.cast %i2 : i64 to ui64\n"
    "    %i3 = arith.constant 3 : i64\n"
    "    %u3 = emitc.cast %i3 : i64 to ui64\n"
    "    %i4 = arith.constant 4 : i64\n"
    "    %u4 = emitc.cast %i4 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %og, %u0, %ni : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    ascendc.global_tensor.set_value %og, %u1, %di : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    ascendc.global_tensor.set_value %og, %u2, %pos : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    ascendc.global_tensor.set_value %og, %u3, %qpos : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    ascendc.global_tensor.set_value %og, %u4, %base : "
    "!ascendc.global_tensor<*xi32>, ui64, i32\n"
    "    return\n"
    "  }\n"
    "}\n";

/* Replace the first `from` in text by `to` (static buffer). */
static const char *patched(const char *text, const char *from, const char *to) {
  static char buf[16384];
  const char *p = strstr(text, from);
  if (!p || strlen(text) + strlen(to) >= sizeof buf)
    return text;
  size_t head = (size_t)(p - text);
  memcpy(buf, text, head);
  strcpy(buf + head, to);
  strcat(buf, p + strlen(from));
  return buf;
}

static void test_local_mem_allocator(void) {
  env e;
  REQUIRE(env_parse(&e, lma_kernel));
  float x[64], z[64];
  int32_t o[8] = {0};
  for (int i = 0; i < 64; i++)
    x[i] = (float)i * 0.25f;
  memset(z, 0, sizeof z);
  casc_arg args[3] = {casc_arg_gm(x, CASC_DT_F32, 64),
                      casc_arg_gm(z, CASC_DT_F32, 64),
                      casc_arg_gm(o, CASC_DT_I32, 8)};
  casc_launch_result res;
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "lma", 1, args, 3, NULL, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK(memcmp(z, x, sizeof z) == 0);
  CHECK_EQ_INT(o[0], 2 * 64 * 4); /* two tensors of 64 floats */
  CHECK_EQ_INT(o[1], 64 * 4);     /* the second starts after the first */
  env_free(&e);

  /* past the end of UB (192 KiB): 64 Ki floats */
  REQUIRE(env_parse(&e, patched(lma_kernel, "%c64 = arith.constant 64",
                                "%c64 = arith.constant 65536")));
  st = casc_launch(e.ctx, e.module, "lma", 1, args, 3, NULL, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_KERNEL_ERROR);
  CHECK(res.nissues >= 1 && res.issues[0].check == CASC_CHECK_UB_CAPACITY);
  env_free(&e);

  /* next to a TPipe: the reference forbids mixing them */
  REQUIRE(env_parse(&e, patched(lma_kernel, "    %a = ascendc.local_mem",
                                "    %pp = ascendc.pipe\n"
                                "    %a = ascendc.local_mem")));
  st = casc_launch(e.ctx, e.module, "lma", 1, args, 3, NULL, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_KERNEL_ERROR);
  CHECK(res.nissues >= 1 &&
        strstr(res.issues[0].msg, "while a TPipe is alive") != NULL);
  env_free(&e);
}

static void test_tensor_meta(void) {
  env e;
  REQUIRE(env_parse(&e, meta_kernel));
  int32_t o[8] = {0};
  casc_arg args[2] = {casc_arg_gm(o, CASC_DT_I32, 8),
                      casc_arg_int(CASC_DT_I32, 32)};
  casc_launch_result res;
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "meta", 1, args, 2, NULL, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(o[0], 2 * 32); /* GetSize after SetSize(32), doubled */
  CHECK_EQ_INT(o[1], 16 * 4); /* SetAddrWithOffset: 16 floats further */
  CHECK_EQ_INT(o[2], 11);     /* TPosition::VECCALC */
  CHECK_EQ_INT(o[3], 10);     /* TPosition::VECOUT */
  CHECK_EQ_INT(o[4], 0);      /* GetBaseAddr */
  /* SetSize beyond the TBuf's 256 bytes */
  casc_arg big[2] = {casc_arg_gm(o, CASC_DT_I32, 8),
                     casc_arg_int(CASC_DT_I32, 100)};
  st = casc_launch(e.ctx, e.module, "meta", 1, big, 2, NULL, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_KERNEL_ERROR);
  CHECK(res.nissues >= 1 &&
        res.issues[0].check == CASC_CHECK_UB_OUT_OF_BOUNDS &&
        strstr(res.issues[0].msg, "SetSize: 400 bytes") != NULL);
  env_free(&e);
}

int main(void) {
  RUN_TEST(test_local_mem_allocator);
  RUN_TEST(test_tensor_meta);
  return CHECK_SUMMARY();
}
