// scf.if with results and an empty else, scf.while, named modules.
// Expected lines were printed by mlir-opt-19 for the same input.
// RUN: casc opt %s | FileCheck %s
// RUN: casc opt %s | casc opt | FileCheck %s
// RUN: casc opt %s --mlir-print-op-generic | casc opt | FileCheck %s

module @m attributes {foo.x = 1 : i32} {
  func.func @k(%a: i32, %c: i1) -> i32 {
      %0 = arith.addi %a, %a : i32
    %r = scf.if %c -> i32 {
      scf.yield %0 : i32
    } else {
      scf.yield %a : i32
    }
    scf.if %c {
      "foo.x"() : () -> ()
    } else {
    }
    %w:2 = scf.while (%x = %a, %y = %0) : (i32, i32) -> (i32, i32) {
      %cc = arith.cmpi slt, %x, %y : i32
      scf.condition(%cc) %x, %y : i32, i32
    } do {
    ^bb0(%x2: i32, %y2: i32):
      scf.yield %x2, %y2 : i32, i32
    }
    %z = "foo.bar"(%r) : (i32) -> (i32)
    return %z : i32
  }
}

// CHECK: module @m attributes {foo.x = 1 : i32} {
// CHECK-NEXT: func.func @k(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %1 = scf.if %arg1 -> (i32) {
// CHECK-NEXT: scf.yield %0 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %arg1 {
// CHECK-NEXT: "foo.x"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: %2:2 = scf.while (%arg2 = %arg0, %arg3 = %0) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT: %4 = arith.cmpi slt, %arg2, %arg3 : i32
// CHECK-NEXT: scf.condition(%4) %arg2, %arg3 : i32, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: i32):
// CHECK-NEXT: scf.yield %arg2, %arg3 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: %3 = "foo.bar"(%1) : (i32) -> i32
// CHECK-NEXT: return %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
