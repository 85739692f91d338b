// InitConstValue (L0B: 1 repeat of 1 block of 512 bytes, the four-field
// form) and LoadData from GM (load_data_g2l: one 16 x 16 half fractal into
// L0A), then Mmad and Fixpipe: y[i][j] = sum_k a[i][k] * 2.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool; npytool.write('%t/a.npy', 'f16', [((i * 7) %% 13 - 6) / 4.0 for i in range(256)])"
// RUN: casc run %s --kernel k --arg a=%t/a.npy --arg y=zeros:256 --out y=%t/y.npy
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool; a = npytool.read('%t/a.npy')[1]; y = npytool.read('%t/y.npy')[1]; want = [2 * sum(a[i * 16 + k] for k in range(16)) for i in range(16) for j in range(16)]; assert y == want, (y[:16], want[:16]); print('ok')" | FileCheck %s
// CHECK: ok

func.func @k(%a: memref<?xf16, 22>, %y: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
  %ga = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %ga, %a : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gy, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %p = ascendc.pipe
  %qa = ascendc.queue : <a2, 1>
  %qb = ascendc.queue : <b2, 1>
  %qc = ascendc.queue : <co1, 1>
  %c1 = arith.constant 1 : i32
  %c512 = arith.constant 512 : i32
  %c1024 = arith.constant 1024 : i32
  ascendc.pipe.init_queue %p, %qa, %c1, %c512 : !ascendc.queue<a2, 1>, i32, i32
  ascendc.pipe.init_queue %p, %qb, %c1, %c512 : !ascendc.queue<b2, 1>, i32, i32
  ascendc.pipe.init_queue %p, %qc, %c1, %c1024 : !ascendc.queue<co1, 1>, i32, i32
  %ta = ascendc.que_bind.alloc_tensor %qa : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  %tb = ascendc.que_bind.alloc_tensor %qb : !ascendc.queue<b2, 1>, !ascendc.local_tensor<*xf16>
  %tc = ascendc.que_bind.alloc_tensor %qc : !ascendc.queue<co1, 1>, !ascendc.local_tensor<*xf32>
  %z16 = arith.constant 0 : ui16
  %one8 = arith.constant 1 : ui8
  %z8 = arith.constant 0 : ui8
  %false = arith.constant false
  %true = arith.constant true
  %ld = ascendc.construct !ascendc.load_data_2d_params(%z16, %one8, %z16, %z16, %z16, %false, %z8) [ui16, ui8, ui16, ui16, ui16, i1, ui8] : ui16, ui8, ui16, ui16, ui16, i1, ui8
  ascendc.load_data_g2l %ta, %ga, %ld : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.load_data_2d_params
  %r1 = arith.constant 1 : ui16
  %two = arith.constant 2.0 : f16
  %ic = ascendc.construct !ascendc.init_const_value_params(%r1, %r1, %z16, %two) [ui16, ui16, ui16, f16] : ui16, ui16, ui16, f16
  ascendc.init_const_value %tb, %ic : !ascendc.local_tensor<*xf16>, !ascendc.init_const_value_params
  %c16 = arith.constant 16 : ui16
  %mp = ascendc.construct !ascendc.mmad_params(%c16, %c16, %c16, %false, %false, %true) [ui16, ui16, ui16, i1, i1, i1] : ui16, ui16, ui16, i1, i1, i1
  ascendc.mmad %tc, %ta, %tb, %mp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.mmad_params
  %c16i = arith.constant 16 : i32
  %z = arith.constant 0 : i32
  %rm = arith.constant 1 : i32
  %fc = ascendc.construct !ascendc.fixpipe_config(%rm) [!ascendc.co2_layout] : i32
  %fp = ascendc.construct !ascendc.fixpipe_params_v220(%c16i, %c16i, %c16i, %c16i, %false, %z, %z, %c1, %z, %z, %z, %false) [ui16, ui16, ui16, ui32, i1, !ascendc.quant_mode_t, ui64, ui16, ui16, ui16, ui8, i1] : i32, i32, i32, i32, i1, i32, i32, i32, i32, i32, i32, i1
  ascendc.fixpipe %gy, %tc, %fp, %fc : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  ascendc.que_bind.free_tensor %qa, %ta : !ascendc.queue<a2, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %qb, %tb : !ascendc.queue<b2, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %qc, %tc : !ascendc.queue<co1, 1>, !ascendc.local_tensor<*xf32>
  return
}

// SetHF32Mode(false) keeps regular FP32 (and SetHF32TransMode does nothing
// while HF32 is off); SetHF32Mode(true) is reported where it is called.
// RUN: not casc run %s --kernel hf32 2>&1 | FileCheck %s --check-prefix=HF32
// HF32: cube-init-g2l.mlir:64:3: error: block 0: SetHF32Mode(true): HF32 products are not simulated
func.func @hf32() attributes {ascendc.aicore, ascendc.global} {
  %false = arith.constant false
  %true = arith.constant true
  ascendc.set_hf32_mode %false : i1
  ascendc.set_hf32_trans_mode %true : i1
  ascendc.set_hf32_trans_mode %false : i1
  ascendc.set_hf32_mode %true : i1
  return
}
