// LocalTensor.Print / ToFile, DumpAccChkPoint and PrintTimeStamp through
// `casc run` (docs/simulator.md, "Printing"): they reach the print sink as
// DumpTensor does. The tensor holds 16 int32 5s, with t[3] = 9 and
// t[8] = 11, so every line below is derived by hand.
// RUN: casc run %s --kernel show | FileCheck %s
// CHECK:      [block 0] {{.*}}print-debug.mlir:44:5: Print: addr=0, data_type=int32, position=UB, len=4
// CHECK-NEXT: [block 0] {{.*}}print-debug.mlir:44:5: [5, 5, 5, 9]
// CHECK-NEXT: [block 0] {{.*}}print-debug.mlir:45:5: Print: addr=0, data_type=int32, position=UB, len=16
// CHECK-NEXT: [block 0] {{.*}}print-debug.mlir:45:5: [5, 5, 5, 9, 5, 5, 5, 5, 11, 5, 5, 5, 5, 5, 5, 5]
// CHECK-NEXT: [block 0] {{.*}}print-debug.mlir:46:5: ToFile: file=t.bin, addr=0, data_type=int32, position=UB, len=16
// CHECK-NEXT: [block 0] {{.*}}print-debug.mlir:46:5: [5, 5, 5, 9, 5, 5, 5, 5, 11, 5, 5, 5, 5, 5, 5, 5]
// CHECK-NEXT: [block 0] {{.*}}print-debug.mlir:47:5: DumpTensor: desc=7, addr=32, data_type=int32, position=UB, dump_size=2
// CHECK-NEXT: [block 0] {{.*}}print-debug.mlir:47:5: [11, 5]
// CHECK-NEXT: [block 0] {{.*}}print-debug.mlir:48:5: descId is 65577, rsv is 0, timeStamp is {{[1-9][0-9]*}}, pcPtr is {{[1-9][0-9]*}}, entry is 0.
// CHECK-NOT: block
//
// DumpAccChkPoint's offset keeps the 32-byte alignment; Print stays inside
// the tensor.
// RUN: not casc run %s --kernel bad --arg which=0 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not casc run %s --kernel bad --arg which=1 2>&1 | FileCheck %s --check-prefix=LEN

module {
  func.func @show() attributes {ascendc.global} {
    %c3 = arith.constant 3 : i32
    %c5 = arith.constant 5 : i32
    %c8 = arith.constant 8 : i32
    %c9 = arith.constant 9 : i32
    %c11 = arith.constant 11 : i32
    %c16 = arith.constant 16 : i32
    %c64 = arith.constant 64 : i32
    %u2 = "emitc.constant"() <{value = 2 : ui32}> : () -> ui32
    %u4 = "emitc.constant"() <{value = 4 : ui32}> : () -> ui32
    %u7 = "emitc.constant"() <{value = 7 : ui32}> : () -> ui32
    %u8 = "emitc.constant"() <{value = 8 : ui32}> : () -> ui32
    %id = arith.constant 65577 : i32
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c64 : !ascendc.tbuf<veccalc>, i32
    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi32>
    ascendc.duplicate_l2 %t, %c5, %c16 : !ascendc.local_tensor<*xi32>, i32, i32
    ascendc.pipe_barrier pipe_all
    ascendc.local_tensor.set_value %t, %c3, %c9 : !ascendc.local_tensor<*xi32>, i32, i32
    ascendc.local_tensor.set_value %t, %c8, %c11 : !ascendc.local_tensor<*xi32>, i32, i32
    ascendc.local_tensor.print %t, %u4 : !ascendc.local_tensor<*xi32>, ui32
    ascendc.local_tensor.print %t : !ascendc.local_tensor<*xi32>
    ascendc.local_tensor.to_file %t {fileName = "t.bin"} : !ascendc.local_tensor<*xi32>
    ascendc.dump_acc_chk_point %t, %u7, %u8, %u2 : !ascendc.local_tensor<*xi32>, ui32, ui32, ui32
    ascendc.print_time_stamp %id : i32
    return
  }
  func.func @bad(%which: i32) attributes {ascendc.global} {
    %c5 = arith.constant 5 : i32
    %c16 = arith.constant 16 : i32
    %c64 = arith.constant 64 : i32
    %u2 = "emitc.constant"() <{value = 2 : ui32}> : () -> ui32
    %u3 = "emitc.constant"() <{value = 3 : ui32}> : () -> ui32
    %u32 = "emitc.constant"() <{value = 32 : ui32}> : () -> ui32
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c64 : !ascendc.tbuf<veccalc>, i32
    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi32>
    ascendc.duplicate_l2 %t, %c5, %c16 : !ascendc.local_tensor<*xi32>, i32, i32
    %c0 = arith.constant 0 : i32
    %align = arith.cmpi eq, %which, %c0 : i32
    scf.if %align {
    // ALIGN: print-debug.mlir:[[@LINE+1]]:5: error: block 0: DumpAccChkPoint: operand 'tensor' (buffer 0 of TBuf #0 <VECCALC>) has UB address 12, which is not 32-byte aligned
    ascendc.dump_acc_chk_point %t, %u2, %u3, %u2 : !ascendc.local_tensor<*xi32>, ui32, ui32, ui32
    }
    // LEN: print-debug.mlir:[[@LINE+1]]:5: error: block 0: Print: operand 'tensor' (buffer 0 of TBuf #0 <VECCALC>) accesses UB bytes [0, 128), outside its tensor [0, 64) (64 bytes)
    ascendc.local_tensor.print %t, %u32 : !ascendc.local_tensor<*xi32>, ui32
    return
  }
}
