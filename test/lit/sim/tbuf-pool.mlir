// TBufPool through `casc run` (docs/simulator.md, "TBufPool"). @pools
// writes the UB addresses the pools hand out, derived by hand: pool 0 is
// UB [0, 1024) from the TPipe; its queues take [0, 256) and [256, 512); a
// TBuf the TPipe initialises next lands after the pool, at 1024. After
// pool 0's Reset its memory is free again: a queue of 512 bytes starts at
// 0. Pool 1, carved from pool 0, is [512, 1024); pool 2 shares pool 1's
// memory, so both hand out 512. It also moves x through a pool's queue to
// z. out = [0, 256, 1024, 0, 512, 512].
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/npytool.py gen %t/x.npy f32 64 3
// RUN: casc run %s --kernel pools --arg x=%t/x.npy --arg out=zeros:6 --out out=%t/out.npy --out z=%t/z.npy 2>&1 | count 0
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; v = n.read('%t/out.npy')[1]; assert list(v) == [0, 256, 1024, 0, 512, 512], v"
// RUN: python3 %S/Inputs/npytool.py cmp %t/z.npy %t/x.npy
// RUN: not casc run %s --kernel overflow 2>&1 | FileCheck %s --check-prefix=OVER
// RUN: not casc run %s --kernel too_big 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not casc run %s --kernel held 2>&1 | FileCheck %s --check-prefix=HELD
// RUN: not casc run %s --kernel ids 2>&1 | FileCheck %s --check-prefix=IDS
// RUN: not casc run %s --kernel no_memory 2>&1 | FileCheck %s --check-prefix=NOMEM
// RUN: casc run %s --kernel loop 2>&1 | count 0

module {
  func.func @pools(%x: memref<?xf32, 22> loc("x"), %z: memref<?xf32, 22> loc("z"), %out: memref<?xi32, 22> loc("out")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c256 = arith.constant 256 : i32
    %c512 = arith.constant 512 : i32
    %c1024 = arith.constant 1024 : i32
    %i0 = arith.constant 0 : i64
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %i3 = arith.constant 3 : i64
    %i4 = arith.constant 4 : i64
    %i5 = arith.constant 5 : i64
    %u0 = emitc.cast %i0 : i64 to ui64
    %u1 = emitc.cast %i1 : i64 to ui64
    %u2 = emitc.cast %i2 : i64 to ui64
    %u3 = emitc.cast %i3 : i64 to ui64
    %u4 = emitc.cast %i4 : i64 to ui64
    %u5 = emitc.cast %i5 : i64 to ui64
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %og = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %og, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %p0 = ascendc.tBufPool : !ascendc.tbuf_pool<vecin, 4>
    %p1 = ascendc.tBufPool : !ascendc.tbuf_pool<vecin, 4>
    %p2 = ascendc.tBufPool : !ascendc.tbuf_pool<vecin, 4>
    %ok0 = ascendc.pipe.init_buf_pool(%pipe, %p0, %c1024) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, i32 -> i1
    %qi = ascendc.queue : <vecin, 1>
    %qo = ascendc.queue : <vecout, 1>
    ascendc.tbuf_pool.init_queue %p0, %qi, %c1, %c256 : !ascendc.tbuf_pool<vecin, 4>, !ascendc.queue<vecin, 1>, i32, i32
    ascendc.tbuf_pool.init_queue %p0, %qo, %c1, %c256 : !ascendc.tbuf_pool<vecin, 4>, !ascendc.queue<vecout, 1>, i32, i32
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, i32
    %t = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %a0 = ascendc.local_tensor.get_phy_addr %t : !ascendc.local_tensor<*xf32>, i32
    ascendc.global_tensor.set_value %og, %u0, %a0 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.data_copy_l2 %t, %xg, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qi, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %qi : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %zg, %d, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qi, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %o = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %a1 = ascendc.local_tensor.get_phy_addr %o : !ascendc.local_tensor<*xf32>, i32
    ascendc.global_tensor.set_value %og, %u1, %a1 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.que_bind.free_tensor %qo, %o : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %w = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
    %a2 = ascendc.local_tensor.get_phy_addr %w : !ascendc.local_tensor<*xf32>, i32
    ascendc.global_tensor.set_value %og, %u2, %a2 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.pipe_barrier pipe_all
    ascendc.tbuf_pool.reset %p0 : !ascendc.tbuf_pool<vecin, 4>
    ascendc.tbuf_pool.init_queue %p0, %qo, %c1, %c512 : !ascendc.tbuf_pool<vecin, 4>, !ascendc.queue<vecout, 1>, i32, i32
    %o2 = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %a3 = ascendc.local_tensor.get_phy_addr %o2 : !ascendc.local_tensor<*xf32>, i32
    ascendc.global_tensor.set_value %og, %u3, %a3 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.que_bind.free_tensor %qo, %o2 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %ok1 = ascendc.tbuf_pool.init_buf_pool(%p0, %p1, %c512) : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf_pool<vecin, 4>, i32 -> i1
    %ok2 = ascendc.tbuf_pool.init_buf_pool(%p0, %p2, %c256) , %p1 : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf_pool<vecin, 4>, i32 , !ascendc.tbuf_pool<vecin, 4> -> i1
    %tb1 = ascendc.tbuf : <vecin>
    %tb2 = ascendc.tbuf : <vecin>
    ascendc.tbuf_pool.init_buffer %p1, %tb1, %c128 : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf<vecin>, i32
    ascendc.tbuf_pool.init_buffer %p2, %tb2, %c128 : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf<vecin>, i32
    %w1 = ascendc.tbuf.get_tensor %tb1 : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
    %w2 = ascendc.tbuf.get_tensor %tb2 : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
    %a4 = ascendc.local_tensor.get_phy_addr %w1 : !ascendc.local_tensor<*xf32>, i32
    %a5 = ascendc.local_tensor.get_phy_addr %w2 : !ascendc.local_tensor<*xf32>, i32
    ascendc.global_tensor.set_value %og, %u4, %a4 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %og, %u5, %a5 : !ascendc.global_tensor<*xi32>, ui64, i32
    return
  }
  func.func @overflow() attributes {ascendc.global} {
    %c2 = arith.constant 2 : i32
    %c512 = arith.constant 512 : i32
    %pipe = ascendc.pipe
    %p = ascendc.tBufPool : !ascendc.tbuf_pool<vecin, 4>
    %ok = ascendc.pipe.init_buf_pool(%pipe, %p, %c512) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, i32 -> i1
    %q = ascendc.queue : <vecin, 2>
    // OVER: tbuf-pool.mlir:[[@LINE+2]]:5: error: block 0: InitBuffer for queue #0 <VECIN, 2>: 2 buffer(s) of 512 bytes need bytes [0, 1024), but TBufPool #0 has [0, 512)
    // OVER: tbuf-pool.mlir:[[@LINE-4]]:10: note: TBufPool declared here
    ascendc.tbuf_pool.init_queue %p, %q, %c2, %c512 : !ascendc.tbuf_pool<vecin, 4>, !ascendc.queue<vecin, 2>, i32, i32
    return
  }
  func.func @too_big() attributes {ascendc.global} {
    %big = arith.constant 300000 : i32
    %pipe = ascendc.pipe
    %p = ascendc.tBufPool : !ascendc.tbuf_pool<vecin, 4>
    // BIG: tbuf-pool.mlir:[[@LINE+1]]:11: error: block 0: InitBufPool: TBufPool #0 needs bytes [0, 300000), but UB has 196608 bytes
    %ok = ascendc.pipe.init_buf_pool(%pipe, %p, %big) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, i32 -> i1
    return
  }
  func.func @held() attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %pipe = ascendc.pipe
    %p = ascendc.tBufPool : !ascendc.tbuf_pool<vecin, 4>
    %ok = ascendc.pipe.init_buf_pool(%pipe, %p, %c256) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, i32 -> i1
    %q = ascendc.queue : <vecin, 1>
    ascendc.tbuf_pool.init_queue %p, %q, %c1, %c256 : !ascendc.tbuf_pool<vecin, 4>, !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    // HELD: tbuf-pool.mlir:[[@LINE+2]]:5: error: block 0: Reset: buffer 0 of queue #0 <VECIN, 1> is still in use
    // HELD: tbuf-pool.mlir:[[@LINE-2]]:10: note: the tensor was taken here
    ascendc.tbuf_pool.reset %p : !ascendc.tbuf_pool<vecin, 4>
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @ids() attributes {ascendc.global} {
    %c2 = arith.constant 2 : i32
    %c256 = arith.constant 256 : i32
    %c1024 = arith.constant 1024 : i32
    %pipe = ascendc.pipe
    %p = ascendc.tBufPool : !ascendc.tbuf_pool<vecin, 1>
    %ok = ascendc.pipe.init_buf_pool(%pipe, %p, %c1024) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 1>, i32 -> i1
    %q = ascendc.queue : <vecin, 2>
    // IDS: tbuf-pool.mlir:[[@LINE+1]]:5: error: block 0: InitBuffer for queue #0 <VECIN, 2>: TBufPool #0 would manage 2 buffers; its bufIDSize is 1
    ascendc.tbuf_pool.init_queue %p, %q, %c2, %c256 : !ascendc.tbuf_pool<vecin, 1>, !ascendc.queue<vecin, 2>, i32, i32
    return
  }
  func.func @no_memory() attributes {ascendc.global} {
    %c256 = arith.constant 256 : i32
    %pipe = ascendc.pipe
    %p = ascendc.tBufPool : !ascendc.tbuf_pool<vecin, 4>
    %tb = ascendc.tbuf : <vecin>
    // NOMEM: tbuf-pool.mlir:[[@LINE+2]]:5: error: block 0: InitBuffer on TBufPool #0 before InitBufPool gave it memory (or after its Reset, or its parent's)
    // NOMEM: tbuf-pool.mlir:[[@LINE-3]]:10: note: TBufPool declared here
    ascendc.tbuf_pool.init_buffer %p, %tb, %c256 : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf<vecin>, i32
    return
  }
  // A loop of InitBuffer and Reset gives the pool's buffers back to the
  // TPipe every time: 100 rounds stay within its 64 buffers.
  func.func @loop() attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c100 = arith.constant 100 : i32
    %c256 = arith.constant 256 : i32
    %c1024 = arith.constant 1024 : i32
    %pipe = ascendc.pipe
    %p = ascendc.tBufPool : !ascendc.tbuf_pool<vecin, 4>
    %ok = ascendc.pipe.init_buf_pool(%pipe, %p, %c1024) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, i32 -> i1
    %q = ascendc.queue : <vecin, 2>
    scf.for %i = %c0 to %c100 step %c1 : i32 {
      ascendc.tbuf_pool.init_queue %p, %q, %c2, %c256 : !ascendc.tbuf_pool<vecin, 4>, !ascendc.queue<vecin, 2>, i32, i32
      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
      ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
      ascendc.tbuf_pool.reset %p : !ascendc.tbuf_pool<vecin, 4>
    }
    return
  }
}
