// Corpus (bug + twin): the tutorial layout with copy_in / compute /
// copy_out helpers, as pyasc's front end emits it before inlining. The
// compute helper forgets to free the y tile; the helpers are followed into
// from the kernel's loop, so copy_in's AllocTensor for y hangs in iteration
// 3 (2 buffers). copy_in is correct on its own: the hang is reported at
// the kernel's call of copy_in, with notes at copy_in's AllocTensor and at
// compute's DeQue after which the tile stays held. The twin is
// ok-helper-calls.mlir.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

module {
  func.func @copy_out(%arg0: i32, %arg1: !ascendc.queue<vecout, 2>, %arg2: !ascendc.global_tensor<*xf16>) attributes {ascendc.aicore} {
    %c128_i32 = arith.constant 128 : i32
    %0 = ascendc.que_bind.deque_tensor %arg1 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    %1 = arith.muli %arg0, %c128_i32 : i32
    %2 = ascendc.global_tensor.subindex %arg2[%1] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %2, %0, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %arg1, %0 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    return
  }
  func.func @compute(%arg0: !ascendc.queue<vecin, 2>, %arg1: !ascendc.queue<vecin, 2>, %arg2: !ascendc.queue<vecout, 2>) attributes {ascendc.aicore} {
    %c128_i32 = arith.constant 128 : i32
    %0 = ascendc.que_bind.deque_tensor %arg0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    // expected-note@below {{still held after this operation}}
    %1 = ascendc.que_bind.deque_tensor %arg1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %2 = ascendc.que_bind.alloc_tensor %arg2 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    ascendc.add_l2 %2, %0, %1, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %arg2, %2 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %arg0, %0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    return
  }
  func.func @copy_in(%arg0: i32, %arg1: !ascendc.queue<vecin, 2>, %arg2: !ascendc.queue<vecin, 2>, %arg3: !ascendc.global_tensor<*xf16>, %arg4: !ascendc.global_tensor<*xf16>) attributes {ascendc.aicore} {
    %c128_i32 = arith.constant 128 : i32
    %0 = ascendc.que_bind.alloc_tensor %arg1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    // expected-note@below {{allocated here}}
    // expected-note@below {{in the called function, at this operation}}
    %1 = ascendc.que_bind.alloc_tensor %arg2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    %2 = arith.muli %arg0, %c128_i32 : i32
    %3 = ascendc.global_tensor.subindex %arg3[%2] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %0, %3, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    %4 = ascendc.global_tensor.subindex %arg4[%2] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %1, %4, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %arg1, %0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.enque_tensor %arg2, %1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    return
  }
  func.func @add_custom(%arg0: memref<?xf16, 22>, %arg1: memref<?xf16, 22>, %arg2: memref<?xf16, 22>, %arg3: i32) attributes {ascendc.aicore, ascendc.global} {
    %c2_i32 = arith.constant 2 : i32
    %c256_i32 = arith.constant 256 : i32
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i32 = arith.constant 1 : i32
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
    // expected-note@below {{queue declared here}}
    %11 = ascendc.queue : <vecin, 2>
    %12 = ascendc.queue : <vecout, 2>
    ascendc.pipe.init_queue %9, %10, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
    ascendc.pipe.init_queue %9, %11, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
    ascendc.pipe.init_queue %9, %12, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 2>, i32, i32
    scf.for %arg4 = %c0_i32 to %c16_i32 step %c1_i32  : i32 {
      // expected-warning@below {{AllocTensor: all 2 buffers of this queue are held; on the NPU this call never returns}}
      func.call @copy_in(%arg4, %10, %11, %4, %6) : (i32, !ascendc.queue<vecin, 2>, !ascendc.queue<vecin, 2>, !ascendc.global_tensor<*xf16>, !ascendc.global_tensor<*xf16>) -> ()
      func.call @compute(%10, %11, %12) : (!ascendc.queue<vecin, 2>, !ascendc.queue<vecin, 2>, !ascendc.queue<vecout, 2>) -> ()
      func.call @copy_out(%arg4, %12, %8) : (i32, !ascendc.queue<vecout, 2>, !ascendc.global_tensor<*xf16>) -> ()
    }
    return
  }
}
