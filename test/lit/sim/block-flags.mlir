// Block-to-block flags through `casc run` (docs/simulator.md, "Block
// flags"). @prefix: block i waits for block i-1's IBSet, adds its row of x
// to the row block i-1 wrote and writes the next row, so z's row k + 1 is
// the sum of x's rows 0..k; the flags order the blocks' GM accesses, so
// there is no gm-race. @prefix_racy drops the IBWait: a gm-race.
// @serial adds every row of x into one row of z, block after block
// between WaitPreBlock and NotifyNextBlock. The rest are the errors.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/npytool.py gen %t/x.npy f32 256 7 0 100
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; x = [float(int(v)) for v in n.read('%t/x.npy')[1]]; n.write('%t/xi.npy', 'f32', x); r = [x[k * 64:(k + 1) * 64] for k in range(4)]; p = [0.0] * 64; z = list(p); [z.extend(p) for p in [[sum(r[j][e] for j in range(k + 1)) for e in range(64)] for k in range(4)]]; n.write('%t/prefix.npy', 'f32', z); n.write('%t/serial.npy', 'f32', [sum(r[j][e] for j in range(4)) for e in range(64)])"
// RUN: casc run %s --kernel prefix --blocks 4 --arg x=%t/xi.npy --arg z=zeros:320 --arg ws=zeros:32 --out z=%t/z.npy 2>&1 | count 0
// RUN: python3 %S/Inputs/npytool.py cmp %t/z.npy %t/prefix.npy
// RUN: not casc run %s --kernel prefix_racy --blocks 4 --arg x=%t/xi.npy --arg z=zeros:320 --arg ws=zeros:32 2>&1 | FileCheck %s --check-prefix=RACY
// RUN: casc run %s --kernel serial --blocks 4 --arg x=%t/xi.npy --arg z=zeros:64 --arg ws=zeros:32 --out z=%t/s.npy 2>&1 | count 0
// RUN: python3 %S/Inputs/npytool.py cmp %t/s.npy %t/serial.npy
// RUN: not casc run %s --kernel serial_out_of_turn --blocks 4 --arg x=%t/xi.npy --arg z=zeros:64 --arg ws=zeros:32 2>&1 | FileCheck %s --check-prefix=TURN
// RUN: not casc run %s --kernel prefix --blocks 4 --arg x=%t/xi.npy --arg z=zeros:320 --arg ws=zeros:24 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: not casc run %s --kernel never_set --blocks 2 --arg ws=zeros:16 2>&1 | FileCheck %s --check-prefix=NEVER
// RUN: not casc run %s --kernel set_twice --blocks 2 --arg ws=zeros:16 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not casc run %s --kernel own_flag --blocks 2 --arg ws=zeros:16 2>&1 | FileCheck %s --check-prefix=OWN
// RUN: not casc run %s --kernel flag_then_sync --blocks 3 --arg ws=zeros:16 2>&1 | FileCheck %s --check-prefix=SYNC

module {
  func.func @prefix(%x: memref<?xf32, 22> loc("x"), %z: memref<?xf32, 22> loc("z"), %ws: memref<?xi32, 22> loc("ws")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %b = ascendc.get_block_idx : i32
    %row = arith.muli %b, %c64 : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %wg = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %qi = ascendc.queue : <vecin, 2>
    ascendc.pipe.init_queue %pipe, %qi, %c2, %c256 : !ascendc.queue<vecin, 2>, i32, i32
    %qo = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %qo, %c1, %c256 : !ascendc.queue<vecout, 1>, i32, i32
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, i32
    %u = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi32>
    %bm1 = arith.subi %b, %c1 : i32
    %row1 = arith.addi %row, %c64 : i32
    %xs = ascendc.global_tensor.subindex %xg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %zs = ascendc.global_tensor.subindex %zg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %zn = ascendc.global_tensor.subindex %zg[%row1] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %not0 = arith.cmpi ne, %b, %c0 : i32
    scf.if %not0 {
      ascendc.ib_wait %wg, %u, %bm1, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
    }
    %t1 = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t1, %zs, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qi, %t1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %t2 = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t2, %xs, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qi, %t2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %a = ascendc.que_bind.deque_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %v = ascendc.que_bind.deque_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %o = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.add_l2 %o, %a, %v, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qo, %o : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qi, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qi, %v : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %zn, %d, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qo, %d : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    // SMALL: block-flags.mlir:[[@LINE+2]]:5: error: block 3: IBSet: the flag of blockIdx 3, eventID 0 is at bytes [96, 128) of gmWorkspace 'ws', which has 96 (the reference: blockNum * 32 * eventID_max + blockIdx_max * 32 + 32 bytes)
    // SMALL-NOT: error
    ascendc.ib_set %wg, %u, %b, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
    return
  }

  func.func @prefix_racy(%x: memref<?xf32, 22> loc("x"), %z: memref<?xf32, 22> loc("z"), %ws: memref<?xi32, 22> loc("ws")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %b = ascendc.get_block_idx : i32
    %row = arith.muli %b, %c64 : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %wg = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %qi = ascendc.queue : <vecin, 2>
    ascendc.pipe.init_queue %pipe, %qi, %c2, %c256 : !ascendc.queue<vecin, 2>, i32, i32
    %qo = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %qo, %c1, %c256 : !ascendc.queue<vecout, 1>, i32, i32
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, i32
    %u = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi32>
    %bm1 = arith.subi %b, %c1 : i32
    %row1 = arith.addi %row, %c64 : i32
    %xs = ascendc.global_tensor.subindex %xg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %zs = ascendc.global_tensor.subindex %zg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %zn = ascendc.global_tensor.subindex %zg[%row1] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %t1 = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    // RACY: block-flags.mlir:[[@LINE+2]]:5: error: block 1: DataCopy: block 1 reads GM 'z' elements [64, 128), which block 0 writes; the blocks of a launch run at the same time, so nothing orders the two accesses (each block must write its own part of GM)
    // RACY-NEXT: block-flags.mlir:{{[0-9]+}}:5: note: block 0 writes them here
    ascendc.data_copy_l2 %t1, %zs, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qi, %t1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %t2 = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t2, %xs, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qi, %t2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %a = ascendc.que_bind.deque_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %v = ascendc.que_bind.deque_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %o = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.add_l2 %o, %a, %v, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qo, %o : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qi, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qi, %v : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %zn, %d, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qo, %d : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.ib_set %wg, %u, %b, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
    return
  }

  func.func @serial(%x: memref<?xf32, 22> loc("x"), %z: memref<?xf32, 22> loc("z"), %ws: memref<?xi32, 22> loc("ws")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %b = ascendc.get_block_idx : i32
    %row = arith.muli %b, %c64 : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %wg = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %qi = ascendc.queue : <vecin, 2>
    ascendc.pipe.init_queue %pipe, %qi, %c2, %c256 : !ascendc.queue<vecin, 2>, i32, i32
    %qo = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %qo, %c1, %c256 : !ascendc.queue<vecout, 1>, i32, i32
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, i32
    %u = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi32>
    %xs = ascendc.global_tensor.subindex %xg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.wait_pre_block %wg, %u : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
    %t1 = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t1, %zg, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qi, %t1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %t2 = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t2, %xs, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qi, %t2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %a = ascendc.que_bind.deque_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %v = ascendc.que_bind.deque_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %o = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.add_l2 %o, %a, %v, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qo, %o : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qi, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qi, %v : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %zg, %d, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qo, %d : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.notify_next_block %wg, %u : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
    return
  }

  func.func @serial_out_of_turn(%x: memref<?xf32, 22> loc("x"), %z: memref<?xf32, 22> loc("z"), %ws: memref<?xi32, 22> loc("ws")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %b = ascendc.get_block_idx : i32
    %row = arith.muli %b, %c64 : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %wg = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %qi = ascendc.queue : <vecin, 2>
    ascendc.pipe.init_queue %pipe, %qi, %c2, %c256 : !ascendc.queue<vecin, 2>, i32, i32
    %qo = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %qo, %c1, %c256 : !ascendc.queue<vecout, 1>, i32, i32
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, i32
    %u = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi32>
    %xs = ascendc.global_tensor.subindex %xg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %t1 = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t1, %zg, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qi, %t1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %t2 = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t2, %xs, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qi, %t2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %a = ascendc.que_bind.deque_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %v = ascendc.que_bind.deque_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %o = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.add_l2 %o, %a, %v, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qo, %o : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qi, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qi, %v : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %zg, %d, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qo, %d : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    // TURN: block-flags.mlir:[[@LINE+1]]:5: error: blocks 0-3: NotifyNextBlock: block 0 has passed 0 WaitPreBlock(s) and the blocks have notified 0 time(s): it is not this block's turn (a block notifies once after each of its WaitPreBlocks)
    ascendc.notify_next_block %wg, %u : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
    return
  }

  func.func @never_set(%ws: memref<?xi32, 22> loc("ws")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %b = ascendc.get_block_idx : i32
    %wg = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, i32
    %u = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi32>
    %is1 = arith.cmpi eq, %b, %c1 : i32
    scf.if %is1 {
      // NEVER: block-flags.mlir:[[@LINE+1]]:7: error: block 1: IBWait: the flag of block 0, event 0 is not set, but every other block waits too (at a block flag or a SyncAll) or has ended: on the NPU this hangs
      ascendc.ib_wait %wg, %u, %c0, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
    }
    return
  }
  func.func @set_twice(%ws: memref<?xi32, 22> loc("ws")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %b = ascendc.get_block_idx : i32
    %wg = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, i32
    %u = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi32>
    %is0 = arith.cmpi eq, %b, %c0 : i32
    scf.if %is0 {
      ascendc.ib_set %wg, %u, %c0, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
      ascendc.ib_set %wg, %u, %c0, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
    } else {
      ascendc.ib_wait %wg, %u, %c0, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
      ascendc.ib_wait %wg, %u, %c0, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
      // TWICE: block-flags.mlir:[[@LINE+2]]:7: error: block 1: IBWait: the flag of block 0, event 0 is not set, but every other block waits too (at a block flag or a SyncAll) or has ended: on the NPU this hangs
      // TWICE-NOT: error
      ascendc.ib_wait %wg, %u, %c0, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
    }
    return
  }
  func.func @own_flag(%ws: memref<?xi32, 22> loc("ws")) attributes {ascendc.global} {
    %c256 = arith.constant 256 : i32
    %c0 = arith.constant 0 : i32
    %b = ascendc.get_block_idx : i32
    %wg = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, i32
    %u = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi32>
    // OWN: block-flags.mlir:[[@LINE+1]]:5: error: blocks 0-1: IBWait: block 0 waits for its own flag (blockIdx 0); the reference excludes the waiting block's own index
    ascendc.ib_wait %wg, %u, %b, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
    return
  }
  func.func @flag_then_sync(%ws: memref<?xi32, 22> loc("ws")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %b = ascendc.get_block_idx : i32
    %wg = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, i32
    %u = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi32>
    %is0 = arith.cmpi eq, %b, %c0 : i32
    scf.if %is0 {
      // SYNC: block-flags.mlir:[[@LINE+1]]:7: error: block 0: IBWait: the flag of block 1, event 0 is not set, but every other block waits too (at a block flag or a SyncAll) or has ended: on the NPU this hangs
      ascendc.ib_wait %wg, %u, %c1, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
    }
    // SYNC: block-flags.mlir:[[@LINE+1]]:5: error: blocks 1-2: SyncAll waits for all 3 blocks, but the others wait for block flags (IBWait, WaitPreBlock) that no block will give any more, or have ended: on the NPU this hangs
    ascendc.sync_all_hard
    ascendc.ib_set %wg, %u, %c1, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
    return
  }
}
