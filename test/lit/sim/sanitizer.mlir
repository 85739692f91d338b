// The sanitizer through `casc run`: a located error naming the block, its
// notes, exit status 1; and the usage errors (exit status 2).
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/npytool.py gen %t/x.npy f32 256 1
// RUN: not casc run %s --blocks 4 --arg x=%t/x.npy --arg n=64 2>&1 | FileCheck %s
// RUN: python3 %S/Inputs/npytool.py rc 1 casc run %s --blocks 4 --arg x=%t/x.npy --arg n=64
// RUN: python3 %S/Inputs/npytool.py rc 0 casc run %s --blocks 2 --arg x=%t/x.npy --arg n=64
// RUN: python3 %S/Inputs/npytool.py rc 2 casc run %s --blocks 0 --arg x=%t/x.npy --arg n=64
// RUN: python3 %S/Inputs/npytool.py rc 2 casc run %s --blocks 2 --arg x=%t/x.npy
// RUN: python3 %S/Inputs/npytool.py rc 2 casc run %s --arg x=%t/x.npy --arg n=64 --bogus
// RUN: not casc run %s --arg x=%t/x.npy --arg n=64 --arg n=32 2>&1 | FileCheck --check-prefix=TWICE %s
// RUN: python3 %S/Inputs/npytool.py rc 2 casc run %s --arg x=%t/x.npy --arg n=64 --out x=%t/a.npy --out x=%t/b.npy
// TWICE: casc run: --arg n= is given twice ('n=64' and 'n=32')
// RUN: python3 %S/Inputs/npytool.py rc 2 casc run %s --arg x=zeros:4 --arg n=1.5
// RUN: python3 %S/Inputs/npytool.py gen %t/i.npy i32 256 1
// RUN: not casc run %s --arg x=%t/i.npy --arg n=64 2>&1 | FileCheck --check-prefix=DTYPE %s
// DTYPE: --arg x: {{.*}}i.npy holds i32, the kernel expects f32

module {
  func.func @k(%x: memref<?xf32, 22> loc("x"), %n: i32 loc("n")) attributes {ascendc.global} {
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c256 = arith.constant 256 : i32
    %b = ascendc.get_block_idx : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c2, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    %late = arith.cmpi sge, %b, %c2 : i32
    scf.if %late {
      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      ascendc.data_copy_l2 %t, %xg, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      // CHECK: sanitizer.mlir:[[@LINE+3]]:{{[0-9]+}}: error: blocks 2-3: FreeTensor on queue #0 <VECIN, 1>: buffer 0 was already freed (double free)
      // CHECK-NEXT: sanitizer.mlir:[[@LINE-2]]:{{[0-9]+}}: note: freed here
      // CHECK-NOT: error
      ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    }
    return
  }
}
