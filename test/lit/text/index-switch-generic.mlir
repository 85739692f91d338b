// Generic form (index-switch.mlir input), byte-compatible with mlir-opt-19
// --mlir-print-op-generic (unique SSA ids across regions, default properties).
// RUN: casc opt %s --mlir-print-op-generic | FileCheck %s

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

// CHECK: "builtin.module"() ({
// CHECK-NEXT: "func.func"() <{function_type = (index, i32) -> i32, sym_name = "f"}> ({
// CHECK-NEXT: ^bb0(%arg0: index, %arg1: i32):
// CHECK-NEXT: %0 = "scf.index_switch"(%arg0) <{cases = array<i64: 2, 5>}> ({
// CHECK-NEXT: "scf.yield"(%arg1) : (i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "scf.yield"(%arg1) : (i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "scf.yield"(%arg1) : (i32) -> ()
// CHECK-NEXT: }) : (index) -> i32
// CHECK-NEXT: "scf.index_switch"(%arg0) <{cases = array<i64>}> ({
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }) : (index) -> ()
// CHECK-NEXT: "func.return"(%0) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) : () -> ()
