func.func @f(%arg0: memref<?xf16, 22>) {
  %0 = "emitasc.ptr_offset"(%arg0) <{operandSegmentSizes = array<i32: 1, 0>, staticOffset = 2 : i64}> : (memref<?xf16, 22>) -> memref<?xf16, 22>
  return
}
