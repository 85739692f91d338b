// A new row is not simulated (SIM NONE): running it is a located error.
// RUN: not casc run %s --blocks 1 2>&1 | FileCheck %s
// CHECK: pyasc-ops-sim.mlir:6:3: error: not supported by the simulator: ascendc.set_atomic_none

func.func @k(%x: memref<?xf16, 22>) attributes {ascendc.aicore, ascendc.global} {
  ascendc.set_atomic_none : () -> ()
  return
}
