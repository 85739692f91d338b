// CheckLocalMemoryIA through `casc run` (docs/simulator.md, "Environment
// registers"; sanitizer check `local-memory-ia`). Register 1 guards (1, 2]
// in 32-byte units, the UB byte addresses 33..64 (the reference: "(startAddr,
// endAddr]"), against MTE writes: a DataCopy of 16 floats to UB byte 0 writes
// bytes [0, 64) and trips it. The same copy runs clean when the register
// guards only vector reads, and after it is reset with isEnable = false (the
// reference asks for that reset after each use). A register guarding
// (0, 0] covers no byte; one guarding scalar reads of (0, 1] (bytes 1..32)
// lets SetValue of element 0 (a scalar write) pass and stops GetValue.
// RUN: not casc run %s --kernel trips --arg x=zeros:16 2>&1 | FileCheck %s --check-prefix=TRIP
// RUN: casc run %s --kernel other_kind --arg x=zeros:16 2>&1 | count 0
// RUN: casc run %s --kernel reset --arg x=zeros:16 2>&1 | count 0
// RUN: not casc run %s --kernel bad_bit 2>&1 | FileCheck %s --check-prefix=BIT
// RUN: not casc run %s --kernel scalar 2>&1 | FileCheck %s --check-prefix=SCALAR

module {
  func.func @trips(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c16 = arith.constant 16 : i32
    %c256 = arith.constant 256 : i32
    %t1 = arith.constant true
    %f = arith.constant false
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <vecin>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<vecin>, i32
    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
    %p = ascendc.construct !ascendc.check_local_memory_ia_param(%c1, %c1, %c2, %f, %f, %f, %f, %f, %t1, %t1) [ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1] : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1
    // TRIP: check-local-memory-ia.mlir:[[@LINE+3]]:5: error: block 0: DataCopy: an MTE write of UB bytes [0, 64) by operand 'dst' enters (32, 64], the range exception register 1 guards (CheckLocalMemoryIA); on the NPU the core raises an exception
    // TRIP-NEXT: check-local-memory-ia.mlir:[[@LINE+1]]:5: note: register 1 enabled here
    ascendc.check_local_memory_ia %p : !ascendc.check_local_memory_ia_param
    ascendc.data_copy_l2 %t, %xg, %c16 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    return
  }
  func.func @other_kind(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c16 = arith.constant 16 : i32
    %c256 = arith.constant 256 : i32
    %t1 = arith.constant true
    %f = arith.constant false
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <vecin>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<vecin>, i32
    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
    %p = ascendc.construct !ascendc.check_local_memory_ia_param(%c1, %c1, %c2, %f, %f, %t1, %f, %f, %f, %t1) [ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1] : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1
    ascendc.check_local_memory_ia %p : !ascendc.check_local_memory_ia_param
    ascendc.data_copy_l2 %t, %xg, %c16 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    return
  }
  func.func @reset(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c16 = arith.constant 16 : i32
    %c256 = arith.constant 256 : i32
    %t1 = arith.constant true
    %f = arith.constant false
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <vecin>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<vecin>, i32
    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
    %on = ascendc.construct !ascendc.check_local_memory_ia_param(%c1, %c1, %c2, %f, %f, %f, %f, %f, %t1, %t1) [ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1] : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1
    %off = ascendc.construct !ascendc.check_local_memory_ia_param(%c1, %c1, %c2, %f, %f, %f, %f, %f, %t1, %f) [ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1] : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1
    ascendc.check_local_memory_ia %on : !ascendc.check_local_memory_ia_param
    ascendc.check_local_memory_ia %off : !ascendc.check_local_memory_ia_param
    ascendc.data_copy_l2 %t, %xg, %c16 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    return
  }
  func.func @bad_bit() attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c4 = arith.constant 4 : i32
    %t1 = arith.constant true
    %f = arith.constant false
    %p = ascendc.construct !ascendc.check_local_memory_ia_param(%c4, %c0, %c0, %f, %f, %f, %f, %f, %f, %t1) [ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1] : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1
    // BIT: check-local-memory-ia.mlir:[[@LINE+1]]:5: error: block 0: CheckLocalMemoryIA: enableBit is 4; the exception registers are 0..3
    ascendc.check_local_memory_ia %p : !ascendc.check_local_memory_ia_param
    return
  }
  func.func @scalar() attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c9 = arith.constant 9 : i32
    %c256 = arith.constant 256 : i32
    %t1 = arith.constant true
    %f = arith.constant false
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <vecin>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<vecin>, i32
    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xi32>
    %empty = ascendc.construct !ascendc.check_local_memory_ia_param(%c0, %c0, %c0, %t1, %t1, %t1, %t1, %t1, %t1, %t1) [ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1] : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1
    %p = ascendc.construct !ascendc.check_local_memory_ia_param(%c1, %c0, %c1, %t1, %f, %f, %f, %f, %f, %t1) [ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1] : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1
    ascendc.check_local_memory_ia %empty : !ascendc.check_local_memory_ia_param
    ascendc.check_local_memory_ia %p : !ascendc.check_local_memory_ia_param
    ascendc.local_tensor.set_value %t, %c0, %c9 : !ascendc.local_tensor<*xi32>, i32, i32
    // SCALAR: check-local-memory-ia.mlir:[[@LINE+1]]:10: error: block 0: GetValue: a scalar read of UB bytes [0, 4) by operand 'tensor' enters (0, 32], the range exception register 1 guards (CheckLocalMemoryIA); on the NPU the core raises an exception
    %v = ascendc.local_tensor.get_value %t, %c0 : !ascendc.local_tensor<*xi32>, i32, i32
    return
  }
}
