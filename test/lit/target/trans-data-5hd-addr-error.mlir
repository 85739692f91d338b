// Addresses that do not come from a local_tensor.get_phy_addr say nothing
// of the element type: a located error (pyasc's words).
// RUN: not casc translate -mlir-to-ascendc %s 2>&1 | FileCheck %s

func.func @addr(%a: ui64, %p: !ascendc.trans_data_to_5hd_params) {
  // CHECK: :[[@LINE+1]]:3: error: could not infer element type from tensor list
  ascendc.trans_data_to_5hd_uint_list %a, %a, %p {operandSegmentSizes = array<i32: 1, 1, 1>} : ui64, ui64, !ascendc.trans_data_to_5hd_params
  return
}
