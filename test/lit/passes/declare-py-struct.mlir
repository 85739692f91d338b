// -ascendc-declare-py-struct: one declaration per py_struct a value has,
// field structs first, in pyasc's order (ops post-order, block arguments
// before results); running it twice declares nothing twice.
// RUN: casc opt -ascendc-declare-py-struct %s | FileCheck %s
// RUN: casc opt -ascendc-declare-py-struct -ascendc-declare-py-struct %s | FileCheck %s
// RUN: casc opt -ascendc-define-cube-only -ascendc-define-cube-only %s | FileCheck %s --check-prefix=CUBE

// CHECK: module {
// CHECK-NEXT: emitasc.declare_py_struct !emitasc.py_struct<"Inner", [i32], ["a>b"]>
// CHECK-NEXT: emitasc.declare_py_struct !emitasc.py_struct<"Outer", [!emitasc.py_struct<"Inner", [i32], ["a>b"]>, f32], ["in", "x"]>
// CHECK-NEXT: emitasc.declare_py_struct !emitasc.py_struct<"Arg", [i16], ["k"]>
// CHECK-NEXT: emitasc.declare_py_struct !emitasc.py_struct<"Loop", [i64], ["n"]>
// CHECK-NOT: emitasc.declare_py_struct
// CHECK: func.func @f(

// The define comes first, once; the module is marked cube-only.
// CUBE: module attributes {asc.matmul_cube_only} {
// CUBE-NEXT: emitc.verbatim "#define ASCENDC_CUBE_ONLY"
// CUBE-NOT: ASCENDC_CUBE_ONLY
// CUBE: func.func @f(
module {
  func.func @f(%a: memref<?x!emitasc.py_struct<"Arg", [i16], ["k"]>, 22>, %b: memref<?x!emitasc.py_struct<"Outer", [!emitasc.py_struct<"Inner", [i32], ["a>b"]>, f32], ["in", "x"]>, 22>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %0 = emitasc.copy_struct %b : memref<?x!emitasc.py_struct<"Outer", [!emitasc.py_struct<"Inner", [i32], ["a>b"]>, f32], ["in", "x"]>, 22>, !emitasc.py_struct<"Outer", [!emitasc.py_struct<"Inner", [i32], ["a>b"]>, f32], ["in", "x"]>
    }
    %1 = emitasc.copy_struct %a : memref<?x!emitasc.py_struct<"Arg", [i16], ["k"]>, 22>, !emitasc.py_struct<"Arg", [i16], ["k"]>
    %2 = emitasc.variable 0 : i32, memref<1x!emitasc.py_struct<"Loop", [i64], ["n"]>>
    return
  }
}
