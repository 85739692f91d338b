// Corpus (bug + twin): a reduction uses a TBuf as its work area and the
// author frees the TBuf tensor through the output queue as if it came
// from AllocTensor. TBuf memory is never freed. The twin drops that free.
// Second pair: the same tensor freed inside the row loop.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @row_sum_free_tbuf(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %rows: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c8_i32 = arith.constant 8 : i32
  %c32_i32 = arith.constant 32 : i32
  %c256_i32 = arith.constant 256 : i32
  %c1024_i32 = arith.constant 1024 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  %work = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c1024_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c32_i32 : !ascendc.queue<vecout, 1>, i32, i32
  ascendc.pipe.init_buffer %pipe, %work, %c1024_i32 : !ascendc.tbuf<veccalc>, i32
  // expected-note@below {{tensor declared here}}
  %w = ascendc.tbuf.get_tensor %work : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  scf.for %r = %c0_i32 to %rows step %c1_i32  : i32 {
    %off = arith.muli %r, %c256_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %xt, %xs, %c256_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.reduce_sum_l2 %yt, %xd, %w, %c256_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %ys = ascendc.global_tensor.subindex %yg[%r] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %ys, %yd, %c8_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  }
  // expected-warning@below {{FreeTensor: there is no corresponding call to AllocTensor}}
  ascendc.que_bind.free_tensor %qy, %w : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @row_sum_ok(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %rows: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c8_i32 = arith.constant 8 : i32
  %c32_i32 = arith.constant 32 : i32
  %c256_i32 = arith.constant 256 : i32
  %c1024_i32 = arith.constant 1024 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  %work = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c1024_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c32_i32 : !ascendc.queue<vecout, 1>, i32, i32
  ascendc.pipe.init_buffer %pipe, %work, %c1024_i32 : !ascendc.tbuf<veccalc>, i32
  %w = ascendc.tbuf.get_tensor %work : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  scf.for %r = %c0_i32 to %rows step %c1_i32  : i32 {
    %off = arith.muli %r, %c256_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %xt, %xs, %c256_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.reduce_sum_l2 %yt, %xd, %w, %c256_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %ys = ascendc.global_tensor.subindex %yg[%r] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %ys, %yd, %c8_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

func.func @row_sum_free_tbuf_in_loop(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c8_i32 = arith.constant 8 : i32
  %c32_i32 = arith.constant 32 : i32
  %c256_i32 = arith.constant 256 : i32
  %c1024_i32 = arith.constant 1024 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  %work = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c1024_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c32_i32 : !ascendc.queue<vecout, 1>, i32, i32
  ascendc.pipe.init_buffer %pipe, %work, %c1024_i32 : !ascendc.tbuf<veccalc>, i32
  scf.for %r = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
    %off = arith.muli %r, %c256_i32 : i32
    // expected-note@below {{tensor declared here}}
    %w = ascendc.tbuf.get_tensor %work : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %xt, %xs, %c256_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.reduce_sum_l2 %yt, %xd, %w, %c256_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    // expected-warning@below {{FreeTensor: there is no corresponding call to AllocTensor}}
    ascendc.que_bind.free_tensor %qx, %w : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %ys = ascendc.global_tensor.subindex %yg[%r] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %ys, %yd, %c8_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}
