// -mlir-print-debuginfo: trailing loc(#locN) on every op, block argument
// locations inline, aliases before the module when a block argument needs
// them and after it otherwise, numbered as mlir-opt-19 numbers them (the
// expected lines were printed by mlir-opt-19 for this file).
// RUN: casc opt %s -mlir-print-debuginfo | FileCheck %s
// RUN: casc opt %s -mlir-print-debuginfo | casc opt -mlir-print-debuginfo | FileCheck %s

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
// CHECK-NEXT: #loc9 = loc("x"(#loc1))
// CHECK-NEXT: #loc10 = loc("y"(#loc1))
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @k(%arg0: i32 loc("x"(#loc1)), %arg1: i32 loc("y"(#loc1)), %arg2: i32 loc("ffts")) attributes {ascendc.global} {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32 loc(#loc)
// CHECK-NEXT: %0 = arith.addi %arg0, %c1_i32 : i32 loc(#loc3)
// CHECK-NEXT: %1 = arith.addi %0, %c1_i32 : i32 loc(#loc11)
// CHECK-NEXT: %2 = arith.addi %1, %c1_i32 : i32 loc(#loc12)
// CHECK-NEXT: %3 = arith.addi %2, %c1_i32 : i32 loc(#loc9)
// CHECK-NEXT: %4 = arith.addi %3, %c1_i32 : i32 loc(#loc6)
// CHECK-NEXT: scf.for %arg3 = %c1_i32 to %c1_i32 step %c1_i32  : i32 {
// CHECK-NEXT: %5 = arith.addi %3, %c1_i32 : i32 loc(#loc8)
// CHECK-NEXT: } loc(#loc7)
// CHECK-NEXT: return loc(#loc1)
// CHECK-NEXT: } loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc(unknown)
// CHECK-NEXT: #loc3 = loc("/home/me/k.py":11:13)
// CHECK-NEXT: #loc4 = loc("/home/me/k.py":20:4)
// CHECK-NEXT: #loc5 = loc("a")
// CHECK-NEXT: #loc6 = loc("/home/me/k.py":30:2)
// CHECK-NEXT: #loc7 = loc("/home/me/k.py":13:1)
// CHECK-NEXT: #loc8 = loc("/home/me/k.py":12:1)
// CHECK-NEXT: #loc11 = loc(callsite(#loc4 at #loc3))
// CHECK-NEXT: #loc12 = loc(fused[#loc3, #loc5])
