// Corpus (correct): loop shapes around the trip count. A loop from 1 with
// a prefetch guard; a loop of step 2; a prologue and an in-loop prefetch
// both guarded against an empty range; an accumulator set up in the first
// iteration and written out in the last one; nested prefetching loops.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @from_one(%x: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  %src1 = ascendc.global_tensor.subindex %xg[%c128_i32] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
  // The prologue only when the loop runs (lb < ub): nothing is left queued
  // when the trip count is 0.
  %runs_22 = arith.cmpi slt, %c1_i32, %n : i32
  scf.if %runs_22 {
    %x1 = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %x1, %src1, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %x1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  scf.for %i = %c1_i32 to %n step %c1_i32  : i32 {
    %next = arith.addi %i, %c1_i32 : i32
    %more = arith.cmpi slt, %next, %n : i32
    scf.if %more {
      %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %noff = arith.muli %next, %c128_i32 : i32
      %src = ascendc.global_tensor.subindex %xg[%noff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %off = arith.muli %i, %c128_i32 : i32
    %dst = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %dst, %xd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @step_two(%x: memref<?xf16, 22>, %len: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  // The prologue only when the loop runs (lb < ub): nothing is left queued
  // when the trip count is 0.
  %runs_56 = arith.cmpi slt, %c0_i32, %len : i32
  scf.if %runs_56 {
    %x0 = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %x0, %xg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %x0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  scf.for %i = %c0_i32 to %len step %c2_i32  : i32 {
    %next = arith.addi %i, %c2_i32 : i32
    %more = arith.cmpi slt, %next, %len : i32
    scf.if %more {
      %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %noff = arith.muli %next, %c128_i32 : i32
      %src = ascendc.global_tensor.subindex %xg[%noff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %off = arith.muli %i, %c128_i32 : i32
    %dst = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %dst, %xd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @guarded_prologue(%x: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  %any = arith.cmpi sgt, %n, %c0_i32 : i32
  scf.if %any {
    %x0 = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %x0, %xg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %x0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %next = arith.addi %i, %c1_i32 : i32
    %more = arith.cmpi slt, %next, %n : i32
    scf.if %more {
      %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %noff = arith.muli %next, %c128_i32 : i32
      %src = ascendc.global_tensor.subindex %xg[%noff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %off = arith.muli %i, %c128_i32 : i32
    %dst = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %dst, %xd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @first_and_last_iteration(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
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
  %acc0 = ascendc.local_tensor : !ascendc.local_tensor<*xf32>
  %nm1 = arith.subi %n, %c1_i32 : i32
  %accf = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %acc0) -> (!ascendc.local_tensor<*xf32>)  : i32 {
    %first = arith.cmpi eq, %i, %c0_i32 : i32
    %a = scf.if %first -> (!ascendc.local_tensor<*xf32>) {
      %t = ascendc.que_bind.alloc_tensor %qacc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
      ascendc.duplicate_l2 %t, %cst, %c64_i32 : !ascendc.local_tensor<*xf32>, f32, i32
      scf.yield %t : !ascendc.local_tensor<*xf32>
    } else {
      scf.yield %acc : !ascendc.local_tensor<*xf32>
    }
    %off = arith.muli %i, %c64_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %xt, %xs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.add_l2 %a, %a, %xd, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %last = arith.cmpi eq, %i, %nm1 : i32
    scf.if %last {
      ascendc.que_bind.enque_tensor %qacc, %a : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
      %ad = ascendc.que_bind.deque_tensor %qacc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
      ascendc.data_copy_l2 %yg, %ad, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
      ascendc.que_bind.free_tensor %qacc, %ad : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    }
    scf.yield %a : !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

func.func @nested_prefetch(%x: memref<?xf16, 22>, %rows: i32, %cols: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  scf.for %r = %c0_i32 to %rows step %c1_i32  : i32 {
    %rowoff = arith.muli %r, %cols : i32
    %rs = ascendc.global_tensor.subindex %xg[%rowoff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    // The prologue only when the loop runs (lb < ub): nothing is left queued
    // when the trip count is 0.
    %runs_181 = arith.cmpi slt, %c0_i32, %cols : i32
    scf.if %runs_181 {
      %x0 = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.data_copy_l2 %x0, %rs, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qx, %x0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    scf.for %j = %c0_i32 to %cols step %c1_i32  : i32 {
      %next = arith.addi %j, %c1_i32 : i32
      %more = arith.cmpi slt, %next, %cols : i32
      scf.if %more {
        %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
        %noff = arith.muli %next, %c128_i32 : i32
        %src = ascendc.global_tensor.subindex %rs[%noff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
        ascendc.data_copy_l2 %t, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
        ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      }
      %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %off = arith.muli %j, %c128_i32 : i32
      %dst = ascendc.global_tensor.subindex %rs[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %dst, %xd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
  }
  return
}
