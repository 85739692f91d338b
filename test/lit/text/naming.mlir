// MLIR's result naming (%c1_i32, %c-1_i32, %c0, %true, %cst_N), float spelling,
// nested-region numbering, unregistered ops with regions and attributes.
// Expected lines were printed by mlir-opt-19 for the same input.
// RUN: casc opt %s | FileCheck %s
// RUN: casc opt %s | casc opt | FileCheck %s
// RUN: casc opt %s --mlir-print-op-generic | casc opt | FileCheck %s

func.func @f(%a: i32, %b: index) -> i32 {
  %c1 = arith.constant 1 : i32
  %c1b = arith.constant 1 : i32
  %m = arith.constant -1 : i32
  %t = arith.constant true
  %f = arith.constant false
  %x = arith.constant 0 : index
  %x2 = arith.constant 5 : index
  %c64 = arith.constant 256 : i64
  %h = arith.constant 0.5 : f32
  %h2 = arith.constant 1.0 : f16
  %h3 = arith.constant 0x7C00 : f16
  %h4 = arith.constant 0.1 : f64
  %h5 = arith.constant 123456789.0 : f64
  %h6 = arith.constant 1.0e300 : f64
  %h7 = arith.constant 0.123456789 : f64
  %h8 = arith.constant 1.5e-10 : f32
  %h9 = arith.constant 3.14159 : bf16
  %s = arith.addi %a, %c1 : i32
  %r = scf.for %i = %c1 to %m step %c1b iter_args(%acc = %s) -> (i32) : i32 {
    %k = arith.constant 7 : i32
    %k2 = arith.constant 1 : i32
    %q = arith.addi %acc, %k : i32
    %cond = arith.cmpi slt, %q, %k2 : i32
    %z = scf.if %cond -> (i32) {
      %k3 = arith.constant 1 : i32
      scf.yield %k3 : i32
    } else {
      %k4 = arith.constant 1 : i32
      %k5 = arith.constant 1 : i32
      scf.yield %q : i32
    }
    scf.yield %z : i32
  }
  scf.for %j = %x to %x2 step %x2 {
    %u = arith.addi %r, %r : i32
  }
  %w = arith.addi %r, %r : i32
  return %w : i32
}
func.func private @g(i32) -> i32
func.func @h(%a: i32 {foo.bar = 1 : i32}) -> (i32, i64) attributes {ascendc.aicore} {
  %c = arith.constant 1 : i64
  %0 = call @g(%a) : (i32) -> i32
  %1:2 = "foo.op"(%a) ({
  ^bb0(%z: i32):
    "foo.yield"(%z) : (i32) -> ()
  }, {
    %y = arith.constant 2 : i32
  }) {b = 1, a = "x\n\"q", c = [1, 2.0, true, unit], d = {z = 1 : i8}, e = dense<1> : tensor<2xi32>, f = @x::@y} : (i32) -> (i32, i64)
  return %1#0, %1#1 : i32, i64
}

// CHECK: module {
// CHECK-NEXT: func.func @f(%arg0: i32, %arg1: index) -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %c256_i64 = arith.constant 256 : i64
// CHECK-NEXT: %cst = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %cst_1 = arith.constant 1.000000e+00 : f16
// CHECK-NEXT: %cst_2 = arith.constant 0x7C00 : f16
// CHECK-NEXT: %cst_3 = arith.constant 1.000000e-01 : f64
// CHECK-NEXT: %cst_4 = arith.constant 0x419D6F3454000000 : f64
// CHECK-NEXT: %cst_5 = arith.constant 1.000000e+300 : f64
// CHECK-NEXT: %cst_6 = arith.constant 0.123456789 : f64
// CHECK-NEXT: %cst_7 = arith.constant 1.500000e-10 : f32
// CHECK-NEXT: %cst_8 = arith.constant 3.140630e+00 : bf16
// CHECK-NEXT: %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT: %1 = scf.for %arg2 = %c1_i32 to %c-1_i32 step %c1_i32_0 iter_args(%arg3 = %0) -> (i32)  : i32 {
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %c1_i32_9 = arith.constant 1 : i32
// CHECK-NEXT: %3 = arith.addi %arg3, %c7_i32 : i32
// CHECK-NEXT: %4 = arith.cmpi slt, %3, %c1_i32_9 : i32
// CHECK-NEXT: %5 = scf.if %4 -> (i32) {
// CHECK-NEXT: %c1_i32_10 = arith.constant 1 : i32
// CHECK-NEXT: scf.yield %c1_i32_10 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %c1_i32_10 = arith.constant 1 : i32
// CHECK-NEXT: %c1_i32_11 = arith.constant 1 : i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %5 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg2 = %c0 to %c5 step %c5 {
// CHECK-NEXT: %3 = arith.addi %1, %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %2 = arith.addi %1, %1 : i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @g(i32) -> i32
// CHECK-NEXT: func.func @h(%arg0: i32 {foo.bar = 1 : i32}) -> (i32, i64) attributes {ascendc.aicore} {
// CHECK-NEXT: %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT: %0 = call @g(%arg0) : (i32) -> i32
// CHECK-NEXT: %1:2 = "foo.op"(%arg0) ({
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT: "foo.yield"(%arg1) : (i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: }) {a = "x\0A\22q", b = 1 : i64, c = [1, 2.000000e+00, true, unit], d = {z = 1 : i8}, e = dense<1> : tensor<2xi32>, f = @x::@y} : (i32) -> (i32, i64)
// CHECK-NEXT: return %1#0, %1#1 : i32, i64
// CHECK-NEXT: }
// CHECK-NEXT: }
