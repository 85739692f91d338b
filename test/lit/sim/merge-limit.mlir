// Diagnostics that repeat per block are one diagnostic even when their
// figures differ (each block copies from its own offset); --error-limit caps
// what is shown and says how much was held back.
// RUN: not casc run %s --blocks 8 --arg x=zeros:64 --arg n=16 --arg odd=0 2>&1 | FileCheck %s
// CHECK: merge-limit.mlir:[[@LINE+32]]:7: error: blocks 4-7: DataCopy: operand 'src' accesses GM 'x' elements [64, 80), but the buffer has 64 elements (figures of block 4; the other blocks' differ)
// CHECK-NOT: error
// Equal messages keep their plain form:
// RUN: not casc run %s --blocks 8 --arg x=zeros:64 --arg n=16 --arg odd=1 2>&1 | FileCheck --check-prefix=TWO %s
// TWO: error: blocks 1, 3, 5, 7: FreeTensor on queue #0 <VECIN, 1>: buffer 0 was already freed (double free)
// TWO: error: blocks 4, 6: DataCopy: {{.*}} [64, 80), {{.*}} (figures of block 4; the other blocks' differ)
// RUN: not casc run %s --blocks 8 --arg x=zeros:64 --arg n=16 --arg odd=1 --error-limit 1 2>&1 | FileCheck --check-prefix=LIMIT %s
// LIMIT: error: blocks 1, 3, 5, 7: FreeTensor
// LIMIT-NEXT: note: freed here
// LIMIT-NEXT: casc run: too many errors emitted, stopping now (--error-limit=1): 1 more diagnostic(s) not shown
// LIMIT-NOT: DataCopy
// RUN: python3 %S/Inputs/npytool.py rc 1 casc run %s --blocks 8 --arg x=zeros:64 --arg n=16 --arg odd=1 --error-limit 1
// RUN: not casc run %s --blocks 8 --arg x=zeros:64 --arg n=16 --arg odd=1 --error-limit 0 2>&1 | FileCheck --check-prefix=ALL %s
// ALL-NOT: too many
// RUN: python3 %S/Inputs/npytool.py rc 2 casc run %s --arg x=zeros:64 --arg n=16 --arg odd=1 --error-limit -1

module {
  func.func @k(%x: memref<?xf32, 22>, %n: i32, %odd: i32) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %b = ascendc.get_block_idx : i32
    %parity = arith.andi %b, %odd : i32
    %copy = arith.cmpi ne, %parity, %c1 : i32
    %off = arith.muli %b, %n : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    scf.if %copy {
      ascendc.data_copy_l2 %t, %xs, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    } else {
      ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    }
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
}
