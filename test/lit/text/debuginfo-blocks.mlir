// -mlir-print-debuginfo: trailing loc(#locN) on every op, block argument
// locations inline, aliases before the module when a block argument needs
// them and after it otherwise, numbered as mlir-opt-19 numbers them (the
// expected lines were printed by mlir-opt-19 for this file).
// RUN: casc opt %s -mlir-print-debuginfo | FileCheck %s
// RUN: casc opt %s -mlir-print-debuginfo | casc opt -mlir-print-debuginfo | FileCheck %s

func.func private @g(i32 {a.b}, i32) -> (i32 {x.y = 1 : i32})
func.func @f(%a: i32, %i: index) -> (i32, i32) {
  scf.for %k = %i to %i step %i {
    %0 = func.call @g(%a, %a) : (i32, i32) -> i32
  }
  %z = "x.y"() ({
    "x.z"() : () -> ()
  ^bb1(%q: i32):
    "x.w"(%q) : (i32) -> ()
  }) {x} : () -> (i32)
  return %a, %a : i32, i32
}

// CHECK: #loc3 = loc("{{.*}}":9:14)
// CHECK-NEXT: #loc4 = loc("{{.*}}":9:23)
// CHECK-NEXT: #loc9 = loc("{{.*}}":15:8)
// CHECK-NEXT: module {
// CHECK-NEXT: func.func private @g(i32 {a.b}, i32) -> (i32 {x.y = 1 : i32}) loc(#loc1)
// CHECK-NEXT: func.func @f(%arg0: i32 loc("{{.*}}":9:14), %arg1: index loc("{{.*}}":9:23)) -> (i32, i32) {
// CHECK-NEXT: scf.for %arg2 = %arg1 to %arg1 step %arg1 {
// CHECK-NEXT: %1 = func.call @g(%arg0, %arg0) : (i32, i32) -> i32 loc(#loc6)
// CHECK-NEXT: } loc(#loc5)
// CHECK-NEXT: %0 = "x.y"() ({
// CHECK-NEXT: "x.z"() : () -> () loc(#loc8)
// CHECK-NEXT: ^bb1(%1: i32 loc("{{.*}}":15:8)):  // no predecessors
// CHECK-NEXT: "x.w"(%1) : (i32) -> () loc(#loc10)
// CHECK-NEXT: }) {x} : () -> i32 loc(#loc7)
// CHECK-NEXT: return %arg0, %arg0 : i32, i32 loc(#loc11)
// CHECK-NEXT: } loc(#loc2)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}":0:0)
// CHECK-NEXT: #loc1 = loc("{{.*}}":8:1)
// CHECK-NEXT: #loc2 = loc("{{.*}}":9:1)
// CHECK-NEXT: #loc5 = loc("{{.*}}":10:3)
// CHECK-NEXT: #loc6 = loc("{{.*}}":11:10)
// CHECK-NEXT: #loc7 = loc("{{.*}}":13:8)
// CHECK-NEXT: #loc8 = loc("{{.*}}":14:5)
// CHECK-NEXT: #loc10 = loc("{{.*}}":16:5)
// CHECK-NEXT: #loc11 = loc("{{.*}}":18:3)
