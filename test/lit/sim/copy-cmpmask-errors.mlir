// The sanitizer on Copy and the CMPMASK register: a mask count over the
// dtype's repeat, a repeat size over 4095 blocks, the reach of the last
// repeat past the tensor, isSetMask false, GetCmpMask into less than 128
// bytes, and a read of the register nothing wrote (a warning).
// RUN: not casc run %s --kernel mask129 --arg x=zeros:8 2>&1 | FileCheck --check-prefix=MASK129 %s
// RUN: not casc run %s --kernel repsize --arg x=zeros:8 2>&1 | FileCheck --check-prefix=REPSIZE %s
// RUN: not casc run %s --kernel reach --arg x=zeros:8 2>&1 | FileCheck --check-prefix=REACH %s
// RUN: not casc run %s --kernel reachbits --arg x=zeros:8 2>&1 | FileCheck --check-prefix=REACHBITS %s
// RUN: not casc run %s --kernel nosetmask --arg x=zeros:8 2>&1 | FileCheck --check-prefix=NOSETMASK %s
// RUN: not casc run %s --kernel small --arg x=zeros:8 2>&1 | FileCheck --check-prefix=SMALL %s
// RUN: casc run %s --kernel unset --arg x=zeros:8 2>&1 | FileCheck --check-prefix=UNSET %s

module {
  func.func @mask129(%x: memref<?xf16, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s1 = "emitc.constant"() <{value = 1 : ui16}> : () -> ui16
    %s8 = "emitc.constant"() <{value = 8 : ui16}> : () -> ui16
    %p = ascendc.construct !ascendc.copy_repeat_params(%s1, %s1, %s8, %s8) [ui16, ui16, ui16, ui16] : ui16, ui16, ui16, ui16
    %m = "emitc.constant"() <{value = 129 : ui64}> : () -> ui64
    %r = "emitc.constant"() <{value = 1 : ui8}> : () -> ui8
    %on = arith.constant 1 : i8
    // MASK129: copy-cmpmask-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Copy: mask is 129; for f16 it is an element count 1..128
    ascendc.copy_l1 %t, %t, %m, %r, %p, %on : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui8, !ascendc.copy_repeat_params, i8
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    return
  }
  func.func @repsize(%x: memref<?xf16, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s1 = "emitc.constant"() <{value = 1 : ui16}> : () -> ui16
    %s8 = "emitc.constant"() <{value = 8 : ui16}> : () -> ui16
    %big = "emitc.constant"() <{value = 4096 : ui16}> : () -> ui16
    %p = ascendc.construct !ascendc.copy_repeat_params(%s1, %s1, %s8, %big) [ui16, ui16, ui16, ui16] : ui16, ui16, ui16, ui16
    %m = "emitc.constant"() <{value = 128 : ui64}> : () -> ui64
    %r = "emitc.constant"() <{value = 1 : ui8}> : () -> ui8
    %on = arith.constant 1 : i8
    // REPSIZE: copy-cmpmask-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Copy: srcRepeatSize is 4096; the hardware takes 0..4095 blocks
    ascendc.copy_l1 %t, %t, %m, %r, %p, %on : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui8, !ascendc.copy_repeat_params, i8
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    return
  }
  func.func @reach(%x: memref<?xf16, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %z = arith.constant 0.0 : f16
    %n = arith.constant 512 : i32
    ascendc.duplicate_l2 %t, %z, %n : !ascendc.local_tensor<*xf16>, f16, i32
    %s1 = "emitc.constant"() <{value = 1 : ui16}> : () -> ui16
    %s2 = "emitc.constant"() <{value = 2 : ui16}> : () -> ui16
    %s8 = "emitc.constant"() <{value = 8 : ui16}> : () -> ui16
    %s16 = "emitc.constant"() <{value = 16 : ui16}> : () -> ui16
    %p = ascendc.construct !ascendc.copy_repeat_params(%s1, %s2, %s8, %s16) [ui16, ui16, ui16, ui16] : ui16, ui16, ui16, ui16
    %m = "emitc.constant"() <{value = 128 : ui64}> : () -> ui64
    %r = "emitc.constant"() <{value = 3 : ui8}> : () -> ui8
    %on = arith.constant 1 : i8
    // REACH: copy-cmpmask-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Copy: operand 'src' {{.*}} accesses UB bytes [0, 1504), outside its tensor [0, 1024)
    ascendc.copy_l1 %t, %t, %m, %r, %p, %on : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui8, !ascendc.copy_repeat_params, i8
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    return
  }
  func.func @reachbits(%x: memref<?xf16, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s1 = "emitc.constant"() <{value = 1 : ui16}> : () -> ui16
    %s2 = "emitc.constant"() <{value = 2 : ui16}> : () -> ui16
    %s8 = "emitc.constant"() <{value = 8 : ui16}> : () -> ui16
    %s16 = "emitc.constant"() <{value = 16 : ui16}> : () -> ui16
    %p = ascendc.construct !ascendc.copy_repeat_params(%s1, %s2, %s8, %s16) [ui16, ui16, ui16, ui16] : ui16, ui16, ui16, ui16
    %m0 = "emitc.constant"() <{value = 18446744073709551615 : ui64}> : () -> ui64
    %m1 = "emitc.constant"() <{value = 1 : ui64}> : () -> ui64
    %r = "emitc.constant"() <{value = 3 : ui8}> : () -> ui8
    %on = arith.constant 1 : i8
    // The operands before the mask words keep their names (the bit-mask
    // form has a variadic operand).
    // REACHBITS: copy-cmpmask-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Copy: operand 'src' {{.*}} accesses UB bytes [0, 1282), outside its tensor [0, 1024)
    ascendc.copy_l0 %t, %t, %m0, %m1, %r, %p, %on : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, ui8, !ascendc.copy_repeat_params, i8
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    return
  }
  func.func @nosetmask(%x: memref<?xf16, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %s1 = "emitc.constant"() <{value = 1 : ui16}> : () -> ui16
    %s8 = "emitc.constant"() <{value = 8 : ui16}> : () -> ui16
    %p = ascendc.construct !ascendc.copy_repeat_params(%s1, %s1, %s8, %s8) [ui16, ui16, ui16, ui16] : ui16, ui16, ui16, ui16
    %m = "emitc.constant"() <{value = 128 : ui64}> : () -> ui64
    %r = "emitc.constant"() <{value = 1 : ui8}> : () -> ui8
    %off = arith.constant 0 : i8
    // NOSETMASK: copy-cmpmask-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Copy: isSetMask = false (the mask of SetVectorMask) is not modelled
    ascendc.copy_l1 %t, %t, %m, %r, %p, %off : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui8, !ascendc.copy_repeat_params, i8
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    return
  }
  func.func @small(%x: memref<?xf16, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c64 : !ascendc.queue<vecout, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xui8>
    ascendc.set_cmp_mask %t : !ascendc.local_tensor<*xui8>
    // SMALL: copy-cmpmask-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: GetCmpMask: operand 'dst' {{.*}} accesses UB bytes [0, 128), outside its tensor [0, 64)
    ascendc.get_cmp_mask %t : !ascendc.local_tensor<*xui8>
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xui8>
    return
  }
  func.func @unset(%x: memref<?xf16, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant 128 : i32
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c128 : !ascendc.queue<vecout, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xui8>
    // UNSET: copy-cmpmask-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: warning: block 0: GetCmpMask: the CMPMASK register is read before any Compare (register form) or SetCmpMask wrote it
    ascendc.get_cmp_mask %t : !ascendc.local_tensor<*xui8>
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xui8>
    return
  }
}
