// Input of verify_notes.mlir (checked with FileCheck from there): wrong
// annotations around verify-sync's warning + note.

func.func @double_free(%q: !ascendc.queue<vecin, 2>) {
  // CHECK: notes_bad.mlir:[[@LINE+4]]:3: error: unexpected warning: FreeTensor: tensor memory was freed before its last use
  // CHECK: notes_bad.mlir:[[@LINE+1]]:8: error: unexpected note: tensor declared here
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @leak(%q: !ascendc.queue<vecin, 2>) {
  // CHECK: notes_bad.mlir:[[@LINE+2]]:6: error: 'warning' diagnostic emitted when expecting a 'error'
  // CHECK: notes_bad.mlir:[[@LINE+1]]:6: error: expected error "no corresponding call to FreeTensor" was not produced
  // expected-error@below {{no corresponding call to FreeTensor}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}
