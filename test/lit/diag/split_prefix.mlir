// Without -verify-diagnostics, diagnostics inside a chunk are located the
// way mlir-opt does it: "within split at FILE:N offset :L:C", N being the
// chunk's `// -----` line and L counting from it. Good chunks still print.
// RUN: not casc opt -split-input-file %s 2> %t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file %t.err

"test.first"() : () -> ()

// -----
// The marker above is line 9, the op below is line 11 = offset line 3.
foo.bar
// CHECK: within split at {{.*}}split_prefix.mlir:9 offset :3:{{[0-9]+}}: error: {{.*}}foo.bar

// -----
"test.third"() : () -> ()

// OUT: "test.first"
// OUT: // -----
// OUT-NEXT: // -----
// OUT: "test.third"
