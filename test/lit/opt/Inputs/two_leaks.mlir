// Not a test: two chunks with one leaked tensor each (pass_flags.mlir).
func.func @a(%q: !ascendc.queue<vecin, 2>) {
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}
// -----
func.func @b(%q: !ascendc.queue<vecin, 2>) {

  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16>
  return
}
