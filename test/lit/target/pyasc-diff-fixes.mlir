// Differences from pyasc's ascir-opt / ascir-translate found by the
// differential check (scripts/pyasc-diff.py), fixed: results of an op with
// several named results print under their ODS names; the reference
// parameters of GetMrgSortResult / GetStoreAtomicConfig are uint16_t
// whatever the IR's result type; ascendc.noop is an empty statement; a
// ui64 constant that fits int64 has no ULL suffix (one above INT64_MAX
// keeps it, to be a well-formed literal).
// RUN: casc opt %s | FileCheck %s --check-prefix=IR
// RUN: casc opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub %t.cpp

emitc.include "kernel_operator.h"

// IR: %mrgSortList1, %mrgSortList2, %mrgSortList3, %mrgSortList4 = ascendc.get_mrg_sort_result : i32, i32, i32, i32
// IR: %atomicType, %atomicOp = ascendc.get_store_atomic_config : i32, i32
// IR: arith.addi %mrgSortList4, %atomicOp : i32
// GEN: %0:4 = "ascendc.get_mrg_sort_result"()
// GEN: %1:2 = "ascendc.get_store_atomic_config"()

// CHECK-LABEL: void fixes() {
// CHECK-NEXT:   uint16_t v1;
// CHECK-NEXT:   uint16_t v2;
// CHECK-NEXT:   uint16_t v3;
// CHECK-NEXT:   uint16_t v4;
// CHECK-NEXT:   AscendC::GetMrgSortResult(v1, v2, v3, v4);
// CHECK-NEXT:   uint16_t v5;
// CHECK-NEXT:   uint16_t v6;
// CHECK-NEXT:   AscendC::GetStoreAtomicConfig(v5, v6);
// CHECK-NEXT:   int32_t v7 = v4 + v6;
// CHECK-NEXT: {{^  ;$}}
// CHECK-NEXT:   constexpr uint64_t v8 = 64;
// CHECK-NEXT:   constexpr uint64_t v9 = 18446744073709551615ULL;
// CHECK-NEXT:   return;
func.func @fixes() {
  %a:4 = ascendc.get_mrg_sort_result : i32, i32, i32, i32
  %t:2 = ascendc.get_store_atomic_config : i32, i32
  %s = arith.addi %a#3, %t#1 : i32
  ascendc.noop
  %c = "emitc.constant"() <{value = 64 : ui64}> : () -> ui64
  %m = "emitc.constant"() <{value = 18446744073709551615 : ui64}> : () -> ui64
  return
}
