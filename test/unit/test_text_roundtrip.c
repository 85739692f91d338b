/* Parser and printer against mlir-opt-19. Every expected text below is what
 * `mlir-opt-19 --allow-unregistered-dialect [flags]` printed for its input
 * (minus the one extra newline mlir-opt adds at the end, which casc leaves
 * to the tool); the ascendc module is pyasc's printed form, a fixed point.
 * Each golden is also re-parsed and re-printed (round trip), and malformed
 * inputs must give one located error and no module. */
#include <stdlib.h>
#include <string.h>

#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/text.h"
#include "check.h"
#include "dialect/dialect.h"

typedef struct {
  const char *name, *file, *input, *expected;
  casc_print_flags flags;
} golden;

static const golden goldens[] = {
    {"naming_and_floats",
     "a.mlir",
     "func.func @f(%a: i32, %b: index) -> i32 {\n"
     "  %c1 = arith.constant 1 : i32\n"
     "  %c1b = arith.constant 1 : i32\n"
     "  %m = arith.constant -1 : i32\n"
     "  %t = arith.constant true\n"
     "  %f = arith.constant false\n"
     "  %x = arith.constant 0 : index\n"
     "  %x2 = arith.constant 5 : index\n"
     "  %c64 = arith.constant 256 : i64\n"
     "  %h = arith.constant 0.5 : f32\n"
     "  %h2 = arith.constant 1.0 : f16\n"
     "  %h3 = arith.constant 0x7C00 : f16\n"
     "  %h4 = arith.constant 0.1 : f64\n"
     "  %h5 = arith.constant 123456789.0 : f64\n"
     "  %h6 = arith.constant 1.0e300 : f64\n"
     "  %h7 = arith.constant 0.123456789 : f64\n"
     "  %h8 = arith.constant 1.5e-10 : f32\n"
     "  %h9 = arith.constant 3.14159 : bf16\n"
     "  %s = arith.addi %a, %c1 : i32\n"
     "  %r = scf.for %i = %c1 to %m step %c1b iter_args(%acc = %s) -> (i32) : "
     "i32 {\n"
     "    %k = arith.constant 7 : i32\n"
     "    %k2 = arith.constant 1 : i32\n"
     "    %q = arith.addi %acc, %k : i32\n"
     "    %cond = arith.cmpi slt, %q, %k2 : i32\n"
     "    %z = scf.if %cond -> (i32) {\n"
     "      %k3 = arith.constant 1 : i32\n"
     "      scf.yield %k3 : i32\n"
     "    } else {\n"
     "      %k4 = arith.constant 1 : i32\n"
     "      %k5 = arith.constant 1 : i32\n"
     "      scf.yield %q : i32\n"
     "    }\n"
     "    scf.yield %z : i32\n"
     "  }\n"
     "  scf.for %j = %x to %x2 step %x2 {\n"
     "    %u = arith.addi %r, %r : i32\n"
     "  }\n"
     "  %w = arith.addi %r, %r : i32\n"
     "  return %w : i32\n"
     "}\n"
     "func.func private @g(i32) -> i32\n"
     "func.func @h(%a: i32 {foo.bar = 1 : i32}) -> (i32, i64) attributes "
     "{ascendc.aicore} {\n"
     "  %c = arith.constant 1 : i64\n"
     "  %0 = call @g(%a) : (i32) -> i32\n"
     "  %1:2 = \"foo.op\"(%a) ({\n"
     "  ^bb0(%z: i32):\n"
     "    \"foo.yield\"(%z) : (i32) -> ()\n"
     "  }, {\n"
     "    %y = arith.constant 2 : i32\n"
     "  }) {b = 1, a = \"x\\n\\\"q\", c = [1, 2.0, true, unit], d = {z = 1 : "
     "i8}, e = dense<1> : tensor<2xi32>, f = @x::@y} : (i32) -> (i32, i64)\n"
     "  return %1#0, %1#1 : i32, i64\n"
     "}\n",
     "module {\n"
     "  func.func @f(%arg0: i32, %arg1: index) -> i32 {\n"
     "    %c1_i32 = arith.constant 1 : i32\n"
     "    %c1_i32_0 = arith.constant 1 : i32\n"
     "    %c-1_i32 = arith.constant -1 : i32\n"
     "    %true = arith.constant true\n"
     "    %false = arith.constant false\n"
     "    %c0 = arith.constant 0 : index\n"
     "    %c5 = arith.constant 5 : index\n"
     "    %c256_i64 = arith.constant 256 : i64\n"
     "    %cst = arith.constant 5.000000e-01 : f32\n"
     "    %cst_1 = arith.constant 1.000000e+00 : f16\n"
     "    %cst_2 = arith.constant 0x7C00 : f16\n"
     "    %cst_3 = arith.constant 1.000000e-01 : f64\n"
     "    %cst_4 = arith.constant 0x419D6F3454000000 : f64\n"
     "    %cst_5 = arith.constant 1.000000e+300 : f64\n"
     "    %cst_6 = arith.constant 0.123456789 : f64\n"
     "    %cst_7 = arith.constant 1.500000e-10 : f32\n"
     "    %cst_8 = arith.constant 3.140630e+00 : bf16\n"
     "    %0 = arith.addi %arg0, %c1_i32 : i32\n"
     "    %1 = scf.for %arg2 = %c1_i32 to %c-1_i32 step %c1_i32_0 "
     "iter_args(%arg3 = %0) -> (i32)  : i32 {\n"
     "      %c7_i32 = arith.constant 7 : i32\n"
     "      %c1_i32_9 = arith.constant 1 : i32\n"
     "      %3 = arith.addi %arg3, %c7_i32 : i32\n"
     "      %4 = arith.cmpi slt, %3, %c1_i32_9 : i32\n"
     "      %5 = scf.if %4 -> (i32) {\n"
     "        %c1_i32_10 = arith.constant 1 : i32\n"
     "        scf.yield %c1_i32_10 : i32\n"
     "      } else {\n"
     "        %c1_i32_10 = arith.constant 1 : i32\n"
     "        %c1_i32_11 = arith.constant 1 : i32\n"
     "        scf.yield %3 : i32\n"
     "      }\n"
     "      scf.yield %5 : i32\n"
     "    }\n"
     "    scf.for %arg2 = %c0 to %c5 step %c5 {\n"
     "      %3 = arith.addi %1, %1 : i32\n"
     "    }\n"
     "    %2 = arith.addi %1, %1 : i32\n"
     "    return %2 : i32\n"
     "  }\n"
     "  func.func private @g(i32) -> i32\n"
     "  func.func @h(%arg0: i32 {foo.bar = 1 : i32}) -> (i32, i64) attributes "
     "{ascendc.aicore} {\n"
     "    %c1_i64 = arith.constant 1 : i64\n"
     "    %0 = call @g(%arg0) : (i32) -> i32\n"
     "    %1:2 = \"foo.op\"(%arg0) ({\n"
     "    ^bb0(%arg1: i32):\n"
     "      \"foo.yield\"(%arg1) : (i32) -> ()\n"
     "    }, {\n"
     "      %c2_i32 = arith.constant 2 : i32\n"
     "    }) {a = \"x\\0A\\22q\", b = 1 : i64, c = [1, 2.000000e+00, true, "
     "unit], d = {z = 1 : i8}, e = dense<1> : tensor<2xi32>, f = @x::@y} : "
     "(i32) -> (i32, i64)\n"
     "    return %1#0, %1#1 : i32, i64\n"
     "  }\n"
     "}\n",
     {0}},
    {"generic_unique_ids",
     "a.mlir",
     "func.func @f(%a: i32, %b: index) -> i32 {\n"
     "  %c1 = arith.constant 1 : i32\n"
     "  %c1b = arith.constant 1 : i32\n"
     "  %m = arith.constant -1 : i32\n"
     "  %t = arith.constant true\n"
     "  %f = arith.constant false\n"
     "  %x = arith.constant 0 : index\n"
     "  %x2 = arith.constant 5 : index\n"
     "  %c64 = arith.constant 256 : i64\n"
     "  %h = arith.constant 0.5 : f32\n"
     "  %h2 = arith.constant 1.0 : f16\n"
     "  %h3 = arith.constant 0x7C00 : f16\n"
     "  %h4 = arith.constant 0.1 : f64\n"
     "  %h5 = arith.constant 123456789.0 : f64\n"
     "  %h6 = arith.constant 1.0e300 : f64\n"
     "  %h7 = arith.constant 0.123456789 : f64\n"
     "  %h8 = arith.constant 1.5e-10 : f32\n"
     "  %h9 = arith.constant 3.14159 : bf16\n"
     "  %s = arith.addi %a, %c1 : i32\n"
     "  %r = scf.for %i = %c1 to %m step %c1b iter_args(%acc = %s) -> (i32) : "
     "i32 {\n"
     "    %k = arith.constant 7 : i32\n"
     "    %k2 = arith.constant 1 : i32\n"
     "    %q = arith.addi %acc, %k : i32\n"
     "    %cond = arith.cmpi slt, %q, %k2 : i32\n"
     "    %z = scf.if %cond -> (i32) {\n"
     "      %k3 = arith.constant 1 : i32\n"
     "      scf.yield %k3 : i32\n"
     "    } else {\n"
     "      %k4 = arith.constant 1 : i32\n"
     "      %k5 = arith.constant 1 : i32\n"
     "      scf.yield %q : i32\n"
     "    }\n"
     "    scf.yield %z : i32\n"
     "  }\n"
     "  scf.for %j = %x to %x2 step %x2 {\n"
     "    %u = arith.addi %r, %r : i32\n"
     "  }\n"
     "  %w = arith.addi %r, %r : i32\n"
     "  return %w : i32\n"
     "}\n"
     "func.func private @g(i32) -> i32\n"
     "func.func @h(%a: i32 {foo.bar = 1 : i32}) -> (i32, i64) attributes "
     "{ascendc.aicore} {\n"
     "  %c = arith.constant 1 : i64\n"
     "  %0 = call @g(%a) : (i32) -> i32\n"
     "  %1:2 = \"foo.op\"(%a) ({\n"
     "  ^bb0(%z: i32):\n"
     "    \"foo.yield\"(%z) : (i32) -> ()\n"
     "  }, {\n"
     "    %y = arith.constant 2 : i32\n"
     "  }) {b = 1, a = \"x\\n\\\"q\", c = [1, 2.0, true, unit], d = {z = 1 : "
     "i8}, e = dense<1> : tensor<2xi32>, f = @x::@y} : (i32) -> (i32, i64)\n"
     "  return %1#0, %1#1 : i32, i64\n"
     "}\n",
     "\"builtin.module\"() ({\n"
     "  \"func.func\"() <{function_type = (i32, index) -> i32, sym_name = "
     "\"f\"}> ({\n"
     "  ^bb0(%arg2: i32, %arg3: index):\n"
     "    %4 = \"arith.constant\"() <{value = 1 : i32}> : () -> i32\n"
     "    %5 = \"arith.constant\"() <{value = 1 : i32}> : () -> i32\n"
     "    %6 = \"arith.constant\"() <{value = -1 : i32}> : () -> i32\n"
     "    %7 = \"arith.constant\"() <{value = true}> : () -> i1\n"
     "    %8 = \"arith.constant\"() <{value = false}> : () -> i1\n"
     "    %9 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
     "    %10 = \"arith.constant\"() <{value = 5 : index}> : () -> index\n"
     "    %11 = \"arith.constant\"() <{value = 256 : i64}> : () -> i64\n"
     "    %12 = \"arith.constant\"() <{value = 5.000000e-01 : f32}> : () -> "
     "f32\n"
     "    %13 = \"arith.constant\"() <{value = 1.000000e+00 : f16}> : () -> "
     "f16\n"
     "    %14 = \"arith.constant\"() <{value = 0x7C00 : f16}> : () -> f16\n"
     "    %15 = \"arith.constant\"() <{value = 1.000000e-01 : f64}> : () -> "
     "f64\n"
     "    %16 = \"arith.constant\"() <{value = 0x419D6F3454000000 : f64}> : () "
     "-> f64\n"
     "    %17 = \"arith.constant\"() <{value = 1.000000e+300 : f64}> : () -> "
     "f64\n"
     "    %18 = \"arith.constant\"() <{value = 0.123456789 : f64}> : () -> "
     "f64\n"
     "    %19 = \"arith.constant\"() <{value = 1.500000e-10 : f32}> : () -> "
     "f32\n"
     "    %20 = \"arith.constant\"() <{value = 3.140630e+00 : bf16}> : () -> "
     "bf16\n"
     "    %21 = \"arith.addi\"(%arg2, %4) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32\n"
     "    %22 = \"scf.for\"(%4, %6, %5, %21) ({\n"
     "    ^bb0(%arg5: i32, %arg6: i32):\n"
     "      %25 = \"arith.constant\"() <{value = 7 : i32}> : () -> i32\n"
     "      %26 = \"arith.constant\"() <{value = 1 : i32}> : () -> i32\n"
     "      %27 = \"arith.addi\"(%arg6, %25) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32\n"
     "      %28 = \"arith.cmpi\"(%27, %26) <{predicate = 2 : i64}> : (i32, "
     "i32) -> i1\n"
     "      %29 = \"scf.if\"(%28) ({\n"
     "        %32 = \"arith.constant\"() <{value = 1 : i32}> : () -> i32\n"
     "        \"scf.yield\"(%32) : (i32) -> ()\n"
     "      }, {\n"
     "        %30 = \"arith.constant\"() <{value = 1 : i32}> : () -> i32\n"
     "        %31 = \"arith.constant\"() <{value = 1 : i32}> : () -> i32\n"
     "        \"scf.yield\"(%27) : (i32) -> ()\n"
     "      }) : (i1) -> i32\n"
     "      \"scf.yield\"(%29) : (i32) -> ()\n"
     "    }) : (i32, i32, i32, i32) -> i32\n"
     "    \"scf.for\"(%9, %10, %10) ({\n"
     "    ^bb0(%arg4: index):\n"
     "      %24 = \"arith.addi\"(%22, %22) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32\n"
     "      \"scf.yield\"() : () -> ()\n"
     "    }) : (index, index, index) -> ()\n"
     "    %23 = \"arith.addi\"(%22, %22) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32\n"
     "    \"func.return\"(%23) : (i32) -> ()\n"
     "  }) : () -> ()\n"
     "  \"func.func\"() <{function_type = (i32) -> i32, sym_name = \"g\", "
     "sym_visibility = \"private\"}> ({\n"
     "  }) : () -> ()\n"
     "  \"func.func\"() <{arg_attrs = [{foo.bar = 1 : i32}], function_type = "
     "(i32) -> (i32, i64), sym_name = \"h\"}> ({\n"
     "  ^bb0(%arg0: i32):\n"
     "    %0 = \"arith.constant\"() <{value = 1 : i64}> : () -> i64\n"
     "    %1 = \"func.call\"(%arg0) <{callee = @g}> : (i32) -> i32\n"
     "    %2:2 = \"foo.op\"(%arg0) ({\n"
     "    ^bb0(%arg1: i32):\n"
     "      \"foo.yield\"(%arg1) : (i32) -> ()\n"
     "    }, {\n"
     "      %3 = \"arith.constant\"() <{value = 2 : i32}> : () -> i32\n"
     "    }) {a = \"x\\0A\\22q\", b = 1 : i64, c = [1, 2.000000e+00, true, "
     "unit], d = {z = 1 : i8}, e = dense<1> : tensor<2xi32>, f = @x::@y} : "
     "(i32) -> (i32, i64)\n"
     "    \"func.return\"(%2#0, %2#1) : (i32, i64) -> ()\n"
     "  }) {ascendc.aicore} : () -> ()\n"
     "}) : () -> ()\n",
     {.generic = true}},
    {"debuginfo_aliases",
     "b.mlir",
     "#loc1 = loc(\"/home/me/k.py\":9:0)\n"
     "module {\n"
     "  func.func @k(%arg0: i32 loc(\"x\"(#loc1)), %arg1: i32 "
     "loc(\"y\"(#loc1)), %arg2: i32 loc(\"ffts\")) attributes {ascendc.global} "
     "{\n"
     "    %c1 = arith.constant 1 : i32 loc(unknown)\n"
     "    %0 = arith.addi %arg0, %c1 : i32 loc(\"/home/me/k.py\":11:13)\n"
     "    %1 = arith.addi %0, %c1 : i32 loc(callsite(\"/home/me/k.py\":20:4 at "
     "\"/home/me/k.py\":11:13))\n"
     "    %2 = arith.addi %1, %c1 : i32 loc(fused[\"/home/me/k.py\":11:13, "
     "\"a\"])\n"
     "    %3 = arith.addi %2, %c1 : i32 loc(\"x\"(#loc1))\n"
     "    %4 = arith.addi %3, %c1 : i32 loc(#loc9)\n"
     "    scf.for %i = %c1 to %c1 step %c1 : i32 {\n"
     "      %5 = arith.addi %3, %c1 : i32 loc(\"/home/me/k.py\":12:1)\n"
     "    } loc(\"/home/me/k.py\":13:1)\n"
     "    return loc(#loc1)\n"
     "  } loc(#loc1)\n"
     "} loc(unknown)\n"
     "#loc9 = loc(\"/home/me/k.py\":30:2)\n",
     "#loc1 = loc(\"/home/me/k.py\":9:0)\n"
     "#loc2 = loc(\"ffts\")\n"
     "#loc9 = loc(\"x\"(#loc1))\n"
     "#loc10 = loc(\"y\"(#loc1))\n"
     "module {\n"
     "  func.func @k(%arg0: i32 loc(\"x\"(#loc1)), %arg1: i32 "
     "loc(\"y\"(#loc1)), %arg2: i32 loc(\"ffts\")) attributes {ascendc.global} "
     "{\n"
     "    %c1_i32 = arith.constant 1 : i32 loc(#loc)\n"
     "    %0 = arith.addi %arg0, %c1_i32 : i32 loc(#loc3)\n"
     "    %1 = arith.addi %0, %c1_i32 : i32 loc(#loc11)\n"
     "    %2 = arith.addi %1, %c1_i32 : i32 loc(#loc12)\n"
     "    %3 = arith.addi %2, %c1_i32 : i32 loc(#loc9)\n"
     "    %4 = arith.addi %3, %c1_i32 : i32 loc(#loc6)\n"
     "    scf.for %arg3 = %c1_i32 to %c1_i32 step %c1_i32  : i32 {\n"
     "      %5 = arith.addi %3, %c1_i32 : i32 loc(#loc8)\n"
     "    } loc(#loc7)\n"
     "    return loc(#loc1)\n"
     "  } loc(#loc1)\n"
     "} loc(#loc)\n"
     "#loc = loc(unknown)\n"
     "#loc3 = loc(\"/home/me/k.py\":11:13)\n"
     "#loc4 = loc(\"/home/me/k.py\":20:4)\n"
     "#loc5 = loc(\"a\")\n"
     "#loc6 = loc(\"/home/me/k.py\":30:2)\n"
     "#loc7 = loc(\"/home/me/k.py\":13:1)\n"
     "#loc8 = loc(\"/home/me/k.py\":12:1)\n"
     "#loc11 = loc(callsite(#loc4 at #loc3))\n"
     "#loc12 = loc(fused[#loc3, #loc5])\n",
     {.debuginfo = true}},
    {"debuginfo_generic",
     "b.mlir",
     "#loc1 = loc(\"/home/me/k.py\":9:0)\n"
     "module {\n"
     "  func.func @k(%arg0: i32 loc(\"x\"(#loc1)), %arg1: i32 "
     "loc(\"y\"(#loc1)), %arg2: i32 loc(\"ffts\")) attributes {ascendc.global} "
     "{\n"
     "    %c1 = arith.constant 1 : i32 loc(unknown)\n"
     "    %0 = arith.addi %arg0, %c1 : i32 loc(\"/home/me/k.py\":11:13)\n"
     "    %1 = arith.addi %0, %c1 : i32 loc(callsite(\"/home/me/k.py\":20:4 at "
     "\"/home/me/k.py\":11:13))\n"
     "    %2 = arith.addi %1, %c1 : i32 loc(fused[\"/home/me/k.py\":11:13, "
     "\"a\"])\n"
     "    %3 = arith.addi %2, %c1 : i32 loc(\"x\"(#loc1))\n"
     "    %4 = arith.addi %3, %c1 : i32 loc(#loc9)\n"
     "    scf.for %i = %c1 to %c1 step %c1 : i32 {\n"
     "      %5 = arith.addi %3, %c1 : i32 loc(\"/home/me/k.py\":12:1)\n"
     "    } loc(\"/home/me/k.py\":13:1)\n"
     "    return loc(#loc1)\n"
     "  } loc(#loc1)\n"
     "} loc(unknown)\n"
     "#loc9 = loc(\"/home/me/k.py\":30:2)\n",
     "#loc1 = loc(\"/home/me/k.py\":9:0)\n"
     "#loc2 = loc(\"ffts\")\n"
     "#loc8 = loc(\"b.mlir\":10:13)\n"
     "#loc11 = loc(\"x\"(#loc1))\n"
     "#loc12 = loc(\"y\"(#loc1))\n"
     "\"builtin.module\"() ({\n"
     "  \"func.func\"() <{function_type = (i32, i32, i32) -> (), sym_name = "
     "\"k\"}> ({\n"
     "  ^bb0(%arg0: i32 loc(\"x\"(#loc1)), %arg1: i32 loc(\"y\"(#loc1)), "
     "%arg2: i32 loc(\"ffts\")):\n"
     "    %0 = \"arith.constant\"() <{value = 1 : i32}> : () -> i32 loc(#loc)\n"
     "    %1 = \"arith.addi\"(%arg0, %0) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc3)\n"
     "    %2 = \"arith.addi\"(%1, %0) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc13)\n"
     "    %3 = \"arith.addi\"(%2, %0) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc14)\n"
     "    %4 = \"arith.addi\"(%3, %0) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc11)\n"
     "    %5 = \"arith.addi\"(%4, %0) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc6)\n"
     "    \"scf.for\"(%0, %0, %0) ({\n"
     "    ^bb0(%arg3: i32 loc(\"b.mlir\":10:13)):\n"
     "      %6 = \"arith.addi\"(%4, %0) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc9)\n"
     "      \"scf.yield\"() : () -> () loc(#loc10)\n"
     "    }) : (i32, i32, i32) -> () loc(#loc7)\n"
     "    \"func.return\"() : () -> () loc(#loc1)\n"
     "  }) {ascendc.global} : () -> () loc(#loc1)\n"
     "}) : () -> () loc(#loc)\n"
     "#loc = loc(unknown)\n"
     "#loc3 = loc(\"/home/me/k.py\":11:13)\n"
     "#loc4 = loc(\"/home/me/k.py\":20:4)\n"
     "#loc5 = loc(\"a\")\n"
     "#loc6 = loc(\"/home/me/k.py\":30:2)\n"
     "#loc7 = loc(\"/home/me/k.py\":13:1)\n"
     "#loc9 = loc(\"/home/me/k.py\":12:1)\n"
     "#loc10 = loc(\"b.mlir\":10:5)\n"
     "#loc13 = loc(callsite(#loc4 at #loc3))\n"
     "#loc14 = loc(fused[#loc3, #loc5])\n",
     {.generic = true, .debuginfo = true}},
    {"module_if_while",
     "c.mlir",
     "module @m attributes {foo.x = 1 : i32} {\n"
     "  func.func @k(%a: i32, %c: i1) -> i32 {\n"
     "      %0 = arith.addi %a, %a : i32\n"
     "    %r = scf.if %c -> i32 {\n"
     "      scf.yield %0 : i32\n"
     "    } else {\n"
     "      scf.yield %a : i32\n"
     "    }\n"
     "    scf.if %c {\n"
     "      \"foo.x\"() : () -> ()\n"
     "    } else {\n"
     "    }\n"
     "    %w:2 = scf.while (%x = %a, %y = %0) : (i32, i32) -> (i32, i32) {\n"
     "      %cc = arith.cmpi slt, %x, %y : i32\n"
     "      scf.condition(%cc) %x, %y : i32, i32\n"
     "    } do {\n"
     "    ^bb0(%x2: i32, %y2: i32):\n"
     "      scf.yield %x2, %y2 : i32, i32\n"
     "    }\n"
     "    %z = \"foo.bar\"(%r) : (i32) -> (i32)\n"
     "    return %z : i32\n"
     "  }\n"
     "}\n",
     "#loc2 = loc(\"c.mlir\":2:16)\n"
     "#loc3 = loc(\"c.mlir\":2:25)\n"
     "#loc13 = loc(\"c.mlir\":17:10)\n"
     "#loc14 = loc(\"c.mlir\":17:20)\n"
     "module @m attributes {foo.x = 1 : i32} {\n"
     "  func.func @k(%arg0: i32 loc(\"c.mlir\":2:16), %arg1: i1 "
     "loc(\"c.mlir\":2:25)) -> i32 {\n"
     "    %0 = arith.addi %arg0, %arg0 : i32 loc(#loc4)\n"
     "    %1 = scf.if %arg1 -> (i32) {\n"
     "      scf.yield %0 : i32 loc(#loc6)\n"
     "    } else {\n"
     "      scf.yield %arg0 : i32 loc(#loc7)\n"
     "    } loc(#loc5)\n"
     "    scf.if %arg1 {\n"
     "      \"foo.x\"() : () -> () loc(#loc9)\n"
     "    } else {\n"
     "    } loc(#loc8)\n"
     "    %2:2 = scf.while (%arg2 = %arg0, %arg3 = %0) : (i32, i32) -> (i32, "
     "i32) {\n"
     "      %4 = arith.cmpi slt, %arg2, %arg3 : i32 loc(#loc11)\n"
     "      scf.condition(%4) %arg2, %arg3 : i32, i32 loc(#loc12)\n"
     "    } do {\n"
     "    ^bb0(%arg2: i32 loc(\"c.mlir\":17:10), %arg3: i32 "
     "loc(\"c.mlir\":17:20)):\n"
     "      scf.yield %arg2, %arg3 : i32, i32 loc(#loc15)\n"
     "    } loc(#loc10)\n"
     "    %3 = \"foo.bar\"(%1) : (i32) -> i32 loc(#loc16)\n"
     "    return %3 : i32 loc(#loc17)\n"
     "  } loc(#loc1)\n"
     "} loc(#loc)\n"
     "#loc = loc(\"c.mlir\":1:1)\n"
     "#loc1 = loc(\"c.mlir\":2:3)\n"
     "#loc4 = loc(\"c.mlir\":3:12)\n"
     "#loc5 = loc(\"c.mlir\":4:10)\n"
     "#loc6 = loc(\"c.mlir\":5:7)\n"
     "#loc7 = loc(\"c.mlir\":7:7)\n"
     "#loc8 = loc(\"c.mlir\":9:5)\n"
     "#loc9 = loc(\"c.mlir\":10:7)\n"
     "#loc10 = loc(\"c.mlir\":13:12)\n"
     "#loc11 = loc(\"c.mlir\":14:13)\n"
     "#loc12 = loc(\"c.mlir\":15:7)\n"
     "#loc15 = loc(\"c.mlir\":18:7)\n"
     "#loc16 = loc(\"c.mlir\":20:10)\n"
     "#loc17 = loc(\"c.mlir\":21:5)\n",
     {.debuginfo = true}},
    {"arith_ops_generic",
     "d.mlir",
     "func.func @k(%a: i32, %b: i32, %f: f32, %g: f32, %c: i1, %i: index, %u: "
     "i64) {\n"
     "  %0 = arith.addi %a, %b : i32\n"
     "  %1 = arith.subi %a, %b : i32\n"
     "  %2 = arith.muli %a, %b : i32\n"
     "  %3 = arith.divsi %a, %b : i32\n"
     "  %4 = arith.divui %a, %b : i32\n"
     "  %5 = arith.remsi %a, %b : i32\n"
     "  %6 = arith.remui %a, %b : i32\n"
     "  %7 = arith.minsi %a, %b : i32\n"
     "  %8 = arith.maxsi %a, %b : i32\n"
     "  %9 = arith.cmpi sge, %a, %b : i32\n"
     "  %10 = arith.select %c, %a, %b : i32\n"
     "  %11 = arith.index_cast %a : i32 to index\n"
     "  %12 = arith.extsi %a : i32 to i64\n"
     "  %13 = arith.extui %a : i32 to i64\n"
     "  %14 = arith.trunci %u : i64 to i32\n"
     "  %15 = arith.sitofp %a : i32 to f32\n"
     "  %16 = arith.fptosi %f : f32 to i32\n"
     "  %17 = arith.addf %f, %g : f32\n"
     "  %18 = arith.subf %f, %g : f32\n"
     "  %19 = arith.mulf %f, %g : f32\n"
     "  %20 = arith.divf %f, %g : f32\n"
     "  %21 = arith.cmpf olt, %f, %g : f32\n"
     "  %22 = arith.addi %a, %b overflow<nsw> : i32\n"
     "  %23 = arith.addf %f, %g fastmath<fast> : f32\n"
     "  %24 = arith.index_cast %i : index to i32\n"
     "  %25 = emitc.cast %a : i32 to ui32\n"
     "  %26 = \"emitc.constant\"() <{value = 64 : ui32}> : () -> ui32\n"
     "  %27 = arith.constant 0xFFFFFFFFFFFFFFFF : i64\n"
     "  %28 = arith.constant 4294967295 : i32\n"
     "  %29 = call @k2(%a) : (i32) -> i32\n"
     "  return\n"
     "}\n"
     "func.func private @k2(%a: i32) -> i32\n"
     "emitc.include \"kernel_operator.h\"\n"
     "emitc.include <\"stdio.h\">\n",
     "\"builtin.module\"() ({\n"
     "  \"func.func\"() <{function_type = (i32, i32, f32, f32, i1, index, i64) "
     "-> (), sym_name = \"k\"}> ({\n"
     "  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: i1, %arg5: "
     "index, %arg6: i64):\n"
     "    %0 = \"arith.addi\"(%arg0, %arg1) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32\n"
     "    %1 = \"arith.subi\"(%arg0, %arg1) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32\n"
     "    %2 = \"arith.muli\"(%arg0, %arg1) <{overflowFlags = "
     "#arith.overflow<none>}> : (i32, i32) -> i32\n"
     "    %3 = \"arith.divsi\"(%arg0, %arg1) : (i32, i32) -> i32\n"
     "    %4 = \"arith.divui\"(%arg0, %arg1) : (i32, i32) -> i32\n"
     "    %5 = \"arith.remsi\"(%arg0, %arg1) : (i32, i32) -> i32\n"
     "    %6 = \"arith.remui\"(%arg0, %arg1) : (i32, i32) -> i32\n"
     "    %7 = \"arith.minsi\"(%arg0, %arg1) : (i32, i32) -> i32\n"
     "    %8 = \"arith.maxsi\"(%arg0, %arg1) : (i32, i32) -> i32\n"
     "    %9 = \"arith.cmpi\"(%arg0, %arg1) <{predicate = 5 : i64}> : (i32, "
     "i32) -> i1\n"
     "    %10 = \"arith.select\"(%arg4, %arg0, %arg1) : (i1, i32, i32) -> i32\n"
     "    %11 = \"arith.index_cast\"(%arg0) : (i32) -> index\n"
     "    %12 = \"arith.extsi\"(%arg0) : (i32) -> i64\n"
     "    %13 = \"arith.extui\"(%arg0) : (i32) -> i64\n"
     "    %14 = \"arith.trunci\"(%arg6) : (i64) -> i32\n"
     "    %15 = \"arith.sitofp\"(%arg0) : (i32) -> f32\n"
     "    %16 = \"arith.fptosi\"(%arg2) : (f32) -> i32\n"
     "    %17 = \"arith.addf\"(%arg2, %arg3) <{fastmath = "
     "#arith.fastmath<none>}> : (f32, f32) -> f32\n"
     "    %18 = \"arith.subf\"(%arg2, %arg3) <{fastmath = "
     "#arith.fastmath<none>}> : (f32, f32) -> f32\n"
     "    %19 = \"arith.mulf\"(%arg2, %arg3) <{fastmath = "
     "#arith.fastmath<none>}> : (f32, f32) -> f32\n"
     "    %20 = \"arith.divf\"(%arg2, %arg3) <{fastmath = "
     "#arith.fastmath<none>}> : (f32, f32) -> f32\n"
     "    %21 = \"arith.cmpf\"(%arg2, %arg3) <{fastmath = "
     "#arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1\n"
     "    %22 = \"arith.addi\"(%arg0, %arg1) <{overflowFlags = "
     "#arith.overflow<nsw>}> : (i32, i32) -> i32\n"
     "    %23 = \"arith.addf\"(%arg2, %arg3) <{fastmath = "
     "#arith.fastmath<fast>}> : (f32, f32) -> f32\n"
     "    %24 = \"arith.index_cast\"(%arg5) : (index) -> i32\n"
     "    %25 = \"emitc.cast\"(%arg0) : (i32) -> ui32\n"
     "    %26 = \"emitc.constant\"() <{value = 64 : ui32}> : () -> ui32\n"
     "    %27 = \"arith.constant\"() <{value = -1 : i64}> : () -> i64\n"
     "    %28 = \"arith.constant\"() <{value = -1 : i32}> : () -> i32\n"
     "    %29 = \"func.call\"(%arg0) <{callee = @k2}> : (i32) -> i32\n"
     "    \"func.return\"() : () -> ()\n"
     "  }) : () -> ()\n"
     "  \"func.func\"() <{function_type = (i32) -> i32, sym_name = \"k2\", "
     "sym_visibility = \"private\"}> ({\n"
     "  }) : () -> ()\n"
     "  \"emitc.include\"() <{include = \"kernel_operator.h\"}> : () -> ()\n"
     "  \"emitc.include\"() <{include = \"stdio.h\", is_standard_include}> : "
     "() -> ()\n"
     "}) : () -> ()\n",
     {.generic = true}},
    {"arith_ops",
     "d.mlir",
     "func.func @k(%a: i32, %b: i32, %f: f32, %g: f32, %c: i1, %i: index, %u: "
     "i64) {\n"
     "  %0 = arith.addi %a, %b : i32\n"
     "  %1 = arith.subi %a, %b : i32\n"
     "  %2 = arith.muli %a, %b : i32\n"
     "  %3 = arith.divsi %a, %b : i32\n"
     "  %4 = arith.divui %a, %b : i32\n"
     "  %5 = arith.remsi %a, %b : i32\n"
     "  %6 = arith.remui %a, %b : i32\n"
     "  %7 = arith.minsi %a, %b : i32\n"
     "  %8 = arith.maxsi %a, %b : i32\n"
     "  %9 = arith.cmpi sge, %a, %b : i32\n"
     "  %10 = arith.select %c, %a, %b : i32\n"
     "  %11 = arith.index_cast %a : i32 to index\n"
     "  %12 = arith.extsi %a : i32 to i64\n"
     "  %13 = arith.extui %a : i32 to i64\n"
     "  %14 = arith.trunci %u : i64 to i32\n"
     "  %15 = arith.sitofp %a : i32 to f32\n"
     "  %16 = arith.fptosi %f : f32 to i32\n"
     "  %17 = arith.addf %f, %g : f32\n"
     "  %18 = arith.subf %f, %g : f32\n"
     "  %19 = arith.mulf %f, %g : f32\n"
     "  %20 = arith.divf %f, %g : f32\n"
     "  %21 = arith.cmpf olt, %f, %g : f32\n"
     "  %22 = arith.addi %a, %b overflow<nsw> : i32\n"
     "  %23 = arith.addf %f, %g fastmath<fast> : f32\n"
     "  %24 = arith.index_cast %i : index to i32\n"
     "  %25 = emitc.cast %a : i32 to ui32\n"
     "  %26 = \"emitc.constant\"() <{value = 64 : ui32}> : () -> ui32\n"
     "  %27 = arith.constant 0xFFFFFFFFFFFFFFFF : i64\n"
     "  %28 = arith.constant 4294967295 : i32\n"
     "  %29 = call @k2(%a) : (i32) -> i32\n"
     "  return\n"
     "}\n"
     "func.func private @k2(%a: i32) -> i32\n"
     "emitc.include \"kernel_operator.h\"\n"
     "emitc.include <\"stdio.h\">\n",
     "module {\n"
     "  func.func @k(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: "
     "i1, %arg5: index, %arg6: i64) {\n"
     "    %0 = arith.addi %arg0, %arg1 : i32\n"
     "    %1 = arith.subi %arg0, %arg1 : i32\n"
     "    %2 = arith.muli %arg0, %arg1 : i32\n"
     "    %3 = arith.divsi %arg0, %arg1 : i32\n"
     "    %4 = arith.divui %arg0, %arg1 : i32\n"
     "    %5 = arith.remsi %arg0, %arg1 : i32\n"
     "    %6 = arith.remui %arg0, %arg1 : i32\n"
     "    %7 = arith.minsi %arg0, %arg1 : i32\n"
     "    %8 = arith.maxsi %arg0, %arg1 : i32\n"
     "    %9 = arith.cmpi sge, %arg0, %arg1 : i32\n"
     "    %10 = arith.select %arg4, %arg0, %arg1 : i32\n"
     "    %11 = arith.index_cast %arg0 : i32 to index\n"
     "    %12 = arith.extsi %arg0 : i32 to i64\n"
     "    %13 = arith.extui %arg0 : i32 to i64\n"
     "    %14 = arith.trunci %arg6 : i64 to i32\n"
     "    %15 = arith.sitofp %arg0 : i32 to f32\n"
     "    %16 = arith.fptosi %arg2 : f32 to i32\n"
     "    %17 = arith.addf %arg2, %arg3 : f32\n"
     "    %18 = arith.subf %arg2, %arg3 : f32\n"
     "    %19 = arith.mulf %arg2, %arg3 : f32\n"
     "    %20 = arith.divf %arg2, %arg3 : f32\n"
     "    %21 = arith.cmpf olt, %arg2, %arg3 : f32\n"
     "    %22 = arith.addi %arg0, %arg1 overflow<nsw> : i32\n"
     "    %23 = arith.addf %arg2, %arg3 fastmath<fast> : f32\n"
     "    %24 = arith.index_cast %arg5 : index to i32\n"
     "    %25 = emitc.cast %arg0 : i32 to ui32\n"
     "    %26 = \"emitc.constant\"() <{value = 64 : ui32}> : () -> ui32\n"
     "    %c-1_i64 = arith.constant -1 : i64\n"
     "    %c-1_i32 = arith.constant -1 : i32\n"
     "    %27 = call @k2(%arg0) : (i32) -> i32\n"
     "    return\n"
     "  }\n"
     "  func.func private @k2(i32) -> i32\n"
     "  emitc.include \"kernel_operator.h\"\n"
     "  emitc.include <\"stdio.h\">\n"
     "}\n",
     {0}},
    {"blocks_and_decls",
     "e.mlir",
     "func.func private @g(i32 {a.b}, i32) -> (i32 {x.y = 1 : i32})\n"
     "func.func @f(%a: i32, %i: index) -> (i32, i32) {\n"
     "  scf.for %k = %i to %i step %i {\n"
     "    %0 = func.call @g(%a, %a) : (i32, i32) -> i32\n"
     "  }\n"
     "  %z = \"x.y\"() ({\n"
     "    \"x.z\"() : () -> ()\n"
     "  ^bb1(%q: i32):\n"
     "    \"x.w\"(%q) : (i32) -> ()\n"
     "  }) {x} : () -> (i32)\n"
     "  return %a, %a : i32, i32\n"
     "}\n",
     "#loc3 = loc(\"e.mlir\":2:14)\n"
     "#loc4 = loc(\"e.mlir\":2:23)\n"
     "#loc9 = loc(\"e.mlir\":8:8)\n"
     "module {\n"
     "  func.func private @g(i32 {a.b}, i32) -> (i32 {x.y = 1 : i32}) "
     "loc(#loc1)\n"
     "  func.func @f(%arg0: i32 loc(\"e.mlir\":2:14), %arg1: index "
     "loc(\"e.mlir\":2:23)) -> (i32, i32) {\n"
     "    scf.for %arg2 = %arg1 to %arg1 step %arg1 {\n"
     "      %1 = func.call @g(%arg0, %arg0) : (i32, i32) -> i32 loc(#loc6)\n"
     "    } loc(#loc5)\n"
     "    %0 = \"x.y\"() ({\n"
     "      \"x.z\"() : () -> () loc(#loc8)\n"
     "    ^bb1(%1: i32 loc(\"e.mlir\":8:8)):  // no predecessors\n"
     "      \"x.w\"(%1) : (i32) -> () loc(#loc10)\n"
     "    }) {x} : () -> i32 loc(#loc7)\n"
     "    return %arg0, %arg0 : i32, i32 loc(#loc11)\n"
     "  } loc(#loc2)\n"
     "} loc(#loc)\n"
     "#loc = loc(\"e.mlir\":0:0)\n"
     "#loc1 = loc(\"e.mlir\":1:1)\n"
     "#loc2 = loc(\"e.mlir\":2:1)\n"
     "#loc5 = loc(\"e.mlir\":3:3)\n"
     "#loc6 = loc(\"e.mlir\":4:10)\n"
     "#loc7 = loc(\"e.mlir\":6:8)\n"
     "#loc8 = loc(\"e.mlir\":7:5)\n"
     "#loc10 = loc(\"e.mlir\":9:5)\n"
     "#loc11 = loc(\"e.mlir\":11:3)\n",
     {.debuginfo = true}},
    {"index_switch",
     "sw.mlir",
     "func.func @f(%a: index, %x: i32) -> i32 {\n"
     "  %0 = scf.index_switch %a -> i32\n"
     "  case 2 {\n"
     "    scf.yield %x : i32\n"
     "  }\n"
     "  case 5 {\n"
     "    scf.yield %x : i32\n"
     "  }\n"
     "  default {\n"
     "    scf.yield %x : i32\n"
     "  }\n"
     "  scf.index_switch %a\n"
     "  default {\n"
     "  }\n"
     "  return %0 : i32\n"
     "}\n",
     "module {\n"
     "  func.func @f(%arg0: index, %arg1: i32) -> i32 {\n"
     "    %0 = scf.index_switch %arg0 -> i32 \n"
     "    case 2 {\n"
     "      scf.yield %arg1 : i32\n"
     "    }\n"
     "    case 5 {\n"
     "      scf.yield %arg1 : i32\n"
     "    }\n"
     "    default {\n"
     "      scf.yield %arg1 : i32\n"
     "    }\n"
     "    scf.index_switch %arg0 \n"
     "    default {\n"
     "    }\n"
     "    return %0 : i32\n"
     "  }\n"
     "}\n",
     {0}},
    {"ascendc_fixed_point",
     "ascend.mlir",
     "module {\n"
     "  emitc.include \"kernel_operator.h\"\n"
     "  func.func @add_custom(%arg0: memref<?xf16, 22> {emitasc.kernel_arg = "
     "#emitasc<kernel_arg explicit>}, %arg1: i32 {emitasc.kernel_arg = "
     "#emitasc<kernel_arg explicit>}, %arg2: memref<?xui64, 22> "
     "{emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes "
     "{ascendc.aicore, ascendc.global} {\n"
     "    ascendc.set_ffts_base_addr %arg2 : memref<?xui64, 22>\n"
     "    %c2_i32 = arith.constant 2 : i32\n"
     "    %c0_i32 = arith.constant 0 : i32\n"
     "    %c8_i32 = arith.constant 8 : i32\n"
     "    %c1_i32 = arith.constant 1 : i32\n"
     "    %c256_i32 = arith.constant 256 : i32\n"
     "    %0 = ascendc.get_block_idx : i32\n"
     "    %1 = arith.muli %0, %arg1 : i32\n"
     "    %2 = arith.index_cast %1 : i32 to index\n"
     "    %3 = emitasc.ptr_offset %arg0[%2] : memref<?xf16, 22>, memref<?xf16, "
     "22>\n"
     "    %4 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>\n"
     "    ascendc.global_tensor.set_global_buffer %4, %3 : "
     "!ascendc.global_tensor<*xf16>, memref<?xf16, 22>\n"
     "    %5 = ascendc.pipe\n"
     "    %6 = ascendc.queue : <vecin, 2>\n"
     "    %7 = ascendc.tbuf : <veccalc>\n"
     "    ascendc.pipe.init_queue %5, %6, %c2_i32, %c256_i32 : "
     "!ascendc.queue<vecin, 2>, i32, i32\n"
     "    ascendc.pipe.init_buffer %5, %7, %c256_i32 : !ascendc.tbuf<veccalc>, "
     "i32\n"
     "    %8 = ascendc.pipe.alloc_event_id %5, v_s : i32\n"
     "    ascendc.set_flag mte2_v, %8 : i32\n"
     "    ascendc.wait_flag mte2_v, %8 : i32\n"
     "    ascendc.pipe.release_event_id %5, %8 {event = 22 : i32} : "
     "!ascendc.pipe, i32\n"
     "    ascendc.pipe_barrier pipe_v\n"
     "    scf.for %arg3 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {\n"
     "      %9 = ascendc.que_bind.alloc_tensor %6 : !ascendc.queue<vecin, 2>, "
     "!ascendc.local_tensor<*xf16>\n"
     "      %10 = arith.muli %arg3, %c256_i32 : i32\n"
     "      %11 = ascendc.global_tensor.subindex %4[%10] : "
     "!ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>\n"
     "      ascendc.data_copy_l2 %9, %11, %c256_i32 : "
     "!ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32\n"
     "      ascendc.que_bind.enque_tensor %6, %9 : !ascendc.queue<vecin, 2>, "
     "!ascendc.local_tensor<*xf16>\n"
     "      %12 = ascendc.que_bind.deque_tensor %6 : !ascendc.queue<vecin, 2>, "
     "!ascendc.local_tensor<*xf16>\n"
     "      %13 = ascendc.tbuf.get_tensor %7 : !ascendc.tbuf<veccalc>, "
     "!ascendc.local_tensor<*xf16>\n"
     "      ascendc.add_l2 %13, %12, %12, %c256_i32 : "
     "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, "
     "!ascendc.local_tensor<*xf16>, i32\n"
     "      ascendc.que_bind.free_tensor %6, %12 : !ascendc.queue<vecin, 2>, "
     "!ascendc.local_tensor<*xf16>\n"
     "    }\n"
     "    return\n"
     "  }\n"
     "}\n",
     "module {\n"
     "  emitc.include \"kernel_operator.h\"\n"
     "  func.func @add_custom(%arg0: memref<?xf16, 22> {emitasc.kernel_arg = "
     "#emitasc<kernel_arg explicit>}, %arg1: i32 {emitasc.kernel_arg = "
     "#emitasc<kernel_arg explicit>}, %arg2: memref<?xui64, 22> "
     "{emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes "
     "{ascendc.aicore, ascendc.global} {\n"
     "    ascendc.set_ffts_base_addr %arg2 : memref<?xui64, 22>\n"
     "    %c2_i32 = arith.constant 2 : i32\n"
     "    %c0_i32 = arith.constant 0 : i32\n"
     "    %c8_i32 = arith.constant 8 : i32\n"
     "    %c1_i32 = arith.constant 1 : i32\n"
     "    %c256_i32 = arith.constant 256 : i32\n"
     "    %0 = ascendc.get_block_idx : i32\n"
     "    %1 = arith.muli %0, %arg1 : i32\n"
     "    %2 = arith.index_cast %1 : i32 to index\n"
     "    %3 = emitasc.ptr_offset %arg0[%2] : memref<?xf16, 22>, memref<?xf16, "
     "22>\n"
     "    %4 = ascendc.global_tensor : !ascendc.global_tensor<*xf16>\n"
     "    ascendc.global_tensor.set_global_buffer %4, %3 : "
     "!ascendc.global_tensor<*xf16>, memref<?xf16, 22>\n"
     "    %5 = ascendc.pipe\n"
     "    %6 = ascendc.queue : <vecin, 2>\n"
     "    %7 = ascendc.tbuf : <veccalc>\n"
     "    ascendc.pipe.init_queue %5, %6, %c2_i32, %c256_i32 : "
     "!ascendc.queue<vecin, 2>, i32, i32\n"
     "    ascendc.pipe.init_buffer %5, %7, %c256_i32 : !ascendc.tbuf<veccalc>, "
     "i32\n"
     "    %8 = ascendc.pipe.alloc_event_id %5, v_s : i32\n"
     "    ascendc.set_flag mte2_v, %8 : i32\n"
     "    ascendc.wait_flag mte2_v, %8 : i32\n"
     "    ascendc.pipe.release_event_id %5, %8 {event = 22 : i32} : "
     "!ascendc.pipe, i32\n"
     "    ascendc.pipe_barrier pipe_v\n"
     "    scf.for %arg3 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {\n"
     "      %9 = ascendc.que_bind.alloc_tensor %6 : !ascendc.queue<vecin, 2>, "
     "!ascendc.local_tensor<*xf16>\n"
     "      %10 = arith.muli %arg3, %c256_i32 : i32\n"
     "      %11 = ascendc.global_tensor.subindex %4[%10] : "
     "!ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>\n"
     "      ascendc.data_copy_l2 %9, %11, %c256_i32 : "
     "!ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32\n"
     "      ascendc.que_bind.enque_tensor %6, %9 : !ascendc.queue<vecin, 2>, "
     "!ascendc.local_tensor<*xf16>\n"
     "      %12 = ascendc.que_bind.deque_tensor %6 : !ascendc.queue<vecin, 2>, "
     "!ascendc.local_tensor<*xf16>\n"
     "      %13 = ascendc.tbuf.get_tensor %7 : !ascendc.tbuf<veccalc>, "
     "!ascendc.local_tensor<*xf16>\n"
     "      ascendc.add_l2 %13, %12, %12, %c256_i32 : "
     "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, "
     "!ascendc.local_tensor<*xf16>, i32\n"
     "      ascendc.que_bind.free_tensor %6, %12 : !ascendc.queue<vecin, 2>, "
     "!ascendc.local_tensor<*xf16>\n"
     "    }\n"
     "    return\n"
     "  }\n"
     "}\n",
     {0}},
};

static char *print_text(casc_ctx *ctx, casc_op *m, casc_print_flags fl) {
  casc_buf b;
  casc_buf_init(&b);
  casc_print_op(ctx, m, &fl, &b);
  return b.data ? b.data : calloc(1, 1);
}

static casc_op *parse(casc_ctx *ctx, const char *text, const char *file) {
  return casc_parse_module(ctx, text, strlen(text), file, 1);
}

static void test_goldens(void) {
  for (unsigned i = 0; i < sizeof goldens / sizeof goldens[0]; i++) {
    const golden *g = &goldens[i];
    casc_ctx *ctx = casc_ctx_new();
    casc_diag_list diags = {0};
    casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
    casc_op *m = parse(ctx, g->input, g->file);
    if (!CHECK(m != NULL)) {
      fprintf(stderr, "  golden %s: %s\n", g->name,
              diags.n ? diags.items[0]->msg : "?");
    } else {
      char *out = print_text(ctx, m, g->flags);
      if (!CHECK_STREQ(out, g->expected))
        fprintf(stderr, "  golden %s\n", g->name);
      /* round trip: the printed text parses and prints the same */
      casc_op *m2 = parse(ctx, out, g->file);
      if (CHECK(m2 != NULL)) {
        char *out2 = print_text(ctx, m2, g->flags);
        if (!CHECK_STREQ(out2, out))
          fprintf(stderr, "  round trip of %s\n", g->name);
        free(out2);
      }
      /* generic form parses back to the same custom form */
      casc_print_flags gen = g->flags;
      gen.generic = true;
      casc_print_flags cus = g->flags;
      cus.generic = false;
      char *g1 = print_text(ctx, m, gen);
      char *c1 = print_text(ctx, m, cus);
      casc_op *m3 = parse(ctx, g1, g->file);
      if (CHECK(m3 != NULL)) {
        char *c2 = print_text(ctx, m3, cus);
        if (!CHECK_STREQ(c2, c1))
          fprintf(stderr, "  generic -> custom of %s\n", g->name);
        free(c2);
      }
      free(g1);
      free(c1);
      free(out);
    }
    CHECK_EQ_INT(casc_ctx_error_count(ctx), 0);
    casc_diag_list_free(&diags);
    casc_ctx_free(ctx);
  }
}

typedef struct {
  const char *input, *message;
  unsigned line, col;
} bad_input;

static const bad_input bad_inputs[] = {
    {"func.func @f() {\n  foo.bar\n}", "custom op 'foo.bar' is unknown", 2, 3},
    {"func.func @f(%a: i32) {\n  %0 = arith.addi %a, %b : i32\n  return\n}",
     "use of undeclared SSA value name", 2, 23},
    {"func.func @f(%a: i32) {\n  %0 = arith.addi %0, %a : i32\n  return\n}",
     "use of undeclared SSA value name", 2, 19},
    {"func.func @f(%a: i32, %b: i64) {\n  %0 = arith.addi %a, %b : i64\n}",
     "use of value '%a' expects different type than prior uses: 'i64' vs "
     "'i32'",
     2, 19},
    {"func.func @f(%a: i32) {\n  %a = arith.addi %a, %a : i32\n}",
     "redefinition of SSA value '%a'", 2, 3},
    {"func.func @f() {\n  %q = ascendc.queue : <vecinn, 2>\n}",
     "custom op 'ascendc.queue' position is not recognized: vecinn", 2, 25},
    {"func.func @f(%i: i32) {\n  ascendc.set_flag mte2_vv, %i : i32\n}",
     "custom op 'ascendc.set_flag' expected string or keyword containing one "
     "of the following enum values for attribute 'event'",
     2, 20},
    {"func.func @f() {\n  %0 = arith.constant 1 : i32\n", "expected '}'", 3, 1},
    {"func.func @f() {\n  return loc(\"a\":1)\n}",
     "expected ':' in FileLineColLoc", 2, 19},
    {"func.func @f() {\n  return loc(#loc9)\n}",
     "operation location alias was never defined", 2, 14},
    {"\"foo.op\"() : () -> (i32, i32 ", "expected ')'", 1, 30},
    {"%0:2 = \"foo.op\"() : () -> i32",
     "operation defines 1 results but was "
     "provided 2 to bind",
     1, 8},
    {"func.func @f(%a: i32) {\n  %0 = \"foo.op\"(%a#1) : (i32) -> i32\n}",
     "reference to invalid result number", 2, 17},
    {"func.func @f() {\n  %0 = arith.constant 300 : i8\n}",
     "integer constant out of range for attribute", 2, 23},
    {"func.func @f() {\n  %0 = arith.constant \"s\n}",
     "expected '\"' in string literal", 2, 23},
    {"#a = 1\n#a = 2", "redefinition of attribute alias id 'a'", 2, 1},
};

static void test_errors(void) {
  for (unsigned i = 0; i < sizeof bad_inputs / sizeof bad_inputs[0]; i++) {
    const bad_input *b = &bad_inputs[i];
    casc_ctx *ctx = casc_ctx_new();
    casc_diag_list diags = {0};
    casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
    casc_op *m = parse(ctx, b->input, "bad.mlir");
    CHECK(m == NULL);
    if (CHECK_EQ_INT(diags.n, 1)) {
      const casc_diag *d = diags.items[0];
      CHECK_EQ_INT(d->sev, CASC_SEV_ERROR);
      if (!CHECK(strstr(d->msg, b->message) != NULL))
        fprintf(stderr, "  input %u: got '%s'\n", i, d->msg);
      const casc_loc *l = casc_loc_find_file(d->loc);
      if (CHECK(l != NULL)) {
        if (!CHECK_EQ_INT(l->u.file.line, b->line) ||
            !CHECK_EQ_INT(l->u.file.col, b->col))
          fprintf(stderr, "  input %u\n", i);
      }
    }
    casc_diag_list_free(&diags);
    casc_ctx_free(ctx);
  }
}

/* Deep nesting is rejected with a diagnostic, not a stack overflow. */
static void test_deep_nesting(void) {
  size_t n = 100000;
  char *s = malloc(2 * n + 64);
  strcpy(s, "\"a.b\"() {x = ");
  size_t k = strlen(s);
  for (size_t i = 0; i < n; i++)
    s[k++] = '[';
  s[k] = 0;
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_parse_module(ctx, s, k, "deep.mlir", 1) == NULL);
  CHECK_EQ_INT(diags.n, 1);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
  free(s);
}

/* Values first used in one chunk of -split-input-file keep their line
 * numbers relative to the whole file. */
static void test_first_line(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  const char *t = "\n  foo.bar";
  CHECK(casc_parse_module(ctx, t, strlen(t), "s.mlir", 40) == NULL);
  if (CHECK_EQ_INT(diags.n, 1)) {
    const casc_loc *l = casc_loc_find_file(diags.items[0]->loc);
    CHECK(l && l->u.file.line == 41 && l->u.file.col == 3);
  }
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static bool has_print_name(casc_op *op, void *user) {
  bool *any = user;
  for (unsigned i = 0; i < op->nres; i++)
    *any |= casc_op_result(op, i)->print_name != 0;
  return true;
}

/* The printer keeps its SSA names in the values only while it prints: after
 * a module was printed, an op printed alone still shows the values defined
 * outside it as unknown, not with the names the module's print gave. */
static void test_names_end_with_the_print(void) {
  casc_ctx *ctx = casc_ctx_new();
  const char *t = "func.func @f(%a: i32) -> i32 {\n"
                  "  %c = arith.constant 3 : i32\n"
                  "  %s = arith.addi %a, %c : i32\n"
                  "  return %s : i32\n"
                  "}\n";
  casc_op *m = casc_parse_module(ctx, t, strlen(t), "n.mlir", 1);
  REQUIRE(m);
  casc_buf out;
  casc_buf_init(&out);
  casc_print_op(ctx, m, NULL, &out);
  CHECK(out.len && strstr(out.data, "arith.addi %arg0, %c3_i32 : i32"));
  bool any = false;
  casc_walk_pre(m, has_print_name, &any);
  CHECK(!any);
  casc_op *fn = casc_module_body(m)->first;
  casc_op *add = casc_op_regions(fn)[0].first->first->next;
  REQUIRE(add && add->kind == CASC_OP_ARITH_ADDI);
  casc_buf_free(&out);
  casc_buf_init(&out);
  casc_print_op(ctx, add, NULL, &out);
  CHECK(out.len && strstr(out.data, "%0 = arith.addi <<UNKNOWN SSA VALUE>>, "
                                    "<<UNKNOWN SSA VALUE>> : i32"));
  casc_buf_free(&out);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_goldens);
  RUN_TEST(test_errors);
  RUN_TEST(test_deep_nesting);
  RUN_TEST(test_first_line);
  RUN_TEST(test_names_end_with_the_print);
  return CHECK_SUMMARY();
}
