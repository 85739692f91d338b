// The function-level cleanup passes of the pipeline.
// RUN: casc opt -canonicalize -split-input-file %s | FileCheck %s --check-prefix=CANON
// RUN: casc opt -cse -split-input-file %s | FileCheck %s --check-prefix=CSE
// RUN: casc opt -loop-invariant-code-motion -split-input-file %s | FileCheck %s --check-prefix=LICM
// RUN: casc opt -ascendc-unify-pipe -split-input-file %s | FileCheck %s --check-prefix=PIPE
// RUN: casc opt -ascendc-hoist-que-bind -split-input-file %s | FileCheck %s --check-prefix=HOIST
// RUN: casc opt -ascendc-input-output-tensor -split-input-file %s | FileCheck %s --check-prefix=INOUT
// RUN: casc opt -sccp -split-input-file %s | FileCheck %s --check-prefix=SCCP

// CANON-LABEL: func.func @fold
// CANON-NEXT:  %c12_i32 = arith.constant 12 : i32
// CANON-NEXT:  %[[X:.*]] = arith.addi %arg0, %c12_i32 : i32
// CANON-NEXT:  return %[[X]], %c12_i32 : i32, i32
// SCCP-LABEL: func.func @fold
// SCCP:       %c12_i32 = arith.constant 12 : i32
// SCCP:       arith.addi %arg0, %c12_i32 : i32
func.func @fold(%a: i32) -> (i32, i32) {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %m = arith.muli %c3, %c4 : i32
  %dead = arith.subi %a, %c3 : i32
  %z = arith.constant 0 : i32
  %x0 = arith.addi %m, %a : i32
  %x = arith.addi %x0, %z : i32
  return %x, %m : i32, i32
}

// -----

// CANON-LABEL: func.func @scf_simplify
// CANON-NOT:   scf.for
// CANON:       ascendc.pipe_barrier pipe_all
// CANON-NEXT:  scf.if %arg0 {
// CANON-NEXT:    ascendc.pipe_barrier pipe_v
// CANON-NEXT:  }
// CANON-NEXT:  return
func.func @scf_simplify(%c: i1) {
  %true = arith.constant true
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c1 to %c0 step %c1 : i32 {
    ascendc.pipe_barrier pipe_mte2
  }
  scf.if %true {
    ascendc.pipe_barrier pipe_v
    ascendc.pipe_barrier pipe_all
  }
  %t = ascendc.local_tensor : !ascendc.local_tensor<*xf32>
  scf.if %c {
    ascendc.pipe_barrier pipe_v
  } else {
  }
  return
}

// -----

// CSE-LABEL: func.func @cse
// CSE:       %[[A:.*]] = arith.muli %arg0, %arg1 : i32
// CSE-NOT:   arith.muli
// CSE:       scf.for
// CSE-NEXT:    %{{.*}} = arith.addi %[[A]], %[[A]] : i32
// CSE-NOT:   arith.muli
// CSE:       return
func.func @cse(%a: i32, %b: i32) -> i32 {
  %x = arith.muli %a, %b : i32
  %y = arith.muli %a, %b : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %b step %c1 iter_args(%acc = %x) -> (i32) : i32 {
    %z = arith.muli %a, %b : i32
    %s = arith.addi %y, %z : i32
    scf.yield %s : i32
  }
  return %r : i32
}

// -----

// LICM-LABEL: func.func @licm
// LICM:       %[[K:.*]] = arith.muli %arg0, %arg1 : i32
// LICM-NEXT:  %[[D:.*]] = arith.divsi %arg0, %c2_i32 : i32
// LICM-NEXT:  scf.for
// LICM-NEXT:    arith.divsi %arg0, %arg1 : i32
// LICM-NEXT:    arith.addi %arg2, %[[K]] : i32
func.func @licm(%a: i32, %b: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %k = arith.muli %a, %b : i32
    %d = arith.divsi %a, %c2 : i32
    %q = arith.divsi %a, %b : i32
    %s = arith.addi %i, %k : i32
  }
  return
}

// -----

// PIPE-LABEL: func.func @pipes
// PIPE-NEXT:  %[[P:.*]] = ascendc.pipe
// PIPE-NEXT:  %[[Q:.*]] = ascendc.queue
// PIPE-NEXT:  ascendc.pipe.init_queue %[[P]], %[[Q]]
// PIPE-NEXT:  %[[R:.*]] = ascendc.queue
// PIPE-NEXT:  ascendc.pipe.init_queue %[[P]], %[[R]]
func.func @pipes(%n: i32, %l: i32) {
  %p1 = ascendc.pipe
  %q1 = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %p1, %q1, %n, %l : !ascendc.queue<vecin, 1>, i32, i32
  %p2 = ascendc.pipe
  %q2 = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %p2, %q2, %n, %l : !ascendc.queue<vecout, 1>, i32, i32
  return
}

// -----

// HOIST-LABEL: func.func @hoist
// HOIST:       %[[Q:.*]] = ascendc.queue : <vecin, 1>
// HOIST-NEXT:  ascendc.pipe.init_queue %arg2, %[[Q]], %arg0, %arg1
// HOIST-NEXT:  scf.for
// HOIST-NEXT:    ascendc.que_bind.alloc_tensor %[[Q]]
func.func @hoist(%n: i32, %l: i32, %p: !ascendc.pipe) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %p, %q, %n, %l : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

// INOUT-LABEL: func.func @inout
// INOUT-NEXT:  ascendc.local_tensor_auto() input : <64xf32>
// INOUT-NEXT:  ascendc.local_tensor_auto() output : <64xf32>
// INOUT-NEXT:  ascendc.local_tensor_auto() : <64xf32>
// INOUT-NEXT:  ascendc.local_tensor_auto() input output : <64xf32>
func.func @inout(%g: !ascendc.global_tensor<*xf32>, %n: i32) {
  %a = ascendc.local_tensor_auto() : <64xf32>
  %b = ascendc.local_tensor_auto() : <64xf32>
  %c = ascendc.local_tensor_auto() input output : <64xf32>
  %d = ascendc.local_tensor_auto() : <64xf32>
  ascendc.data_copy_l2 %a, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %g, %b, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.data_copy_l2 %d, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %g, %d, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.add_l2 %c, %a, %b, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  return
}
