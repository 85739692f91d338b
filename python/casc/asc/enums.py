"""pyasc's enumerations, with pyasc's numbering (the same as the C API's)."""
from enum import IntEnum

TPosition = IntEnum("TPosition", [(n, i) for i, n in enumerate(
    ["GM", "A1", "A2", "B1", "B2", "C1", "C2", "CO1", "CO2", "VECIN", "VECOUT", "VECCALC", "MAX"])])

HardEvent = IntEnum("HardEvent", [(n, i) for i, n in enumerate([
    "MTE2_MTE1", "MTE1_MTE2", "MTE1_M", "M_MTE1", "MTE2_V", "V_MTE2", "MTE3_V", "V_MTE3", "M_V", "V_M", "V_V",
    "MTE3_MTE1", "MTE1_MTE3", "MTE1_V", "MTE2_M", "M_MTE2", "V_MTE1", "M_FIX", "FIX_M", "MTE3_MTE2",
    "MTE2_MTE3", "S_V", "V_S", "S_MTE2", "MTE2_S", "S_MTE3", "MTE3_S", "MTE2_FIX", "FIX_MTE2", "FIX_S", "M_S",
    "FIX_MTE3", "MTE1_FIX", "FIX_MTE1", "FIX_FIX"])])

PipeID = IntEnum("PipeID", [(n, i) for i, n in enumerate([
    "PIPE_S", "PIPE_V", "PIPE_M", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3", "PIPE_ALL", "PIPE_MTE4", "PIPE_MTE5",
    "PIPE_V2", "PIPE_FIX"])])

RoundMode = IntEnum("RoundMode", [(n, i) for i, n in enumerate([
    "CAST_NONE", "CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"])])
