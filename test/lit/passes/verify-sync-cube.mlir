// verify-sync on the cube's queues (A1 / B1: GM -> L1, A2 / B2: L1 ->
// L0A / L0B, CO1: L0C, CO2): the same checks as on the vector queues, with
// the same texts, and silence for a correct GM -> L1 -> L0 -> Mmad -> CO1
// chain.
// RUN: casc opt -ascendc-verify-sync -split-input-file -verify-diagnostics %s

// expected-note@below {{tensor declared here}}
func.func @free_of_argument_a1(%q : !ascendc.queue<a1, 1>, %t : !ascendc.local_tensor<*xf16>) {
  // expected-warning@below {{FreeTensor: there is no corresponding call to AllocTensor}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @double_free_b1(%q : !ascendc.queue<b1, 1>) {
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{FreeTensor: tensor memory was freed before its last use}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @leak_a2(%q : !ascendc.queue<a2, 1>) {
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// expected-note@below {{queue declared here}}
func.func @deque_without_enque_b2(%q : !ascendc.queue<b2, 2>, %t : !ascendc.local_tensor<*xf16>) {
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<b2, 2>, !ascendc.local_tensor<*xf16>
  %a = ascendc.que_bind.deque_tensor %q : !ascendc.queue<b2, 2>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{DeQue: there is no corresponding call to EnQue}}
  %b = ascendc.que_bind.deque_tensor %q : !ascendc.queue<b2, 2>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// expected-note@below {{queue declared here}}
func.func @enque_without_deque_co1(%q : !ascendc.queue<co1, 2>) {
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<co1, 2>, !ascendc.local_tensor<*xf32>
  // expected-note@below {{tensor declared here}}
  %u = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<co1, 2>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<co1, 2>, !ascendc.local_tensor<*xf32>
  // expected-warning@below {{EnQue: there is no corresponding call to DeQue for this tensor}}
  ascendc.que_bind.enque_tensor %q, %u : !ascendc.queue<co1, 2>, !ascendc.local_tensor<*xf32>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<co1, 2>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<co1, 2>, !ascendc.local_tensor<*xf32>
  // %u is still in the queue.
  // expected-warning@below {{unexpected use of tensor between EnQue and DeQue}}
  ascendc.que_bind.free_tensor %q, %u : !ascendc.queue<co1, 2>, !ascendc.local_tensor<*xf32>
  return
}

// -----

// LoadData reads an A1 tensor that is still in its queue (EnQue'd, not
// DeQue'd): MTE1 would read L1 before MTE2's copy is known to have landed.
func.func @load_between_enque_and_deque(%qa1 : !ascendc.queue<a1, 1>, %qa2 : !ascendc.queue<a2, 1>, %p : !ascendc.load_data_2d_params) {
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %qa1 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %qa1, %t : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  %l = ascendc.que_bind.alloc_tensor %qa2 : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{unexpected use of tensor between EnQue and DeQue}}
  ascendc.load_data_l0 %l, %t, %p : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params
  %d = ascendc.que_bind.deque_tensor %qa1 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %qa1, %d : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %qa2, %l : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @third_alloc_of_two_l0a_buffers() {
  %c2 = arith.constant 2 : i32
  %c8192 = arith.constant 8192 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <a2, 1>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c8192 : !ascendc.queue<a2, 1>, i32, i32
  // expected-note@below {{allocated here}}
  %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  // expected-note@below {{allocated here}}
  %b = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{AllocTensor: all 2 buffers of this queue are held; on the NPU this call never returns}}
  %c = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @enque_past_depth_one_b1() {
  %c2 = arith.constant 2 : i32
  %c8192 = arith.constant 8192 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <b1, 1>
  ascendc.pipe.init_queue %pipe, %q, %c2, %c8192 : !ascendc.queue<b1, 1>, i32, i32
  %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  %b = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %a : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{EnQue: 1 tensor already wait in this queue of depth 1}}
  ascendc.que_bind.enque_tensor %q, %b : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  %x = ascendc.que_bind.deque_tensor %q : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  %y = ascendc.que_bind.deque_tensor %q : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %x : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %y : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  return
}

// -----

// Five A1 queues of two buffers: each FreeTensor sets MTE1_MTE2, whose 8
// ids run out in the second iteration, as V_MTE2's do for VECIN.
func.func @cube_event_ids_exhausted() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c128 = arith.constant 128 : i32
  %pipe = ascendc.pipe
  %q1 = ascendc.queue : <a1, 1>
  %q2 = ascendc.queue : <a1, 1>
  %q3 = ascendc.queue : <a1, 1>
  // expected-note@below {{queue declared here}}
  %q4 = ascendc.queue : <a1, 1>
  %q5 = ascendc.queue : <a1, 1>
  ascendc.pipe.init_queue %pipe, %q1, %c2, %c128 : !ascendc.queue<a1, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q2, %c2, %c128 : !ascendc.queue<a1, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q3, %c2, %c128 : !ascendc.queue<a1, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q4, %c2, %c128 : !ascendc.queue<a1, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %q5, %c2, %c128 : !ascendc.queue<a1, 1>, i32, i32
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %t1 = ascendc.que_bind.alloc_tensor %q1 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    %t2 = ascendc.que_bind.alloc_tensor %q2 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    %t3 = ascendc.que_bind.alloc_tensor %q3 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    %t4 = ascendc.que_bind.alloc_tensor %q4 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    %t5 = ascendc.que_bind.alloc_tensor %q5 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q1, %t1 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q2, %t2 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q3, %t3 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    // expected-warning@below {{FreeTensor: all 8 event ids of HardEvent MTE1_MTE2 are already held}}
    ascendc.que_bind.free_tensor %q4, %t4 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    ascendc.que_bind.free_tensor %q5, %t5 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  }
  return
}

// -----

func.func @l0a_overflow() {
  %c2 = arith.constant 2 : i32
  %c32768 = arith.constant 32768 : i32
  %c32 = arith.constant 32 : i32
  %c1 = arith.constant 1 : i32
  // expected-note@below {{pipe declared here}}
  %pipe = ascendc.pipe
  %qa = ascendc.queue : <a2, 1>
  %qb = ascendc.queue : <a2, 1>
  ascendc.pipe.init_queue %pipe, %qa, %c2, %c32768 : !ascendc.queue<a2, 1>, i32, i32
  // expected-warning@below {{InitBuffer: the buffers of this TPipe now take 65568 bytes of L0A, more than its 65536 bytes on Ascend910B1}}
  ascendc.pipe.init_queue %pipe, %qb, %c1, %c32 : !ascendc.queue<a2, 1>, i32, i32
  return
}

// -----

// A correct chain: GM -> A1/B1 (MTE2), L1 -> A2/B2 (MTE1), Mmad into CO1,
// CO1 drained by Fixpipe; every tensor allocated, queued, freed once.
func.func @ok_cube_chain(%ga : !ascendc.global_tensor<*xf16>, %gc : !ascendc.global_tensor<*xf32>, %nz : !ascendc.nd2nz_params, %lp : !ascendc.load_data_2d_params, %mp : !ascendc.mmad_params, %fp : !ascendc.fixpipe_params_v220, %fc : !ascendc.fixpipe_config) {
  %c1 = arith.constant 1 : i32
  %c8192 = arith.constant 8192 : i32
  %c16384 = arith.constant 16384 : i32
  %pipe = ascendc.pipe
  %qa1 = ascendc.queue : <a1, 1>
  %qb1 = ascendc.queue : <b1, 1>
  %qa2 = ascendc.queue : <a2, 1>
  %qb2 = ascendc.queue : <b2, 1>
  %qc = ascendc.queue : <co1, 1>
  ascendc.pipe.init_queue %pipe, %qa1, %c1, %c8192 : !ascendc.queue<a1, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qb1, %c1, %c8192 : !ascendc.queue<b1, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qa2, %c1, %c8192 : !ascendc.queue<a2, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qb2, %c1, %c8192 : !ascendc.queue<b2, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qc, %c1, %c16384 : !ascendc.queue<co1, 1>, i32, i32
  %a1 = ascendc.que_bind.alloc_tensor %qa1 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_nd2nz %a1, %ga, %nz : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.nd2nz_params
  ascendc.que_bind.enque_tensor %qa1, %a1 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  %b1 = ascendc.que_bind.alloc_tensor %qb1 : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_nd2nz %b1, %ga, %nz : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.nd2nz_params
  ascendc.que_bind.enque_tensor %qb1, %b1 : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  %a1d = ascendc.que_bind.deque_tensor %qa1 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  %a2 = ascendc.que_bind.alloc_tensor %qa2 : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  ascendc.load_data_l0 %a2, %a1d, %lp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params
  ascendc.que_bind.free_tensor %qa1, %a1d : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %qa2, %a2 : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  %b1d = ascendc.que_bind.deque_tensor %qb1 : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  %b2 = ascendc.que_bind.alloc_tensor %qb2 : !ascendc.queue<b2, 1>, !ascendc.local_tensor<*xf16>
  ascendc.load_data_l0 %b2, %b1d, %lp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params
  ascendc.que_bind.free_tensor %qb1, %b1d : !ascendc.queue<b1, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %qb2, %b2 : !ascendc.queue<b2, 1>, !ascendc.local_tensor<*xf16>
  %a2d = ascendc.que_bind.deque_tensor %qa2 : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  %b2d = ascendc.que_bind.deque_tensor %qb2 : !ascendc.queue<b2, 1>, !ascendc.local_tensor<*xf16>
  %c = ascendc.que_bind.alloc_tensor %qc : !ascendc.queue<co1, 1>, !ascendc.local_tensor<*xf32>
  ascendc.mmad %c, %a2d, %b2d, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.mmad_params
  ascendc.que_bind.free_tensor %qa2, %a2d : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %qb2, %b2d : !ascendc.queue<b2, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %qc, %c : !ascendc.queue<co1, 1>, !ascendc.local_tensor<*xf32>
  %cd = ascendc.que_bind.deque_tensor %qc : !ascendc.queue<co1, 1>, !ascendc.local_tensor<*xf32>
  ascendc.fixpipe %gc, %cd, %fp, %fc : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  ascendc.que_bind.free_tensor %qc, %cd : !ascendc.queue<co1, 1>, !ascendc.local_tensor<*xf32>
  return
}

// -----

// CO2 is GM on arch 2201: a TQue<CO2> has no queue events.
func.func @tque_co2_is_not_a_queue() {
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <co2, 1>
  // expected-warning@below {{InitBuffer: this queue type is not valid on arch 2201: TQue<CO2> is TQueBind<CO2, GM>: it moves data GM -> GM, for which arch 2201 has no queue event}}
  ascendc.pipe.init_queue %pipe, %q, %c1, %c256 : !ascendc.queue<co2, 1>, i32, i32
  %a = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<co2, 1>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %q, %a : !ascendc.queue<co2, 1>, !ascendc.local_tensor<*xf32>
  return
}

// -----

// TQueBind<CO1, CO2> (L0C drained to GM by Fixpipe) is a valid queue with
// the usual buffer accounting.
func.func @co1_co2_second_alloc_of_one_buffer() {
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.pipe
  // expected-note@below {{queue declared here}}
  %q = ascendc.que_bind : <co1, co2, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c256 : !ascendc.que_bind<co1, co2, 1>, i32, i32
  // expected-note@below {{allocated here}}
  %a = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<co1, co2, 1>, !ascendc.local_tensor<*xf32>
  // expected-warning@below {{AllocTensor: all 1 buffers of this queue are held; on the NPU this call never returns}}
  %b = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<co1, co2, 1>, !ascendc.local_tensor<*xf32>
  return
}
