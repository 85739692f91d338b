// Corpus (bug + twin): a 9-input sum reads one element from each of nine
// inputs through nine VECIN queues and enqueues all nine before the first
// DeQue. Each queued tensor holds an MTE2_V event id from EnQue to DeQue;
// a vector core has 8 per event, so the ninth EnQue fails. The twin sums
// eight inputs.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @sum9_inputs(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c3_i32 = arith.constant 3 : i32
  %c4_i32 = arith.constant 4 : i32
  %c5_i32 = arith.constant 5 : i32
  %c6_i32 = arith.constant 6 : i32
  %c7_i32 = arith.constant 7 : i32
  %c8_i32 = arith.constant 8 : i32
  %c32_i32 = arith.constant 32 : i32
  %c128_i32 = arith.constant 128 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %q0 = ascendc.queue : <vecin, 1>
  %q1 = ascendc.queue : <vecin, 1>
  %q2 = ascendc.queue : <vecin, 1>
  %q3 = ascendc.queue : <vecin, 1>
  %q4 = ascendc.queue : <vecin, 1>
  %q5 = ascendc.queue : <vecin, 1>
  %q6 = ascendc.queue : <vecin, 1>
  %q7 = ascendc.queue : <vecin, 1>
  // expected-note@below {{queue declared here}}
  %q8 = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q0, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q1, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q2, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q3, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q4, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q5, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q6, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q7, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q8, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c1_i32, %c32_i32 : !ascendc.queue<vecout, 1>, i32, i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %base = arith.muli %i, %c128_i32 : i32
    %o0 = arith.addi %base, %c0_i32 : i32
    %t0 = ascendc.que_bind.alloc_tensor %q0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s0 = ascendc.global_tensor.subindex %xg[%o0] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t0, %s0, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q0, %t0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o1 = arith.addi %base, %c1_i32 : i32
    %t1 = ascendc.que_bind.alloc_tensor %q1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s1 = ascendc.global_tensor.subindex %xg[%o1] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t1, %s1, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q1, %t1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o2 = arith.addi %base, %c2_i32 : i32
    %t2 = ascendc.que_bind.alloc_tensor %q2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s2 = ascendc.global_tensor.subindex %xg[%o2] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t2, %s2, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q2, %t2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o3 = arith.addi %base, %c3_i32 : i32
    %t3 = ascendc.que_bind.alloc_tensor %q3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s3 = ascendc.global_tensor.subindex %xg[%o3] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t3, %s3, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q3, %t3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o4 = arith.addi %base, %c4_i32 : i32
    %t4 = ascendc.que_bind.alloc_tensor %q4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s4 = ascendc.global_tensor.subindex %xg[%o4] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t4, %s4, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q4, %t4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o5 = arith.addi %base, %c5_i32 : i32
    %t5 = ascendc.que_bind.alloc_tensor %q5 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s5 = ascendc.global_tensor.subindex %xg[%o5] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t5, %s5, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q5, %t5 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o6 = arith.addi %base, %c6_i32 : i32
    %t6 = ascendc.que_bind.alloc_tensor %q6 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s6 = ascendc.global_tensor.subindex %xg[%o6] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t6, %s6, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q6, %t6 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o7 = arith.addi %base, %c7_i32 : i32
    %t7 = ascendc.que_bind.alloc_tensor %q7 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s7 = ascendc.global_tensor.subindex %xg[%o7] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t7, %s7, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q7, %t7 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o8 = arith.addi %base, %c8_i32 : i32
    %t8 = ascendc.que_bind.alloc_tensor %q8 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s8 = ascendc.global_tensor.subindex %xg[%o8] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t8, %s8, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    // expected-warning@below {{EnQue: all 8 event ids of HardEvent MTE2_V are already held}}
    ascendc.que_bind.enque_tensor %q8, %t8 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.duplicate_l2 %yt, %c0_i32, %c1_i32 : !ascendc.local_tensor<*xf16>, i32, i32
    %d0 = ascendc.que_bind.deque_tensor %q0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d0, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q0, %d0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d1 = ascendc.que_bind.deque_tensor %q1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d1, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q1, %d1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d2 = ascendc.que_bind.deque_tensor %q2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d2, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q2, %d2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d3 = ascendc.que_bind.deque_tensor %q3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d3, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q3, %d3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d4 = ascendc.que_bind.deque_tensor %q4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d4, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q4, %d4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d5 = ascendc.que_bind.deque_tensor %q5 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d5, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q5, %d5 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d6 = ascendc.que_bind.deque_tensor %q6 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d6, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q6, %d6 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d7 = ascendc.que_bind.deque_tensor %q7 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d7, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q7, %d7 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d8 = ascendc.que_bind.deque_tensor %q8 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d8, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q8, %d8 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %ys = ascendc.global_tensor.subindex %yg[%i] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %yd, %c1_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @sum8_inputs(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c3_i32 = arith.constant 3 : i32
  %c4_i32 = arith.constant 4 : i32
  %c5_i32 = arith.constant 5 : i32
  %c6_i32 = arith.constant 6 : i32
  %c7_i32 = arith.constant 7 : i32
  %c32_i32 = arith.constant 32 : i32
  %c128_i32 = arith.constant 128 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %q0 = ascendc.queue : <vecin, 1>
  %q1 = ascendc.queue : <vecin, 1>
  %q2 = ascendc.queue : <vecin, 1>
  %q3 = ascendc.queue : <vecin, 1>
  %q4 = ascendc.queue : <vecin, 1>
  %q5 = ascendc.queue : <vecin, 1>
  %q6 = ascendc.queue : <vecin, 1>
  %q7 = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q0, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q1, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q2, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q3, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q4, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q5, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q6, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q7, %c1_i32, %c32_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c1_i32, %c32_i32 : !ascendc.queue<vecout, 1>, i32, i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %base = arith.muli %i, %c128_i32 : i32
    %o0 = arith.addi %base, %c0_i32 : i32
    %t0 = ascendc.que_bind.alloc_tensor %q0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s0 = ascendc.global_tensor.subindex %xg[%o0] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t0, %s0, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q0, %t0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o1 = arith.addi %base, %c1_i32 : i32
    %t1 = ascendc.que_bind.alloc_tensor %q1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s1 = ascendc.global_tensor.subindex %xg[%o1] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t1, %s1, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q1, %t1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o2 = arith.addi %base, %c2_i32 : i32
    %t2 = ascendc.que_bind.alloc_tensor %q2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s2 = ascendc.global_tensor.subindex %xg[%o2] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t2, %s2, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q2, %t2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o3 = arith.addi %base, %c3_i32 : i32
    %t3 = ascendc.que_bind.alloc_tensor %q3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s3 = ascendc.global_tensor.subindex %xg[%o3] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t3, %s3, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q3, %t3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o4 = arith.addi %base, %c4_i32 : i32
    %t4 = ascendc.que_bind.alloc_tensor %q4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s4 = ascendc.global_tensor.subindex %xg[%o4] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t4, %s4, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q4, %t4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o5 = arith.addi %base, %c5_i32 : i32
    %t5 = ascendc.que_bind.alloc_tensor %q5 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s5 = ascendc.global_tensor.subindex %xg[%o5] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t5, %s5, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q5, %t5 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o6 = arith.addi %base, %c6_i32 : i32
    %t6 = ascendc.que_bind.alloc_tensor %q6 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s6 = ascendc.global_tensor.subindex %xg[%o6] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t6, %s6, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q6, %t6 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %o7 = arith.addi %base, %c7_i32 : i32
    %t7 = ascendc.que_bind.alloc_tensor %q7 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s7 = ascendc.global_tensor.subindex %xg[%o7] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t7, %s7, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q7, %t7 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.duplicate_l2 %yt, %c0_i32, %c1_i32 : !ascendc.local_tensor<*xf16>, i32, i32
    %d0 = ascendc.que_bind.deque_tensor %q0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d0, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q0, %d0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d1 = ascendc.que_bind.deque_tensor %q1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d1, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q1, %d1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d2 = ascendc.que_bind.deque_tensor %q2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d2, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q2, %d2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d3 = ascendc.que_bind.deque_tensor %q3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d3, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q3, %d3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d4 = ascendc.que_bind.deque_tensor %q4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d4, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q4, %d4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d5 = ascendc.que_bind.deque_tensor %q5 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d5, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q5, %d5 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d6 = ascendc.que_bind.deque_tensor %q6 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d6, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q6, %d6 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d7 = ascendc.que_bind.deque_tensor %q7 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %yt, %d7, %c1_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q7, %d7 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %ys = ascendc.global_tensor.subindex %yg[%i] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %yd, %c1_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}
