// Corpus (bug + twin): a gather kernel keeps a large pool of small row
// buffers in L1 (A1) and many scratch TBufs; one TPipe manages at most 64
// buffers. 2 x 30 A1 buffers plus 5 TBufs is 65. The twin uses 4 TBufs.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @sixty_five(%x: memref<?xf16, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c30_i32 = arith.constant 30 : i32
  %c512_i32 = arith.constant 512 : i32
  %c1024_i32 = arith.constant 1024 : i32
  // expected-note@below {{pipe declared here}}
  %pipe = ascendc.pipe
  %qa = ascendc.queue : <a1, 1>
  %qb = ascendc.queue : <a1, 1>
  %t0 = ascendc.tbuf : <veccalc>
  %t1 = ascendc.tbuf : <veccalc>
  %t2 = ascendc.tbuf : <veccalc>
  %t3 = ascendc.tbuf : <veccalc>
  %t4 = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_queue %pipe, %qa, %c30_i32, %c512_i32 : !ascendc.queue<a1, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qb, %c30_i32, %c512_i32 : !ascendc.queue<a1, 1>, i32, i32
  ascendc.pipe.init_buffer %pipe, %t0, %c1024_i32 : !ascendc.tbuf<veccalc>, i32
  ascendc.pipe.init_buffer %pipe, %t1, %c1024_i32 : !ascendc.tbuf<veccalc>, i32
  ascendc.pipe.init_buffer %pipe, %t2, %c1024_i32 : !ascendc.tbuf<veccalc>, i32
  ascendc.pipe.init_buffer %pipe, %t3, %c1024_i32 : !ascendc.tbuf<veccalc>, i32
  // expected-warning@below {{InitBuffer: this TPipe now manages 65 buffers; at most 64 are allowed}}
  ascendc.pipe.init_buffer %pipe, %t4, %c1024_i32 : !ascendc.tbuf<veccalc>, i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %w = ascendc.tbuf.get_tensor %t0 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %w, %xg, %c512_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  %a = ascendc.que_bind.alloc_tensor %qa : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %a, %xg, %c512_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.que_bind.enque_tensor %qa, %a : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  %ad = ascendc.que_bind.deque_tensor %qa : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %qa, %ad : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @sixty_four(%x: memref<?xf16, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c30_i32 = arith.constant 30 : i32
  %c512_i32 = arith.constant 512 : i32
  %c1024_i32 = arith.constant 1024 : i32
  %pipe = ascendc.pipe
  %qa = ascendc.queue : <a1, 1>
  %qb = ascendc.queue : <a1, 1>
  %t0 = ascendc.tbuf : <veccalc>
  %t1 = ascendc.tbuf : <veccalc>
  %t2 = ascendc.tbuf : <veccalc>
  %t3 = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_queue %pipe, %qa, %c30_i32, %c512_i32 : !ascendc.queue<a1, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qb, %c30_i32, %c512_i32 : !ascendc.queue<a1, 1>, i32, i32
  ascendc.pipe.init_buffer %pipe, %t0, %c1024_i32 : !ascendc.tbuf<veccalc>, i32
  ascendc.pipe.init_buffer %pipe, %t1, %c1024_i32 : !ascendc.tbuf<veccalc>, i32
  ascendc.pipe.init_buffer %pipe, %t2, %c1024_i32 : !ascendc.tbuf<veccalc>, i32
  ascendc.pipe.init_buffer %pipe, %t3, %c1024_i32 : !ascendc.tbuf<veccalc>, i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %w = ascendc.tbuf.get_tensor %t0 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %w, %xg, %c512_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  %a = ascendc.que_bind.alloc_tensor %qa : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %a, %xg, %c512_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.que_bind.enque_tensor %qa, %a : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  %ad = ascendc.que_bind.deque_tensor %qa : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %qa, %ad : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  return
}
