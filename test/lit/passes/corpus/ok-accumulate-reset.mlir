// Corpus (correct): a global sum. The accumulator comes from the output
// queue before the tile loop and goes out after it; the tile loop is
// double buffered. A second phase re-initialises the pipe (Reset) and uses
// the unified buffer again for a larger scratch.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @sum_then_scale(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c64_i32 = arith.constant 64 : i32
  %c65536_i32 = arith.constant 65536 : i32
  %c131072_i32 = arith.constant 131072 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qacc = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c65536_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qacc, %c1_i32, %c65536_i32 : !ascendc.queue<vecout, 1>, i32, i32
  %acc = ascendc.que_bind.alloc_tensor %qacc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.duplicate_l2 %acc, %cst, %c64_i32 : !ascendc.local_tensor<*xf32>, f32, i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c64_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %xt, %xs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.add_l2 %acc, %acc, %xd, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  ascendc.que_bind.enque_tensor %qacc, %acc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  %accd = ascendc.que_bind.deque_tensor %qacc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %yg, %accd, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.que_bind.free_tensor %qacc, %accd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.pipe.reset %pipe : !ascendc.pipe
  %big = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %big, %c131072_i32 : !ascendc.tbuf<veccalc>, i32
  %w = ascendc.tbuf.get_tensor %big : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %w, %yg, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.muls_l2 %w, %w, %cst, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
  ascendc.data_copy_l2 %yg, %w, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}
