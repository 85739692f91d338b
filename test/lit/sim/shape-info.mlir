// ShapeInfo through `casc run` (docs/simulator.md, "Tensor bookkeeping").
// S = ShapeInfo(shape [4, 6], original [2, 3, 5], NZ) is set on a queue
// tensor and read back from the tensor DeQue returns: shape 4, 6, original
// dim 2 = 5, GetShapeSize 4 * 6 = 24; a store into the shape array after
// the construct leaves S's shape[0] at 4 (the struct copies the array).
// The GlobalTensor gets SetShapeInfo(3, 5, 7) (the dims form): size 105,
// original dim 2 = 7 (the dims form sets the original to the shape);
// C = ShapeInfo([9]) has original_shape(0) = 9, and setting C on the
// GlobalTensor replaces the shape: size 9. So out is
// [4, 6, 5, 24, 4, 105, 7, 9, 9], derived by hand.
// RUN: rm -rf %t && mkdir -p %t
// RUN: casc run %s --kernel shapes --arg out=zeros:9 --out out=%t/out.npy 2>&1 | count 0
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; v = n.read('%t/out.npy')[1]; assert list(v) == [4, 6, 5, 24, 4, 105, 7, 9, 9], v"
// RUN: not casc run %s --kernel bad_dim 2>&1 | FileCheck %s --check-prefix=DIM
// RUN: not casc run %s --kernel bad_len 2>&1 | FileCheck %s --check-prefix=LEN
// RUN: not casc run %s --kernel addr_shape 2>&1 | FileCheck %s --check-prefix=ADDR
// RUN: casc run %s --kernel fresh --arg out=zeros:1 --out out=%t/fresh.npy 2>&1 | FileCheck %s --check-prefix=FRESH
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; v = n.read('%t/fresh.npy')[1]; assert list(v) == [1], v"
// RUN: casc run %s --kernel repipe --arg out=zeros:2 --out out=%t/repipe.npy 2>&1 | FileCheck %s --check-prefix=REPIPE
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; v = n.read('%t/repipe.npy')[1]; assert list(v) == [5, 1], v"

module {
  func.func @shapes(%out: memref<?xi32, 22> loc("out")) attributes {ascendc.global} {
    %c0i = arith.constant 0 : i32
    %c1i = arith.constant 1 : i32
    %c2i = arith.constant 2 : i32
    %c3i = arith.constant 3 : i32
    %c5i = arith.constant 5 : i32
    %c7i = arith.constant 7 : i32
    %c256 = arith.constant 256 : i32
    %x0 = arith.constant 0 : index
    %x1 = arith.constant 1 : index
    %x2 = arith.constant 2 : index
    %u2 = "emitc.constant"() <{value = 2 : ui32}> : () -> ui32
    %u3 = "emitc.constant"() <{value = 3 : ui32}> : () -> ui32
    %u4 = "emitc.constant"() <{value = 4 : ui32}> : () -> ui32
    %u5 = "emitc.constant"() <{value = 5 : ui32}> : () -> ui32
    %u6 = "emitc.constant"() <{value = 6 : ui32}> : () -> ui32
    %u7 = "emitc.constant"() <{value = 7 : ui32}> : () -> ui32
    %u9 = "emitc.constant"() <{value = 9 : ui32}> : () -> ui32
    %o0 = "emitc.constant"() <{value = 0 : ui64}> : () -> ui64
    %o1 = "emitc.constant"() <{value = 1 : ui64}> : () -> ui64
    %o2 = "emitc.constant"() <{value = 2 : ui64}> : () -> ui64
    %o3 = "emitc.constant"() <{value = 3 : ui64}> : () -> ui64
    %o4 = "emitc.constant"() <{value = 4 : ui64}> : () -> ui64
    %o5 = "emitc.constant"() <{value = 5 : ui64}> : () -> ui64
    %o6 = "emitc.constant"() <{value = 6 : ui64}> : () -> ui64
    %o7 = "emitc.constant"() <{value = 7 : ui64}> : () -> ui64
    %o8 = "emitc.constant"() <{value = 8 : ui64}> : () -> ui64
    %og = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %og, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %a = memref.alloca() {ascendc.emit_as_unsigned} : memref<2xui32>
    memref.store %u4, %a[%x0] : memref<2xui32>
    memref.store %u6, %a[%x1] : memref<2xui32>
    %b = memref.alloca() {ascendc.emit_as_unsigned} : memref<3xui32>
    memref.store %u2, %b[%x0] : memref<3xui32>
    memref.store %u3, %b[%x1] : memref<3xui32>
    memref.store %u5, %b[%x2] : memref<3xui32>
    %n2 = arith.constant 2 : i8
    %n3 = arith.constant 3 : i8
    %nz = arith.constant 1 : i8
    %s = ascendc.construct !ascendc.shape_info(%n2, %a, %n3, %b, %nz) [ui8, memref<*xui32>, ui8, memref<*xui32>, !ascendc.data_format] : i8, memref<2xui32>, i8, memref<3xui32>, i8
    memref.store %u7, %a[%x0] : memref<2xui32>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1i, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.local_tensor.set_shape_info %t, %s : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
    ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %si = ascendc.local_tensor.get_shape_info %d : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
    %v0 = ascendc.shape_info.shape %si, %c0i i32, i32
    %v1 = ascendc.shape_info.shape %si, %c1i i32, i32
    %v2 = ascendc.shape_info.original_shape %si, %c2i i32, i32
    %v3 = ascendc.get_shape_size %si : !ascendc.shape_info -> i32
    %v4 = ascendc.shape_info.shape %s, %c0i i32, i32
    ascendc.global_tensor.set_value %og, %o0, %v0 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %og, %o1, %v1 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %og, %o2, %v2 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %og, %o3, %v3 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %og, %o4, %v4 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    ascendc.global_tensor.set_shape_info_v2 %og, %c3i, %c5i, %c7i : !ascendc.global_tensor<*xi32>, i32, i32, i32
    %g = ascendc.global_tensor.get_shape_info %og : !ascendc.global_tensor<*xi32>, !ascendc.shape_info
    %v5 = ascendc.get_shape_size %g : !ascendc.shape_info -> i32
    %v6 = ascendc.shape_info.original_shape %g, %c2i i32, i32
    ascendc.global_tensor.set_value %og, %o5, %v5 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %og, %o6, %v6 : !ascendc.global_tensor<*xi32>, ui64, i32
    %c = memref.alloca() {ascendc.emit_as_unsigned} : memref<1xui32>
    memref.store %u9, %c[%x0] : memref<1xui32>
    %n1 = arith.constant 1 : i8
    %nd = arith.constant 0 : i8
    %cs = ascendc.construct !ascendc.shape_info(%n1, %c, %nd) [ui8, memref<*xui32>, !ascendc.data_format] : i8, memref<1xui32>, i8
    %v7 = ascendc.shape_info.original_shape %cs, %c0i i32, i32
    ascendc.global_tensor.set_value %og, %o7, %v7 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_shape_info %og, %cs : !ascendc.global_tensor<*xi32>, !ascendc.shape_info
    %g2 = ascendc.global_tensor.get_shape_info %og : !ascendc.global_tensor<*xi32>, !ascendc.shape_info
    %v8 = ascendc.get_shape_size %g2 : !ascendc.shape_info -> i32
    ascendc.global_tensor.set_value %og, %o8, %v8 : !ascendc.global_tensor<*xi32>, ui64, i32
    return
  }
  func.func @bad_dim() attributes {ascendc.global} {
    %c2i = arith.constant 2 : i32
    %x0 = arith.constant 0 : index
    %u4 = "emitc.constant"() <{value = 4 : ui32}> : () -> ui32
    %a = memref.alloca() {ascendc.emit_as_unsigned} : memref<2xui32>
    memref.store %u4, %a[%x0] : memref<2xui32>
    %n2 = arith.constant 2 : i8
    %nd = arith.constant 0 : i8
    %s = ascendc.construct !ascendc.shape_info(%n2, %a, %nd) [ui8, memref<*xui32>, !ascendc.data_format] : i8, memref<2xui32>, i8
    // DIM: shape-info.mlir:[[@LINE+1]]:10: error: block 0: ShapeInfo.shape[2]: the ShapeInfo's shape has 2 dimensions
    %v = ascendc.shape_info.shape %s, %c2i i32, i32
    return
  }
  func.func @bad_len() attributes {ascendc.global} {
    %x0 = arith.constant 0 : index
    %u4 = "emitc.constant"() <{value = 4 : ui32}> : () -> ui32
    %a = memref.alloca() {ascendc.emit_as_unsigned} : memref<2xui32>
    memref.store %u4, %a[%x0] : memref<2xui32>
    %n3 = arith.constant 3 : i8
    %nd = arith.constant 0 : i8
    // LEN: shape-info.mlir:[[@LINE+1]]:10: error: block 0: ShapeInfo: shape's 3 dimensions are read from an array of 2 elements
    %s = ascendc.construct !ascendc.shape_info(%n3, %a, %nd) [ui8, memref<*xui32>, !ascendc.data_format] : i8, memref<2xui32>, i8
    return
  }
  func.func @addr_shape() attributes {ascendc.global} {
    %a0 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %t = ascendc.local_tensor_v2 vecin, %a0, %a0 : !ascendc.local_tensor<*xf32>
    %s = ascendc.construct !ascendc.shape_info() []
    // ADDR: shape-info.mlir:[[@LINE+1]]:5: error: block 0: SetShapeInfo: the tensor was built from an address, so it has no buffer handle to keep a shape in (shapes live with the buffers of queues and TBufs)
    ascendc.local_tensor.set_shape_info %t, %s : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
    return
  }
  // A tensor of a new allocation has no shape, even in a buffer that had
  // one: its ShapeInfo is empty (a warning), whose GetShapeSize is 1.
  func.func @fresh(%out: memref<?xi32, 22> loc("out")) attributes {ascendc.global} {
    %c1i = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %o0 = "emitc.constant"() <{value = 0 : ui64}> : () -> ui64
    %og = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %og, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1i, %c256 : !ascendc.queue<vecin, 1>, i32, i32
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %s = ascendc.construct !ascendc.shape_info() []
    ascendc.local_tensor.set_shape_info %t, %s : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %t2 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    // FRESH: shape-info.mlir:[[@LINE+1]]:11: warning: block 0: GetShapeInfo: no SetShapeInfo gave this tensor a shape; it reads the empty ShapeInfo
    %si = ascendc.local_tensor.get_shape_info %t2 : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
    %n = ascendc.get_shape_size %si : !ascendc.shape_info -> i32
    ascendc.global_tensor.set_value %og, %o0, %n : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.que_bind.free_tensor %q, %t2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    return
  }
  // A TPipe constructed again (in a loop) has new buffers: the shape set
  // in the first pass (size 5) is not the second pass's (empty: size 1),
  // though its buffer restarts at the same generation.
  func.func @repipe(%out: memref<?xi32, 22> loc("out")) attributes {ascendc.global} {
    %c1i = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %x0 = arith.constant 0 : index
    %x1 = arith.constant 1 : index
    %x2 = arith.constant 2 : index
    %u5 = "emitc.constant"() <{value = 5 : ui32}> : () -> ui32
    %og = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %og, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %a = memref.alloca() {ascendc.emit_as_unsigned} : memref<1xui32>
    memref.store %u5, %a[%x0] : memref<1xui32>
    %n1 = arith.constant 1 : i8
    %nd = arith.constant 0 : i8
    %s = ascendc.construct !ascendc.shape_info(%n1, %a, %nd) [ui8, memref<*xui32>, !ascendc.data_format] : i8, memref<1xui32>, i8
    scf.for %i = %x0 to %x2 step %x1 {
      %pipe = ascendc.pipe
      %q = ascendc.queue : <vecin, 1>
      ascendc.pipe.init_queue %pipe, %q, %c1i, %c256 : !ascendc.queue<vecin, 1>, i32, i32
      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
      %first = arith.cmpi eq, %i, %x0 : index
      scf.if %first {
        ascendc.local_tensor.set_shape_info %t, %s : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
      }
      // REPIPE: shape-info.mlir:[[@LINE+2]]:13: warning: block 0: GetShapeInfo: no SetShapeInfo gave this tensor a shape; it reads the empty ShapeInfo
      // REPIPE-NOT: warning
      %si = ascendc.local_tensor.get_shape_info %t : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
      %n = ascendc.get_shape_size %si : !ascendc.shape_info -> i32
      %i64 = arith.index_cast %i : index to i64
      %off = emitc.cast %i64 : i64 to ui64
      ascendc.global_tensor.set_value %og, %off, %n : !ascendc.global_tensor<*xi32>, ui64, i32
      ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    }
    return
  }
}
