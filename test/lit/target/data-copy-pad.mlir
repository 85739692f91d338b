// DataCopyPad from IR text: GM -> UB with padding (data_copy_pad_l0), then
// UB -> GM (data_copy_pad_l2). The Ascend C compiles against the stub, and
// the simulator runs it: 3 blocks of 5 floats, 2 apart in GM, land as
// [pad, 5 data, pad, pad] in 32-byte UB blocks and come back whole.
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub -include kernel_operator.h %t.cpp
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// CHECK: AscendC::DataCopyPadParams [[PAD:v[0-9]+]]{
// CHECK: AscendC::DataCopyPad([[UB:v[0-9]+]], [[GM:v[0-9]+]], {{v[0-9]+}}, [[PAD]]);
// CHECK: AscendC::DataCopyPad([[GM]], [[UB]], {{v[0-9]+}});
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/../sim/Inputs'); import npytool; npytool.write('%t.d/x.npy', 'f32', [float(i + 1) for i in range(64)])"
// RUN: casc run %s --arg arg0=%t.d/x.npy --out arg0=%t.d/z.npy
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/../sim/Inputs'); import npytool; d, v = npytool.read('%t.d/z.npy'); want = [x for k in range(3) for x in [0.0] + [float(k * 7 + e + 1) for e in range(5)] + [0.0, 0.0]]; assert v[:24] == want, v[:24]"

module {
  func.func @k(%arg0: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    %c64_i32 = arith.constant 64 : i32
    ascendc.global_tensor.set_global_buffer %0, %arg0, %c64_i32 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
    %1 = ascendc.pipe
    %2 = ascendc.queue : <vecin, 1>
    %c1_i32 = arith.constant 1 : i32
    %c1024_i32 = arith.constant 1024 : i32
    ascendc.pipe.init_queue %1, %2, %c1_i32, %c1024_i32 : !ascendc.queue<vecin, 1>, i32, i32
    %3 = ascendc.que_bind.alloc_tensor %2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %true = arith.constant true
    %c1_i32_0 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c0_i64 = arith.constant 0 : i64
    %4 = ascendc.construct !ascendc.data_copy_pad_params(%true, %c1_i32_0, %c2_i32, %c0_i64) [i1, ui16, ui16, ui64] : i1, i32, i32, i64
    %c3_i32 = arith.constant 3 : i32
    %c20_i32 = arith.constant 20 : i32
    %c8_i32 = arith.constant 8 : i32
    %c0_i32 = arith.constant 0 : i32
    %5 = ascendc.construct !ascendc.data_copy_params(%c3_i32, %c20_i32, %c8_i32, %c0_i32) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32
    ascendc.data_copy_pad_l0 %3, %0, %5, %4 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
    %c3_i32_1 = arith.constant 3 : i32
    %c32_i32 = arith.constant 32 : i32
    %c0_i32_2 = arith.constant 0 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %6 = ascendc.construct !ascendc.data_copy_params(%c3_i32_1, %c32_i32, %c0_i32_2, %c0_i32_3) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32
    ascendc.data_copy_pad_l2 %0, %3, %6 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.data_copy_params
    ascendc.que_bind.free_tensor %2, %3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
}
