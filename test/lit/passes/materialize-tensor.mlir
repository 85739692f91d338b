// -ascendc-materialize-tensor: pyasc's output shape by default, and frees
// right after the last use with =free-at-last-use.
// RUN: casc opt -ascendc-materialize-tensor %s 2>%t.err | FileCheck %s --check-prefix=PYASC
// RUN: FileCheck %s --check-prefix=WARN --input-file %t.err
// RUN: casc opt -ascendc-materialize-tensor=free-at-last-use %s 2>/dev/null | FileCheck %s --check-prefix=LAST
// RUN: not casc opt -ascendc-materialize-tensor=bogus %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: unknown option 'bogus'

// PYASC-LABEL: func.func @two_inputs_one_calc
// PYASC:      %[[P0:.*]] = ascendc.pipe
// PYASC-NEXT: %[[Q0:.*]] = ascendc.queue : <vecin, 1>
// PYASC-NEXT: ascendc.pipe.init_queue %[[P0]], %[[Q0]], %c1_i32, %c128_i64 : !ascendc.queue<vecin, 1>, i32, i64
// PYASC-NEXT: %[[A:.*]] = ascendc.que_bind.alloc_tensor %[[Q0]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<32xf32>
// PYASC-NEXT: %[[P1:.*]] = ascendc.pipe
// PYASC-NEXT: %[[Q1:.*]] = ascendc.queue : <vecout, 1>
// PYASC-NEXT: ascendc.pipe.init_queue %[[P1]], %[[Q1]], %c1_i32, %c64_i64 : !ascendc.queue<vecout, 1>, i32, i64
// PYASC-NEXT: %[[B:.*]] = ascendc.que_bind.alloc_tensor %[[Q1]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<2x16xf16>
// PYASC-NEXT: %[[P2:.*]] = ascendc.pipe
// PYASC-NEXT: %[[T:.*]] = ascendc.tbuf : <veccalc>
// PYASC-NEXT: ascendc.pipe.init_buffer %[[P2]], %[[T]], %c128_i64 : !ascendc.tbuf<veccalc>, i64
// PYASC-NEXT: %[[C:.*]] = ascendc.tbuf.get_tensor %[[T]] : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<32xf32>
// PYASC-NEXT: ascendc.data_copy_l2 %[[A]], %arg0, %c32_i32
// PYASC-NEXT: ascendc.cast_l2
// PYASC-NEXT: ascendc.data_copy_l2 %arg1, %[[B]], %c32_i32
// PYASC-NEXT: ascendc.que_bind.free_tensor %[[Q1]], %[[B]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<2x16xf16>
// PYASC-NEXT: ascendc.que_bind.free_tensor %[[Q0]], %[[A]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<32xf32>
// PYASC-NEXT: return

// LAST-LABEL: func.func @two_inputs_one_calc
// LAST:      ascendc.data_copy_l2 %[[A:.*]], %arg0, %c32_i32
// LAST-NEXT: ascendc.cast_l2 %[[B:.*]], %[[A]]
// LAST-NEXT: ascendc.que_bind.free_tensor %{{.*}}, %[[A]] : !ascendc.queue<vecin, 1>
// LAST-NEXT: ascendc.data_copy_l2 %arg1, %[[B]], %c32_i32
// LAST-NEXT: ascendc.que_bind.free_tensor %{{.*}}, %[[B]] : !ascendc.queue<vecout, 1>
// LAST-NEXT: return
func.func @two_inputs_one_calc(%g : !ascendc.global_tensor<*xf32>, %h : !ascendc.global_tensor<*xf16>) {
  %n = arith.constant 32 : i32
  %unused = arith.constant 7 : i32
  %a = ascendc.local_tensor_auto() input : <32xf32>
  %b = ascendc.local_tensor_auto() output : <2x16xf16>
  %c = ascendc.local_tensor_auto() : <32xf32>
  ascendc.data_copy_l2 %a, %g, %n : !ascendc.local_tensor<32xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.cast_l2 %b, %a, %n {roundMode = 1 : i32} : !ascendc.local_tensor<2x16xf16>, !ascendc.local_tensor<32xf32>, i32
  ascendc.data_copy_l2 %h, %b, %n : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<2x16xf16>, i32
  return
}

// Dynamic shapes: the element size times each dimension (constants fold).
// PYASC-LABEL: func.func @dynamic
// PYASC:      %[[L:.*]] = arith.muli %arg1, %c8_i64 : i64
// PYASC-NEXT: %[[P:.*]] = ascendc.pipe
// PYASC-NEXT: %[[Q:.*]] = ascendc.queue : <vecin, 1>
// PYASC-NEXT: ascendc.pipe.init_queue %[[P]], %[[Q]], %c1_i32, %[[L]] : !ascendc.queue<vecin, 1>, i32, i64
// LAST-LABEL: func.func @dynamic
// The tensor is used inside the loop: it is freed right after the loop.
// LAST:      scf.for
// LAST:      }
// LAST-NEXT: ascendc.que_bind.free_tensor
// LAST-NEXT: %{{.*}} = arith.addi
func.func @dynamic(%g : !ascendc.global_tensor<*xf32>, %rows : i64, %k : i32) -> i32 {
  %c2 = arith.constant 2 : i64
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %t = ascendc.local_tensor_auto(%c2, %rows) input : <*xf32>
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    ascendc.data_copy_l2 %t, %g, %k : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  %r = arith.addi %k, %c1 : i32
  return %r : i32
}

// A returned tensor: the free has to stay before the terminator (pyasc's
// place), and both forms warn about it.
// WARN: warning: FreeTensor: materialize-tensor frees this tensor before the block terminator, which still uses it
// LAST-LABEL: func.func @returned
// LAST:      ascendc.que_bind.free_tensor
// LAST-NEXT: return
func.func @returned() -> !ascendc.local_tensor<16xf32> {
  %t = ascendc.local_tensor_auto() output : <16xf32>
  return %t : !ascendc.local_tensor<16xf32>
}
