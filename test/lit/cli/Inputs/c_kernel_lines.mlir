// Not a test: IR as the C front end locates it, with the C line and no
// column (loc("file.c":line:0)).
func.func @k(%q: !ascendc.queue<vecin, 2>) {
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf16> loc("kernel.c":12:0)
  return
}
