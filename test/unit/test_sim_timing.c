/* The timing model against cycle counts worked out by hand, the race
 * detector on a kernel with and without its flags, the Chrome trace, and
 * that timing changes neither results nor depends on the thread count.
 *
 * The hand computations use the round figures of test_platform() below,
 * not the estimates of platform/Ascend910B1.ini, so that the arithmetic in
 * the comments stays short. The model (docs/timing.md):
 *   scalar unit: 1 cycle per instruction (instruction k is issued in cycle
 *     k and dispatched to its pipe at k + 1);
 *   an op starts when it is dispatched and its pipe is free; it holds the
 *     pipe for bytes / rate cycles ("[s, f)" below: the pipe is free again
 *     at f) and completes `latency` cycles later ("-> c"):
 *     MTE2: bytes/32, then 100;  V: bytes/256, then 10;  MTE3: bytes/32,
 *     then 50;
 *   SetFlag holds its pipe 2 cycles and sets the flag when that is over and
 *     every earlier op of its pipe has completed; the pipe's later ops do
 *     not wait for it;
 *   WaitFlag holds its pipe until the flag is set, then 3 more cycles;
 *     PipeBarrier 1 (after the pipe's earlier ops have completed).
 * Tiles are 256 float = 1024 bytes: an MTE2 copy holds MTE2 32 cycles and
 * completes 132 after its start, a V op 4 and 14, an MTE3 copy 32 and 82.
 * A block ends when its last op has completed. Busy cycles are the cycles a
 * pipe was held. Constants live in the program's slot image and are not
 * executed; each other op is one instruction (res.steps counts them, plus
 * the HALT). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"

enum {
  V = CASC_SIM_PIPE_V,
  M2 = CASC_SIM_PIPE_MTE2,
  M3 = CASC_SIM_PIPE_MTE3,
  SP = CASC_SIM_PIPE_S
};

static casc_platform test_platform(void) {
  casc_platform p;
  casc_platform_default(&p);
  p.scalar_cycles = 1;
  p.vector_bytes_per_cycle = 256;
  p.vector_latency = 10;
  p.mte2_bytes_per_cycle = 32;
  p.mte2_latency = 100;
  p.mte3_bytes_per_cycle = 32;
  p.mte3_latency = 50;
  p.set_flag_cycles = 2;
  p.wait_flag_cycles = 3;
  p.barrier_cycles = 1;
  p.min_op_cycles = 1;
  /* The per-instruction costs at their neutral values: every V class one
   * cycle per repeat and no head, no MTE set-up, no launch start-up. */
  for (unsigned c = 0; c < CASC_PLATFORM_VCOSTS; c++) {
    p.vec_head[c] = 0;
    p.vec_cycles_per_repeat[c] = 1;
    p.vec_latency[c] = 0;
  }
  p.mte2_setup = p.mte3_setup = 0;
  p.launch_cycles = 0;
  return p;
}

/* Blocks of a launch: each gets its own 512 floats of x and z. */
#define MAX_BLOCKS 8

typedef struct {
  casc_ctx *ctx;
  casc_diag_list diags;
  casc_op *module;
  casc_launch_result res;
  casc_launch_status st;
  float x[512 * MAX_BLOCKS], z[512 * MAX_BLOCKS];
} run_env;

#define LT "!ascendc.local_tensor<*xf32>"
#define GT "!ascendc.global_tensor<*xf32>"
#define MR "memref<?xf32, 22>"

/* Parse text, run kernel @k on `blocks` blocks with x and z (512 floats
 * per block, at most MAX_BLOCKS), timing on; trace optional; on platform
 * plat. */
static bool run_timed_on(run_env *e, const char *text, unsigned blocks,
                         unsigned threads, casc_buf *trace, bool timing,
                         casc_platform plat) {
  memset(e, 0, sizeof *e);
  if (blocks > MAX_BLOCKS)
    return false;
  e->ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(e->ctx, casc_diag_collect, &e->diags);
  e->module = casc_parse_module(e->ctx, text, strlen(text), "t.mlir", 1);
  if (!e->module) {
    for (unsigned i = 0; i < e->diags.n; i++)
      casc_diag_print(e->diags.items[i], stderr);
    return false;
  }
  for (unsigned i = 0; i < 512 * blocks; i++)
    e->x[i] = (float)i * 0.5f;
  casc_arg args[2] = {casc_arg_gm(e->x, CASC_DT_F32, 512 * blocks),
                      casc_arg_gm(e->z, CASC_DT_F32, 512 * blocks)};
  casc_launch_opts o = {.threads = threads, .platform = &plat};
  casc_sim_program *p = casc_sim_compile(e->ctx, e->module, "k");
  if (!p)
    return false;
  e->st = timing ? casc_sim_run_timed(p, blocks, args, 2, &o, trace, &e->res)
                 : casc_sim_run(p, blocks, args, 2, &o, &e->res);
  casc_sim_program_free(p);
  return true;
}

static bool run_timed(run_env *e, const char *text, unsigned blocks,
                      unsigned threads, casc_buf *trace, bool timing) {
  return run_timed_on(e, text, blocks, threads, trace, timing, test_platform());
}

static void env_done(run_env *e) {
  casc_diag_list_free(&e->diags);
  casc_ctx_free(e->ctx);
}

static const casc_block_timing *blk(const run_env *e, unsigned i) {
  return e->res.timing.valid && i < e->res.timing.nblocks
             ? &e->res.timing.blocks[i]
             : NULL;
}

/* ---- one copy --------------------------------------------------------------
 */

static const char *one_copy =
    "module {\n"
    "  func.func @k(%x: " MR ", %z: " MR ") attributes {ascendc.global} {\n"
    "    %a = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %n = \"emitc.constant\"() <{value = 256 : ui32}> : () -> ui32\n"
    "    %c256 = arith.constant 256 : i32\n"
    "    %xg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : " GT ", " MR "\n"
    "    %l = ascendc.local_tensor_v2 vecin, %a, %n : " LT "\n"
    "    ascendc.data_copy_l2 %l, %xg, %c256 : " LT ", " GT ", i32\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_one_copy(void) {
  run_env e;
  REQUIRE(run_timed(&e, one_copy, 1, 1, NULL, true));
  CHECK_EQ_INT(e.st, CASC_LAUNCH_OK);
  /* Instructions 0 global_tensor, 1 set_global_buffer, 2 local_tensor_v2,
   * 3 DataCopy, then HALT. */
  CHECK_EQ_INT(e.res.steps, 5);
  const casc_block_timing *t = blk(&e, 0);
  REQUIRE(t);
  /* DataCopy is issued in cycle 3 and reaches MTE2 at 4; it moves 1024
   * bytes: it holds MTE2 [4, 4 + 1024/32 = 36) and completes 100 cycles
   * later, at 136. The scalar unit is done at 4. */
  CHECK_EQ_INT(t->cycles, 136);
  CHECK_EQ_INT(t->busy[M2], 32);
  CHECK_EQ_INT(t->busy[SP], 4);
  CHECK_EQ_INT(t->busy[V], 0);
  CHECK_EQ_INT(t->ops[M2], 1);
  CHECK(t->complete);
  CHECK_EQ_INT(e.res.timing.cycles, 136);
  /* 136 cycles at 1850 MHz */
  CHECK(e.res.timing.seconds > 136 / 1850e6 * 0.999 &&
        e.res.timing.seconds < 136 / 1850e6 * 1.001);
  env_done(&e);
}

/* ---- copy + add (manual sync, tutorial 01 style) ----------------------------
 */

static char *copy_add(bool with_flags) {
  static char buf[4096];
  snprintf(
      buf, sizeof buf,
      "module {\n"
      "  func.func @k(%%x: " MR ", %%z: " MR ") attributes {ascendc.global} "
      "{\n"
      "    %%a0 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
      "    %%a1 = \"emitc.constant\"() <{value = 1024 : ui32}> : () -> ui32\n"
      "    %%a2 = \"emitc.constant\"() <{value = 2048 : ui32}> : () -> ui32\n"
      "    %%n = \"emitc.constant\"() <{value = 256 : ui32}> : () -> ui32\n"
      "    %%c256 = arith.constant 256 : i32\n"
      "    %%c0 = arith.constant 0 : i32\n"
      "    %%xg = ascendc.global_tensor : " GT "\n"
      "    ascendc.global_tensor.set_global_buffer %%xg, %%x : " GT ", " MR "\n"
      "    %%yg = ascendc.global_tensor : " GT "\n"
      "    ascendc.global_tensor.set_global_buffer %%yg, %%x : " GT ", " MR "\n"
      "    %%xl = ascendc.local_tensor_v2 vecin, %%a0, %%n : " LT "\n"
      "    %%yl = ascendc.local_tensor_v2 vecin, %%a1, %%n : " LT "\n"
      "    %%zl = ascendc.local_tensor_v2 vecout, %%a2, %%n : " LT "\n"
      "    ascendc.data_copy_l2 %%xl, %%xg, %%c256 : " LT ", " GT
      ", i32 loc(\"add.c\":10:5)\n"
      "    ascendc.data_copy_l2 %%yl, %%yg, %%c256 : " LT ", " GT
      ", i32 loc(\"add.c\":11:5)\n"
      "%s"
      "    ascendc.add_l2 %%zl, %%xl, %%yl, %%c256 : " LT ", " LT ", " LT
      ", i32 loc(\"add.c\":14:5)\n"
      "    return\n"
      "  }\n"
      "}\n",
      with_flags
          ? "    ascendc.set_flag mte2_v, %c0 : i32 loc(\"add.c\":12:5)\n"
            "    ascendc.wait_flag mte2_v, %c0 : i32 loc(\"add.c\":13:5)\n"
          : "");
  return buf;
}

static void test_copy_add(void) {
  run_env e;
  REQUIRE(run_timed(&e, copy_add(true), 1, 1, NULL, true));
  CHECK_EQ_INT(e.st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(e.res.errors, 0);
  /* 0-1 x global tensor, 2-3 y, 4-6 three local tensors, 7 copy x, 8 copy
   * y, 9 set_flag, 10 wait_flag, 11 add, HALT. */
  CHECK_EQ_INT(e.res.steps, 13);
  const casc_block_timing *t = blk(&e, 0);
  REQUIRE(t);
  /* MTE2: copy x ready at 8: [8, 40) -> 140; copy y ready at 9, starts
   *   when MTE2 is free: [40, 72) -> 172 (both in flight at once);
   *   SetFlag<MTE2_V> ready at 10: [72, 74), the flag is set when both
   *   copies have completed, at max(74, 172) = 172.
   * V: WaitFlag ready at 11, holds V until 172, + 3 -> 175; Add ready at
   *   12, starts after the wait: [175, 175 + 1024/256 = 179) -> 179 + 10 =
   *   189. */
  CHECK_EQ_INT(t->cycles, 189);
  CHECK_EQ_INT(t->busy[M2], 32 + 32 + 2);
  CHECK_EQ_INT(t->busy[V], 3 + 4);
  CHECK_EQ_INT(t->busy[SP], 12);
  CHECK_EQ_INT(t->ops[M2], 3);
  CHECK_EQ_INT(t->ops[V], 2);
  CHECK_EQ_INT(e.res.timing.races, 0);
  env_done(&e);
}

static bool has_diag(const run_env *e, const char *needle, unsigned line) {
  for (unsigned i = 0; i < e->diags.n; i++) {
    const casc_diag *d = e->diags.items[i];
    const casc_loc *l = casc_loc_find_file(d->loc);
    if (strstr(d->msg, needle) && l && l->u.file.line == line)
      return true;
  }
  return false;
}

static bool has_note(const run_env *e, const char *needle, unsigned line) {
  for (unsigned i = 0; i < e->diags.n; i++) {
    const casc_diag *d = e->diags.items[i];
    for (unsigned j = 0; j < d->nnotes; j++) {
      const casc_loc *l = casc_loc_find_file(d->notes[j].loc);
      if (strstr(d->notes[j].msg, needle) && l && l->u.file.line == line)
        return true;
    }
  }
  return false;
}

static void test_copy_add_race(void) {
  run_env e;
  REQUIRE(run_timed(&e, copy_add(false), 2, 2, NULL, true));
  /* Without the flags the Add reads x and y while MTE2 may still be
   * writing them: two races, at the Add (line 14), each with a note at its
   * DataCopy (lines 10 and 11). The kernel's results are still computed. */
  CHECK_EQ_INT(e.st, CASC_LAUNCH_KERNEL_ERROR);
  CHECK_EQ_INT(e.res.timing.races, 4); /* 2 per block */
  CHECK_EQ_INT(e.res.nissues, 4);
  for (unsigned i = 0; i < e.res.nissues; i++)
    CHECK_STREQ(casc_sim_check_name(e.res.issues[i].check), "race");
  CHECK(has_diag(&e,
                 "data race on UB bytes [0, 1024): Add on pipe V reads "
                 "them while DataCopy on pipe MTE2 writes them",
                 14));
  CHECK(has_diag(&e, "data race on UB bytes [1024, 2048)", 14));
  CHECK(has_diag(&e, "SetFlag/WaitFlag<MTE2_V>", 14));
  CHECK(has_note(&e, "DataCopy on pipe MTE2 writes them here", 10));
  CHECK(has_note(&e, "DataCopy on pipe MTE2 writes them here", 11));
  CHECK(e.res.blocks_failed == 0);
  /* Timing without the flags: Add issued at 9 runs [10, 14) -> 24 while
   * the copies run [8, 40) -> 140 and [40, 72) -> 172. */
  const casc_block_timing *t = blk(&e, 1);
  REQUIRE(t);
  CHECK_EQ_INT(t->cycles, 172);
  /* 2 blocks on 2 of the 48 cores: the launch takes one block's time. */
  CHECK_EQ_INT(e.res.timing.cycles, 172);
  CHECK_EQ_INT(t->core, 1);
  env_done(&e);

  /* Without --timing the same kernel runs clean: a sequential CPU run
   * cannot see the race. */
  REQUIRE(run_timed(&e, copy_add(false), 1, 1, NULL, false));
  CHECK_EQ_INT(e.st, CASC_LAUNCH_OK);
  CHECK(!e.res.timing.valid);
  env_done(&e);
}

/* ---- V ops in flight and the compiler's PipeBarrier<PIPE_V> -----------------
 */

static const char *v_chain =
    "module {\n"
    "  func.func @k(%x: " MR ", %z: " MR ") attributes {ascendc.global} {\n"
    "    %a0 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %a2 = \"emitc.constant\"() <{value = 2048 : ui32}> : () -> ui32\n"
    "    %a3 = \"emitc.constant\"() <{value = 3072 : ui32}> : () -> ui32\n"
    "    %n = \"emitc.constant\"() <{value = 256 : ui32}> : () -> ui32\n"
    "    %c256 = arith.constant 256 : i32\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %one = arith.constant 1.0 : f32\n"
    "    %xg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : " GT ", " MR "\n"
    "    %xl = ascendc.local_tensor_v2 vecin, %a0, %n : " LT "\n"
    "    %zl = ascendc.local_tensor_v2 vecout, %a2, %n : " LT "\n"
    "    %wl = ascendc.local_tensor_v2 vecout, %a3, %n : " LT "\n"
    "    ascendc.data_copy_l2 %xl, %xg, %c256 : " LT ", " GT ", i32\n"
    "    ascendc.set_flag mte2_v, %c0 : i32\n"
    "    ascendc.wait_flag mte2_v, %c0 : i32\n"
    "    ascendc.adds_l2 %zl, %xl, %one, %c256 : " LT ", " LT ", f32, i32\n"
    "    ascendc.adds_l2 %wl, %xl, %one, %c256 : " LT ", " LT ", f32, i32\n"
    "    ascendc.adds_l2 %zl, %zl, %one, %c256 : " LT ", " LT ", f32, i32\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_vector_dependency(void) {
  run_env e;
  casc_buf tr;
  casc_buf_init(&tr);
  REQUIRE(run_timed(&e, v_chain, 1, 1, &tr, true));
  CHECK_EQ_INT(e.st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(e.res.timing.races, 0);
  const casc_block_timing *t = blk(&e, 0);
  REQUIRE(t);
  /* 0-1 x global tensor, 2-4 local tensors, 5 copy, 6 SetFlag, 7 WaitFlag,
   * 8-10 three Adds.
   * MTE2: copy [6, 38) -> 138; SetFlag<MTE2_V> [38, 40), set at 138.
   * V: WaitFlag ready 8: until 138 + 3 = 141;
   *    z = x + 1 ready 9: [141, 145) -> 155;
   *    w = x + 1 ready 10: V free at 145; it reads x, which z's Adds only
   *      reads, and writes w, which nothing in flight touches: it starts at
   *      once, [145, 149) -> 159;
   *    z = z + 1 ready 11: V free at 149, but it reads and writes z, which
   *      the first Adds (in flight until 155) writes: the compiler puts a
   *      PipeBarrier<PIPE_V> there, so it starts when every earlier V op has
   *      completed, at 159: [159, 163) -> 173. */
  CHECK_EQ_INT(t->cycles, 173);
  CHECK_EQ_INT(t->busy[V], 3 + 3 * 4);
  CHECK_EQ_INT(t->ops[V], 4);
  REQUIRE(tr.len > 0 && !tr.oom);
  CHECK(strstr(tr.data, "\"start_cycle\":159,\"end_cycle\":173,\"bytes\":"
                        "1024,\"pipe_cycles\":4,\"after\":\"PipeBarrier<"
                        "PIPE_V>\""));
  /* The second Adds overlaps the first: V's second track. */
  CHECK(strstr(tr.data, "\"tid\":17,\"args\":{\"name\":\"V #2\"}"));
  casc_buf_free(&tr);
  env_done(&e);
}

/* The index of the vector cost class called name, CASC_PLATFORM_VCOSTS if
 * there is none. */
static unsigned vcost_index(const char *name) {
  unsigned i = 0;
  while (i < CASC_PLATFORM_VCOSTS && strcmp(casc_platform_vcost_name(i), name))
    i++;
  return i;
}

/* A class's latency share of its head: v_chain's Adds (class scalar) at
 * head 6, 1 cycle per repeat, 4 repeats each. */
static uint64_t v_chain_cycles(unsigned head_latency, uint64_t *busy_v) {
  casc_platform p = test_platform();
  unsigned sc = vcost_index("scalar");
  if (sc >= CASC_PLATFORM_VCOSTS)
    return 0;
  p.vec_head[sc] = 6;
  p.vec_latency[sc] = head_latency;
  run_env e;
  if (!run_timed_on(&e, v_chain, 1, 1, NULL, true, p))
    return 0;
  const casc_block_timing *t = blk(&e, 0);
  uint64_t c = t ? t->cycles : 0;
  *busy_v = t ? t->busy[V] : 0;
  env_done(&e);
  return c;
}

static void test_class_latency(void) {
  /* As test_vector_dependency, the WaitFlag<MTE2_V> lets V go at 141.
   * Latency 0, the whole head holds V: each Adds holds it 6 + 4 = 10
   * cycles and completes vector_latency 10 later:
   *   z = x + 1 [141, 151) -> 161, w = x + 1 [151, 161) -> 171,
   *   z = z + 1 at 161, when V is free and z's writer has completed (w's
   *   Adds touches nothing of it): [161, 171) -> 181. */
  uint64_t busy = 0;
  CHECK_EQ_INT(v_chain_cycles(0, &busy), 181);
  CHECK_EQ_INT(busy, 3 + 3 * 10);
  /* 4 of the 6 are latency: each holds V 2 + 4 = 6 and completes 10 + 4
   * later, so w issues while z completes, and z = z + 1, free to issue at
   * 153 while z's writer is still in flight, waits for the compiler's
   * barrier (every earlier V op complete):
   *   z [141, 147) -> 161, w [147, 153) -> 167, z [167, 173) -> 187. */
  CHECK_EQ_INT(v_chain_cycles(4, &busy), 187);
  CHECK_EQ_INT(busy, 3 + 3 * 6);
  /* More latency than head counts as the whole head: hold 4, complete 16
   * later: [141, 145) -> 161, [145, 149) -> 165, [165, 169) -> 185. */
  CHECK_EQ_INT(v_chain_cycles(100, &busy), 185);
  CHECK_EQ_INT(busy, 3 + 3 * 4);
}

/* ---- two buffers (queues) ---------------------------------------------------
 */

/* Two tiles through a VECIN queue and a VECOUT queue of NUM buffers each:
 * z = x + 1, tile by tile, unrolled (no loop instructions to count). */
#define QI "!ascendc.queue<vecin, 1>"
#define QO "!ascendc.queue<vecout, 1>"
#define TILE(OFF)                                                              \
  "    %xl" OFF " = ascendc.que_bind.alloc_tensor %qx : " QI ", " LT "\n"      \
  "    %xs" OFF " = ascendc.global_tensor.subindex %xg[%o" OFF "] : " GT       \
  ", i32, " GT "\n"                                                            \
  "    ascendc.data_copy_l2 %xl" OFF ", %xs" OFF ", %c256 : " LT ", " GT       \
  ", i32\n"                                                                    \
  "    ascendc.que_bind.enque_tensor %qx, %xl" OFF " : " QI ", " LT "\n"       \
  "    %xd" OFF " = ascendc.que_bind.deque_tensor %qx : " QI ", " LT "\n"      \
  "    %zl" OFF " = ascendc.que_bind.alloc_tensor %qz : " QO ", " LT "\n"      \
  "    ascendc.adds_l2 %zl" OFF ", %xd" OFF ", %one, %c256 : " LT ", " LT      \
  ", f32, i32\n"                                                               \
  "    ascendc.que_bind.enque_tensor %qz, %zl" OFF " : " QO ", " LT "\n"       \
  "    ascendc.que_bind.free_tensor %qx, %xd" OFF " : " QI ", " LT "\n"        \
  "    %zd" OFF " = ascendc.que_bind.deque_tensor %qz : " QO ", " LT "\n"      \
  "    %zs" OFF " = ascendc.global_tensor.subindex %zg[%o" OFF "] : " GT       \
  ", i32, " GT "\n"                                                            \
  "    ascendc.data_copy_l2 %zs" OFF ", %zd" OFF ", %c256 : " GT ", " LT       \
  ", i32\n"                                                                    \
  "    ascendc.que_bind.free_tensor %qz, %zd" OFF " : " QO ", " LT "\n"

/* The tile offsets: constants in a one-block launch, or each block's own
 * 512 elements of x and z (what a real kernel does: blocks run at the same
 * time on the NPU and must not write the same GM). The block form costs
 * three more scalar instructions before everything else, so every time of
 * the one-block figures below comes 3 cycles later there. */
#define OFFSETS_CONST                                                          \
  "    %o0 = arith.constant 0 : i32\n"                                         \
  "    %o1 = arith.constant 256 : i32\n"
#define OFFSETS_PER_BLOCK                                                      \
  "    %c512 = arith.constant 512 : i32\n"                                     \
  "    %b = ascendc.get_block_idx : i32\n"                                     \
  "    %o0 = arith.muli %b, %c512 : i32\n"                                     \
  "    %o1 = arith.addi %o0, %c256 : i32\n"

static char *two_tiles_at(int num, const char *offsets) {
  static char buf[8192];
  snprintf(
      buf, sizeof buf,
      "module {\n"
      "  func.func @k(%%x: " MR ", %%z: " MR ") attributes {ascendc.global} {\n"
      "    %%c256 = arith.constant 256 : i32\n"
      "%s"
      "    %%num = arith.constant %d : i32\n"
      "    %%bytes = arith.constant 1024 : i32\n"
      "    %%one = arith.constant 1.0 : f32\n"
      "    %%xg = ascendc.global_tensor : " GT "\n"
      "    ascendc.global_tensor.set_global_buffer %%xg, %%x : " GT ", " MR "\n"
      "    %%zg = ascendc.global_tensor : " GT "\n"
      "    ascendc.global_tensor.set_global_buffer %%zg, %%z : " GT ", " MR "\n"
      "    %%pipe = ascendc.pipe\n"
      "    %%qx = ascendc.queue : <vecin, 1>\n"
      "    %%qz = ascendc.queue : <vecout, 1>\n"
      "    ascendc.pipe.init_queue %%pipe, %%qx, %%num, %%bytes : " QI
      ", i32, i32\n"
      "    ascendc.pipe.init_queue %%pipe, %%qz, %%num, %%bytes : " QO
      ", i32, i32\n"
      "%s%s"
      "    return\n"
      "  }\n"
      "}\n",
      offsets, num, "", "");
  /* The tiles contain '%': append them outside the format. */
  char *end = strstr(buf, "    return\n");
  char tail[64];
  snprintf(tail, sizeof tail, "%s", end);
  snprintf(end, sizeof buf - (size_t)(end - buf), "%s%s%s", TILE("0"),
           TILE("1"), tail);
  return buf;
}

static char *two_tiles(int num) {
  return two_tiles_at(num, OFFSETS_CONST);
}

static char *two_tiles_per_block(int num) {
  return two_tiles_at(num, OFFSETS_PER_BLOCK);
}

static void check_z(const run_env *e, unsigned blocks) {
  bool ok = true;
  for (unsigned i = 0; i < 512 * blocks; i++)
    ok &= e->z[i] == e->x[i] + 1.0f;
  CHECK(ok);
}

static void test_two_buffers(void) {
  run_env e;
  REQUIRE(run_timed(&e, two_tiles(2), 1, 1, NULL, true));
  CHECK_EQ_INT(e.st, CASC_LAUNCH_OK);
  check_z(&e, 1);
  /* 0-3 the global tensors, 4 pipe, 5-6 queues, 7-8 InitBuffer; a tile is
   * 13 instructions: a AllocTensor x, b subindex, c DataCopy in, d EnQue,
   * e DeQue, f AllocTensor z, g Adds, h EnQue z, i FreeTensor x, j DeQue
   * z, k subindex, l DataCopy out, m FreeTensor z. Tile 0 is 9-21, tile 1
   * 22-34; then HALT. */
  CHECK_EQ_INT(e.res.steps, 36);
  const casc_block_timing *t = blk(&e, 0);
  REQUIRE(t);
  /* Tile 0 (each op: ready = its instruction's cycle + 1).
   *  MTE2: c copy in ready 12: [12, 44) -> 144;
   *        d SetFlag<MTE2_V> ready 13: [44, 46), set at max(46, 144) = 144.
   *  V:    e WaitFlag<MTE2_V> ready 14: holds V until 144 + 3 = 147;
   *        g Adds ready 16: [147, 151) -> 161;
   *        h SetFlag<V_MTE3> [151, 153), set at max(153, 161) = 161;
   *        i SetFlag<V_MTE2> [153, 155), set at 161.
   *  MTE3: j WaitFlag<V_MTE3> ready 19: until 161 + 3 = 164;
   *        l copy out ready 21: [164, 196) -> 246;
   *        m SetFlag<MTE3_V> [196, 198), set at max(198, 246) = 246.
   * Tile 1 gets the second buffers: its AllocTensors wait for nothing, and
   * its copy in starts while tile 0's is still in flight.
   *  MTE2: c ready 25, MTE2 free at 46: [46, 78) -> 178;
   *        d [78, 80), set at 178.
   *  V:    e ready 27, V free at 155: until 178 + 3 = 181;
   *        g [181, 185) -> 195 (tile 0's Adds completed at 161: no
   *        dependency); h [185, 187), set at 195; i [187, 189), set at 195.
   *  MTE3: j ready 32, MTE3 free at 198: until 198 + 3 = 201 (the flag was
   *        set at 195); l [201, 233) -> 283; m [233, 235), set at 283.
   * The block ends when tile 1's copy out completes: 283. */
  CHECK_EQ_INT(t->cycles, 283);
  CHECK_EQ_INT(t->busy[M2], 2 * (32 + 2));
  CHECK_EQ_INT(t->busy[V], 2 * (3 + 4 + 2 + 2));
  CHECK_EQ_INT(t->busy[M3], 2 * (3 + 32 + 2));
  CHECK_EQ_INT(t->busy[SP], 35);
  CHECK_EQ_INT(e.res.timing.races, 0);
  env_done(&e);

  REQUIRE(run_timed(&e, two_tiles(1), 1, 1, NULL, true));
  CHECK_EQ_INT(e.st, CASC_LAUNCH_OK);
  check_z(&e, 1);
  t = blk(&e, 0);
  REQUIRE(t);
  /* One buffer each: tile 0 as above. Tile 1 reuses the buffers, so its
   * copy in must wait for tile 0's Adds to have read x:
   *  MTE2: a WaitFlag<V_MTE2> (tile 0's i, set at 161) ready 23, MTE2 free
   *        at 46: until 161 + 3 = 164; c [164, 196) -> 296;
   *        d [196, 198), set at 296.
   *  V:    e ready 27, V free at 155: until 296 + 3 = 299;
   *        f WaitFlag<MTE3_V> (tile 0's m, set at 246): [299, 302);
   *        g [302, 306) -> 316; h [306, 308), set at 316; i [308, 310).
   *  MTE3: j ready 32, MTE3 free at 198: until 316 + 3 = 319;
   *        l [319, 351) -> 401; m [351, 353), set at 401.
   * 401 cycles against 283 with two buffers. */
  CHECK_EQ_INT(t->cycles, 401);
  CHECK_EQ_INT(t->busy[M2], 2 * (32 + 2) + 3);
  CHECK_EQ_INT(t->busy[V], 2 * (3 + 4 + 2 + 2) + 3);
  CHECK_EQ_INT(t->busy[M3], 2 * (3 + 32 + 2));
  CHECK_EQ_INT(e.res.timing.races, 0);
  env_done(&e);
}

/* ---- a wait issued before its set; a scalar-unit deadlock ------------------
 */

static const char *wait_first =
    "module {\n"
    "  func.func @k(%x: " MR ", %z: " MR ") attributes {ascendc.global} {\n"
    "    %a0 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %a1 = \"emitc.constant\"() <{value = 1024 : ui32}> : () -> ui32\n"
    "    %n = \"emitc.constant\"() <{value = 256 : ui32}> : () -> ui32\n"
    "    %c256 = arith.constant 256 : i32\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %one = arith.constant 1.0 : f32\n"
    "    %xg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : " GT ", " MR "\n"
    "    %xl = ascendc.local_tensor_v2 vecin, %a0, %n : " LT "\n"
    "    %zl = ascendc.local_tensor_v2 vecout, %a1, %n : " LT "\n"
    "    ascendc.wait_flag mte2_v, %c0 : i32\n"
    "    ascendc.data_copy_l2 %xl, %xg, %c256 : " LT ", " GT ", i32\n"
    "    ascendc.set_flag mte2_v, %c0 : i32\n"
    "    ascendc.adds_l2 %zl, %xl, %one, %c256 : " LT ", " LT ", f32, i32\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_wait_before_set(void) {
  run_env e;
  REQUIRE(run_timed(&e, wait_first, 1, 1, NULL, true));
  CHECK_EQ_INT(e.st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(e.res.timing.races, 0);
  const casc_block_timing *t = blk(&e, 0);
  REQUIRE(t);
  /* 4 WaitFlag: V waits from 5 (the scalar unit goes on issuing); 5 copy
   * [6, 38) -> 138; 6 SetFlag in MTE2 ready 7: [38, 40), set at
   * max(40, 138) = 138, which releases V at 138 + 3 = 141; 7 Adds ready at
   * 8 runs after the wait: [141, 145) -> 155. */
  CHECK_EQ_INT(t->cycles, 155);
  CHECK(t->complete);
  env_done(&e);
}

static const char *scalar_deadlock =
    "module {\n"
    "  func.func @k(%x: " MR ", %z: " MR ") attributes {ascendc.global} {\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    ascendc.wait_flag mte2_s, %c0 : i32 loc(\"d.c\":3:1)\n"
    "    ascendc.set_flag mte2_s, %c0 : i32 loc(\"d.c\":4:1)\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_scalar_deadlock(void) {
  run_env e;
  REQUIRE(run_timed(&e, scalar_deadlock, 1, 1, NULL, true));
  /* WaitFlag<MTE2_S> stalls the scalar unit, which therefore never issues
   * the SetFlag: a hang on the NPU, though the flags balance. */
  CHECK_EQ_INT(e.st, CASC_LAUNCH_KERNEL_ERROR);
  REQUIRE(e.res.nissues == 1);
  CHECK_STREQ(casc_sim_check_name(e.res.issues[0].check), "pipe-deadlock");
  CHECK(has_diag(&e, "WaitFlag<MTE2_S>(0) stalls the scalar unit", 3));
  CHECK(!blk(&e, 0)->complete);
  env_done(&e);
}

/* ---- trace, determinism, results -----------------------------------------
 */

static void test_trace(void) {
  run_env e;
  casc_buf tr;
  casc_buf_init(&tr);
  REQUIRE(run_timed(&e, two_tiles_per_block(2), 2, 2, &tr, true));
  CHECK_EQ_INT(e.st, CASC_LAUNCH_OK);
  REQUIRE(tr.len > 0 && !tr.oom);
  const char *want[] = {
      "\"traceEvents\":[",
      "\"args\":{\"name\":\"block 0 (core 0)\"}",
      "\"args\":{\"name\":\"block 1 (core 1)\"}",
      "\"tid\":4,\"args\":{\"name\":\"MTE2\"}",
      "\"tid\":1,\"args\":{\"name\":\"V\"}",
      "\"tid\":5,\"args\":{\"name\":\"MTE3\"}",
      "\"tid\":0,\"args\":{\"name\":\"S\"}",
      "{\"ph\":\"X\",\"name\":\"DataCopy\",\"cat\":\"MTE2\"",
      "{\"ph\":\"X\",\"name\":\"Adds\",\"cat\":\"V\"",
      "{\"ph\":\"X\",\"name\":\"WaitFlag<MTE2_V>\",\"cat\":\"V\"",
      "\"by\":\"DeQue\"",
      "{\"ph\":\"s\",\"name\":\"MTE2_V\",\"cat\":\"flag\"",
      "{\"ph\":\"f\",\"bp\":\"e\",\"name\":\"MTE2_V\"",
      "\"loc\":\"t.mlir:",
  };
  for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++)
    if (!CHECK(strstr(tr.data, want[i])))
      fprintf(stderr, "  missing: %s\n", want[i]);
  /* Tile 0's copy in: block 0 from 15 to its completion at 147 (the
   * one-block figures of test_two_buffers, 3 cycles later for the block
   * offsets), holding MTE2 32 cycles, on MTE2's first track (tid 4); its
   * EnQue's SetFlag waits for it from 47 to 147 on the second (tid 4 + 16);
   * tile 1's copy in, in flight at the same time ([49, 181): 49/1850 us
   * for 132/1850 us, 0.071352 as the trace rounds both ends to whole
   * picoseconds), on the third (tid 4 + 32). */
  CHECK(strstr(tr.data, "\"start_cycle\":15,\"end_cycle\":147,"
                        "\"bytes\":1024,\"pipe_cycles\":32"));
  CHECK(strstr(tr.data, "\"tid\":20,\"args\":{\"name\":\"MTE2 #2\"}"));
  CHECK(strstr(tr.data, "\"tid\":36,\"args\":{\"name\":\"MTE2 #3\"}"));
  CHECK(strstr(tr.data, "{\"ph\":\"X\",\"name\":\"SetFlag<MTE2_V>\","
                        "\"cat\":\"MTE2\",\"pid\":0,\"tid\":20,"));
  CHECK(strstr(tr.data, "\"start_cycle\":47,\"end_cycle\":147,"
                        "\"pipe_cycles\":2"));
  CHECK(strstr(tr.data, "{\"ph\":\"X\",\"name\":\"DataCopy\","
                        "\"cat\":\"MTE2\",\"pid\":0,\"tid\":36,"
                        "\"ts\":0.026486,\"dur\":0.071352,"));
  casc_buf_free(&tr);
  env_done(&e);
}

static void test_deterministic_and_unchanged(void) {
  /* The same launch (6 blocks) untimed, timed with 1 and with 3 threads:
   * identical outputs, identical figures; 6 blocks on 4 cores run in two
   * waves, so the launch takes two blocks' time. A block takes the 401
   * cycles of test_two_buffers' one-buffer run plus 3 for its offsets. */
  run_env a, b, c;
  REQUIRE(run_timed(&a, two_tiles_per_block(1), 6, 2, NULL, false));
  REQUIRE(run_timed(&b, two_tiles_per_block(1), 6, 1, NULL, true));
  REQUIRE(run_timed(&c, two_tiles_per_block(1), 6, 3, NULL, true));
  CHECK_EQ_INT(a.st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(b.st, CASC_LAUNCH_OK);
  check_z(&a, 6);
  CHECK(memcmp(a.z, b.z, sizeof a.z) == 0);
  CHECK(memcmp(a.z, c.z, sizeof a.z) == 0);
  CHECK_EQ_INT(b.res.timing.nblocks, 6);
  bool same = b.res.timing.cycles == c.res.timing.cycles;
  for (unsigned i = 0; i < 6; i++)
    same &= memcmp(blk(&b, i), blk(&c, i), sizeof(casc_block_timing)) == 0;
  CHECK(same);
  for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++)
    CHECK(b.res.timing.busy_fraction[p] == c.res.timing.busy_fraction[p]);
  /* MTE2 busy 71 of 404 cycles in every block. */
  CHECK(b.res.timing.busy_fraction[M2] > 71.0 / 404 - 1e-12 &&
        b.res.timing.busy_fraction[M2] < 71.0 / 404 + 1e-12);
  env_done(&a);
  env_done(&b);
  env_done(&c);

  casc_platform four = test_platform();
  four.vector_core_cnt = 4;
  run_env d;
  memset(&d, 0, sizeof d);
  d.ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(d.ctx, casc_diag_collect, &d.diags);
  const char *text = two_tiles_per_block(1);
  d.module = casc_parse_module(d.ctx, text, strlen(text), "t.mlir", 1);
  REQUIRE(d.module);
  casc_arg args[2] = {casc_arg_gm(d.x, CASC_DT_F32, 512 * 6),
                      casc_arg_gm(d.z, CASC_DT_F32, 512 * 6)};
  casc_launch_opts o = {.threads = 2, .platform = &four};
  casc_sim_program *p = casc_sim_compile(d.ctx, d.module, "k");
  REQUIRE(p);
  d.st = casc_sim_run_timed(p, 6, args, 2, &o, NULL, &d.res);
  casc_sim_program_free(p);
  CHECK_EQ_INT(d.st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(d.res.timing.cycles, 2 * 404);
  CHECK_EQ_INT(blk(&d, 4)->core, 0);
  CHECK_EQ_INT(blk(&d, 4)->start, 404);
  CHECK_EQ_INT(blk(&d, 5)->core, 1);
  env_done(&d);
}

/* ---- per-instruction costs
 * ---------------------------------------------------
 */

static void test_instruction_costs(void) {
  /* MTE2's set-up holds the pipe: one_copy's DataCopy reaches MTE2 at 4
   * and holds it 50 + 1024/32 = 82 cycles, [4, 86), then 100 more. */
  casc_platform p = test_platform();
  p.mte2_setup = 50;
  run_env e;
  REQUIRE(run_timed_on(&e, one_copy, 1, 1, NULL, true, p));
  CHECK_EQ_INT(blk(&e, 0)->cycles, 186);
  CHECK_EQ_INT(blk(&e, 0)->busy[M2], 82);
  env_done(&e);
  /* Add is class binary (two vector sources): 256 floats are 4 repeats,
   * 7 + 4 x 3 = 19 cycles on V, plus the WaitFlag<MTE2_V>'s 3; the unary
   * class's figures do not apply to it. */
  p = test_platform();
  unsigned bin = vcost_index("binary"), un = vcost_index("unary");
  REQUIRE(bin < CASC_PLATFORM_VCOSTS && un < CASC_PLATFORM_VCOSTS);
  p.vec_head[bin] = 7;
  p.vec_cycles_per_repeat[bin] = 3;
  p.vec_head[un] = 1000;
  REQUIRE(run_timed_on(&e, copy_add(true), 1, 1, NULL, true, p));
  CHECK_EQ_INT(blk(&e, 0)->busy[V], 19 + 3);
  env_done(&e);
  /* With the launch's start-up the block starts later. */
  p = test_platform();
  p.launch_cycles = 1000;
  REQUIRE(run_timed_on(&e, one_copy, 1, 1, NULL, true, p));
  CHECK_EQ_INT(blk(&e, 0)->start, 1000);
  CHECK_EQ_INT(e.res.timing.cycles, 1136);
  env_done(&e);
}

/* A UB -> UB DataCopy of 32 blocks (1024 bytes) and a tensor-tensor
 * Select of 4 repeats, each after a PipeBarrier<PIPE_ALL>: classes copy
 * and select (the mask is a ui8 view of the copied-in floats). */
static const char *copy_select =
    "module {\n"
    "  func.func @k(%x: " MR ", %z: " MR ") attributes {ascendc.global} {\n"
    "    %a = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %b = \"emitc.constant\"() <{value = 4096 : ui32}> : () -> ui32\n"
    "    %n = \"emitc.constant\"() <{value = 256 : ui32}> : () -> ui32\n"
    "    %c256 = arith.constant 256 : i32\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c4 = arith.constant 4 : i32\n"
    "    %c8 = arith.constant 8 : i32\n"
    "    %c32 = arith.constant 32 : i32\n"
    "    %c64 = arith.constant 64 : i32\n"
    "    %xg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : " GT ", " MR "\n"
    "    %l = ascendc.local_tensor_v2 vecin, %a, %n : " LT "\n"
    "    %m = ascendc.local_tensor_v2 vecin, %a, %n : "
    "!ascendc.local_tensor<*xui8>\n"
    "    %o = ascendc.local_tensor_v2 vecout, %b, %n : " LT "\n"
    "    ascendc.data_copy_l2 %l, %xg, %c256 : " LT ", " GT ", i32\n"
    "    ascendc.pipe_barrier pipe_all\n"
    "    %cp = ascendc.construct !ascendc.data_copy_params(%c1, %c32, %c0, "
    "%c0) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32\n"
    "    ascendc.data_copy_l0 %o, %l, %cp : " LT ", " LT
    ", !ascendc.data_copy_params\n"
    "    ascendc.pipe_barrier pipe_all\n"
    "    %pr = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, "
    "%c8, %c8, %c8) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, "
    "i32, i32\n"
    "    ascendc.select_l0 %o, %m, %l, %l, %c64, %c4, %pr {selMode = 2 : "
    "i32} : " LT ", !ascendc.local_tensor<*xui8>, " LT ", " LT
    ", i32, i32, !ascendc.binary_repeat_params\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_copy_select_classes(void) {
  /* A UB -> UB copy is class copy: 1024 bytes are 4 repeats, 11 + 4 x 5
   * = 31 cycles; Select is class select: 13 + 4 x 2 = 21; every other
   * class costs 1000 a repeat, so neither may use one. (The two
   * PipeBarrier<PIPE_ALL>s count as busy on the scalar unit only.) */
  casc_platform p = test_platform();
  for (unsigned c = 0; c < CASC_PLATFORM_VCOSTS; c++)
    p.vec_cycles_per_repeat[c] = 1000;
  unsigned cp = vcost_index("copy"), sel = vcost_index("select");
  REQUIRE(cp < CASC_PLATFORM_VCOSTS && sel < CASC_PLATFORM_VCOSTS);
  p.vec_head[cp] = 11;
  p.vec_cycles_per_repeat[cp] = 5;
  p.vec_head[sel] = 13;
  p.vec_cycles_per_repeat[sel] = 2;
  run_env e;
  REQUIRE(run_timed_on(&e, copy_select, 1, 1, NULL, true, p));
  CHECK_EQ_INT(e.st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(blk(&e, 0)->busy[V], 31 + 21);
  env_done(&e);
}

/* The cube's pipes: a GM -> L1 copy, then (each after a PipeBarrier
 * <PIPE_ALL>) LoadData of 4 f32 fractals (2048 bytes) into L0A and into
 * L0B, an f32 Mmad 16 x 16 x 32 and a Fixpipe of its 16 x 16 result. */
static const char *cube_ops =
    "module {\n"
    "  func.func @k(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes "
    "{ascendc.global} {\n"
    "    %a0 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %n = \"emitc.constant\"() <{value = 512 : ui32}> : () -> ui32\n"
    "    %c512 = arith.constant 512 : i32\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c4 = arith.constant 4 : i32\n"
    "    %c16 = arith.constant 16 : i32\n"
    "    %c32 = arith.constant 32 : i32\n"
    "    %f = arith.constant false\n"
    "    %t = arith.constant true\n"
    "    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %zg, %z : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %l1 = ascendc.local_tensor_v2 a1, %a0, %n : "
    "!ascendc.local_tensor<*xf32>\n"
    "    %l0a = ascendc.local_tensor_v2 a2, %a0, %n : "
    "!ascendc.local_tensor<*xf32>\n"
    "    %l0b = ascendc.local_tensor_v2 b2, %a0, %n : "
    "!ascendc.local_tensor<*xf32>\n"
    "    %l0c = ascendc.local_tensor_v2 co1, %a0, %n : "
    "!ascendc.local_tensor<*xf32>\n"
    "    ascendc.data_copy_l2 %l1, %xg, %c512 : !ascendc.local_tensor<*xf32>, "
    "!ascendc.global_tensor<*xf32>, i32\n"
    "    ascendc.pipe_barrier pipe_all\n"
    "    %lp = ascendc.construct !ascendc.load_data_2d_params(%c0, %c4, %c1, "
    "%c0, %c0, %f, %c0) [ui16, ui8, ui16, ui16, ui16, i1, ui8] : i32, i32, "
    "i32, i32, i32, i1, i32\n"
    "    ascendc.load_data_l0 %l0a, %l1, %lp : !ascendc.local_tensor<*xf32>, "
    "!ascendc.local_tensor<*xf32>, !ascendc.load_data_2d_params\n"
    "    ascendc.load_data_l0 %l0b, %l1, %lp : !ascendc.local_tensor<*xf32>, "
    "!ascendc.local_tensor<*xf32>, !ascendc.load_data_2d_params\n"
    "    ascendc.pipe_barrier pipe_all\n"
    "    %mp = ascendc.construct !ascendc.mmad_params(%c16, %c16, %c32, %f, "
    "%f, %t) [ui16, ui16, ui16, i1, i1, i1] : i32, i32, i32, i1, i1, i1\n"
    "    ascendc.mmad %l0c, %l0a, %l0b, %mp : !ascendc.local_tensor<*xf32>, "
    "!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, "
    "!ascendc.mmad_params\n"
    "    ascendc.pipe_barrier pipe_all\n"
    "    %fc = ascendc.construct !ascendc.fixpipe_config(%c1) "
    "[!ascendc.co2_layout] : i32\n"
    "    %fp = ascendc.construct !ascendc.fixpipe_params_v220(%c16, %c16, "
    "%c16, %c16, %f, %c0, %c0, %c1, %c0, %c0, %c0, %f) [ui16, ui16, ui16, "
    "ui32, i1, !ascendc.quant_mode_t, ui64, ui16, ui16, ui16, ui8, i1] : i32, "
    "i32, i32, i32, i1, i32, i32, i32, i32, i32, i32, i1\n"
    "    ascendc.fixpipe %zg, %l0c, %fp, %fc : !ascendc.global_tensor<*xf32>, "
    "!ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, "
    "!ascendc.fixpipe_config\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_cube_costs(void) {
  casc_platform p = test_platform();
  p.mte1_l0a_bytes_per_cycle = 64;
  p.mte1_l0b_bytes_per_cycle = 32;
  p.mte1_setup = 7;
  p.cube_head = 3;
  p.cube_cycles_per_fractal = 1000; /* not f32's */
  p.cube_f32_cycles_per_fractal = 5;
  p.fix_bytes_per_cycle = 16;
  p.fix_setup = 2;
  run_env e;
  REQUIRE(run_timed_on(&e, cube_ops, 1, 1, NULL, true, p));
  REQUIRE(blk(&e, 0));
  /* MTE1: each load its set-up plus 4 fractals of 512 bytes at the
   * destination's rate: (7 + 4 x 512/64) + (7 + 4 x 512/32) = 39 + 71. */
  CHECK_EQ_INT(blk(&e, 0)->busy[CASC_SIM_PIPE_MTE1], 110);
  /* M: 1 x ceil(32/8) x 1 = 4 fractal products of f32: 3 + 4 x 5. */
  CHECK_EQ_INT(blk(&e, 0)->busy[CASC_SIM_PIPE_M], 23);
  /* FIX: 16 x 16 elements at 2 bytes: 2 + 512/16. */
  CHECK_EQ_INT(blk(&e, 0)->busy[CASC_SIM_PIPE_FIX], 34);
  /* The last op, the Fixpipe, ends the block: every pipe drained before
   * it (the barriers), so it completes 34 cycles after it starts. */
  CHECK(blk(&e, 0)->cycles > 110 + 23 + 34);
  /* And f32 inputs multiply (regular FP32): L0A and L0B hold the same 4
   * fractals, read as A's ZZ and B's ZN layouts, so C[i][j] is the sum over
   * k of x[kb*128 + i*8 + k%8] * x[kb*128 + j*8 + k%8], kb = k/8. */
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      double want = 0;
      for (int k = 0; k < 32; k++)
        want += (double)e.x[k / 8 * 128 + i * 8 + k % 8] *
                e.x[k / 8 * 128 + j * 8 + k % 8];
      double got = e.z[i * 16 + j];
      if (!CHECK(got > want * (1 - 1e-5) && got < want * (1 + 1e-5) + 1e-9))
        fprintf(stderr, "  C[%d][%d] = %g, want %g\n", i, j, got, want);
    }
  env_done(&e);
  /* The chart has a track for each of the three pipes. */
  casc_buf t;
  casc_buf_init(&t);
  REQUIRE(run_timed_on(&e, cube_ops, 1, 1, &t, true, p));
  REQUIRE(t.data);
  CHECK(strstr(t.data, "\"name\":\"LoadData\",\"cat\":\"MTE1\""));
  CHECK(strstr(t.data, "\"name\":\"Mmad\",\"cat\":\"M\""));
  CHECK(strstr(t.data, "\"name\":\"Fixpipe\",\"cat\":\"FIX\""));
  casc_buf_free(&t);
  env_done(&e);
}

/* ---- the platform file -----------------------------------------------------
 */

static void test_platform_timing_keys(void) {
  /* platform/Ascend910B1.ini, found from this file's path. */
  char path[1024];
  const char *me = __FILE__;
  const char *cut = strstr(me, "test/unit/");
  if (!cut)
    snprintf(path, sizeof path, "../../platform/Ascend910B1.ini");
  else
    snprintf(path, sizeof path, "%.*splatform/Ascend910B1.ini", (int)(cut - me),
             me);
  FILE *f = fopen(path, "rb");
  REQUIRE(f);
  static char text[65536];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = 0;
  /* Every [casc.timing] key is in the file with the built-in value (the
   * parser starts from the defaults, so a missing key would go unseen). */
  casc_platform d;
  casc_platform_default(&d);
  struct {
    const char *key;
    unsigned v;
  } keys[] = {{"scalar_cycles", d.scalar_cycles},
              {"vector_bytes_per_cycle", d.vector_bytes_per_cycle},
              {"vector_latency", d.vector_latency},
              {"mte2_bytes_per_cycle", d.mte2_bytes_per_cycle},
              {"mte2_setup", d.mte2_setup},
              {"mte2_latency", d.mte2_latency},
              {"mte3_bytes_per_cycle", d.mte3_bytes_per_cycle},
              {"mte3_setup", d.mte3_setup},
              {"mte3_latency", d.mte3_latency},
              {"cube_head", d.cube_head},
              {"cube_cycles_per_fractal", d.cube_cycles_per_fractal},
              {"cube_f32_cycles_per_fractal", d.cube_f32_cycles_per_fractal},
              {"cube_latency", d.cube_latency},
              {"mte1_l0a_bytes_per_cycle", d.mte1_l0a_bytes_per_cycle},
              {"mte1_l0b_bytes_per_cycle", d.mte1_l0b_bytes_per_cycle},
              {"mte1_bt_bytes_per_cycle", d.mte1_bt_bytes_per_cycle},
              {"mte1_setup", d.mte1_setup},
              {"mte1_latency", d.mte1_latency},
              {"fix_bytes_per_cycle", d.fix_bytes_per_cycle},
              {"fix_setup", d.fix_setup},
              {"fix_latency", d.fix_latency},
              {"set_flag_cycles", d.set_flag_cycles},
              {"wait_flag_cycles", d.wait_flag_cycles},
              {"barrier_cycles", d.barrier_cycles},
              {"min_op_cycles", d.min_op_cycles},
              {"launch_cycles", d.launch_cycles},
              {"mix_launch_cycles", d.mix_launch_cycles},
              {"kfc_msg_cycles", d.kfc_msg_cycles}};
  const char *sec = strstr(text, "\n[casc.timing]\n");
  REQUIRE(sec);
  for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++) {
    char line[96];
    snprintf(line, sizeof line, "\n%s=%u\n", keys[i].key, keys[i].v);
    if (!CHECK(strstr(sec, line)))
      fprintf(stderr, "  missing: %s", line + 1);
  }
  /* And the three keys of every vector cost class. */
  for (unsigned c = 0; c < CASC_PLATFORM_VCOSTS; c++) {
    char line[96];
    REQUIRE(casc_platform_vcost_name(c));
    snprintf(line, sizeof line, "\n%s_head=%u\n", casc_platform_vcost_name(c),
             d.vec_head[c]);
    if (!CHECK(strstr(sec, line)))
      fprintf(stderr, "  missing: %s", line + 1);
    snprintf(line, sizeof line, "\n%s_cycles_per_repeat=%u\n",
             casc_platform_vcost_name(c), d.vec_cycles_per_repeat[c]);
    if (!CHECK(strstr(sec, line)))
      fprintf(stderr, "  missing: %s", line + 1);
    snprintf(line, sizeof line, "\n%s_latency=%u\n",
             casc_platform_vcost_name(c), d.vec_latency[c]);
    if (!CHECK(strstr(sec, line)))
      fprintf(stderr, "  missing: %s", line + 1);
  }
  CHECK(!casc_platform_vcost_name(CASC_PLATFORM_VCOSTS));
  /* A rate of zero is refused. */
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list dl = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &dl);
  const char *bad = "[casc.timing]\nmte2_bytes_per_cycle=0\n";
  casc_platform p;
  CHECK(!casc_platform_parse(ctx, bad, strlen(bad), "bad.ini", &p));
  CHECK_EQ_INT(dl.n, 1);
  const char *good = "[casc.timing]\nmte2_latency=7\n";
  CHECK(casc_platform_parse(ctx, good, strlen(good), "good.ini", &p));
  CHECK_EQ_INT(p.mte2_latency, 7);
  /* Per-class keys; a class name alone, or in another section, is not one;
   * a bad number is located. */
  const char *cls = "[casc.timing]\nbinary_head=9\ndiv_cycles_per_repeat=5\n"
                    "binary=3\n[other]\nunary_head=8\n";
  CHECK(casc_platform_parse(ctx, cls, strlen(cls), "cls.ini", &p));
  unsigned bin = vcost_index("binary"), div = vcost_index("div"),
           un = vcost_index("unary");
  REQUIRE(bin < CASC_PLATFORM_VCOSTS && div < CASC_PLATFORM_VCOSTS &&
          un < CASC_PLATFORM_VCOSTS);
  CHECK_EQ_INT(p.vec_head[bin], 9);
  CHECK_EQ_INT(p.vec_cycles_per_repeat[div], 5);
  CHECK_EQ_INT(p.vec_head[un], d.vec_head[un]); /* untouched */
  CHECK_EQ_INT(dl.n, 1);
  const char *neg = "[casc.timing]\ncast_head=-1\n";
  CHECK(!casc_platform_parse(ctx, neg, strlen(neg), "neg.ini", &p));
  CHECK_EQ_INT(dl.n, 2);
  if (dl.n == 2)
    CHECK(strstr(dl.items[1]->msg, "'cast_head' must be a non-negative"));
  /* The cube's rates divide too. */
  const char *fix0 = "[casc.timing]\nfix_bytes_per_cycle=0\n";
  CHECK(!casc_platform_parse(ctx, fix0, strlen(fix0), "fix0.ini", &p));
  const char *l0b0 = "[casc.timing]\nmte1_l0b_bytes_per_cycle=0\n";
  CHECK(!casc_platform_parse(ctx, l0b0, strlen(l0b0), "l0b0.ini", &p));
  CHECK_EQ_INT(dl.n, 4);
  casc_diag_list_free(&dl);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_one_copy);
  RUN_TEST(test_copy_add);
  RUN_TEST(test_copy_add_race);
  RUN_TEST(test_vector_dependency);
  RUN_TEST(test_class_latency);
  RUN_TEST(test_two_buffers);
  RUN_TEST(test_wait_before_set);
  RUN_TEST(test_scalar_deadlock);
  RUN_TEST(test_trace);
  RUN_TEST(test_deterministic_and_unchanged);
  RUN_TEST(test_instruction_costs);
  RUN_TEST(test_copy_select_classes);
  RUN_TEST(test_cube_costs);
  RUN_TEST(test_platform_timing_keys);
  return CHECK_SUMMARY();
}
