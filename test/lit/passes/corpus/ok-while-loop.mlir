// Corpus (correct): a data-dependent loop. The kernel processes tiles
// while the running maximum stays below a threshold read back from the
// output tile (scf.while), one tile in flight at a time.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @until_threshold(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %limit: f32, %maxtiles: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 1>
  %qy = ascendc.queue : <vecout, 1>
  %work = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %c2_i32, %c256_i32 : !ascendc.queue<vecout, 1>, i32, i32
  ascendc.pipe.init_buffer %pipe, %work, %c256_i32 : !ascendc.tbuf<veccalc>, i32
  %w = ascendc.tbuf.get_tensor %work : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  %r:2 = scf.while (%i = %c0_i32, %m = %cst) : (i32, f32) -> (i32, f32) {
    %below = arith.cmpf olt, %m, %limit : f32
    %more = arith.cmpi slt, %i, %maxtiles : i32
    %go = arith.andi %below, %more : i1
    scf.condition(%go) %i, %m : i32, f32
  } do {
  ^bb0(%j: i32, %mm: f32):
    %off = arith.muli %j, %c64_i32 : i32
    %xt = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %xt, %xs, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qx, %xt : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %yt = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.reduce_sum_l2 %yt, %xd, %w, %c64_i32 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %v = ascendc.local_tensor.get_value %yt, %c0_i32 : !ascendc.local_tensor<*xf32>, i32, f32
    ascendc.que_bind.enque_tensor %qy, %yt : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %ys = ascendc.global_tensor.subindex %yg[%j] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %ys, %yd, %c64_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %nm = arith.maximumf %mm, %v : f32
    %nj = arith.addi %j, %c1_i32 : i32
    scf.yield %nj, %nm : i32, f32
  }
  return
}
