// Ascend C of ops whose printer needs more than the generic call (issue 11,
// checked against pyasc's ascir-translate by scripts/pyasc-diff.py):
// - Fixpipe's layout template argument comes from the constant that built
//   its FixpipeConfig (0 = CFG_NZ, else CFG_ROW_MAJOR);
// - GatherMask declares its uint64_t result first and passes the pattern's
//   element type only for a tensor pattern;
// - a LocalMemAllocator is `LocalMemAllocator<Hardware::X> v;` (the
//   constructor's hardware operand is in the type);
// - TransDataTo5HD over tensor lists passes them as C arrays named after
//   their first tensor;
// - MrgSort's count arrays are named `<dst>_element_count_list_0`.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub %t.cpp

emitc.include "kernel_operator.h"

// CHECK-LABEL: void cube_sort(__gm__ float* v1) {
func.func @cube_sort(%gm: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %g, %gm : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <veccalc>
  %len = arith.constant 1024 : i32
  ascendc.pipe.init_buffer %pipe, %buf, %len : !ascendc.tbuf<veccalc>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  %u = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  %pat = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui32>
  %fp = ascendc.construct !ascendc.fixpipe_params_v220()
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %nz = ascendc.construct !ascendc.fixpipe_config(%c0) [!ascendc.co2_layout] : i32
  %rm = ascendc.construct !ascendc.fixpipe_config(%c1) [!ascendc.co2_layout] : i32
  // CHECK: AscendC::Fixpipe<float, float, AscendC::CFG_NZ>(v2, v5, v8);
  ascendc.fixpipe %g, %t, %fp, %nz : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  // CHECK-NEXT: AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(v2, v5, v8);
  ascendc.fixpipe %g, %t, %fp, %rm : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  %mask = arith.constant 64 : i32
  %gmp = ascendc.construct !ascendc.gather_mask_params()
  // CHECK: uint64_t v[[R1:[0-9]+]];
  // CHECK-NEXT: AscendC::GatherMask<float, AscendC::defaultGatherMaskMode>(v5, v6, c1_i32, c1_i32, c64_i32, v{{[0-9]+}}, v[[R1]]);
  %r1 = ascendc.gather_mask %t, %u, %c1, %c1, %mask, %gmp, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, !ascendc.gather_mask_params -> i32
  // CHECK-NEXT: uint64_t v[[R2:[0-9]+]];
  // CHECK-NEXT: AscendC::GatherMask<float, uint32_t, AscendC::defaultGatherMaskMode>(v5, v6, v7, c1_i32, c64_i32, v{{[0-9]+}}, v[[R2]]);
  %r2 = ascendc.gather_mask %t, %u, %pat, %c1, %mask, %gmp, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, i32, i32, !ascendc.gather_mask_params -> i32
  %hw = arith.constant 1 : i64
  // CHECK: AscendC::LocalMemAllocator<AscendC::Hardware::UB> v[[A:[0-9]+]];
  %alloc = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
  // CHECK-NEXT: uint32_t v{{[0-9]+}} = v[[A]].GetCurAddr();
  %addr = ascendc.local_mem_allocator.get_cur_addr %alloc : !ascendc.local_mem_allocator<1>, ui32
  %p5 = ascendc.construct !ascendc.trans_data_to_5hd_params()
  // CHECK: AscendC::LocalTensor<float> v5_list[] = {v5, v6};
  // CHECK-NEXT: AscendC::LocalTensor<float> v6_list[] = {v6, v5};
  // CHECK-NEXT: AscendC::TransDataTo5HD<float>(v5_list, v6_list, v{{[0-9]+}});
  ascendc.trans_data_to_5hd_tensor_list %t, %u, %u, %t, %p5 {operandSegmentSizes = array<i32: 2, 2, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.trans_data_to_5hd_params
  %src = ascendc.construct !ascendc.mrg_sort_src_list<f32>()
  %n16 = "emitc.constant"() <{value = 1 : ui16}> : () -> ui16
  %n32 = "emitc.constant"() <{value = 1 : ui32}> : () -> ui32
  // CHECK: uint16_t v5_element_count_list_0[] = {v{{[0-9]+}}, v{{[0-9]+}}};
  // CHECK-NEXT: uint32_t v5_sorted_num_0[] = {v{{[0-9]+}}, v{{[0-9]+}}};
  // CHECK-NEXT: AscendC::MrgSort<float, 1>(v5, v{{[0-9]+}}, v5_element_count_list_0, v5_sorted_num_0, c1_i32, c1_i32);
  ascendc.mrg_sort %t, %src, %n16, %n16, %n32, %n32, %c1, %c1 {isExhaustedSuspension, operandSegmentSizes = array<i32: 1, 1, 2, 2, 1, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui32, ui32, i32, i32
  return
}

