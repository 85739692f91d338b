// `casc run --json`: one JSON record on stdout per run (nothing else there),
// with the kernel, blocks, status, exit code, every block's diagnostics
// (file, line, col, severity, message, block, check) and, with --timing, the
// timing figures; records of a batch concatenate line by line.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not casc run %s --blocks 4 --arg x=zeros:32 --arg n=16 --json --stats > %t/batch.jsonl 2> %t/err.txt
// RUN: casc run %s --blocks 2 --arg x=zeros:32 --arg n=16 --json --timing >> %t/batch.jsonl
// RUN: python3 %S/Inputs/npytool.py rc 1 casc run %s --blocks 4 --arg x=zeros:32 --arg n=16 --json --error-limit 1
// RUN: not casc run %s --blocks 4 --arg x=zeros:32 --arg n=16 --json --error-limit 1 >> %t/batch.jsonl
// RUN: not casc run %s --arg x=zeros:32 --arg n=4294969344 --json >> %t/batch.jsonl
// RUN: echo 'foo.bar' > %t/bad.mlir
// RUN: not casc run %t/bad.mlir --json >> %t/batch.jsonl
// RUN: python3 -B %S/Inputs/jsonrec.py < %t/batch.jsonl | FileCheck %s
// The text diagnostics still go to stderr:
// RUN: FileCheck --check-prefix=STDERR %s < %t/err.txt
// STDERR: error: blocks 2-3: DataCopy: {{.*}} (figures of block 2; the other blocks' differ)

// CHECK: run json.mlir @k blocks=4 status=kernel-error exit=1 errors=2 warnings=0
// CHECK-NEXT: diag error [[@LINE+25]]:5 block=2 check=gm-out-of-bounds: DataCopy: operand 'src' accesses GM 'x' elements [32, 48), but the buffer has 32 elements
// CHECK-NEXT: diag error [[@LINE+24]]:5 block=3 check=gm-out-of-bounds: DataCopy: operand 'src' accesses GM 'x' elements [48, 64), but the buffer has 32 elements
// CHECK-NEXT: run json.mlir @k blocks=2 status=ok exit=0 errors=0 warnings=0
// CHECK-NEXT: timing cycles>0=True blocks=2 busy=MTE2,S
// CHECK-NEXT: run json.mlir @k blocks=4 status=kernel-error exit=1 errors=2
// CHECK-NEXT: diag error {{.*}} block=2
// CHECK-NEXT: not shown 1
// CHECK-NEXT: run json.mlir @k blocks=1 status=usage exit=2 errors=None
// CHECK-NEXT: run bad.mlir @None blocks=1 status=input-error exit=1 errors=None
// CHECK-NEXT: diag error 1:1 block=None check=None: custom op 'foo.bar' is unknown
// CHECK-NEXT: batch runs=5 errors=4

module {
  func.func @k(%x: memref<?xf32, 22>, %n: i32) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %b = ascendc.get_block_idx : i32
    %off = arith.muli %b, %n : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t, %xs, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
}
