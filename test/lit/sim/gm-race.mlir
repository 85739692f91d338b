// Races between blocks on GM through `casc run`: each block copies two rows
// of 64 floats of x to z. @local_row takes the row from the loop counter
// alone, so every block writes rows 0 and 1: an error in the higher block,
// with a note at the other block's op, exit status 1. @global_row takes
// block * 2 + i: silent, z equals x.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/npytool.py gen %t/x.npy f32 512 3
// RUN: not casc run %s --kernel local_row --blocks 4 --arg x=%t/x.npy --out z=%t/z.npy 2>&1 | FileCheck %s
// RUN: casc run %s --kernel global_row --blocks 4 --arg x=%t/x.npy --out z=%t/z.npy 2>&1 | count 0
// RUN: python3 %S/Inputs/npytool.py cmp %t/z.npy %t/x.npy
// RUN: casc run %s --kernel local_row --blocks 1 --arg x=%t/x.npy --out z=%t/z.npy 2>&1 | count 0

module {
  func.func @local_row(%x: memref<?xf32, 22> loc("x"), %z: memref<?xf32, 22> loc("z")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c2, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    scf.for %i = %c0 to %c2 step %c1 : i32 {
      %row = arith.muli %i, %c64 : i32
      %xs = ascendc.global_tensor.subindex %xg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      %zs = ascendc.global_tensor.subindex %zg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      ascendc.data_copy_l2 %t, %xs, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      // CHECK: gm-race.mlir:[[@LINE+3]]:{{[0-9]+}}: error: block 1: DataCopy: block 1 writes GM 'z' elements [0, 128), which block 0 writes; the blocks of a launch run at the same time, so nothing orders the two accesses (each block must write its own part of GM)
      // CHECK-NEXT: gm-race.mlir:[[@LINE+2]]:{{[0-9]+}}: note: block 0 writes them here
      // CHECK-NOT: error
      ascendc.data_copy_l2 %zs, %d, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
      ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    }
    return
  }
  func.func @global_row(%x: memref<?xf32, 22> loc("x"), %z: memref<?xf32, 22> loc("z")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %b = ascendc.get_block_idx : i32
    %first = arith.muli %b, %c2 : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c2, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    scf.for %i = %c0 to %c2 step %c1 : i32 {
      %r = arith.addi %first, %i : i32
      %row = arith.muli %r, %c64 : i32
      %xs = ascendc.global_tensor.subindex %xg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      %zs = ascendc.global_tensor.subindex %zg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      ascendc.data_copy_l2 %t, %xs, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      ascendc.data_copy_l2 %zs, %d, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
      ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    }
    return
  }
}
