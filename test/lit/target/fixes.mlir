// pyasc's emitter bugs, fixed (docs/ir.md §10.18-21): unique constant names
// in a scope, true/false for i1, unsigned predicates on unsigned operands, bf16
// as bfloat16_t, external functions printed as declarations, L1 mask arrays
// with distinct names.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub %t.cpp

emitc.include "kernel_operator.h"

// CHECK: __aicore__ int32_t ext(int32_t);
func.func private @ext(i32) -> i32

// CHECK-LABEL: void fixes(int32_t v1, int32_t v2, bfloat16_t v3) {
// CHECK-NEXT:   constexpr int32_t c7_i32 = 7;
// CHECK-NEXT:   constexpr bool c1_i1 = true;
// CHECK-NEXT:   constexpr bool c0_i1 = false;
// CHECK-NEXT:   bool v4 = static_cast<uint32_t>(v1) < static_cast<uint32_t>(v2);
// CHECK-NEXT:   bool v5 = v1 < v2;
// CHECK-NEXT:   int32_t v6 = static_cast<int32_t>(static_cast<uint32_t>(v1) >> static_cast<uint32_t>(v2));
// CHECK-NEXT:   int32_t v7 = ext(v1);
// CHECK-NEXT:   for (int32_t v8 = v1; v8 < v2; v8 += v1) {
// CHECK-NEXT:     constexpr int32_t c7_i32_1 = 7;
// CHECK-NEXT:     int32_t v9 = v8 + c7_i32_1;
// CHECK-NEXT:   }
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @fixes(%a: i32, %b: i32, %h: bf16) {
  %c7 = arith.constant 7 : i32
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.cmpi ult, %a, %b : i32
  %1 = arith.cmpi slt, %a, %b : i32
  %2 = arith.shrui %a, %b : i32
  %3 = func.call @ext(%a) : (i32) -> i32
  scf.for %i = %a to %b step %a : i32 {
    %c7_0 = arith.constant 7 : i32
    %4 = arith.addi %i, %c7_0 : i32
  }
  return
}

// CHECK-LABEL: void masks(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, AscendC::LocalTensor<float> v3, uint64_t v4, uint64_t v5, uint8_t v6, AscendC::BinaryRepeatParams v7) {
// CHECK-NEXT:   uint64_t v1_mask_list0[] = {v4, v5};
// CHECK-NEXT:   AscendC::And<float, 1>(v1, v2, v3, v1_mask_list0, v6, v7);
// CHECK-NEXT:   uint64_t v1_mask_list1[] = {v4, v5};
// CHECK-NEXT:   AscendC::Or<float, 0>(v1, v2, v3, v1_mask_list1, v6, v7);
func.func @masks(%d: !ascendc.local_tensor<*xf32>, %s0: !ascendc.local_tensor<*xf32>, %s1: !ascendc.local_tensor<*xf32>, %m0: ui64, %m1: ui64, %r: ui8, %p: !ascendc.binary_repeat_params) {
  ascendc.and_l1 %d, %s0, %s1, %m0, %m1, %r, %p {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, ui8, !ascendc.binary_repeat_params
  ascendc.or_l1 %d, %s0, %s1, %m0, %m1, %r, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, ui8, !ascendc.binary_repeat_params
  return
}
