"""asc.runtime: the names pyasc's files import from it."""
from casc.asc import JITFunction, jit  # noqa: F401

from . import config  # noqa: F401
