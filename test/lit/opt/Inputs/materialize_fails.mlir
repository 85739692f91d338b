// Not a test: materialize-tensor fails on it (a dynamic shape without sizes).
func.func @f() {
  %t = ascendc.local_tensor_auto() : <?xf16>
  return
}
