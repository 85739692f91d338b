// After TPipe::Reset a queue may get fewer buffers from a new InitBuffer:
// its round-robin cursor and FIFO must restart. The simulator used to keep
// them (the cursor is 1 here, after one AllocTensor on two buffers), and
// this correct kernel then got a false "no free buffer" hang report and a
// z that is not x.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/npytool.py gen %t/x.npy f32 64 1
// RUN: python3 %S/Inputs/npytool.py gen %t/y.npy f32 64 2
// RUN: casc run %s --arg x=%t/x.npy --arg y=%t/y.npy --arg z=zeros:64 --out z=%t/z.npy 2>&1 | count 0
// RUN: python3 %S/Inputs/npytool.py cmp %t/z.npy %t/x.npy | FileCheck %s
// CHECK: max abs error 0

module {
  func.func @k(%x: memref<?xf32, 22> loc("x"), %y: memref<?xf32, 22> loc("y"), %z: memref<?xf32, 22> loc("z")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %p = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    %q2 = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %p, %q, %c2, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    %t0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %q, %t0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.pipe.reset %p : !ascendc.pipe
    ascendc.pipe.init_queue %p, %q, %c1, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    ascendc.pipe.init_queue %p, %q2, %c1, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %gy, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %b = ascendc.que_bind.alloc_tensor %q2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %a, %gx, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %b, %gy, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %gz, %a, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %a : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %q2, %b : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
}
