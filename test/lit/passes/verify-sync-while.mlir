// verify-sync and scf.while (issue 19, item 2): a while loop is followed as
// a loop of unknown trip count, test and body iteration by iteration, like
// an scf.for whose bound is a run-time value: a bug of iteration k is
// reported (the third AllocTensor of a queue of 2 buffers, an EnQue past
// the depth in iteration 2, the ninth event id in iteration 9), the paths
// that leave after any number of iterations are checked for leaks, and
// the body may also run zero times. Each bug has a correct twin.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

// Bug: the body never frees its tile; in the third iteration (of 8: the
// bound is followed through the carried counter) AllocTensor hangs.
func.func @while_alloc_past_num( %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %n = arith.constant 8 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    // expected-warning@below {{AllocTensor: all 2 buffers of this queue are held; on the NPU this call never returns}}
    // expected-note@below {{allocated here}}
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %g, %d, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj : i32
  }
  return
}

// -----

// Correct twin: the body frees its tile.
func.func @while_alloc_freed( %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %n = arith.constant 8 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %g, %d, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj : i32
  }
  return
}

// -----

// Bug: each iteration frees the previous tile and allocates the next one,
// carried in the loop; the last one is never freed after the loop (a
// missing epilogue), and with zero iterations neither is the first.
func.func @while_missing_epilogue(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecout, 2>, i32, i32
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor if the loop at line 88 runs zero times}}
  %t0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
  // expected-note@below {{when this loop runs zero times}}
  %r:2 = scf.while (%i = %c0, %p = %t0) : (i32, !ascendc.local_tensor<*xf16>) -> (i32, !ascendc.local_tensor<*xf16>) {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i, %p : i32, !ascendc.local_tensor<*xf16>
  } do {
  ^bb0(%j: i32, %pp: !ascendc.local_tensor<*xf16>):
    ascendc.data_copy_l2 %g, %pp, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q, %pp : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj, %t : i32, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Correct twin: the carried tile is freed after the loop.
func.func @while_with_epilogue(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecout, 2>, i32, i32
  %t0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
  %r:2 = scf.while (%i = %c0, %p = %t0) : (i32, !ascendc.local_tensor<*xf16>) -> (i32, !ascendc.local_tensor<*xf16>) {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i, %p : i32, !ascendc.local_tensor<*xf16>
  } do {
  ^bb0(%j: i32, %pp: !ascendc.local_tensor<*xf16>):
    ascendc.data_copy_l2 %g, %pp, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q, %pp : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj, %t : i32, !ascendc.local_tensor<*xf16>
  }
  ascendc.que_bind.free_tensor %q, %r#1 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// Bug: two tiles go in per iteration, one comes out (the rest is drained
// after the loop); in iteration 2 the second EnQue finds the queue of
// depth 2 full.
func.func @while_enque_past_depth( %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %n = arith.constant 2 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c4, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %q, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %b = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    // expected-warning@below {{EnQue: 2 tensors already wait in this queue of depth 2; EnQue on a full queue fails}}
    ascendc.que_bind.enque_tensor %q, %b : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %g, %d, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj : i32
  }
  %d1 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %d1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  %d2 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %d2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// Correct twin: both tiles come out in the iteration that put them in.
func.func @while_enque_within_depth( %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %n = arith.constant 2 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c4, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %q, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %b = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %q, %b : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %e = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q, %e : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj : i32
  }
  return
}

// -----

// Bug: a queue of 12 buffers used one tile at a time: every freed buffer
// keeps a V_MTE2 event id until it is picked again, so the ninth
// FreeTensor (iteration 9) finds all 8 ids held.
func.func @while_event_ids(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c12 = arith.constant 12 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c12, %c512 : !ascendc.queue<vecin, 1>, i32, i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    // expected-warning@below {{FreeTensor: all 8 event ids of HardEvent V_MTE2 are already held}}
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj : i32
  }
  return
}

// -----

// Correct twin: 8 buffers, at most 8 ids.
func.func @while_event_ids_ok(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c8, %c512 : !ascendc.queue<vecin, 1>, i32, i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj : i32
  }
  return
}

// -----

// Bug: the tile is allocated before the loop and freed in the body: the
// second iteration frees it again (and with zero iterations it is never
// freed).
func.func @while_double_free(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecout, 2>, i32, i32
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor if the loop at line 280 runs zero times}}
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
  // expected-note@below {{when this loop runs zero times}}
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    // expected-warning@below {{FreeTensor: tensor memory was freed before its last use}}
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj : i32
  }
  return
}

// -----

// Bug: a prologue loads the first tile before a while loop that consumes
// it; if the loop runs zero times the tile stays queued.
func.func @while_prologue_unguarded(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor if the loop at line 313 runs zero times}}
  %t0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %t0, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  // expected-warning@below {{EnQue: there is no corresponding call to DeQue for this tensor if the loop at line 313 runs zero times}}
  ascendc.que_bind.enque_tensor %q, %t0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  // expected-note@below {{when this loop runs zero times}}
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %g, %d, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %nj = arith.addi %j, %c1 : i32
    %again = arith.cmpi slt, %nj, %n : i32
    scf.if %again {
      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    scf.yield %nj : i32
  }
  return
}

// -----

// Correct twin: `n > 0` guards the prologue and the loop, so the loop's
// first test (0 < n) holds and the body runs.
func.func @while_prologue_guarded(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  %pos = arith.cmpi sgt, %n, %c0 : i32
  scf.if %pos {
    %t0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %t0, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q, %t0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %r = scf.while (%i = %c0) : (i32) -> i32 {
      %more = arith.cmpi slt, %i, %n : i32
      scf.condition(%more) %i : i32
    } do {
    ^bb0(%j: i32):
      %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.data_copy_l2 %g, %d, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %nj = arith.addi %j, %c1 : i32
      %again = arith.cmpi slt, %nj, %n : i32
      scf.if %again {
        %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
        ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
        ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      }
      scf.yield %nj : i32
    }
  }
  return
}

// -----

// Bug after a loop whose test is known every time (i < 8 from 0): the
// loop exits after exactly 8 runs, and the tile allocated after it leaks.
func.func @known_test_then_leak(%g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecout, 2>, i32, i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %c8 : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %g, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj : i32
  }
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
  %u = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %g, %u, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

// Correct twin: the tile after the loop is freed.
func.func @known_test_then_free(%g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecout, 2>, i32, i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %c8 : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %g, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj : i32
  }
  %u = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %g, %u, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.que_bind.free_tensor %q, %u : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
  return
}
