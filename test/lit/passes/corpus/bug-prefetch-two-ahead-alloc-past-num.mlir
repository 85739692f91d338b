// Corpus (bug + twin): prefetch two tiles ahead. The bug loads tile i+2
// before tile i is freed: three buffers would be held, the queue has two,
// and the AllocTensor never returns. The twin frees tile i first.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @exp_prefetch2_bug(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %qin = ascendc.queue : <vecin, 2>
  %qout = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qin, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qout, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  // The prologue only when the loop runs (lb < ub): nothing is left queued
  // when the trip count is 0.
  %runs_31 = arith.cmpi slt, %c0_i32, %n : i32
  scf.if %runs_31 {
    // expected-note@below {{allocated here}}
    %a = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %a, %xg, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qin, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    // expected-note@below {{allocated here}}
    %b = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %x1 = ascendc.global_tensor.subindex %xg[%c64_i32] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %b, %x1, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qin, %b : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  }
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %cur = ascendc.que_bind.deque_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %i2 = arith.addi %i, %c2_i32 : i32
    %more = arith.cmpi slt, %i2, %n : i32
    scf.if %more {
      // expected-warning@below {{AllocTensor: all 2 buffers of this queue are held; on the NPU this call never returns}}
      %t = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
      %off = arith.muli %i2, %c64_i32 : i32
      %src = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      ascendc.data_copy_l2 %t, %src, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.que_bind.enque_tensor %qin, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    }
    %o = ascendc.que_bind.alloc_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.exp_l2 %o, %cur, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qin, %cur : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %qout, %o : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %od = ascendc.que_bind.deque_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %doff = arith.muli %i, %c64_i32 : i32
    %dst = ascendc.global_tensor.subindex %yg[%doff] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %dst, %od, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qout, %od : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

// Twin: tile i is freed before tile i+2 is loaded; the second prologue load
// is guarded by 1 < n.
func.func @exp_prefetch2_ok(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qin = ascendc.queue : <vecin, 2>
  %qout = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qin, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qout, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  // The prologue only when the loop runs (lb < ub): nothing is left queued
  // when the trip count is 0.
  %runs_85 = arith.cmpi slt, %c0_i32, %n : i32
  scf.if %runs_85 {
    %a = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %a, %xg, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qin, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %two = arith.cmpi sgt, %n, %c1_i32 : i32
    scf.if %two {
    %b = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %x1 = ascendc.global_tensor.subindex %xg[%c64_i32] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %b, %x1, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qin, %b : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    }
  }
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %cur = ascendc.que_bind.deque_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %o = ascendc.que_bind.alloc_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.exp_l2 %o, %cur, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qin, %cur : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %i2 = arith.addi %i, %c2_i32 : i32
    %more = arith.cmpi slt, %i2, %n : i32
    scf.if %more {
      %t = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
      %off = arith.muli %i2, %c64_i32 : i32
      %src = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      ascendc.data_copy_l2 %t, %src, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.que_bind.enque_tensor %qin, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    }
    ascendc.que_bind.enque_tensor %qout, %o : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %od = ascendc.que_bind.deque_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %doff = arith.muli %i, %c64_i32 : i32
    %dst = ascendc.global_tensor.subindex %yg[%doff] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %dst, %od, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qout, %od : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}
