// The module-level passes of the pipeline, one RUN line each.
// RUN: casc opt -ascendc-privatize-func %s | FileCheck %s --check-prefix=PRIV
// RUN: casc opt -ascendc-privatize-func -inline -symbol-dce %s | FileCheck %s --check-prefix=INLINE
// RUN: casc opt -ascendc-generate-boilerplate -ascendc-generate-boilerplate %s | FileCheck %s --check-prefix=BOIL
// RUN: casc opt -ascendc-legalize-kernel-args %s | FileCheck %s --check-prefix=ARGS
// RUN: casc opt -ascendc-legalize-kernel-args=ffts=mixed %s | FileCheck %s --check-prefix=MIXED
// RUN: casc opt -ascendc-detect-kernel-type -ascendc-detect-enable-debug %s | FileCheck %s --check-prefix=DETECT
// RUN: casc opt -strip-debuginfo -mlir-print-debuginfo %s | FileCheck %s --check-prefix=STRIP
// RUN: casc opt -ascendc-noop %s | FileCheck %s --check-prefix=NOOP

// PRIV: func.func private @helper(
// PRIV: func.func @kernel(

// INLINE-NOT: @helper
// INLINE-LABEL: func.func @kernel(
// INLINE:       %[[M:.*]] = arith.muli %arg1, %c4_i32 : i32
// INLINE-NEXT:  %[[A:.*]] = arith.addi %[[M]], %c1_i32 : i32
// INLINE-NEXT:  %{{.*}} = ascendc.global_tensor.subindex %arg0[%[[A]]]
// INLINE-NOT:   func.call

// BOIL: module {
// BOIL-NEXT: emitc.include "kernel_operator.h"
// BOIL-NOT: emitc.include
// BOIL: func.func

// ARGS-LABEL: func.func @kernel(
// ARGS-SAME: %arg0: !ascendc.global_tensor<*xf32> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}
// ARGS-SAME: %arg1: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}
// ARGS-SAME: %arg2: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>})
// ARGS-NEXT: ascendc.set_ffts_base_addr %arg2 : memref<?xui64, 22>

// A vector-only kernel needs no ffts_addr argument.
// MIXED-LABEL: func.func @kernel(
// MIXED-SAME: %arg1: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}) attributes
// MIXED-NOT: set_ffts_base_addr

// No matmul, no printf: no module attributes.
// DETECT: module {

// STRIP-NOT: test{{.*}}.mlir":

// NOOP: func.func @helper(
module {
  func.func @helper(%k: i32) -> i32 attributes {ascendc.aicore} {
    %c4 = arith.constant 4 : i32
    %c1 = arith.constant 1 : i32
    %0 = arith.muli %k, %c4 : i32
    %1 = arith.addi %0, %c1 : i32
    return %1 : i32
  }
  func.func @kernel(%g: !ascendc.global_tensor<*xf32>, %k: i32) attributes {ascendc.aicore, ascendc.global} {
    %off = func.call @helper(%k) : (i32) -> i32
    %s = ascendc.global_tensor.subindex %g[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    return
  }
}
