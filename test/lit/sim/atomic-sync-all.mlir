// Atomics and SyncAll through `casc run` (docs/simulator.md, "Scalar,
// system and sync ops"). Four blocks atomically add the same 64 floats of x
// to z: no gm-race, z = 4 x (an integer-valued x, so the order of the adds
// does not matter). @shift hands rows between blocks across a SyncAll: no
// gm-race, z is x rotated by one row. The rest are the errors.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/npytool.py gen %t/x.npy f32 256 5 0 100
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; x = n.read('%t/x.npy')[1]; x = [float(int(v)) for v in x]; n.write('%t/xi.npy', 'f32', x); n.write('%t/x4.npy', 'f32', [4 * v for v in x[:64]] + [0.0] * 192); n.write('%t/xr.npy', 'f32', x[64:] + x[:64])"
// RUN: casc run %s --kernel atomic_add --blocks 4 --arg x=%t/xi.npy --out z=%t/z.npy 2>&1 | count 0
// RUN: python3 %S/Inputs/npytool.py cmp %t/z.npy %t/x4.npy
// RUN: casc run %s --kernel shift --blocks 4 --arg x=%t/xi.npy --out w=%t/w.npy --out z=%t/zr.npy 2>&1 | count 0
// RUN: python3 %S/Inputs/npytool.py cmp %t/zr.npy %t/xr.npy
// RUN: not casc run %s --kernel atomic_wrong --blocks 2 --arg x=%t/xi.npy --out z=%t/z.npy 2>&1 | FileCheck %s --check-prefix=WRONG
// RUN: not casc run %s --kernel deadlock --blocks 4 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// RUN: not casc run %s --kernel spin --blocks 3 --max-steps 1000 2>&1 | FileCheck %s --check-prefix=SPIN
// RUN: not casc run %s --kernel trap --blocks 2 2>&1 | FileCheck %s --check-prefix=TRAP
// RUN: casc run %s --kernel soft --blocks 4 --arg ws=zeros:32 2>&1 | count 0
// RUN: not casc run %s --kernel soft --blocks 4 --arg ws=zeros:16 2>&1 | FileCheck %s --check-prefix=SOFT
// RUN: not casc run %s --kernel shift --blocks 64 --arg x=%t/xi.npy --out w=%t/w.npy --out z=%t/zr.npy 2>&1 | FileCheck %s --check-prefix=CORES

module {
  func.func @atomic_add(%x: memref<?xf32, 22> loc("x"), %z: memref<?xf32, 22> loc("z")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t, %xg, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.set_atomic_add {dtype = f32} : () -> ()
    ascendc.data_copy_l2 %zg, %d, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.set_atomic_none : () -> ()
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @atomic_wrong(%x: memref<?xf32, 22> loc("x"), %z: memref<?xf32, 22> loc("z")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t, %xg, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.set_atomic_add {dtype = f16} : () -> ()
    // WRONG: atomic-sync-all.mlir:[[@LINE+3]]:5: error: blocks 0-1: DataCopy of float elements while SetAtomicAdd<half> is on: the atomic operation reads GM as half (set the atomic type of the data: SetAtomicAdd<float>)
    // WRONG: atomic-sync-all.mlir:[[@LINE-2]]:5: note: the atomic mode was set here
    // WRONG-NOT: error
    ascendc.data_copy_l2 %zg, %d, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.set_atomic_none : () -> ()
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @shift(%x: memref<?xf32, 22> loc("x"), %w: memref<?xf32, 22> loc("w"), %z: memref<?xf32, 22> loc("z")) attributes {ascendc.global} {
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %b = ascendc.get_block_idx : i32
    %n = ascendc.get_block_num : i32
    %b1 = arith.addi %b, %c1 : i32
    %nb = arith.remsi %b1, %n : i32
    %row = arith.muli %b, %c64 : i32
    %nrow = arith.muli %nb, %c64 : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %wg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %wg, %w : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    %xs = ascendc.global_tensor.subindex %xg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %ws = ascendc.global_tensor.subindex %wg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t, %xs, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %ws, %d, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.sync_all_hard
    %wn = ascendc.global_tensor.subindex %wg[%nrow] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %zs = ascendc.global_tensor.subindex %zg[%row] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %t2 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %t2, %wn, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %q, %t2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %d2 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %zs, %d2, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %d2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  func.func @deadlock() attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %b = ascendc.get_block_idx : i32
    %is0 = arith.cmpi eq, %b, %c0 : i32
    scf.if %is0 {
    } else {
      // DEADLOCK: atomic-sync-all.mlir:[[@LINE+1]]:7: error: blocks 1-3: SyncAll waits for all 4 blocks, but block 0 ended after passing 0 SyncAll(s), without reaching this one: on the NPU this hangs
      ascendc.sync_all_hard
    }
    return
  }
  func.func @spin() attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %t = arith.constant true
    %b = ascendc.get_block_idx : i32
    %is0 = arith.cmpi eq, %b, %c0 : i32
    scf.if %is0 {
      // SPIN: atomic-sync-all.mlir:[[@LINE+1]]:7: error: block 0: the block ran more than 1000 steps without finishing (an endless loop?)
      scf.while : () -> () {
        scf.condition(%t)
      } do {
        scf.yield
      }
    }
    // SPIN: atomic-sync-all.mlir:[[@LINE+1]]:5: error: blocks 1-2: SyncAll waits for all 3 blocks, but block 0 stopped on an error after passing 0 SyncAll(s), without reaching this one: on the NPU this hangs
    ascendc.sync_all_hard
    return
  }
  func.func @trap() attributes {ascendc.global} {
    // TRAP: atomic-sync-all.mlir:[[@LINE+1]]:5: error: blocks 0-1: Trap: the kernel trapped here (on the NPU the core stops with an exception)
    ascendc.trap
    return
  }
  func.func @soft(%ws: memref<?xi32, 22> loc("ws")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %g, %ws : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<veccalc>, i32
    %u = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi32>
    // SOFT: atomic-sync-all.mlir:[[@LINE+1]]:5: error: blocks 0-3: SyncAll: gmWorkspace 'ws' has 64 bytes; the 4 blocks need at least 128 (32 per core)
    ascendc.sync_all_soft %g, %u, %c0 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
    return
  }
}
// CORES: error: @shift uses SyncAll, so all 64 blocks must run at once, but the platform has 48 vector cores: on the NPU the kernel hangs (the Ascend C reference: the block count must not exceed the cores)
