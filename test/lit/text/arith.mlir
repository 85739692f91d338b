// arith/emitc/func ops in custom form.
// Expected lines were printed by mlir-opt-19 for the same input.
// RUN: casc opt %s | FileCheck %s
// RUN: casc opt %s | casc opt | FileCheck %s
// RUN: casc opt %s --mlir-print-op-generic | casc opt | FileCheck %s

func.func @k(%a: i32, %b: i32, %f: f32, %g: f32, %c: i1, %i: index, %u: i64) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.minsi %a, %b : i32
  %8 = arith.maxsi %a, %b : i32
  %9 = arith.cmpi sge, %a, %b : i32
  %10 = arith.select %c, %a, %b : i32
  %11 = arith.index_cast %a : i32 to index
  %12 = arith.extsi %a : i32 to i64
  %13 = arith.extui %a : i32 to i64
  %14 = arith.trunci %u : i64 to i32
  %15 = arith.sitofp %a : i32 to f32
  %16 = arith.fptosi %f : f32 to i32
  %17 = arith.addf %f, %g : f32
  %18 = arith.subf %f, %g : f32
  %19 = arith.mulf %f, %g : f32
  %20 = arith.divf %f, %g : f32
  %21 = arith.cmpf olt, %f, %g : f32
  %22 = arith.addi %a, %b overflow<nsw> : i32
  %23 = arith.addf %f, %g fastmath<fast> : f32
  %24 = arith.index_cast %i : index to i32
  %25 = emitc.cast %a : i32 to ui32
  %26 = "emitc.constant"() <{value = 64 : ui32}> : () -> ui32
  %27 = arith.constant 0xFFFFFFFFFFFFFFFF : i64
  %28 = arith.constant 4294967295 : i32
  %29 = call @k2(%a) : (i32) -> i32
  return
}
func.func private @k2(%a: i32) -> i32
emitc.include "kernel_operator.h"
emitc.include <"stdio.h">

// CHECK: module {
// CHECK-NEXT: func.func @k(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: i1, %arg5: index, %arg6: i64) {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: %2 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: %3 = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT: %4 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT: %5 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT: %6 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT: %7 = arith.minsi %arg0, %arg1 : i32
// CHECK-NEXT: %8 = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT: %9 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT: %10 = arith.select %arg4, %arg0, %arg1 : i32
// CHECK-NEXT: %11 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT: %12 = arith.extsi %arg0 : i32 to i64
// CHECK-NEXT: %13 = arith.extui %arg0 : i32 to i64
// CHECK-NEXT: %14 = arith.trunci %arg6 : i64 to i32
// CHECK-NEXT: %15 = arith.sitofp %arg0 : i32 to f32
// CHECK-NEXT: %16 = arith.fptosi %arg2 : f32 to i32
// CHECK-NEXT: %17 = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT: %18 = arith.subf %arg2, %arg3 : f32
// CHECK-NEXT: %19 = arith.mulf %arg2, %arg3 : f32
// CHECK-NEXT: %20 = arith.divf %arg2, %arg3 : f32
// CHECK-NEXT: %21 = arith.cmpf olt, %arg2, %arg3 : f32
// CHECK-NEXT: %22 = arith.addi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %23 = arith.addf %arg2, %arg3 fastmath<fast> : f32
// CHECK-NEXT: %24 = arith.index_cast %arg5 : index to i32
// CHECK-NEXT: %25 = emitc.cast %arg0 : i32 to ui32
// CHECK-NEXT: %26 = "emitc.constant"() <{value = 64 : ui32}> : () -> ui32
// CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %27 = call @k2(%arg0) : (i32) -> i32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @k2(i32) -> i32
// CHECK-NEXT: emitc.include "kernel_operator.h"
// CHECK-NEXT: emitc.include <"stdio.h">
// CHECK-NEXT: }
