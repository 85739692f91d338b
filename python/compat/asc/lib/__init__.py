"""asc.lib: pyasc's host libraries (runtime only, mapped to casc)."""
from . import runtime  # noqa: F401
