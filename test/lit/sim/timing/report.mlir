// `casc run --timing` reports cycles per block, for the launch and each
// pipe's busy share, and the parameters it used; the figures come from the
// platform file.
// One DataCopy of 256 floats after 3 scalar instructions: issued in cycle
// 3, on MTE2 from cycle 4; it holds MTE2 mte2_setup + 1024 /
// mte2_bytes_per_cycle cycles (one burst) and completes mte2_latency
// cycles after that.
//  Ascend910B1.ini: 4 + 264 + 1024/128 + 0 = 276 cycles = 0.149 us at
//    1850 MHz; busy: S 4 of 276 cycles = 1.4 %, MTE2 272 of 276 = 98.6 %;
//    the launch adds its launch_cycles start-up: 1759 + 276 = 2035 cycles;
//  Inputs/slow.ini: 4 + 264 + 1024/16 = 332 cycles = 0.332 us at 1000 MHz,
//    the launch 1759 + 332 = 2091 cycles.
// 50 blocks on 48 cores: two waves, the launch takes 1759 + 2 x 276 = 2311
// cycles.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/../Inputs/npytool.py gen %t/x.npy f32 256 1
// RUN: casc run %s --timing --arg x=%t/x.npy | FileCheck %s
// RUN: casc run %s --timing --platform %casc_src/platform/Ascend910B1.ini --arg x=%t/x.npy | FileCheck %s
// RUN: casc run %s --timing --platform %S/Inputs/slow.ini --arg x=%t/x.npy | FileCheck --check-prefix=SLOW %s
// RUN: casc run %s --timing --blocks 50 --threads 2 --arg x=%t/x.npy | FileCheck --check-prefix=WAVES %s
// RUN: python3 %S/../Inputs/npytool.py rc 2 casc run %s --timing --platform %S/Inputs/bad.ini --arg x=%t/x.npy
// RUN: not casc run %s --timing --platform %S/Inputs/bad.ini --arg x=%t/x.npy 2>&1 | FileCheck --check-prefix=BAD %s

// CHECK: timing: @k on Ascend910B1 at 1850 MHz, 1 block(s) on 1 vector core(s)
// CHECK-NEXT: launch: 2035 cycles, 1.100 us
// CHECK-NEXT: block 0: 276 cycles, 0.149 us, busy  S 1.4%  MTE2 98.6%
// CHECK-NEXT: pipes busy (all blocks):  S 1.4%  MTE2 98.6%
// CHECK-NEXT: parameters: scalar 1; V head+cycles/repeat unary 4+1 scalar 5+1 binary 36+2 (latency 25) transc 31+2 sqrt 6+3 div 32+4 cast 29+1 reduce 31+7 move 7+1 select 6+1 copy 53+7 (repeat 256 B), latency 0; MTE2 264 + burst/128 B, latency 0; MTE3 264 + burst/128 B, latency 0; M 6 + 1/fractal (f32 2), latency 0; MTE1 0 + bytes/256 B L0A, /128 B L0B, /19 B BT, latency 0; FIX 0 + C x 2 B/41 B, latency 0; flags 1/1/1; min 1; launch 1759

// SLOW: timing: @k on slow at 1000 MHz
// SLOW-NEXT: launch: 2091 cycles, 2.091 us
// SLOW: parameters: {{.*}}; MTE2 264 + burst/16 B, latency 0;

// WAVES: timing: @k on Ascend910B1 at 1850 MHz, 50 block(s) on 48 vector core(s)
// WAVES-NEXT: launch: 2311 cycles, 1.249 us
// WAVES-NEXT: blocks 0-49: 276 cycles

// BAD: bad.ini:1:1: error: cube_freq, min_op_cycles and the [casc.timing] *_bytes_per_cycle values must be positive

module {
  func.func @k(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
    %a = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %n = "emitc.constant"() <{value = 256 : ui32}> : () -> ui32
    %c256 = arith.constant 256 : i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %l = ascendc.local_tensor_v2 vecin, %a, %n : !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %l, %xg, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    return
  }
}
