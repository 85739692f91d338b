#!/usr/bin/env python3
"""Differential check of casc against pyasc's own tools (docs/pyasc-compat.md).

For every module test_tool_op_sweep writes with --emit-modules (a minimal
and a full instance of every row of the op table, in the generic form every
MLIR tool reads), both tools print it in custom, generic and debuginfo form
and translate it to Ascend C; the outputs must be byte-identical. Where both
tools reject a module, their first error lines must be identical instead
(pyasc prints the C++ it had before the error, casc prints nothing).

  pyasc-diff.py CASC SWEEP [--keep DIR] [--only SUBSTR] [-v]

CASC is build/casc, SWEEP build/test/test_tool_op_sweep. The oracle comes
from the environment: ASCIR_OPT (pyasc's ascir-opt) and ASCIR_TRANSLATE
(default: ascir-translate next to ASCIR_OPT). Without ASCIR_OPT the check
is skipped (exit 77, ctest's SKIP_RETURN_CODE), so CI without a pyasc build
passes. Exit 1 when a comparison differs that is not a known difference (KNOWN
below) and not an instance pyasc rejects (-v lists those).
"""
import argparse
import os
import subprocess
import sys
import tempfile

SKIP = 77

# The forms compared: name -> (casc command, oracle command), each a list
# of arguments before the file.
FORMS = {
    "custom": (["opt"], ["opt"]),
    "generic": (["opt", "-mlir-print-op-generic"],
                ["opt", "-mlir-print-op-generic"]),
    "debuginfo": (["opt", "-mlir-print-debuginfo"],
                  ["opt", "-mlir-print-debuginfo"]),
    "ascendc": (["translate", "-mlir-to-ascendc"],
                ["translate", "-mlir-to-ascendc"]),
}

# (module file name, form) -> why casc differs on purpose. Each one is a
# pyasc behaviour casc does not reproduce (docs/pyasc-compat.md lists them);
# an entry that no longer differs fails the check, so the list cannot go
# stale.
# Modules pyasc rejects as input, so nothing can be compared. They are
# counted and listed apart ("not comparable"), not as identical. Since the
# rows name the types pyasc's TableGen names, only two remain, both pyasc
# lacking something: `ascendc.load_data` (its operand is pyasc's
# BaseLoadDataParamsTypeInterface, which pyasc attaches to no type, so no
# instance verifies) and `ascendc.que_bind.free_all_event` (a casc op).
def pyasc_rejects_input(form, crc, orc, oerr):
    return form != "ascendc" and crc == 0 and orc != 0


# Differences that are casc's on purpose: (module names, form, why). Each
# is a pyasc bug casc does not reproduce (docs/ascendc-emitter.md, docs/ir.md
# §10.18-10.23, docs/pyasc-compat.md).
_UNSIGNED = "unsigned arith: casc converts the operands first (ir.md 10.21)"
_NO_PRINTER = "pyasc's translator has no printer for it; casc translates it"
KNOWN = [
    ({"arith.divui.minimal", "arith.shrui.minimal", "arith.fptoui.minimal",
      "arith.uitofp.minimal"}, "ascendc", _UNSIGNED),
    ({"arith.extui.minimal"}, "ascendc",
     "extui zero-extends: the operand is converted to unsigned first"),
    ({"arith.mului_extended.minimal"}, "ascendc",
     "mului_extended high half zero-extends (pyasc sign-extends)"),
    ({"arith.ceildivsi.minimal"}, "ascendc",
     "ceildivsi rounds up for negative operands too"),
    ({"arith.addui_extended.minimal", "arith.ceildivui.minimal",
      "arith.floordivsi.minimal", "arith.maxui.minimal", "arith.minui.minimal",
      "arith.mulsi_extended.minimal", "arith.negf.minimal", "arith.negf.full",
      "arith.remui.minimal", "arith.index_castui.minimal"}, "ascendc",
     _NO_PRINTER),
    ({"ascendc.load_data_3d_l0_v2.minimal"},
     ("custom", "generic", "debuginfo", "ascendc"),
     "!ascendc.load_data_3d_params_v2<T> keeps its element type (the Ascend "
     "C class is a template); pyasc's type drops it"),
    ({"arith.select.minimal", "ascendc.set_hf32_mode.minimal",
      "ascendc.set_hf32_trans_mode.minimal",
      "ascendc.set_mm_layout_transform.minimal", "scf.if.full",
      "scf.if.minimal", "scf.yield.full"}, "ascendc",
     "i1 true is `c1_i1`, not pyasc's `cm1_i1` (ir.md 10.19)"),
    ({"func.call.full", "func.func.full", "func.return.full"}, "ascendc",
     "an external function is a declaration, not an empty body (ir.md 10.20)"),
    ({"ascendc.data_copy_slice.minimal"}, "ascendc",
     "an empty SliceInfo list is an error (pyasc's translator crashes)"),
    ({"emitasc.ptr_offset.minimal", "emitasc.variable.minimal"},
     ("custom", "debuginfo", "ascendc"),
     "without offset / initial value ascir-opt crashes printing the custom "
     "form; casc prints it"),
    ({"ascendc.que_bind.free_all_event.minimal"}, "ascendc",
     "a casc op pyasc lacks (docs/pyasc-compat.md)"),
    ({"ascendc.mrg_sort.minimal"}, "ascendc",
     "empty elementCountList / sortedNum: a zero-size C array, an error in "
     "casc"),
    ({"ascendc.trans_data_to_5hd_tensor_list.minimal",
      "ascendc.trans_data_to_5hd_uint_list.minimal"}, "ascendc",
     "empty lists: pyasc silently drops the call (prints `;`), casc reports "
     "the op"),
    ({"ascendc.matmul.iterate_batch.minimal"}, "ascendc",
     "without waitIterateBatch ascir-translate crashes (SIGSEGV); casc "
     "prints IterateBatch<sync>"),
    ({"ascendc.simple_softmax.minimal"}, "ascendc",
     "without softmaxShapeInfo ascir-translate crashes (SIGSEGV); casc "
     "translates it"),
    ({"emitasc.variable.full", "emitasc.variable.alternative"}, "ascendc",
     "a variable of dynamic memref type: pyasc prints the array size as "
     "-9223372036854775808, casc reports it"),
    ({"emitasc.declare_py_struct.minimal"}, "ascendc",
     "a declare_py_struct of a type that is no py_struct: pyasc's "
     "translator crashes, casc reports it"),
    # Output that compiles where pyasc's does not (scripts/stub-compile.py).
    ({"math.%s.%s" % (op, v)
      for op in ("ceil", "cos", "erf", "exp", "exp2", "floor", "log", "log2",
                 "round", "rsqrt", "sin", "sqrt", "atan2")
      for v in ("minimal", "full")}, "ascendc",
     "scalar math as <cmath>'s std::exp etc.; pyasc's AscendC::Exp(x) "
     "(and Exp(x * Log(2)), sqrt) is declared by no Ascend C header"),
    ({"arith.remf.minimal", "arith.remf.full"}, "ascendc",
     _NO_PRINTER + " (std::fmod)"),
    ({"arith.bitcast.minimal"}, "ascendc",
     "bitcast through a pointer to const: pyasc's cast of a constexpr "
     "constant's address drops its const, a C++ error"),
    ({"ascendc.matmul.init.full"}, "ascendc",
     "Matmul::Init takes the TPipe by address (pyasc passes the object)"),
    ({"ascendc.select_reg.minimal"}, "ascendc",
     "register-form Select with its <T, selMode> template arguments (pyasc "
     "drops them; its call resolves to the selMask form)"),
    ({"ascendc.local_tensor.bracket.minimal",
      "ascendc.global_tensor.bracket.minimal"}, "ascendc",
     "the bracket's result is a tensor: operator[] (pyasc's operator() "
     "returns an element reference, which no tensor is initialised from)"),
    ({"ascendc.local_tensor.to_file.minimal"}, "ascendc",
     "ToFile(fileName) gets its file name (pyasc drops the attribute)"),
    ({"ascendc.pipe.get_base_addr.minimal"}, "ascendc",
     "GetBaseAddr(int8_t logicPos) gets its position and its uint8_t* is "
     "converted to the op's integer (pyasc drops the position)"),
    ({"ascendc.kfc_server.init_obj.minimal"}, "ascendc",
     "InitObj(&pipe) without a trailing `, ` (pyasc prints `InitObj(&v3, )`)"),
    ({"ascendc.global_tensor.set_shape_info_v2.full",
      "ascendc.que_bind.init_buf_handle.minimal",
      "ascendc.que_bind.init_start_buf_handle.minimal"}, "ascendc",
     _NO_PRINTER + " (the reference's SetShapeInfo(ShapeInfo(n, dims)), "
     "InitBufHandle, InitStartBufHandle)"),
    ({"ascendc.global_tensor.set_shape_info_v2.minimal"}, "ascendc",
     "an empty dims list is an error in casc (a C array cannot be empty); "
     "pyasc has no printer"),
]
# casc gaps: differences casc should not have and does not yet fix. They are
# counted and printed apart (they do not fail the run, so the check stays
# useful for every other row) and go stale like KNOWN. Entries are
# (predicate(module name, module text), form, why); none at present.
GAPS = [
]


def casc_gap(name, form, text):
    for pred, f, why in GAPS:
        if form == f and pred(name, text):
            return why
    return None


# Rule: an L1 op without mask words (the minimal instance) is an error in
# casc; pyasc declares `uint64_t x[] = {};`, a zero-size array.
EMPTY_MASK = "has an empty"


def known_difference(name, form, cerr):
    base = name[:-len(".mlir")]
    for names, f, why in KNOWN:
        if base in names and (form == f or form in f):
            return why
    if form == "ascendc" and EMPTY_MASK in cerr and "mask" in cerr:
        return "empty L1 mask list: casc rejects, pyasc a zero-size array"
    return None


def rejected_set(rejected):
    return {(n, f) for n, f, _ in rejected}


def first_error(stderr):
    for line in stderr.splitlines():
        if ": error: " in line:
            return line
    return stderr.strip()[:300]


def run(cmd, path):
    p = subprocess.run(cmd + [path], capture_output=True, text=True,
                       timeout=60)
    return p.returncode, p.stdout, p.stderr


def first_diff(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<end>"
        y = lb[i] if i < len(lb) else "<end>"
        if x != y:
            return "line %d:\n    casc:  %s\n    pyasc: %s" % (i + 1, x, y)
    return "(same lines, different bytes)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("casc")
    ap.add_argument("sweep")
    ap.add_argument("--keep", help="write the modules here (kept)")
    ap.add_argument("--only", help="modules whose name contains this")
    ap.add_argument("-v", action="store_true", help="show every difference")
    args = ap.parse_args()
    opt = os.environ.get("ASCIR_OPT")
    if not opt:
        print("pyasc-diff: ASCIR_OPT not set (pyasc's ascir-opt): skipped")
        return SKIP
    tr = os.environ.get("ASCIR_TRANSLATE",
                        os.path.join(os.path.dirname(opt), "ascir-translate"))
    oracle = {"opt": [opt], "translate": [tr]}
    casc = {"opt": [args.casc, "opt"], "translate": [args.casc, "translate"]}

    with tempfile.TemporaryDirectory() as tmp:
        mdir = args.keep or tmp
        os.makedirs(mdir, exist_ok=True)
        p = subprocess.run([args.sweep, "--emit-modules", mdir],
                           capture_output=True, text=True)
        if p.returncode != 0:
            print(p.stderr, file=sys.stderr)
            print("pyasc-diff: the op sweep failed", file=sys.stderr)
            return 1
        names = sorted(n for n in os.listdir(mdir) if n.endswith(".mlir"))
        if args.only:
            names = [n for n in names if args.only in n]
        total = same = known = 0
        unexpected, stale, rejected, gaps = [], [], [], []
        per_form = {f: [0, 0] for f in FORMS}  # identical, compared
        for name in names:
            path = os.path.join(mdir, name)
            with open(path) as f:
                text = f.read()
            for form, (ccmd, ocmd) in FORMS.items():
                crc, cout, cerr = run(casc[ccmd[0]] + ccmd[1:], path)
                orc, oout, oerr = run(oracle[ocmd[0]] + ocmd[1:], path)
                total += 1
                per_form[form][1] += 1
                if crc and orc:
                    equal = first_error(cerr) == first_error(oerr)
                else:
                    equal = crc == orc and cout == oout
                why = known_difference(name, form, cerr)
                gap = casc_gap(name, form, text)
                if equal:
                    same += 1
                    per_form[form][0] += 1
                    if why or gap:
                        stale.append((name, form))
                    continue
                if gap:
                    gaps.append((name, form, gap))
                    continue
                if why:
                    known += 1
                    continue
                if pyasc_rejects_input(form, crc, orc, oerr) or (
                        form == "ascendc" and orc != 0 and
                        (name, "custom") in rejected_set(rejected)):
                    rejected.append((name, form, first_error(oerr)))
                    continue
                if crc and orc:
                    detail = "both fail\n    casc:  %s\n    pyasc: %s" % (
                        first_error(cerr), first_error(oerr))
                elif crc != orc:
                    detail = "exit %d vs %d\n    casc:  %s\n    pyasc: %s" % (
                        crc, orc, cerr.strip()[:300], oerr.strip()[:300])
                else:
                    detail = first_diff(cout, oout)
                unexpected.append((name, form, detail))
        if args.v:
            for name, form, err in rejected:
                print("NOT-COMPARABLE %s [%s] %s" % (name, form, err))
        for name, form, why in gaps:
            print("GAP %s [%s] %s" % (name, form, why))
        for name, form, detail in unexpected:
            print("DIFF %s [%s] %s" % (name, form, detail))
        for name, form in stale:
            print("STALE %s [%s]: identical now, remove it from KNOWN or "
                  "GAPS" % (name, form))
        print("pyasc-diff: identical by form: " + ", ".join(
            "%s %d/%d" % (f, n[0], n[1]) for f, n in per_form.items()))
        print("pyasc-diff: %d modules, %d/%d identical, %d known differences "
              "(casc on purpose), %d not comparable (pyasc rejects the "
              "instance), %d casc gaps (GAPS), %d unexpected" % (
                  len(names), same, total, known, len(rejected), len(gaps),
                  len(unexpected)))
        return 1 if unexpected or stale else 0


if __name__ == "__main__":
    sys.exit(main())
