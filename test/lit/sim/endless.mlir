// A kernel that never ends. @same loops alike in every block: once one block
// runs out of steps the others are stopped (or never start), so 8 blocks cost
// the time of one. @bydx loops on its block index, so only the wall-clock
// limit (--timeout) stops it: running blocks where they are, the rest unrun.
// RUN: not casc run %s --kernel same --blocks 8 --threads 1 --max-steps 100000 --timeout 0 --stats --arg n=1 2>&1 | FileCheck --check-prefix=SAME %s
// SAME: endless.mlir:[[@LINE+21]]:5: error: blocks 0-7: the block ran more than 100000 steps without finishing (an endless loop?)
// SAME-NEXT: endless.mlir:[[@LINE+18]]:3: note: @same reads neither its block index nor scalars from memory, so every block runs alike: all were stopped once one ran out of steps
// SAME-NOT: error
// One block ran (100002 steps: the limit is passed at a jump); seven never started.
// SAME: casc run: @same, 8 block(s), {{.*}} 100002 steps, 8 error(s)
// RUN: not casc run %s --kernel same --blocks 8 --threads 2 --max-steps 100000 --timeout 0 --arg n=1 2>&1 | FileCheck --check-prefix=SAME2 %s
// SAME2: error: blocks 0-7: the block ran more than 100000 steps without finishing (an endless loop?)
// RUN: not casc run %s --kernel bidx --blocks 4 --threads 1 --timeout 0.2 --arg n=1 2>&1 | FileCheck --check-prefix=TIME %s
// TIME: endless.mlir:[[@LINE+23]]:5: error: block 0: stopped here at the launch's time limit of 0.2 s (an endless loop?)
// TIME-NEXT: endless.mlir:[[@LINE+19]]:3: error: blocks 1-3: not run: the launch reached its time limit of 0.2 s first
// RUN: python3 %S/Inputs/npytool.py rc 1 casc run %s --kernel bidx --blocks 2 --timeout 0.2 --arg n=1
// Block-dependent, so each block has its own step limit (no stop-all note):
// RUN: not casc run %s --kernel bidx --blocks 2 --max-steps 1000 --timeout 0 --arg n=1 2>&1 | FileCheck --check-prefix=BIDX %s
// BIDX: error: blocks 0-1: the block ran more than 1000 steps without finishing (an endless loop?)
// BIDX-NOT: note
// RUN: python3 %S/Inputs/npytool.py rc 2 casc run %s --kernel same --timeout -1 --arg n=1
// RUN: python3 %S/Inputs/npytool.py rc 2 casc run %s --kernel same --timeout 1s --arg n=1

module {
  func.func @same(%n: i32) attributes {ascendc.global} {
    %t = arith.constant true
    scf.while : () -> () {
      scf.condition(%t)
    } do {
      scf.yield
    }
    return
  }
  func.func @bidx(%n: i32) attributes {ascendc.global} {
    %b = ascendc.get_block_idx : i32
    %c100 = arith.constant 100 : i32
    scf.while : () -> () {
      %go = arith.cmpi slt, %b, %c100 : i32
      scf.condition(%go)
    } do {
      scf.yield
    }
    return
  }
}
