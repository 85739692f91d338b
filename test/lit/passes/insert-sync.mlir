// -ascendc-insert-sync (pyasc's flag). Where the output equals pyasc's
// ascir-opt it was checked against it; the differences are casc's on
// purpose (docs/passes.md): the sync after a write to a tensor not from a
// queue orders it before the later ops that may touch the tensor, on their
// pipes, and only those; nothing after a write to GM.
// RUN: casc opt -ascendc-insert-sync -split-input-file -verify-diagnostics %s | FileCheck %s

// The writes to %a and %c are apart (different TBufs): only the RAW on %c
// needs a PIPE_V barrier; the last write needs none before PIPE_ALL.
// CHECK-LABEL: func.func @apart(
// CHECK:       ascendc.duplicate_l2 %3,
// CHECK-NEXT:  ascendc.duplicate_l2 %4,
// CHECK-NEXT:  ascendc.pipe_barrier pipe_v
// CHECK-NEXT:  ascendc.add_l2 %4, %4, %4,
// CHECK-NEXT:  ascendc.pipe_barrier pipe_all
// CHECK-NEXT:  return
func.func @apart(%n: i32, %b: i64) {
  %p = ascendc.pipe
  %t1 = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %p, %t1, %b : !ascendc.tbuf<veccalc>, i64
  %t2 = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %p, %t2, %b : !ascendc.tbuf<veccalc>, i64
  %a = ascendc.tbuf.get_tensor %t1 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %c = ascendc.tbuf.get_tensor %t2 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %cst = arith.constant 1.0 : f32
  ascendc.duplicate_l2 %a, %cst, %n : !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.duplicate_l2 %c, %cst, %n : !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.add_l2 %c, %c, %c, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  return
}

// -----

// Inside a loop the next iteration counts: the vector write is read by the
// copy to GM (MTE3) and rewritten by the next muls. A set_value that is the
// whole loop body is synchronised around the loop.
// CHECK-LABEL: func.func @loop_carried(
// CHECK:       scf.for
// CHECK-NEXT:    ascendc.data_copy_l2 %arg3, %2, %arg1
// CHECK-NEXT:    ascendc.muls_l2 %2, %2, %cst, %arg1
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    %[[P:.*]] = ascendc.pipe
// CHECK-NEXT:    %[[E:.*]] = ascendc.pipe.fetch_event_id %[[P]], v_mte3 : i8
// CHECK-NEXT:    ascendc.set_flag v_mte3, %[[E]] : i8
// CHECK-NEXT:    ascendc.wait_flag v_mte3, %[[E]] : i8
// CHECK-NEXT:  }
// CHECK:       ascendc.set_flag v_s
// CHECK-NEXT:  ascendc.wait_flag v_s
// CHECK-NEXT:  scf.for
// CHECK-NEXT:    ascendc.local_tensor.set_value
// CHECK-NEXT:  }
// CHECK:       ascendc.set_flag s_v
// CHECK-NEXT:  ascendc.wait_flag s_v
// CHECK-NEXT:  ascendc.pipe_barrier pipe_all
func.func @loop_carried(%lo: i32, %n: i32, %b: i64, %g: !ascendc.global_tensor<*xf32>, %i0: ui32) {
  %p = ascendc.pipe
  %t = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %p, %t, %b : !ascendc.tbuf<veccalc>, i64
  %a = ascendc.tbuf.get_tensor %t : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %f = arith.constant 2.0 : f32
  scf.for %i = %lo to %n step %lo : i32 {
    ascendc.data_copy_l2 %g, %a, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
    ascendc.muls_l2 %a, %a, %f, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  }
  scf.for %j = %lo to %n step %lo : i32 {
    ascendc.local_tensor.set_value %a, %i0, %f : !ascendc.local_tensor<64xf32>, ui32, f32
  }
  return
}

// -----

// A copy from GM into a TBuf tensor (MTE2) then a vector op and a copy out:
// MTE2_V before the add, V_MTE3 before the copy out (no MTE2_MTE3: the add
// rewrites the tensor in between). The copy into %x in the loop is enqueued
// after the loop, dequeued before its first user; no barrier after the
// copy to GM.
// CHECK-LABEL: func.func @loop(
// CHECK:       scf.for
// CHECK-NEXT:    ascendc.data_copy_l2 %4, %arg0, %arg1
// CHECK-NEXT:  }
// CHECK-NEXT:  ascendc.que_bind.enque_tensor %1, %4
// CHECK-NEXT:  ascendc.data_copy_l2 %3, %arg0, %arg1
// CHECK-NEXT:  %[[P:.*]] = ascendc.pipe
// CHECK-NEXT:  %[[E:.*]] = ascendc.pipe.fetch_event_id %[[P]], mte2_v : i8
// CHECK-NEXT:  ascendc.set_flag mte2_v, %[[E]] : i8
// CHECK-NEXT:  ascendc.wait_flag mte2_v, %[[E]] : i8
// CHECK-NEXT:  %[[D:.*]] = ascendc.que_bind.deque_tensor %1
// CHECK-NEXT:  ascendc.add_l2 %3, %[[D]], %3, %arg1
// CHECK-NEXT:  %[[P2:.*]] = ascendc.pipe
// CHECK-NEXT:  %[[E2:.*]] = ascendc.pipe.fetch_event_id %[[P2]], v_mte3 : i8
// CHECK-NEXT:  ascendc.set_flag v_mte3, %[[E2]] : i8
// CHECK-NEXT:  ascendc.wait_flag v_mte3, %[[E2]] : i8
// CHECK-NEXT:  ascendc.global_tensor.subindex
// CHECK-NEXT:  ascendc.data_copy_l2
// CHECK-NEXT:  ascendc.que_bind.free_tensor %1, %4
// CHECK-NEXT:  ascendc.pipe_barrier pipe_all
func.func @loop(%g: !ascendc.global_tensor<*xf32>, %n: i32, %b: i64, %lo: i32) {
  %p = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %p, %q, %n, %b : !ascendc.queue<vecin, 1>, i32, i64
  %t = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %p, %t, %b : !ascendc.tbuf<veccalc>, i64
  %w = ascendc.tbuf.get_tensor %t : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %x = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  scf.for %i = %lo to %n step %lo : i32 {
    ascendc.data_copy_l2 %x, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  ascendc.data_copy_l2 %w, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.add_l2 %w, %x, %w, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  %s = ascendc.global_tensor.subindex %g[%n] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
  ascendc.data_copy_l2 %s, %w, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %q, %x : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  return
}

// -----

// The first user of the enqueued tensor is in another region: there is no
// place for the dequeue that the enqueue reaches (pyasc's error).
func.func @err(%g: !ascendc.global_tensor<*xf32>, %n: i32, %b: i64, %c: i1) {
  %p = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %p, %q, %n, %b : !ascendc.queue<vecin, 1>, i32, i64
  %x = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  scf.if %c {
    // expected-error@+1 {{failed to be hoisted to tensor deque op scope}}
    ascendc.data_copy_l2 %x, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  scf.if %c {
    ascendc.add_l2 %x, %x, %x, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  return
}

// -----

// An in-place vector write to a VECIN tensor is not enqueued again: nothing
// reads it before FreeTensor (pyasc adds an EnQue no DeQue matches, which
// verify-sync reports), and an EnQue on VECIN would order MTE2, not V. The
// queue's FreeTensor/AllocTensor order the buffer's next use.
// CHECK-LABEL: func.func @in_place(
// CHECK:       ascendc.data_copy_l2 %[[X:.*]], %arg0, %arg1
// CHECK-NEXT:  ascendc.que_bind.enque_tensor %{{.*}}, %[[X]]
// CHECK-NEXT:  %[[D:.*]] = ascendc.que_bind.deque_tensor
// CHECK-NEXT:  ascendc.abs_l2 %[[D]], %[[D]], %arg1
// CHECK-NEXT:  ascendc.que_bind.free_tensor
// CHECK-NEXT:  }
// CHECK-NEXT:  ascendc.pipe_barrier pipe_all
func.func @in_place(%g: !ascendc.global_tensor<*xf32>, %n: i32, %b: i64, %lo: i32) {
  %p = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %p, %q, %lo, %b : !ascendc.queue<vecin, 1>, i32, i64
  scf.for %i = %lo to %n step %lo : i32 {
    %x = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
    ascendc.data_copy_l2 %x, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.abs_l2 %x, %x, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    ascendc.que_bind.free_tensor %q, %x : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  }
  return
}
