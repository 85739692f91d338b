// Corpus (correct): z = x + y, double buffered (num 2, depth 1), the number
// of tiles is a kernel argument. pyasc's printed shape, with the kernel
// argument attributes and the FFTS base address of its pipeline.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

module {
  emitc.include "kernel_operator.h"
  func.func @add_runtime_tiles(%arg0: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg1: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg2: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg3: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg4: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes {ascendc.aicore, ascendc.global} {
    ascendc.set_ffts_base_addr %arg4 : memref<?xui64, 22>
    %c2_i32 = arith.constant 2 : i32
    %c512_i32 = arith.constant 512 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c256_i32 = arith.constant 256 : i32
    %0 = ascendc.get_block_idx : i32
    %1 = arith.muli %arg3, %c256_i32 : i32
    %2 = arith.muli %0, %1 : i32
    %3 = arith.index_cast %2 : i32 to index
    %4 = emitasc.ptr_offset %arg0[%3] : memref<?xf16, 22>, memref<?xf16, 22>
    %5 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %5, %4 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %6 = emitasc.ptr_offset %arg1[%3] : memref<?xf16, 22>, memref<?xf16, 22>
    %7 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %7, %6 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %8 = emitasc.ptr_offset %arg2[%3] : memref<?xf16, 22>, memref<?xf16, 22>
    %9 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %9, %8 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %10 = ascendc.pipe
    %11 = ascendc.queue : <vecin, 1>
    %12 = ascendc.queue : <vecin, 1>
    %13 = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %10, %11, %c2_i32, %c512_i32 : !ascendc.queue<vecin, 1>, i32, i32
    ascendc.pipe.init_queue %10, %12, %c2_i32, %c512_i32 : !ascendc.queue<vecin, 1>, i32, i32
    ascendc.pipe.init_queue %10, %13, %c2_i32, %c512_i32 : !ascendc.queue<vecout, 1>, i32, i32
    scf.for %arg5 = %c0_i32 to %arg3 step %c1_i32  : i32 {
      %14 = ascendc.que_bind.alloc_tensor %11 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %15 = ascendc.que_bind.alloc_tensor %12 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %16 = arith.muli %arg5, %c256_i32 : i32
      %17 = ascendc.global_tensor.subindex %5[%16] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %14, %17, %c256_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      %18 = ascendc.global_tensor.subindex %7[%16] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %15, %18, %c256_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %11, %14 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.enque_tensor %12, %15 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %19 = ascendc.que_bind.deque_tensor %11 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %20 = ascendc.que_bind.deque_tensor %12 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %21 = ascendc.que_bind.alloc_tensor %13 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
      ascendc.add_l2 %21, %19, %20, %c256_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %13, %21 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.free_tensor %11, %19 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.free_tensor %12, %20 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
      %22 = ascendc.que_bind.deque_tensor %13 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
      %23 = ascendc.global_tensor.subindex %9[%16] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %23, %22, %c256_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %13, %22 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    }
    return
  }
}
