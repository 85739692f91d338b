// MLIR's math ops on scalars: printed as MLIR prints them (custom, generic
// and debuginfo forms checked against ascir-opt; the generic form shows
// MLIR's default `fastmath = #arith.fastmath<none>` property) and
// translated to C++ that compiles: the <cmath> functions (std::exp, ...)
// where pyasc's translator prints scalar std::exp(x), std::exp(x *
// Log(2)) for exp2 and plain `sqrt`, which no Ascend C header declares
// (docs/pyasc-compat.md); absf, copysign and fma as pyasc prints them.
// RUN: casc opt %s | FileCheck %s --check-prefix=IR
// RUN: casc opt -mlir-print-op-generic %s | casc opt | FileCheck %s --check-prefix=IR
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s

// RUN: casc opt -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// GEN: "math.absf"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f16) -> f16
// GEN: "math.cos"(%1) <{fastmath = #arith.fastmath<fast>}> : (f16) -> f16

// IR: %2 = math.cos %1 fastmath<fast> : f16
// IR: %7 = math.log %6 fastmath<nnan,ninf> : f32
// IR: %13 = math.atan2 %12, %arg1 : f32
// IR: %14 = math.copysign %13, %arg1 fastmath<fast> : f32
// IR: %15 = math.fma %14, %arg1, %13 : f32

// CHECK-LABEL: float unary(half v1, float v2) {
// CHECK-NEXT:   half v3 = (v1 > static_cast<half>(0)) ? v1 : -v1;
// CHECK-NEXT:   half v4 = std::ceil(v3);
// CHECK-NEXT:   half v5 = std::cos(v4);
// CHECK-NEXT:   float v6 = std::erf(v2);
// CHECK-NEXT:   float v7 = std::exp(v6);
// CHECK-NEXT:   float v8 = std::exp2(v7);
// CHECK-NEXT:   float v9 = std::floor(v8);
// CHECK-NEXT:   float v10 = std::log(v9);
// CHECK-NEXT:   float v11 = std::log2(v10);
// CHECK-NEXT:   float v12 = std::round(v11);
// CHECK-NEXT:   float v13 = 1 / std::sqrt(v12);
// CHECK-NEXT:   float v14 = std::sin(v13);
// CHECK-NEXT:   float v15 = std::sqrt(v14);
// CHECK-NEXT:   float v16 = std::atan2(v15, v2);
// CHECK-NEXT:   float v17 = ((v16 < 0 && v2 > 0) || (v16 > 0 && v2 < 0)) ? -v16 : v16;
// CHECK-NEXT:   float v18 = v17 * v2 + v16;
// CHECK-NEXT:   return v18;
func.func @unary(%x: f16, %y: f32) -> f32 {
  %0 = math.absf %x : f16
  %1 = math.ceil %0 : f16
  %2 = math.cos %1 fastmath<fast> : f16
  %3 = math.erf %y : f32
  %4 = math.exp %3 : f32
  %5 = math.exp2 %4 : f32
  %6 = math.floor %5 : f32
  %7 = math.log %6 fastmath<nnan,ninf> : f32
  %8 = math.log2 %7 : f32
  %9 = math.round %8 : f32
  %10 = math.rsqrt %9 : f32
  %11 = math.sin %10 : f32
  %12 = math.sqrt %11 : f32
  %13 = math.atan2 %12, %y : f32
  %14 = math.copysign %13, %y fastmath<fast> : f32
  %15 = math.fma %14, %y, %13 : f32
  return %15 : f32
}
