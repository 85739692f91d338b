// ascendc ops whose C++ needs facts from the ops around them, found as
// pyasc's translator finds them (output checked against ascir-translate):
// Fixpipe's CFG_NZ / CFG_ROW_MAJOR from the constant its FixpipeConfig was
// built from, TransDataTo5HD's element type from the GetPhyAddr stored into
// an address tensor or from the lists, GatherMask's pattern type only for a
// tensor pattern, LocalMemAllocator's Hardware from its type. Where pyasc
// crashes or asserts without the fact, casc reports it at the op.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: not casc translate -mlir-to-ascendc %S/Inputs/inferred-fixpipe-config.mlir 2>&1 | FileCheck %s --check-prefix=CFG
// RUN: not casc translate -mlir-to-ascendc %S/Inputs/inferred-5hd-type.mlir 2>&1 | FileCheck %s --check-prefix=HD
// RUN: not casc translate -mlir-to-ascendc %S/Inputs/inferred-allocator-hw.mlir 2>&1 | FileCheck %s --check-prefix=HW

// CHECK-LABEL: void fixpipe_nz(
// CHECK:         AscendC::Fixpipe<half, float, AscendC::CFG_NZ>(v1, v2, v3);
// CHECK-LABEL: void five_hd(
// CHECK:         AscendC::TransDataTo5HD<half>(v5, v6, v3);
// CHECK-NEXT:    AscendC::LocalTensor<half> v1_list[] = {v1, v2};
// CHECK-NEXT:    AscendC::LocalTensor<half> v2_list[] = {v2, v1};
// CHECK-NEXT:    AscendC::TransDataTo5HD<half>(v1_list, v2_list, v3);
// CHECK-NEXT:    uint64_t v3_dst_list[] = {v7};
// CHECK-NEXT:    uint64_t v3_src_list[] = {v7};
// CHECK-NEXT:    AscendC::TransDataTo5HD<half>(v3_dst_list, v3_src_list, v3);
// CHECK-LABEL: void gather(
// CHECK-NEXT:    uint64_t v7;
// CHECK-NEXT:    AscendC::GatherMask<half, uint16_t, AscendC::defaultGatherMaskMode>(v1, v2, v3, v4, v5, v6, v7);
// CHECK-LABEL: void allocator() {
// CHECK-NEXT:    constexpr int64_t c5_i64 = 5;
// CHECK-NEXT:    AscendC::LocalMemAllocator<AscendC::Hardware::L0C> v1;

// CFG: inferred-fixpipe-config.mlir:2:3: error: 'ascendc.fixpipe' op needs its FixpipeConfig constructed from a constant CO2Layout (the template argument)
// HD: inferred-5hd-type.mlir:2:3: error: could not infer element type from addr tensor
// HW: inferred-allocator-hw.mlir:3:8: error: 'ascendc.local_mem_allocator' op has hardware 2 but its type says 5
func.func @fixpipe_nz(%dst: !ascendc.global_tensor<f16>, %src: !ascendc.local_tensor<f32>, %p: !ascendc.fixpipe_params_v220) {
  %c0 = arith.constant 0 : i64
  %cfg = ascendc.construct !ascendc.fixpipe_config(%c0) [!ascendc.co2_layout] : i64
  ascendc.fixpipe %dst, %src, %p, %cfg : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  return
}
func.func @five_hd(%t: !ascendc.local_tensor<1024xf16>, %u: !ascendc.local_tensor<1024xf16>, %params: !ascendc.trans_data_to_5hd_params, %i: ui32) {
  %dst = ascendc.local_tensor : !ascendc.local_tensor<16xui64>
  %src = ascendc.local_tensor : !ascendc.local_tensor<16xui64>
  %a = ascendc.local_tensor.get_phy_addr %t, %i : !ascendc.local_tensor<1024xf16>, ui64, ui32
  ascendc.local_tensor.set_value %src, %i, %a : !ascendc.local_tensor<16xui64>, ui32, ui64
  ascendc.trans_data_to_5hd %dst, %src, %params : !ascendc.local_tensor<16xui64>, !ascendc.local_tensor<16xui64>, !ascendc.trans_data_to_5hd_params
  ascendc.trans_data_to_5hd_tensor_list %t, %u, %u, %t, %params {operandSegmentSizes = array<i32: 2, 2, 1>} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf16>, !ascendc.trans_data_to_5hd_params
  ascendc.trans_data_to_5hd_uint_list %a, %a, %params {operandSegmentSizes = array<i32: 1, 1, 1>} : ui64, ui64, !ascendc.trans_data_to_5hd_params
  return
}
func.func @gather(%dst: !ascendc.local_tensor<64xf16>, %src: !ascendc.local_tensor<64xf16>, %pat: !ascendc.local_tensor<8xui16>, %r: i1, %m: ui32, %p: !ascendc.gather_mask_params) {
  %0 = ascendc.gather_mask %dst, %src, %pat, %r, %m, %p, default : !ascendc.local_tensor<64xf16>, !ascendc.local_tensor<64xf16>, !ascendc.local_tensor<8xui16>, i1, ui32, !ascendc.gather_mask_params -> ui64
  return
}
func.func @allocator() {
  %h = arith.constant 5 : i64
  %a = ascendc.local_mem_allocator %h : i64, !ascendc.local_mem_allocator<5>
  return
}
