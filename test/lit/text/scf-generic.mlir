// Generic form (scf.mlir input), byte-compatible with mlir-opt-19
// --mlir-print-op-generic (unique SSA ids across regions, default properties).
// RUN: casc opt %s --mlir-print-op-generic | FileCheck %s

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

// CHECK: "builtin.module"() <{sym_name = "m"}> ({
// CHECK-NEXT: "func.func"() <{function_type = (i32, i1) -> i32, sym_name = "k"}> ({
// CHECK-NEXT: ^bb0(%arg0: i32, %arg1: i1):
// CHECK-NEXT: %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: %1 = "scf.if"(%arg1) ({
// CHECK-NEXT: "scf.yield"(%0) : (i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "scf.yield"(%arg0) : (i32) -> ()
// CHECK-NEXT: }) : (i1) -> i32
// CHECK-NEXT: "scf.if"(%arg1) ({
// CHECK-NEXT: "foo.x"() : () -> ()
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }) : (i1) -> ()
// CHECK-NEXT: %2:2 = "scf.while"(%arg0, %0) ({
// CHECK-NEXT: ^bb0(%arg4: i32, %arg5: i32):
// CHECK-NEXT: %4 = "arith.cmpi"(%arg4, %arg5) <{predicate = 2 : i64}> : (i32, i32) -> i1
// CHECK-NEXT: "scf.condition"(%4, %arg4, %arg5) : (i1, i32, i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: i32):
// CHECK-NEXT: "scf.yield"(%arg2, %arg3) : (i32, i32) -> ()
// CHECK-NEXT: }) : (i32, i32) -> (i32, i32)
// CHECK-NEXT: %3 = "foo.bar"(%1) : (i32) -> i32
// CHECK-NEXT: "func.return"(%3) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) {foo.x = 1 : i32} : () -> ()
