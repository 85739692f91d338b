// A row that is not simulated (SIM NONE): running it is a located error.
// RUN: not casc run %s --blocks 1 2>&1 | FileCheck %s
// CHECK: pyasc-ops-sim.mlir:7:8: error: not supported by the simulator: ascendc.get_hccl_context

func.func @k(%x: memref<?xf16, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c0 = arith.constant 0 : i32
  %0 = ascendc.get_hccl_context %c0 : i32, i64
  return
}
