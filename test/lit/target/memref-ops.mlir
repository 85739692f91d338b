// memref.alloca / load / store / cast: printed as MLIR prints them (custom,
// generic and debuginfo forms checked byte for byte against ascir-opt, with
// the %alloca / %cast result names) and translated as pyasc's translator
// does (checked against ascir-translate). The 1-D part compiles against the
// stub (pyasc spells a 2-D access of a pointer `p[i][j]`, which only
// compiles for arrays).
// RUN: casc opt %s | FileCheck %s --check-prefix=IR
// RUN: casc opt -mlir-print-op-generic %s | casc opt | FileCheck %s --check-prefix=IR
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub -include kernel_operator.h %t.cpp
// RUN: not casc translate -mlir-to-ascendc %S/Inputs/memref-bad-rank.mlir 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not casc translate -mlir-to-ascendc %S/Inputs/memref-dynamic-alloca.mlir 2>&1 | FileCheck %s --check-prefix=DYN

// IR-LABEL: func.func @m(
// IR-NEXT: %alloca = memref.alloca() : memref<3x4xf16>
// IR-NEXT: %alloca_0 = memref.alloca() {ascendc.emit_as_unsigned} : memref<2xi8>
// IR-NEXT: %0 = memref.load %arg0[%arg1] : memref<?xi64>
// IR-NEXT: %1 = memref.load %arg0[%arg2] {nontemporal = true} : memref<?xi64>
// IR-NEXT: memref.store %arg3, %arg0[%arg2] : memref<?xi64>
// IR-NEXT: %cast = memref.cast %arg4 : memref<2xi32> to memref<?xi32>
// IR-NEXT: %2 = memref.load %cast[%arg1] : memref<?xi32>
// IR: memref.store %cst, %alloca[%arg1, %arg2] : memref<3x4xf16>

// CHECK-LABEL: int64_t m(int64_t* v1, uint32_t v2, uint32_t v3, int64_t v4, int32_t* v5) {
// CHECK-NEXT:   half v6[3][4];
// CHECK-NEXT:   uint8_t v7[2];
// CHECK-NEXT:   int64_t v8 = v1[v2];
// CHECK-NEXT:   int64_t v9 = v1[v3];
// CHECK-NEXT:   v1[v3] = v4;
// CHECK-NEXT:   int32_t* v10 = reinterpret_cast<int32_t*>(v5);
// CHECK-NEXT:   int32_t v11 = v10[v2];
// CHECK-NEXT:   half c1_f16 = 1.00000e+00;
// CHECK-NEXT:   v6[v2][v3] = c1_f16;
// CHECK-NEXT:   return v8;

// RANK: error: 'memref.load' op has 1 indices for a memref of rank 2
// DYN: error: 'memref.alloca' op needs a static memref shape
func.func @m(%a: memref<?xi64>, %i: index, %j: index, %v: i64, %b: memref<2xi32>) -> i64 {
  %0 = memref.alloca() : memref<3x4xf16>
  %1 = memref.alloca() {ascendc.emit_as_unsigned} : memref<2xi8>
  %2 = memref.load %a[%i] : memref<?xi64>
  %3 = memref.load %a[%j] {nontemporal = true} : memref<?xi64>
  memref.store %v, %a[%j] : memref<?xi64>
  %4 = memref.cast %b : memref<2xi32> to memref<?xi32>
  %5 = memref.load %4[%i] : memref<?xi32>
  %c = arith.constant 1.0 : f16
  memref.store %c, %0[%i, %j] : memref<3x4xf16>
  return %2 : i64
}
