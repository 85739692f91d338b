"""pyasc's own files, unchanged, on casc: with <build>/python/compat on
PYTHONPATH `import asc` is casc's. They run from $CASC_PYASC_DIR (a pyasc
checkout, -DCASC_PYASC_DIR=... at configure time); skipped without one.
The tutorials and most kernel tests need torch (Debian: python3-torch)."""
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



KERNEL_FILES = {  # file: (passed, failed, needs torch)
    "test/kernels/test_bilinear_interpolation.py": (1, 0, False),
    "test/generalization/basic/test_axpy.py": (4, 0, True),
    "test/generalization/basic/test_transpose.py": (2, 0, True),
    "test/generalization/basic/test_vadd.py": (2, 5, True),
    "test/generalization/basic/test_vadds.py": (2, 5, True),
    "test/generalization/basic/test_vsqrt.py": (1, 3, True),
    "test/generalization/basic/test_duplicate.py": (2, 3, True),
}


@pytest.fixture(scope="module")
def kernel_files_run(tmp_path_factory):
    """One pytest run of all KERNEL_FILES (torch is imported once): the
    outcome line of each test case (-rA), by file."""
    if not PYASC:
        pytest.skip("CASC_PYASC_DIR is not set")
    from conftest import BUILD_DIR
    tmp = tmp_path_factory.mktemp("pyasc-kernels")
    paths = [pathlib.Path(PYASC) / "python" / f for f in KERNEL_FILES]
    paths = [p for p, (_, _, torch) in zip(paths, KERNEL_FILES.values()) if p.exists() and (HAVE_TORCH or not torch)]
    # rootdir "/": node ids are the files' absolute paths without the "/"
    env = dict(_env(BUILD_DIR), COLUMNS="1000")  # the summary lines keep the exception's name
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", "--rootdir", "/"] +
                       [str(p) for p in paths], env=env, cwd=tmp, capture_output=True, text=True,
                       timeout=600)
    outcomes = {}
    for line in r.stdout.splitlines():
        word = line.split(" ", 1)[0]
        if word in ("PASSED", "FAILED", "ERROR"):
            outcomes.setdefault(line.split(" ", 1)[1].split("::", 1)[0], []).append(line)
    return r, outcomes


# pyasc's kernel tests (python/test/kernels, python/test/generalization/basic)
# run unchanged; the torch ones make their tensors on device "npu", which
# casc's compat path maps to the CPU (docs/pyasc-kernels.md). Launchers that
# round block_length up and copy whole 512-element tiles read and write past
# the tensors for sizes that do not divide (1, 1000, 9999, 2048 over 16
# blocks, 153x834): casc's sanitizer reports those cases at the Python line
# (KernelError, out of bounds); every other case passes.
@pytest.mark.parametrize("test_file", list(KERNEL_FILES))
def test_pyasc_kernel_file_unchanged(kernel_files_run, test_file):
    passed, failed, torch = KERNEL_FILES[test_file]
    _need(test_file)
    if torch and not HAVE_TORCH:
        pytest.skip("the file imports torch (apt-get install python3-torch)")
    r, outcomes = kernel_files_run
    lines = [line for key, ls in outcomes.items() if key.endswith("/" + test_file) for line in ls]
    log = r.stdout + r.stderr
    assert sum(line.startswith("PASSED") for line in lines) == passed, log
    bad = [line for line in lines if not line.startswith("PASSED")]
    assert len(bad) == failed, log
    assert all(line.startswith("FAILED") and "KernelError" in line for line in bad), log
    assert not bad or "but the buffer has" in log, log  # the out-of-bounds report
