// Corpus (correct): row softmax with a TBuf work area. Per row: load,
// ReduceMax into the work area, subtract, Exp, ReduceSum, divide, store.
// The input tile is freed right after its last read; the scalars read back
// with GetValue come from the TBuf.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @softmax_rows(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %rows: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %c512_i32 = arith.constant 512 : i32
  %c0_ui32 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %false = arith.constant false
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  %tb = ascendc.tbuf : <veccalc>
  %red = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  ascendc.pipe.init_buffer %pipe, %tb, %c512_i32 : !ascendc.tbuf<veccalc>, i32
  ascendc.pipe.init_buffer %pipe, %red, %c64_i32 : !ascendc.tbuf<veccalc>, i32
  scf.for %r = %c0_i32 to %rows step %c1_i32  : i32 {
    %off = arith.muli %r, %c64_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %xt, %xs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %work = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
    %acc = ascendc.tbuf.get_tensor %red : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.reduce_max_l2 %acc, %xd, %work, %c64_i32, %false : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i1
    %m = ascendc.local_tensor.get_value %acc, %c0_ui32 : !ascendc.local_tensor<*xf32>, ui32, f32
    %negm = arith.negf %m : f32
    ascendc.adds_l2 %yt, %xd, %negm, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.exp_l2 %yt, %yt, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.reduce_sum_l2 %acc, %yt, %work, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    %s = ascendc.local_tensor.get_value %acc, %c0_ui32 : !ascendc.local_tensor<*xf32>, ui32, f32
    %inv = arith.divf %s, %s : f32
    ascendc.muls_l2 %yt, %yt, %inv, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %ys, %yd, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  }
  return
}
