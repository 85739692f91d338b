// Each way a -verify-diagnostics run can fail, one per chunk; reports carry
// absolute line numbers and point at the annotation (or the diagnostic).
// RUN: not casc opt -split-input-file -verify-diagnostics %s 2>&1 | FileCheck %s

"test.ok"() : () -> ()
// CHECK: verify_mismatch.mlir:[[@LINE+1]]:4: error: expected error "never emitted" was not produced
// expected-error@below {{never emitted}}
"test.ok"() : () -> ()

// -----

// CHECK: verify_mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unexpected error: {{.*}}foo.bar{{.*}}
foo.bar

// -----

// CHECK: verify_mismatch.mlir:[[@LINE+2]]:12: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK: verify_mismatch.mlir:[[@LINE+1]]:12: error: expected warning "is unknown" was not produced
foo.bar // expected-warning {{is unknown}}

// -----

// The text must be a substring of the message.
// CHECK: verify_mismatch.mlir:[[@LINE+2]]:{{[0-9]+}}: error: unexpected error: {{.*}}foo.bar
// CHECK: verify_mismatch.mlir:[[@LINE+1]]:12: error: expected error "is known" was not produced
foo.bar // expected-error {{is known}}

// -----

// The line must be right: @+2 points past the op.
// CHECK: verify_mismatch.mlir:[[@LINE+3]]:{{[0-9]+}}: error: unexpected error: {{.*}}foo.bar
// CHECK: verify_mismatch.mlir:[[@LINE+1]]:4: error: expected error "is unknown" was not produced
// expected-error@+2 {{is unknown}}
foo.bar

// -----

// A malformed regex is reported, and its diagnostic is then unexpected.
// CHECK: verify_mismatch.mlir:[[@LINE+2]]:4: error: invalid regex: brackets ([ ]) not balanced
// CHECK: verify_mismatch.mlir:[[@LINE+2]]:{{[0-9]+}}: error: unexpected error: {{.*}}foo.bar
// expected-error-re@below {{op {{[a-z+}} is}}
foo.bar

// -----

// CHECK: verify_mismatch.mlir:[[@LINE+1]]:4: error: found start of regex with no end '}}'
// expected-error-re@below {{op {{[a-z]+ is}}
"test.ok"() : () -> ()

// CHECK-NOT: error:
