// The kernel of examples/add_framework.c written by hand as ASC-IR, in the
// form pyasc's front end builds it (docs/ir.md §6.2): every constant is
// materialised right before its use, the loop bounds right before the loop,
// and the copy_in/compute/copy_out helpers are inlined.
module {
  func.func @vadd_kernel(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %z: memref<?xf16, 22>, %block_length: i32) attributes {ascendc.aicore, ascendc.global} {
    %bid = ascendc.get_block_idx : i32
    %offset = arith.muli %bid, %block_length : i32
    %xi = arith.index_cast %offset : i32 to index
    %xp = emitasc.ptr_offset %x[%xi] : memref<?xf16, 22>, memref<?xf16, 22>
    %x_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %x_gm, %xp : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %yi = arith.index_cast %offset : i32 to index
    %yp = emitasc.ptr_offset %y[%yi] : memref<?xf16, 22>, memref<?xf16, 22>
    %y_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %y_gm, %yp : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %zi = arith.index_cast %offset : i32 to index
    %zp = emitasc.ptr_offset %z[%zi] : memref<?xf16, 22>, memref<?xf16, 22>
    %z_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %z_gm, %zp : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %pipe = ascendc.pipe
    %qx = ascendc.queue : <vecin, 2>
    %qy = ascendc.queue : <vecin, 2>
    %qz = ascendc.queue : <vecout, 2>
    %num_x = arith.constant 2 : i32
    %len_x = arith.constant 256 : i32
    ascendc.pipe.init_queue %pipe, %qx, %num_x, %len_x : !ascendc.queue<vecin, 2>, i32, i32
    %num_y = arith.constant 2 : i32
    %len_y = arith.constant 256 : i32
    ascendc.pipe.init_queue %pipe, %qy, %num_y, %len_y : !ascendc.queue<vecin, 2>, i32, i32
    %num_z = arith.constant 2 : i32
    %len_z = arith.constant 256 : i32
    ascendc.pipe.init_queue %pipe, %qz, %num_z, %len_z : !ascendc.queue<vecout, 2>, i32, i32
    %lb = arith.constant 0 : i32
    %ub = arith.constant 16 : i32
    %step = arith.constant 1 : i32
    scf.for %i = %lb to %ub step %step : i32 {
      // copy_in
      %xl = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %yl = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %tx = arith.constant 128 : i32
      %ox = arith.muli %i, %tx : i32
      %xs = ascendc.global_tensor.subindex %x_gm[%ox] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      %nx = arith.constant 128 : i32
      ascendc.data_copy_l2 %xl, %xs, %nx : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      %ty = arith.constant 128 : i32
      %oy = arith.muli %i, %ty : i32
      %ys = ascendc.global_tensor.subindex %y_gm[%oy] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      %ny = arith.constant 128 : i32
      ascendc.data_copy_l2 %yl, %ys, %ny : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qx, %xl : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.enque_tensor %qy, %yl : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      // compute
      %xd = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %yd = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %zl = ascendc.que_bind.alloc_tensor %qz : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      %nadd = arith.constant 128 : i32
      ascendc.add_l2 %zl, %xd, %yd, %nadd : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.enque_tensor %qz, %zl : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.free_tensor %qx, %xd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      ascendc.que_bind.free_tensor %qy, %yd : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      // copy_out
      %zd = ascendc.que_bind.deque_tensor %qz : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
      %tz = arith.constant 128 : i32
      %oz = arith.muli %i, %tz : i32
      %zs = ascendc.global_tensor.subindex %z_gm[%oz] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      %nz = arith.constant 128 : i32
      ascendc.data_copy_l2 %zs, %zd, %nz : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %qz, %zd : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf16>
    }
    return
  }
}
