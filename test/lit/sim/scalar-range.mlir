// A scalar argument that does not fit its parameter's type is a usage error
// (exit 2), not a silent wrap; the type's edge values pass and arrive whole.
// RUN: rm -rf %t && mkdir -p %t
// RUN: casc run %s --arg out=zeros:2 --arg a=-2147483648 --arg u=255 --arg w=18446744073709551615 --arg h=65504 --arg f=-3.4e38 --arg flag=true --out out=%t/o.npy
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool; print(npytool.read('%t/o.npy'))" | FileCheck --check-prefix=EDGE %s
// EDGE: ('i32', [-2147483648, 0])
// RUN: not casc run %s --arg out=zeros:2 --arg a=4294969344 --arg u=0 --arg w=0 --arg h=0 --arg f=0 --arg flag=0 2>&1 | FileCheck --check-prefix=I32 %s
// I32: casc run: --arg a: 4294969344 does not fit i32 (-2147483648 ~ 2147483647)
// RUN: python3 %S/Inputs/npytool.py rc 2 casc run %s --arg out=zeros:2 --arg a=4294969344 --arg u=0 --arg w=0 --arg h=0 --arg f=0 --arg flag=0
// RUN: not casc run %s --arg out=zeros:2 --arg a=2147483648 --arg u=0 --arg w=0 --arg h=0 --arg f=0 --arg flag=0 2>&1 | FileCheck --check-prefix=I32B %s
// I32B: --arg a: 2147483648 does not fit i32
// RUN: not casc run %s --arg out=zeros:2 --arg a=0 --arg u=-1 --arg w=0 --arg h=0 --arg f=0 --arg flag=0 2>&1 | FileCheck --check-prefix=U8 %s
// U8: casc run: --arg u: -1 does not fit ui8 (0 ~ 255)
// RUN: not casc run %s --arg out=zeros:2 --arg a=0 --arg u=0 --arg w=18446744073709551616 --arg h=0 --arg f=0 --arg flag=0 2>&1 | FileCheck --check-prefix=U64 %s
// U64: casc run: --arg w: 18446744073709551616 does not fit ui64 (0 ~ 18446744073709551615)
// RUN: not casc run %s --arg out=zeros:2 --arg a=0 --arg u=0 --arg w=0 --arg h=65520 --arg f=0 --arg flag=0 2>&1 | FileCheck --check-prefix=F16 %s
// F16: casc run: --arg h: 65520 does not fit f16 (largest 65504)
// RUN: not casc run %s --arg out=zeros:2 --arg a=0 --arg u=0 --arg w=0 --arg h=0 --arg f=1e39 --arg flag=0 2>&1 | FileCheck --check-prefix=F32 %s
// F32: casc run: --arg f: 1e39 does not fit f32 (largest 3.40282e+38)
// RUN: not casc run %s --arg out=zeros:2 --arg a=0 --arg u=0 --arg w=0 --arg h=0 --arg f=0 --arg flag=2 2>&1 | FileCheck --check-prefix=I1 %s
// I1: casc run: --arg flag: 2 does not fit i1 (0 ~ 1)
// RUN: not casc run %s --arg out=zeros:2 --arg a=--1 --arg u=0 --arg w=0 --arg h=0 --arg f=0 --arg flag=0 2>&1 | FileCheck --check-prefix=SYNTAX %s
// SYNTAX: casc run: --arg a: '--1' is not an integer

module {
  func.func @k(%out: memref<?xi32, 22>, %a: i32, %u: ui8, %w: ui64, %h: f16, %f: f32, %flag: i1) attributes {ascendc.global} {
    %c0 = arith.constant 0 : ui64
    %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %g, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    ascendc.global_tensor.set_value %g, %c0, %a : !ascendc.global_tensor<*xi32>, ui64, i32
    return
  }
}
