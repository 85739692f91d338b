// Every in-scope ascendc op (docs/ir.md §3-§5) in the form pyasc prints it,
// which is a fixed point of casc's printer: custom form, generic form and back.
// RUN: casc opt %s | casc opt | FileCheck %s
// RUN: casc opt %s --mlir-print-op-generic | casc opt | FileCheck %s

module {
  func.func @framework(%arg0: i32, %arg1: ui32, %arg2: i8) {
    %0 = ascendc.pipe
    %1 = ascendc.queue : <vecin, 2>
    %2 = ascendc.que_bind : <vecin, vecout, 1>
    %3 = ascendc.tbuf : <veccalc>
    %4 = ascendc.tBufPool : <vecin, 4>
    ascendc.pipe.init_queue %0, %1, %arg0, %arg0 : !ascendc.queue<vecin, 2>, i32, i32
    ascendc.pipe.init_buffer %0, %3, %arg0 : !ascendc.tbuf<veccalc>, i32
    ascendc.pipe.init %0 : !ascendc.pipe
    ascendc.pipe.reset %0 : !ascendc.pipe
    ascendc.pipe.destroy %0 : !ascendc.pipe
    %5 = ascendc.pipe.alloc_event_id %0, v_s : i32
    %6 = ascendc.pipe.fetch_event_id %0, mte3_mte2 : i8
    ascendc.pipe.release_event_id %0, %5 {event = 22 : i32} : !ascendc.pipe, i32
    %7 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.alloc_tensor_in_place %1, %7 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %1, %7 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor_pos %2, %7, vecin, vecout : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
    %8 = ascendc.que_bind.deque_tensor %1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.deque_tensor_in_place %1, %8 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %9 = ascendc.que_bind.deque_tensor_pos %2, vecin, vecout : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %1, %8 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %10 = ascendc.que_bind.has_idle_buffer %1 : !ascendc.queue<vecin, 2>, i1
    %11 = ascendc.que_bind.has_tensor_in_que %1 : !ascendc.queue<vecin, 2>, i1
    %12 = ascendc.que_bind.vacant_in_que %1 : !ascendc.queue<vecin, 2>, i1
    %13 = ascendc.que_bind.get_tensor_count_in_que %1 : !ascendc.queue<vecin, 2>, i32
    ascendc.que_bind.destroy %1 : !ascendc.queue<vecin, 2>
    ascendc.que_bind.free_all_event %1 : !ascendc.queue<vecin, 2>
    %14 = ascendc.tbuf.get_tensor %3 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf16>
    %15 = ascendc.tbuf.get_tensor %3, %arg1 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf16>, ui32
    %16 = ascendc.tbuf.get_with_offset %3, %arg1, %arg1 : !ascendc.tbuf<veccalc>, ui32, ui32, !ascendc.local_tensor<*xf16>
    %17 = ascendc.to_que_bind %1 : !ascendc.queue<vecin, 2>, !ascendc.que_bind<vecin, vecin, 2>
    return
  }
  func.func @core(%arg0: memref<?xf32, 22>, %arg1: i32, %arg2: ui64, %arg3: ui32, %arg4: f32, %arg5: i64) {
    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %0, %arg0 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    ascendc.global_tensor.set_global_buffer %0, %arg0, %arg1 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
    %1 = ascendc.global_tensor.subindex %0[%arg1] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %2 = ascendc.global_tensor.bracket %0(%arg1) : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %3 = ascendc.global_tensor.get_value %0, %arg2 : !ascendc.global_tensor<*xf32>, ui64, f32
    ascendc.global_tensor.set_value %0, %arg2, %3 : !ascendc.global_tensor<*xf32>, ui64, f32
    %4 = ascendc.global_tensor.get_size %0 : !ascendc.global_tensor<*xf32>
    %5 = ascendc.global_tensor.get_phy_addr %0, %arg2 : !ascendc.global_tensor<*xf32>, memref<*xf32, 22>, ui64
    %6 = ascendc.local_tensor : !ascendc.local_tensor<*xf32>
    %7 = ascendc.local_tensor_v2 vecin, %arg3, %arg3 : !ascendc.local_tensor<*xf32>
    %8 = ascendc.local_tensor.subindex %7[%arg1] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
    %9 = ascendc.local_tensor.bracket %7(%arg1) : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
    %10 = ascendc.local_tensor.get_value %7, %arg3 : !ascendc.local_tensor<*xf32>, ui32, f32
    ascendc.local_tensor.set_value %7, %arg3, %arg4 : !ascendc.local_tensor<*xf32>, ui32, f32
    %11 = ascendc.local_tensor.get_size %7 : !ascendc.local_tensor<*xf32>, i32
    %12 = ascendc.local_tensor.get_length %7 : !ascendc.local_tensor<*xf32>, ui32
    %13 = ascendc.local_tensor.get_phy_addr %7 : !ascendc.local_tensor<*xf32>, ui64
    %14 = ascendc.reinterpret_cast %7 : !ascendc.local_tensor<*xf32> to !ascendc.local_tensor<*xi32>
    %15 = ascendc.local_tensor_auto() input : <256xf16>
    %16 = ascendc.local_tensor_auto(%arg5, %arg5) output : <*xf16>
    %17 = ascendc.local_tensor_auto() : <8x32xf32>
    ascendc.set_ffts_base_addr %arg0 : memref<?xf32, 22>
    return
  }
  func.func @basic(%arg0: !ascendc.local_tensor<*xf16>, %arg1: !ascendc.local_tensor<*xf16>, %arg2: !ascendc.local_tensor<*xf16>, %arg3: !ascendc.global_tensor<*xf16>, %arg4: i32, %arg5: f16, %arg6: !ascendc.local_tensor<*xf32>, %arg7: ui32, %arg8: i8, %arg9: i32) {
    %0 = ascendc.construct !ascendc.data_copy_params(%arg9, %arg9, %arg9, %arg9) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32
    ascendc.data_copy_l0 %arg1, %arg3, %0 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_params
    ascendc.data_copy_l2 %arg1, %arg3, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.data_copy_l2 %arg3, %arg1, %arg4 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.add_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.sub_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.mul_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.div_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.max_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.min_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.and_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.or_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.adds_l2 %arg0, %arg1, %arg5, %arg4 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
    ascendc.muls_l2 %arg0, %arg1, %arg5, %arg4 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
    ascendc.maxs_l2 %arg0, %arg1, %arg5, %arg4 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
    ascendc.mins_l2 %arg0, %arg1, %arg5, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
    ascendc.leaky_relu_l2 %arg0, %arg1, %arg5, %arg4 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
    ascendc.exp_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.ln_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.abs_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.reciprocal_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.sqrt_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.rsqrt_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.relu_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.not_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.neg_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.duplicate_l2 %arg0, %arg5, %arg4 : !ascendc.local_tensor<*xf16>, f16, i32
    ascendc.cast_l2 %arg6, %arg1, %arg4 {roundMode = 1 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i32
    ascendc.reduce_sum_l2 %arg0, %arg1, %arg2, %arg7 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui32
    ascendc.reduce_max_l2 %arg0, %arg1, %arg2, %arg7, %arg8 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui32, i8
    ascendc.reduce_min_l2 %arg0, %arg1, %arg2, %arg7, %arg8 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui32, i8
    ascendc.set_flag mte2_v, %arg4 : i32
    ascendc.wait_flag mte2_v, %arg4 : i32
    ascendc.pipe_barrier pipe_v
    ascendc.pipe_barrier pipe_all
    %1 = ascendc.get_block_idx : i32
    %2 = ascendc.get_block_num : i32
    %3 = ascendc.get_block_idx : index
    return
  }
}

// CHECK: module {
// CHECK-NEXT: func.func @framework(%arg0: i32, %arg1: ui32, %arg2: i8) {
// CHECK-NEXT: %0 = ascendc.pipe
// CHECK-NEXT: %1 = ascendc.queue : <vecin, 2>
// CHECK-NEXT: %2 = ascendc.que_bind : <vecin, vecout, 1>
// CHECK-NEXT: %3 = ascendc.tbuf : <veccalc>
// CHECK-NEXT: %4 = ascendc.tBufPool : <vecin, 4>
// CHECK-NEXT: ascendc.pipe.init_queue %0, %1, %arg0, %arg0 : !ascendc.queue<vecin, 2>, i32, i32
// CHECK-NEXT: ascendc.pipe.init_buffer %0, %3, %arg0 : !ascendc.tbuf<veccalc>, i32
// CHECK-NEXT: ascendc.pipe.init %0 : !ascendc.pipe
// CHECK-NEXT: ascendc.pipe.reset %0 : !ascendc.pipe
// CHECK-NEXT: ascendc.pipe.destroy %0 : !ascendc.pipe
// CHECK-NEXT: %5 = ascendc.pipe.alloc_event_id %0, v_s : i32
// CHECK-NEXT: %6 = ascendc.pipe.fetch_event_id %0, mte3_mte2 : i8
// CHECK-NEXT: ascendc.pipe.release_event_id %0, %5 {event = 22 : i32} : !ascendc.pipe, i32
// CHECK-NEXT: %7 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT: ascendc.que_bind.alloc_tensor_in_place %1, %7 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT: ascendc.que_bind.enque_tensor %1, %7 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT: ascendc.que_bind.enque_tensor_pos %2, %7, vecin, vecout : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT: %8 = ascendc.que_bind.deque_tensor %1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT: ascendc.que_bind.deque_tensor_in_place %1, %8 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT: %9 = ascendc.que_bind.deque_tensor_pos %2, vecin, vecout : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT: ascendc.que_bind.free_tensor %1, %8 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT: %10 = ascendc.que_bind.has_idle_buffer %1 : !ascendc.queue<vecin, 2>, i1
// CHECK-NEXT: %11 = ascendc.que_bind.has_tensor_in_que %1 : !ascendc.queue<vecin, 2>, i1
// CHECK-NEXT: %12 = ascendc.que_bind.vacant_in_que %1 : !ascendc.queue<vecin, 2>, i1
// CHECK-NEXT: %13 = ascendc.que_bind.get_tensor_count_in_que %1 : !ascendc.queue<vecin, 2>, i32
// CHECK-NEXT: ascendc.que_bind.destroy %1 : !ascendc.queue<vecin, 2>
// CHECK-NEXT: ascendc.que_bind.free_all_event %1 : !ascendc.queue<vecin, 2>
// CHECK-NEXT: %14 = ascendc.tbuf.get_tensor %3 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf16>
// CHECK-NEXT: %15 = ascendc.tbuf.get_tensor %3, %arg1 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf16>, ui32
// CHECK-NEXT: %16 = ascendc.tbuf.get_with_offset %3, %arg1, %arg1 : !ascendc.tbuf<veccalc>, ui32, ui32, !ascendc.local_tensor<*xf16>
// CHECK-NEXT: %17 = ascendc.to_que_bind %1 : !ascendc.queue<vecin, 2>, !ascendc.que_bind<vecin, vecin, 2>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @core(%arg0: memref<?xf32, 22>, %arg1: i32, %arg2: ui64, %arg3: ui32, %arg4: f32, %arg5: i64) {
// CHECK-NEXT: %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
// CHECK-NEXT: ascendc.global_tensor.set_global_buffer %0, %arg0 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
// CHECK-NEXT: ascendc.global_tensor.set_global_buffer %0, %arg0, %arg1 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
// CHECK-NEXT: %1 = ascendc.global_tensor.subindex %0[%arg1] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
// CHECK-NEXT: %2 = ascendc.global_tensor.bracket %0(%arg1) : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
// CHECK-NEXT: %3 = ascendc.global_tensor.get_value %0, %arg2 : !ascendc.global_tensor<*xf32>, ui64, f32
// CHECK-NEXT: ascendc.global_tensor.set_value %0, %arg2, %3 : !ascendc.global_tensor<*xf32>, ui64, f32
// CHECK-NEXT: %4 = ascendc.global_tensor.get_size %0 : !ascendc.global_tensor<*xf32>
// CHECK-NEXT: %5 = ascendc.global_tensor.get_phy_addr %0, %arg2 : !ascendc.global_tensor<*xf32>, memref<*xf32, 22>, ui64
// CHECK-NEXT: %6 = ascendc.local_tensor : !ascendc.local_tensor<*xf32>
// CHECK-NEXT: %7 = ascendc.local_tensor_v2 vecin, %arg3, %arg3 : !ascendc.local_tensor<*xf32>
// CHECK-NEXT: %8 = ascendc.local_tensor.subindex %7[%arg1] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
// CHECK-NEXT: %9 = ascendc.local_tensor.bracket %7(%arg1) : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
// CHECK-NEXT: %10 = ascendc.local_tensor.get_value %7, %arg3 : !ascendc.local_tensor<*xf32>, ui32, f32
// CHECK-NEXT: ascendc.local_tensor.set_value %7, %arg3, %arg4 : !ascendc.local_tensor<*xf32>, ui32, f32
// CHECK-NEXT: %11 = ascendc.local_tensor.get_size %7 : !ascendc.local_tensor<*xf32>, i32
// CHECK-NEXT: %12 = ascendc.local_tensor.get_length %7 : !ascendc.local_tensor<*xf32>, ui32
// CHECK-NEXT: %13 = ascendc.local_tensor.get_phy_addr %7 : !ascendc.local_tensor<*xf32>, ui64
// CHECK-NEXT: %14 = ascendc.reinterpret_cast %7 : !ascendc.local_tensor<*xf32> to !ascendc.local_tensor<*xi32>
// CHECK-NEXT: %15 = ascendc.local_tensor_auto() input : <256xf16>
// CHECK-NEXT: %16 = ascendc.local_tensor_auto(%arg5, %arg5) output : <*xf16>
// CHECK-NEXT: %17 = ascendc.local_tensor_auto() : <8x32xf32>
// CHECK-NEXT: ascendc.set_ffts_base_addr %arg0 : memref<?xf32, 22>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @basic(%arg0: !ascendc.local_tensor<*xf16>, %arg1: !ascendc.local_tensor<*xf16>, %arg2: !ascendc.local_tensor<*xf16>, %arg3: !ascendc.global_tensor<*xf16>, %arg4: i32, %arg5: f16, %arg6: !ascendc.local_tensor<*xf32>, %arg7: ui32, %arg8: i8, %arg9: i32) {
// CHECK-NEXT: %0 = ascendc.construct !ascendc.data_copy_params(%arg9, %arg9, %arg9, %arg9) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32
// CHECK-NEXT: ascendc.data_copy_l0 %arg1, %arg3, %0 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_params
// CHECK-NEXT: ascendc.data_copy_l2 %arg1, %arg3, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.data_copy_l2 %arg3, %arg1, %arg4 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.add_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.sub_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.mul_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.div_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.max_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.min_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.and_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.or_l2 %arg0, %arg1, %arg2, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.adds_l2 %arg0, %arg1, %arg5, %arg4 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
// CHECK-NEXT: ascendc.muls_l2 %arg0, %arg1, %arg5, %arg4 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
// CHECK-NEXT: ascendc.maxs_l2 %arg0, %arg1, %arg5, %arg4 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
// CHECK-NEXT: ascendc.mins_l2 %arg0, %arg1, %arg5, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
// CHECK-NEXT: ascendc.leaky_relu_l2 %arg0, %arg1, %arg5, %arg4 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32
// CHECK-NEXT: ascendc.exp_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.ln_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.abs_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.reciprocal_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.sqrt_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.rsqrt_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.relu_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.not_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.neg_l2 %arg0, %arg1, %arg4 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.duplicate_l2 %arg0, %arg5, %arg4 : !ascendc.local_tensor<*xf16>, f16, i32
// CHECK-NEXT: ascendc.cast_l2 %arg6, %arg1, %arg4 {roundMode = 1 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.reduce_sum_l2 %arg0, %arg1, %arg2, %arg7 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui32
// CHECK-NEXT: ascendc.reduce_max_l2 %arg0, %arg1, %arg2, %arg7, %arg8 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui32, i8
// CHECK-NEXT: ascendc.reduce_min_l2 %arg0, %arg1, %arg2, %arg7, %arg8 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui32, i8
// CHECK-NEXT: ascendc.set_flag mte2_v, %arg4 : i32
// CHECK-NEXT: ascendc.wait_flag mte2_v, %arg4 : i32
// CHECK-NEXT: ascendc.pipe_barrier pipe_v
// CHECK-NEXT: ascendc.pipe_barrier pipe_all
// CHECK-NEXT: %1 = ascendc.get_block_idx : i32
// CHECK-NEXT: %2 = ascendc.get_block_num : i32
// CHECK-NEXT: %3 = ascendc.get_block_idx : index
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
