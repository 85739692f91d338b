#!/usr/bin/env python3
"""Compile the Ascend C of every op-table row against the declaration stub.

test_tool_op_sweep --emit-modules writes a minimal and a full instance of
every row of the op table (scripts/pyasc-diff.py reads the same modules).
Each is translated with `casc translate -mlir-to-ascendc`; the kernels that
translate are put into one C++ file, each under its own name, after one
`#include "kernel_operator.h"`, and that file is compiled with
`g++ -std=c++17 -fsyntax-only -I test/ascendc-stub`. A misspelt API, a
wrong template argument or a type error in casc's output fails the check;
so does a stub that lacks a declaration the emitter needs.

  stub-compile.py CASC SWEEP STUB_DIR [--cxx g++] [--keep FILE] [-v]

A module casc does not translate is not compiled; it must be explained by
a rule of NOT_TRANSLATED (an input no kernel can have) or of
NOT_TRANSLATED_GAPS (a gap, listed), whose error pattern casc's located
first error line must match; -v lists them. Each compiler
error is charged to the module whose kernel holds the line; a module that
fails must be listed in NOT_YET below with the reason, and a listed module
that compiles fails the check (the list cannot go stale).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

SKIP = 77

# Modules (file names without .mlir) whose C++ does not compile yet, each
# with the reason: gaps of the stub or of casc's output, not hidden. The
# kinds: "pyasc op" (the op lacks operands every overload of the API
# needs, so no valid call can be printed from it) and "input" (an instance
# no kernel can have).
_CUMSUM = ("pyasc op: ascendc.cumsum carries CumSumConfig's three fields "
           "(lastAxis, reuseSource, outputLastRow) but not CumSumInfo's "
           "{outter, inner}, which every CumSum overload takes; pyasc prints "
           "AscendC::CumSumInfo(lastAxis, reuseSource, outputLastRow), and no "
           "valid call can be printed from the op's operands")
NOT_YET = {
    "ascendc.cumsum.full": _CUMSUM,
    "ascendc.cumsum.minimal": _CUMSUM,
    "ascendc.que_bind.init_buf_handle.minimal":
        "input: the sweep passes i32 values where InitBufHandle takes a "
        "TBufPool (by address) and a TBufHandle (uint8_t*), which no pyasc "
        "op produces (test/lit/target/buf-handle.mlir compiles a valid one)",
    "ascendc.que_bind.init_start_buf_handle.minimal":
        "input: the sweep passes an i32 where InitStartBufHandle takes a "
        "TBufHandle (uint8_t*), which no pyasc op produces "
        "(test/lit/target/buf-handle.mlir compiles a valid one)",
    "ascendc.kfc_server.init_obj.minimal":
        "input: KfcServer::InitObj(TPipe*, T& a, Args&&...) needs at least "
        "one matmul object; the minimal instance passes none",
}

# Modules casc does not translate: each is an input no kernel can have,
# and casc's located error for it is checked (the first error line must
# be `FILE:LINE:COL: error: ` and match the pattern). Rules are (module
# name pattern, error pattern, why); every untranslated module must match
# one, and a rule that matches none fails the check (it went stale).
NOT_TRANSLATED = [
    (r"\.minimal$", r"op has an empty '?\w+'? list$",
     "the minimal instance leaves out a list operand (an L1 op's mask "
     "words, DataCopy's slice lists, MrgSort's counts, TransDataTo5HD's "
     "lists, SetShapeInfo's dims): a zero-size C array or a dropped call "
     "(pyasc), an error in casc"),
    (r"^(emitasc\.variable|memref\.alloca)\.", r"op needs a static memref "
     r"shape$",
     "a local array of dynamic size (memref<?x...>): C++ has none"),
    (r"^emitasc\.declare_py_struct\.minimal$",
     r"op needs a !emitasc.py_struct type$",
     "declare_py_struct of a type that is no py_struct"),
    (r"^ascendc\.trans_data_to_5hd(_uint_list)?\.", r"error: could not "
     r"infer element type from (addr tensor|tensor list)$",
     "TransDataTo5HD addresses that come from no tensor's get_phy_addr: "
     "the element type cannot be known (pyasc reports the same)"),
    (r"^ascendc\.local_tensor_auto\.", r"unable to find printer for op$",
     "a virtual tensor, which the materialize-tensor pass turns into "
     "queue/TBuf tensors before translation (pyasc has no printer either)"),
]

# Ops casc cannot translate yet that a kernel could have: gaps, listed
# (and checked like NOT_TRANSLATED) so that they are not hidden. pyasc's
# translator has no printer for any of them either.
NOT_TRANSLATED_GAPS = [
    (r"^ascendc\.slice_info\.subindex\.", r"unable to find printer for op$",
     "pyasc's `SliceInfo::operator[]`: the reference's SliceInfo is a plain "
     "struct with no operator[] (the lists are C arrays only at a "
     "DataCopy), so the op has no C++"),
]


def check_not_translated(untranslated):
    """Messages for untranslated modules no rule explains, and for rules
    that explain none."""
    bad, used = [], set()
    rules = NOT_TRANSLATED + NOT_TRANSLATED_GAPS
    for name, err in untranslated:
        base = name[:-len(".mlir")]
        first = err[0] if err else ""
        located = re.match(r"[^:\s]+\.mlir:\d+:\d+: error: ", first)
        hit = None
        for i, (npat, epat, _) in enumerate(rules):
            if re.search(npat, base) and re.search(epat, first):
                hit = i
                break
        if hit is None or not located:
            bad.append("UNEXPLAINED %s not translated: %s" % (base, first))
        else:
            used.add(hit)
    for i, (npat, epat, _) in enumerate(rules):
        if i not in used:
            bad.append("STALE not-translated rule %r / %r matches no module"
                       % (npat, epat))
    return bad


def translate(casc, path):
    p = subprocess.run([casc, "translate", "-mlir-to-ascendc", path],
                       capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("casc")
    ap.add_argument("sweep")
    ap.add_argument("stub_dir")
    ap.add_argument("--cxx", default=os.environ.get("CXX", "g++"))
    ap.add_argument("--keep", help="also write the C++ file here")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    try:
        subprocess.run([args.cxx, "--version"], capture_output=True,
                       check=True)
    except (OSError, subprocess.CalledProcessError):
        print("stub-compile: no C++ compiler (%s): skipped" % args.cxx)
        return SKIP
    with tempfile.TemporaryDirectory() as tmp:
        mdir = os.path.join(tmp, "modules")
        os.makedirs(mdir)
        p = subprocess.run([args.sweep, "--emit-modules", mdir],
                           capture_output=True, text=True)
        if p.returncode != 0:
            print(p.stderr, file=sys.stderr)
            print("stub-compile: the op sweep failed", file=sys.stderr)
            return 1
        names = sorted(n for n in os.listdir(mdir) if n.endswith(".mlir"))
        parts = ['#include "kernel_operator.h"\n']
        untranslated = []
        rows = set()
        for i, name in enumerate(names):
            rc, out, err = translate(args.casc, os.path.join(mdir, name))
            if rc != 0:
                untranslated.append((name, err.strip().splitlines()[:1]))
                continue
            rows.add(name.rsplit(".", 2)[0])
            # Every module's kernel is `sweep`: give each its own name (an
            # extern "C" function ignores namespaces), and its other
            # functions a namespace of their own.
            out = re.sub(r"\bsweep\(", "sweep_%d(" % i, out)
            parts.append("// ---- %s\nnamespace m%d {\n%s}\n" % (name, i, out))
        # line -> module: the first line of each module's text.
        starts, line = [], 1
        for part in parts:
            if part.startswith("// ---- "):
                starts.append((line, part[8:part.index("\n")]))
            line += part.count("\n")
        cpp = os.path.join(tmp, "all_rows.cpp")
        with open(cpp, "w") as f:
            f.write("".join(parts))
        if args.keep:
            with open(args.keep, "w") as f:
                f.write("".join(parts))
        p = subprocess.run([args.cxx, "-std=c++17", "-fsyntax-only",
                            "-fmax-errors=0", "-x", "c++", "-I",
                            args.stub_dir, cpp],
                           capture_output=True, text=True)
        if args.v:
            for name, err in untranslated:
                print("NOT-TRANSLATED %s %s" % (name, " ".join(err)))
        print("stub-compile: %d modules, %d translated (%d rows), %d not "
              "translated; g++ -fsyntax-only: %s" % (
                  len(names), len(names) - len(untranslated), len(rows),
                  len(untranslated), "ok" if p.returncode == 0 else "FAILED"))
        failing = {}
        for m in re.finditer(r"all_rows\.cpp:(\d+):\d+: error: (.*)",
                             p.stderr):
            n = int(m.group(1))
            owner = None
            for first, name in starts:
                if first <= n:
                    owner = name
            if owner:
                failing.setdefault(owner[:-len(".mlir")], m.group(2))
        bad = 0
        for name in sorted(failing):
            if name not in NOT_YET:
                bad += 1
                print("ERROR %s: %s" % (name, failing[name]))
            elif args.v:
                print("NOT-YET %s: %s (%s)" % (name, failing[name],
                                                 NOT_YET[name]))
        for name in sorted(NOT_YET):
            if name not in failing:
                bad += 1
                print("STALE %s compiles now: remove it from NOT_YET" % name)
        for msg in check_not_translated(untranslated):
            bad += 1
            print(msg)
        gaps = sum(1 for name, err in untranslated
                   if any(re.search(n, name[:-len(".mlir")])
                          for n, _, _ in NOT_TRANSLATED_GAPS))
        listed = sum(1 for n in failing if n in NOT_YET)
        print("stub-compile: %d of %d translated modules compile, %d listed "
              "in NOT_YET; %d not translated (%d inputs no kernel has, %d "
              "gaps); %d unexpected" % (
                  len(names) - len(untranslated) - len(failing),
                  len(names) - len(untranslated), listed, len(untranslated),
                  len(untranslated) - gaps, gaps, bad))
        # An error outside the generated file (in the stub itself) or one
        # not charged to a module fails the check whatever NOT_YET says.
        elsewhere = [l for l in p.stderr.splitlines()
                     if ": error: " in l and "all_rows.cpp:" not in l]
        if elsewhere or (p.returncode != 0 and not failing):
            sys.stdout.write("\n".join(elsewhere) if elsewhere else p.stderr)
            print("\nstub-compile: errors outside the generated kernels")
            return 1
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
