"""pyasc's data types (asc.float32, asc.half, ...): each knows its number in
the C kernel API (asc_dtype), in the IR/simulator (casc_dtype) and its
NumPy name."""


class DataType:
    __slots__ = ("name", "asc", "casc", "size")

    def __init__(self, name, asc, casc, size):
        self.name = name
        self.asc = asc    # asc_dtype (include/casc/asc.h); 0 = none
        self.casc = casc  # casc_dtype (include/casc/ir.h)
        self.size = size

    def sizeof(self):
        """Bytes per element (pyasc's DataType.sizeof())."""
        return self.size

    def is_float(self):
        return self.name.startswith(("float", "bfloat"))

    def is_int(self):
        return not self.is_float() and self.name != "void"

    def __repr__(self):
        return f"asc.{self.name}"

    def __eq__(self, other):
        return isinstance(other, DataType) and other.name == self.name

    def __hash__(self):
        return hash(self.name)


void = DataType("void", 0, 0, 0)
int1 = DataType("int1", 0, 1, 1)
float16 = DataType("float16", 1, 10, 2)
float32 = DataType("float32", 2, 12, 4)
bfloat16 = DataType("bfloat16", 3, 11, 2)
float64 = DataType("float64", 4, 13, 8)
int8 = DataType("int8", 5, 2, 1)
int16 = DataType("int16", 6, 3, 2)
int32 = DataType("int32", 7, 4, 4)
int64 = DataType("int64", 8, 5, 8)
uint8 = DataType("uint8", 9, 6, 1)
uint16 = DataType("uint16", 10, 7, 2)
uint32 = DataType("uint32", 11, 8, 4)
uint64 = DataType("uint64", 12, 9, 8)
bit = int1
bool_ = int8
int_ = int32
half = float16
float_ = float32
double = float64

_BY_NAME = {t.name: t for t in (int1, float16, float32, bfloat16, float64, int8, int16, int32, int64,
                                uint8, uint16, uint32, uint64)}
_BY_NAME["bool"] = int8  # NumPy's bool is stored as one byte, as pyasc's bool_


def from_numpy(np_dtype):
    """The DataType of a NumPy dtype (or dtype name); ValueError if none."""
    name = str(np_dtype)
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"NumPy dtype {name} has no Ascend C counterpart") from None
