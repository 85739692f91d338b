// Corpus (bug + twin): (a + b) * c with three VECIN queues of 3 buffers
// each, one tile at a time, over a run-time number of tiles. A freed
// buffer keeps its V_MTE2 event id until AllocTensor picks it again, and
// AllocTensor takes the buffers in turn: in iteration 3 the three queues
// would hold 9 ids; the NPU has 8. The twin gives c's queue 2 buffers.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @fma_three_by_three(%a: memref<?xf32, 22>, %b: memref<?xf32, 22>, %c: memref<?xf32, 22>, %y: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c3_i32 = arith.constant 3 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %ag = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %ag, %a : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %bg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %bg, %b : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %cg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %cg, %c : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qa = ascendc.queue : <vecin, 1>
  %qb = ascendc.queue : <vecin, 1>
  // expected-note@below {{queue declared here}}
  %qc = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qa, %c3_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qb, %c3_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qc, %c3_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c64_i32 : i32
    %at = ascendc.que_bind.alloc_tensor %qa : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %as = ascendc.global_tensor.subindex %ag[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %at, %as, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qa, %at : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %bt = ascendc.que_bind.alloc_tensor %qb : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %bs = ascendc.global_tensor.subindex %bg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %bt, %bs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qb, %bt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %ct = ascendc.que_bind.alloc_tensor %qc : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %cs = ascendc.global_tensor.subindex %cg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %ct, %cs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qc, %ct : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %ad = ascendc.que_bind.deque_tensor %qa : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %bd = ascendc.que_bind.deque_tensor %qb : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %cd = ascendc.que_bind.deque_tensor %qc : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.add_l2 %yt, %ad, %bd, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.mul_l2 %yt, %yt, %cd, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qa, %ad : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qb, %bd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    // expected-warning@below {{FreeTensor: all 8 event ids of HardEvent V_MTE2 are already held}}
    ascendc.que_bind.free_tensor %qc, %cd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %ys, %yd, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

func.func @fma_three_three_two(%a: memref<?xf32, 22>, %b: memref<?xf32, 22>, %c: memref<?xf32, 22>, %y: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c3_i32 = arith.constant 3 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %ag = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %ag, %a : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %bg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %bg, %b : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %cg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %cg, %c : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qa = ascendc.queue : <vecin, 1>
  %qb = ascendc.queue : <vecin, 1>
  %qc = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qa, %c3_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qb, %c3_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qc, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c64_i32 : i32
    %at = ascendc.que_bind.alloc_tensor %qa : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %as = ascendc.global_tensor.subindex %ag[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %at, %as, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qa, %at : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %bt = ascendc.que_bind.alloc_tensor %qb : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %bs = ascendc.global_tensor.subindex %bg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %bt, %bs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qb, %bt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %ct = ascendc.que_bind.alloc_tensor %qc : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %cs = ascendc.global_tensor.subindex %cg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %ct, %cs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qc, %ct : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %ad = ascendc.que_bind.deque_tensor %qa : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %bd = ascendc.que_bind.deque_tensor %qb : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %cd = ascendc.que_bind.deque_tensor %qc : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.add_l2 %yt, %ad, %bd, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.mul_l2 %yt, %yt, %cd, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qa, %ad : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qb, %bd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qc, %cd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %ys, %yd, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}
