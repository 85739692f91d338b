// -split-input-file: each chunk is parsed on its own (names do not leak
// between chunks) and printed, separated as mlir-opt separates them.
// RUN: casc opt -split-input-file %s | FileCheck %s

"test.a"() : () -> ()

// -----

"test.b"() : () -> ()

// -----
// -----

"test.c"() : () -> ()

// CHECK:      module {
// CHECK-NEXT:   "test.a"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.b"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.c"() : () -> ()
// CHECK-NEXT: }
