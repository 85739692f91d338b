// Corpus (twin + bug): cube-side staging through L1 and L0. A tile goes GM ->
// A1 (TQue<A1>), A1 -> A2 (TQue<A2>), and a result tile comes from a
// TQue<CO1>; the k loop has a run-time length and reuses each stage's two
// buffers. Queue capacities are within L1 / L0A / L0C.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @stage_a(%a: memref<?xf16, 22>, %c: memref<?xf32, 22>, %kt: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c512_i32 = arith.constant 512 : i32
  %c32768_i32 = arith.constant 32768 : i32
  %c65536_i32 = arith.constant 65536 : i32
  %ag = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %ag, %a : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %cg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %cg, %c : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qa1 = ascendc.queue : <a1, 1>
  %qa2 = ascendc.queue : <a2, 1>
  %qco1 = ascendc.queue : <co1, 1>
  ascendc.pipe.init_queue %pipe, %qa1, %c2_i32, %c65536_i32 : !ascendc.queue<a1, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qa2, %c2_i32, %c32768_i32 : !ascendc.queue<a2, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qco1, %c1_i32, %c65536_i32 : !ascendc.queue<co1, 1>, i32, i32
  %acc = ascendc.que_bind.alloc_tensor %qco1 : !ascendc.queue<co1, 1>, !ascendc.local_tensor<*xf32>
  scf.for %k = %c0_i32 to %kt step %c1_i32  : i32 {
    %off = arith.muli %k, %c512_i32 : i32
    %l1 = ascendc.que_bind.alloc_tensor %qa1 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    %as = ascendc.global_tensor.subindex %ag[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %l1, %as, %c512_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qa1, %l1 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    %l1d = ascendc.que_bind.deque_tensor %qa1 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    %l0 = ascendc.que_bind.alloc_tensor %qa2 : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %l0, %l1d, %c512_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qa1, %l1d : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qa2, %l0 : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
    %l0d = ascendc.que_bind.deque_tensor %qa2 : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %acc, %l0d, %c512_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qa2, %l0d : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  }
  ascendc.que_bind.enque_tensor %qco1, %acc : !ascendc.queue<co1, 1>, !ascendc.local_tensor<*xf32>
  %accd = ascendc.que_bind.deque_tensor %qco1 : !ascendc.queue<co1, 1>, !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %cg, %accd, %c512_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.que_bind.free_tensor %qco1, %accd : !ascendc.queue<co1, 1>, !ascendc.local_tensor<*xf32>
  return
}

// -----

// Bug twin: A2 buffers of 40 KiB x 2 do not fit L0A (64 KiB).
func.func @stage_a_l0a_overflow(%a: memref<?xf16, 22>, %kt: i32) attributes {ascendc.aicore, ascendc.global} {
  %c2_i32 = arith.constant 2 : i32
  %c40960_i32 = arith.constant 40960 : i32
  %c65536_i32 = arith.constant 65536 : i32
  // expected-note@below {{pipe declared here}}
  %pipe = ascendc.pipe
  %qa1 = ascendc.queue : <a1, 1>
  %qa2 = ascendc.queue : <a2, 1>
  ascendc.pipe.init_queue %pipe, %qa1, %c2_i32, %c65536_i32 : !ascendc.queue<a1, 1>, i32, i32
  // expected-warning@below {{InitBuffer: the buffers of this TPipe now take 81920 bytes of L0A, more than its 65536 bytes on Ascend910B1}}
  ascendc.pipe.init_queue %pipe, %qa2, %c2_i32, %c40960_i32 : !ascendc.queue<a2, 1>, i32, i32
  return
}
