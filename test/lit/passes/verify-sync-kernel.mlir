// verify-sync on whole kernels: the add kernel of examples/add_custom.mlir
// (pyasc's pipeline output shape) is silent, and each seeded bug below is
// reported at the op at fault.
// RUN: casc opt -ascendc-verify-sync -verify-diagnostics %casc_src/examples/add_custom.mlir
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

// Seeded bug: the free of x's tile is missing; with 2 buffers and 16
// iterations the third AllocTensor never returns.
module {
  emitc.include "kernel_operator.h"
  func.func @add_missing_free(%arg0: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg1: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg2: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg3: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg4: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes {ascendc.aicore, ascendc.global} {
    ascendc.set_ffts_base_addr %arg4 : memref<?xui64, 22>
    %c2_i32 = arith.constant 2 : i32
    %c256_i32 = arith.constant 256 : i32
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = ascendc.get_block_idx : i32
    %1 = arith.muli %0, %arg3 : i32
    %2 = arith.index_cast %1 : i32 to index
    %3 = emitasc.ptr_offset %arg0[%2] : memref<?xf16, 22>, memref<?xf16, 22>
    %4 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %4, %3 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %5 = emitasc.ptr_offset %arg1[%2] : memref<?xf16, 22>, memref<?xf16, 22>
    %6 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %6, %5 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %7 = emitasc.ptr_offset %arg2[%2] : memref<?xf16, 22>, memref<?xf16, 22>
    %8 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %8, %7 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %9 = ascendc.pipe
    // expected-note@below {{queue declared here}}
    %10 = ascendc.queue : <vecin, 2>
    %11 = ascendc.queue : <vecin, 2>
    %12 = ascendc.queue : <vecout, 2>
    ascendc.pipe.init_queue %9, %10, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
    ascendc.pipe.init_queue %9, %11, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
    ascendc.pipe.init_queue %9, %12, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 2>, i32, i32
    scf.for %arg5 = %c0_i32 to %c16_i32 step %c1_i32  : i32 {
      // expected-warning@below {{AllocTensor: all 2 buffers of this queue are held; on the NPU this call never returns}}
      // expected-note@below {{allocated here}}
      %13 = ascendc.que_bind.alloc_tensor %10 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %14 = ascendc.que_bind.alloc_tensor %11 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %15 = arith.muli %arg5, %c128_i32 : i32
      %16 = ascendc.global_tensor.subindex %4[%15] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %13, %16, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      %17 = ascendc.global_tensor.subindex %6[%15] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %14, %17, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %10, %13 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.enque_tensor %11, %14 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %18 = ascendc.que_bind.deque_tensor %10 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %19 = ascendc.que_bind.deque_tensor %11 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %20 = ascendc.que_bind.alloc_tensor %12 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      ascendc.add_l2 %20, %18, %19, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %12, %20 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.free_tensor %11, %19 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %21 = ascendc.que_bind.deque_tensor %12 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      %22 = ascendc.global_tensor.subindex %8[%15] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %22, %21, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %12, %21 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    }
    return
  }
}

// -----

// Seeded bug: y's tile is freed through x's queue; y's buffers run out.
module {
  emitc.include "kernel_operator.h"
  func.func @add_free_wrong_queue(%arg0: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg1: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg2: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg3: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg4: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes {ascendc.aicore, ascendc.global} {
    ascendc.set_ffts_base_addr %arg4 : memref<?xui64, 22>
    %c2_i32 = arith.constant 2 : i32
    %c256_i32 = arith.constant 256 : i32
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = ascendc.get_block_idx : i32
    %1 = arith.muli %0, %arg3 : i32
    %2 = arith.index_cast %1 : i32 to index
    %3 = emitasc.ptr_offset %arg0[%2] : memref<?xf16, 22>, memref<?xf16, 22>
    %4 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %4, %3 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %5 = emitasc.ptr_offset %arg1[%2] : memref<?xf16, 22>, memref<?xf16, 22>
    %6 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %6, %5 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %7 = emitasc.ptr_offset %arg2[%2] : memref<?xf16, 22>, memref<?xf16, 22>
    %8 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %8, %7 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %9 = ascendc.pipe
    // expected-note@below {{queue declared here}}
    %10 = ascendc.queue : <vecin, 2>
    // expected-note@below {{queue declared here}}
    %11 = ascendc.queue : <vecin, 2>
    %12 = ascendc.queue : <vecout, 2>
    ascendc.pipe.init_queue %9, %10, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
    ascendc.pipe.init_queue %9, %11, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
    ascendc.pipe.init_queue %9, %12, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 2>, i32, i32
    scf.for %arg5 = %c0_i32 to %c16_i32 step %c1_i32  : i32 {
      %13 = ascendc.que_bind.alloc_tensor %10 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      // (one expectation matches both "allocated here" notes on the next op)
      // expected-warning@below {{AllocTensor: all 2 buffers of this queue are held}}
      // expected-note@below {{allocated here}}
      %14 = ascendc.que_bind.alloc_tensor %11 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %15 = arith.muli %arg5, %c128_i32 : i32
      %16 = ascendc.global_tensor.subindex %4[%15] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %13, %16, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      %17 = ascendc.global_tensor.subindex %6[%15] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %14, %17, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %10, %13 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.enque_tensor %11, %14 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %18 = ascendc.que_bind.deque_tensor %10 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %19 = ascendc.que_bind.deque_tensor %11 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %20 = ascendc.que_bind.alloc_tensor %12 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      ascendc.add_l2 %20, %18, %19, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %12, %20 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.free_tensor %10, %18 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      // expected-warning@below {{FreeTensor: this queue did not allocate the tensor}}
      ascendc.que_bind.free_tensor %10, %19 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %21 = ascendc.que_bind.deque_tensor %12 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      %22 = ascendc.global_tensor.subindex %8[%15] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %22, %21, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %12, %21 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    }
    return
  }
}

// -----

// Seeded bug: z is dequeued before it is enqueued.
module {
  emitc.include "kernel_operator.h"
  func.func @add_deque_before_enque(%arg0: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg1: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg2: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg3: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg4: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes {ascendc.aicore, ascendc.global} {
    ascendc.set_ffts_base_addr %arg4 : memref<?xui64, 22>
    %c2_i32 = arith.constant 2 : i32
    %c256_i32 = arith.constant 256 : i32
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = ascendc.get_block_idx : i32
    %1 = arith.muli %0, %arg3 : i32
    %2 = arith.index_cast %1 : i32 to index
    %3 = emitasc.ptr_offset %arg0[%2] : memref<?xf16, 22>, memref<?xf16, 22>
    %4 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %4, %3 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %5 = emitasc.ptr_offset %arg1[%2] : memref<?xf16, 22>, memref<?xf16, 22>
    %6 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %6, %5 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %7 = emitasc.ptr_offset %arg2[%2] : memref<?xf16, 22>, memref<?xf16, 22>
    %8 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %8, %7 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %9 = ascendc.pipe
    %10 = ascendc.queue : <vecin, 2>
    %11 = ascendc.queue : <vecin, 2>
    // expected-note@below {{queue declared here}}
    %12 = ascendc.queue : <vecout, 2>
    ascendc.pipe.init_queue %9, %10, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
    ascendc.pipe.init_queue %9, %11, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
    ascendc.pipe.init_queue %9, %12, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 2>, i32, i32
    scf.for %arg5 = %c0_i32 to %c16_i32 step %c1_i32  : i32 {
      %13 = ascendc.que_bind.alloc_tensor %10 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %14 = ascendc.que_bind.alloc_tensor %11 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %15 = arith.muli %arg5, %c128_i32 : i32
      %16 = ascendc.global_tensor.subindex %4[%15] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %13, %16, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      %17 = ascendc.global_tensor.subindex %6[%15] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %14, %17, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %10, %13 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.enque_tensor %11, %14 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %18 = ascendc.que_bind.deque_tensor %10 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %19 = ascendc.que_bind.deque_tensor %11 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %20 = ascendc.que_bind.alloc_tensor %12 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      ascendc.add_l2 %20, %18, %19, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %10, %18 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.free_tensor %11, %19 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      // expected-warning@below {{DeQue: there is no corresponding call to EnQue}}
      %21 = ascendc.que_bind.deque_tensor %12 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      %22 = ascendc.global_tensor.subindex %8[%15] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %22, %21, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %12, %21 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.enque_tensor %12, %20 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      %23 = ascendc.que_bind.deque_tensor %12 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.free_tensor %12, %23 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    }
    return
  }
}
