// Corpus (correct): spellings a front end or a hand-written kernel may use.
// Index-typed loops with the bound cast from an i32 argument; a prefetch
// guard with the constant first and an unsigned compare; AllocTensor and
// FreeTensor on a TBuf (Get and a no-op); a view freed in place of the
// tensor; two output tiles enqueued before both are written out.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @index_loop_prefetch(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %n_i32: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %n = arith.index_cast %n_i32 : i32 to index
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  // The prologue only when the loop runs (lb < ub): nothing is left queued
  // when the trip count is 0.
  %runs_25 = arith.cmpi slt, %c0, %n : index
  scf.if %runs_25 {
    %x0 = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %x0, %xg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %x0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  scf.for %i = %c0 to %n step %c1 {
    %next = arith.addi %c1, %i : index
    %more = arith.cmpi ult, %next, %n : index
    scf.if %more {
      %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %ni = arith.index_cast %next : index to i32
      %noff = arith.muli %ni, %c128_i32 : i32
      %src = ascendc.global_tensor.subindex %xg[%noff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %ii = arith.index_cast %i : index to i32
    %off = arith.muli %ii, %c128_i32 : i32
    %dst = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %dst, %xd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @tbuf_alloc_free(%x: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %tb = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %tb, %c256_i32 : !ascendc.tbuf<vecin>, i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c64_i32 : i32
    %t = ascendc.que_bind.alloc_tensor %tb : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %t, %xs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %tb, %t : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %tb : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
    ascendc.exp_l2 %d, %d, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.data_copy_l2 %xs, %d, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %tb, %d : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

func.func @free_through_view(%x: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c32_i32 = arith.constant 32 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c64_i32 : i32
    %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %t, %xs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %hi = ascendc.local_tensor.subindex %d[%c32_i32] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
    ascendc.add_l2 %d, %d, %hi, %c32_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.data_copy_l2 %xs, %d, %c32_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    %whole = ascendc.local_tensor.subindex %d[%c0_i32] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qx, %whole : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %sz = ascendc.local_tensor.get_size %d : !ascendc.local_tensor<*xf32>, i32
  }
  return
}

// -----

func.func @two_outputs_batched(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 2>, i32, i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c128_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %xt, %xs, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %pos = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %neg = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    ascendc.relu_l2 %pos, %xd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.neg_l2 %neg, %xd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.relu_l2 %neg, %neg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %pos : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %neg : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %pd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %nd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %pd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.sub_l2 %pd, %pd, %nd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %pd : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %qy, %nd : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}
