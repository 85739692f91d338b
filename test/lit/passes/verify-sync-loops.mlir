// verify-sync through scf.for: a loop body must leave each queue as it found
// it (or within what the queue holds). Known trip counts are followed
// iteration by iteration; unknown ones are summarised by a fixpoint.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

// Correct: alloc and free in every iteration, 2 buffers, 8 iterations.
func.func @ok_alloc_free_in_loop(%g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %c512 = arith.constant 512 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %off = arith.muli %i, %c256 : i32
    %gs = ascendc.global_tensor.subindex %g[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t, %gs, %c256 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Bug: allocated once before the loop, freed in every iteration.
func.func @alloc_before_free_inside(%n : i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 1>, i32, i32
  // expected-note@below {{tensor declared here}}
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor if the loop at line 44 runs zero times}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  // expected-note@below {{when this loop runs zero times (its trip count is only known at run time)}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-warning@below {{FreeTensor: tensor memory was freed before its last use}}
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Bug: alloc in a loop of 8 without free; buffer 3 never comes.
func.func @alloc_in_loop_no_free() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 1>, i32, i32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    // expected-warning@below {{AllocTensor: all 2 buffers of this queue are held; on the NPU this call never returns}}
    // expected-note@below {{allocated here}}
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Correct twin: 2 iterations fit in 2 buffers (freed after the loop).
func.func @ok_two_allocs_two_buffers(%g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  scf.for %i = %c0 to %c2 step %c1 : i32 {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  scf.for %i = %c0 to %c2 step %c1 : i32 {
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Bug: the same with 3 iterations and depth 2: the third EnQue overflows.
func.func @enque_past_depth_in_loop() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c4, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  scf.for %i = %c0 to %c3 step %c1 : i32 {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    // expected-warning@below {{EnQue: 2 tensors already wait in this queue of depth 2}}
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  scf.for %i = %c0 to %c3 step %c1 : i32 {
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Bug with an unknown trip count: never freed, reported as pyasc would.
func.func @alloc_in_loop_unknown_trips(%n : i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 1>, i32, i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Correct, unknown trip count: balanced body.
func.func @ok_unknown_trips(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %qi = ascendc.queue : <vecin, 1>
  %qo = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qi, %c2, %c512 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qo, %c2, %c512 : !ascendc.queue<vecout, 1>, i32, i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %x = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %x, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qi, %x : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %xd = ascendc.que_bind.deque_tensor %qi : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %y = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.relu_l2 %y, %xd, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qo, %y : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %qi, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %yd = ascendc.que_bind.deque_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %g, %yd, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qo, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Correct prefetch, known trip count: tile i+1 is loaded in iteration i
// (guarded by i + 1 < 8) and consumed in iteration i+1.
func.func @ok_prefetch_known(%g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  %t0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %t0, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.que_bind.enque_tensor %q, %t0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %next = arith.addi %i, %c1 : i32
    %more = arith.cmpi slt, %next, %c8 : i32
    scf.if %more {
      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.abs_l2 %d, %d, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Correct prefetch, trip count known only at run time.
func.func @ok_prefetch_unknown(%n : i32, %g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  // The prologue only when the loop runs (lb < ub): nothing is left queued
  // when the trip count is 0.
  %runs_212 = arith.cmpi slt, %c0, %n : i32
  scf.if %runs_212 {
    %t0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %t0, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q, %t0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
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

// Bug: the prefetch without its prologue: the first DeQue finds nothing.
func.func @prefetch_missing_prologue(%g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %cond = arith.cmpi sgt, %i, %c0 : i32
    scf.if %cond {
      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
    // expected-warning@below {{DeQue: there is no corresponding call to EnQue}}
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// Correct double buffering with ping-pong through iter_args.
func.func @ok_iter_args_carry_tensor(%g : !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c16 = arith.constant 16 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 1>, i32, i32
  %first = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %last = scf.for %i = %c0 to %c16 step %c1 iter_args(%cur = %first) -> (!ascendc.local_tensor<*xf16>) : i32 {
    %nxt = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.adds_l2 %nxt, %cur, %c128, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32
    ascendc.que_bind.free_tensor %q, %cur : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    scf.yield %nxt : !ascendc.local_tensor<*xf16>
  }
  ascendc.que_bind.free_tensor %q, %last : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// Bug: use after free, found in the second iteration of a nested loop.
func.func @use_after_free_nested(%n : i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c64 = arith.constant 64 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 1>, i32, i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-note@below {{allocated here}}
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    scf.for %j = %c0 to %c4 step %c1 : i32 {
      // expected-warning@below {{Muls: use of tensor memory after its FreeTensor}}
      ascendc.muls_l2 %t, %t, %c64, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32
      // expected-note@below {{freed here}}
      ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    }
  }
  return
}
