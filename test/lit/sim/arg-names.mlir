// `casc run` arguments are named as the file writes them (%out is --arg out=),
// by a NameLoc (loc("alias")), or by position (argN); an unknown name lists
// the valid ones; two names of one argument are a usage error.
// RUN: rm -rf %t && mkdir -p %t
// RUN: casc run %s --arg out=zeros:4 --arg val=7 --arg alias=9 --out out=%t/a.npy
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool; print(npytool.read('%t/a.npy'))" | FileCheck --check-prefix=A %s
// A: ('i32', [7, 9, 0, 0])
// RUN: casc run %s --arg arg0=zeros:4 --arg arg1=-3 --arg arg2=5 --out arg0=%t/b.npy
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool; print(npytool.read('%t/b.npy'))" | FileCheck --check-prefix=B %s
// B: ('i32', [-3, 5, 0, 0])
// The written name of a NameLoc'd argument is lost with its location:
// RUN: not casc run %s --arg out=zeros:4 --arg val=7 --arg other=9 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// UNKNOWN: casc run: --arg other: @k has no argument 'other'; its arguments are out (arg0), val (arg1), alias (arg2)
// RUN: not casc run %s --arg out=zeros:4 --arg val=7 --arg alias=9 --out vals=%t/c.npy 2>&1 | FileCheck --check-prefix=OUT %s
// OUT: casc run: --out vals: @k has no argument 'vals'; its arguments are out (arg0), val (arg1), alias (arg2)
// RUN: python3 %S/Inputs/npytool.py rc 2 casc run %s --arg out=zeros:4 --arg val=7 --arg arg1=8 --arg alias=9
// RUN: not casc run %s --arg out=zeros:4 --arg val=7 --arg arg1=8 --arg alias=9 2>&1 | FileCheck --check-prefix=SAME %s
// SAME: casc run: --arg val= and --arg arg1= name the same argument of @k
// RUN: not casc run %s --arg out=zeros:4 --arg val=7 --arg alias=9 --arg arg3=1 2>&1 | FileCheck --check-prefix=POS %s
// POS: casc run: --arg arg3: @k has no argument 'arg3'
// `casc opt` prints arguments as %argN, as MLIR does: a NameLoc'd name
// survives only in a location (-mlir-print-debuginfo) or, with
// -mlir-use-nameloc-as-prefix, as the SSA name (results too); without either
// casc run says where the names went.
// RUN: casc opt -mlir-use-nameloc-as-prefix %s -o %t/p.mlir
// RUN: FileCheck --check-prefix=PREFIX %s < %t/p.mlir
// PREFIX: func.func @k(%arg0: memref<?xi32, 22>, %arg1: i32, %alias: i32)
// PREFIX: %g = ascendc.global_tensor
// PREFIX: ascendc.global_tensor.set_value %g, %c1_ui64, %alias
// RUN: casc run %t/p.mlir --arg arg0=zeros:4 --arg arg1=7 --arg alias=9 --out arg0=%t/d.npy
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool; print(npytool.read('%t/d.npy'))" | FileCheck --check-prefix=A %s
// RUN: casc opt -mlir-print-debuginfo %s | casc run - --arg arg0=zeros:4 --arg arg1=7 --arg alias=9
// RUN: casc opt %s -o %t/n.mlir
// RUN: not casc run %t/n.mlir --arg arg0=zeros:4 --arg arg1=7 --arg alias=9 2>&1 | FileCheck --check-prefix=NOTE %s
// NOTE: casc run: --arg alias: @k has no argument 'alias'; its arguments are arg0, arg1, arg2
// NOTE-NEXT: casc run: note: @k's arguments have no names; IR printed without locations loses them: print it with `casc opt -mlir-use-nameloc-as-prefix` (or -mlir-print-debuginfo)

module {
  func.func @k(%out: memref<?xi32, 22>, %val: i32, %other: i32 loc("alias")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : ui64
    %c1 = arith.constant 1 : ui64
    %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32> loc("g")
    ascendc.global_tensor.set_global_buffer %g, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    ascendc.global_tensor.set_value %g, %c0, %val : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %g, %c1, %other : !ascendc.global_tensor<*xi32>, ui64, i32
    return
  }
}
