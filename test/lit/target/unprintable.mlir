// An op with no Ascend C form is a located error naming it, and no output
// file is left behind.
// RUN: not casc translate -mlir-to-ascendc %s -o %t.cpp 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp

func.func @auto_tensor() {
  // CHECK: unprintable.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'ascendc.local_tensor_auto' op unable to find printer for op
  %t = ascendc.local_tensor_auto() : <256xf32>
  return
}
