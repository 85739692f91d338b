// scf.index_switch.
// Expected lines were printed by mlir-opt-19 for the same input.
// RUN: casc opt %s | FileCheck %s
// RUN: casc opt %s | casc opt | FileCheck %s
// RUN: casc opt %s --mlir-print-op-generic | casc opt | FileCheck %s

func.func @f(%a: index, %x: i32) -> i32 {
  %0 = scf.index_switch %a -> i32
  case 2 {
    scf.yield %x : i32
  }
  case 5 {
    scf.yield %x : i32
  }
  default {
    scf.yield %x : i32
  }
  scf.index_switch %a
  default {
  }
  return %0 : i32
}

// CHECK: module {
// CHECK-NEXT: func.func @f(%arg0: index, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = scf.index_switch %arg0 -> i32
// CHECK-NEXT: case 2 {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: case 5 {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.index_switch %arg0
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
