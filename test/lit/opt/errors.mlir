// Diagnostics go to stderr as file:line:col: severity: message, the exit
// code is 1, and nothing is printed for the failed module.
// RUN: not casc opt %S/Inputs/unknown_op.mlir 2> %t.err | count 0
// RUN: FileCheck %s --input-file %t.err
// CHECK: unknown_op.mlir:3:1: error: {{.*}}foo.bar
