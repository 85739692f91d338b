// Level-0 and level-1 vector ops (mask + repeat times + strides) on the
// simulator, against an independent model of their definition (npytool rep):
// a count mask with block and repeat strides (incl. overlapping repeats), a
// bit mask, half, a vector-scalar op with UnaryRepeatParams and a unary op.
// Elements the mask leaves out keep dst's -7.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/npytool.py gen %t/x32.npy f32 512 3 -4 4
// RUN: python3 %S/Inputs/npytool.py gen %t/y32.npy f32 512 5
// RUN: python3 %S/Inputs/npytool.py gen %t/x16.npy f16 512 7 -20 20
// RUN: python3 %S/Inputs/npytool.py gen %t/y16.npy f16 512 9 -3 3
// RUN: casc run %s --kernel add_l0_strided --arg x=%t/x32.npy --arg y=%t/y32.npy --arg z=zeros:512 --out z=%t/z1.npy
// RUN: python3 %S/Inputs/npytool.py rep %t/r1.npy add %t/x32.npy %t/y32.npy 0 n:48 3 1,2,1,8,16,4 -7
// RUN: python3 %S/Inputs/npytool.py cmp %t/z1.npy %t/r1.npy
// RUN: casc run %s --kernel add_l1_bits --arg x=%t/x32.npy --arg y=%t/y32.npy --arg z=zeros:512 --out z=%t/z2.npy
// RUN: python3 %S/Inputs/npytool.py rep %t/r2.npy add %t/x32.npy %t/y32.npy 0 b:0:f0f0f0f0f0f0f0f5 2 1,1,1,8,8,8 -7
// RUN: python3 %S/Inputs/npytool.py cmp %t/z2.npy %t/r2.npy
// RUN: casc run %s --kernel mul_l0_half --arg x=%t/x16.npy --arg y=%t/y16.npy --arg z=zeros:512 --out z=%t/z3.npy
// RUN: python3 %S/Inputs/npytool.py rep %t/r3.npy mul %t/x16.npy %t/y16.npy 0 n:100 3 1,1,1,8,8,8 -7
// RUN: python3 %S/Inputs/npytool.py cmp %t/z3.npy %t/r3.npy
// RUN: casc run %s --kernel adds_l1_half --arg x=%t/x16.npy --arg y=%t/y16.npy --arg z=zeros:512 --out z=%t/z4.npy
// RUN: python3 %S/Inputs/npytool.py rep %t/r4.npy adds %t/x16.npy - 0.5 b:ff:ffffffffffffffff 2 2,1,0,16,8,0 -7
// RUN: python3 %S/Inputs/npytool.py cmp %t/z4.npy %t/r4.npy
// RUN: casc run %s --kernel exp_l0 --arg x=%t/x32.npy --arg y=%t/y32.npy --arg z=zeros:512 --out z=%t/z5.npy
// RUN: python3 %S/Inputs/npytool.py rep %t/r5.npy exp %t/x32.npy - 0 n:64 4 1,1,0,8,8,0 -7
// RUN: python3 %S/Inputs/npytool.py cmp %t/z5.npy %t/r5.npy 1e-4

module {
  func.func @add_l0_strided(%x: memref<?xf32, 22> loc("x"), %y: memref<?xf32, 22> loc("y"), %z: memref<?xf32, 22> loc("z")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c512 = arith.constant 512 : i32
    %c2048 = arith.constant 2048 : i32
    %init = arith.constant -7.0 : f32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c2048 : !ascendc.queue<vecin, 1>, i32, i32
    %r = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %r, %c1, %c2048 : !ascendc.queue<vecin, 1>, i32, i32
    %s = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %s, %c1, %c2048 : !ascendc.queue<vecout, 1>, i32, i32
    %xl = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %yl = ascendc.que_bind.alloc_tensor %r : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %zl = ascendc.que_bind.alloc_tensor %s : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %xl, %xg, %c512 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %yl, %yg, %c512 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.duplicate_l2 %zl, %init, %c512 : !ascendc.local_tensor<*xf32>, f32, i32
    %p0 = arith.constant 1 : i32
    %p1 = arith.constant 2 : i32
    %p2 = arith.constant 1 : i32
    %p3 = arith.constant 8 : i32
    %p4 = arith.constant 16 : i32
    %p5 = arith.constant 4 : i32
    %params = ascendc.construct !ascendc.binary_repeat_params(%p0, %p1, %p2, %p3, %p4, %p5) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
    %mask = arith.constant 48 : i32
    %rep = arith.constant 3 : i32
    ascendc.add_l0 %zl, %xl, %yl, %mask, %rep, %params {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.binary_repeat_params
    ascendc.data_copy_l2 %zg, %zl, %c512 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %xl : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %r, %yl : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %s, %zl : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @add_l1_bits(%x: memref<?xf32, 22> loc("x"), %y: memref<?xf32, 22> loc("y"), %z: memref<?xf32, 22> loc("z")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c512 = arith.constant 512 : i32
    %c2048 = arith.constant 2048 : i32
    %init = arith.constant -7.0 : f32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c2048 : !ascendc.queue<vecin, 1>, i32, i32
    %r = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %r, %c1, %c2048 : !ascendc.queue<vecin, 1>, i32, i32
    %s = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %s, %c1, %c2048 : !ascendc.queue<vecout, 1>, i32, i32
    %xl = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %yl = ascendc.que_bind.alloc_tensor %r : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %zl = ascendc.que_bind.alloc_tensor %s : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %xl, %xg, %c512 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %yl, %yg, %c512 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.duplicate_l2 %zl, %init, %c512 : !ascendc.local_tensor<*xf32>, f32, i32
    %p0 = arith.constant 1 : i32
    %p1 = arith.constant 1 : i32
    %p2 = arith.constant 1 : i32
    %p3 = arith.constant 8 : i32
    %p4 = arith.constant 8 : i32
    %p5 = arith.constant 8 : i32
    %params = ascendc.construct !ascendc.binary_repeat_params(%p0, %p1, %p2, %p3, %p4, %p5) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
    %m0 = "emitc.constant"() <{value = 17361641481138401525 : ui64}> : () -> ui64
    %m1 = "emitc.constant"() <{value = 0 : ui64}> : () -> ui64
    %rep = arith.constant 2 : i32
    ascendc.add_l1 %zl, %xl, %yl, %m0, %m1, %rep, %params {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
    ascendc.data_copy_l2 %zg, %zl, %c512 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %xl : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %r, %yl : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %s, %zl : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @mul_l0_half(%x: memref<?xf16, 22> loc("x"), %y: memref<?xf16, 22> loc("y"), %z: memref<?xf16, 22> loc("z")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c512 = arith.constant 512 : i32
    %c2048 = arith.constant 2048 : i32
    %init = arith.constant -7.0 : f16
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c2048 : !ascendc.queue<vecin, 1>, i32, i32
    %r = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %r, %c1, %c2048 : !ascendc.queue<vecin, 1>, i32, i32
    %s = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %s, %c1, %c2048 : !ascendc.queue<vecout, 1>, i32, i32
    %xl = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %yl = ascendc.que_bind.alloc_tensor %r : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %zl = ascendc.que_bind.alloc_tensor %s : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %xl, %xg, %c512 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.data_copy_l2 %yl, %yg, %c512 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.duplicate_l2 %zl, %init, %c512 : !ascendc.local_tensor<*xf16>, f16, i32
    %p0 = arith.constant 1 : i32
    %p1 = arith.constant 1 : i32
    %p2 = arith.constant 1 : i32
    %p3 = arith.constant 8 : i32
    %p4 = arith.constant 8 : i32
    %p5 = arith.constant 8 : i32
    %params = ascendc.construct !ascendc.binary_repeat_params(%p0, %p1, %p2, %p3, %p4, %p5) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
    %mask = arith.constant 100 : i32
    %rep = arith.constant 3 : i32
    ascendc.mul_l0 %zl, %xl, %yl, %mask, %rep, %params {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, !ascendc.binary_repeat_params
    ascendc.data_copy_l2 %zg, %zl, %c512 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q, %xl : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %r, %yl : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %s, %zl : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    return
  }
  func.func @adds_l1_half(%x: memref<?xf16, 22> loc("x"), %y: memref<?xf16, 22> loc("y"), %z: memref<?xf16, 22> loc("z")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c512 = arith.constant 512 : i32
    %c2048 = arith.constant 2048 : i32
    %init = arith.constant -7.0 : f16
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c2048 : !ascendc.queue<vecin, 1>, i32, i32
    %r = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %r, %c1, %c2048 : !ascendc.queue<vecin, 1>, i32, i32
    %s = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %s, %c1, %c2048 : !ascendc.queue<vecout, 1>, i32, i32
    %xl = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %yl = ascendc.que_bind.alloc_tensor %r : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %zl = ascendc.que_bind.alloc_tensor %s : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    ascendc.data_copy_l2 %xl, %xg, %c512 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.data_copy_l2 %yl, %yg, %c512 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.duplicate_l2 %zl, %init, %c512 : !ascendc.local_tensor<*xf16>, f16, i32
    %p0 = arith.constant 2 : i32
    %p1 = arith.constant 1 : i32
    %p2 = arith.constant 16 : i32
    %p3 = arith.constant 8 : i32
    %params = ascendc.construct !ascendc.unary_repeat_params(%p0, %p1, %p2, %p3) [ui16, ui16, ui8, ui8] : i32, i32, i32, i32
    %sc = arith.constant 5.000000e-01 : f16
    %m0 = "emitc.constant"() <{value = 18446744073709551615 : ui64}> : () -> ui64
    %m1 = "emitc.constant"() <{value = 255 : ui64}> : () -> ui64
    %rep = arith.constant 2 : i32
    ascendc.adds_l1 %zl, %xl, %sc, %m0, %m1, %rep, %params {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i32, !ascendc.unary_repeat_params
    ascendc.data_copy_l2 %zg, %zl, %c512 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %q, %xl : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %r, %yl : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %s, %zl : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
    return
  }
  func.func @exp_l0(%x: memref<?xf32, 22> loc("x"), %y: memref<?xf32, 22> loc("y"), %z: memref<?xf32, 22> loc("z")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c512 = arith.constant 512 : i32
    %c2048 = arith.constant 2048 : i32
    %init = arith.constant -7.0 : f32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c2048 : !ascendc.queue<vecin, 1>, i32, i32
    %r = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %r, %c1, %c2048 : !ascendc.queue<vecin, 1>, i32, i32
    %s = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %s, %c1, %c2048 : !ascendc.queue<vecout, 1>, i32, i32
    %xl = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %yl = ascendc.que_bind.alloc_tensor %r : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %zl = ascendc.que_bind.alloc_tensor %s : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %xl, %xg, %c512 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %yl, %yg, %c512 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.duplicate_l2 %zl, %init, %c512 : !ascendc.local_tensor<*xf32>, f32, i32
    %p0 = arith.constant 1 : i32
    %p1 = arith.constant 1 : i32
    %p2 = arith.constant 8 : i32
    %p3 = arith.constant 8 : i32
    %params = ascendc.construct !ascendc.unary_repeat_params(%p0, %p1, %p2, %p3) [ui16, ui16, ui8, ui8] : i32, i32, i32, i32
    %mask = arith.constant 64 : i32
    %rep = arith.constant 4 : i32
    ascendc.exp_l0 %zl, %xl, %mask, %rep, %params {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.unary_repeat_params
    ascendc.data_copy_l2 %zg, %zl, %c512 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %xl : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %r, %yl : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %s, %zl : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    return
  }
}
