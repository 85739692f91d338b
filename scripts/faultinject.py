#!/usr/bin/env python3
"""Fault injection over a slice of the lit corpus (`make faultinject`).

For each lit file below, the RUN lines are executed in order as lit would
(so that the inputs they generate exist); every `casc` command in them is
then re-run with CASC_FAIL_ALLOC=N for N = 1, 2, ... up to the number of
allocations the command makes (the casc tool reports it on stderr). Each
injected run must end cleanly:

  * exit 0 with the same stdout and the same output files (-o, --out,
    --trace) as the run without injection (a failed allocation that casc
    could work around), or
  * exit 1 with "out of memory" in its diagnostics (or exactly the
    diagnostics of the clean run, when that run fails too), and
  * no crash, no hang, no sanitizer report (build with `make asan`: ASan
    then also reports every leak at exit).

Usage: faultinject.py BUILD_DIR [--jobs N] [--persistent] [LIT_FILE...]
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

# 20 files that between them exercise the parser (custom and generic
# forms, errors), the printer (names, debuginfo aliases), split input and
# -verify-diagnostics, single passes and the default pipeline (verify-sync
# at its end; unit.test_tool_fault_injection sweeps verify-sync on loops),
# the emitter, and the simulator with the sanitizer, .npy I/O, platform
# files, the timing model with its trace and the race detector: about 7000
# runs, under 3 minutes with ASan on 2 cores.
DEFAULT_FILES = [
    "text/roundtrip-ascendc.mlir",
    "text/errors.mlir",
    "text/naming.mlir",
    "text/debuginfo.mlir",
    "text/types.mlir",
    "opt/split.mlir",
    "opt/pass_flags.mlir",
    "diag/verify_notes.mlir",
    "diag/verify_mismatch.mlir",
    "passes/pipeline-default.mlir",
    "passes/module-passes.mlir",
    "passes/materialize-tensor.mlir",
    "target/kernel-add.mlir",
    "target/fixes.mlir",
    "target/float-constants.mlir",
    "sim/sanitizer.mlir",
    "sim/npy_roundtrip.mlir",
    "sim/timing/add_example.test",
    "sim/timing/report.mlir",
    "sim/timing/trace.test",
]

TRAILER = re.compile(rb"casc: CASC_FAIL_ALLOC: (\d+) allocations, (\d+) failed\n")
SANITIZER = re.compile(rb"ERROR: (Address|Leak)Sanitizer|runtime error:")
TIMEOUT = 120  # seconds for one run: a hang is a failure too


def run_lines(path):
    """The RUN: lines of a lit file, with `\\` continuations joined."""
    lines, cur = [], ""
    with open(path, encoding="utf-8") as f:
        for raw in f:
            m = re.search(r"RUN:(.*)$", raw)
            if not m:
                continue
            part = m.group(1).strip()
            if part.endswith("\\"):
                cur += part[:-1] + " "
                continue
            lines.append(cur + part)
            cur = ""
    return lines


def substitute(line, subs):
    for key in sorted(subs, key=len, reverse=True):
        line = line.replace(key, subs[key])
    return line


def casc_commands(line):
    """The casc invocations of a RUN line that read no piped input: argv
    and the file to use as stdin (None)."""
    if "sh -c" in line:
        return []
    stages = [s.strip() for s in re.split(r"(?<!\|)\|(?!\|)", line)]
    cmds = []
    for i, stage in enumerate(stages):
        try:
            words = shlex.split(stage)
        except ValueError:
            continue
        while words and words[0] == "not":
            words = words[1:]
        if not words or words[0] != "casc":
            continue
        argv, stdin, reads_pipe = [], None, i > 0
        it = iter(words)
        for w in it:
            if w in ("2>&1", "&>"):
                continue
            if w in (">", "2>", "1>"):
                next(it, None)
            elif w == "<":
                stdin = next(it, None)
                reads_pipe = False
            elif re.match(r"^[12]?>\S", w):
                continue
            else:
                argv.append(w)
        if not reads_pipe:
            cmds.append((argv, stdin))
    return cmds


OUTPUT_FLAG = re.compile(r"^--?(o|out|trace)(?:=(.*))?$")


def output_files(argv):
    """The files a casc command writes, named by -o FILE, --trace FILE or
    --out NAME=FILE (also as -o=FILE...): (index in argv, the start of that
    word before the path, the path)."""
    outs, i = [], 1
    while i < len(argv):
        m = OUTPUT_FLAG.match(argv[i])
        if m:
            if m.group(2) is not None:
                idx, val = i, m.group(2)
            elif i + 1 < len(argv):
                i += 1
                idx, val = i, argv[i]
            else:
                break
            head = argv[idx][:len(argv[idx]) - len(val)]
            if m.group(1) == "out":
                name, eq, val = val.partition("=")
                head += name + eq
            if val and val != "-":
                outs.append((idx, head, val))
        i += 1
    return outs


def run_own_outputs(argv, env, stdin, outs, tag):
    """Runs argv with each output file renamed for this run alone (the runs
    of a sweep go in parallel), then reads and removes those files: exit
    status, stdout and stderr (naming the files as argv does) and the
    files' contents (None: not written)."""
    mine = list(argv)
    for idx, head, path in outs:
        mine[idx] = head + path + ".fi-" + tag
    rc, out, err = run(mine, env, stdin)
    files = []
    for idx, head, path in outs:
        own = path + ".fi-" + tag
        try:
            with open(own, "rb") as f:
                files.append(f.read())
            os.remove(own)
        except OSError:
            files.append(None)
        out = out.replace(own.encode(), path.encode())
        err = err.replace(own.encode(), path.encode())
    return (rc, out, err), files


def run(argv, env, stdin):
    inp = open(stdin, "rb") if stdin else None
    try:
        p = subprocess.run(argv, env=env, capture_output=True, timeout=TIMEOUT,
                           stdin=inp if inp else subprocess.DEVNULL)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""
    finally:
        if inp:
            inp.close()


def split_trailer(err):
    m = TRAILER.search(err)
    if not m:
        return err, None, None
    return err[:m.start()] + err[m.end():], int(m.group(1)), int(m.group(2))


class Sweep:
    def __init__(self, env, jobs, persistent):
        self.env, self.jobs, self.persistent = env, jobs, persistent
        self.runs = 0
        self.problems = []

    def judge(self, argv, n, clean, same_stdout, res, files, clean_files):
        rc, out, err = res
        err, _, failed = split_trailer(err)
        rc0, out0, err0 = clean
        where = "CASC_FAIL_ALLOC=%d%s %s" % (
            n, "+" if self.persistent else "", " ".join(argv))
        if rc == "timeout":
            return where + ": hangs"
        if SANITIZER.search(err):
            return where + ": sanitizer report:\n" + err.decode(errors="replace")
        if not isinstance(rc, int) or rc < 0 or rc > 2:
            return where + ": crashed (exit %s)" % rc
        if rc == 0:
            if rc0 != 0:
                return where + ": succeeded where the clean run failed"
            if same_stdout and out != out0:
                return where + ": succeeded with different output"
            for (_, _, path), got, want in zip(output_files(argv), files,
                                               clean_files):
                if want is not None and got != want:
                    return where + ": succeeded with a different " + path
            return None
        if rc == 1:
            if b"out of memory" in err:
                return None
            if rc0 == 1 and err == err0:
                return None
            return where + ": failed without saying why:\n" + \
                err.decode(errors="replace")
        if rc0 != rc:
            return where + ": exit %d, the clean run exits %d" % (rc, rc0)
        return None

    def sweep(self, argv, stdin):
        env = dict(self.env, CASC_FAIL_ALLOC="0")
        outs = output_files(argv)
        (rc0, out0, err0), files0 = run_own_outputs(argv, env, stdin, outs,
                                                    "clean0")
        (rc1, out1, _), files1 = run_own_outputs(argv, env, stdin, outs,
                                                 "clean1")
        err0, count, _ = split_trailer(err0)
        if count is None:
            self.problems.append("%s: no allocation count (clean run exit %s)"
                                 % (" ".join(argv), rc0))
            return 0
        # Times and thread-dependent figures differ between clean runs:
        # then only the exit status is compared (an output file that
        # differs is not compared either).
        same_stdout = rc0 == rc1 and out0 == out1
        clean_files = [a if a == b else None for a, b in zip(files0, files1)]
        clean = (rc0, out0, err0)
        mode = "+" if self.persistent else ""

        def one(n):
            e = dict(self.env, CASC_FAIL_ALLOC="%d%s" % (n, mode))
            return (n,) + run_own_outputs(argv, e, stdin, outs, str(n))

        with concurrent.futures.ThreadPoolExecutor(self.jobs) as pool:
            for n, res, files in pool.map(one, range(1, count + 1)):
                self.runs += 1
                problem = self.judge(argv, n, clean, same_stdout, res, files,
                                     clean_files)
                if problem:
                    self.problems.append(problem)
        return count


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build", help="build directory (casc, examples/)")
    ap.add_argument("files", nargs="*", help="lit files (test/lit/...)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--persistent", action="store_true",
                    help="fail allocation N and every later one")
    args = ap.parse_intermixed_args()

    src = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build = os.path.abspath(args.build)
    lit_root = os.path.join(src, "test", "lit")
    files = args.files or [os.path.join(lit_root, f) for f in DEFAULT_FILES]
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([build, os.path.join(build, "examples"),
                                   "/usr/lib/llvm-19/bin", env.get("PATH", "")])
    # Distinct exit codes for sanitizer reports, so that they can never
    # pass for casc's own exit 1.
    env["ASAN_OPTIONS"] = "detect_leaks=1:exitcode=97:abort_on_error=0"
    env["LSAN_OPTIONS"] = "exitcode=97"
    env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:exitcode=98"

    sweep = Sweep(env, args.jobs, args.persistent)
    start = time.time()
    with tempfile.TemporaryDirectory(prefix="casc-faultinject-") as tmp:
        for path in files:
            path = os.path.abspath(path)
            name = os.path.relpath(path, lit_root)
            subs = {"%s": path, "%S": os.path.dirname(path),
                    "%t": os.path.join(tmp, name.replace("/", "_") + ".tmp"),
                    "%casc_src": src,
                    "%examples": os.path.join(build, "examples")}
            allocs = commands = 0
            for line in run_lines(path):
                line = substitute(line, subs)
                # As lit runs it: this creates what later lines read.
                setup = subprocess.run(["sh", "-c", line], env=env, cwd=tmp,
                                       capture_output=True)
                if setup.returncode != 0:
                    sweep.problems.append("%s: RUN line fails without "
                                          "injection: %s" % (name, line))
                    continue
                # The swept runs write files of their own: the line's
                # outputs stay as this run left them for the next lines.
                for argv, stdin in casc_commands(line):
                    allocs += sweep.sweep(argv, stdin)
                    commands += 1
            print("%-36s %2d casc commands, %6d allocations swept"
                  % (name, commands, allocs), flush=True)
    print("faultinject: %d runs in %.0f s, %d problems"
          % (sweep.runs, time.time() - start, len(sweep.problems)))
    for p in sweep.problems:
        print("  " + p)
    return 1 if sweep.problems or not sweep.runs else 0


if __name__ == "__main__":
    sys.exit(main())
