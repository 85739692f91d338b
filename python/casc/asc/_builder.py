"""The kernel build in progress on this thread, and where the op being
recorded comes from (the user's Python file and line).

Every API of casc.asc reads the location from here and passes it to the C
call, which records it as the op's location: diagnostics of the verifier,
the passes and the simulator then point at the Python line."""
import threading

_tls = threading.local()


class Build:
    """One kernel build: the C kernel handle and the current location."""

    __slots__ = ("kernel", "file", "line")

    def __init__(self, kernel, file, line):
        self.kernel = kernel
        self.file = file
        self.line = line


def current():
    return getattr(_tls, "build", None)


def enter(build):
    if getattr(_tls, "build", None) is not None:
        raise RuntimeError("a kernel is already being built on this thread "
                           "(@asc.jit functions cannot launch kernels)")
    _tls.build = build


def leave():
    _tls.build = None


def require(api):
    """The current build, or pyasc's require_jit error naming `api`."""
    b = getattr(_tls, "build", None)
    if b is None:
        raise RuntimeError(f"'{api}' cannot be called without initialization of global builder")
    return b
