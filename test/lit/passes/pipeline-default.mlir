// The default pipeline (pyasc's order, docs/ir.md §6.1) on front-end shaped
// IR: helpers are inlined and dropped, constants hoisted and uniqued, automatic
// tensors get queues (freed after their last use) and insert-sync's
// EnQue/DeQue, one TPipe remains, the kernel arguments are marked, and
// verify-sync finds nothing to report.
// RUN: casc opt -pipeline=default -verify-diagnostics %s | FileCheck %s
// RUN: casc opt -pipeline=pyasc %s | FileCheck %s --check-prefix=PYASC

// CHECK-LABEL: module {
// CHECK-NEXT:  emitc.include "kernel_operator.h"
// CHECK-NOT:   func.func private @tile_offset
// CHECK:       func.func @scale(%arg0: !ascendc.global_tensor<*xf32> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg1: !ascendc.global_tensor<*xf32> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}) attributes {ascendc.aicore, ascendc.global} {
// CHECK-DAG:   %c64_i32 = arith.constant 64 : i32
// CHECK-DAG:   %c256_i64 = arith.constant 256 : i64
// CHECK:       %[[PIPE:.*]] = ascendc.pipe
// CHECK-NOT:   = ascendc.pipe{{$}}
// hoist-que-bind leaves the queues in pyasc's order (the greedy driver's,
// bottom-up: the output queue first).
// CHECK:       ascendc.queue : <vecout, 1>
// CHECK:       ascendc.queue : <vecin, 1>
// insert-sync (the auto-sync block, as in pyasc) adds the EnQue/DeQue
// pairs and the closing PIPE_ALL; the input tensor is freed right after its
// last use (free-at-last-use).
// CHECK:       scf.for
// CHECK:       ascendc.data_copy_l2 %[[IN:.*]], %{{.*}}, %c64_i32
// CHECK-NEXT:  ascendc.que_bind.enque_tensor %{{.*}}, %[[IN]] : !ascendc.queue<vecin, 1>
// CHECK-NEXT:  %[[DIN:.*]] = ascendc.que_bind.deque_tensor {{.*}} : !ascendc.queue<vecin, 1>
// CHECK-NEXT:  ascendc.muls_l2 %[[OUT:.*]], %[[DIN]],
// CHECK-NEXT:  ascendc.que_bind.enque_tensor %{{.*}}, %[[OUT]] : !ascendc.queue<vecout, 1>
// CHECK-NEXT:  ascendc.que_bind.free_tensor {{.*}} : !ascendc.queue<vecin, 1>
// CHECK:       %[[DOUT:.*]] = ascendc.que_bind.deque_tensor {{.*}} : !ascendc.queue<vecout, 1>
// CHECK-NEXT:  ascendc.data_copy_l2 %{{.*}}, %[[DOUT]], %c64_i32
// CHECK:       ascendc.pipe_barrier pipe_all
// CHECK-NEXT:  return

// pyasc's exact pipeline: the ffts_addr argument and its set_ffts_base_addr.
// PYASC: %arg2: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}
// PYASC: ascendc.set_ffts_base_addr %arg2 : memref<?xui64, 22>
module {
  func.func @tile_offset(%i: i32) -> i32 attributes {ascendc.aicore} {
    %c64 = arith.constant 64 : i32
    %0 = arith.muli %i, %c64 : i32
    return %0 : i32
  }
  func.func @scale(%x: !ascendc.global_tensor<*xf32>, %y: !ascendc.global_tensor<*xf32>) attributes {ascendc.aicore, ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c4 = arith.constant 4 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %c4 step %c1 : i32 {
      %a = ascendc.local_tensor_auto() : <64xf32>
      %in = ascendc.local_tensor_auto() : <64xf32>
      %out = ascendc.local_tensor_auto() : <64xf32>
      %off = func.call @tile_offset(%i) : (i32) -> i32
      %xs = ascendc.global_tensor.subindex %x[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      %n = arith.constant 64 : i32
      ascendc.data_copy_l2 %in, %xs, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
      %n2 = arith.constant 64 : i32
      %two = arith.constant 2.0 : f32
      ascendc.muls_l2 %out, %in, %two, %n2 {isSetMask} : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
      %ys = ascendc.global_tensor.subindex %y[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      ascendc.data_copy_l2 %ys, %out, %n2 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
    }
    return
  }
}
