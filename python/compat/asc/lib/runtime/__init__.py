"""asc.lib.runtime: pyasc's device runtime names. casc has one device, its
CPU simulator, and launches are synchronous: streams exist only to be
passed to kernel[blocks, stream](...)."""
import enum

_state = {"backend": "Model", "soc": None, "device": 0}


class Stream:
    """A stream handle (launches on casc are synchronous)."""

    def __init__(self, device=0):
        self.device = device

    def synchronize(self):
        pass


_default_stream = Stream()


class CoreType(enum.Enum):
    AiCore = 0
    VecCore = 1
    CubeCore = 2


def use_model():
    _state["backend"] = "Model"


def use_npu():
    """The NPU backend: kernels still run on casc's simulator, and torch's
    "npu" device is mapped to the CPU (npu_device) if torch is loaded."""
    _state["backend"] = "NPU"
    from . import npu_device
    npu_device.install_if_torch_loaded()


def is_model():
    return _state["backend"] == "Model"


def is_available():
    return True


def is_initialized():
    return True


def set_soc_version(soc):
    _state["soc"] = soc


def get_soc_version():
    return _state["soc"]


def current_platform():
    soc = _state["soc"]
    return getattr(soc, "value", soc) or "Ascend910B1"


def set_device(device_id):
    _state["device"] = device_id


def current_device():
    return _state["device"]


def default_device():
    return 0


def device_count():
    return 1


def reset_device(device_id=None):
    pass


def current_stream():
    return _default_stream


def create_stream():
    return Stream(_state["device"])


def destroy_stream(stream):
    pass


def synchronize(stream=None):
    pass


def synchronize_device():
    pass
