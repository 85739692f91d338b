"""asc.adv: pyasc's advanced APIs that casc runs (softmax, quant), the
SoftmaxTiling struct, and the host-side queries of their temporary-buffer
sizes and tiling (the Ascend C library's formulas; docs/simulator.md)."""
from .. import _casc as C
from . import _builder
from .ops import _tensor
from .values import sv

_TILING_FIELDS = ("src_m", "src_k", "src_size", "out_max_m", "out_max_k", "out_max_size", "split_m", "split_k",
                  "split_size", "reduce_m", "reduce_k", "reduce_size", "range_m", "tail_m", "tail_split_size",
                  "tail_reduce_size")


class SoftmaxTiling:
    """asc.adv.SoftmaxTiling(src_m=..., src_k=..., ...): pyasc's fields,
    each a Python int (0 by default). casc's simulator reads src_m and
    src_k for the shape."""
    __slots__ = ("h", "fields")

    def __init__(self, **fields):
        unknown = set(fields) - set(_TILING_FIELDS)
        if unknown:
            raise RuntimeError(f"SoftmaxTiling does not have a field '{sorted(unknown)[0]}'")
        self.fields = {f: int(fields.get(f, 0)) for f in _TILING_FIELDS}
        bld = _builder.require("SoftmaxTiling")
        self.h = C.softmaxtiling(bld.file, bld.line, *(self.fields[f] for f in _TILING_FIELDS))


def _hints(name, **flags):
    for flag, value in flags.items():
        if value:
            raise TypeError(f"{name}: {flag}=True is not supported by casc")


def softmax(dst, sum, max, src, tiling, temp_buffer=None, reuse_source=False, basic_block=False,  # noqa: A002
            data_format_nz=False):
    """asc.adv.softmax: per row of src [tiling.src_m, tiling.src_k], max,
    sum of exp(x - max) (each repeated over 32 bytes) and dst = exp(x -
    max) / sum."""
    bld = _builder.require("adv.softmax")
    _hints("softmax", reuse_source=reuse_source, basic_block=basic_block, data_format_nz=data_format_nz)
    if not isinstance(tiling, SoftmaxTiling):
        raise TypeError("softmax: tiling must be an asc.adv.SoftmaxTiling")
    C.softmax(bld.file, bld.line, 0, _tensor(dst, "dst", True), _tensor(sum, "sum", True),
              _tensor(max, "max", True), _tensor(src, "src", True), tiling.h,
              None if temp_buffer is None else _tensor(temp_buffer, "temp_buffer", True))


def quant(dst, src, scale, offset, count=None, temp_buffer=None, reuse_source=False, config=None):
    """asc.adv.quant: AscendQuant per tensor, dst (int8) = round(src *
    scale + offset) computed in half."""
    bld = _builder.require("adv.quant")
    _hints("quant", reuse_source=reuse_source)
    if count is None:
        raise TypeError("quant: casc needs the count")
    if config is not None:
        raise TypeError("quant: a QuantConfig is not supported by casc")
    C.quant(bld.file, bld.line, _tensor(dst, "dst", True), _tensor(src, "src", True), sv(scale, "scale"),
            sv(offset, "offset"), sv(count, "count"),
            None if temp_buffer is None else _tensor(temp_buffer, "temp_buffer", True))


def get_softmax_max_tmp_size(src_m, src_k, type_size):
    """GetSoftMaxMaxTmpSize for [src_m, src_k] of type_size bytes."""
    return C.softmax_tmp_size(src_m, src_k, type_size, True)


def get_softmax_min_tmp_size(src_m, src_k, type_size):
    """GetSoftMaxMinTmpSize."""
    return C.softmax_tmp_size(src_m, src_k, type_size, False)


def softmax_tiling_func(src_m, src_k, type_size, local_workspace_size):
    """SoftMaxTilingFunc: the SoftmaxTiling fields as a dict."""
    return dict(zip(_TILING_FIELDS, C.softmax_tiling_func(src_m, src_k, type_size, local_workspace_size)))


def get_ascend_quant_max_min_tmp_size(count):
    """GetAscendQuantMaxMinTmpSize: (max, min) bytes."""
    return C.quant_tmp_size(count)


__all__ = ["SoftmaxTiling", "softmax", "quant", "get_softmax_max_tmp_size", "get_softmax_min_tmp_size",
           "softmax_tiling_func", "get_ascend_quant_max_min_tmp_size"]
