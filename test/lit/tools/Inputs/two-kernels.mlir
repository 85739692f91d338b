module {
  func.func @first(%n: i32) attributes {ascendc.global} {
    return
  }
  func.func @helper(%n: i32) {
    return
  }
  func.func @second(%n: i32) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %q = arith.divsi %n, %c0 : i32
    return
  }
}
