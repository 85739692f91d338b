func.func @bad(%q: !ascendc.queue<vecinn, 2>) {
  %0 = ascendc.queue : <vecin, 2
  "x"(%undefined) : (i32) -> ()
  scf.for %i = %a to %b step %c : i32 {
