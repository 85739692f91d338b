// Result names of the *_extended arith ops, as pyasc's ascir-opt (MLIR 19)
// prints them: every result named (%sum/%overflow, %low/%high), each used by
// its own name, conflicts numbered from the scope's counter; the generic form
// keeps numbered result groups. Expected text taken from ascir-opt's output.
// RUN: casc opt %s | FileCheck %s
// RUN: casc opt %s | casc opt | FileCheck %s
// RUN: casc opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

func.func @names(%a: i32, %b: i32, %n: index) -> (i32, i1, i32) {
  %s:2 = arith.addui_extended %a, %b : i32, i1
  %m:2 = arith.mulsi_extended %a, %b : i32
  %u:2 = arith.mului_extended %s#0, %m#1 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %u#1) -> (i32) {
    %x:2 = arith.mului_extended %acc, %m#0 : i32
    scf.yield %x#0 : i32
  }
  return %r, %s#1, %u#0 : i32, i1, i32
}

// CHECK:   func.func @names(%arg0: i32, %arg1: i32, %arg2: index) -> (i32, i1, i32) {
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT: %low_0, %high_1 = arith.mului_extended %sum, %high : i32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %high_1) -> (i32) {
// CHECK-NEXT:   %low_2, %high_3 = arith.mului_extended %arg4, %low : i32
// CHECK-NEXT:   scf.yield %low_2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %overflow, %low_0 : i32, i1, i32
// CHECK-NEXT:   }
// GEN:     %0:2 = "arith.addui_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i1)
// GEN-NEXT:     %1:2 = "arith.mulsi_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i32)
// GEN-NEXT:     %2:2 = "arith.mului_extended"(%0#0, %1#1) : (i32, i32) -> (i32, i32)
// GEN-NEXT:     %3 = "arith.constant"() <{value = 0 : index}> : () -> index
// GEN-NEXT:     %4 = "arith.constant"() <{value = 1 : index}> : () -> index
// GEN-NEXT:     %5 = "scf.for"(%3, %arg2, %4, %2#1) ({
// GEN-NEXT:     ^bb0(%arg3: index, %arg4: i32):
