// A matmul type whose MatmulConfig lacks a field has no C++ (pyasc's
// translator crashes on it): a located error.
// RUN: not casc translate -mlir-to-ascendc %s 2>&1 | FileCheck %s

func.func @mm() {
  // CHECK: error: 'ascendc.construct' op has a matmul type that has a MatmulConfig without batch_out_mode
  %m = ascendc.construct !ascendc.matmul<a1, 1 : i32, f16, true, 1 : i32, b1, 2 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, vecin, 0 : i32, f32, <do_norm = true, do_basic_block = false, do_multi_data_load = false, basic_m = 0 : i32, basic_n = 0 : i32, basic_k = 0 : i32, intrinsics_check = false, is_n_batch = false, en_vec_nd2nz = false, do_special_basic_block = false, do_mte2_preload = 0 : i32, single_core_m = 128 : i32, single_core_n = 0 : i32, single_core_k = 0 : i32, step_m = 0 : i32, step_n = 0 : i32, base_mn = 0 : i32, single_core_mn = 0 : i32, en_unit_flag = true, is_per_tensor = false, has_anti_quant_offset = false, do_ib_share_norm = false, do_special_mdl = false, enable_init = true, batch_mode = 1 : i32, enable_end = true, enable_get_tensor_c = true, enable_set_org_shape = true, enable_set_bias = true, enable_set_tail = true, enable_quant_vector = true, enable_set_define_data = true, iterate_mode = 255 : i32, enable_reuse = true, enable_ub_reuse = false, enable_l1_cache_ub = false, intra_block_part_sum = false, iterate_order = 0 : i32, schedule_type = 1 : i32, enable_double_cache = false, is_bias_batch = true, enable_static_pad_zeros = false, is_partial_output = false, enable_mix_dual_master = false, is_a2b2_shared = false, is_enable_channel_split = false, enable_kdim_reorder_load = false, is_co1_shared = false, shared_co1_buffer_size = 65536 : i32>>()
  return
}
