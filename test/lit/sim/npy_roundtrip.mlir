// `casc run` reads and writes .npy: x is copied to y through UB by 2 blocks,
// y is an output-only buffer sized from x; the copy is bit-exact.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/npytool.py gen %t/x.npy f16 1024 42
// RUN: casc run %s --blocks 2 --arg x=%t/x.npy --out y=%t/y.npy --stats | FileCheck %s
// RUN: python3 %S/Inputs/npytool.py cmp %t/y.npy %t/x.npy
// CHECK: casc run: @copy, 2 block(s), {{.*}} 0 error(s), 0 warning(s)

module {
  func.func @copy(%x: memref<?xf16, 22> loc("x"), %y: memref<?xf16, 22> loc("y")) attributes {ascendc.global} {
    %c512 = arith.constant 512 : i32
    %c1024 = arith.constant 1024 : i32
    %c1 = arith.constant 1 : i32
    %b = ascendc.get_block_idx : i32
    %off = arith.muli %b, %c512 : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    %pipe = ascendc.pipe
    %q = ascendc.que_bind : <vecin, vecout, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.que_bind<vecin, vecout, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %t, %xs, %c512 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf16>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %d, %c512 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q, %d : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf16>
    return
  }
}
