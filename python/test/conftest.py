"""Shared set-up of casc's Python tests: where the build and the sources are
(ctest passes CASC_BUILD_DIR / CASC_SOURCE_DIR / CASC_PYASC_DIR)."""
import os
import pathlib

import pytest

HERE = pathlib.Path(__file__).resolve().parent
SOURCE_DIR = pathlib.Path(os.environ.get("CASC_SOURCE_DIR", HERE.parent.parent))
BUILD_DIR = pathlib.Path(os.environ.get("CASC_BUILD_DIR", SOURCE_DIR / "build"))


@pytest.fixture
def build_dir():
    return BUILD_DIR


@pytest.fixture
def source_dir():
    return SOURCE_DIR
