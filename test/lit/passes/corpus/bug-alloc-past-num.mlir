// Corpus (bug + twin): a 3-row stencil loads three rows into one input
// queue before it combines them; the queue was given 2 buffers, so the
// third AllocTensor never returns. The twin gives it 3.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @stencil3_two_buffers(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %rows: i32) attributes {ascendc.aicore, ascendc.global} {
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
  scf.for %r = %c0_i32 to %rows step %c1_i32  : i32 {
    %o0 = arith.muli %r, %c128_i32 : i32
    %o1 = arith.addi %o0, %c128_i32 : i32
    %o2 = arith.addi %o1, %c128_i32 : i32
    // expected-note@below {{allocated here}}
    %a = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %sa = ascendc.global_tensor.subindex %xg[%o0] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %a, %sa, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    // expected-note@below {{allocated here}}
    %b = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %sb = ascendc.global_tensor.subindex %xg[%o1] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %b, %sb, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    // expected-warning@below {{AllocTensor: all 2 buffers of this queue are held; on the NPU this call never returns}}
    %c = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %sc = ascendc.global_tensor.subindex %xg[%o2] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %c, %sc, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qx, %b : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qx, %c : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %da = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %db = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %dc = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %da, %db, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.add_l2 %yt, %yt, %dc, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %da : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %qx, %db : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %qx, %dc : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %ys = ascendc.global_tensor.subindex %yg[%o0] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %yd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Twin: 3 buffers and depth 3.
func.func @stencil3_three_buffers(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %rows: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c3_i32 = arith.constant 3 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 3>
  %qy = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c3_i32, %c256_i32 : !ascendc.queue<vecin, 3>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  scf.for %r = %c0_i32 to %rows step %c1_i32  : i32 {
    %o0 = arith.muli %r, %c128_i32 : i32
    %o1 = arith.addi %o0, %c128_i32 : i32
    %o2 = arith.addi %o1, %c128_i32 : i32
    %a = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 3>, !ascendc.local_tensor<*xf16>
    %sa = ascendc.global_tensor.subindex %xg[%o0] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %a, %sa, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    %b = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 3>, !ascendc.local_tensor<*xf16>
    %sb = ascendc.global_tensor.subindex %xg[%o1] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %b, %sb, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    %c = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 3>, !ascendc.local_tensor<*xf16>
    %sc = ascendc.global_tensor.subindex %xg[%o2] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %c, %sc, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %a : !ascendc.queue<vecin, 3>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qx, %b : !ascendc.queue<vecin, 3>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qx, %c : !ascendc.queue<vecin, 3>, !ascendc.local_tensor<*xf16>
    %da = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 3>, !ascendc.local_tensor<*xf16>
    %db = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 3>, !ascendc.local_tensor<*xf16>
    %dc = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 3>, !ascendc.local_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %yt, %da, %db, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.add_l2 %yt, %yt, %dc, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %da : !ascendc.queue<vecin, 3>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %qx, %db : !ascendc.queue<vecin, 3>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %qx, %dc : !ascendc.queue<vecin, 3>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %ys = ascendc.global_tensor.subindex %yg[%o0] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %yd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}
