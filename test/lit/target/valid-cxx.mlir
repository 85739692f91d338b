// Ascend C that compiles where pyasc's translator prints C++ that does not
// (docs/pyasc-compat.md, on-purpose deviations; scripts/stub-compile.py
// compiles every op's output against test/ascendc-stub):
//  * arith.remf is std::fmod (pyasc has no printer; C++ has no float %);
//  * arith.bitcast of a constant reads through a pointer to const (the
//    constant is a constexpr variable; pyasc's cast drops its const, an
//    error); of any other value it prints as pyasc prints it;
//  * SimpleSoftMax without its shape info has no trailing ", ";
//  * Matmul::Init takes the TPipe by address, as it does the tiling;
//  * the register form of Select has its <T, selMode> template arguments
//    (without them the call resolves to the selMask form);
//  * local_tensor.bracket / global_tensor.bracket are operator[] (their
//    result is a tensor; operator() returns an element reference);
//  * LocalTensor::ToFile gets its file name (pyasc drops it);
//  * TPipe::GetBaseAddr gets its position and its uint8_t* result is
//    converted to the op's integer (pyasc drops both);
//  * KfcServer::InitObj with no objects has no trailing ", ".
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s

// CHECK-LABEL: float remf(float v1, float v2) {
// CHECK-NEXT:   float v3 = std::fmod(v1, v2);
func.func @remf(%a: f32, %b: f32) -> f32 {
  %0 = arith.remf %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: float bitcast(int32_t v1) {
// CHECK-NEXT:   constexpr int32_t c1_i32 = 1;
// CHECK-NEXT:   float v2 = *reinterpret_cast<const float*>(&c1_i32);
// CHECK-NEXT:   float v3 = *reinterpret_cast<float*>(&v1);
func.func @bitcast(%x: i32) -> f32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.bitcast %c1 : i32 to f32
  %1 = arith.bitcast %x : i32 to f32
  return %0 : f32
}

// CHECK-LABEL: void softmax(AscendC::LocalTensor<float> v1, SoftMaxTiling v2) {
// CHECK-NEXT:   AscendC::SimpleSoftMax<float, 0, 0, 0>(v1, v1, v1, v1, v2);
func.func @softmax(%t: !ascendc.local_tensor<*xf32>, %tiling: !ascendc.softmax_tiling) {
  "ascendc.simple_softmax"(%t, %t, %t, %t, %tiling) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 0>} : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.softmax_tiling) -> ()
  return
}

// CHECK-LABEL: void init(
// CHECK-NEXT:   v1.Init(&v2,&v3);
func.func @init(%m: !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, do_basic_block = false, do_multi_data_load = false, basic_m = 0 : i32, basic_n = 0 : i32, basic_k = 0 : i32, intrinsics_check = false, is_n_batch = false, en_vec_nd2nz = false, do_special_basic_block = false, do_mte2_preload = 0 : i32, single_core_m = 0 : i32, single_core_n = 0 : i32, single_core_k = 0 : i32, step_m = 0 : i32, step_n = 0 : i32, base_mn = 0 : i32, single_core_mn = 0 : i32, en_unit_flag = true, is_per_tensor = false, has_anti_quant_offset = false, do_ib_share_norm = false, do_special_mdl = false, enable_init = true, batch_mode = 0 : i32, enable_end = true, enable_get_tensor_c = true, enable_set_org_shape = true, enable_set_bias = true, enable_set_tail = true, enable_quant_vector = true, enable_set_define_data = true, iterate_mode = 255 : i32, enable_reuse = true, enable_ub_reuse = false, enable_l1_cache_ub = false, intra_block_part_sum = false, iterate_order = 2 : i32, schedule_type = 0 : i32, enable_double_cache = false, is_bias_batch = true, enable_static_pad_zeros = false, is_partial_output = false, enable_mix_dual_master = false, is_a2b2_shared = false, is_enable_channel_split = false, enable_kdim_reorder_load = false, is_co1_shared = false, shared_co1_buffer_size = 65536 : i32, batch_out_mode = 0 : i32>>, %t: !ascendc.cube_tiling, %p: !ascendc.pipe) {
  "ascendc.matmul.init"(%m, %t, %p) : (!ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, do_basic_block = false, do_multi_data_load = false, basic_m = 0 : i32, basic_n = 0 : i32, basic_k = 0 : i32, intrinsics_check = false, is_n_batch = false, en_vec_nd2nz = false, do_special_basic_block = false, do_mte2_preload = 0 : i32, single_core_m = 0 : i32, single_core_n = 0 : i32, single_core_k = 0 : i32, step_m = 0 : i32, step_n = 0 : i32, base_mn = 0 : i32, single_core_mn = 0 : i32, en_unit_flag = true, is_per_tensor = false, has_anti_quant_offset = false, do_ib_share_norm = false, do_special_mdl = false, enable_init = true, batch_mode = 0 : i32, enable_end = true, enable_get_tensor_c = true, enable_set_org_shape = true, enable_set_bias = true, enable_set_tail = true, enable_quant_vector = true, enable_set_define_data = true, iterate_mode = 255 : i32, enable_reuse = true, enable_ub_reuse = false, enable_l1_cache_ub = false, intra_block_part_sum = false, iterate_order = 2 : i32, schedule_type = 0 : i32, enable_double_cache = false, is_bias_batch = true, enable_static_pad_zeros = false, is_partial_output = false, enable_mix_dual_master = false, is_a2b2_shared = false, is_enable_channel_split = false, enable_kdim_reorder_load = false, is_co1_shared = false, shared_co1_buffer_size = 65536 : i32, batch_out_mode = 0 : i32>>, !ascendc.cube_tiling, !ascendc.pipe) -> ()
  return
}

// CHECK-LABEL: void select_reg(AscendC::LocalTensor<float> v1, uint8_t v2, AscendC::BinaryRepeatParams v3) {
// CHECK-NEXT:   AscendC::Select<float, AscendC::SELMODE::VSEL_CMPMASK_SPR>(v1, v1, v1, v2, v3);
func.func @select_reg(%t: !ascendc.local_tensor<*xf32>, %r: ui8, %p: !ascendc.binary_repeat_params) {
  ascendc.select_reg %t, %t, %t, %r, %p {selMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui8, !ascendc.binary_repeat_params
  return
}

// CHECK-LABEL: void brackets_to_file(
// CHECK-NEXT:   AscendC::LocalTensor<float> v4 = v1[v3];
// CHECK-NEXT:   AscendC::GlobalTensor<float> v5 = v2[v3];
// CHECK-NEXT:   v4.ToFile("sub\"tensor.bin");
func.func @brackets_to_file(%t: !ascendc.local_tensor<*xf32>, %g: !ascendc.global_tensor<*xf32>, %i: index) {
  %b = ascendc.local_tensor.bracket %t(%i) : !ascendc.local_tensor<*xf32>, index, !ascendc.local_tensor<*xf32>
  %c = ascendc.global_tensor.bracket %g(%i) : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  ascendc.local_tensor.to_file %b {fileName = "sub\"tensor.bin"} : !ascendc.local_tensor<*xf32>
  return
}

// CHECK-LABEL: void base_addr_init_obj(
// CHECK-NEXT:   AscendC::TPipe v1;
// CHECK-NEXT:   int32_t v2 = static_cast<int32_t>(reinterpret_cast<uintptr_t>(v1.GetBaseAddr(static_cast<int8_t>(AscendC::TPosition::VECCALC))));
// CHECK-NEXT:   AscendC::KfcServer v3;
// CHECK-NEXT:   v3.InitObj(&v1);
func.func @base_addr_init_obj() {
  %p = ascendc.pipe
  %0 = ascendc.pipe.get_base_addr %p, veccalc : i32
  %k = ascendc.construct !ascendc.kfc_server()
  ascendc.kfc_server.init_obj %k, %p : !ascendc.kfc_server, !ascendc.pipe
  return
}
