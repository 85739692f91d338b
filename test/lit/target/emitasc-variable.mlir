// emitasc.variable and emitasc.dereference as pyasc's translator prints them
// (checked byte for byte against ascir-translate): a local array of the
// memref's shape initialised from a value or a constant, and a reference to
// a pointee. Without an initial value (pyasc's translator crashes there)
// the array is left uninitialised. The C++ compiles against the stub.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub -include kernel_operator.h %t.cpp

// CHECK-LABEL: void f(int32_t v1, int32_t* v2, half v3) {
// CHECK-NEXT:   int32_t v4[1]{v1};
// CHECK-NEXT:   int32_t v5[1]{5};
// CHECK-NEXT:   half v6[2][3]{v3};
// CHECK-NEXT:   float v7[1]{(float)1.500000000e+00};
// CHECK-NEXT:   int64_t v8[4];
// CHECK-NEXT:   int32_t& v9 = *v2;
// CHECK-NEXT:   return;
func.func @f(%a: i32, %p: memref<?xi32>, %h: f16) {
  %v = emitasc.variable %a : i32, memref<1xi32>
  %w = emitasc.variable 5 : i32, memref<1xi32>
  %x = emitasc.variable %h : f16, memref<2x3xf16>
  %y = emitasc.variable 1.5 : f32, memref<1xf32>
  %z = emitasc.variable , memref<4xi64>
  %d = emitasc.dereference %p : memref<?xi32>, i32
  return
}
