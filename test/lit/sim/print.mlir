// `casc run` writes what the kernel prints (DumpTensor, printf) to stdout,
// block by block, each line prefixed by the block and the op's location.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/npytool.py gen %t/x.npy f32 16 7
// RUN: casc run %s --kernel dump --blocks 2 --threads 2 --arg x=%t/x.npy | FileCheck %s
// CHECK:      [block 0] {{.*}}print.mlir:29:5: DumpTensor: desc=3, addr=0, data_type=float32, position=GM, dump_size=2
// CHECK-NEXT: [block 0] {{.*}}print.mlir:29:5: [{{-?[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]}}, {{-?[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]}}]
// CHECK-NEXT: [block 0] {{.*}}print.mlir:30:5: block 0: 2 of 2 done
// CHECK-NEXT: [block 1] {{.*}}print.mlir:29:5: DumpTensor: desc=3, addr=32, data_type=float32, position=GM, dump_size=2
// CHECK-NEXT: [block 1] {{.*}}print.mlir:29:5: [{{-?[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]}}, {{-?[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]}}]
// CHECK-NEXT: [block 1] {{.*}}print.mlir:30:5: block 1: 2 of 2 done
// CHECK-NOT: block
//
// A printf whose conversion does not fit its value is a located error.
// RUN: not casc run %s --kernel bad --arg x=%t/x.npy 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: print.mlir:35:5: error: block 0: printf: %f takes a float, but value 1 is i32

module {
  func.func @dump(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c8 = arith.constant 8 : i32
    %c2 = "emitc.constant"() <{value = 2 : ui32}> : () -> ui32
    %c3 = "emitc.constant"() <{value = 3 : ui32}> : () -> ui32
    %b = ascendc.get_block_idx : i32
    %n = ascendc.get_block_num : i32
    %off = arith.muli %b, %c8 : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.dump_tensor %xs, %c3, %c2 : !ascendc.global_tensor<*xf32>, ui32, ui32
    ascendc.printf %b, %c2, %n {desc = "block %d: %u of %d done\n"} : i32, ui32, i32
    return
  }
  func.func @bad(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    ascendc.printf %c1 {desc = "%f\n"} : i32
    return
  }
}
