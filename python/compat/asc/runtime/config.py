"""asc.runtime.config: pyasc's backend and platform selection. Every
backend runs kernels on casc's CPU simulator; the platform is recorded
(get_soc_version) and does not change the simulation."""
from enum import Enum

from asc.lib import runtime as rt


class Backend(Enum):
    Model = "Model"
    NPU = "NPU"


class Platform(Enum):
    Ascend910B1 = "Ascend910B1"
    Ascend910B2 = "Ascend910B2"
    Ascend910B2C = "Ascend910B2C"
    Ascend910B3 = "Ascend910B3"
    Ascend910B4 = "Ascend910B4"
    Ascend910B4_1 = "Ascend910B4-1"
    Ascend910_9362 = "Ascend910_9362"
    Ascend910_9372 = "Ascend910_9372"
    Ascend910_9381 = "Ascend910_9381"
    Ascend910_9382 = "Ascend910_9382"
    Ascend910_9391 = "Ascend910_9391"
    Ascend910_9392 = "Ascend910_9392"


class KernelType(Enum):
    AIV_ONLY = 0
    AIC_ONLY = 1
    MIX_AIV_HARD_SYNC = 2
    MIX_AIC_HARD_SYNC = 3
    MIX_AIV_1_0 = 4
    MIX_AIC_1_0 = 5
    MIX_AIC_1_1 = 6
    MIX_AIC_1_2 = 7


def set_platform(backend, soc_version=None, device_id=None, check=True):
    """Select pyasc's backend: Model and NPU both map to casc's simulator."""
    backend = Backend(backend)
    if soc_version is None:
        soc_version = Platform.Ascend910B1
    soc_version = Platform(soc_version)
    if backend == Backend.Model:
        rt.use_model()
    else:
        rt.use_npu()
    rt.set_soc_version(soc_version)
    if device_id is not None:
        rt.set_device(device_id)
