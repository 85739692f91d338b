// Corpus (correct): prefetch guards written in other ways. A constant tile
// count with `i != 15`; a guard on the last iteration (`i == n - 1` skips
// the load); a guard on an offset carried in iter_args.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @prefetch_ne_known(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c15_i32 = arith.constant 15 : i32
  %c16_i32 = arith.constant 16 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  %x0 = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %x0, %xg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.que_bind.enque_tensor %qx, %x0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  scf.for %i = %c0_i32 to %c16_i32 step %c1_i32  : i32 {
    %more = arith.cmpi ne, %i, %c15_i32 : i32
    scf.if %more {
      %next = arith.addi %i, %c1_i32 : i32
      %noff = arith.muli %next, %c128_i32 : i32
      %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %src = ascendc.global_tensor.subindex %xg[%noff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %off = arith.muli %i, %c128_i32 : i32
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.abs_l2 %xd, %xd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %xd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @prefetch_unless_last(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
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
  %qx = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  // The prologue only when the loop runs (lb < ub): nothing is left queued
  // when the trip count is 0.
  %runs_63 = arith.cmpi slt, %c0_i32, %n : i32
  scf.if %runs_63 {
    %x0 = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %x0, %xg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %x0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  %last = arith.subi %n, %c1_i32 : i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %is_last = arith.cmpi eq, %i, %last : i32
    scf.if %is_last {
    } else {
      %next = arith.addi %i, %c1_i32 : i32
      %noff = arith.muli %next, %c128_i32 : i32
      %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %src = ascendc.global_tensor.subindex %xg[%noff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %off = arith.muli %i, %c128_i32 : i32
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.abs_l2 %xd, %xd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %xd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @prefetch_offset_carry(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %len: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %n = arith.divsi %len, %c128_i32 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  // The prologue only when the loop runs (lb < ub): nothing is left queued
  // when the trip count is 0.
  %runs_103 = arith.cmpi slt, %c0_i32, %n : i32
  scf.if %runs_103 {
    %x0 = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %x0, %xg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %x0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  %end = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%off = %c0_i32) -> (i32)  : i32 {
    %noff = arith.addi %off, %c128_i32 : i32
    %more = arith.cmpi slt, %noff, %len : i32
    scf.if %more {
      %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %src = ascendc.global_tensor.subindex %xg[%noff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.abs_l2 %xd, %xd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %xd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    scf.yield %noff : i32
  }
  return
}
