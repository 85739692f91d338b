// verify-sync through scf.if: every arm is a path of its own.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

// Bug: freed on one path only; the other path leaks.
func.func @free_on_one_path(%c : i1) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecout, 1>, i32, i32
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  scf.if %c {
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

// Correct: freed on both paths (pyasc calls the second free a double free).
func.func @ok_free_on_both_paths(%c : i1, %n : i32) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecout, 1>, i32, i32
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  scf.if %c {
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  } else {
    ascendc.abs_l2 %t, %t, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

// Correct: two ifs on the same condition take the same arm.
func.func @ok_same_condition_twice(%c : i1, %n : i32) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  scf.if %c {
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  scf.if %c {
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  } else {
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

// Bug: freed in one arm, then freed again after the if.
func.func @double_free_after_if(%c : i1) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  scf.if %c {
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  // expected-warning@below {{FreeTensor: tensor memory was freed before its last use}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  return
}

// -----

// Bug: dequeued on one path only; the tensor stays queued on the other.
func.func @deque_on_one_path(%c : i1) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  // expected-warning@below {{EnQue: there is no corresponding call to DeQue for this tensor}}
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  scf.if %c {
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

// Correct: a tensor chosen by scf.if results is freed once.
func.func @ok_tensor_through_if_result(%c : i1) {
  %c2 = arith.constant 2 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %b = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %keep, %drop = scf.if %c -> (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>) {
    scf.yield %a, %b : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
  } else {
    scf.yield %b, %a : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
  }
  ascendc.que_bind.free_tensor %q, %drop : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %q, %keep : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  return
}

// -----

// Correct: a constant condition only has one arm.
func.func @ok_constant_condition() {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  scf.if %true {
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

// Bug in a loop: every other iteration skips the free (i % 2 == 0), so the
// single buffer is still held at the next AllocTensor.
func.func @alternate_free_in_loop() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c6 = arith.constant 6 : i32
  %c64 = arith.constant 64 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  scf.for %i = %c0 to %c6 step %c1 : i32 {
    // expected-warning@below {{AllocTensor: all 1 buffers of this queue are held}}
    // expected-note@below {{allocated here}}
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %r = arith.remsi %i, %c2 : i32
    %odd = arith.cmpi ne, %r, %c0 : i32
    scf.if %odd {
      ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    }
  }
  return
}

// -----

// Correct: the same comparison computed twice, and its negation, take
// matching arms (front ends compute a condition at each if).
func.func @ok_equivalent_conditions(%i : i32, %n : i32) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %true = arith.constant true
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecin, 1>, i32, i32
  %more = arith.cmpi slt, %i, %n : i32
  scf.if %more {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  %again = arith.cmpi sgt, %n, %i : i32
  scf.if %again {
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  %done = arith.cmpi sge, %i, %n : i32
  %notdone = arith.xori %done, %true : i1
  scf.if %notdone {
    %t2 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %q, %t2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  scf.if %done {
  } else {
    %d2 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %q, %d2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}
