// arith.cmpf runs on the simulator: the op's i1 result is not what its
// element-type check looks at (the sweep found every cmpf refused with
// "element type i1"). Each predicate's result is stored into z[i].
// RUN: rm -rf %t && mkdir -p %t
// RUN: casc run %s --arg z=zeros:4 --arg a=1.5 --arg b=2.5 --out z=%t/z.npy
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool; d, v = npytool.read('%t/z.npy'); assert v == [1, 0, 1, 0], v"

module {
  func.func @k(%z: memref<?xi32, 22> loc("z"), %a: f32 loc("a"), %b: f32 loc("b")) attributes {ascendc.global} {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %g, %z : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %lt = arith.cmpf olt, %a, %b : f32
    %gt = arith.cmpf ogt, %a, %b : f32
    %ne = arith.cmpf une, %a, %b : f32
    %eq = arith.cmpf oeq, %a, %b : f32
    %v0 = arith.select %lt, %one, %zero : i32
    %v1 = arith.select %gt, %one, %zero : i32
    %v2 = arith.select %ne, %one, %zero : i32
    %v3 = arith.select %eq, %one, %zero : i32
    %i0 = "emitc.constant"() <{value = 0 : ui64}> : () -> ui64
    %i1 = "emitc.constant"() <{value = 1 : ui64}> : () -> ui64
    %i2 = "emitc.constant"() <{value = 2 : ui64}> : () -> ui64
    %i3 = "emitc.constant"() <{value = 3 : ui64}> : () -> ui64
    ascendc.global_tensor.set_value %g, %i0, %v0 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %g, %i1, %v1 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %g, %i2, %v2 : !ascendc.global_tensor<*xi32>, ui64, i32
    ascendc.global_tensor.set_value %g, %i3, %v3 : !ascendc.global_tensor<*xi32>, ui64, i32
    return
  }
}
