/* Hand-written modules for the rows of the op table that op_synth.h cannot
 * build from the row alone, for the table sweep (test_tool_op_sweep.c).
 * Each has a minimal and a full form, and each keeps the kernel signature
 * of op_synth.h (`@sweep(%gm: memref<?xf32, 22>)`) so the simulator step
 * launches it the same way. Why each row is here:
 *
 *   builtin.module  it is the module every case lives in (full: named)
 *   func.func       it is the kernel itself; the row has no regions
 *                   (full: private helper with argument/result attributes
 *                   and an external declaration)
 *   func.return     a terminator: only valid as the last op of a function
 *                   whose type it matches
 *   func.call       needs a callee symbol with a matching function type
 *   scf.for / scf.if / scf.while / scf.index_switch
 *                   regions, block arguments and yields that the op table
 *                   does not describe
 *   scf.yield / scf.condition
 *                   terminators of those regions only
 *   memref.load / memref.store
 *                   one index per dimension, and the value has the memref's
 *                   element type (their custom syntax implies it)
 *   ascendc.construct (full)
 *                   `constexpr static` with its field types: a scalar
 *                   initialised from one value (two would be a struct's)
 *   emitasc.call_opaque
 *                   its callee is C++ text: an Ascend C function whose
 *                   parameters and result fit the operands and result
 *   emitasc.member / member_ptr / member_ref / set_member
 *                   a field of a declared py_struct: a struct value, or a
 *                   pointer to one (the kernel's GM pointer reinterpreted)
 *   ascendc.quant (full)
 *                   its AscendQuantConfig is a template argument: built as
 *                   pyasc's QuantConfig builds it, `constexpr static` from
 *                   four ui32 fields (the struct has no default constructor)
 */
#ifndef CASC_TEST_OP_SWEEP_CASES_H
#define CASC_TEST_OP_SWEEP_CASES_H

#include <stdbool.h>
#include <string.h>

#define SWEEP_KERNEL_OPEN                                                      \
  "  func.func @sweep(%gm: memref<?xf32, 22>) attributes {ascendc.aicore, "    \
  "ascendc.global} {\n"

static const char hand_module_min[] =
    "module {\n" SWEEP_KERNEL_OPEN "    return\n"
    "  }\n"
    "}\n";

static const char hand_module_full[] =
    "module @sweep_module attributes {ascendc.sweep} {\n" SWEEP_KERNEL_OPEN
    "    return\n"
    "  }\n"
    "}\n";

/* A private helper with argument and result attributes, an external
 * declaration, and a kernel that calls the helper. */
static const char hand_func_full[] =
    "module {\n"
    "  func.func private @ext(i32) -> i32\n"
    "  func.func private @helper(%x: i32 {ascendc.sweep}) -> (i32 "
    "{ascendc.sweep}) {\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %y = arith.addi %x, %c1 : i32\n"
    "    return %y : i32\n"
    "  }\n" SWEEP_KERNEL_OPEN "    %c2 = arith.constant 2 : i32\n"
    "    %r = call @helper(%c2) : (i32) -> i32\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_call_min[] =
    "module {\n"
    "  func.func @noop() {\n"
    "    return\n"
    "  }\n" SWEEP_KERNEL_OPEN "    call @noop() : () -> ()\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_for_min[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %c0 = arith.constant 0 : index\n"
    "    %c4 = arith.constant 4 : index\n"
    "    %c1 = arith.constant 1 : index\n"
    "    scf.for %i = %c0 to %c4 step %c1 {\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_for_full[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %c0 = arith.constant 0 : i32\n"
    "    %c4 = arith.constant 4 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c0) -> (i32) "
    " : i32 {\n"
    "      %n = arith.addi %acc, %i : i32\n"
    "      scf.yield %n : i32\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_if_min[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %t = arith.constant true\n"
    "    scf.if %t {\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_if_full[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %t = arith.constant true\n"
    "    %a = arith.constant 1 : i32\n"
    "    %b = arith.constant 2 : i32\n"
    "    %r = scf.if %t -> (i32) {\n"
    "      scf.yield %a : i32\n"
    "    } else {\n"
    "      scf.yield %b : i32\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_while_min[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %f = arith.constant false\n"
    "    scf.while : () -> () {\n"
    "      scf.condition(%f)\n"
    "    } do {\n"
    "      scf.yield\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_while_full[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c4 = arith.constant 4 : i32\n"
    "    %r = scf.while (%a = %c0) : (i32) -> i32 {\n"
    "      %lt = arith.cmpi slt, %a, %c4 : i32\n"
    "      scf.condition(%lt) %a : i32\n"
    "    } do {\n"
    "    ^bb0(%b: i32):\n"
    "      %n = arith.addi %b, %c1 : i32\n"
    "      scf.yield %n : i32\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_switch_min[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %c1 = arith.constant 1 : index\n"
    "    scf.index_switch %c1\n"
    "    default {\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_switch_full[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %c1 = arith.constant 1 : index\n"
    "    %a = arith.constant 1 : i32\n"
    "    %b = arith.constant 2 : i32\n"
    "    %r = scf.index_switch %c1 -> i32\n"
    "    case 0 {\n"
    "      scf.yield %a : i32\n"
    "    }\n"
    "    case 1 {\n"
    "      scf.yield %b : i32\n"
    "    }\n"
    "    default {\n"
    "      scf.yield %a : i32\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_load_min[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %c0 = arith.constant 0 : index\n"
    "    %0 = memref.load %gm[%c0] : memref<?xf32, 22>\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_load_full[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %c0 = arith.constant 0 : index\n"
    "    %0 = memref.load %gm[%c0] {nontemporal = true} : memref<?xf32, 22>\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_store_min[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %c0 = arith.constant 0 : index\n"
    "    %v = arith.constant 1.0 : f32\n"
    "    memref.store %v, %gm[%c0] : memref<?xf32, 22>\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_store_full[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %c0 = arith.constant 0 : index\n"
    "    %v = arith.constant 1.0 : f32\n"
    "    memref.store %v, %gm[%c0] {nontemporal = true} : memref<?xf32, 22>\n"
    "    return\n"
    "  }\n"
    "}\n";

#define SWEEP_PY_STRUCT                                                        \
  "!emitasc.py_struct<\"S\", [i32, f32], [\"var0\", \"var1\"]>"
#define SWEEP_PY_STRUCT_MODULE_OPEN                                            \
  "module {\n"                                                                 \
  "  emitasc.declare_py_struct " SWEEP_PY_STRUCT "\n" SWEEP_KERNEL_OPEN
#define SWEEP_PY_STRUCT_PTR                                                    \
  "    %p = emitasc.reinterpret_cast %gm : memref<?xf32, 22> to "              \
  "memref<?x" SWEEP_PY_STRUCT ", 22>\n"
#define SWEEP_PY_STRUCT_PTR_TYPE "memref<?x" SWEEP_PY_STRUCT ", 22>"

static const char hand_construct_full[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %c1 = arith.constant 1 : i32\n"
    "    %0 = ascendc.construct i32(%c1) [i32] constexpr static : i32\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_call_opaque_min[] =
    "module {\n" SWEEP_KERNEL_OPEN
    "    %0 = emitasc.call_opaque \"AscendC::GetBlockIdx\"() : () -> i64\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_call_opaque_full[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %c1 = arith.constant 1 : i64\n"
    "    %0 = emitasc.call_opaque \"AscendC::ScalarGetSFFValue<1>\"(%c1) : "
    "(i64) -> i64\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_member_min[] = SWEEP_PY_STRUCT_MODULE_OPEN
    "    %s = ascendc.construct " SWEEP_PY_STRUCT "()\n"
    "    %0 = emitasc.member %s \"var1\" : " SWEEP_PY_STRUCT ", f32\n"
    "    return\n"
    "  }\n"
    "}\n";

/* The full form of member (which has no optional parts): through a
 * pointer, `p->var0`. */
static const char hand_member_full[] =
    SWEEP_PY_STRUCT_MODULE_OPEN SWEEP_PY_STRUCT_PTR
    "    %0 = emitasc.member %p \"var0\" : " SWEEP_PY_STRUCT_PTR_TYPE ", i32\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_set_member_min[] = SWEEP_PY_STRUCT_MODULE_OPEN
    "    %s = ascendc.construct " SWEEP_PY_STRUCT "()\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    emitasc.set_member %s \"var0\", %c1 : " SWEEP_PY_STRUCT ", i32\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_member_ptr_min[] =
    SWEEP_PY_STRUCT_MODULE_OPEN SWEEP_PY_STRUCT_PTR
    "    %0 = emitasc.member_ptr %p[1] : " SWEEP_PY_STRUCT_PTR_TYPE
    ", memref<1xf32, 22>\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_member_ptr_full[] =
    SWEEP_PY_STRUCT_MODULE_OPEN SWEEP_PY_STRUCT_PTR
    "    %0 = emitasc.member_ptr %p[0] \"var0\" : " SWEEP_PY_STRUCT_PTR_TYPE
    ", memref<1xi32, 22>\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_member_ref_min[] =
    SWEEP_PY_STRUCT_MODULE_OPEN SWEEP_PY_STRUCT_PTR
    "    %0 = emitasc.member_ref %p[1] : " SWEEP_PY_STRUCT_PTR_TYPE ", f32\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_member_ref_full[] =
    SWEEP_PY_STRUCT_MODULE_OPEN SWEEP_PY_STRUCT_PTR
    "    %0 = emitasc.member_ref %p[0] \"var0\" : " SWEEP_PY_STRUCT_PTR_TYPE
    ", i32\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char hand_quant_full[] =
    "module {\n" SWEEP_KERNEL_OPEN "    %0 = ascendc.pipe\n"
    "    %c1024_i32 = arith.constant 1024 : i32\n"
    "    %1 = ascendc.tbuf : <veccalc>\n"
    "    ascendc.pipe.init_buffer %0, %1, %c1024_i32 : !ascendc.tbuf<veccalc>, "
    "i32\n"
    "    %2 = ascendc.tbuf.get_tensor %1 : !ascendc.tbuf<veccalc>, "
    "!ascendc.local_tensor<*xi8>\n"
    "    %3 = ascendc.tbuf : <veccalc>\n"
    "    ascendc.pipe.init_buffer %0, %3, %c1024_i32 : !ascendc.tbuf<veccalc>, "
    "i32\n"
    "    %4 = ascendc.tbuf.get_tensor %3 : !ascendc.tbuf<veccalc>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    %5 = ascendc.tbuf : <veccalc>\n"
    "    ascendc.pipe.init_buffer %0, %5, %c1024_i32 : !ascendc.tbuf<veccalc>, "
    "i32\n"
    "    %6 = ascendc.tbuf.get_tensor %5 : !ascendc.tbuf<veccalc>, "
    "!ascendc.local_tensor<*xui8>\n"
    "    %cst = arith.constant 1.000000e+00 : f32\n"
    "    %cst_0 = arith.constant 0.000000e+00 : f32\n"
    "    %c64_i32 = arith.constant 64 : i32\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %7 = ascendc.construct !ascendc.ascend_quant_config(%c64_i32, "
    "%c0_i32, %c0_i32, %c1024_i32) [ui32, ui32, ui32, ui32] constexpr static "
    ": i32, i32, i32, i32\n"
    "    ascendc.quant %2, %4, %cst, %cst_0, %c64_i32, %6, %7 {isReuseSource, "
    "operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>} : "
    "!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf32>, f32, f32, "
    "i32, !ascendc.local_tensor<*xui8>, !ascendc.ascend_quant_config\n"
    "    return\n"
    "  }\n"
    "}\n";

static const struct {
  const char *op;
  const char *min, *full;
} hand_cases[] = {
    {"builtin.module", hand_module_min, hand_module_full},
    {"func.func", hand_module_min, hand_func_full},
    {"func.return", hand_module_min, hand_func_full},
    {"func.call", hand_call_min, hand_func_full},
    {"scf.for", hand_for_min, hand_for_full},
    {"scf.if", hand_if_min, hand_if_full},
    {"scf.while", hand_while_min, hand_while_full},
    {"scf.condition", hand_while_min, hand_while_full},
    {"scf.yield", hand_for_full, hand_if_full},
    {"scf.index_switch", hand_switch_min, hand_switch_full},
    {"memref.load", hand_load_min, hand_load_full},
    {"memref.store", hand_store_min, hand_store_full},
    {"ascendc.construct", NULL, hand_construct_full}, /* minimal: synthesised */
    {"emitasc.call_opaque", hand_call_opaque_min, hand_call_opaque_full},
    {"emitasc.member", hand_member_min, hand_member_full},
    {"emitasc.set_member", hand_set_member_min, hand_set_member_min},
    {"emitasc.member_ptr", hand_member_ptr_min, hand_member_ptr_full},
    {"emitasc.member_ref", hand_member_ref_min, hand_member_ref_full},
    {"ascendc.quant", NULL, hand_quant_full}, /* minimal: synthesised */
};

/* The hand-written module of row `op` (full or minimal form), or NULL if
 * the row is synthesised. A row whose full form is its minimal one
 * (set_member) is swept once. */
static const char *hand_case(const char *op, bool full) {
  for (size_t i = 0; i < sizeof hand_cases / sizeof hand_cases[0]; i++)
    if (strcmp(hand_cases[i].op, op) == 0)
      return full ? hand_cases[i].full : hand_cases[i].min;
  return NULL;
}

#endif /* CASC_TEST_OP_SWEEP_CASES_H */
