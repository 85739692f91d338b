// The vector-add kernel after pyasc's pipeline (docs/ir.md §9.3) emitted as
// Ascend C, then compiled against the declaration-only API stub.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub %t.cpp

// CHECK:#include "kernel_operator.h"
// CHECK-NEXT:extern "C"  __global__ __aicore__ void add_custom(__gm__ half* v1_x, __gm__ half* v2_y, __gm__ half* v3_z, int32_t v4_block_length, __gm__ uint64_t* v5_ffts_addr) {
// CHECK-NEXT:  set_ffts_base_addr(*v5_ffts_addr);
// CHECK-NEXT:  constexpr int32_t c2_i32 = 2;
// CHECK-NEXT:  constexpr int32_t c512_i32 = 512;
// CHECK-NEXT:  constexpr int32_t c0_i32 = 0;
// CHECK-NEXT:  constexpr int32_t c8_i32 = 8;
// CHECK-NEXT:  constexpr int32_t c1_i32 = 1;
// CHECK-NEXT:  constexpr int32_t c256_i32 = 256;
// CHECK-NEXT:  int32_t v6 = static_cast<int32_t>(AscendC::GetBlockIdx());
// CHECK-NEXT:  int32_t v7 = v6 * v4_block_length;
// CHECK-NEXT:  uint32_t v8 = static_cast<uint32_t>(v7);
// CHECK-NEXT:  __gm__ half* v9 = v1_x + v8;
// CHECK-NEXT:  AscendC::GlobalTensor<half> v10;
// CHECK-NEXT:  v10.SetGlobalBuffer(v9);
// CHECK-NEXT:  __gm__ half* v11 = v2_y + v8;
// CHECK-NEXT:  AscendC::GlobalTensor<half> v12;
// CHECK-NEXT:  v12.SetGlobalBuffer(v11);
// CHECK-NEXT:  __gm__ half* v13 = v3_z + v8;
// CHECK-NEXT:  AscendC::GlobalTensor<half> v14;
// CHECK-NEXT:  v14.SetGlobalBuffer(v13);
// CHECK-NEXT:  AscendC::TPipe v15;
// CHECK-NEXT:  AscendC::TQue<AscendC::TPosition::VECIN, 2> v16;
// CHECK-NEXT:  AscendC::TQue<AscendC::TPosition::VECIN, 2> v17;
// CHECK-NEXT:  AscendC::TQue<AscendC::TPosition::VECOUT, 2> v18;
// CHECK-NEXT:  v15.InitBuffer(v16, c2_i32, c512_i32);
// CHECK-NEXT:  v15.InitBuffer(v17, c2_i32, c512_i32);
// CHECK-NEXT:  v15.InitBuffer(v18, c2_i32, c512_i32);
// CHECK-NEXT:  for (int32_t v19 = c0_i32; v19 < c8_i32; v19 += c1_i32) {
// CHECK-NEXT:    AscendC::LocalTensor<half> v20 = v16.AllocTensor<half>();
// CHECK-NEXT:    AscendC::LocalTensor<half> v21 = v17.AllocTensor<half>();
// CHECK-NEXT:    int32_t v22 = v19 * c256_i32;
// CHECK-NEXT:    AscendC::GlobalTensor<half> v23 = v10[v22];
// CHECK-NEXT:    AscendC::DataCopy(v20, v23, c256_i32);
// CHECK-NEXT:    AscendC::GlobalTensor<half> v24 = v12[v22];
// CHECK-NEXT:    AscendC::DataCopy(v21, v24, c256_i32);
// CHECK-NEXT:    v16.EnQue(v20);
// CHECK-NEXT:    v17.EnQue(v21);
// CHECK-NEXT:    AscendC::LocalTensor<half> v25 = v16.DeQue<half>();
// CHECK-NEXT:    AscendC::LocalTensor<half> v26 = v17.DeQue<half>();
// CHECK-NEXT:    AscendC::LocalTensor<half> v27 = v18.AllocTensor<half>();
// CHECK-NEXT:    AscendC::Add(v27, v25, v26, c256_i32);
// CHECK-NEXT:    v18.EnQue(v27);
// CHECK-NEXT:    v16.FreeTensor(v25);
// CHECK-NEXT:    v17.FreeTensor(v26);
// CHECK-NEXT:    AscendC::LocalTensor<half> v28 = v18.DeQue<half>();
// CHECK-NEXT:    AscendC::GlobalTensor<half> v29 = v14[v22];
// CHECK-NEXT:    AscendC::DataCopy(v29, v28, c256_i32);
// CHECK-NEXT:    v18.FreeTensor(v28);
// CHECK-NEXT:  }
// CHECK-NEXT:  return;
// CHECK-NEXT:}
// CHECK-EMPTY:

module {
  emitc.include "kernel_operator.h"
  func.func @add_custom(%arg0: memref<?xf16, 22> loc("x"), %arg1: memref<?xf16, 22> loc("y"), %arg2: memref<?xf16, 22> loc("z"), %arg3: i32 loc("block_length"), %arg4: memref<?xui64, 22> loc("ffts_addr")) attributes {ascendc.aicore, ascendc.global} {
    ascendc.set_ffts_base_addr %arg4 : memref<?xui64, 22>
    %c2_i32 = arith.constant 2 : i32
    %c512_i32 = arith.constant 512 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32 = arith.constant 1 : i32
    %c256_i32 = arith.constant 256 : i32
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
    %12 = ascendc.queue : <vecout, 2>
    ascendc.pipe.init_queue %9, %10, %c2_i32, %c512_i32 : !ascendc.queue<vecin, 2>, i32, i32
    ascendc.pipe.init_queue %9, %11, %c2_i32, %c512_i32 : !ascendc.queue<vecin, 2>, i32, i32
    ascendc.pipe.init_queue %9, %12, %c2_i32, %c512_i32 : !ascendc.queue<vecout, 2>, i32, i32
    scf.for %arg5 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
      %13 = ascendc.que_bind.alloc_tensor %10 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %14 = ascendc.que_bind.alloc_tensor %11 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %15 = arith.muli %arg5, %c256_i32 : i32
      %16 = ascendc.global_tensor.subindex %4[%15] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %13, %16, %c256_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      %17 = ascendc.global_tensor.subindex %6[%15] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %14, %17, %c256_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %10, %13 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.enque_tensor %11, %14 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %18 = ascendc.que_bind.deque_tensor %10 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %19 = ascendc.que_bind.deque_tensor %11 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %20 = ascendc.que_bind.alloc_tensor %12 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      ascendc.add_l2 %20, %18, %19, %c256_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %12, %20 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.free_tensor %10, %18 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.free_tensor %11, %19 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %21 = ascendc.que_bind.deque_tensor %12 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      %22 = ascendc.global_tensor.subindex %8[%15] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %22, %21, %c256_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %12, %21 : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    }
    return
  }
}
