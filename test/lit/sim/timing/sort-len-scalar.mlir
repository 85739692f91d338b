// GetSortLen / GetSortOffset are scalar arithmetic (a count times the size
// of a sort structure in floats), not vector instructions: on pipe S in
// ops.def, the timing model costs them one scalar step each and the vector
// pipe stays idle (on pipe V they held it for 14 cycles, V 93% busy).
// RUN: casc run %s --arg x=zeros:8 --timing 2>&1 | FileCheck %s
// CHECK: block 0: 2 cycles, {{.*}} busy  S 100.0%
// CHECK-NOT: V {{[0-9.]+}}%
// CHECK: pipes busy (all blocks):  S 100.0%
// CHECK-NOT: V {{[0-9.]+}}%
func.func @k(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
  %n = arith.constant 64 : ui32
  %l = ascendc.get_sort_len %n : ui32
  %o = ascendc.get_sort_offset %l : ui32
  return
}
