// verify-sync ownership checks: free through another queue, use after
// free, the in-place (depth 0) API.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @free_through_other_queue() {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %qa = ascendc.queue : <vecin, 1>
  // expected-note@below {{queue declared here}}
  %qb = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %qa, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qb, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
  // expected-note@below {{allocated here}}
  %t = ascendc.que_bind.alloc_tensor %qa : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  // expected-warning@below {{FreeTensor: this queue did not allocate the tensor}}
  ascendc.que_bind.free_tensor %qb, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @use_after_free(%n : i32) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecout, 1>, i32, i32
  // expected-note@below {{allocated here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  // expected-note@below {{freed here}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  // expected-warning@below {{Exp: use of tensor memory after its FreeTensor}}
  ascendc.exp_l2 %t, %t, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

// A view (subindex) of a freed tensor is the same memory.
func.func @use_of_view_after_free(%g : !ascendc.global_tensor<*xf32>, %n : i32) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  // expected-note@below {{allocated here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %half = ascendc.local_tensor.subindex %t[%n] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
  // expected-note@below {{freed here}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  // expected-warning@below {{DataCopy: use of tensor memory after its FreeTensor}}
  ascendc.data_copy_l2 %g, %half, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}

// -----

// Correct twin: the view is used before the free; size queries after the
// free do not touch the memory.
func.func @ok_view_before_free(%g : !ascendc.global_tensor<*xf32>, %n : i32) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %half = ascendc.local_tensor.subindex %t[%n] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %g, %half, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %len = ascendc.local_tensor.get_length %t : !ascendc.local_tensor<*xf32>, ui32
  return
}

// -----

// Use after free on one path of a branch.
func.func @use_after_free_on_one_path(%c : i1, %n : i32) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  // expected-note@below {{allocated here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  scf.if %c {
    // expected-note@below {{freed here}}
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  // expected-warning@below {{Relu: use of tensor memory after its FreeTensor}}
  ascendc.relu_l2 %t, %t, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  scf.if %c {
  } else {
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

// In-place queues (depth 0) take the in-place API and only that.
func.func @in_place_api_mismatch(%t : !ascendc.local_tensor<*xf32>) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q0 = ascendc.queue : <vecin, 0>
  // expected-note@below {{queue declared here}}
  %q1 = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q0, %c1, %c64 : !ascendc.queue<vecin, 0>, i32, i32
  ascendc.pipe.init_queue %pipe, %q1, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  // expected-warning@below {{AllocTensor: this queue has depth 0 (in-place); use the in-place form AllocTensor(LocalTensor&)}}
  %a = ascendc.que_bind.alloc_tensor %q0 : !ascendc.queue<vecin, 0>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %q0, %a : !ascendc.queue<vecin, 0>, !ascendc.local_tensor<*xf32>
  // expected-warning@below {{AllocTensor: the in-place form AllocTensor(LocalTensor&) needs a queue of depth 0; this queue has depth 1}}
  ascendc.que_bind.alloc_tensor_in_place %q1, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %q1, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  return
}

// -----

// Correct in-place use.
func.func @ok_in_place(%t : !ascendc.local_tensor<*xf32>, %n : i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 0>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c64 : !ascendc.queue<vecin, 0>, i32, i32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    ascendc.que_bind.alloc_tensor_in_place %q, %t : !ascendc.queue<vecin, 0>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 0>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.deque_tensor_in_place %q, %t : !ascendc.queue<vecin, 0>, !ascendc.local_tensor<*xf32>
    ascendc.abs_l2 %t, %t, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 0>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

// A queue handed to another function: nothing is claimed about it after
// the call (the callee may free or enqueue anything).
func.func private @helper(!ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>)

func.func @ok_unknown_callee() {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  func.call @helper(%q, %t) : (!ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>) -> ()
  return
}
