// MrgSort's element-count and sorted-num arrays are numbered as pyasc's
// translator numbers them, by a counter per op type over the whole module
// (<dst>_element_count_list_<k>, k from 0; checked against ascir-translate).
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s

// CHECK-LABEL: void one(
// CHECK-NEXT:   uint16_t v1_element_count_list_0[] = {v3, v3};
// CHECK-NEXT:   uint32_t v1_sorted_num_0[] = {v4, v4};
// CHECK-NEXT:   AscendC::MrgSort<float, 0>(v1, v2, v1_element_count_list_0, v1_sorted_num_0, v5, v6);
// CHECK-LABEL: void two(
// CHECK-NEXT:   uint16_t v1_element_count_list_1[] = {v3, v3, v3};
// CHECK-NEXT:   uint32_t v1_sorted_num_1[] = {v4, v4, v4};
// CHECK-NEXT:   AscendC::MrgSort<float, 0>(v1, v2, v1_element_count_list_1, v1_sorted_num_1, v5, v6);
// CHECK-NEXT:   uint16_t v1_element_count_list_2[] = {v3};
// CHECK-NEXT:   uint32_t v1_sorted_num_2[] = {v4};
// CHECK-NEXT:   AscendC::MrgSort<float, 1>(v1, v2, v1_element_count_list_2, v1_sorted_num_2, v5, v6);
func.func @one(%dst: !ascendc.local_tensor<1024xf32>, %l: !ascendc.mrg_sort_src_list<f32>, %e: ui16, %s: ui32, %v: i16, %r: i32) {
  ascendc.mrg_sort %dst, %l, %e, %e, %s, %s, %v, %r {operandSegmentSizes = array<i32: 1, 1, 2, 2, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui32, ui32, i16, i32
  return
}
func.func @two(%dst: !ascendc.local_tensor<1024xf32>, %l: !ascendc.mrg_sort_src_list<f32>, %e: ui16, %s: ui32, %v: i16, %r: i32) {
  ascendc.mrg_sort %dst, %l, %e, %e, %e, %s, %s, %s, %v, %r {operandSegmentSizes = array<i32: 1, 1, 3, 3, 1, 1>} : !ascendc.local_tensor<1024xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui16, ui32, ui32, ui32, i16, i32
  ascendc.mrg_sort %dst, %l, %e, %s, %v, %r {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>, isExhaustedSuspension} : !ascendc.local_tensor<1024xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui32, i16, i32
  return
}
