// emitasc.call_opaque, emitasc.declare_py_struct and emitasc.copy_struct as
// pyasc's translator prints them (checked against ascir-translate; casc
// spells a bf16 field bfloat16_t, docs/ir.md §10.9), and call_opaque's
// syntax as ascir-opt prints it. The C++ compiles against the stub. A field
// type with no C++ form here is reported.
// RUN: casc opt %s | casc opt | FileCheck %s --check-prefix=IR
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub -include kernel_operator.h %t.cpp
// RUN: not casc translate -mlir-to-ascendc %S/Inputs/py-struct-bad-field.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// IR: %0 = emitasc.call_opaque "static_cast<int32_t>"(%arg0) : (i32) -> i32
// IR: %1 = emitasc.call_opaque "AscendC::GetBlockIdx"() : () -> i64

// CHECK:      #pragma pack(push, 8)
// CHECK-NEXT: struct Inner {
// CHECK-NEXT:   int8_t a;
// CHECK-NEXT:   uint16_t b;
// CHECK-NEXT:   int32_t c;
// CHECK-NEXT:   int64_t d;
// CHECK-NEXT:   half e;
// CHECK-NEXT:   bfloat16_t f;
// CHECK-NEXT:   float g;
// CHECK-NEXT:   double h;
// CHECK-NEXT:   bool i;
// CHECK-NEXT:   uint32_t j;
// CHECK-NEXT: };
// CHECK-NEXT: #pragma pack(pop)
// CHECK-EMPTY:
// CHECK-NEXT: #pragma pack(push, 8)
// CHECK-NEXT: struct Outer {
// CHECK-NEXT:   Inner in;
// CHECK-NEXT:   uint8_t k;
// CHECK-NEXT: };
// CHECK-NEXT: #pragma pack(pop)
// CHECK-LABEL: int32_t calls(int32_t v1, int32_t v2) {
// CHECK-NEXT:   int32_t v3 = static_cast<int32_t>(v1);
// CHECK-NEXT:   int64_t v4 = AscendC::GetBlockIdx();
// CHECK-LABEL: void copies(__gm__ Outer* v1, Inner* v2) {
// CHECK-NEXT:   Outer v3;
// CHECK-NEXT:   for (size_t i = 0; i < sizeof(v3); i++) {
// CHECK-NEXT:     auto byte = reinterpret_cast<__gm__ uint8_t*>(v1)[i];
// CHECK-NEXT:     reinterpret_cast<uint8_t*>(&v3)[i] = byte;
// CHECK-NEXT:   };
// CHECK-NEXT:   Inner v4;
// CHECK-NEXT:   for (size_t i = 0; i < sizeof(v4); i++) {
// CHECK-NEXT:     auto byte = reinterpret_cast<uint8_t*>(v2)[i];

// BAD: py-struct-bad-field.mlir:2:3: error: 'emitasc.declare_py_struct' op has a py_struct field of type 'memref<?xi32>', which casc cannot print in C++
module {
  emitasc.declare_py_struct !emitasc.py_struct<"Inner", [i8, ui16, si32, i64, f16, bf16, f32, f64, i1, index], ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]>
  emitasc.declare_py_struct !emitasc.py_struct<"Outer", [!emitasc.py_struct<"Inner", [i8, ui16, si32, i64, f16, bf16, f32, f64, i1, index], ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]>, ui8], ["in", "k"]>
  func.func @calls(%a: i32, %b: i32) -> i32 {
    %0 = emitasc.call_opaque "static_cast<int32_t>" (%a) : (i32) -> i32
    %n = emitasc.call_opaque "AscendC::GetBlockIdx" () : () -> i64
    return %0 : i32
  }
  func.func @copies(%g: memref<?x!emitasc.py_struct<"Outer", [!emitasc.py_struct<"Inner", [i8, ui16, si32, i64, f16, bf16, f32, f64, i1, index], ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]>, ui8], ["in", "k"]>, 22>, %l: memref<?x!emitasc.py_struct<"Inner", [i8, ui16, si32, i64, f16, bf16, f32, f64, i1, index], ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]>>) {
    %0 = emitasc.copy_struct %g : memref<?x!emitasc.py_struct<"Outer", [!emitasc.py_struct<"Inner", [i8, ui16, si32, i64, f16, bf16, f32, f64, i1, index], ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]>, ui8], ["in", "k"]>, 22>, !emitasc.py_struct<"Outer", [!emitasc.py_struct<"Inner", [i8, ui16, si32, i64, f16, bf16, f32, f64, i1, index], ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]>, ui8], ["in", "k"]>
    %1 = emitasc.copy_struct %l : memref<?x!emitasc.py_struct<"Inner", [i8, ui16, si32, i64, f16, bf16, f32, f64, i1, index], ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]>>, !emitasc.py_struct<"Inner", [i8, ui16, si32, i64, f16, bf16, f32, f64, i1, index], ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]>
    return
  }
}
