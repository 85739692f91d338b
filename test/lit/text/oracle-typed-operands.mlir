// Printing details found by the differential check against pyasc's
// ascir-opt (scripts/pyasc-diff.py), each the way ODS / MLIR 19 does it:
// - the type of an optional operand (matmul.iterate's localCmaxtrix) in `type($x)` prints in full, as a type
//   range (a plain LocalTensor operand prints stripped, `<*xf32>`);
// - arith.extf / arith.truncf keep an explicit `fastmath<none>` (their
//   fastmath is an OptionalAttr, not a default-valued one as on addf);
// - arith.truncf's rounding mode is a keyword;
// - cross_core_set_flag's modeId is a ui8 attribute, printed bare.
// RUN: casc opt %s | FileCheck %s
// RUN: casc opt %s | casc opt | FileCheck %s
// RUN: casc opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: casc opt %s -mlir-print-op-generic | casc opt | FileCheck %s

// CHECK-LABEL: func.func @typed
func.func @typed(%t: !ascendc.local_tensor<*xf32>, %h: f16, %f: f32, %i: i32, %mm: !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>) {
  // CHECK: ascendc.matmul.iterate %arg4, %arg3, %arg3, %arg0 : !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>, i32, i32, !ascendc.local_tensor<*xf32>, i1
  %it = ascendc.matmul.iterate %mm, %i, %i, %t : !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>, i32, i32, !ascendc.local_tensor<*xf32>, i1
  // CHECK: arith.extf %arg1 fastmath<none> : f16 to f32
  // GEN: "arith.extf"(%arg1) <{fastmath = #arith.fastmath<none>}>
  %0 = arith.extf %h fastmath<none> : f16 to f32
  // CHECK: arith.extf %arg1 : f16 to f32
  %1 = arith.extf %h : f16 to f32
  // CHECK: arith.truncf %arg2 toward_zero : f32 to f16
  // GEN: "arith.truncf"(%arg2) <{roundingmode = 3 : i32}>
  %2 = arith.truncf %f toward_zero : f32 to f16
  // CHECK: arith.addf %arg2, %arg2 : f32
  // GEN: "arith.addf"(%arg2, %arg2) <{fastmath = #arith.fastmath<none>}>
  %3 = arith.addf %f, %f fastmath<none> : f32
  // CHECK: ascendc.cross_core_set_flag %arg3, 2, pipe_v : i32
  // GEN: "ascendc.cross_core_set_flag"(%arg3) <{modeId = 2 : ui8, pipe = 1 : i32}>
  ascendc.cross_core_set_flag %i, 2, pipe_v : i32
  return
}
