/* The large module of bench/parse and bench/verify: vector-add kernels in
 * the shape pyasc's pipeline produces (docs/ir.md §9.3), the loop body (two
 * loads, an add, a store through three queues) repeated with fresh SSA
 * values. One generator, so both benchmarks measure the same module. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "add_module.h"

enum { BODY_REPEATS = 50 };

#define GT "!ascendc.global_tensor<*xf16>"
#define LT "!ascendc.local_tensor<*xf16>"
#define QIN "!ascendc.queue<vecin, 2>"
#define QOUT "!ascendc.queue<vecout, 2>"
#define ARG                                                                    \
  "memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}"

/* The loop body of docs/ir.md §9.3 (20 ops); '@' stands for the repetition
 * number that keeps its SSA names distinct. */
static const char body[] =
    "      %a@ = ascendc.que_bind.alloc_tensor %qx : " QIN ", " LT "\n"
    "      %b@ = ascendc.que_bind.alloc_tensor %qy : " QIN ", " LT "\n"
    "      %o@ = arith.muli %i, %c256 : i32\n"
    "      %sx@ = ascendc.global_tensor.subindex %g0[%o@] : " GT ", i32, " GT
    "\n"
    "      ascendc.data_copy_l2 %a@, %sx@, %c256 : " LT ", " GT ", i32\n"
    "      %sy@ = ascendc.global_tensor.subindex %g1[%o@] : " GT ", i32, " GT
    "\n"
    "      ascendc.data_copy_l2 %b@, %sy@, %c256 : " LT ", " GT ", i32\n"
    "      ascendc.que_bind.enque_tensor %qx, %a@ : " QIN ", " LT "\n"
    "      ascendc.que_bind.enque_tensor %qy, %b@ : " QIN ", " LT "\n"
    "      %da@ = ascendc.que_bind.deque_tensor %qx : " QIN ", " LT "\n"
    "      %db@ = ascendc.que_bind.deque_tensor %qy : " QIN ", " LT "\n"
    "      %r@ = ascendc.que_bind.alloc_tensor %qz : " QOUT ", " LT "\n"
    "      ascendc.add_l2 %r@, %da@, %db@, %c256 : " LT ", " LT ", " LT
    ", i32\n"
    "      ascendc.que_bind.enque_tensor %qz, %r@ : " QOUT ", " LT "\n"
    "      ascendc.que_bind.free_tensor %qx, %da@ : " QIN ", " LT "\n"
    "      ascendc.que_bind.free_tensor %qy, %db@ : " QIN ", " LT "\n"
    "      %dr@ = ascendc.que_bind.deque_tensor %qz : " QOUT ", " LT "\n"
    "      %sz@ = ascendc.global_tensor.subindex %g2[%o@] : " GT ", i32, " GT
    "\n"
    "      ascendc.data_copy_l2 %sz@, %dr@, %c256 : " GT ", " LT ", i32\n"
    "      ascendc.que_bind.free_tensor %qz, %dr@ : " QOUT ", " LT "\n";

static void put_numbered(casc_buf *b, const char *tmpl, unsigned n) {
  char num[16];
  int k = snprintf(num, sizeof num, "%u", n);
  for (const char *p = tmpl; *p;) {
    const char *at = strchr(p, '@');
    if (!at) {
      casc_buf_puts(b, p);
      break;
    }
    casc_buf_put(b, p, (size_t)(at - p));
    casc_buf_put(b, num, (size_t)k);
    p = at + 1;
  }
}

/* One kernel; returns the number of ops it holds (func.func included). */
static unsigned gen_kernel(casc_buf *b, unsigned k, unsigned repeats,
                           bool unknown_trips) {
  unsigned ops = 0;
  casc_buf_printf(
      b,
      "  func.func @add_custom_%u(%%x: " ARG ", %%y: " ARG ", %%z: " ARG
      ", %%n: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, "
      "%%ffts: memref<?xui64, 22> {emitasc.kernel_arg = "
      "#emitasc<kernel_arg ffts_addr>}) attributes {ascendc.aicore, "
      "ascendc.global} {\n",
      k);
  ops++;
  casc_buf_puts(b, "    ascendc.set_ffts_base_addr %ffts : memref<?xui64, 22>\n"
                   "    %c2 = arith.constant 2 : i32\n"
                   "    %c512 = arith.constant 512 : i32\n"
                   "    %c0 = arith.constant 0 : i32\n"
                   "    %c8 = arith.constant 8 : i32\n"
                   "    %c1 = arith.constant 1 : i32\n"
                   "    %c256 = arith.constant 256 : i32\n"
                   "    %idx = ascendc.get_block_idx : i32\n"
                   "    %off = arith.muli %idx, %n : i32\n"
                   "    %offi = arith.index_cast %off : i32 to index\n");
  ops += 10;
  const char *args[3] = {"x", "y", "z"};
  for (int i = 0; i < 3; i++) {
    casc_buf_printf(b,
                    "    %%p%d = emitasc.ptr_offset %%%s[%%offi] : "
                    "memref<?xf16, 22>, memref<?xf16, 22>\n"
                    "    %%g%d = ascendc.global_tensor : " GT "\n"
                    "    ascendc.global_tensor.set_global_buffer %%g%d, %%p%d "
                    ": " GT ", memref<?xf16, 22>\n",
                    i, args[i], i, i, i);
    ops += 3;
  }
  casc_buf_puts(b, "    %pipe = ascendc.pipe\n"
                   "    %qx = ascendc.queue : <vecin, 2>\n"
                   "    %qy = ascendc.queue : <vecin, 2>\n"
                   "    %qz = ascendc.queue : <vecout, 2>\n"
                   "    ascendc.pipe.init_queue %pipe, %qx, %c2, %c512 : " QIN
                   ", i32, i32\n"
                   "    ascendc.pipe.init_queue %pipe, %qy, %c2, %c512 : " QIN
                   ", i32, i32\n"
                   "    ascendc.pipe.init_queue %pipe, %qz, %c2, %c512 : " QOUT
                   ", i32, i32\n");
  /* With an unknown trip count verify-sync summarises the loop by its
   * fixpoint instead of following the 8 iterations. */
  casc_buf_printf(b, "    scf.for %%i = %%c0 to %s step %%c1 : i32 {\n",
                  unknown_trips ? "%n" : "%c8");
  ops += 8;
  for (unsigned r = 0; r < repeats; r++) {
    put_numbered(b, body, r);
    ops += 20;
  }
  casc_buf_puts(b, "    }\n    return\n  }\n");
  ops++; /* return; scf.yield is implicit in the text and not counted */
  return ops;
}

unsigned bench_add_module(casc_buf *b, unsigned target_ops,
                          bool unknown_trips) {
  casc_buf_puts(b, "module {\n  emitc.include \"kernel_operator.h\"\n");
  unsigned ops = 2;
  for (unsigned k = 0; ops < target_ops; k++)
    ops += gen_kernel(b, k, BODY_REPEATS, unknown_trips);
  casc_buf_puts(b, "}\n");
  return ops;
}
