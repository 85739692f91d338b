// Pass flags are accepted with one or two dashes and run on the parsed
// module; a clean kernel goes through -ascendc-verify-sync without a
// diagnostic and prints unchanged. Passes run once per chunk.
// RUN: casc opt %s > %t.plain
// RUN: casc opt -ascendc-verify-sync %s 2> %t.err > %t.1
// RUN: count 0 < %t.err
// RUN: diff %t.plain %t.1
// RUN: casc opt --ascendc-verify-sync %s > %t.2
// RUN: diff %t.plain %t.2
// RUN: casc opt -split-input-file -ascendc-verify-sync %S/Inputs/two_leaks.mlir 2>&1 >/dev/null | FileCheck %s

func.func @ok(%q: !ascendc.queue<vecin, 2>) {
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}

// CHECK: within split at {{.*}}two_leaks.mlir:1 offset :3:{{[0-9]+}}: warning: AllocTensor: there is no corresponding call to FreeTensor
// CHECK: within split at {{.*}}two_leaks.mlir:6 offset :4:{{[0-9]+}}: warning: AllocTensor: there is no corresponding call to FreeTensor
