"""casc.asc: pyasc's `asc` kernel language (asc.language's API, @asc.jit,
kernel[blocks](...)) on casc: kernels are compiled through libcasc and run
on casc's CPU simulator.

    import casc.asc as asc

    @asc.jit
    def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int): ...

    vadd[8](x, y, z, n)                 # NumPy arrays: z is written in place
    print(asc.last_launch().report())   # timing; .ir, .ir_opt, .ascendc
"""
from . import adv
from ._codegen import JitError
from ._jit import CascWarning, CompileError, JITFunction, KernelError, jit, last_launch
from .dtype import (DataType, bfloat16, bit, bool_, double, float16, float32, float64, float_, half, int1, int8,
                    int16, int32, int64, int_, uint8, uint16, uint32, uint64, void)
from .enums import HardEvent, PipeID, RoundMode, TPosition
from .fwk import TBuf, TPipe, TQue, TQueBind
from .ops import (abs, add, add_relu, adds, bitwise_and, bitwise_not, bitwise_or, cast, ceildiv, data_copy,
                  data_copy_pad, div, dump_tensor, duplicate, exp, fused_abs_sub, get_block_idx, get_block_num, leaky_relu, ln,
                  max, maxs, min, mins, mul, muls, neg, pipe_barrier, range, printf, reciprocal, reduce_max, reduce_min,
                  reduce_sum, relu, rsqrt, set_flag, shift_left, shift_right, sqrt, static_assert, static_range,
                  sub, sub_relu, wait_flag)
from .ops_own_shape import axpy, bilinear_interpolation, transpose
from .tensor import (BinaryRepeatParams, DataCopyPadParams, DataCopyParams, GlobalTensor, LocalTensor,
                     LocalTensorAuto, UnaryRepeatParams)
from .values import ConstExpr, GlobalAddress, PlainValue, RuntimeBool, RuntimeFloat, RuntimeInt

__all__ = [
    "adv", "jit", "JITFunction", "JitError", "CompileError", "KernelError", "CascWarning", "last_launch",
    "DataType", "bfloat16", "bit", "bool_", "double", "float16", "float32", "float64", "float_", "half", "int1",
    "int8", "int16", "int32", "int64", "int_", "uint8", "uint16", "uint32", "uint64", "void",
    "HardEvent", "PipeID", "RoundMode", "TPosition",
    "TBuf", "TPipe", "TQue", "TQueBind",
    "abs", "add", "add_relu", "adds", "bitwise_and", "bitwise_not", "bitwise_or", "cast", "ceildiv", "data_copy",
    "data_copy_pad", "div", "dump_tensor", "duplicate", "exp", "fused_abs_sub", "get_block_idx", "get_block_num",
    "leaky_relu", "ln", "max", "maxs", "min", "mins", "mul", "muls", "neg", "pipe_barrier", "range",
    "printf", "reciprocal", "reduce_max", "reduce_min", "reduce_sum", "relu", "rsqrt", "set_flag", "shift_left",
    "shift_right", "sqrt", "static_assert", "static_range", "sub", "sub_relu", "wait_flag",
    "axpy", "bilinear_interpolation", "transpose",
    "DataCopyPadParams", "DataCopyParams", "GlobalTensor", "LocalTensor", "LocalTensorAuto",
    "BinaryRepeatParams", "UnaryRepeatParams",
    "ConstExpr", "GlobalAddress", "PlainValue", "RuntimeBool", "RuntimeFloat", "RuntimeInt",
]
