// Corpus (bug + twin): the input tiles are freed right after they are
// dequeued, before the vector op that reads them (the frees were moved up
// to "release buffers early"). The twin frees after the last read.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @mul_use_after_free(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %z: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  %qy = ascendc.queue : <vecin, 2>
  %qz = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qz, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 2>, i32, i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c128_i32 : i32
    // expected-note@below {{allocated here}}
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %xt, %xs, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %yt, %ys, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    // expected-note@below {{freed here}}
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %zt = ascendc.que_bind.alloc_tensor %qz : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    // expected-warning@below {{Mul: use of tensor memory after its FreeTensor}}
    ascendc.mul_l2 %zt, %xd, %yd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qz, %zt : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %zd = ascendc.que_bind.deque_tensor %qz : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %zs = ascendc.global_tensor.subindex %zg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %zs, %zd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qz, %zd : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @mul_ok(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %z: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  %qy = ascendc.queue : <vecin, 2>
  %qz = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qz, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 2>, i32, i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c128_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %xt, %xs, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %yt, %ys, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %zt = ascendc.que_bind.alloc_tensor %qz : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    ascendc.mul_l2 %zt, %xd, %yd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qz, %zt : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %zd = ascendc.que_bind.deque_tensor %qz : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %zs = ascendc.global_tensor.subindex %zg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %zs, %zd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qz, %zd : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// The output tile is freed before it is copied out to global memory.
func.func @copy_out_after_free(%x: memref<?xf16, 22>, %z: memref<?xf16, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c4_i32 = arith.constant 4 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qz = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qz, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  scf.for %i = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
    %off = arith.muli %i, %c128_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %xt, %xs, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    // expected-note@below {{allocated here}}
    %zt = ascendc.que_bind.alloc_tensor %qz : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.exp_l2 %zt, %xd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qz, %zt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %zd = ascendc.que_bind.deque_tensor %qz : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    // expected-note@below {{freed here}}
    ascendc.que_bind.free_tensor %qz, %zd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %zs = ascendc.global_tensor.subindex %zg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    // expected-warning@below {{DataCopy: use of tensor memory after its FreeTensor}}
    ascendc.data_copy_l2 %zs, %zd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  }
  return
}
