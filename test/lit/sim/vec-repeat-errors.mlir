// The sanitizer on level-0/1 vector ops: repeat count, mask ranges, the
// reach of the last repeat, and the mask register form it does not model.
// RUN: not casc run %s --kernel rep256 --arg x=zeros:8 2>&1 | FileCheck --check-prefix=REP256 %s
// RUN: not casc run %s --kernel mask65 --arg x=zeros:8 2>&1 | FileCheck --check-prefix=MASK65 %s
// RUN: not casc run %s --kernel mask0 --arg x=zeros:8 2>&1 | FileCheck --check-prefix=MASK0 %s
// RUN: not casc run %s --kernel oob --arg x=zeros:8 2>&1 | FileCheck --check-prefix=OOB %s
// RUN: not casc run %s --kernel nosetmask --arg x=zeros:8 2>&1 | FileCheck --check-prefix=NOSETMASK %s
// RUN: not casc run %s --kernel mask1 --arg x=zeros:8 2>&1 | FileCheck --check-prefix=MASK1 %s

module {
  func.func @rep256(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %c8 = arith.constant 8 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %zero = arith.constant 0.0 : f32
    %c256 = arith.constant 256 : i32
    ascendc.duplicate_l2 %t, %zero, %c256 : !ascendc.local_tensor<*xf32>, f32, i32
    %params = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
    %mask = arith.constant 64 : i32
    %rep = arith.constant 256 : i32
    // REP256: vec-repeat-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Add: repeatTimes is 256; the hardware takes 0..255
    ascendc.add_l0 %t, %t, %t, %mask, %rep, %params {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.binary_repeat_params
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @mask65(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %c8 = arith.constant 8 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %zero = arith.constant 0.0 : f32
    %c256 = arith.constant 256 : i32
    ascendc.duplicate_l2 %t, %zero, %c256 : !ascendc.local_tensor<*xf32>, f32, i32
    %params = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
    %mask = arith.constant 65 : i32
    %rep = arith.constant 1 : i32
    // MASK65: vec-repeat-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Add: mask is 65; for f32 it is an element count 1..64
    ascendc.add_l0 %t, %t, %t, %mask, %rep, %params {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.binary_repeat_params
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @mask0(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %c8 = arith.constant 8 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %zero = arith.constant 0.0 : f32
    %c256 = arith.constant 256 : i32
    ascendc.duplicate_l2 %t, %zero, %c256 : !ascendc.local_tensor<*xf32>, f32, i32
    %params = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
    %mask = arith.constant 0 : i32
    %rep = arith.constant 1 : i32
    // MASK0: error: block 0: Add: mask is 0; for f32 it is an element count 1..64
    ascendc.add_l0 %t, %t, %t, %mask, %rep, %params {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.binary_repeat_params
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @oob(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %c8 = arith.constant 8 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %zero = arith.constant 0.0 : f32
    %c256 = arith.constant 256 : i32
    ascendc.duplicate_l2 %t, %zero, %c256 : !ascendc.local_tensor<*xf32>, f32, i32
    %params = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
    %mask = arith.constant 64 : i32
    %rep = arith.constant 5 : i32
    // OOB: vec-repeat-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Add: operand 'dst' {{.*}}accesses UB bytes [0, 1280), outside its tensor [0, 1024) (1024 bytes)
    ascendc.add_l0 %t, %t, %t, %mask, %rep, %params {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.binary_repeat_params
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @nosetmask(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %c8 = arith.constant 8 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %zero = arith.constant 0.0 : f32
    %c256 = arith.constant 256 : i32
    ascendc.duplicate_l2 %t, %zero, %c256 : !ascendc.local_tensor<*xf32>, f32, i32
    %params = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
    %mask = arith.constant 64 : i32
    %rep = arith.constant 1 : i32
    // In counter mode an op may not set its own mask (it would replace the
    // element count): the reference requires isSetMask = false there.
    ascendc.set_mask_count
    // NOSETMASK: vec-repeat-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Add: the op sets its own mask in counter mode (SetMaskCount); there the vector ops take isSetMask = false and the element count of SetVectorMask
    ascendc.add_l0 %t, %t, %t, %mask, %rep, %params {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.binary_repeat_params
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @mask1(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %c8 = arith.constant 8 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %zero = arith.constant 0.0 : f32
    %c256 = arith.constant 256 : i32
    ascendc.duplicate_l2 %t, %zero, %c256 : !ascendc.local_tensor<*xf32>, f32, i32
    %params = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
    %m0 = "emitc.constant"() <{value = 1 : ui64}> : () -> ui64
    %m1 = "emitc.constant"() <{value = 2 : ui64}> : () -> ui64
    %rep = arith.constant 1 : i32
    // MASK1: vec-repeat-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Add: mask[1] is 0x2; for a 32-bit type only mask[0] selects elements and mask[1] must be 0
    ascendc.add_l1 %t, %t, %t, %m0, %m1, %rep, %params {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
}
