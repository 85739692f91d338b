func.func @f(%a: memref<?x?xi64>, %i: index) {
  %0 = memref.load %a[%i] : memref<?x?xi64>
  return
}
