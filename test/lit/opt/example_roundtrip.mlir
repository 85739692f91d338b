// The example kernel survives parse -> print -> parse -> print unchanged,
// in custom and in generic form.
// RUN: casc opt %casc_src/examples/add_custom.mlir > %t.1
// RUN: casc opt %t.1 > %t.2
// RUN: diff %t.1 %t.2
// RUN: casc opt --mlir-print-op-generic %t.1 | casc opt > %t.3
// RUN: diff %t.1 %t.3
// RUN: FileCheck %s --input-file %t.1

// CHECK-LABEL: func.func @add_custom(
// CHECK: %[[PIPE:.*]] = ascendc.pipe
// CHECK: %[[Q:.*]] = ascendc.queue : <vecin, 2>
// CHECK: ascendc.pipe.init_queue %[[PIPE]], %[[Q]], %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
// CHECK: scf.for %arg5 = %c0_i32 to %c16_i32 step %c1_i32  : i32 {
// CHECK: ascendc.add_l2
// CHECK: ascendc.que_bind.free_tensor
// CHECK: }
// CHECK-NEXT: return
