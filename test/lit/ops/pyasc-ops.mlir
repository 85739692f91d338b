// Ops added from the rest of pyasc's op set (issue 11): one op of each new
// family and of each new emit-pattern directive, read in custom form,
// round-tripped through the generic form and printed as Ascend C.
// RUN: casc opt %s | casc opt --mlir-print-op-generic | casc opt | FileCheck %s --check-prefix=IR
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s

// IR-LABEL: func.func @math
// IR: ascendc.acos %arg0, %arg1, %arg2, %arg3 {operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i1
// IR: ascendc.power %arg0, %arg1, %arg1, %arg3 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i1
// CHECK-LABEL: void math(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, int32_t v3, bool v4) {
// CHECK-NEXT:   AscendC::Acos<half, v4>(v1, v2, v3);
// CHECK-NEXT:   AscendC::Power<half, v4>(v1, v2, v2);
func.func @math(%dst: !ascendc.local_tensor<*xf16>, %src: !ascendc.local_tensor<*xf16>, %n: i32, %reuse: i1) {
  ascendc.acos %dst, %src, %n, %reuse {operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i1
  ascendc.power %dst, %src, %src, %reuse {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i1
  return
}

// Compare's mask array is named after dst, as in pyasc; a second one on the
// same dst gets a fresh name instead of a C++ redefinition.
// CHECK-LABEL: void compare(
// CHECK-NEXT:   uint64_t v1_mask_list[] = {v4, v4};
// CHECK-NEXT:   AscendC::Compare(v1, v2, v2, AscendC::CMPMODE::GE, v1_mask_list, v5, v6);
// CHECK-NEXT:   uint64_t v1_mask_list_1[] = {v4};
// CHECK-NEXT:   AscendC::Compare(v1, v2, v2, AscendC::CMPMODE::NE, v1_mask_list_1, v5, v6);
func.func @compare(%dst: !ascendc.local_tensor<*xi8>, %src: !ascendc.local_tensor<*xf32>, %unused: i32, %m: ui64, %rep: i8, %p: !ascendc.binary_repeat_params) {
  "ascendc.compare_l1"(%dst, %src, %src, %m, %m, %rep, %p) {cmpMode = 4} : (!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i8, !ascendc.binary_repeat_params) -> ()
  "ascendc.compare_l1"(%dst, %src, %src, %m, %rep, %p) {cmpMode = 5} : (!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, i8, !ascendc.binary_repeat_params) -> ()
  return
}

// Results returned through reference parameters are declared first ($x:D);
// type attributes print as C++ types, an op without operands drops the
// types of `type(operands)`, integers can be spelt unsigned ($x:U, `~`).
// CHECK-LABEL: void misc(__gm__ int8_t* v1, int32_t v2) {
// CHECK-NEXT:   uint16_t v3;
// CHECK-NEXT:   uint16_t v4;
// CHECK-NEXT:   AscendC::GetStoreAtomicConfig(v3, v4);
// CHECK-NEXT:   AscendC::SetAtomicAdd<float>();
// CHECK-NEXT:   AscendC::SetAtomicNone();
// CHECK-NEXT: {{^  ;$}}
// CHECK-NEXT:   AscendC::SetSysWorkspace(reinterpret_cast<__gm__ uint8_t*>(v1));
// CHECK-NEXT:   __gm__ uint8_t* v5 = GetSysWorkSpacePtr();
// CHECK-NEXT:   float v6 = AscendC::ScalarCast<uint32_t, float, AscendC::RoundMode::CAST_ROUND>(v2);
// CHECK-NEXT:   AscendC::CrossCoreSetFlag<2, PIPE_MTE3>(v2);
// CHECK-NEXT:   return;
func.func @misc(%ws: memref<?xi8, 22>, %x: i32) {
  %t, %o = ascendc.get_store_atomic_config : ui16, ui16
  ascendc.set_atomic_add {dtype = f32} : () -> ()
  ascendc.set_atomic_none : () -> ()
  ascendc.noop
  ascendc.set_sys_workspace %ws : memref<?xi8, 22>
  %p = ascendc.get_sys_workspace_ptr : memref<?xi8, 22>
  %f = ascendc.scalar_cast %x {dtype = f32, roundMode = 4 : i32} : i32 -> f32
  ascendc.cross_core_set_flag %x, 2, pipe_mte3 : i32
  return
}
