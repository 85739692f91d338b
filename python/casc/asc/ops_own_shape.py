"""pyasc's vector ops with an operand shape of their own (asc.language.basic):
axpy, transpose, bilinear_interpolation. Each records its op at the current
Python line through the C call of include/casc/asc.h (asc_axpy,
asc_transpose, asc_bilinear_interpolation)."""
from .. import _casc as C
from . import _builder
from .tensor import LocalTensor
from .values import sv


def _local(t, what):
    if isinstance(t, LocalTensor):
        return t.h
    raise TypeError(f"{what} must be a LocalTensor, got {type(t).__name__}")


def axpy(dst, src, scalar, count=None, *args, **kwargs):
    """axpy(dst, src, scalar, count): dst += scalar * src (level 2)."""
    bld = _builder.require("axpy")
    if count is None or args or kwargs:
        raise TypeError("axpy: only the form (dst, src, scalar, count) is supported by casc")
    C.axpy(bld.file, bld.line, _local(dst, "dst"), _local(src, "src"), sv(scalar, "scalar"), sv(count, "count"))


def transpose(dst, src, *args, **kwargs):
    """transpose(dst, src): one 16x16 matrix of 16-bit elements."""
    bld = _builder.require("transpose")
    if args or kwargs:
        raise TypeError("transpose: the form with a shared tmp buffer and TransposeParamsExt is not in "
                        "casc's C API yet; only transpose(dst, src) is supported")
    C.transpose(bld.file, bld.line, _local(dst, "dst"), _local(src, "src"))


def bilinear_interpolation(dst, src0, src0_offset, src1, mask, h_repeat, repeat_mode, dst_blk_stride, v_r_offset,
                           v_repeat, shared_tmp_buffer):
    """bilinear_interpolation(...): mask an element count (level 0) or a list
    of one or two uint64 bit masks (level 1), as pyasc."""
    bld = _builder.require("bilinear_interpolation")
    bits = isinstance(mask, (list, tuple))
    masks = tuple(sv(m, "mask") for m in mask) if bits else (sv(mask, "mask"), )
    C.bilinear_interpolation(bld.file, bld.line, _local(dst, "dst"), _local(src0, "src0"),
                             _local(src0_offset, "src0_offset"), _local(src1, "src1"), masks, int(bits),
                             sv(h_repeat, "h_repeat"), sv(repeat_mode, "repeat_mode"),
                             sv(dst_blk_stride, "dst_blk_stride"), sv(v_r_offset, "v_r_offset"),
                             sv(v_repeat, "v_repeat"), _local(shared_tmp_buffer, "shared_tmp_buffer"))


__all__ = ["axpy", "transpose", "bilinear_interpolation"]
