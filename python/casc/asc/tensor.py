"""pyasc's tensors: GlobalTensor, LocalTensor, LocalTensorAuto, and the
DataCopy parameter structs."""
from .. import _casc as C
from . import _builder
from .dtype import DataType
from .enums import TPosition
from .values import (ConstExpr, GlobalAddress, PlainValue, RuntimeBool, RuntimeFloat, RuntimeInt, sv)


def _index(slices, cls):
    """The element offset of t[i] / t[i:] (pyasc accepts nothing else)."""
    if isinstance(slices, slice):
        if slices.step is not None or slices.stop is not None:
            raise RuntimeError(f"Slice operation with provided stop and step is not supported for {cls}")
        return sv(slices.start, "slice start")
    if isinstance(slices, (int, RuntimeInt, ConstExpr)) and not isinstance(slices, bool):
        return sv(slices, "index")
    raise RuntimeError(f"Tensor subscript operation is not supported with {slices}")


def _require_dtype(dtype, api):
    if not isinstance(dtype, DataType) or not dtype.asc:
        raise TypeError(f"{api}: expected a data type such as asc.float32, got {dtype!r}")
    return dtype


def _scalar(h, dtype):
    return RuntimeFloat(h) if dtype.is_float() else RuntimeInt(h)


class GlobalTensor:
    """A view of global memory; set_global_buffer binds it to an address."""

    __slots__ = ("h", "dtype")

    def __init__(self, handle=None, dtype=None):
        if handle is None:
            bld = _builder.require("GlobalTensor.__init__")
            handle = C.globaltensor(bld.file, bld.line)
        self.h = handle
        self.dtype = dtype

    def set_global_buffer(self, buffer=None, buffer_size=None):
        bld = _builder.require("GlobalTensor.set_global_buffer")
        if not isinstance(buffer, GlobalAddress):
            raise TypeError(f"set_global_buffer: buffer must be a GlobalAddress, got {type(buffer).__name__}")
        if buffer_size is None:
            C.gt_set_global_buffer(bld.file, bld.line, self.h, buffer.h)
        else:
            C.gt_set_global_buffer_size(bld.file, bld.line, self.h, buffer.h, sv(buffer_size, "buffer_size"))
        self.dtype = buffer.dtype

    def __getitem__(self, slices):
        bld = _builder.require("GlobalTensor.__getitem__")
        return GlobalTensor(C.gt_subindex(bld.file, bld.line, self.h, _index(slices, "GlobalTensor")), self.dtype)

    def __call__(self, index):
        bld = _builder.require("GlobalTensor.__call__")
        return GlobalTensor(C.gt_bracket(bld.file, bld.line, self.h, sv(index, "index")), self.dtype)

    def get_value(self, offset):
        bld = _builder.require("GlobalTensor.get_value")
        if self.dtype is None:
            raise RuntimeError("GlobalTensor.get_value: call set_global_buffer first")
        fn = C.gt_get_value_float if self.dtype.is_float() else C.gt_get_value_int
        return _scalar(fn(bld.file, bld.line, self.h, sv(offset, "offset")), self.dtype)

    def set_value(self, offset, value):
        bld = _builder.require("GlobalTensor.set_value")
        C.gt_set_value(bld.file, bld.line, self.h, sv(offset, "offset"), sv(value))

    def get_size(self):
        bld = _builder.require("GlobalTensor.get_size")
        return RuntimeInt(C.gt_get_size(bld.file, bld.line, self.h))

    def get_phy_addr(self, offset=0):
        bld = _builder.require("GlobalTensor.get_phy_addr")
        return GlobalAddress(C.gt_get_phy_addr(bld.file, bld.line, self.h, sv(offset, "offset")), self.dtype)


class LocalTensor:
    """A tensor in on-chip memory (from a queue, a TBuf, or placed by hand:
    LocalTensor(dtype, pos, addr, tile_size))."""

    __slots__ = ("h", "dtype")

    def __init__(self, dtype=None, pos=TPosition.VECIN, addr=None, tile_size=0, handle=None):
        if handle is not None:
            self.h, self.dtype = handle, dtype
            return
        bld = _builder.require("LocalTensor.__init__")
        _require_dtype(dtype, "LocalTensor")
        if addr is None:
            self.h = C.localtensor(bld.file, bld.line, dtype.asc)
        else:
            self.h = C.localtensor_pos(bld.file, bld.line, dtype.asc, int(pos), sv(addr, "addr"),
                                       sv(tile_size, "tile_size"))
        self.dtype = dtype

    def __getitem__(self, slices):
        bld = _builder.require("LocalTensor.__getitem__")
        return LocalTensor(self.dtype,
                           handle=C.lt_subindex(bld.file, bld.line, self.h, _index(slices, "LocalTensor")))

    def __call__(self, index):
        bld = _builder.require("LocalTensor.__call__")
        return LocalTensor(self.dtype, handle=C.lt_bracket(bld.file, bld.line, self.h, sv(index, "index")))

    def get_value(self, index):
        bld = _builder.require("LocalTensor.get_value")
        fn = C.lt_get_value_float if self.dtype.is_float() else C.lt_get_value_int
        return _scalar(fn(bld.file, bld.line, self.h, sv(index, "index")), self.dtype)

    def set_value(self, index, value):
        bld = _builder.require("LocalTensor.set_value")
        C.lt_set_value(bld.file, bld.line, self.h, sv(index, "index"), sv(value))

    def get_size(self):
        bld = _builder.require("LocalTensor.get_size")
        return RuntimeInt(C.lt_get_size(bld.file, bld.line, self.h))

    def get_length(self):
        bld = _builder.require("LocalTensor.get_length")
        return RuntimeInt(C.lt_get_length(bld.file, bld.line, self.h))

    def get_phy_addr(self, offset=0):
        bld = _builder.require("LocalTensor.get_phy_addr")
        return RuntimeInt(C.lt_get_phy_addr(bld.file, bld.line, self.h, sv(offset, "offset")))

    def reinterpret_cast(self, dtype):
        bld = _builder.require("LocalTensor.reinterpret_cast")
        _require_dtype(dtype, "reinterpret_cast")
        return LocalTensor(dtype, handle=C.lt_reinterpret_cast(bld.file, bld.line, self.h, dtype.asc))


def LocalTensorAuto(dtype, shape):  # noqa: N802 (pyasc's class name)
    """A tensor whose buffer the compiler allocates
    (-ascendc-materialize-tensor); shape: 1 to 4 dims."""
    bld = _builder.require("LocalTensorAuto.__init__")
    _require_dtype(dtype, "LocalTensorAuto")
    dims = shape if isinstance(shape, (list, tuple)) else [shape]
    return LocalTensor(dtype, handle=C.localtensorauto(bld.file, bld.line, dtype.asc,
                                                       *[sv(d, "dim") for d in dims]))


class DataCopyParams:
    __slots__ = ("h", )

    def __init__(self, block_count=1, block_len=0, src_stride=0, dst_stride=0):
        bld = _builder.require("DataCopyParams.__init__")
        self.h = C.datacopyparams(bld.file, bld.line, sv(block_count), sv(block_len), sv(src_stride),
                                  sv(dst_stride))


class DataCopyPadParams:
    __slots__ = ("h", )

    def __init__(self, is_pad=False, left_padding=0, right_padding=0, padding_value=0):
        bld = _builder.require("DataCopyPadParams.__init__")
        pad = is_pad.h if isinstance(is_pad, RuntimeBool) else int(bool(is_pad))
        self.h = C.datacopypadparams(bld.file, bld.line, pad, sv(left_padding), sv(right_padding),
                                     sv(padding_value))


class BinaryRepeatParams:
    """The strides (in 32-byte blocks) of a level-0/1 binary vector op."""
    __slots__ = ("h", )

    def __init__(self, dst_blk_stride=1, src0_blk_stride=1, src1_blk_stride=1, dst_rep_stride=8,
                 src0_rep_stride=8, src1_rep_stride=8):
        bld = _builder.require("BinaryRepeatParams.__init__")
        self.h = C.binaryrepeatparams(bld.file, bld.line, sv(dst_blk_stride), sv(src0_blk_stride),
                                      sv(src1_blk_stride), sv(dst_rep_stride), sv(src0_rep_stride),
                                      sv(src1_rep_stride))


class UnaryRepeatParams:
    """The strides (in 32-byte blocks) of a level-0/1 unary or vector-scalar op."""
    __slots__ = ("h", )

    def __init__(self, dst_blk_stride=1, src_blk_stride=1, dst_rep_stride=8, src_rep_stride=8):
        bld = _builder.require("UnaryRepeatParams.__init__")
        self.h = C.unaryrepeatparams(bld.file, bld.line, sv(dst_blk_stride), sv(src_blk_stride),
                                     sv(dst_rep_stride), sv(src_rep_stride))


def is_tensor(v):
    return isinstance(v, (LocalTensor, GlobalTensor))


__all__ = ["GlobalTensor", "LocalTensor", "LocalTensorAuto", "DataCopyParams", "DataCopyPadParams",
           "BinaryRepeatParams", "UnaryRepeatParams", "PlainValue"]
