// Corpus (bug + twin): a per-channel scale is loaded once before the tile
// loop and multiplied into every tile. The bug frees it inside the loop:
// iteration 2 reads it after its free (and frees it again). The twin frees
// it after the loop. Then the same in a prefetching loop, and a scale that
// is freed before the loop and again inside it.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @scale_free_in_loop(%x: memref<?xf16, 22>, %s: memref<?xf16, 22>, %y: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %sg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %sg, %s : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qs = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qs, %c1_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  // expected-note@below {{allocated here}}
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor if the loop at line 34 runs zero times}}
  %st = ascendc.que_bind.alloc_tensor %qs : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %st, %sg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.que_bind.enque_tensor %qs, %st : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %scale = ascendc.que_bind.deque_tensor %qs : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  // expected-note@below {{when this loop runs zero times (its trip count is only known at run time)}}
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c128_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %src = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %xt, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    // expected-warning@below {{Mul: use of tensor memory after its FreeTensor}}
    ascendc.mul_l2 %yt, %xd, %scale, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    // (the second FreeTensor itself is not reported again)
    // expected-note@below {{freed here}}
    ascendc.que_bind.free_tensor %qs, %scale : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %dst = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %dst, %yd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @scale_free_after_loop(%x: memref<?xf16, 22>, %s: memref<?xf16, 22>, %y: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %sg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %sg, %s : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qs = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qs, %c1_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  %st = ascendc.que_bind.alloc_tensor %qs : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %st, %sg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.que_bind.enque_tensor %qs, %st : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %scale = ascendc.que_bind.deque_tensor %qs : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c128_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %src = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %xt, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.mul_l2 %yt, %xd, %scale, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %dst = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %dst, %yd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  ascendc.que_bind.free_tensor %qs, %scale : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// The same bug in a prefetching loop (tile i+1 loaded under i + 1 < n).
func.func @scale_free_in_prefetch_loop(%x: memref<?xf16, 22>, %s: memref<?xf16, 22>, %y: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %sg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %sg, %s : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  %qs = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qs, %c1_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  // expected-note@below {{allocated here}}
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor if the loop at line 139 runs zero times}}
  %st = ascendc.que_bind.alloc_tensor %qs : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %st, %sg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.que_bind.enque_tensor %qs, %st : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %scale = ascendc.que_bind.deque_tensor %qs : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  // The prefetch prologue only when the loop runs; %scale above is the
  // seeded bug's tensor, and it also leaks when n is 0.
  %runs = arith.cmpi slt, %c0_i32, %n : i32
  scf.if %runs {
    %x0 = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %x0, %xg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %x0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  // expected-note@below {{when this loop runs zero times (its trip count is only known at run time)}}
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %next = arith.addi %i, %c1_i32 : i32
    %more = arith.cmpi slt, %next, %n : i32
    scf.if %more {
      %noff = arith.muli %next, %c128_i32 : i32
      %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %src = ascendc.global_tensor.subindex %xg[%noff] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %xt, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %off = arith.muli %i, %c128_i32 : i32
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    // expected-warning@below {{Mul: use of tensor memory after its FreeTensor}}
    ascendc.mul_l2 %yt, %xd, %scale, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    // (the second FreeTensor itself is not reported again)
    // expected-note@below {{freed here}}
    ascendc.que_bind.free_tensor %qs, %scale : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %dst = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %dst, %yd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// The scale is used by a first pass, freed before the tile loop to make
// room, and the loop's clean-up frees it again: a double free in the
// first iteration.
func.func @scale_freed_before_and_inside(%x: memref<?xf16, 22>, %s: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %sg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %sg, %s : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qs = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qs, %c1_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  %st = ascendc.que_bind.alloc_tensor %qs : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %st, %sg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.que_bind.enque_tensor %qs, %st : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  // expected-note@below {{tensor declared here}}
  %scale = ascendc.que_bind.deque_tensor %qs : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.muls_l2 %scale, %scale, %c2_i32, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32
  ascendc.data_copy_l2 %sg, %scale, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.que_bind.free_tensor %qs, %scale : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c128_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %src = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %xt, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.abs_l2 %xd, %xd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.data_copy_l2 %src, %xd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    // expected-warning@below {{FreeTensor: tensor memory was freed before its last use}}
    ascendc.que_bind.free_tensor %qs, %scale : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @scale_freed_before_only(%x: memref<?xf16, 22>, %s: memref<?xf16, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %sg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %sg, %s : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qs = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qs, %c1_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  %st = ascendc.que_bind.alloc_tensor %qs : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %st, %sg, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.que_bind.enque_tensor %qs, %st : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %scale = ascendc.que_bind.deque_tensor %qs : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.muls_l2 %scale, %scale, %c2_i32, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32
  ascendc.data_copy_l2 %sg, %scale, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.que_bind.free_tensor %qs, %scale : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
    %off = arith.muli %i, %c128_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %src = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %xt, %src, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.abs_l2 %xd, %xd, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.data_copy_l2 %src, %xd, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}
