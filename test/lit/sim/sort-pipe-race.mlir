// Sort, Concat and Extract are vector work (the Ascend C reference builds
// them from vector instructions), so ops.def puts them on pipe V: a Sort
// reading what an MTE2 DataCopy wrote with no flag between them is a race.
// On pipe S, as they were, the race detector did not see their UB reads
// and the timing model costed each as one scalar cycle.
// RUN: not casc run %s --arg x=zeros:64 --timing 2>&1 | FileCheck %s
// CHECK: sort-pipe-race.mlir:[[@LINE+20]]:3: error: block 0: data race on UB bytes [0, 128): Sort on pipe V reads them while DataCopy on pipe MTE2 writes them
// CHECK: sort-pipe-race.mlir:[[@LINE+14]]:3: note: DataCopy on pipe MTE2 writes them here
func.func @k(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %g, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  %c1 = arith.constant 1 : i32
  %c2048 = arith.constant 2048 : i32
  ascendc.pipe.init_queue %pipe, %q, %c1, %c2048 : !ascendc.queue<vecin, 1>, i32, i32
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  ascendc.data_copy_l2 %t, %g, %c32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  %i = ascendc.local_tensor.subindex %t[%c32] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
  %u = ascendc.reinterpret_cast %i : !ascendc.local_tensor<*xf32> to !ascendc.local_tensor<*xui32>
  %d = ascendc.local_tensor.subindex %t[%c128] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
  %tmp = ascendc.local_tensor.subindex %t[%c256] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
  ascendc.sort %d, %t, %u, %tmp, %c1 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  return
}
