// Select without a mask argument (vec_select_reg.c): located diagnostics for
// selMode 2 (not run: the register would hold selMask's address), the reach
// of the last repeat past dst, and a read of the CMPMASK register nothing
// wrote (a warning; the bits are 0, so dst takes src1).
// RUN: not casc run %s --kernel mode2 --arg x=zeros:8 2>&1 | FileCheck --check-prefix=MODE2 %s
// RUN: not casc run %s --kernel reach --arg x=zeros:8 2>&1 | FileCheck --check-prefix=REACH %s
// RUN: casc run %s --kernel unset --arg x=zeros:8 2>&1 | FileCheck --check-prefix=UNSET %s

module {
  func.func @mode2(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %s1 = arith.constant 1 : i32
    %s8 = arith.constant 8 : i32
    %p = ascendc.construct !ascendc.binary_repeat_params(%s1, %s1, %s1, %s8, %s8, %s8) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
    // MODE2: select-reg-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: not supported by the simulator: ascendc.select_reg (VSEL_TENSOR_TENSOR_MODE without a mask: the CMPMASK register holds selMask's UB address)
    ascendc.select_reg %t, %t, %t, %c1, %p {selMode = 2 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, !ascendc.binary_repeat_params
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @reach(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c5 = arith.constant 5 : i32
    %c1024 = arith.constant 1024 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %z = arith.constant 0.0 : f32
    %n = arith.constant 256 : i32
    ascendc.duplicate_l2 %t, %z, %n : !ascendc.local_tensor<*xf32>, f32, i32
    ascendc.set_cmp_mask %t : !ascendc.local_tensor<*xf32>
    %s1 = arith.constant 1 : i32
    %s8 = arith.constant 8 : i32
    %p = ascendc.construct !ascendc.binary_repeat_params(%s1, %s1, %s1, %s8, %s8, %s8) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
    // REACH: select-reg-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Select: operand 'dst' {{.*}} accesses UB bytes [0, 1280), outside its tensor [0, 1024)
    ascendc.select_reg %t, %t, %t, %c5, %p {selMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, !ascendc.binary_repeat_params
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @unset(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %z = arith.constant 0.0 : f32
    %n = arith.constant 256 : i32
    ascendc.duplicate_l2 %t, %z, %n : !ascendc.local_tensor<*xf32>, f32, i32
    %s1 = arith.constant 1 : i32
    %s8 = arith.constant 8 : i32
    %p = ascendc.construct !ascendc.binary_repeat_params(%s1, %s1, %s1, %s8, %s8, %s8) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
    // UNSET: select-reg-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: warning: block 0: Select: the CMPMASK register is read before any Compare (register form) or SetCmpMask wrote it
    ascendc.select_reg %t, %t, %t, %c1, %p {selMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, !ascendc.binary_repeat_params
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
}
