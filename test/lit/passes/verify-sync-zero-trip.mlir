// verify-sync and loops that may run zero times (issue 19, item 1): a loop
// whose trip count is a run-time value may not run at all. A prologue that
// allocates and enqueues the first tile before the loop, consumed only
// inside it, then leaves the tile queued at the end of the kernel. The
// finding is on the prologue (the code to guard) and names the loop; a guard
// that implies the loop runs silences it.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

// Bug: an unguarded prologue before a loop of n iterations.
func.func @prologue_unguarded(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor if the loop at line 26 runs zero times}}
  %t0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %t0, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  // expected-warning@below {{EnQue: there is no corresponding call to DeQue for this tensor if the loop at line 26 runs zero times}}
  ascendc.que_bind.enque_tensor %q, %t0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  // expected-note@below {{when this loop runs zero times}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %next = arith.addi %i, %c1 : i32
    %more = arith.cmpi slt, %next, %n : i32
    scf.if %more {
      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Correct: `scf.if %n > 0` around the prologue and the loop (the guard is
// on the i32 count, the loop on its index cast).
func.func @prologue_guarded_around_both(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : index
  %c0i = arith.constant 0 : index
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  %ni = arith.index_cast %n : i32 to index
  %pos = arith.cmpi sgt, %n, %c0 : i32
  scf.if %pos {
    %t0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %t0, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q, %t0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    scf.for %i = %c0i to %ni step %c1 {
      %next = arith.addi %i, %c1 : index
      %more = arith.cmpi slt, %next, %ni : index
      scf.if %more {
        %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
        ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
        ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      }
      %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
  }
  return
}

// -----

// Bug: the guard `n > -1` does not imply that the loop runs (n may be 0).
func.func @prologue_guard_too_weak(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  %nonneg = arith.cmpi sgt, %n, %cm1 : i32
  scf.if %nonneg {
    // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor if the loop at line 96 runs zero times}}
    %t0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    // expected-warning@below {{EnQue: there is no corresponding call to DeQue for this tensor if the loop at line 96 runs zero times}}
    ascendc.que_bind.enque_tensor %q, %t0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    // expected-note@below {{when this loop runs zero times}}
    scf.for %i = %c0 to %n step %c1 : i32 {
      %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %more = arith.addi %i, %c1 : i32
      %again = arith.cmpi slt, %more, %n : i32
      scf.if %again {
        %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
        ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      }
    }
  }
  return
}

// -----

// Correct: a loop of run-time trip count with nothing before it that the
// loop consumes; zero iterations leave nothing behind.
func.func @no_prologue(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}
