// Every type casc models, in full and stripped form: tensors (element-only
// `<i32>` is `<*xi32>`), framework types with positions, memrefs with memory
// spaces, builtin scalars, function and tuple types, and unknown dialect types
// kept as text.
// RUN: casc opt %s | casc opt | FileCheck %s
// RUN: casc opt %s --mlir-print-op-generic | casc opt | FileCheck %s

// CHECK-LABEL: func.func @tensors
// CHECK-SAME: (%arg0: !ascendc.local_tensor<15xi32>, %arg1: !ascendc.local_tensor<?xf32>, %arg2: !ascendc.global_tensor<1x23x45xf16>, %arg3: !ascendc.global_tensor<58x?x78x900x?xi16>, %arg4: !ascendc.local_tensor<*xf16>, %arg5: !ascendc.local_tensor<*xi32>, %arg6: !ascendc.base_local_tensor<4xbf16>)
func.func @tensors(%a: !ascendc.local_tensor<15xi32>, %b: !ascendc.local_tensor<?xf32>,
                   %c: !ascendc.global_tensor<1x23x45xf16>,
                   %d: !ascendc.global_tensor<58x?x78x900x?xi16>,
                   %e: !ascendc.local_tensor<*xf16>, %f: !ascendc.local_tensor<i32>,
                   %g: !ascendc.base_local_tensor<4xbf16>) {
  return
}

// CHECK-LABEL: func.func @framework
// CHECK-SAME: (%arg0: !ascendc.tbuf<gm>, %arg1: !ascendc.que_bind<veccalc, gm, 101>, %arg2: !ascendc.queue<vecout, 2>, %arg3: !ascendc.pipe, %arg4: !ascendc.tbuf_pool<vecin, 4>, %arg5: !ascendc.data_copy_params, %arg6: !ascendc.local_mem_allocator<0>)
func.func @framework(%a: !ascendc.tbuf<gm>, %b: !ascendc.que_bind<veccalc, gm, 101>,
                     %c: !ascendc.queue<vecout, 2>, %d: !ascendc.pipe,
                     %e: !ascendc.tbuf_pool<vecin, 4>, %f: !ascendc.data_copy_params,
                     %g: !ascendc.local_mem_allocator<0>) {
  return
}

// CHECK-LABEL: func.func @builtin
// CHECK-SAME: (%arg0: i1, %arg1: si8, %arg2: ui64, %arg3: index, %arg4: f16, %arg5: bf16, %arg6: f64, %arg7: memref<?xf16, 22>, %arg8: memref<*xf32, 22>, %arg9: memref<4x?xi8>, %arg10: tuple<i32, f32>, %arg11: none) -> ((i32) -> i64, tuple<>)
func.func @builtin(%a: i1, %b: si8, %c: ui64, %d: index, %e: f16, %f: bf16, %g: f64,
                   %h: memref<?xf16, 22>, %i: memref<*xf32, 22>, %j: memref<4x?xi8>,
                   %k: tuple<i32, f32>, %l: none) -> ((i32) -> i64, tuple<>) {
  %0 = "test.make"() : () -> ((i32) -> i64)
  %1 = "test.make"() : () -> tuple<>
  return %0, %1 : (i32) -> i64, tuple<>
}

// CHECK-LABEL: func.func @opaque
// CHECK-SAME: (%arg0: !emitasc.py_struct<"S", [i32, f32]>, %arg1: !foo<"x">, %arg2: tensor<2x?xf32>, %arg3: !emitc.opaque<"uint8_t">, %arg4: !emitc.ptr<i32>)
func.func @opaque(%a: !emitasc.py_struct<"S", [i32, f32]>, %b: !foo<"x">,
                  %c: tensor<2x?xf32>, %d: !emitc.opaque<"uint8_t">, %e: !emitc.ptr<i32>) {
  return
}

// Stripped and full forms are the same type.
// CHECK-LABEL: func.func @stripped
// CHECK-NEXT: %0 = ascendc.queue : <vecin, 2>
// CHECK-NEXT: %1 = ascendc.queue : <vecin, 2>
// CHECK-NEXT: %2 = ascendc.que_bind : <vecin, vecout, 1>
// CHECK-NEXT: %3 = ascendc.tbuf : <veccalc>
// CHECK-NEXT: %4 = ascendc.tBufPool : <vecin, 4>
// CHECK-NEXT: ascendc.pipe.init_queue %arg0, %0, %arg1, %arg1 : !ascendc.queue<vecin, 2>, i32, i32
func.func @stripped(%p: !ascendc.pipe, %n: i32) {
  %0 = ascendc.queue : !ascendc.queue<vecin, 2>
  %1 = ascendc.queue : <vecin, 2>
  %2 = ascendc.que_bind : !ascendc.que_bind<vecin, vecout, 1>
  %3 = ascendc.tbuf : <veccalc>
  %4 = ascendc.tBufPool : !ascendc.tbuf_pool<vecin, 4>
  ascendc.pipe.init_queue %p, %0, %n, %n : !ascendc.queue<vecin, 2>, i32, i32
  return
}

// Attributes: integers with types, floats, strings with escapes, arrays with
// i64/f64 elided, nested dictionaries, symbol references, the kernel_arg
// enum attribute, and opaque dialect attributes.
// CHECK-LABEL: "test.attrs"
// CHECK-SAME: {a = 1 : i64, b = -1 : i8, c = 255 : ui8, d = 2.500000e-01 : f32, e = "q\22\0A", f = [1, 2.000000e+00, true, 3 : i32], g = {x, y = @s::@t}, h = #emitasc<kernel_arg ffts_addr>, i = #arith.fastmath<fast>, j = array<i32: 1, 2>, k = dense<[1, 2]> : tensor<2xi32>, l = 0x7E00 : f16, m = i32, n, o = false}
"test.attrs"() {o = false, n = unit, m = i32, l = 0x7E00 : f16, k = dense<[1, 2]> : tensor<2xi32>, j = array<i32: 1, 2>, i = #arith.fastmath<fast>, h = #emitasc<kernel_arg ffts_addr>, g = {y = @s::@t, x}, f = [1, 2.0, true, 3 : i32], e = "q\"\n", d = 0.25 : f32, c = 255 : ui8, b = -1 : i8, a = 1} : () -> ()
