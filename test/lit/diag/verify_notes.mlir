// Warnings and their notes (from -ascendc-verify-sync) under
// -verify-diagnostics: a note is matched at its own location, a note
// nobody expected is reported, and a warning annotated as an error is a
// near miss.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s > /dev/null
// RUN: not casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %S/Inputs/notes_bad.mlir 2>&1 | FileCheck %S/Inputs/notes_bad.mlir

func.func @leak(%q: !ascendc.queue<vecin, 2>) {
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @double_free(%q: !ascendc.queue<vecin, 2>) {
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  // expected-warning-re@+1 {{FreeTensor: {{.*}} freed before its last use}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}
