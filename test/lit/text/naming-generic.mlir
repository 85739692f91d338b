// Generic form (naming.mlir input), byte-compatible with mlir-opt-19
// --mlir-print-op-generic (unique SSA ids across regions, default properties).
// RUN: casc opt %s --mlir-print-op-generic | FileCheck %s

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

// CHECK: "builtin.module"() ({
// CHECK-NEXT: "func.func"() <{function_type = (i32, index) -> i32, sym_name = "f"}> ({
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: index):
// CHECK-NEXT: %4 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT: %5 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT: %6 = "arith.constant"() <{value = -1 : i32}> : () -> i32
// CHECK-NEXT: %7 = "arith.constant"() <{value = true}> : () -> i1
// CHECK-NEXT: %8 = "arith.constant"() <{value = false}> : () -> i1
// CHECK-NEXT: %9 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT: %10 = "arith.constant"() <{value = 5 : index}> : () -> index
// CHECK-NEXT: %11 = "arith.constant"() <{value = 256 : i64}> : () -> i64
// CHECK-NEXT: %12 = "arith.constant"() <{value = 5.000000e-01 : f32}> : () -> f32
// CHECK-NEXT: %13 = "arith.constant"() <{value = 1.000000e+00 : f16}> : () -> f16
// CHECK-NEXT: %14 = "arith.constant"() <{value = 0x7C00 : f16}> : () -> f16
// CHECK-NEXT: %15 = "arith.constant"() <{value = 1.000000e-01 : f64}> : () -> f64
// CHECK-NEXT: %16 = "arith.constant"() <{value = 0x419D6F3454000000 : f64}> : () -> f64
// CHECK-NEXT: %17 = "arith.constant"() <{value = 1.000000e+300 : f64}> : () -> f64
// CHECK-NEXT: %18 = "arith.constant"() <{value = 0.123456789 : f64}> : () -> f64
// CHECK-NEXT: %19 = "arith.constant"() <{value = 1.500000e-10 : f32}> : () -> f32
// CHECK-NEXT: %20 = "arith.constant"() <{value = 3.140630e+00 : bf16}> : () -> bf16
// CHECK-NEXT: %21 = "arith.addi"(%arg2, %4) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: %22 = "scf.for"(%4, %6, %5, %21) ({
// CHECK-NEXT: ^bb0(%arg5: i32, %arg6: i32):
// CHECK-NEXT: %25 = "arith.constant"() <{value = 7 : i32}> : () -> i32
// CHECK-NEXT: %26 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT: %27 = "arith.addi"(%arg6, %25) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: %28 = "arith.cmpi"(%27, %26) <{predicate = 2 : i64}> : (i32, i32) -> i1
// CHECK-NEXT: %29 = "scf.if"(%28) ({
// CHECK-NEXT: %32 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT: "scf.yield"(%32) : (i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: %30 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT: %31 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT: "scf.yield"(%27) : (i32) -> ()
// CHECK-NEXT: }) : (i1) -> i32
// CHECK-NEXT: "scf.yield"(%29) : (i32) -> ()
// CHECK-NEXT: }) : (i32, i32, i32, i32) -> i32
// CHECK-NEXT: "scf.for"(%9, %10, %10) ({
// CHECK-NEXT: ^bb0(%arg4: index):
// CHECK-NEXT: %24 = "arith.addi"(%22, %22) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }) : (index, index, index) -> ()
// CHECK-NEXT: %23 = "arith.addi"(%22, %22) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: "func.return"(%23) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "func.func"() <{function_type = (i32) -> i32, sym_name = "g", sym_visibility = "private"}> ({
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "func.func"() <{arg_attrs = [{foo.bar = 1 : i32}], function_type = (i32) -> (i32, i64), sym_name = "h"}> ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: %0 = "arith.constant"() <{value = 1 : i64}> : () -> i64
// CHECK-NEXT: %1 = "func.call"(%arg0) <{callee = @g}> : (i32) -> i32
// CHECK-NEXT: %2:2 = "foo.op"(%arg0) ({
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT: "foo.yield"(%arg1) : (i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: %3 = "arith.constant"() <{value = 2 : i32}> : () -> i32
// CHECK-NEXT: }) {a = "x\0A\22q", b = 1 : i64, c = [1, 2.000000e+00, true, unit], d = {z = 1 : i8}, e = dense<1> : tensor<2xi32>, f = @x::@y} : (i32) -> (i32, i64)
// CHECK-NEXT: "func.return"(%2#0, %2#1) : (i32, i64) -> ()
// CHECK-NEXT: }) {ascendc.aicore} : () -> ()
// CHECK-NEXT: }) : () -> ()
