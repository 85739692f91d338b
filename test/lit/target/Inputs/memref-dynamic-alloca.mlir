func.func @dyn(%n: index) {
  %0 = memref.alloca(%n) : memref<?xi32>
  return
}
