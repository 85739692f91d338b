"""asc.adv: pyasc's advanced APIs that casc runs (softmax, rmsnorm, quant),
the SoftmaxTiling and RmsNormTiling structs, and the host-side queries of their temporary-buffer
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


_RMSNORM_FIELDS = ("b_length", "s_length", "h_length", "original_h_length", "reciprocal_of_h_length",
                   "main_bsh_length", "main_bs_length", "main_bs_length_align", "loop_round", "input_tail_pos",
                   "tail_bsh_length", "tail_bs_length")


class RmsNormTiling:
    """asc.adv.RmsNormTiling(b_length=..., ...): pyasc's fields, Python
    numbers (reciprocal_of_h_length a float)."""
    __slots__ = ("h", "fields")

    def __init__(self, **fields):
        unknown = set(fields) - set(_RMSNORM_FIELDS)
        if unknown:
            raise RuntimeError(f"RmsNormTiling does not have a field '{sorted(unknown)[0]}'")
        self.fields = {f: (float if f == "reciprocal_of_h_length" else int)(fields.get(f, 0))
                       for f in _RMSNORM_FIELDS}
        bld = _builder.require("RmsNormTiling")
        self.h = C.rmsnormtiling(bld.file, bld.line, *(self.fields[f] for f in _RMSNORM_FIELDS))


def rmsnorm(dst, src, gamma, epsilon, tiling, temp_buffer=None, basic_block=False):
    """asc.adv.rmsnorm: per row of H, y = x / sqrt(mean(x^2) + epsilon) *
    gamma."""
    bld = _builder.require("adv.rmsnorm")
    _hints("rmsnorm", basic_block=basic_block)
    if not isinstance(tiling, RmsNormTiling):
        raise TypeError("rmsnorm: tiling must be an asc.adv.RmsNormTiling")
    C.rmsnorm(bld.file, bld.line, _tensor(dst, "dst", True), _tensor(src, "src", True),
              _tensor(gamma, "gamma", True), sv(epsilon, "epsilon"), tiling.h,
              None if temp_buffer is None else _tensor(temp_buffer, "temp_buffer", True))


def get_rms_norm_max_min_tmp_size(b, s, h, type_size):
    """GetRmsNormMaxMinTmpSize for [b, s, h]: (max, min) bytes."""
    return C.rmsnorm_tmp_size(b, s, h, type_size)


def get_rms_norm_tiling_info(b, s, h, original_h, stack_buffer_size, type_size):
    """GetRmsNormTilingInfo: the RmsNormTiling fields as a dict."""
    return dict(zip(_RMSNORM_FIELDS, C.rmsnorm_tiling_info(b, s, h, original_h, stack_buffer_size, type_size)))


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


__all__ = ["SoftmaxTiling", "RmsNormTiling", "softmax", "rmsnorm", "quant", "get_rms_norm_max_min_tmp_size",
           "get_rms_norm_tiling_info", "get_softmax_max_tmp_size", "get_softmax_min_tmp_size",
           "softmax_tiling_func", "get_ascend_quant_max_min_tmp_size"]
