// Corpus (bug + twin): row-wise accumulation. For each row (outer loop, a
// run-time count) an accumulator is allocated from the output queue and
// the row's column tiles (inner loop, 4) are added into it. The bug frees
// the accumulator inside the inner loop instead of after it: the second
// column tile adds into freed memory and frees it again. The twin frees
// it after the inner loop.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @row_acc_free_inner(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %rows: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c4_i32 = arith.constant 4 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qacc = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qacc, %c1_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  scf.for %r = %c0_i32 to %rows step %c1_i32  : i32 {
    %rowoff = arith.muli %r, %c256_i32 : i32
    // expected-note@below {{allocated here}}
    %acc = ascendc.que_bind.alloc_tensor %qacc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.duplicate_l2 %acc, %cst, %c64_i32 : !ascendc.local_tensor<*xf32>, f32, i32
    scf.for %j = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %coff = arith.muli %j, %c64_i32 : i32
      %off = arith.addi %rowoff, %coff : i32
      %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      ascendc.data_copy_l2 %xt, %xs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      // expected-warning@below {{Add: use of tensor memory after its FreeTensor}}
      ascendc.add_l2 %acc, %acc, %xd, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
      ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      // (its second FreeTensor is not reported again: the tensor already has a report)
      // expected-note@below {{freed here}}
      ascendc.que_bind.free_tensor %qacc, %acc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    }
  }
  return
}

// -----

func.func @row_acc_ok(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %rows: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c4_i32 = arith.constant 4 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qacc = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qacc, %c1_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  scf.for %r = %c0_i32 to %rows step %c1_i32  : i32 {
    %rowoff = arith.muli %r, %c256_i32 : i32
    %acc = ascendc.que_bind.alloc_tensor %qacc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.duplicate_l2 %acc, %cst, %c64_i32 : !ascendc.local_tensor<*xf32>, f32, i32
    scf.for %j = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %coff = arith.muli %j, %c64_i32 : i32
      %off = arith.addi %rowoff, %coff : i32
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
    %rs = arith.muli %r, %c64_i32 : i32
    %ys = ascendc.global_tensor.subindex %yg[%rs] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %ys, %accd, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qacc, %accd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

// The accumulator is allocated in every row but never freed (the copy-out
// reads it directly): with one buffer the second row's AllocTensor never
// returns.
func.func @row_acc_free_after_outer(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c4_i32 = arith.constant 4 : i32
  %c16_i32 = arith.constant 16 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  // expected-note@below {{queue declared here}}
  %qacc = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qacc, %c1_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  %last = scf.for %r = %c0_i32 to %c16_i32 step %c1_i32 iter_args(%prev = %cst) -> (f32)  : i32 {
    %rowoff = arith.muli %r, %c256_i32 : i32
    // expected-warning@below {{AllocTensor: all 1 buffers of this queue are held; on the NPU this call never returns}}
    // expected-note@below {{allocated here}}
    %acc = ascendc.que_bind.alloc_tensor %qacc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.duplicate_l2 %acc, %prev, %c64_i32 : !ascendc.local_tensor<*xf32>, f32, i32
    scf.for %j = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %coff = arith.muli %j, %c64_i32 : i32
      %off = arith.addi %rowoff, %coff : i32
      %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      ascendc.data_copy_l2 %xt, %xs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      ascendc.add_l2 %acc, %acc, %xd, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
      ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    }
    %rs = arith.muli %r, %c64_i32 : i32
    %ys = ascendc.global_tensor.subindex %yg[%rs] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %ys, %acc, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    %v = ascendc.local_tensor.get_value %acc, %c0_i32 : !ascendc.local_tensor<*xf32>, i32, f32
    scf.yield %v : f32
  }
  return
}
