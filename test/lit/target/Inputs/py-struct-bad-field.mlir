module {
  emitasc.declare_py_struct !emitasc.py_struct<"P", [memref<?xi32>], ["p"]>
}
