// mlir-opt's instrumentation flags: IR dumps on stderr around passes with
// mlir-opt's headers (the whole module, as casc runs passes on it), and
// -mlir-timing's report in mlir-opt's layout. stdout is unchanged.
// RUN: casc opt -cse -canonicalize %s > %t.plain
// RUN: casc opt -mlir-print-ir-after-all -cse -canonicalize %s 2> %t.after | diff %t.plain -
// RUN: FileCheck %s --check-prefix=AFTER --input-file %t.after
// AFTER:      // -----// IR Dump After CSE (cse) //----- //
// AFTER-NEXT: module {
// AFTER:        arith.addi
// AFTER-NOT:    arith.addi
// AFTER:      {{^}}}{{$}}
// AFTER-EMPTY:
// AFTER-EMPTY:
// AFTER-NEXT: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-NOT:  IR Dump
//
// Before a pass, the IR it gets: both additions are still there.
// RUN: casc opt -mlir-print-ir-before-all -cse %s 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE
// BEFORE:      // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: module {
// BEFORE-COUNT-2: arith.addi
//
// =PASS selects passes (a comma-separated list, or the flag repeated),
// also inside a named pipeline.
// RUN: casc opt -mlir-print-ir-before=cse -mlir-print-ir-after=canonicalize,sccp -canonicalize -cse -sccp %s 2>&1 >/dev/null | FileCheck %s --check-prefix=SELECT
// SELECT-NOT:  IR Dump
// SELECT:      IR Dump After Canonicalizer (canonicalize)
// SELECT-NOT:  IR Dump
// SELECT:      IR Dump Before CSE (cse)
// SELECT-NOT:  IR Dump
// SELECT:      IR Dump After SCCP (sccp)
// SELECT-NOT:  IR Dump
// RUN: casc opt -mlir-print-ir-after=ascendc-verify-sync --pipeline=default %s 2>&1 >/dev/null | FileCheck %s --check-prefix=INPIPE
// INPIPE:     IR Dump After VerifySync (ascendc-verify-sync)
// INPIPE-NOT: IR Dump
// RUN: not casc opt -mlir-print-ir-after=cse,nope %s 2>&1 | FileCheck %s --check-prefix=BADPASS
// BADPASS: casc opt: -mlir-print-ir-after: 'nope' is not a registered pass
// RUN: not casc opt -mlir-print-ir-before %s 2>&1 | FileCheck %s --check-prefix=NOPASS
// NOPASS: casc opt: option '-mlir-print-ir-before' needs a pass
//
// A pass that fails leaves no "after" dump.
// RUN: not casc opt -mlir-print-ir-after-all -cse -ascendc-materialize-tensor %S/Inputs/materialize_fails.mlir 2>&1 | FileCheck %s --check-prefix=FAILED
// FAILED:     IR Dump After CSE (cse)
// FAILED:     error: 'ascendc.local_tensor_auto' of a type without a static shape
// FAILED-NOT: IR Dump
//
// -mlir-timing: parser, each pass (a --pipeline and a func.func(...) group
// as a tree), output, rest and total; percentages of the total.
// RUN: casc opt -mlir-timing --pass-pipeline='builtin.module(func.func(cse,ascendc-verify-sync),canonicalize)' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMING --strict-whitespace
// TIMING:      {{^}}===-------------------------------------------------------------------------==={{$}}
// TIMING-NEXT: {{^}}                         ... Execution time report ...{{$}}
// TIMING-NEXT: {{^}}===-------------------------------------------------------------------------==={{$}}
// TIMING-NEXT: {{^}}  Total Execution Time: [[TOTAL:[0-9]+\.[0-9]{4}]] seconds{{$}}
// TIMING-EMPTY:
// TIMING-NEXT: {{^}}  ----Wall Time----  ----Name----{{$}}
// TIMING-NEXT: {{^}}  {{ *[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)}}  Parser{{$}}
// TIMING-NEXT: {{^}}  {{ *[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)}}  'func.func' Pipeline{{$}}
// TIMING-NEXT: {{^}}  {{ *[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)}}    CSE{{$}}
// TIMING-NEXT: {{^}}  {{ *[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)}}    VerifySync{{$}}
// TIMING-NEXT: {{^}}  {{ *[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)}}  Canonicalizer{{$}}
// TIMING-NEXT: {{^}}  {{ *[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)}}  Output{{$}}
// TIMING-NEXT: {{^}}  {{ *[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)}}  Rest{{$}}
// TIMING-NEXT: {{^}}  {{ *}}[[TOTAL]] (100.0%)  Total{{$}}
// A pass that runs twice has two rows; the chunks of -split-input-file add
// up in the same rows.
// RUN: casc opt -mlir-timing -split-input-file --pipeline=default -cse %S/Inputs/two_leaks.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=TREE
// TREE:      Parser
// TREE-NEXT: 'default' Pipeline
// TREE-NEXT:   PrivatizeFunc
// TREE-COUNT-3: Canonicalizer
// TREE:        VerifySync
// TREE-NEXT: %)  CSE
// TREE-NEXT: Output
// TREE-NEXT: Rest
// TREE-NEXT: Total
// TREE-NOT:  Parser

func.func @twice(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c1b = arith.constant 1 : i32
  %x = arith.addi %a, %c1 : i32
  %y = arith.addi %a, %c1b : i32
  %z = arith.muli %x, %y : i32
  return %z : i32
}
