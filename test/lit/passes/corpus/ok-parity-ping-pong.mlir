// Corpus (correct): even tiles go through one input queue, odd tiles
// through another (the parity is tested in every iteration); each arm
// allocates, enqueues, dequeues and frees its own tile. The tile count is
// a kernel argument.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @ping_pong(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
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
  %qa = ascendc.queue : <vecin, 1>
  %qb = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qa, %c1_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qb, %c1_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c128_i32 : i32
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %par = arith.andi %i, %c1_i32 : i32
    %even = arith.cmpi eq, %par, %c0_i32 : i32
    scf.if %even {
      %a = ascendc.que_bind.alloc_tensor %qa : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      ascendc.data_copy_l2 %a, %xs, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qa, %a : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %ad = ascendc.que_bind.deque_tensor %qa : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      ascendc.abs_l2 %yt, %ad, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %qa, %ad : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    } else {
      %b = ascendc.que_bind.alloc_tensor %qb : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      ascendc.data_copy_l2 %b, %xs, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qb, %b : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %bd = ascendc.que_bind.deque_tensor %qb : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      ascendc.neg_l2 %yt, %bd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %qb, %bd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    }
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %yd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Ping-pong across iterations: even iterations load a tile that the next
// (odd) iteration consumes. The count of pairs is a kernel argument.
func.func @pair_across_iterations(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %pairs: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %n = arith.muli %pairs, %c2_i32 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qa = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %qa, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c128_i32 : i32
    %par = arith.remsi %i, %c2_i32 : i32
    %even = arith.cmpi eq, %par, %c0_i32 : i32
    scf.if %even {
      %a = ascendc.que_bind.alloc_tensor %qa : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %a, %xs, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qa, %a : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    } else {
      %ad = ascendc.que_bind.deque_tensor %qa : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %ys, %ad, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %qa, %ad : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    }
  }
  return
}
