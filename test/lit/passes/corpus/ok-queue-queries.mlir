// Corpus (correct): allocation guarded by the queue's own queries. The
// producer loads ahead while the input queue has an idle buffer and room
// (HasIdleBuffer, VacantInQue); the consumer takes a tile when one waits
// (HasTensorInQue). The queries answer from the queue's state.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

func.func @load_while_room(%x: memref<?xf16, 22>, %y: memref<?xf16, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c16_i32 = arith.constant 16 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %yg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2_i32, %c256_i32 : !ascendc.queue<vecin, 2>, i32, i32
  scf.for %i = %c0_i32 to %c16_i32 step %c1_i32  : i32 {
    %off = arith.muli %i, %c128_i32 : i32
    %idle = ascendc.que_bind.has_idle_buffer %qx : !ascendc.queue<vecin, 2>, i1
    %room = ascendc.que_bind.vacant_in_que %qx : !ascendc.queue<vecin, 2>, i1
    %go = arith.andi %idle, %room : i1
    scf.if %idle {
      scf.if %room {
        %t = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
        %xs = ascendc.global_tensor.subindex %xg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
        ascendc.data_copy_l2 %t, %xs, %c128_i32 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
        ascendc.que_bind.enque_tensor %qx, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      }
    }
    %any = ascendc.que_bind.has_tensor_in_que %qx : !ascendc.queue<vecin, 2>, i1
    scf.if %any {
      %d = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
      %ys = ascendc.global_tensor.subindex %yg[%off] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
      ascendc.data_copy_l2 %ys, %d, %c128_i32 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
      ascendc.que_bind.free_tensor %qx, %d : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
    }
  }
  return
}
