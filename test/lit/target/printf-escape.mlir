// printf's format string goes into a C++ string literal: a newline, a tab,
// a quote, a backslash and other control characters in it are escaped so
// the emitted C++ compiles (pyasc's translator writes them raw, which
// breaks the literal); a plain format string is written as it is.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub -include kernel_operator.h %t.cpp
// CHECK: AscendC::printf("x=%d\n\tq\"\\\001", [[V:v[0-9]+]]);
// CHECK: AscendC::printf("plain %d", [[V]]);
module {
  func.func @k(%arg0: i32) attributes {ascendc.aicore, ascendc.global} {
    ascendc.printf %arg0 {desc = "x=%d\0A\09q\22\5C\01"} : i32
    ascendc.printf %arg0 {desc = "plain %d"} : i32
    return
  }
}
