// Corpus (correct): prefetch across iterations. Tile 0 is loaded before the
// loop; iteration i loads tile i+1 (guarded by i + 1 < n) before it consumes
// tile i, so two tensors wait in the input queue at once (depth 2). The tile
// count n is only known at run time.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @relu_prefetch(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
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
  %qin = ascendc.queue : <vecin, 2>
  %qout = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qin, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qout, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  // The prologue only when the loop runs (lb < ub): nothing is left queued
  // when the trip count is 0.
  %runs_25 = arith.cmpi slt, %c0_i32, %n : i32
  scf.if %runs_25 {
    %t0 = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %t0, %xg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qin, %t0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %next = arith.addi %i, %c1_i32 : i32
    %more = arith.cmpi slt, %next, %n : i32
    scf.if %more {
      %t = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %off = arith.muli %next, %c128_i32 : i32
      %src = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qin, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    } else {
    }
    %xin = ascendc.que_bind.deque_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %yout = ascendc.que_bind.alloc_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.relu_l2 %yout, %xin, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qin, %xin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qout, %yout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yo = ascendc.que_bind.deque_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %doff = arith.muli %i, %c128_i32 : i32
    %dst = ascendc.global_tensor.subindex %yg[%doff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %dst, %yo, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qout, %yo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// The same with the guard written against n - 1 and the tile count derived
// from a byte length argument.
func.func @relu_prefetch_derived_n(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %len: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %n = arith.divsi %len, %c128_i32 : i32
  %last = arith.subi %n, %c1_i32 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qin = ascendc.queue : <vecin, 2>
  %qout = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qin, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qout, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  // The prologue only when the loop runs (lb < ub): nothing is left queued
  // when the trip count is 0.
  %runs_74 = arith.cmpi slt, %c0_i32, %n : i32
  scf.if %runs_74 {
    %t0 = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %t0, %xg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qin, %t0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %more = arith.cmpi slt, %i, %last : i32
    scf.if %more {
      %next = arith.addi %i, %c1_i32 : i32
      %t = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %off = arith.muli %next, %c128_i32 : i32
      %src = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qin, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %xin = ascendc.que_bind.deque_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %yout = ascendc.que_bind.alloc_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.relu_l2 %yout, %xin, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qin, %xin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qout, %yout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yo = ascendc.que_bind.deque_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %doff = arith.muli %i, %c128_i32 : i32
    %dst = ascendc.global_tensor.subindex %yg[%doff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %dst, %yo, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qout, %yo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}
