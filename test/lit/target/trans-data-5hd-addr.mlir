// TransDataTo5HD over addresses: the element type is the one of the tensor
// whose address is passed, found as pyasc's translator finds it (through
// local_tensor.get_phy_addr, for an address tensor through the
// local_tensor.set_value that stores it); without one it is an error.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub %t.cpp

emitc.include "kernel_operator.h"

// CHECK-LABEL: void addr(
func.func @addr(%data: !ascendc.local_tensor<*xf16>, %dst: !ascendc.local_tensor<*xui64>, %src: !ascendc.local_tensor<*xui64>, %p: !ascendc.trans_data_to_5hd_params) {
  %a = ascendc.local_tensor.get_phy_addr %data : !ascendc.local_tensor<*xf16>, ui64
  %i = arith.constant 0 : i32
  ascendc.local_tensor.set_value %dst, %i, %a : !ascendc.local_tensor<*xui64>, i32, ui64
  // CHECK: AscendC::TransDataTo5HD<half>(v2, v3, v4);
  ascendc.trans_data_to_5hd %dst, %src, %p : !ascendc.local_tensor<*xui64>, !ascendc.local_tensor<*xui64>, !ascendc.trans_data_to_5hd_params
  // CHECK-NEXT: uint64_t v4_dst_list[] = {v5, v5};
  // CHECK-NEXT: uint64_t v4_src_list[] = {v5, v5};
  // CHECK-NEXT: AscendC::TransDataTo5HD<half>(v4_dst_list, v4_src_list, v4);
  ascendc.trans_data_to_5hd_uint_list %a, %a, %a, %a, %p {operandSegmentSizes = array<i32: 2, 2, 1>} : ui64, ui64, ui64, ui64, !ascendc.trans_data_to_5hd_params
  return
}
