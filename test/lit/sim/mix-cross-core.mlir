// Mix mode on the simulator: a block of a MIX launch is one AIV (sub-block
// 0 of 1) whose Matmul calls do the AIC's work; cross-core flags count per
// block, and a wait that nothing sets is a located deadlock, not a hang.
// RUN: rm -rf %t && mkdir -p %t
// RUN: casc run %s --kernel ok --arg o=zeros:3 --arg u=zeros:1 --out o=%t/o.npy --out u=%t/u.npy
// RUN: tail -c 24 %t/o.npy | od -An -td8 -w24 | FileCheck %s --check-prefix=OK
// OK: {{^ +0 +1 +0$}}
// RUN: tail -c 8 %t/u.npy | od -An -td8 | FileCheck %s --check-prefix=NUM
// NUM: {{^ +1$}}
// RUN: not casc run %s --kernel hang --blocks 2 2>&1 | FileCheck %s --check-prefix=HANG
// HANG: mix-cross-core.mlir:41:3: error: blocks 0-1: CrossCoreWaitFlag(3) waits for a cross-core flag that nothing has set: no other core of the group runs in the simulator (a block is one AIV, its Matmul calls do the AIC's work), so the wait never ends; on the NPU it hangs unless the AIC or the other AIV sets flag 3
// RUN: not casc run %s --kernel too_many --blocks 1 2>&1 | FileCheck %s --check-prefix=MANY
// MANY: error: block 0: CrossCoreSetFlag: flag 2 is set a 16th time with no wait in between; at most 15 sets may be outstanding

func.func @ok(%o: memref<?xi64, 22>, %u: memref<?xui64, 22>) attributes {ascendc.aicore, ascendc.global} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi64>
  ascendc.global_tensor.set_global_buffer %g, %o : !ascendc.global_tensor<*xi64>, memref<?xi64, 22>
  %gu = ascendc.global_tensor : !ascendc.global_tensor<*xui64>
  ascendc.global_tensor.set_global_buffer %gu, %u : !ascendc.global_tensor<*xui64>, memref<?xui64, 22>
  %aic = ascendc.ascend_is_aic : i1
  %aiv = ascendc.ascend_is_aiv : i1
  %sub = ascendc.get_sub_block_idx : i64
  %num = ascendc.get_sub_block_num : ui64
  %f = arith.constant 5 : i32
  ascendc.cross_core_set_flag %f, 1, pipe_mte3 : i32
  ascendc.cross_core_wait_flag %f, 1, pipe_mte3 : i32
  %vaic = arith.extui %aic : i1 to i64
  %vaiv = arith.extui %aiv : i1 to i64
  %i0 = arith.constant 0 : ui64
  %i1 = arith.constant 1 : ui64
  %i2 = arith.constant 2 : ui64
  ascendc.global_tensor.set_value %g, %i0, %vaic : !ascendc.global_tensor<*xi64>, ui64, i64
  ascendc.global_tensor.set_value %g, %i1, %vaiv : !ascendc.global_tensor<*xi64>, ui64, i64
  ascendc.global_tensor.set_value %g, %i2, %sub : !ascendc.global_tensor<*xi64>, ui64, i64
  ascendc.global_tensor.set_value %gu, %i0, %num : !ascendc.global_tensor<*xui64>, ui64, ui64
  return
}

func.func @hang() attributes {ascendc.aicore, ascendc.global} {
  %f = arith.constant 3 : i32
  ascendc.cross_core_wait_flag %f, 2, pipe_fix : i32
  return
}

func.func @too_many() attributes {ascendc.aicore, ascendc.global} {
  %f = arith.constant 2 : i32
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c16 step %c1 {
    ascendc.cross_core_set_flag %f, 2, pipe_fix : i32
  }
  return
}
