"""casc's front end against pyasc's own (the pyasc-jit-ir oracle, which runs
pyasc's real @asc.jit without CANN): for pyasc's tutorials, the IR casc.asc
records and the IR pyasc records are the same after `casc opt
--pipeline=default`. Runs when $CASC_PYASC_DIR and $CASC_PYASC_ORACLE (the
pyasc-jit-ir script, with its PYASC_PY / PYASC_BUILD environment) are set;
skipped otherwise."""
import importlib.util
import os
import pathlib
import runpy
import subprocess
import sys

import pytest

PYASC = os.environ.get("CASC_PYASC_DIR", "")
ORACLE = os.environ.get("CASC_PYASC_ORACLE", "")


@pytest.mark.parametrize("tutorial", ["01_add/add.py", "02_add_framework/add_framework.py"])
def test_same_ir_as_pyasc_after_casc_opt(build_dir, tutorial, tmp_path):
    if not (PYASC and ORACLE):
        pytest.skip("CASC_PYASC_DIR and CASC_PYASC_ORACLE are not both set")
    if importlib.util.find_spec("torch") is None:
        pytest.skip("the tutorials import torch")
    path = pathlib.Path(PYASC) / "python" / "tutorials" / tutorial
    out = tmp_path / "oracle"
    subprocess.run([ORACLE, str(path), "--out", str(out)], check=True, capture_output=True, timeout=600)
    pyasc_ir = next(out.glob("*/codegen.mlir")).read_text()

    compat = str(build_dir / "python" / "compat")
    sys.path.insert(0, compat)
    try:
        import asc  # casc's compatibility module
        import asc.runtime.config as config
        ns = runpy.run_path(str(path), run_name="casc_test")
        ns["vadd_custom"](config.Backend.Model, None)
        casc_ir = asc.last_launch().ir
    finally:
        sys.path.remove(compat)

    def opt(text):
        return subprocess.run([str(build_dir / "casc"), "opt", "--pipeline=default", "-"], input=text,
                              capture_output=True, text=True, check=True).stdout
    assert opt(casc_ir) == opt(pyasc_ir)
