"""torch's "npu" device on casc: pyasc's tests make their tensors with
device="npu" (torch_npu's device) when the NPU backend is selected. casc's
device is its CPU simulator, whose memory is host memory, so here "npu"
means torch's CPU device: a torch function mode, entered once for the
process, rewrites a device argument "npu" / "npu:N" (keyword or positional
string) to "cpu". Kernels then get CPU tensors, which casc's launch writes
in place. torch.device("npu") itself, Tensor.npu() and torch.npu.* are not
mapped (torch has no such device to name without torch_npu).

It is installed by asc.lib.runtime.use_npu() (config.set_platform(NPU))
when torch is loaded, and by importing the torch_npu shim of
python/compat."""
import sys

_state = {"installed": False}


def _map(value):
    if isinstance(value, str) and (value == "npu" or value.startswith("npu:")):
        return "cpu"
    return value


def install():
    """Map device "npu" to the CPU for the rest of the process (idempotent)."""
    if _state["installed"]:
        return
    import torch
    from torch.overrides import TorchFunctionMode

    class NpuIsCpu(TorchFunctionMode):

        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = {k: (_map(v) if k == "device" else v) for k, v in (kwargs or {}).items()}
            return func(*[_map(a) for a in args], **kwargs)

    NpuIsCpu().__enter__()  # left entered: the mapping lasts for the process
    _state["installed"] = True


def install_if_torch_loaded():
    """install() if the program has imported torch (pyasc's tests have when
    they select the NPU backend); a program without torch is left alone."""
    if "torch" in sys.modules:
        install()


def installed():
    return _state["installed"]
