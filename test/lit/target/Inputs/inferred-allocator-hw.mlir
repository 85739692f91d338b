func.func @allocator_mismatch() {
  %h = arith.constant 2 : i64
  %a = ascendc.local_mem_allocator %h : i64, !ascendc.local_mem_allocator<5>
  return
}
