// Corpus (correct): loop-carried scalars drive the queue use. A stage flag
// alternates between loading a tile (even steps) and consuming it (odd
// steps), carried in iter_args; a countdown decides when to flush an
// accumulator. The step count is a kernel argument.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @stage_toggle(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %pairs: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %true = arith.constant true
  %false = arith.constant false
  %steps = arith.muli %pairs, %c2_i32 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c1_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  %r:2 = scf.for %i = %c0_i32 to %steps step %c1_i32 iter_args(%load = %true, %tile = %c0_i32) -> (i1, i32)  : i32 {
    %off = arith.muli %tile, %c128_i32 : i32
    %ntile = scf.if %load -> (i32) {
      %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %xs, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      scf.yield %tile : i32
    } else {
      %d = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %ys, %d, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %qx, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %nt = arith.addi %tile, %c1_i32 : i32
      scf.yield %nt : i32
    }
    %nload = arith.xori %load, %true : i1
    scf.yield %nload, %ntile : i1, i32
  }
  return
}

// -----

func.func @flush_every_four(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c4_i32 = arith.constant 4 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %c10000_i32 = arith.constant 10000 : i32
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
  %acc0 = ascendc.que_bind.alloc_tensor %qacc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.duplicate_l2 %acc0, %cst, %c64_i32 : !ascendc.local_tensor<*xf32>, f32, i32
  %res:2 = scf.for %i = %c0_i32 to %c10000_i32 step %c1_i32 iter_args(%acc = %acc0, %left = %c4_i32) -> (!ascendc.local_tensor<*xf32>, i32)  : i32 {
    %off = arith.muli %i, %c64_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %xt, %xs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.add_l2 %acc, %acc, %xd, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %l1 = arith.subi %left, %c1_i32 : i32
    %flush = arith.cmpi eq, %l1, %c0_i32 : i32
    %out:2 = scf.if %flush -> (!ascendc.local_tensor<*xf32>, i32) {
      ascendc.que_bind.enque_tensor %qacc, %acc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
      %ad = ascendc.que_bind.deque_tensor %qacc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
      ascendc.data_copy_l2 %yg, %ad, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
      ascendc.que_bind.free_tensor %qacc, %ad : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
      %fresh = ascendc.que_bind.alloc_tensor %qacc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
      ascendc.duplicate_l2 %fresh, %cst, %c64_i32 : !ascendc.local_tensor<*xf32>, f32, i32
      scf.yield %fresh, %c4_i32 : !ascendc.local_tensor<*xf32>, i32
    } else {
      scf.yield %acc, %l1 : !ascendc.local_tensor<*xf32>, i32
    }
    scf.yield %out#0, %out#1 : !ascendc.local_tensor<*xf32>, i32
  }
  ascendc.que_bind.free_tensor %qacc, %res#0 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  return
}
