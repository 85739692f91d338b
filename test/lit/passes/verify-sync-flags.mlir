// verify-sync and deadlocked waits (issue 19, item 5): WaitFlag<E>(id)
// blocks its pipe until SetFlag<E>(id) has set the flag, and clears it. A
// wait that no SetFlag precedes on its path never returns on the NPU. It
// is reported at that wait, naming the loop iteration it blocks in, with
// a note at the SetFlag that comes too late; the primed twins are silent.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

// Bug: the loop waits for MTE3_V at the top of every iteration and sets
// it at the end, with no priming SetFlag before the loop: the first
// iteration's wait blocks.
func.func @wait_unprimed(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %buf, %c256 : !ascendc.tbuf<vecout>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<vecout>, !ascendc.local_tensor<*xf16>
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-warning@below {{WaitFlag<MTE3_V>(0): no SetFlag<MTE3_V>(0) comes before this wait on the first iteration of the loop at line 20; on the NPU it never returns}}
    ascendc.wait_flag mte3_v, %c0 : i32
    ascendc.duplicate_l2 %t, %c1, %c128 : !ascendc.local_tensor<*xf16>, i32, i32
    ascendc.set_flag v_mte3, %c0 : i32
    ascendc.wait_flag v_mte3, %c0 : i32
    ascendc.data_copy_l2 %g, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    // expected-note@below {{the flag is only set here}}
    ascendc.set_flag mte3_v, %c0 : i32
  }
  return
}

// -----

// Correct twin: a priming SetFlag before the loop, the last set consumed
// after it.
func.func @wait_primed(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %buf, %c256 : !ascendc.tbuf<vecout>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<vecout>, !ascendc.local_tensor<*xf16>
  ascendc.set_flag mte3_v, %c0 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    ascendc.wait_flag mte3_v, %c0 : i32
    ascendc.duplicate_l2 %t, %c1, %c128 : !ascendc.local_tensor<*xf16>, i32, i32
    ascendc.set_flag v_mte3, %c0 : i32
    ascendc.wait_flag v_mte3, %c0 : i32
    ascendc.data_copy_l2 %g, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.set_flag mte3_v, %c0 : i32
  }
  ascendc.wait_flag mte3_v, %c0 : i32
  return
}

// -----

// Bug: primed once, but the loop never sets the flag again: the wait of
// iteration 2 blocks.
func.func @wait_not_reset(%g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %buf, %c256 : !ascendc.tbuf<vecout>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<vecout>, !ascendc.local_tensor<*xf16>
  // expected-note@below {{the flag is only set here}}
  ascendc.set_flag mte3_v, %c1 : i32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    // expected-warning@below {{WaitFlag<MTE3_V>(1): no SetFlag<MTE3_V>(1) comes before this wait on iteration 2 of the loop at line 75; on the NPU it never returns}}
    ascendc.wait_flag mte3_v, %c1 : i32
    ascendc.duplicate_l2 %t, %c1, %c128 : !ascendc.local_tensor<*xf16>, i32, i32
    ascendc.set_flag v_mte3, %c0 : i32
    ascendc.wait_flag v_mte3, %c0 : i32
    ascendc.data_copy_l2 %g, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  }
  return
}

// -----

// Bug, straight line: the wait comes before the set.
func.func @wait_before_set(%g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %buf, %c256 : !ascendc.tbuf<vecout>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<vecout>, !ascendc.local_tensor<*xf16>
  ascendc.duplicate_l2 %t, %c1, %c128 : !ascendc.local_tensor<*xf16>, i32, i32
  // expected-warning@below {{WaitFlag<V_MTE3>(0): no SetFlag<V_MTE3>(0) comes before this wait; on the NPU it never returns}}
  ascendc.wait_flag v_mte3, %c0 : i32
  // expected-note@below {{the flag is only set here}}
  ascendc.set_flag v_mte3, %c0 : i32
  ascendc.data_copy_l2 %g, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

// Correct twin: set, then wait; ids of other events and other ids are
// independent flags.
func.func @set_then_wait(%g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %buf, %c256 : !ascendc.tbuf<vecout>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<vecout>, !ascendc.local_tensor<*xf16>
  ascendc.duplicate_l2 %t, %c1, %c128 : !ascendc.local_tensor<*xf16>, i32, i32
  ascendc.set_flag v_mte3, %c0 : i32
  ascendc.set_flag v_mte3, %c1 : i32
  ascendc.wait_flag v_mte3, %c1 : i32
  ascendc.wait_flag v_mte3, %c0 : i32
  ascendc.data_copy_l2 %g, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

// Bug in while form: the body waits first and sets at its end.
func.func @while_wait_unprimed(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %buf, %c256 : !ascendc.tbuf<vecout>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<vecout>, !ascendc.local_tensor<*xf16>
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    // expected-warning@below {{WaitFlag<MTE3_V>(0): no SetFlag<MTE3_V>(0) comes before this wait on the first iteration of the loop at line 141; on the NPU it never returns}}
    ascendc.wait_flag mte3_v, %c0 : i32
    ascendc.duplicate_l2 %t, %c1, %c128 : !ascendc.local_tensor<*xf16>, i32, i32
    ascendc.set_flag v_mte3, %c0 : i32
    ascendc.wait_flag v_mte3, %c0 : i32
    ascendc.data_copy_l2 %g, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    // expected-note@below {{the flag is only set here}}
    ascendc.set_flag mte3_v, %c0 : i32
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj : i32
  }
  return
}

// -----

// Correct twin in while form, primed before the loop.
func.func @while_wait_primed(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %buf, %c256 : !ascendc.tbuf<vecout>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<vecout>, !ascendc.local_tensor<*xf16>
  ascendc.set_flag mte3_v, %c0 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    ascendc.wait_flag mte3_v, %c0 : i32
    ascendc.duplicate_l2 %t, %c1, %c128 : !ascendc.local_tensor<*xf16>, i32, i32
    ascendc.set_flag v_mte3, %c0 : i32
    ascendc.wait_flag v_mte3, %c0 : i32
    ascendc.data_copy_l2 %g, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.set_flag mte3_v, %c0 : i32
    %nj = arith.addi %j, %c1 : i32
    scf.yield %nj : i32
  }
  ascendc.wait_flag mte3_v, %c0 : i32
  return
}

// -----

// Correct: an id from FetchEventID is not a constant; the pair on the same
// value is not checked (nothing is claimed about such flags).
func.func @fetched_id(%g : !ascendc.global_tensor<*xf16>) {
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %buf, %c256 : !ascendc.tbuf<vecout>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<vecout>, !ascendc.local_tensor<*xf16>
  %id = ascendc.pipe.fetch_event_id %pipe, v_mte3 : i32
  ascendc.duplicate_l2 %t, %c1, %c128 : !ascendc.local_tensor<*xf16>, i32, i32
  ascendc.set_flag v_mte3, %id : i32
  ascendc.wait_flag v_mte3, %id : i32
  ascendc.data_copy_l2 %g, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

// Bug across a call: @store waits for MTE3_V before it writes the buffer
// and never sets that flag itself, so its caller must set it first. The
// kernel sets it only after each call, with no priming set: the first
// call blocks. The finding is the call's.
func.func @store(%t : !ascendc.local_tensor<*xf16>, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  // expected-note@below {{in the called function, at this operation}}
  ascendc.wait_flag mte3_v, %c0 : i32
  ascendc.duplicate_l2 %t, %c1, %c128 : !ascendc.local_tensor<*xf16>, i32, i32
  ascendc.set_flag v_mte3, %c0 : i32
  ascendc.wait_flag v_mte3, %c0 : i32
  ascendc.data_copy_l2 %g, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

func.func @store_unprimed(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %buf, %c256 : !ascendc.tbuf<vecout>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<vecout>, !ascendc.local_tensor<*xf16>
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-warning@below {{WaitFlag<MTE3_V>(0): no SetFlag<MTE3_V>(0) comes before this wait on the first iteration of the loop at line 238; on the NPU it never returns}}
    func.call @store(%t, %g) : (!ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>) -> ()
    // expected-note@below {{the flag is only set here}}
    ascendc.set_flag mte3_v, %c0 : i32
  }
  return
}

// -----

// Correct twin: the kernel primes the flag before the loop and consumes
// the last set after it.
func.func @store(%t : !ascendc.local_tensor<*xf16>, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  ascendc.wait_flag mte3_v, %c0 : i32
  ascendc.duplicate_l2 %t, %c1, %c128 : !ascendc.local_tensor<*xf16>, i32, i32
  ascendc.set_flag v_mte3, %c0 : i32
  ascendc.wait_flag v_mte3, %c0 : i32
  ascendc.data_copy_l2 %g, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

func.func @store_primed(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %buf, %c256 : !ascendc.tbuf<vecout>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<vecout>, !ascendc.local_tensor<*xf16>
  ascendc.set_flag mte3_v, %c0 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    func.call @store(%t, %g) : (!ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>) -> ()
    ascendc.set_flag mte3_v, %c0 : i32
  }
  ascendc.wait_flag mte3_v, %c0 : i32
  return
}
