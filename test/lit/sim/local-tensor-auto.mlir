// Front-end IR (pyasc's codegen.mlir) still holds LocalTensorAuto: the
// simulator names the op and says what to run first; once compiled by the
// default pipeline (materialize-tensor + insert-sync) the kernel runs.
// RUN: not casc run %s --arg x=zeros:32 --arg y=zeros:32 2>&1 | FileCheck %s
// (casc opt prints the arguments as MLIR does, %arg0 and %arg1.)
// RUN: casc opt -pipeline=default %s -o %t.mlir
// RUN: casc run %t.mlir --arg arg0=zeros:32 --arg arg1=zeros:32 --out arg1=%t.npy
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool; npytool.write('%t.want.npy', 'f32', [2.5] * 32)"
// RUN: python3 %S/Inputs/npytool.py cmp %t.npy %t.want.npy

// CHECK: local-tensor-auto.mlir:[[@LINE+6]]:8: error: not supported by the simulator: ascendc.local_tensor_auto (the compiler gives it a queue or TBuf: compile the module first, e.g. `casc opt -pipeline=default`)
func.func @k(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %a = ascendc.local_tensor_auto() : <32xf32>
  %c32 = arith.constant 32 : i32
  ascendc.data_copy_l2 %a, %xg, %c32 : !ascendc.local_tensor<32xf32>, !ascendc.global_tensor<*xf32>, i32
  %b = ascendc.local_tensor_auto() : <32xf32>
  %s = arith.constant 2.5 : f32
  ascendc.adds_l2 %b, %a, %s, %c32 : !ascendc.local_tensor<32xf32>, !ascendc.local_tensor<32xf32>, f32, i32
  ascendc.data_copy_l2 %yg, %b, %c32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<32xf32>, i32
  return
}
