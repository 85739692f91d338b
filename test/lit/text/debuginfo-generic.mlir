// -mlir-print-debuginfo: trailing loc(#locN) on every op, block argument
// locations inline, aliases before the module when a block argument needs
// them and after it otherwise, numbered as mlir-opt-19 numbers them (the
// expected lines were printed by mlir-opt-19 for this file).
// RUN: casc opt %s -mlir-print-debuginfo --mlir-print-op-generic | FileCheck %s
// RUN: casc opt %s -mlir-print-debuginfo --mlir-print-op-generic | casc opt -mlir-print-debuginfo --mlir-print-op-generic | FileCheck %s

#loc1 = loc("/home/me/k.py":9:0)
module {
  func.func @k(%arg0: i32 loc("x"(#loc1)), %arg1: i32 loc("y"(#loc1)), %arg2: i32 loc("ffts")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32 loc(unknown)
    %0 = arith.addi %arg0, %c1 : i32 loc("/home/me/k.py":11:13)
    %1 = arith.addi %0, %c1 : i32 loc(callsite("/home/me/k.py":20:4 at "/home/me/k.py":11:13))
    %2 = arith.addi %1, %c1 : i32 loc(fused["/home/me/k.py":11:13, "a"])
    %3 = arith.addi %2, %c1 : i32 loc("x"(#loc1))
    %4 = arith.addi %3, %c1 : i32 loc(#loc9)
    scf.for %i = %c1 to %c1 step %c1 : i32 {
      %5 = arith.addi %3, %c1 : i32 loc("/home/me/k.py":12:1)
    } loc("/home/me/k.py":13:1)
    return loc(#loc1)
  } loc(#loc1)
} loc(unknown)
#loc9 = loc("/home/me/k.py":30:2)

// CHECK: #loc1 = loc("/home/me/k.py":9:0)
// CHECK-NEXT: #loc2 = loc("ffts")
// CHECK-NEXT: #loc8 = loc("{{.*}}":17:13)
// CHECK-NEXT: #loc11 = loc("x"(#loc1))
// CHECK-NEXT: #loc12 = loc("y"(#loc1))
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: "func.func"() <{function_type = (i32, i32, i32) -> (), sym_name = "k"}> ({
// CHECK-NEXT: ^bb0(%arg0: i32 loc("x"(#loc1)), %arg1: i32 loc("y"(#loc1)), %arg2: i32 loc("ffts")):
// CHECK-NEXT: %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32 loc(#loc)
// CHECK-NEXT: %1 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc3)
// CHECK-NEXT: %2 = "arith.addi"(%1, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc13)
// CHECK-NEXT: %3 = "arith.addi"(%2, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc14)
// CHECK-NEXT: %4 = "arith.addi"(%3, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc11)
// CHECK-NEXT: %5 = "arith.addi"(%4, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc6)
// CHECK-NEXT: "scf.for"(%0, %0, %0) ({
// CHECK-NEXT: ^bb0(%arg3: i32 loc("{{.*}}":17:13)):
// CHECK-NEXT: %6 = "arith.addi"(%4, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc9)
// CHECK-NEXT: "scf.yield"() : () -> () loc(#loc10)
// CHECK-NEXT: }) : (i32, i32, i32) -> () loc(#loc7)
// CHECK-NEXT: "func.return"() : () -> () loc(#loc1)
// CHECK-NEXT: }) {ascendc.global} : () -> () loc(#loc1)
// CHECK-NEXT: }) : () -> () loc(#loc)
// CHECK-NEXT: #loc = loc(unknown)
// CHECK-NEXT: #loc3 = loc("/home/me/k.py":11:13)
// CHECK-NEXT: #loc4 = loc("/home/me/k.py":20:4)
// CHECK-NEXT: #loc5 = loc("a")
// CHECK-NEXT: #loc6 = loc("/home/me/k.py":30:2)
// CHECK-NEXT: #loc7 = loc("/home/me/k.py":13:1)
// CHECK-NEXT: #loc9 = loc("/home/me/k.py":12:1)
// CHECK-NEXT: #loc10 = loc("{{.*}}":17:5)
// CHECK-NEXT: #loc13 = loc(callsite(#loc4 at #loc3))
// CHECK-NEXT: #loc14 = loc(fused[#loc3, #loc5])
