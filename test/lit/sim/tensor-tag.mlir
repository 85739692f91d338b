// LocalTensor user tags and SetBufferLen through `casc run`
// (docs/simulator.md, "Tensor bookkeeping"). A tag lives with the buffer:
// the two tensors tagged 10 and 20 come out of the queue with their tags,
// and buffer 0 still says 10 when AllocTensor hands it out again.
// SetBufferLen(128) makes a 256-byte f32 tensor 32 elements long. So out
// is [10, 20, 10, 32], derived by hand.
// RUN: rm -rf %t && mkdir -p %t
// RUN: casc run %s --kernel tags --arg out=zeros:4 --out out=%t/out.npy 2>&1 | count 0
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; v = n.read('%t/out.npy')[1]; assert list(v) == [10, 20, 10, 32], v"
// RUN: not casc run %s --kernel bad_len 2>&1 | FileCheck %s --check-prefix=LEN
// RUN: not casc run %s --kernel addr_tag 2>&1 | FileCheck %s --check-prefix=ADDR
// RUN: casc run %s --kernel untagged 2>&1 | FileCheck %s --check-prefix=UNTAGGED

module {
  func.func @tags(%out: memref<?xi32, 22> loc("out")) attributes {ascendc.global} {
    %c2 = arith.constant 2 : i32
    %c10 = arith.constant 10 : i32
    %c20 = arith.constant 20 : i32
    %c256 = arith.constant 256 : i32
    %u128 = "emitc.constant"() <{value = 128 : ui32}> : () -> ui32
    %i0 = arith.constant 0 : i64
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %i3 = arith.constant 3 : i64
    %u0 = emitc.cast %i0 : i64 to ui64
    %u1 = emitc.cast %i1 : i64 to ui64
    %u2 = emitc.cast %i2 : i64 to ui64
    %u3 = emitc.cast %i3 : i64 to ui64
    %og = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %og, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 2>
    ascendc.pipe.init_queue %pipe, %q, %c2, %c256 : !ascendc.queue<vecin, 2>, i32, i32
    %t1 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.local_tensor.set_user_tag %t1, %c10 : !ascendc.local_tensor<*xf32>, i32
    %t2 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.local_tensor.set_user_tag %t2, %c20 : !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %q, %t1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %q, %t2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %d1 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %d2 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %g1 = ascendc.local_tensor.get_user_tag %d1 : !ascendc.local_tensor<*xf32>, i32
    %g2 = ascendc.local_tensor.get_user_tag %d2 : !ascendc.local_tensor<*xf32>, i32
    ascendc.global_tensor.set_value %og, %u0, %g1 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %og, %u1, %g2 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.que_bind.free_tensor %q, %d1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %q, %d2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %t3 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %g3 = ascendc.local_tensor.get_user_tag %t3 : !ascendc.local_tensor<*xf32>, i32
    ascendc.global_tensor.set_value %og, %u2, %g3 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.local_tensor.set_buffer_len %t3, %u128 : !ascendc.local_tensor<*xf32>, ui32
    %sz = ascendc.local_tensor.get_size %t3 : !ascendc.local_tensor<*xf32>, i32
    ascendc.global_tensor.set_value %og, %u3, %sz : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.que_bind.free_tensor %q, %t3 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @bad_len() attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %u512 = "emitc.constant"() <{value = 512 : ui32}> : () -> ui32
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, i32
    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
    // LEN: tensor-tag.mlir:[[@LINE+1]]:5: error: block 0: SetBufferLen: 512 bytes, but the tensor's buffer has room for 256 from its start
    ascendc.local_tensor.set_buffer_len %t, %u512 : !ascendc.local_tensor<*xf32>, ui32
    return
  }
  func.func @addr_tag() attributes {ascendc.global} {
    %c7 = arith.constant 7 : i32
    %a0 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %t = ascendc.local_tensor_v2 vecin, %a0, %a0 : !ascendc.local_tensor<*xf32>
    // ADDR: tensor-tag.mlir:[[@LINE+1]]:5: error: block 0: SetUserTag: the tensor was built from an address, so it has no buffer handle to keep a tag in (tags live with the buffers of queues and TBufs)
    ascendc.local_tensor.set_user_tag %t, %c7 : !ascendc.local_tensor<*xf32>, i32
    return
  }
  func.func @untagged() attributes {ascendc.global} {
    %c256 = arith.constant 256 : i32
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, i32
    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
    // UNTAGGED: tensor-tag.mlir:[[@LINE+1]]:10: warning: block 0: GetUserTag: no SetUserTag gave this buffer a tag; it reads 0
    %g = ascendc.local_tensor.get_user_tag %t : !ascendc.local_tensor<*xf32>, i32
    return
  }
}
