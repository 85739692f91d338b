func.func @f(%n: i32, %x: f32) -> i32 {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %true = arith.constant true
  %cst = arith.constant 2.500000e-01 : f32
  %0 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %c0_i32) -> (i32)  : i32 {
    %s = arith.addi %acc, %i : i32
    %c = arith.cmpi sgt, %s, %n : i32
    %r = scf.if %c -> (i32) {
      scf.yield %s : i32
    } else {
      %d = arith.divsi %s, %n : i32
      scf.yield %d : i32
    }
    scf.yield %r : i32
  }
  %y = arith.mulf %x, %cst : f32
  %z = arith.select %true, %0, %c1_i32 : i32
  %w = arith.index_cast %z : i32 to index
  return %z : i32
}
