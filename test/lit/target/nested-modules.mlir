// A file of several top-level modules (or ops) is one module holding them:
// each nested module prints its ops in place followed by a blank line, as
// pyasc's translator does (checked against ascir-translate). An
// emitc.constant of #emitc.opaque<"..."> prints the text as the value.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub -include kernel_operator.h %t.cpp

//      CHECK:#include <cstdint>
// CHECK-EMPTY:
// CHECK-NEXT:__inline__ __attribute__((always_inline)) __aicore__ void first() {
// CHECK-NEXT:  constexpr int32_t v1 = sizeof(int);
// CHECK-NEXT:  constexpr int32_t v2 = "x"[0];
// CHECK-NEXT:  return;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__inline__ __attribute__((always_inline)) __aicore__ void second() {
// CHECK-NEXT:  return;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-EMPTY:
module {
  emitc.include <"cstdint">
}
module {
  func.func @first() {
    %0 = "emitc.constant"() {value = #emitc.opaque<"sizeof(int)">} : () -> i32
    %1 = "emitc.constant"() {value = #emitc.opaque<"\22x\22[0]">} : () -> i32
    return
  }
}
func.func @second() {
  return
}
