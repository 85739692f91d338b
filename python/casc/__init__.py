"""casc for Python: pyasc's kernel language on casc's IR, passes, Ascend C
emitter and CPU simulator.

    import casc.asc as asc

    @asc.jit
    def kernel(x: asc.GlobalAddress, ...): ...

    kernel[8](x_array, ...)      # runs on casc's simulator
"""
from . import _casc  # noqa: F401  (the extension; fails early if missing)
