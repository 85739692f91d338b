// emitasc.member, member_ptr, member_ref and set_member: their syntax as
// ascir-opt prints it (custom, generic and debuginfo forms were compared
// byte for byte with ascir-opt) and their C++ as ascir-translate prints it:
// `.` on a value, `->` through a pointer, a member's address or reference
// reinterpreted as the result type, and pyasc's `var<index>` for a field
// given by index. The C++ compiles against the stub.
// RUN: casc opt %s | casc opt | FileCheck %s --check-prefix=IR
// RUN: casc opt --mlir-print-op-generic %s | casc opt | FileCheck %s --check-prefix=IR
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub -include kernel_operator.h %t.cpp

// IR: emitasc.set_member %{{.*}} "var0", %{{.*}} : !emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>, i32
// IR: %{{.*}} = emitasc.member %{{.*}} "var1" : !emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>, f32
// IR: %{{.*}} = emitasc.member %{{.*}} "var0" : memref<?x!emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>>, i32
// IR: %{{.*}} = emitasc.member_ptr %{{.*}}[1] : memref<?x!emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>>, memref<1xf32>
// IR: %{{.*}} = emitasc.member_ptr %{{.*}}[0] "var0" : memref<?x!emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>>, memref<1xi32>
// IR: %{{.*}} = emitasc.member_ref %{{.*}}[1] : memref<?x!emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>>, f32
// IR: %{{.*}} = emitasc.member_ref %{{.*}}[0] "var0" {tag} : memref<?x!emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>>, i32

// CHECK-LABEL: void members(S v1, S* v2, int32_t v3) {
// CHECK-NEXT:   v1.var0 = v3;
// CHECK-NEXT:   float v4 = v1.var1;
// CHECK-NEXT:   int32_t v5 = v2->var0;
// CHECK-NEXT:   float* v6 = reinterpret_cast<float*>(&v2->var1);
// CHECK-NEXT:   int32_t* v7 = reinterpret_cast<int32_t*>(&v2->var0);
// CHECK-NEXT:   float& v8 = reinterpret_cast<float&>(v2->var1);
// CHECK-NEXT:   int32_t& v9 = reinterpret_cast<int32_t&>(v2->var0);
// CHECK-NEXT:   return;
module {
  emitasc.declare_py_struct !emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>
  func.func @members(%s: !emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>, %p: memref<?x!emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>>, %x: i32) {
    emitasc.set_member %s "var0", %x : !emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>, i32
    %0 = emitasc.member %s "var1" : !emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>, f32
    %1 = emitasc.member %p "var0" : memref<?x!emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>>, i32
    %2 = emitasc.member_ptr %p[1] : memref<?x!emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>>, memref<1xf32>
    %3 = emitasc.member_ptr %p[0] "var0" : memref<?x!emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>>, memref<1xi32>
    %4 = emitasc.member_ref %p[1] : memref<?x!emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>>, f32
    %5 = emitasc.member_ref %p[0] "var0" {tag} : memref<?x!emitasc.py_struct<"S", [i32, f32], ["var0", "var1"]>>, i32
    return
  }
}
