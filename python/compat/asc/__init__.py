"""A module named `asc`, provided by casc, so that pyasc's own kernels,
tutorials and tests run unchanged on casc's simulator: put
<build>/python/compat (and <build>/python) on PYTHONPATH.

The language is casc.asc; `asc.runtime.config` and `asc.lib.runtime` hold
the names pyasc's files import. Both of pyasc's backends (Model, CANN's
simulator, and NPU) run the kernels on casc's CPU simulator: there is no
other device here."""
from casc.asc import *  # noqa: F401,F403
from casc.asc import __all__ as _lang_all

from . import language, lib, runtime  # noqa: F401

__all__ = list(_lang_all)
