// The sanitizer on MrgSort, Sort and Gatherb: a validBit the hardware does
// not take, a repeat over lists that are not one after another, dst on top
// of a list, a Sort repeat count over 255, a Gatherb offset that is not a
// multiple of 32 bytes.
// RUN: not casc run %s --kernel validbit --arg x=zeros:8 2>&1 | FileCheck --check-prefix=VALIDBIT %s
// RUN: not casc run %s --kernel repeat --arg x=zeros:8 2>&1 | FileCheck --check-prefix=REPEAT %s
// RUN: not casc run %s --kernel overlap --arg x=zeros:8 2>&1 | FileCheck --check-prefix=OVERLAP %s
// RUN: not casc run %s --kernel sort256 --arg x=zeros:8 2>&1 | FileCheck --check-prefix=SORT256 %s
// RUN: not casc run %s --kernel gatherb --arg x=zeros:8 2>&1 | FileCheck --check-prefix=GATHERB %s

module {
  func.func @validbit(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %c128 = arith.constant 128 : i32
    %d = ascendc.local_tensor.subindex %t[%c128] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
    %c8 = arith.constant 8 : i32
    %l2 = ascendc.local_tensor.subindex %t[%c8] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
    %list = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%t, %l2) [!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>] : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
    %n = "emitc.constant"() <{value = 4 : ui16}> : () -> ui16
    %z = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %vb = "emitc.constant"() <{value = 5 : ui16}> : () -> ui16
    %rep = "emitc.constant"() <{value = 1 : ui16}> : () -> ui16
    // VALIDBIT: sort-gatherb-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: MrgSort: validBit is 5; it is 3, 7 or 15 (the first 2, 3 or 4 lists)
    ascendc.mrg_sort %d, %list, %n, %n, %n, %n, %z, %z, %z, %z, %vb, %rep {operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui16, ui16, ui32, ui32, ui32, ui32, ui16, ui16
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @repeat(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %c128 = arith.constant 128 : i32
    %d = ascendc.local_tensor.subindex %t[%c128] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
    %c8 = arith.constant 8 : i32
    %l2 = ascendc.local_tensor.subindex %t[%c8] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
    %list = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%t, %l2) [!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>] : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
    %n = "emitc.constant"() <{value = 4 : ui16}> : () -> ui16
    %z = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %vb = "emitc.constant"() <{value = 3 : ui16}> : () -> ui16
    %rep = "emitc.constant"() <{value = 2 : ui16}> : () -> ui16
    // REPEAT: sort-gatherb-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: MrgSort: repeatTime is 2; more than one repeat needs four lists of one length stored one after another
    ascendc.mrg_sort %d, %list, %n, %n, %n, %n, %z, %z, %z, %z, %vb, %rep {operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui16, ui16, ui32, ui32, ui32, ui32, ui16, ui16
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @overlap(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %c8 = arith.constant 8 : i32
    %l2 = ascendc.local_tensor.subindex %t[%c8] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
    %list = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%t, %l2) [!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>] : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>
    %n = "emitc.constant"() <{value = 4 : ui16}> : () -> ui16
    %z = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %vb = "emitc.constant"() <{value = 3 : ui16}> : () -> ui16
    %rep = "emitc.constant"() <{value = 1 : ui16}> : () -> ui16
    // OVERLAP: sort-gatherb-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: MrgSort: dst overlaps list 1 of sortList
    ascendc.mrg_sort %t, %list, %n, %n, %n, %n, %z, %z, %z, %z, %vb, %rep {operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui16, ui16, ui32, ui32, ui32, ui32, ui16, ui16
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @sort256(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %u = ascendc.reinterpret_cast %t : !ascendc.local_tensor<*xf32> to !ascendc.local_tensor<*xui32>
    %rep = arith.constant 256 : i32
    // SORT256: sort-gatherb-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Sort: repeatTimes is 256; the hardware takes 0..255
    ascendc.sort %t, %t, %u, %t, %rep : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @gatherb(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xui32>
    %off = arith.constant 48 : i32
    %c256 = arith.constant 256 : i32
    ascendc.duplicate_l2 %t, %off, %c256 : !ascendc.local_tensor<*xui32>, i32, i32
    %s1 = "emitc.constant"() <{value = 1 : ui16}> : () -> ui16
    %s8 = "emitc.constant"() <{value = 8 : ui16}> : () -> ui16
    %p = ascendc.construct !ascendc.gather_repeat_params(%s1, %s8) [ui16, ui16] : ui16, ui16
    %rep = "emitc.constant"() <{value = 1 : ui8}> : () -> ui8
    // GATHERB: sort-gatherb-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: block 0: Gatherb: offset[0] is 48 bytes, not a multiple of 32
    ascendc.gatherb_l0 %t, %t, %t, %rep, %p : !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xui32>, ui8, !ascendc.gather_repeat_params
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xui32>
    return
  }
}
