// Corpus (correct): multi-core tiling with a tail. Only the first
// `used` cores work; the last of them gets fewer tiles (the count is
// chosen by an scf.if). The whole pipeline sits inside the guard.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @guarded_cores(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %used: i32, %tiles: i32, %last_tiles: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %cst = arith.constant 5.000000e-01 : f32
  %blk = ascendc.get_block_idx : i32
  %active = arith.cmpi slt, %blk, %used : i32
  scf.if %active {
    %lastblk = arith.subi %used, %c1_i32 : i32
    %is_last = arith.cmpi eq, %blk, %lastblk : i32
    %n = scf.if %is_last -> (i32) {
      scf.yield %last_tiles : i32
    } else {
      scf.yield %tiles : i32
    }
    %per = arith.muli %tiles, %c64_i32 : i32
    %start = arith.muli %blk, %per : i32
    %idx = arith.index_cast %start : i32 to index
    %xp = emitasc.ptr_offset %x[%idx] : memref<?xf32, 22>, memref<?xf32, 22>
    %yp = emitasc.ptr_offset %y[%idx] : memref<?xf32, 22>, memref<?xf32, 22>
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %xp : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %yg, %yp : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %qx = ascendc.queue : <vecin, 1>
    %qy = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
    ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
    scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
      %off = arith.muli %i, %c64_i32 : i32
      %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      ascendc.data_copy_l2 %xt, %xs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
      ascendc.muls_l2 %yt, %xd, %cst, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
      ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
      %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
      %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      ascendc.data_copy_l2 %ys, %yd, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
      ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    }
  }
  return
}
