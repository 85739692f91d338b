"""pyasc's basic API: data_copy, the vector ops the C API has, sync and
system values, range / static_range. Each records one op (or a few) at the
current Python line through the C call of include/casc/asc.h."""
from .. import _casc as C
from . import _builder
from .enums import HardEvent, PipeID, RoundMode
from .tensor import (BinaryRepeatParams, DataCopyParams, DataCopyPadParams, GlobalTensor, LocalTensor,
                     UnaryRepeatParams, is_tensor)
from .values import ConstExpr, RuntimeInt, sv


def _tensor(t, what, local_only=False):
    if isinstance(t, LocalTensor) or (not local_only and isinstance(t, GlobalTensor)):
        return t.h
    kind = "a LocalTensor" if local_only else "a LocalTensor or GlobalTensor"
    raise TypeError(f"{what} must be {kind}, got {type(t).__name__}")


def data_copy(dst, src, count=None, repeat_params=None, intri_params=None, enhanced_params=None):
    """data_copy(dst, src, count) or data_copy(dst, src, DataCopyParams)."""
    bld = _builder.require("data_copy")
    if enhanced_params is not None:
        raise TypeError("data_copy with DataCopyEnhancedParams is not supported by casc")
    params = repeat_params if repeat_params is not None else intri_params
    if isinstance(count, DataCopyParams):
        params, count = count, None
    if params is not None:
        n = params.h
    elif count is not None:
        n = sv(count, "count")
    else:
        raise TypeError("data_copy: expected a count or a DataCopyParams")
    C.data_copy(bld.file, bld.line, _tensor(dst, "dst"), _tensor(src, "src"), n)


def data_copy_pad(dst, src, data_copy_params, pad_params=None):
    bld = _builder.require("data_copy_pad")
    if not isinstance(data_copy_params, DataCopyParams):
        raise TypeError("data_copy_pad: expected a DataCopyParams")
    if pad_params is not None and not isinstance(pad_params, DataCopyPadParams):
        raise TypeError("data_copy_pad: pad_params must be a DataCopyPadParams")
    C.data_copy_pad(bld.file, bld.line, _tensor(dst, "dst"), _tensor(src, "src"), data_copy_params.h,
                    None if pad_params is None else pad_params.h)


def _bind(name, args, kwargs, names, required):
    """pyasc's OverloadDispatcher for one form: the arguments after the
    tensors bound to `names` positionally, then by keyword; None if they do
    not fit this form."""
    if len(args) > len(names):
        return None
    bound = dict(zip(names, args))
    for k, v in kwargs.items():
        if k not in names or k in bound:
            return None
        bound[k] = v
    if any(n not in bound for n in required):
        return None
    return bound


_REP = ("mask", "repeat_times", "repeat_params", "is_set_mask")


def _forms(name, args, kwargs, l2_names, params_cls):
    """The level-2 form (l2_names: count[, is_set_mask]) or the level-0/1
    form (mask, repeat_times, repeat_params[, is_set_mask]) of a call, as
    ("l2", bound) or ("rep", bound); TypeError naming both otherwise."""
    rep = _bind(name, args, kwargs, _REP, _REP[:3])
    if rep is not None and isinstance(rep["repeat_params"], params_cls):
        return "rep", rep
    l2 = _bind(name, args, kwargs, l2_names, ("count", ))
    if l2 is not None and not isinstance(l2["count"], (list, tuple)):
        return "l2", l2
    raise TypeError(f"{name}: expected ({', '.join(l2_names)}) or (mask, repeat_times, "
                    f"{params_cls.__name__}, is_set_mask=True), got {len(args)} positional argument(s) "
                    f"and {sorted(kwargs)}")


def _mask(m):
    """A level-0 count (number or runtime int) or a level-1 list of two
    uint64 words (Python ints)."""
    if isinstance(m, (list, tuple)):
        return [ConstExpr.unwrap(w) for w in m]
    return sv(m, "mask")


def _rep_args(bound):
    return (_mask(bound["mask"]), sv(bound["repeat_times"], "repeat_times"), bound["repeat_params"].h,
            bool(bound.get("is_set_mask", True)))


def _binary(name, ir):
    def op(dst, src0, src1, *args, **kwargs):
        bld = _builder.require(name)
        form, b = _forms(name, args, kwargs, ("count", "is_set_mask"), BinaryRepeatParams)
        d, s0, s1 = _tensor(dst, "dst", True), _tensor(src0, "src0", True), _tensor(src1, "src1", True)
        if form == "rep":
            C.vec_binary_rep(bld.file, bld.line, name, ir + "_l0", ir + "_l1", d, s0, s1, *_rep_args(b))
        else:  # pyasc's level-2 binary op ignores is_set_mask
            C.vec_binary(bld.file, bld.line, name, ir + "_l2", d, s0, s1, sv(b["count"], "count"))
    op.__name__ = op.__qualname__ = name
    op.__doc__ = (f"asc.{name}(dst, src0, src1, count) or (dst, src0, src1, mask, repeat_times, "
                  f"BinaryRepeatParams[, is_set_mask]): {ir}_l2 / _l0 / _l1")
    return op


def _binary_l2(name, ir):
    """A binary op with only the level-2 form (dst, src0, src1, count)."""
    def op(dst, src0, src1, count):
        bld = _builder.require(name)
        C.vec_binary(bld.file, bld.line, name, ir, _tensor(dst, "dst", True), _tensor(src0, "src0", True),
                     _tensor(src1, "src1", True), sv(count, "count"))
    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"asc.{name}(dst, src0, src1, count): {ir}"
    return op


def _scalar_op(name, ir):
    def op(dst, src, scalar, *args, **kwargs):
        bld = _builder.require(name)
        form, b = _forms(name, args, kwargs, ("count", "is_set_mask"), UnaryRepeatParams)
        d, s = _tensor(dst, "dst", True), _tensor(src, "src", True)
        if form == "rep":
            C.vec_scalar_rep(bld.file, bld.line, name, ir + "_l0", ir + "_l1", d, s, sv(scalar, "scalar"),
                             *_rep_args(b))
        else:
            C.vec_scalar(bld.file, bld.line, name, ir + "_l2", d, s, sv(scalar, "scalar"), sv(b["count"], "count"),
                         bool(b.get("is_set_mask", True)))
    op.__name__ = op.__qualname__ = name
    op.__doc__ = (f"asc.{name}(dst, src, scalar, count[, is_set_mask]) or (dst, src, scalar, mask, "
                  f"repeat_times, UnaryRepeatParams[, is_set_mask]): {ir}_l2 / _l0 / _l1")
    return op


def _unary(name, ir):
    def op(dst, src, *args, **kwargs):
        bld = _builder.require(name)
        form, b = _forms(name, args, kwargs, ("count", ), UnaryRepeatParams)
        d, s = _tensor(dst, "dst", True), _tensor(src, "src", True)
        if form == "rep":
            C.vec_unary_rep(bld.file, bld.line, name, ir + "_l0", ir + "_l1", d, s, *_rep_args(b))
        else:
            C.vec_unary(bld.file, bld.line, name, ir + "_l2", d, s, sv(b["count"], "count"))
    op.__name__ = op.__qualname__ = name
    op.__doc__ = (f"asc.{name}(dst, src, count) or (dst, src, mask, repeat_times, UnaryRepeatParams"
                  f"[, is_set_mask]): {ir}_l2 / _l0 / _l1")
    return op


def _unary_l2(name, ir):
    """A unary op with only the level-2 form (dst, src, count)."""
    def op(dst, src, count):
        bld = _builder.require(name)
        C.vec_unary(bld.file, bld.line, name, ir, _tensor(dst, "dst", True), _tensor(src, "src", True),
                    sv(count, "count"))
    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"asc.{name}(dst, src, count): {ir}"
    return op


add = _binary("add", "ascendc.add")
sub = _binary("sub", "ascendc.sub")
mul = _binary("mul", "ascendc.mul")
div = _binary("div", "ascendc.div")
max = _binary("max", "ascendc.max")  # noqa: A001 (pyasc's names)
min = _binary("min", "ascendc.min")  # noqa: A001
bitwise_and = _binary("bitwise_and", "ascendc.and")
bitwise_or = _binary("bitwise_or", "ascendc.or")
add_relu = _binary("add_relu", "ascendc.add_relu")
sub_relu = _binary("sub_relu", "ascendc.sub_relu")
fused_abs_sub = _binary_l2("fused_abs_sub", "ascendc.fused_abs_sub_l2")

adds = _scalar_op("adds", "ascendc.adds")
muls = _scalar_op("muls", "ascendc.muls")
maxs = _scalar_op("maxs", "ascendc.maxs")
mins = _scalar_op("mins", "ascendc.mins")
leaky_relu = _scalar_op("leaky_relu", "ascendc.leaky_relu")
shift_left = _scalar_op("shift_left", "ascendc.shift_left")
shift_right = _scalar_op("shift_right", "ascendc.shift_right")

exp = _unary("exp", "ascendc.exp")
ln = _unary("ln", "ascendc.ln")
abs = _unary("abs", "ascendc.abs")  # noqa: A001
reciprocal = _unary("reciprocal", "ascendc.reciprocal")
sqrt = _unary("sqrt", "ascendc.sqrt")
rsqrt = _unary("rsqrt", "ascendc.rsqrt")
relu = _unary("relu", "ascendc.relu")
bitwise_not = _unary("bitwise_not", "ascendc.not")
neg = _unary_l2("neg", "ascendc.neg_l2")


def duplicate(dst, scalar, count, *args, **kwargs):
    bld = _builder.require("duplicate")
    if args or kwargs:
        raise TypeError("duplicate: only the form (dst, scalar, count) is supported by casc")
    C.duplicate(bld.file, bld.line, _tensor(dst, "dst", True), sv(scalar, "scalar"), sv(count, "count"))


def cast(dst, src, round_mode, count, *args, **kwargs):
    bld = _builder.require("cast")
    if args or kwargs:
        raise TypeError("cast: only the form (dst, src, round_mode, count) is supported by casc")
    C.cast(bld.file, bld.line, _tensor(dst, "dst", True), _tensor(src, "src", True), int(RoundMode(round_mode)),
           sv(count, "count"))


def _reduce(name):
    def op(dst, src, shared_tmp_buffer, count, cal_index=False):
        bld = _builder.require(name)
        C.reduce(bld.file, bld.line, name, f"ascendc.{name}_l2", _tensor(dst, "dst", True),
                 _tensor(src, "src", True), _tensor(shared_tmp_buffer, "shared_tmp_buffer", True),
                 sv(count, "count"), int(bool(cal_index)))
    op.__name__ = op.__qualname__ = name
    return op


reduce_sum = _reduce("reduce_sum")
reduce_max = _reduce("reduce_max")
reduce_min = _reduce("reduce_min")


def set_flag(event, event_id=0):
    bld = _builder.require("set_flag")
    C.set_flag(bld.file, bld.line, int(HardEvent(event)), sv(event_id, "event_id"))


def wait_flag(event, event_id=0):
    bld = _builder.require("wait_flag")
    C.wait_flag(bld.file, bld.line, int(HardEvent(event)), sv(event_id, "event_id"))


def pipe_barrier(pipe):
    bld = _builder.require("pipe_barrier")
    C.pipe_barrier(bld.file, bld.line, int(PipeID(pipe)))


def get_block_idx():
    bld = _builder.require("get_block_idx")
    return RuntimeInt(C.get_block_idx(bld.file, bld.line))


def get_block_num():
    bld = _builder.require("get_block_num")
    return RuntimeInt(C.get_block_num(bld.file, bld.line))


class range:  # noqa: N801,A001 (pyasc's name)
    """`for i in asc.range(...)` (or the builtin range) in a kernel: an
    scf.for whose bounds may be runtime values; the body is recorded once."""

    __slots__ = ("start", "stop", "step")

    def __init__(self, *args):
        if not 1 <= len(args) <= 3:
            raise ValueError(f"range expects from 1 to 3 arguments, got {len(args)}")
        self.start, self.step = 0, 1
        if len(args) == 1:
            self.stop = args[0]
        else:
            self.start, self.stop = args[0], args[1]
        if len(args) == 3:
            self.step = args[2]

    def __iter__(self):
        raise TypeError("asc.range can only be the iterable of a `for` in an @asc.jit function")


class static_range(range):  # noqa: N801
    """`for i in asc.static_range(...)`: unrolled at compile time (bounds
    must be Python ints)."""

    __slots__ = ()


def ceildiv(x, y):
    return (x + y - 1) // y


def static_assert(test, message=None):
    test = ConstExpr.unwrap(test)
    if not isinstance(test, bool):
        raise TypeError(f"Assertion condition could not be determined, expected bool, got {test.__class__.__name__}")
    if not test:
        if message is not None:
            raise AssertionError(message)
        raise ValueError("miss message")


def dump_tensor(tensor, desc, dump_size, shape_info=None):
    """asc.dump_tensor(tensor, desc, dump_size): DumpTensor of a LocalTensor
    or GlobalTensor; the simulator prints it (a header with desc, then
    dump_size elements)."""
    bld = _builder.require("dump_tensor")
    if shape_info is not None:
        raise TypeError("dump_tensor with a ShapeInfo is not supported by casc")
    C.dump_tensor(bld.file, bld.line, _tensor(tensor, "tensor"), sv(desc, "desc"), sv(dump_size, "dump_size"))


def printf(desc, *params):
    """asc.printf(format, values...): as pyasc, a str value is spliced into
    the format at its %s; the other values are printed at run time."""
    bld = _builder.require("printf")
    if not isinstance(desc, str):
        raise TypeError("printf: the format must be a str")
    pieces = desc.split("%s")
    fmt, values, used = "", [], 0
    for p in params:
        if isinstance(p, str):
            if used + 1 >= len(pieces):
                raise TypeError("printf: more str values than %s in the format")
            fmt += pieces[used] + p
            used += 1
        else:
            values.append(sv(p, "value"))
    fmt += "%s".join(pieces[used:])
    C.printf(bld.file, bld.line, fmt, *values)


__all__ = ["dump_tensor", "printf", "data_copy", "data_copy_pad", "add", "sub", "mul", "div", "max", "min", "bitwise_and", "bitwise_or",
           "add_relu", "sub_relu", "fused_abs_sub", "adds", "muls", "maxs", "mins", "leaky_relu", "shift_left",
           "shift_right", "exp", "ln", "abs", "reciprocal", "sqrt", "rsqrt", "relu", "bitwise_not", "neg",
           "duplicate", "cast", "reduce_sum", "reduce_max", "reduce_min", "set_flag", "wait_flag",
           "pipe_barrier", "get_block_idx", "get_block_num", "range", "static_range", "ceildiv",
           "static_assert", "is_tensor"]
