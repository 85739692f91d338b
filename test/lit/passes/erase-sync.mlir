// -ascendc-erase-sync (pyasc's flag): the kernel's own enque/deque, flags
// and barriers go; each deque_tensor becomes the nearest alloc_tensor of
// its queue that dominates it (pyasc takes the queue's last alloc_tensor in
// the function, here the second one for both deques, which does not
// dominate the first add: invalid IR).
// RUN: casc opt -ascendc-erase-sync -split-input-file -verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: func.func @twice(
// CHECK:       %2 = ascendc.que_bind.alloc_tensor %1
// CHECK-NEXT:  ascendc.data_copy_l2 %2, %arg0, %arg1
// CHECK-NEXT:  ascendc.add_l2 %2, %2, %2, %arg1
// CHECK-NEXT:  ascendc.que_bind.free_tensor %1, %2
// CHECK-NEXT:  %3 = ascendc.que_bind.alloc_tensor %1
// CHECK-NEXT:  ascendc.data_copy_l2 %3, %arg0, %arg1
// CHECK-NEXT:  ascendc.add_l2 %3, %3, %3, %arg1
// CHECK-NEXT:  ascendc.que_bind.free_tensor %1, %3
// CHECK-NEXT:  return
func.func @twice(%g: !ascendc.global_tensor<*xf32>, %n: i32, %b: i64, %e: i8) {
  %p = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %p, %q, %n, %b : !ascendc.queue<vecin, 1>, i32, i64
  %x = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %x, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.que_bind.enque_tensor %q, %x : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  ascendc.add_l2 %d, %d, %d, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  ascendc.pipe_barrier pipe_v
  ascendc.set_flag mte2_v, %e : i8
  ascendc.wait_flag mte2_v, %e : i8
  %y = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %y, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.que_bind.enque_tensor %q, %y : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  %d2 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  ascendc.add_l2 %d2, %d2, %d2, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %q, %d2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  return
}

// -----

// An alloc_tensor in a branch does not reach the deque after it.
func.func @f(%q: !ascendc.queue<vecin, 1>, %c: i1) {
  scf.if %c {
    %x = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  }
  // expected-error@+1 {{doesn't have corresponding alloc_tensor op}}
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  return
}
