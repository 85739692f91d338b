// --out without --arg: the buffer is created as zeros, sized by the first .npy
// input or by --arg NAME=zeros:N; with neither, a usage error says how to give
// the size. A failed run writes no output (an older file stays as it was) and
// says so.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/npytool.py gen %t/in.npy i32 3 1
// RUN: casc run %s --arg in=%t/in.npy --arg i=1 --arg v=5 --out out=%t/a.npy
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool; print(npytool.read('%t/a.npy'))" | FileCheck --check-prefix=FROMNPY %s
// FROMNPY: ('i32', [0, 5, 0])
// RUN: casc run %s --arg in=zeros:1 --arg out=zeros:5 --arg i=4 --arg v=6 --out out=%t/b.npy
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool; print(npytool.read('%t/b.npy'))" | FileCheck --check-prefix=ZEROS %s
// ZEROS: ('i32', [0, 0, 0, 0, 6])
// RUN: not casc run %s --arg in=zeros:1 --arg i=0 --arg v=6 --out out=%t/c.npy 2>&1 | FileCheck --check-prefix=HINT %s
// HINT: casc run: --out out: no .npy input to take the size of out from: give --arg out=zeros:N (N elements) as well
// RUN: python3 %S/Inputs/npytool.py rc 2 casc run %s --arg in=zeros:1 --arg i=0 --arg v=6 --out out=%t/c.npy
// RUN: cp %t/b.npy %t/d.npy
// RUN: not casc run %s --arg in=zeros:1 --arg out=zeros:5 --arg i=9 --arg v=6 --out out=%t/d.npy 2>&1 | FileCheck --check-prefix=FAILED %s
// FAILED: error: block 0: SetValue
// FAILED: casc run: the run failed: --out file(s) not written
// RUN: cmp %t/b.npy %t/d.npy

module {
  func.func @k(%in: memref<?xi32, 22>, %out: memref<?xi32, 22>, %i: ui64, %v: i32) attributes {ascendc.global} {
    %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %g, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    ascendc.global_tensor.set_value %g, %i, %v : !ascendc.global_tensor<*xi32>, ui64, i32
    return
  }
}
