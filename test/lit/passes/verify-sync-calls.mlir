// verify-sync and helper functions (issue 19, item 3): a func.call of a
// function of the module runs the callee in place, with the caller's
// queues and their state at that call (context-sensitive). A helper that
// is correct on its own but misused by its caller (its tile never freed,
// a tensor the caller already freed handed to it) is reported at the call
// line, with a note at the helper's op; a helper's own bug stays in the
// helper; a helper used correctly is silent.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

// Bug: @load returns a fresh tile; the kernel never frees them, so the
// third call's AllocTensor finds both buffers held.
func.func @load(%q : !ascendc.queue<vecin, 2>, %g : !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16> {
  %c128 = arith.constant 128 : i32
  // expected-note@below {{in the called function, at this operation}}
  // expected-note@below {{allocated here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  return %t : !ascendc.local_tensor<*xf16>
}

func.func @three_loads_never_freed(%g : !ascendc.global_tensor<*xf16>, %o : !ascendc.global_tensor<*xf16>) {
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  %a = func.call @load(%q, %g) : (!ascendc.queue<vecin, 2>, !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %o, %a, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  %b = func.call @load(%q, %g) : (!ascendc.queue<vecin, 2>, !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %o, %b, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  // expected-warning@below {{AllocTensor: all 2 buffers of this queue are held; on the NPU this call never returns}}
  %c = func.call @load(%q, %g) : (!ascendc.queue<vecin, 2>, !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %o, %c, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

// Correct twin: the same helper, each tile freed after its use.
func.func @load(%q : !ascendc.queue<vecin, 2>, %g : !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16> {
  %c128 = arith.constant 128 : i32
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  return %t : !ascendc.local_tensor<*xf16>
}

func.func @three_loads_freed(%g : !ascendc.global_tensor<*xf16>, %o : !ascendc.global_tensor<*xf16>) {
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  %a = func.call @load(%q, %g) : (!ascendc.queue<vecin, 2>, !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %o, %a, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.que_bind.free_tensor %q, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  %b = func.call @load(%q, %g) : (!ascendc.queue<vecin, 2>, !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %o, %b, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.que_bind.free_tensor %q, %b : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  %c = func.call @load(%q, %g) : (!ascendc.queue<vecin, 2>, !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %o, %c, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.que_bind.free_tensor %q, %c : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// Bug: the helper called in a loop of 8, its tile never freed by the
// caller: the third iteration's call hangs.
func.func @load(%q : !ascendc.queue<vecin, 2>, %g : !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16> {
  %c128 = arith.constant 128 : i32
  // expected-note@below {{in the called function, at this operation}}
  // expected-note@below {{allocated here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  return %t : !ascendc.local_tensor<*xf16>
}

func.func @loads_in_loop(%g : !ascendc.global_tensor<*xf16>, %o : !ascendc.global_tensor<*xf16>) {
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
    // expected-warning@below {{AllocTensor: all 2 buffers of this queue are held; on the NPU this call never returns}}
    %a = func.call @load(%q, %g) : (!ascendc.queue<vecin, 2>, !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %o, %a, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  }
  return
}

// -----

// Bug: two tiles from the helper, neither freed: each call that returned
// one is where its FreeTensor is missing.
func.func @load(%q : !ascendc.queue<vecin, 2>, %g : !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16> {
  %c128 = arith.constant 128 : i32
  // expected-note@below {{allocated in the called function here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  return %t : !ascendc.local_tensor<*xf16>
}

func.func @two_loads_leaked(%g : !ascendc.global_tensor<*xf16>, %o : !ascendc.global_tensor<*xf16>) {
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : !ascendc.queue<vecin, 2>, i32, i32
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
  %a = func.call @load(%q, %g) : (!ascendc.queue<vecin, 2>, !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %o, %a, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
  %b = func.call @load(%q, %g) : (!ascendc.queue<vecin, 2>, !ascendc.global_tensor<*xf16>) -> !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %o, %b, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

// Bug in the helper itself: it allocates scratch space and neither frees
// nor returns it. The leak is the helper's (no caller can free it).
func.func @scratch(%q : !ascendc.queue<vecout, 1>, %o : !ascendc.global_tensor<*xf16>) {
  %c128 = arith.constant 128 : i32
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %o, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}

func.func @calls_leaky_helper(%o : !ascendc.global_tensor<*xf16>) {
  %c1 = arith.constant 1 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c512 : !ascendc.queue<vecout, 1>, i32, i32
  // expected-note@below {{the function is called here}}
  func.call @scratch(%q, %o) : (!ascendc.queue<vecout, 1>, !ascendc.global_tensor<*xf16>) -> ()
  return
}

// -----

// Bug: the kernel frees a tile, then hands it to a helper that frees it:
// the helper is right, the call is wrong.
// expected-note@below {{tensor declared here}}
func.func @release(%q : !ascendc.queue<vecout, 1>, %t : !ascendc.local_tensor<*xf16>) {
  // expected-note@below {{in the called function, at this operation}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  return
}

func.func @release_after_free(%o : !ascendc.global_tensor<*xf16>) {
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c512 : !ascendc.queue<vecout, 1>, i32, i32
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %o, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{FreeTensor: tensor memory was freed before its last use}}
  func.call @release(%q, %t) : (!ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>) -> ()
  return
}

// -----

// Correct twin: the helper does the only FreeTensor.
func.func @release(%q : !ascendc.queue<vecout, 1>, %t : !ascendc.local_tensor<*xf16>) {
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  return
}

func.func @release_once(%o : !ascendc.global_tensor<*xf16>) {
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c512 : !ascendc.queue<vecout, 1>, i32, i32
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %o, %t, %c128 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  func.call @release(%q, %t) : (!ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>) -> ()
  return
}

// -----

// Bug in the helper itself: it frees its own tile twice, whoever calls it.
func.func @twice(%q : !ascendc.queue<vecout, 1>) {
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{FreeTensor: tensor memory was freed before its last use}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  return
}

func.func @calls_twice() {
  %c1 = arith.constant 1 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c512 : !ascendc.queue<vecout, 1>, i32, i32
  func.call @twice(%q) : (!ascendc.queue<vecout, 1>) -> ()
  return
}

// -----

// Recursion is bounded: the recursive call inside the helper is not
// followed (what it receives is forgotten), so the analysis terminates
// and claims nothing it cannot see.
func.func @countdown(%q : !ascendc.queue<vecout, 1>, %n : i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %more = arith.cmpi sgt, %n, %c0 : i32
  scf.if %more {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    %m = arith.subi %n, %c1 : i32
    func.call @countdown(%q, %m) : (!ascendc.queue<vecout, 1>, i32) -> ()
  }
  return
}

func.func @calls_recursive(%n : i32) {
  %c1 = arith.constant 1 : i32
  %c512 = arith.constant 512 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c512 : !ascendc.queue<vecout, 1>, i32, i32
  func.call @countdown(%q, %n) : (!ascendc.queue<vecout, 1>, i32) -> ()
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  return
}
