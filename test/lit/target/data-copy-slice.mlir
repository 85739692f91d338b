// ascendc.data_copy_slice: the SliceInfo lists become C arrays named after
// the dst / src tensor, declared before the call. A second copy with the
// same tensors gets fresh array names (pyasc declares `v2_slice_info`
// again: a C++ redefinition); without dimValue the argument is left to the
// API's default.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -include kernel_operator.h -I%casc_src/test/ascendc-stub %t.cpp
// RUN: not casc translate -mlir-to-ascendc %S/Inputs/data-copy-slice-empty.mlir 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: data-copy-slice-empty.mlir:5:3: error: 'ascendc.data_copy_slice' op has an empty 'srcSliceInfo' list

// CHECK-LABEL: void slices(AscendC::GlobalTensor<half> v1, AscendC::LocalTensor<half> v2, AscendC::SliceInfo v3, AscendC::SliceInfo v4, AscendC::SliceInfo v5, uint32_t v6) {
// CHECK-NEXT:   AscendC::SliceInfo v2_slice_info[] = {v3, v4};
// CHECK-NEXT:   AscendC::SliceInfo v1_slice_info[] = {v5};
// CHECK-NEXT:   AscendC::DataCopy(v2, v1, v2_slice_info, v1_slice_info, v6);
// CHECK-NEXT:   AscendC::SliceInfo v1_slice_info_1[] = {v3};
// CHECK-NEXT:   AscendC::SliceInfo v2_slice_info_1[] = {v4, v5};
// CHECK-NEXT:   AscendC::DataCopy(v1, v2, v1_slice_info_1, v2_slice_info_1);
// CHECK-NEXT:   return;
func.func @slices(%g: !ascendc.global_tensor<*xf16>, %l: !ascendc.local_tensor<*xf16>, %s0: !ascendc.slice_info, %s1: !ascendc.slice_info, %s2: !ascendc.slice_info, %dim: ui32) {
  ascendc.data_copy_slice %l, %g, %s0, %s1, %s2, %dim {operandSegmentSizes = array<i32: 1, 1, 2, 1, 1>} : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.slice_info, !ascendc.slice_info, !ascendc.slice_info, ui32
  ascendc.data_copy_slice %g, %l, %s0, %s1, %s2 {operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>} : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.slice_info, !ascendc.slice_info, !ascendc.slice_info
  return
}
