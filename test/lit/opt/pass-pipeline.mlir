// mlir-opt's textual pipeline: --pass-pipeline='builtin.module(...)' runs
// the same passes as the flags, with options in {...} and function passes
// nested in func.func(...); mistakes are command-line errors (exit 2)
// located in the pipeline text with a caret.
// RUN: casc opt -cse -canonicalize %s > %t.flags
// RUN: casc opt --pass-pipeline='builtin.module(func.func(cse),canonicalize)' %s > %t.text
// RUN: diff %t.flags %t.text
// RUN: FileCheck %s --input-file %t.text
// Options in braces are the flag's text after '='; named pipelines may
// stand among the passes; flags and --pass-pipeline keep command-line order.
// RUN: casc opt -ascendc-materialize-tensor=free-at-last-use %S/../passes/materialize-tensor.mlir 2>/dev/null > %t.mt.flags
// RUN: casc opt -pass-pipeline='builtin.module(func.func(ascendc-materialize-tensor{free-at-last-use}))' %S/../passes/materialize-tensor.mlir 2>/dev/null > %t.mt.text
// RUN: diff %t.mt.flags %t.mt.text
// RUN: casc opt --pipeline=default %S/../passes/materialize-tensor.mlir 2>/dev/null > %t.default.flags
// RUN: casc opt '--pass-pipeline=builtin.module( default )' %S/../passes/materialize-tensor.mlir 2>/dev/null > %t.default.text
// RUN: diff %t.default.flags %t.default.text
// RUN: casc opt -cse --pass-pipeline='builtin.module()' -canonicalize %s | diff %t.flags -
//
// RUN: not casc opt --pass-pipeline='builtin.module(cse,foo)' %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN --strict-whitespace
// UNKNOWN: casc opt: --pass-pipeline:1:20: error: 'foo' does not refer to a registered pass or pass pipeline (see 'casc opt -list-passes')
// UNKNOWN-NEXT: {{^}}builtin.module(cse,foo){{$}}
// UNKNOWN-NEXT: {{^}}                   ^{{$}}
// RUN: not casc opt --pass-pipeline='builtin.module(func.func(cse{bogus=1}))' %s 2>&1 | FileCheck %s --check-prefix=OPTION --strict-whitespace
// OPTION: --pass-pipeline:1:30: error: cse: unknown option 'bogus=1' (the pass takes no options)
// OPTION-NEXT: {{^}}builtin.module(func.func(cse{{[{]}}bogus=1}))
// OPTION-NEXT: {{^}}                             ^
// RUN: not casc opt --pass-pipeline='builtin.module(ascendc-legalize-kernel-args{ffts=some})' %s 2>&1 | FileCheck %s --check-prefix=OPTION2
// OPTION2: --pass-pipeline:1:45: error: ascendc-legalize-kernel-args: unknown option 'ffts=some' (known: ffts=all, ffts=mixed)
// RUN: not casc opt --pass-pipeline='builtin.module(func.func(inline))' %s 2>&1 | FileCheck %s --check-prefix=MODPASS
// MODPASS: --pass-pipeline:1:26: error: 'inline' runs on the whole module: it belongs in builtin.module(...), not in func.func(...)
// RUN: not casc opt --pass-pipeline='builtin.module(func.func(default))' %s 2>&1 | FileCheck %s --check-prefix=NESTPIPE
// NESTPIPE: --pass-pipeline:1:26: error: 'default' does not refer to a registered pass (see
// RUN: not casc opt --pass-pipeline='cse' %s 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: --pass-pipeline:1:1: error: expected the pipeline to be wrapped with its anchor op, e.g. 'builtin.module(...)'
// RUN: not casc opt --pass-pipeline='func.func(cse)' %s 2>&1 | FileCheck %s --check-prefix=FUNCANCHOR
// FUNCANCHOR: --pass-pipeline:1:1: error: casc runs passes on the module: anchor the pipeline on 'builtin.module(...)', not 'func.func'
// RUN: not casc opt --pass-pipeline='builtin.module(scf.for(cse))' %s 2>&1 | FileCheck %s --check-prefix=NEST
// NEST: --pass-pipeline:1:16: error: casc nests passes only in func.func(...), not in 'scf.for'
// RUN: not casc opt --pass-pipeline='builtin.module(func.func(func.func(cse)))' %s 2>&1 | FileCheck %s --check-prefix=NEST2
// NEST2: --pass-pipeline:1:26: error: func.func(...) cannot nest in func.func(...)
// RUN: not casc opt --pass-pipeline='builtin.module(cse' %s 2>&1 | FileCheck %s --check-prefix=PAREN
// PAREN: --pass-pipeline:1:19: error: expected ')'
// RUN: not casc opt --pass-pipeline='builtin.module(cse,,)' %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: --pass-pipeline:1:20: error: expected a pass name
// RUN: not casc opt --pass-pipeline='builtin.module(cse{x)' %s 2>&1 | FileCheck %s --check-prefix=BRACE
// BRACE: --pass-pipeline:1:19: error: '{' has no matching '}'
// RUN: not casc opt --pass-pipeline='builtin.module(cse) x' %s 2>&1 | FileCheck %s --check-prefix=TRAIL
// TRAIL: --pass-pipeline:1:21: error: unexpected text after the pipeline
// RUN: not casc opt --pass-pipeline= %s 2>&1 | FileCheck %s --check-prefix=NOVAL
// NOVAL: casc opt: option '--pass-pipeline=' needs a pipeline, e.g. -pass-pipeline='builtin.module(cse)'
// RUN: sh -c 'casc opt --pass-pipeline=builtin.module\(nope\) %s 2>/dev/null; test $? -eq 2'

// CHECK-LABEL: func.func @twice
// CHECK:         %[[X:.*]] = arith.addi %arg0, %{{.*}} : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NEXT:    return %[[M]] : i32
func.func @twice(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c1b = arith.constant 1 : i32
  %x = arith.addi %a, %c1 : i32
  %y = arith.addi %a, %c1b : i32
  %z = arith.muli %x, %y : i32
  return %z : i32
}
