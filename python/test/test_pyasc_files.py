"""pyasc's own files, unchanged, on casc: with <build>/python/compat on
PYTHONPATH `import asc` is casc's. They run from $CASC_PYASC_DIR (a pyasc
checkout, -DCASC_PYASC_DIR=... at configure time); skipped without one.
The tutorials need torch (Debian: python3-torch)."""
import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

PYASC = os.environ.get("CASC_PYASC_DIR", "")
HAVE_TORCH = importlib.util.find_spec("torch") is not None


def _env(build_dir):
    env = dict(os.environ)
    py = build_dir / "python"
    env["PYTHONPATH"] = os.pathsep.join([str(py), str(py / "compat")])
    return env


def _need(path):
    if not PYASC:
        pytest.skip("CASC_PYASC_DIR is not set")
    p = pathlib.Path(PYASC) / "python" / path
    if not p.exists():
        pytest.skip(f"{p} does not exist")
    return p


@pytest.mark.parametrize("tutorial", ["01_add/add.py", "02_add_framework/add_framework.py"])
def test_tutorial_runs_unchanged(build_dir, tutorial, tmp_path):
    path = _need(f"tutorials/{tutorial}")
    if not HAVE_TORCH:
        pytest.skip("the tutorials import torch (apt-get install python3-torch)")
    r = subprocess.run([sys.executable, str(path), "-r", "Model"], env=_env(build_dir), cwd=tmp_path,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "run success" in r.stderr


@pytest.mark.parametrize("test_file", ["test/kernels/test_vadd.py"])
def test_pyasc_test_file_passes_unchanged(build_dir, test_file, tmp_path):
    path = _need(test_file)
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
                        str(path)], env=_env(build_dir), cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert " passed" in r.stdout and "failed" not in r.stdout
