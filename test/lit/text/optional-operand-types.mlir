// ascendc.matmul.iterate's format (pyasc's TableGen, ops.def) ends
// `type($sync) (`,` type($localCmaxtrix)^)? `,` type($result)`: without
// localCmaxtrix pyasc (and casc, byte for byte) prints `..., i1, i1, i1`,
// whose first `,` MLIR's generated parser takes for the optional group
// (ascir-opt rejects its own output). casc's parser decides the group by the
// operand already read, so that text survives print -> parse; the form
// pyasc-oracle rewrites it to (`i1, , i1`) is read too, and printed back the
// pyasc way.
// RUN: casc opt %s | FileCheck %s
// RUN: casc opt %s | casc opt | FileCheck %s
// RUN: casc opt %s -mlir-print-op-generic | casc opt | FileCheck %s

// CHECK-LABEL: func.func @iterate
func.func @iterate(%t: !ascendc.local_tensor<*xf32>, %b: i1, %mm: !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>) {
  // CHECK-NEXT: %0 = ascendc.matmul.iterate %arg2, %arg1, %arg1 : !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>, i1, i1, i1
  %0 = ascendc.matmul.iterate %mm, %b, %b : !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>, i1, i1, i1
  // CHECK-NEXT: %1 = ascendc.matmul.iterate %arg2, %arg1, %arg1 : !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>, i1, i1, i1
  %1 = ascendc.matmul.iterate %mm, %b, %b : !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>, i1, i1, , i1
  // CHECK-NEXT: %2 = ascendc.matmul.iterate %arg2, %arg1, %arg1, %arg0 : !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>, i1, i1, !ascendc.local_tensor<*xf32>, i1
  %2 = ascendc.matmul.iterate %mm, %b, %b, %t : !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>, i1, i1, !ascendc.local_tensor<*xf32>, i1
  return
}


