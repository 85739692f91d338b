// An optional attribute in the else branch of `($a^):($b)?` prints as
// nothing when it is absent (emitasc.ptr_offset with no offset at all,
// emitasc.variable with no initial value); the parser reads that text back
// instead of failing with "expected integer value" / "expected attribute
// value". Found by the op-table sweep (test/unit/test_tool_op_sweep.c).
// RUN: casc opt %s | FileCheck %s
// RUN: casc opt %s | casc opt | FileCheck %s
// RUN: casc opt %s --mlir-print-op-generic | casc opt | FileCheck %s
// RUN: casc opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

// CHECK-LABEL: func.func @absent(%arg0: memref<?xf16, 22>) {
// CHECK-NEXT:    %0 = emitasc.ptr_offset %arg0[  ] : memref<?xf16, 22>, memref<?xf16, 22>
// CHECK-NEXT:    %1 = emitasc.variable , memref<?xi32>
// CHECK-NEXT:    %2 = emitasc.variable 3 : i32, memref<?xi32>
// GEN: %0 = "emitasc.ptr_offset"(%arg0) : (memref<?xf16, 22>) -> memref<?xf16, 22>
// GEN-NEXT: %1 = "emitasc.variable"() : () -> memref<?xi32>
// GEN-NEXT: %2 = "emitasc.variable"() <{staticInit = 3 : i32}> : () -> memref<?xi32>
func.func @absent(%arg0: memref<?xf16, 22>) {
  %0 = emitasc.ptr_offset %arg0[] : memref<?xf16, 22>, memref<?xf16, 22>
  %1 = emitasc.variable , memref<?xi32>
  %2 = emitasc.variable 3 : i32, memref<?xi32>
  return
}
