// -ascendc-hoist-que-bind moves ops in the order of MLIR's greedy driver,
// as pyasc does: bottom-up, each hoisted op followed at once by the users it
// unblocks (the last queue of a loop lands first before it). Output checked
// against pyasc's ascir-opt.
// RUN: casc opt -ascendc-hoist-que-bind %s | FileCheck %s

// CHECK-LABEL: func.func @order(
// CHECK-NEXT: %0 = ascendc.pipe
// CHECK-NEXT: %1 = ascendc.queue : <vecout, 1>
// CHECK-NEXT: ascendc.pipe.init_queue %0, %1, %arg0, %arg3
// CHECK-NEXT: %2 = ascendc.que_bind : <vecin, vecout, 2>
// CHECK-NEXT: %3 = ascendc.queue : <vecin, 1>
// CHECK-NEXT: ascendc.pipe.init_queue %0, %3, %arg0, %arg3
// CHECK-NEXT: %4 = ascendc.tbuf : <veccalc>
// CHECK-NEXT: ascendc.pipe.init_buffer %0, %4, %arg3
// CHECK-NEXT: %5 = ascendc.tbuf.get_tensor %4
// CHECK-NEXT: scf.for %arg5
// CHECK-NEXT:   scf.if %arg4 {
// CHECK-NEXT:     ascendc.add_l2 %5, %5, %5, %arg2
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for %arg6
// CHECK-NEXT:     %6 = ascendc.que_bind.alloc_tensor %3
// The init_queue that uses the inner loop's variable stays in the loop.
// CHECK-NEXT:     ascendc.pipe.init_queue %0, %2, %arg6, %arg3
// CHECK-NEXT:     %7 = ascendc.que_bind.alloc_tensor %1
func.func @order(%lo: i32, %hi: i32, %n: i32, %bytes: i64, %c: i1) {
  %p = ascendc.pipe
  scf.for %i = %lo to %hi step %lo : i32 {
    scf.if %c {
      %t = ascendc.tbuf : <veccalc>
      ascendc.pipe.init_buffer %p, %t, %bytes : !ascendc.tbuf<veccalc>, i64
      %x = ascendc.tbuf.get_tensor %t : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
      ascendc.add_l2 %x, %x, %x, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    }
    scf.for %j = %lo to %n step %lo : i32 {
      %q1 = ascendc.queue : <vecin, 1>
      ascendc.pipe.init_queue %p, %q1, %lo, %bytes : !ascendc.queue<vecin, 1>, i32, i64
      %a = ascendc.que_bind.alloc_tensor %q1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
      %q2 = ascendc.que_bind : <vecin, vecout, 2>
      ascendc.pipe.init_queue %p, %q2, %j, %bytes : !ascendc.que_bind<vecin, vecout, 2>, i32, i64
      %q3 = ascendc.queue : <vecout, 1>
      ascendc.pipe.init_queue %p, %q3, %lo, %bytes : !ascendc.queue<vecout, 1>, i32, i64
      %b = ascendc.que_bind.alloc_tensor %q3 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
      ascendc.que_bind.free_tensor %q3, %b : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
      ascendc.que_bind.free_tensor %q1, %a : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
    }
  }
  return
}
