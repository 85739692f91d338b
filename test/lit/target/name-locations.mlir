// A value is named `vN_<name>` after the first NameLoc found in its
// location the way MLIR's Location::findInstanceOf walks it: the location,
// then a name's child, a callsite's callee then caller, a fused location's
// members in order. Characters that cannot be in a C++ identifier become
// '_'.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s

// CHECK-LABEL: void k(int32_t v1_fa, int32_t v2_cy, int32_t v3, int32_t v4_in_x) {
// CHECK-NEXT:   int32_t v5_sum = v1_fa + v2_cy;
// CHECK-NEXT:   int32_t v6_total = v5_sum + v3;
// CHECK-NEXT:   int32_t v7_outer = v6_total + v4_in_x;
// CHECK-NEXT:   return;
func.func @k(%a: i32 loc(fused["fa"("f.py":1:1), "fb"]),
             %b: i32 loc(callsite("cy"("f.py":2:2) at "g.py":3:3)),
             %c: i32 loc("f.py":4:4),
             %d: i32 loc("in.x")) {
  %0 = arith.addi %a, %b : i32 loc(callsite("f.py":5:5 at "sum"("g.py":6:6)))
  %1 = arith.addi %0, %c : i32 loc(fused["f.py":7:7, "total"])
  %2 = arith.addi %1, %d : i32 loc("outer"("inner"("f.py":8:8)))
  return
}
