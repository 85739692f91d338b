// SetPadValue and the MOV_PAD_VAL register through `casc run`
// (docs/simulator.md, "Environment registers"). x is 1..14 (f32); each
// DataCopyPad moves 2 blocks of 7 elements (28 bytes) into 32-byte UB
// blocks of out:
//   A: SetPadValue(37), isPad = false, rightPadding 1 -> the register: 37
//   B: isPad = true, paddingValue 5, rightPadding 1 -> 5 (and the register
//      becomes 5, as the library's set_mov_pad_val does)
//   C: isPad = false, rightPadding 1 -> the register, now 5
//   D: no padding: the dummy fill is the block's first element
// so out, derived by hand from the reference's rules (the DataCopyPad page's
// isPad row and SetPadValue's example: 31 ones then 37), is below.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; n.write('%t/x.npy', 'f32', [float(v) for v in range(1, 15)])"
// RUN: casc run %s --kernel regs --arg x=%t/x.npy --arg out=zeros:64 --out out=%t/out.npy 2>&1 | count 0
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; v = list(n.read('%t/out.npy')[1]); a = [1, 2, 3, 4, 5, 6, 7]; b = [8, 9, 10, 11, 12, 13, 14]; want = a + [37] + b + [37] + (a + [5] + b + [5]) * 2 + a + [1] + b + [8]; assert v == want, v"
// RUN: casc run %s --kernel mismatch --arg x=%t/x.npy --arg out=zeros:64 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: casc run %s --kernel never_set --arg x=%t/x.npy --arg out=zeros:64 2>&1 | FileCheck %s --check-prefix=NEVER

module {
  func.func @regs(%x: memref<?xf32, 22> loc("x"), %out: memref<?xf32, 22> loc("out")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c16 = arith.constant 16 : i32
    %c28 = arith.constant 28 : i32
    %c32 = arith.constant 32 : i32
    %c48 = arith.constant 48 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %true = arith.constant true
    %false = arith.constant false
    %f0 = arith.constant 0.0 : f32
    %f5 = arith.constant 5.0 : f32
    %f37 = arith.constant 37.0 : f32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %og = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %og, %out : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <vecin>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<vecin>, i32
    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
    %tb_ = ascendc.local_tensor.bracket %t(%c16) : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
    %tc = ascendc.local_tensor.bracket %t(%c32) : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
    %td = ascendc.local_tensor.bracket %t(%c48) : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
    %cp = ascendc.construct !ascendc.data_copy_ext_params(%c2, %c28, %c0, %c0, %c0) [ui16, ui32, ui32, ui32, ui32] : i32, i32, i32, i32, i32
    %reg = ascendc.construct !ascendc.data_copy_pad_ext_params<f32>(%false, %c0, %c1, %f0) [i1, ui16, ui16, f32] : i1, i32, i32, f32
    %own = ascendc.construct !ascendc.data_copy_pad_ext_params<f32>(%true, %c0, %c1, %f5) [i1, ui16, ui16, f32] : i1, i32, i32, f32
    %none = ascendc.construct !ascendc.data_copy_pad_ext_params<f32>(%false, %c0, %c0, %f0) [i1, ui16, ui16, f32] : i1, i32, i32, f32
    ascendc.set_pad_value %f37 {pos = 12 : i32} : f32
    ascendc.data_copy_pad_l0_ext %t, %xg, %cp, %reg : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
    ascendc.data_copy_pad_l0_ext %tb_, %xg, %cp, %own : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
    ascendc.data_copy_pad_l0_ext %tc, %xg, %cp, %reg : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
    ascendc.data_copy_pad_l0_ext %td, %xg, %cp, %none : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
    ascendc.data_copy_l2 %og, %t, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    return
  }
  func.func @mismatch(%x: memref<?xf32, 22> loc("x"), %out: memref<?xf32, 22> loc("out")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c7 = arith.constant 7 : i32
    %c28 = arith.constant 28 : i32
    %c256 = arith.constant 256 : i32
    %false = arith.constant false
    %f0 = arith.constant 0.0 : f32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <vecin>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<vecin>, i32
    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
    %cp = ascendc.construct !ascendc.data_copy_ext_params(%c1, %c28, %c0, %c0, %c0) [ui16, ui32, ui32, ui32, ui32] : i32, i32, i32, i32, i32
    %reg = ascendc.construct !ascendc.data_copy_pad_ext_params<f32>(%false, %c0, %c1, %f0) [i1, ui16, ui16, f32] : i1, i32, i32, f32
    // TYPE: pad-value.mlir:[[@LINE+3]]:5: warning: block 0: DataCopyPad: pads f32 elements from the MOV_PAD_VAL register, which holds a value of type i32: the padding is the low 4 bytes of its bits (the reference: SetPadValue's type is the type DataCopyPad moves)
    // TYPE-NEXT: pad-value.mlir:[[@LINE+1]]:5: note: the register was written here
    ascendc.set_pad_value %c7 {pos = 12 : i32} : i32
    ascendc.data_copy_pad_l0_ext %t, %xg, %cp, %reg : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
    return
  }
  func.func @never_set(%x: memref<?xf32, 22> loc("x"), %out: memref<?xf32, 22> loc("out")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %c28 = arith.constant 28 : i32
    %c256 = arith.constant 256 : i32
    %false = arith.constant false
    %f0 = arith.constant 0.0 : f32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %og = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %og, %out : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %tb = ascendc.tbuf : <vecin>
    ascendc.pipe.init_buffer %pipe, %tb, %c256 : !ascendc.tbuf<vecin>, i32
    %t = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
    %cp = ascendc.construct !ascendc.data_copy_ext_params(%c1, %c28, %c0, %c0, %c0) [ui16, ui32, ui32, ui32, ui32] : i32, i32, i32, i32, i32
    %reg = ascendc.construct !ascendc.data_copy_pad_ext_params<f32>(%false, %c0, %c1, %f0) [i1, ui16, ui16, f32] : i1, i32, i32, f32
    ascendc.data_copy_pad_l0_ext %t, %xg, %cp, %reg : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
    // NEVER: pad-value.mlir:[[@LINE+1]]:5: warning: block 0: DataCopy: operand 'src' reads UB bytes [0, 32), which were never written (first at byte 28); UB starts with garbage
    ascendc.data_copy_l2 %og, %t, %c8 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    return
  }
}
