// Float constants as pyasc's translator prints them: the value in LLVM
// APFloat's scientific form at the format's natural precision (9 digits
// f32, 17 f64, 5 f16, 4 bf16; the fraction padded to that many digits),
// `(float)` / `(double)` in front, the name from APFloat's default spelling
// ('.' -> '_', '-' -> 'm', '+' -> 'p'); half / bfloat16_t without constexpr,
// for emitc.constant too.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub %t.cpp

emitc.include "kernel_operator.h"

// CHECK-LABEL: void consts() {
// 1.23f is 1.230000019073486328125: nine digits round (half up) to
// 1.23000002, printed with nine fraction digits.
// CHECK-NEXT:   constexpr float c1_23000002_f32 = (float)1.230000020e+00;
// A tie at the tenth digit (2^-14 = 6.103515625e-05) rounds up, as APFloat.
// CHECK-NEXT:   constexpr float c6_10351563Em5_f32 = (float)6.103515630e-05;
// CHECK-NEXT:   constexpr float c0_25_f32 = (float)2.500000000e-01;
// CHECK-NEXT:   constexpr float c765000_f32 = (float)7.650000000e+05;
// CHECK-NEXT:   constexpr float cm2_49999995Ep10_f32 = (float)-2.499999950e+10;
// CHECK-NEXT:   constexpr float c0_f32 = (float)0.0e+00;
// CHECK-NEXT:   constexpr double c0_10000000000000001_f64 = (double)1.00000000000000010e-01;
// CHECK-NEXT:   constexpr double c1_0Ep20_f64 = (double)1.00000000000000000e+20;
// CHECK-NEXT:   constexpr double cm0_f64 = (double)-0.0e+00;
// CHECK-NEXT:   half c1_5_f16 = 1.50000e+00;
// CHECK-NEXT:   half c65504_f16 = 6.55040e+04;
// CHECK-NEXT:   bfloat16_t c3_141_bf16 = 3.1410e+00;
// CHECK-NEXT:   constexpr float cpInf_f32 = __builtin_inff();
// CHECK-NEXT:   constexpr double cmInf_f64 = -__builtin_inff();
// CHECK-NEXT:   constexpr float cNaN_f32 = __builtin_nanf("");
// CHECK-NEXT:   constexpr float v1 = (float)5.000000000e-01;
// CHECK-NEXT:   half v2 = 2.50000e-01;
// CHECK-NEXT:   return;
func.func @consts() {
  %0 = arith.constant 1.23 : f32
  %1 = arith.constant 6.103515625e-05 : f32
  %2 = arith.constant 0.25 : f32
  %3 = arith.constant 765000.0 : f32
  %4 = arith.constant -2.5e+10 : f32
  %5 = arith.constant 0.0 : f32
  %6 = arith.constant 0.1 : f64
  %7 = arith.constant 1.0e+20 : f64
  %8 = arith.constant -0.0 : f64
  %9 = arith.constant 1.5 : f16
  %10 = arith.constant 65504.0 : f16
  %11 = arith.constant 3.140625 : bf16
  %12 = arith.constant 0x7F800000 : f32
  %13 = arith.constant 0xFFF0000000000000 : f64
  %14 = arith.constant 0x7FC00000 : f32
  %15 = "emitc.constant"() <{value = 5.000000e-01 : f32}> : () -> f32
  %16 = "emitc.constant"() <{value = 2.500000e-01 : f16}> : () -> f16
  return
}
