// A DataCopy with an empty SliceInfo list has no C++ form (a zero-length
// array): an error at the op (used by ../data-copy-slice.mlir).
func.func @empty(%g: !ascendc.global_tensor<*xf16>, %l: !ascendc.local_tensor<*xf16>, %s0: !ascendc.slice_info) {
  // The next line is line 5.
  ascendc.data_copy_slice %l, %g, %s0 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.slice_info
  return
}
