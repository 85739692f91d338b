# lit configuration running pyasc's own test files with casc
# (docs/pyasc-compat.md). The tests are not in this directory: each entry of
# expectations.txt names a file under $CASC_PYASC_DIR/test. The suite writes
# a copy of it with casc's expected differences applied (pyasc_compat.py)
# into the build tree and runs its RUN lines with `ascir-opt` and
# `ascir-translate` replaced by `casc opt` and `casc translate`.
import os
import sys

# The helper modules sit next to this file; keep .pyc files out of the
# source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lit_format  # noqa: E402

config.name = "pyasc-compat"
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.casc_obj_root, "test",
                                     "pyasc-compat")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

casc = os.path.join(config.casc_tools_dir, "casc")
substitutions = [(r"\bascir-opt\b", casc + " opt"),
                 (r"\bascir-translate\b", casc + " translate")]

config.test_format = lit_format.PyascCompatTest(config.pyasc_dir, substitutions)
