"""A stand-in for torch_npu on casc's compatibility path: pyasc's tutorials
`import torch_npu` (when present) to get the "npu" device; on casc that
device is the CPU (asc.lib.runtime.npu_device), since kernels run on casc's
CPU simulator. Importing this module installs that mapping."""
from asc.lib.runtime import npu_device

npu_device.install()
