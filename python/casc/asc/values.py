"""Values of a kernel being built: pyasc's ConstExpr, the runtime scalars
(PlainValue: RuntimeInt, RuntimeFloat, RuntimeBool) and GlobalAddress.

A runtime value names an IR value; arithmetic on it records arith ops at
the current Python line (pyasc's PlainValue operators). Arithmetic on plain
Python numbers stays in Python: it is folded, as pyasc folds constants."""
from enum import IntEnum

from .. import _casc as C
from . import _builder
from .dtype import DataType


class ConstExpr:
    """A compile-time value. As an annotation (`n: asc.ConstExpr[int]`) it
    makes the kernel parameter a specialisation constant: each value gets
    its own compiled kernel."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value.value if isinstance(value, ConstExpr) else value

    def __class_getitem__(cls, item):
        return _ConstExprHint(item)

    @staticmethod
    def unwrap(v):
        return v.value if isinstance(v, ConstExpr) else v

    def __repr__(self):
        return f"ConstExpr({self.value!r})"


class _ConstExprHint:
    """What `asc.ConstExpr[T]` evaluates to."""

    __slots__ = ("type",)

    def __init__(self, t):
        self.type = t

    def __repr__(self):
        return f"ConstExpr[{getattr(self.type, '__name__', self.type)}]"


def is_constexpr_hint(h):
    return h is ConstExpr or isinstance(h, _ConstExprHint)


def sv(v, what="value"):
    """The scalar form the C calls take: a Python number or a Handle."""
    if isinstance(v, PlainValue):
        return v.h
    if isinstance(v, ConstExpr):
        v = v.value
    if isinstance(v, IntEnum):
        return int(v)
    if isinstance(v, (int, float)):
        return v
    raise TypeError(f"{what} must be a number or a runtime scalar, got {type(v).__name__}")


def _is_float(v):
    return isinstance(v, (float, RuntimeFloat))


def _binop(a, b, iop, fop, api):
    bld = _builder.require(api)
    x, y = sv(a, "operand"), sv(b, "operand")
    if _is_float(a) or _is_float(b):
        if fop is None:
            raise TypeError(f"'{api}' is not defined for floating-point values")
        return RuntimeFloat(fop(bld.file, bld.line, x, y))
    return RuntimeInt(iop(bld.file, bld.line, x, y))


_EQ, _NE, _LT, _LE, _GT, _GE = range(6)


def _cmp(pred, a, b):
    bld = _builder.require("PlainValue.compare")
    return RuntimeBool(C.cmp(bld.file, bld.line, pred, sv(a, "operand"), sv(b, "operand")))


class PlainValue:
    """A runtime scalar of the kernel (an IR value)."""

    __slots__ = ("h", )

    def __init__(self, h):
        self.h = h

    def __add__(self, o):
        return _binop(self, o, C.iadd, C.fadd, "PlainValue.__add__")

    def __radd__(self, o):
        return _binop(o, self, C.iadd, C.fadd, "PlainValue.__add__")

    def __sub__(self, o):
        return _binop(self, o, C.isub, C.fsub, "PlainValue.__sub__")

    def __rsub__(self, o):
        return _binop(o, self, C.isub, C.fsub, "PlainValue.__sub__")

    def __mul__(self, o):
        return _binop(self, o, C.imul, C.fmul, "PlainValue.__mul__")

    def __rmul__(self, o):
        return _binop(o, self, C.imul, C.fmul, "PlainValue.__mul__")

    # pyasc records DivSI / DivF for both / and //.
    def __truediv__(self, o):
        return _binop(self, o, C.idiv, C.fdiv, "PlainValue.__truediv__")

    def __rtruediv__(self, o):
        return _binop(o, self, C.idiv, C.fdiv, "PlainValue.__truediv__")

    def __floordiv__(self, o):
        return _binop(self, o, C.idiv, C.fdiv, "PlainValue.__floordiv__")

    def __rfloordiv__(self, o):
        return _binop(o, self, C.idiv, C.fdiv, "PlainValue.__floordiv__")

    def __mod__(self, o):
        return _binop(self, o, C.irem, None, "PlainValue.__mod__")

    def __rmod__(self, o):
        return _binop(o, self, C.irem, None, "PlainValue.__mod__")

    def __neg__(self):
        return _binop(0.0 if _is_float(self) else 0, self, C.isub, C.fsub, "PlainValue.__neg__")

    def __pos__(self):
        return self

    def __eq__(self, o):
        return _cmp(_EQ, self, o)

    def __ne__(self, o):
        return _cmp(_NE, self, o)

    def __lt__(self, o):
        return _cmp(_LT, self, o)

    def __le__(self, o):
        return _cmp(_LE, self, o)

    def __gt__(self, o):
        return _cmp(_GT, self, o)

    def __ge__(self, o):
        return _cmp(_GE, self, o)

    __hash__ = object.__hash__

    def __bool__(self):
        raise TypeError("a runtime value has no Python truth value: it is known only when the kernel runs "
                        "(use it in an `if` of the kernel, which becomes scf.if)")

    def __index__(self):
        raise TypeError("a runtime value cannot be used where Python needs a constant")

    def cast(self, dtype):
        """PlainValue.cast(dtype): a conversion op."""
        bld = _builder.require("PlainValue.cast")
        if not isinstance(dtype, DataType):
            raise TypeError(f"cast() takes a DataType, got {type(dtype).__name__}")
        if dtype.is_float():
            return RuntimeFloat(C.to_float(bld.file, bld.line, self.h, dtype.asc))
        return RuntimeInt(C.to_int(bld.file, bld.line, self.h, dtype.asc))


class RuntimeInt(PlainValue):
    __slots__ = ()


class RuntimeFloat(PlainValue):
    __slots__ = ()


class RuntimeBool(PlainValue):
    __slots__ = ()


class GlobalAddress:
    """A kernel argument in global memory (C++ `__gm__ T*`); `x + offset`
    is the address `offset` elements further."""

    __slots__ = ("h", "dtype")

    def __init__(self, h, dtype):
        self.h = h
        self.dtype = dtype

    def __add__(self, offset):
        bld = _builder.require("GlobalAddress.__add__")
        return GlobalAddress(C.gm_addr_add(bld.file, bld.line, self.h, sv(offset, "offset")), self.dtype)

    __radd__ = __add__

    def __repr__(self):
        return f"GlobalAddress({self.dtype!r})"
