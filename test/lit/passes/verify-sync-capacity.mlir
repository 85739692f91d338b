// verify-sync capacity checks: buffers (num), FIFO depth, the 8 event ids of
// one hardware event, InitBuffer totals against Ascend910B1's memories and
// the 64 buffers of one TPipe.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @third_alloc_of_two_buffers() {
  %c2 = arith.constant 2 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c256 : !ascendc.queue<vecin, 1>, i32, i32
  // expected-note@below {{allocated here}}
  %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  // expected-note@below {{allocated here}}
  %b = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{AllocTensor: all 2 buffers of this queue are held; on the NPU this call never returns}}
  %c = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @ok_free_before_third_alloc() {
  %c2 = arith.constant 2 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c256 : !ascendc.queue<vecin, 1>, i32, i32
  %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %b = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %a : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %c = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %b : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %c : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @alloc_without_init_buffer() {
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 1>
  // expected-warning@below {{AllocTensor: InitBuffer was not called for this queue}}
  %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @enque_past_depth_one() {
  %c2 = arith.constant 2 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c256 : !ascendc.queue<vecin, 1>, i32, i32
  %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %b = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %a : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{EnQue: 1 tensor already wait in this queue of depth 1}}
  ascendc.que_bind.enque_tensor %q, %b : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %x = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %y = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %x : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %y : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// Correct twin: depth 2 holds both (preload).
func.func @ok_depth_two_preload() {
  %c2 = arith.constant 2 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c256 : !ascendc.queue<vecin, 2>, i32, i32
  %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  %b = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %b : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  %x = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  %y = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %x : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %y : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// Five VECIN queues of 2 buffers: once every buffer has been freed, each
// free buffer holds a V_MTE2 event id until it is allocated again; the
// ninth such id does not exist.
func.func @event_ids_exhausted(%g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c128 = arith.constant 128 : i32
  %pipe = ascendc.pipe
  %q1 = ascendc.queue : <vecin, 1>
  %q2 = ascendc.queue : <vecin, 1>
  %q3 = ascendc.queue : <vecin, 1>
  // expected-note@below {{queue declared here}}
  %q4 = ascendc.queue : <vecin, 1>
  %q5 = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q1, %c2, %c128 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q2, %c2, %c128 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q3, %c2, %c128 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q4, %c2, %c128 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q5, %c2, %c128 : !ascendc.queue<vecin, 1>, i32, i32
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %t1 = ascendc.que_bind.alloc_tensor %q1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %t2 = ascendc.que_bind.alloc_tensor %q2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %t3 = ascendc.que_bind.alloc_tensor %q3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %t4 = ascendc.que_bind.alloc_tensor %q4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %t5 = ascendc.que_bind.alloc_tensor %q5 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q1, %t1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q2, %t2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q3, %t3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    // In the second iteration: 3 queues hold 2 ids, 2 queues hold 1.
    // expected-warning@below {{FreeTensor: all 8 event ids of HardEvent V_MTE2 are already held}}
    ascendc.que_bind.free_tensor %q4, %t4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q5, %t5 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Correct twin: four VECIN queues of 2 buffers (the documented maximum).
func.func @ok_four_double_buffered_queues(%g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c16 = arith.constant 16 : i32
  %c128 = arith.constant 128 : i32
  %pipe = ascendc.pipe
  %q1 = ascendc.queue : <vecin, 1>
  %q2 = ascendc.queue : <vecin, 1>
  %q3 = ascendc.queue : <vecin, 1>
  %q4 = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q1, %c2, %c128 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q2, %c2, %c128 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q3, %c2, %c128 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q4, %c2, %c128 : !ascendc.queue<vecin, 1>, i32, i32
  scf.for %i = %c0 to %c16 step %c1 : i32 {
    %t1 = ascendc.que_bind.alloc_tensor %q1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %t2 = ascendc.que_bind.alloc_tensor %q2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %t3 = ascendc.que_bind.alloc_tensor %q3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %t4 = ascendc.que_bind.alloc_tensor %q4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %q1, %t1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %q2, %t2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %q3, %t3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %q4, %t4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d1 = ascendc.que_bind.deque_tensor %q1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d2 = ascendc.que_bind.deque_tensor %q2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d3 = ascendc.que_bind.deque_tensor %q3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d4 = ascendc.que_bind.deque_tensor %q4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q1, %d1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q2, %d2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q3, %d3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q4, %d4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// 2 x 64 KiB + 2 x 32 KiB = 192 KiB fits the unified buffer; one more byte
// (rounded up to 32) does not.
func.func @unified_buffer_overflow() {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c65536 = arith.constant 65536 : i32
  %c32768 = arith.constant 32768 : i32
  // expected-note@below {{pipe declared here}}
  %pipe = ascendc.pipe
  %qa = ascendc.queue : <vecin, 1>
  %qb = ascendc.queue : <vecout, 1>
  %tb = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_queue %pipe, %qa, %c2, %c65536 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qb, %c2, %c32768 : !ascendc.queue<vecout, 1>, i32, i32
  // expected-warning@below {{InitBuffer: the buffers of this TPipe now take 196640 bytes of UB, more than its 196608 bytes on Ascend910B1}}
  ascendc.pipe.init_buffer %pipe, %tb, %c1 : !ascendc.tbuf<veccalc>, i32
  return
}

// -----

func.func @ok_unified_buffer_exactly_full() {
  %c2 = arith.constant 2 : i32
  %c65536 = arith.constant 65536 : i32
  %c32768 = arith.constant 32768 : i32
  %pipe = ascendc.pipe
  %qa = ascendc.queue : <vecin, 1>
  %qb = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qa, %c2, %c65536 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qb, %c2, %c32768 : !ascendc.queue<vecout, 1>, i32, i32
  return
}

// -----

func.func @too_many_buffers() {
  %c32 = arith.constant 32 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  // expected-note@below {{pipe declared here}}
  %pipe = ascendc.pipe
  %qa = ascendc.queue : <vecin, 1>
  %qb = ascendc.queue : <vecout, 1>
  %qc = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qa, %c32, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qb, %c32, %c64 : !ascendc.queue<vecout, 1>, i32, i32
  // expected-warning@below {{InitBuffer: this TPipe now manages 65 buffers; at most 64 are allowed}}
  ascendc.pipe.init_queue %pipe, %qc, %c1, %c64 : !ascendc.queue<vecout, 1>, i32, i32
  return
}

// -----

func.func @num_out_of_range() {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  // expected-warning@below {{InitBuffer: num is 0; it must be in 1..64}}
  ascendc.pipe.init_queue %pipe, %q, %c0, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  return
}

// -----

// InitBuffer inside a loop allocates again on every iteration.
func.func @init_buffer_in_loop() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c32768 = arith.constant 32768 : i32
  // expected-note@below {{pipe declared here}}
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    // expected-warning@below {{InitBuffer: the buffers of this TPipe now take 262144 bytes of UB}}
    ascendc.pipe.init_queue %pipe, %q, %c2, %c32768 : !ascendc.queue<vecin, 1>, i32, i32
  }
  return
}
