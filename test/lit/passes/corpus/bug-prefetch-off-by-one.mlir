// Corpus (bug + twin): the prefetch guard is off by one (i + 1 <= n
// instead of i + 1 < n), so the last iteration loads a tile past the end
// that nobody dequeues or frees. With a constant tile count and with a
// run-time one. The twins use i + 1 < n.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @prefetch_sle_known(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c8_i32 = arith.constant 8 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %qx = ascendc.queue : <vecin, 2>
  %qy = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  %x0 = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %x0, %xg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.que_bind.enque_tensor %qx, %x0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  scf.for %i = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
    %next = arith.addi %i, %c1_i32 : i32
    %more = arith.cmpi sle, %next, %c8_i32 : i32
    scf.if %more {
      // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
      %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %noff = arith.muli %next, %c128_i32 : i32
      %src = ascendc.global_tensor.subindex %xg[%noff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      // expected-warning@below {{EnQue: there is no corresponding call to DeQue for this tensor}}
      ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %off = arith.muli %i, %c128_i32 : i32
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.relu_l2 %yt, %xd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %yd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @prefetch_slt_known(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c8_i32 = arith.constant 8 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  %qy = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  %x0 = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %x0, %xg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.que_bind.enque_tensor %qx, %x0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  scf.for %i = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
    %next = arith.addi %i, %c1_i32 : i32
    %more = arith.cmpi slt, %next, %c8_i32 : i32
    scf.if %more {
      %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %noff = arith.muli %next, %c128_i32 : i32
      %src = ascendc.global_tensor.subindex %xg[%noff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %off = arith.muli %i, %c128_i32 : i32
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.relu_l2 %yt, %xd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %yd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @prefetch_sle_runtime(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
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
  // expected-note@below {{queue declared here}}
  %qx = ascendc.queue : <vecin, 2>
  %qy = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  // The prologue only when the loop runs (lb < ub): nothing is left queued
  // when the trip count is 0.
  %runs_119 = arith.cmpi slt, %c0_i32, %n : i32
  scf.if %runs_119 {
    %x0 = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %x0, %xg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %x0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %next = arith.addi %i, %c1_i32 : i32
    %more = arith.cmpi sle, %next, %n : i32
    scf.if %more {
      // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
      %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %noff = arith.muli %next, %c128_i32 : i32
      %src = ascendc.global_tensor.subindex %xg[%noff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      // expected-warning@below {{EnQue: there is no corresponding call to DeQue for this tensor}}
      ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %off = arith.muli %i, %c128_i32 : i32
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.relu_l2 %yt, %xd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %yd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}
