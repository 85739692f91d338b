// verify-sync and the simulator answer from the same hardware facts
// (src/dialect/ascend_hw.c, docs/ascendc-facts.md §2): a queue's events follow the
// physical memories of its two ends (GetQueEvt), so every case below gets
// one finding from each, at the same op, or none from either. verify-sync
// used to give TQueBind<GM, VECOUT> and <VECOUT, VECIN> no event, and passed
// nine tensors queued on them that `casc run` stopped at.
// RUN: casc opt -ascendc-verify-sync -verify-diagnostics %s
// RUN: not casc run %s --kernel gm_vecout 2>&1 | FileCheck %s --check-prefix=GM-VECOUT --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not casc run %s --kernel vecout_vecin 2>&1 | FileCheck %s --check-prefix=VECOUT-VECIN --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not casc run %s --kernel vecin_vecout 2>&1 | FileCheck %s --check-prefix=VECIN-VECOUT --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not casc run %s --kernel tque_vecin 2>&1 | FileCheck %s --check-prefix=TQUE-VECIN --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not casc run %s --kernel shared_mte2_v 2>&1 | FileCheck %s --check-prefix=SHARED --implicit-check-not=error: --implicit-check-not=warning:
// RUN: casc run %s --kernel gm_vecout_eight 2>&1 | count 0
// RUN: not casc run %s --kernel tque_veccalc 2>&1 | FileCheck %s --check-prefix=VECCALC --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not casc run %s --kernel tque_co2 2>&1 | FileCheck %s --check-prefix=CO2 --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not casc run %s --kernel a1_a2_pool 2>&1 | FileCheck %s --check-prefix=L0A --implicit-check-not=error: --implicit-check-not=warning:

// TQueBind<GM, VECOUT> is GM -> UB like TQue<VECIN>: MTE2_V / V_MTE2.
func.func @gm_vecout() attributes {ascendc.global} {
  %c9 = arith.constant 9 : i32
  %c32 = arith.constant 32 : i32
  %pipe = ascendc.pipe
  // GM-VECOUT-DAG: :[[@LINE+2]]:8: note: queue declared here
  // expected-note@below {{queue declared here}}
  %q = ascendc.que_bind : <gm, vecout, 16>
  ascendc.pipe.init_queue %pipe, %q, %c9, %c32 : !ascendc.que_bind<gm, vecout, 16>, i32, i32
  %qt0 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt0 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt1 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt1 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt2 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt2 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt3 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt3 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt4 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt4 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt5 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt5 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt6 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt6 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt7 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt7 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt8 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  // GM-VECOUT-DAG: :[[@LINE+2]]:3: error: block 0: EnQue on queue #0 <GM, VECOUT, 16>: all 8 event ids of MTE2_V are in use
  // expected-warning@below {{EnQue: all 8 event ids of HardEvent MTE2_V are already held}}
  ascendc.que_bind.enque_tensor %q, %qt8 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd0 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd0 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd1 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd1 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd2 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd2 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd3 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd3 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd4 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd4 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd5 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd5 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd6 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd6 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd7 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd7 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd8 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd8 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  return
}

// TQueBind<VECOUT, VECIN> is UB -> UB like <VECIN, VECOUT>: MTE2_MTE3.
func.func @vecout_vecin() attributes {ascendc.global} {
  %c9 = arith.constant 9 : i32
  %c32 = arith.constant 32 : i32
  %pipe = ascendc.pipe
  // VECOUT-VECIN-DAG: :[[@LINE+2]]:8: note: queue declared here
  // expected-note@below {{queue declared here}}
  %q = ascendc.que_bind : <vecout, vecin, 16>
  ascendc.pipe.init_queue %pipe, %q, %c9, %c32 : !ascendc.que_bind<vecout, vecin, 16>, i32, i32
  %qt0 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt0 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt1 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt1 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt2 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt2 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt3 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt3 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt4 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt4 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt5 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt5 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt6 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt6 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt7 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt7 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt8 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  // VECOUT-VECIN-DAG: :[[@LINE+2]]:3: error: block 0: EnQue on queue #0 <VECOUT, VECIN, 16>: all 8 event ids of MTE2_MTE3 are in use
  // expected-warning@below {{EnQue: all 8 event ids of HardEvent MTE2_MTE3 are already held}}
  ascendc.que_bind.enque_tensor %q, %qt8 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd0 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd0 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd1 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd1 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd2 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd2 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd3 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd3 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd4 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd4 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd5 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd5 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd6 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd6 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd7 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd7 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd8 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd8 : !ascendc.que_bind<vecout, vecin, 16>, !ascendc.local_tensor<*xf16>
  return
}

// TQueBind<VECIN, VECOUT>, UB -> UB: MTE2_MTE3 / MTE3_MTE2.
func.func @vecin_vecout() attributes {ascendc.global} {
  %c9 = arith.constant 9 : i32
  %c32 = arith.constant 32 : i32
  %pipe = ascendc.pipe
  // VECIN-VECOUT-DAG: :[[@LINE+2]]:8: note: queue declared here
  // expected-note@below {{queue declared here}}
  %q = ascendc.que_bind : <vecin, vecout, 16>
  ascendc.pipe.init_queue %pipe, %q, %c9, %c32 : !ascendc.que_bind<vecin, vecout, 16>, i32, i32
  %qt0 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt0 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt1 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt1 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt2 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt2 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt3 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt3 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt4 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt4 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt5 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt5 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt6 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt6 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt7 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt7 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt8 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  // VECIN-VECOUT-DAG: :[[@LINE+2]]:3: error: block 0: EnQue on queue #0 <VECIN, VECOUT, 16>: all 8 event ids of MTE2_MTE3 are in use
  // expected-warning@below {{EnQue: all 8 event ids of HardEvent MTE2_MTE3 are already held}}
  ascendc.que_bind.enque_tensor %q, %qt8 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd0 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd0 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd1 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd1 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd2 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd2 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd3 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd3 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd4 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd4 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd5 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd5 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd6 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd6 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd7 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd7 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd8 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd8 : !ascendc.que_bind<vecin, vecout, 16>, !ascendc.local_tensor<*xf16>
  return
}

// TQue<VECIN> = TQueBind<GM, VECIN>, GM -> UB: MTE2_V / V_MTE2.
func.func @tque_vecin() attributes {ascendc.global} {
  %c9 = arith.constant 9 : i32
  %c32 = arith.constant 32 : i32
  %pipe = ascendc.pipe
  // TQUE-VECIN-DAG: :[[@LINE+2]]:8: note: queue declared here
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 16>
  ascendc.pipe.init_queue %pipe, %q, %c9, %c32 : !ascendc.queue<vecin, 16>, i32, i32
  %qt0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt0 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt1 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt1 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt2 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt2 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt3 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt3 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt4 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt4 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt5 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt5 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt6 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt6 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt7 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt7 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qt8 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  // TQUE-VECIN-DAG: :[[@LINE+2]]:3: error: block 0: EnQue on queue #0 <VECIN, 16>: all 8 event ids of MTE2_V are in use
  // expected-warning@below {{EnQue: all 8 event ids of HardEvent MTE2_V are already held}}
  ascendc.que_bind.enque_tensor %q, %qt8 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd0 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd0 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd1 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd1 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd2 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd2 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd3 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd3 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd4 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd4 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd5 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd5 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd6 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd6 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd7 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd7 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  %qd8 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd8 : !ascendc.queue<vecin, 16>, !ascendc.local_tensor<*xf16>
  return
}

// The ids are per event, not per position: five tensors queued on a
// TQue<VECIN> and four on a TQueBind<GM, VECOUT> are nine MTE2_V ids.
func.func @shared_mte2_v() attributes {ascendc.global} {
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c32 = arith.constant 32 : i32
  %pipe = ascendc.pipe
  %a = ascendc.queue : <vecin, 8>
  // SHARED-DAG: :[[@LINE+2]]:8: note: queue declared here
  // expected-note@below {{queue declared here}}
  %b = ascendc.que_bind : <gm, vecout, 8>
  ascendc.pipe.init_queue %pipe, %a, %c5, %c32 : !ascendc.queue<vecin, 8>, i32, i32
  ascendc.pipe.init_queue %pipe, %b, %c4, %c32 : !ascendc.que_bind<gm, vecout, 8>, i32, i32
  %at0 = ascendc.que_bind.alloc_tensor %a : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %a, %at0 : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  %at1 = ascendc.que_bind.alloc_tensor %a : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %a, %at1 : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  %at2 = ascendc.que_bind.alloc_tensor %a : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %a, %at2 : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  %at3 = ascendc.que_bind.alloc_tensor %a : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %a, %at3 : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  %at4 = ascendc.que_bind.alloc_tensor %a : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %a, %at4 : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  %bt0 = ascendc.que_bind.alloc_tensor %b : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %b, %bt0 : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  %bt1 = ascendc.que_bind.alloc_tensor %b : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %b, %bt1 : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  %bt2 = ascendc.que_bind.alloc_tensor %b : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %b, %bt2 : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  %bt3 = ascendc.que_bind.alloc_tensor %b : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  // SHARED-DAG: :[[@LINE+2]]:3: error: block 0: EnQue on queue #1 <GM, VECOUT, 8>: all 8 event ids of MTE2_V are in use
  // expected-warning@below {{EnQue: all 8 event ids of HardEvent MTE2_V are already held}}
  ascendc.que_bind.enque_tensor %b, %bt3 : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  %ad0 = ascendc.que_bind.deque_tensor %a : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %a, %ad0 : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  %ad1 = ascendc.que_bind.deque_tensor %a : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %a, %ad1 : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  %ad2 = ascendc.que_bind.deque_tensor %a : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %a, %ad2 : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  %ad3 = ascendc.que_bind.deque_tensor %a : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %a, %ad3 : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  %ad4 = ascendc.que_bind.deque_tensor %a : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %a, %ad4 : !ascendc.queue<vecin, 8>, !ascendc.local_tensor<*xf16>
  %bd0 = ascendc.que_bind.deque_tensor %b : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %b, %bd0 : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  %bd1 = ascendc.que_bind.deque_tensor %b : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %b, %bd1 : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  %bd2 = ascendc.que_bind.deque_tensor %b : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %b, %bd2 : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  %bd3 = ascendc.que_bind.deque_tensor %b : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %b, %bd3 : !ascendc.que_bind<gm, vecout, 8>, !ascendc.local_tensor<*xf16>
  return
}

// Eight queued tensors fit: both stay silent.
func.func @gm_vecout_eight() attributes {ascendc.global} {
  %c8 = arith.constant 8 : i32
  %c32 = arith.constant 32 : i32
  %pipe = ascendc.pipe
  %q = ascendc.que_bind : <gm, vecout, 16>
  ascendc.pipe.init_queue %pipe, %q, %c8, %c32 : !ascendc.que_bind<gm, vecout, 16>, i32, i32
  %qt0 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt0 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt1 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt1 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt2 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt2 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt3 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt3 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt4 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt4 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt5 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt5 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt6 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt6 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qt7 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %qt7 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd0 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd0 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd1 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd1 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd2 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd2 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd3 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd3 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd4 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd4 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd5 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd5 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd6 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd6 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  %qd7 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %qd7 : !ascendc.que_bind<gm, vecout, 16>, !ascendc.local_tensor<*xf16>
  return
}

// Positions the library rejects: TQue<VECCALC> (GetBufferLogicPos asserts)
// and TQue<CO2>, which is GM -> GM on arch 2201.
func.func @tque_veccalc() attributes {ascendc.global} {
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %pipe = ascendc.pipe
  // VECCALC-DAG: :[[@LINE+2]]:8: note: queue declared here
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <veccalc, 1>
  // VECCALC-DAG: :[[@LINE+2]]:3: error: block 0: queue #0 <VECCALC, 1> is not a valid queue on arch 2201: VECCALC is not a TQue position (use TBuf for VECCALC)
  // expected-warning@below {{InitBuffer: this queue type is not valid on arch 2201: VECCALC is not a TQue position (use TBuf for VECCALC)}}
  ascendc.pipe.init_queue %pipe, %q, %c1, %c32 : !ascendc.queue<veccalc, 1>, i32, i32
  return
}

func.func @tque_co2() attributes {ascendc.global} {
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %pipe = ascendc.pipe
  // CO2-DAG: :[[@LINE+2]]:8: note: queue declared here
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <co2, 1>
  // CO2-DAG: :[[@LINE+2]]:3: error: block 0: queue #0 <CO2, 1> is not a valid queue on arch 2201: TQue<CO2> is TQueBind<CO2, GM>: it moves data GM -> GM, for which arch 2201 has no queue event
  // expected-warning@below {{InitBuffer: this queue type is not valid on arch 2201: TQue<CO2> is TQueBind<CO2, GM>: it moves data GM -> GM, for which arch 2201 has no queue event}}
  ascendc.pipe.init_queue %pipe, %q, %c1, %c32 : !ascendc.queue<co2, 1>, i32, i32
  return
}

// A TQueBind's buffers are where its data goes (GetBufferPos): <A1, A2>
// allocates from L0A (64 KiB), not from L1.
func.func @a1_a2_pool() attributes {ascendc.global} {
  %c2 = arith.constant 2 : i32
  %c40960 = arith.constant 40960 : i32
  // expected-note@below {{pipe declared here}}
  %pipe = ascendc.pipe
  // L0A-DAG: :[[@LINE+1]]:8: note: queue declared here
  %q = ascendc.que_bind : <a1, a2, 1>
  // L0A-DAG: :[[@LINE+2]]:3: error: block 0: InitBuffer for queue #0 <A1, A2, 1>: 2 buffer(s) of 40960 bytes need L0A bytes [0, 81920), but L0A has 65536 bytes
  // expected-warning@below {{InitBuffer: the buffers of this TPipe now take 81920 bytes of L0A, more than its 65536 bytes on Ascend910B1}}
  ascendc.pipe.init_queue %pipe, %q, %c2, %c40960 : !ascendc.que_bind<a1, a2, 1>, i32, i32
  return
}

