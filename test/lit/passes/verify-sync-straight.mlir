// verify-sync on straight-line code: pyasc's six warnings, with pyasc's
// texts and notes, in the situations where pyasc gives them, and silence
// for correct pairings. Queues are function arguments here, as in pyasc's
// own tests (their state at entry is taken to be empty).
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

// expected-note@below {{tensor declared here}}
func.func @free_of_argument(%q : !ascendc.queue<vecin, 2>, %t : !ascendc.local_tensor<*xf32>) {
  // expected-warning@below {{FreeTensor: there is no corresponding call to AllocTensor}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @free_of_tbuf_tensor(%b : !ascendc.tbuf<veccalc>, %q : !ascendc.queue<vecin, 2>) {
  // expected-note@below {{tensor declared here}}
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  // expected-warning@below {{FreeTensor: there is no corresponding call to AllocTensor}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @double_free(%q : !ascendc.que_bind<vecin, vecout, 1>) {
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xi32>
  ascendc.que_bind.free_tensor %q, %t : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xi32>
  // expected-warning@below {{FreeTensor: tensor memory was freed before its last use}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xi32>
  return
}

// -----

func.func @double_free_of_dequeued(%q : !ascendc.queue<vecout, 1>) {
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  // expected-note@below {{tensor declared here}}
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{FreeTensor: tensor memory was freed before its last use}}
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @leak(%q : !ascendc.queue<vecin, 1>) {
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %u = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %u : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// expected-note@below {{queue declared here}}
func.func @deque_without_enque(%q : !ascendc.queue<vecin, 2>, %t : !ascendc.local_tensor<*xf16>) {
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  %a = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{DeQue: there is no corresponding call to EnQue}}
  %b = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// expected-note@below {{queue declared here}}
func.func @enque_without_deque(%q : !ascendc.queue<vecin, 2>) {
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  // expected-note@below {{tensor declared here}}
  %u = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{EnQue: there is no corresponding call to DeQue for this tensor}}
  ascendc.que_bind.enque_tensor %q, %u : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  // %u is still in the queue (pyasc says nothing here).
  // expected-warning@below {{unexpected use of tensor between EnQue and DeQue}}
  ascendc.que_bind.free_tensor %q, %u : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @use_between_enque_and_deque(%q : !ascendc.queue<vecin, 1>, %g : !ascendc.global_tensor<*xf16>, %n : i32) {
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{unexpected use of tensor between EnQue and DeQue}}
  ascendc.data_copy_l2 %g, %t, %n : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// Freeing a tensor that still waits in its queue is a use between EnQue and
// DeQue (pyasc's text); the DeQue still pairs with the EnQue.
func.func @free_while_enqueued(%q : !ascendc.queue<vecin, 1>) {
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{unexpected use of tensor between EnQue and DeQue}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// Correct twins: nothing to report.
func.func @ok_alloc_free_twice(%q : !ascendc.queue<vecin, 1>) {
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %u = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %u : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  return
}

func.func @ok_full_cycle(%qi : !ascendc.queue<vecin, 1>, %qo : !ascendc.queue<vecout, 1>, %g : !ascendc.global_tensor<*xf16>, %n : i32) {
  %x = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %x, %g, %n : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.que_bind.enque_tensor %qi, %x : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %xd = ascendc.que_bind.deque_tensor %qi : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %y = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  ascendc.exp_l2 %y, %xd, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.que_bind.free_tensor %qi, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %qo, %y : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  %yd = ascendc.que_bind.deque_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %g, %yd, %n : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.que_bind.free_tensor %qo, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  return
}

func.func @ok_tbuf_tensors_need_no_free(%b : !ascendc.tbuf<veccalc>, %n : i32) {
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  %u = ascendc.que_bind.alloc_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  ascendc.add_l2 %t, %t, %u, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.que_bind.free_tensor %b, %u : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  return
}

func.func @ok_reenque_dequeued(%q : !ascendc.que_bind<vecin, vecout, 1>) {
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.enque_tensor %q, %d : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
  %e = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %q, %e : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
  return
}

// -----

// pyasc's pass crashes on the next two functions; casc reports and goes on.
// expected-note@below {{queue declared here}}
func.func @deque_of_empty_then_free(%q : !ascendc.queue<vecin, 1>) {
  // expected-warning@below {{DeQue: there is no corresponding call to EnQue}}
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// expected-note@below {{queue declared here}}
func.func @alloc_enque_alloc_free(%q : !ascendc.queue<vecin, 2>) {
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
  %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{EnQue: there is no corresponding call to DeQue for this tensor}}
  ascendc.que_bind.enque_tensor %q, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  %b = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %b : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}
