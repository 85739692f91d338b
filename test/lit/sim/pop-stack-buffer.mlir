// PopStackBuffer through `casc run` (docs/simulator.md, "Environment
// registers"). The stack is the UB the TPipe's buffers leave free, from
// their end to the UB size less the 64 bytes kept for KFC messages
// (asc-devkit impl/basic_api/kernel_pop_stack_buffer.h): after a 1024-byte
// TBuf it starts at byte 1024 and is 196608 - 64 - 1024 = 195520 bytes
// long; an element stored at its last index reads back.
// RUN: rm -rf %t && mkdir -p %t
// RUN: casc run %s --kernel pop --arg out=zeros:3 --out out=%t/out.npy 2>&1 | count 0
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; v = list(n.read('%t/out.npy')[1]); assert v == [1024, 195520, 77], v"
// RUN: not casc run %s --kernel no_pipe 2>&1 | FileCheck %s --check-prefix=NOPIPE
// RUN: not casc run %s --kernel past_end 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not casc run %s --kernel l1 2>&1 | FileCheck %s --check-prefix=POS

module {
  func.func @pop(%out: memref<?xi32, 22> loc("out")) attributes {ascendc.global} {
    %c1024 = arith.constant 1024 : i32
    %last = arith.constant 48879 : i32
    %c77 = arith.constant 77 : i32
    %u0 = "emitc.constant"() <{value = 0 : ui64}> : () -> ui64
    %u1 = "emitc.constant"() <{value = 1 : ui64}> : () -> ui64
    %u2 = "emitc.constant"() <{value = 2 : ui64}> : () -> ui64
    %og = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %og, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <vecin>
    ascendc.pipe.init_buffer %pipe, %tb, %c1024 : !ascendc.tbuf<vecin>, i32
    %t = ascendc.local_tensor : !ascendc.local_tensor<*xi32>
    ascendc.pop_stack_buffer veccalc %t : !ascendc.local_tensor<*xi32>
    %addr = ascendc.local_tensor.get_phy_addr %t : !ascendc.local_tensor<*xi32>, i32
    %ulen = ascendc.local_tensor.get_length %t : !ascendc.local_tensor<*xi32>, ui32
    %len = emitc.cast %ulen : ui32 to i32
    ascendc.local_tensor.set_value %t, %last, %c77 : !ascendc.local_tensor<*xi32>, i32, i32
    %v = ascendc.local_tensor.get_value %t, %last : !ascendc.local_tensor<*xi32>, i32, i32
    ascendc.global_tensor.set_value %og, %u0, %addr : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %og, %u1, %len : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %og, %u2, %v : !ascendc.global_tensor<*xi32>, ui64, i32
    return
  }
  func.func @no_pipe() attributes {ascendc.global} {
    %t = ascendc.local_tensor : !ascendc.local_tensor<*xi32>
    // NOPIPE: pop-stack-buffer.mlir:[[@LINE+1]]:5: error: block 0: PopStackBuffer: no TPipe is alive (the library asserts GetTPipePtr() != nullptr: the stack is the UB the TPipe's buffers leave free)
    ascendc.pop_stack_buffer veccalc %t : !ascendc.local_tensor<*xi32>
    return
  }
  func.func @past_end() attributes {ascendc.global} {
    %c77 = arith.constant 77 : i32
    %end = arith.constant 49136 : i32
    %pipe = ascendc.pipe
    %t = ascendc.local_tensor : !ascendc.local_tensor<*xi32>
    ascendc.pop_stack_buffer vecout %t : !ascendc.local_tensor<*xi32>
    // PAST: pop-stack-buffer.mlir:[[@LINE+1]]:5: error: block 0: SetValue: operand 'tensor' accesses UB bytes [196544, 196548), outside its tensor [0, 196544) (196544 bytes)
    ascendc.local_tensor.set_value %t, %end, %c77 : !ascendc.local_tensor<*xi32>, i32, i32
    return
  }
  func.func @l1() attributes {ascendc.global} {
    %t = ascendc.local_tensor : !ascendc.local_tensor<*xi32>
    // POS: pop-stack-buffer.mlir:[[@LINE+1]]:5: error: not supported by the simulator: ascendc.pop_stack_buffer (a position outside the unified buffer (PopStackBuffer takes VECIN, VECOUT or VECCALC: the library asserts hardType == UB))
    ascendc.pop_stack_buffer a1 %t : !ascendc.local_tensor<*xi32>
    return
  }
}
