func.func private @f(memref<?xf16, 2201.>)
