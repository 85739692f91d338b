// matmul.iterate with localCmaxtrix present but its type left out: the
// optional type group is taken (the operand was read), so the text is
// rejected where the result type should follow (like MLIR, at the next
// token), not misread (optional-operand-types.mlir).
// RUN: not casc opt %s 2>&1 | FileCheck %s --check-prefix=ERR
func.func @missing(%t: !ascendc.local_tensor<*xf32>, %b: i1, %mm: !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>) {
  // ERR: optional-operand-types-missing.mlir:[[@LINE+2]]:3: error: expected ','
  %0 = ascendc.matmul.iterate %mm, %b, %b, %t : !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>, i1, i1, i1
  return
}
