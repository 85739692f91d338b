// Input from a file or stdin, output to stdout or -o FILE, both flag
// spellings, and mlir-opt's output framing (one blank line after the
// module).
// RUN: casc opt %s | FileCheck %s
// RUN: casc opt < %s | FileCheck %s
// RUN: casc opt - < %s | FileCheck %s
// RUN: casc opt %s -o %t.a && FileCheck %s --input-file %t.a
// RUN: casc opt %s --o=%t.b && FileCheck %s --input-file %t.b
// RUN: casc opt -allow-unregistered-dialect %s | FileCheck %s
// RUN: casc opt -- %s | FileCheck %s

"test.unknown"() {attr = 1 : i32} : () -> ()

// CHECK:      module {
// CHECK-NEXT:   "test.unknown"() {attr = 1 : i32} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NOT: {{.}}

// A failing run writes no output file.
// RUN: rm -f %t.c && not casc opt %S/Inputs/unknown_op.mlir -o %t.c 2>/dev/null
// RUN: not ls %t.c
