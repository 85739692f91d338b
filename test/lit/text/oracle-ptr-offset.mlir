// emitasc.ptr_offset with a static offset: an index attribute, printed bare
// and spaced (`[ 2 ]`, but `[%i]`) as pyasc's ascir-opt prints it (checked against ascir-opt built from
// pyasc's sources); an offset of another type is rejected as it is there.
// RUN: casc opt %s -split-input-file | FileCheck %s
// RUN: casc opt %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: not casc opt %S/Inputs/ptr-offset-i64.mlir 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-LABEL: func.func @static_offset(%arg0: memref<?xf16, 22>, %arg1: index) {
// CHECK-NEXT:    %0 = emitasc.ptr_offset %arg0[ 2 ] : memref<?xf16, 22>, memref<?xf16, 22>
// CHECK-NEXT:    %1 = emitasc.ptr_offset %arg0[%arg1] : memref<?xf16, 22>, memref<?xf16, 22>
// GEN: "emitasc.ptr_offset"(%arg0) <{staticOffset = 2 : index}>
// ERR: ptr-offset-i64.mlir:2:8: error: 'emitasc.ptr_offset' op attribute 'staticOffset' has the wrong kind
func.func @static_offset(%arg0: memref<?xf16, 22>, %i: index) {
  %0 = emitasc.ptr_offset %arg0[2 ] : memref<?xf16, 22>, memref<?xf16, 22>
  %1 = emitasc.ptr_offset %arg0[%i] : memref<?xf16, 22>, memref<?xf16, 22>
  return
}
