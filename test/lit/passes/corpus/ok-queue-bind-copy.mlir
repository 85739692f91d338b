// Corpus (correct): a TQueBind<VECIN, VECOUT> moves each tile from GM to
// UB and back without a compute stage (the same buffer is the input and
// the output), double buffered, tile count from the block length.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @copy_through_ub(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %blen: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c512_i32 = arith.constant 512 : i32
  %c1024_i32 = arith.constant 1024 : i32
  %blk = ascendc.get_block_idx : i32
  %start = arith.muli %blk, %blen : i32
  %idx = arith.index_cast %start : i32 to index
  %xp = emitasc.ptr_offset %x[%idx] : memref<?xf16, 22>, memref<?xf16, 22>
  %yp = emitasc.ptr_offset %y[%idx] : memref<?xf16, 22>, memref<?xf16, 22>
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %xp : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %yp : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %tiles = arith.divsi %blen, %c512_i32 : i32
  %pipe = ascendc.pipe
  %qb = ascendc.que_bind : <vecin, vecout, 1>
  ascendc.pipe.init_queue %pipe, %qb, %c2_i32, %c1024_i32 : !ascendc.que_bind<vecin, vecout, 1>, i32, i32
  scf.for %i = %c0_i32 to %tiles step %c1_i32  : i32 {
    %off = arith.muli %i, %c512_i32 : i32
    %t = ascendc.que_bind.alloc_tensor %qb : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf16>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t, %xs, %c512_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor %qb, %t : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf16>
    %d = ascendc.que_bind.deque_tensor %qb : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf16>
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %d, %c512_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qb, %d : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

// The same with the explicit-position EnQue / DeQue forms.
func.func @copy_through_ub_pos(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>, %tiles: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c512_i32 = arith.constant 512 : i32
  %c1024_i32 = arith.constant 1024 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qb = ascendc.que_bind : <vecin, vecout, 1>
  ascendc.pipe.init_queue %pipe, %qb, %c2_i32, %c1024_i32 : !ascendc.que_bind<vecin, vecout, 1>, i32, i32
  scf.for %i = %c0_i32 to %tiles step %c1_i32  : i32 {
    %off = arith.muli %i, %c512_i32 : i32
    %t = ascendc.que_bind.alloc_tensor %qb : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf16>
    %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %t, %xs, %c512_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.que_bind.enque_tensor_pos %qb, %t, vecin, vecout : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf16>
    %d = ascendc.que_bind.deque_tensor_pos %qb, vecin, vecout : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf16>
    %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
    ascendc.data_copy_l2 %ys, %d, %c512_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    ascendc.que_bind.free_tensor %qb, %d : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}
