"""pyasc's framework classes: TPipe, TQueBind, TQue, TBuf."""
from .. import _casc as C
from . import _builder
from .enums import HardEvent, TPosition
from .tensor import LocalTensor, _require_dtype
from .values import RuntimeBool, RuntimeInt, sv


def _pos(p, what):
    if not isinstance(p, int) or isinstance(p, bool):
        raise TypeError(f"{what} must be an asc.TPosition, got {type(p).__name__}")
    return int(p)


def _const_int(v, what):
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"{what} must be a Python int (a compile-time constant), got {type(v).__name__}")
    return v


class TQueBind:
    """A queue between two logical positions, `depth` tensors deep."""

    __slots__ = ("h", )

    def __init__(self, src=TPosition.VECIN, dst=TPosition.VECIN, depth=0, mask=0):
        bld = _builder.require("TQueBind.__init__")
        self.h = C.tquebind(bld.file, bld.line, _pos(src, "src"), _pos(dst, "dst"), _const_int(depth, "depth"))

    def alloc_tensor(self, dtype_or_tensor):
        bld = _builder.require("TQueBind.alloc_tensor")
        if isinstance(dtype_or_tensor, LocalTensor):
            C.que_alloc_tensor_in_place(bld.file, bld.line, self.h, dtype_or_tensor.h)
            return None
        dt = _require_dtype(dtype_or_tensor, "alloc_tensor")
        return LocalTensor(dt, handle=C.que_alloc_tensor(bld.file, bld.line, self.h, dt.asc))

    def enque(self, tensor, src_user_pos=None, dst_user_pos=None):
        bld = _builder.require("TQueBind.enque")
        if not isinstance(tensor, LocalTensor):
            raise TypeError(f"enque: expected a LocalTensor, got {type(tensor).__name__}")
        if src_user_pos is None and dst_user_pos is None:
            C.que_enque(bld.file, bld.line, self.h, tensor.h)
        else:
            C.que_enque_pos(bld.file, bld.line, self.h, tensor.h, _pos(src_user_pos, "src_user_pos"),
                            _pos(dst_user_pos, "dst_user_pos"))

    def deque(self, dtype_or_tensor, src_user_pos=None, dst_user_pos=None):
        bld = _builder.require("TQueBind.deque")
        if isinstance(dtype_or_tensor, LocalTensor):
            C.que_deque_in_place(bld.file, bld.line, self.h, dtype_or_tensor.h)
            return None
        dt = _require_dtype(dtype_or_tensor, "deque")
        if src_user_pos is None and dst_user_pos is None:
            return LocalTensor(dt, handle=C.que_deque(bld.file, bld.line, self.h, dt.asc))
        return LocalTensor(dt, handle=C.que_deque_pos(bld.file, bld.line, self.h, dt.asc,
                                                      _pos(src_user_pos, "src_user_pos"),
                                                      _pos(dst_user_pos, "dst_user_pos")))

    def free_tensor(self, tensor):
        bld = _builder.require("TQueBind.free_tensor")
        if not isinstance(tensor, LocalTensor):
            raise TypeError(f"free_tensor: expected a LocalTensor, got {type(tensor).__name__}")
        C.que_free_tensor(bld.file, bld.line, self.h, tensor.h)

    def free_all_event(self):
        bld = _builder.require("TQueBind.free_all_event")
        C.que_free_all_event(bld.file, bld.line, self.h)

    def has_idle_buffer(self):
        bld = _builder.require("TQueBind.has_idle_buffer")
        return RuntimeBool(C.que_has_idle_buffer(bld.file, bld.line, self.h))

    def has_tensor_in_que(self):
        bld = _builder.require("TQueBind.has_tensor_in_que")
        return RuntimeBool(C.que_has_tensor_in_que(bld.file, bld.line, self.h))

    def vacant_in_que(self):
        bld = _builder.require("TQueBind.vacant_in_que")
        return RuntimeBool(C.que_vacant_in_que(bld.file, bld.line, self.h))

    def get_tensor_count_in_que(self):
        bld = _builder.require("TQueBind.get_tensor_count_in_que")
        return RuntimeInt(C.que_get_tensor_count_in_que(bld.file, bld.line, self.h))


class TQue(TQueBind):
    """TQueBind(pos, pos, depth): a queue at one position."""

    __slots__ = ()

    def __init__(self, pos=TPosition.VECIN, depth=None, mask=0):
        bld = _builder.require("TQue.__init__")
        self.h = C.tque(bld.file, bld.line, _pos(pos, "pos"), _const_int(1 if depth is None else depth, "depth"))


class TBuf:
    """A buffer without a queue, for temporaries (get / get_with_offset)."""

    __slots__ = ("h", )

    def __init__(self, pos=TPosition.VECCALC):
        bld = _builder.require("TBuf.__init__")
        self.h = C.tbuf(bld.file, bld.line, _pos(pos, "pos"))

    def get(self, dtype, len=None, shape=None):  # noqa: A002 (pyasc's name)
        bld = _builder.require("TBuf.get")
        dt = _require_dtype(dtype, "TBuf.get")
        if len is None:
            return LocalTensor(dt, handle=C.tbuf_get(bld.file, bld.line, self.h, dt.asc))
        return LocalTensor(dt, handle=C.tbuf_get_len(bld.file, bld.line, self.h, dt.asc, sv(len, "len")))

    def alloc_tensor(self, dtype):
        """pyasc's TBuf inherits TQueBind.alloc_tensor: the buffer's tensor."""
        bld = _builder.require("TBuf.alloc_tensor")
        dt = _require_dtype(dtype, "TBuf.alloc_tensor")
        return LocalTensor(dt, handle=C.tbuf_alloc_tensor(bld.file, bld.line, self.h, dt.asc))

    def free_tensor(self, tensor):
        """Recorded as pyasc does; the simulator reports it (free-tbuf): TBuf
        memory is never released."""
        bld = _builder.require("TBuf.free_tensor")
        if not isinstance(tensor, LocalTensor):
            raise TypeError(f"TBuf.free_tensor: expected a LocalTensor, got {type(tensor).__name__}")
        C.tbuf_free_tensor(bld.file, bld.line, self.h, tensor.h)

    def get_with_offset(self, size, buf_offset, dtype):
        bld = _builder.require("TBuf.get_with_offset")
        dt = _require_dtype(dtype, "TBuf.get_with_offset")
        return LocalTensor(dt, handle=C.tbuf_get_with_offset(bld.file, bld.line, self.h, sv(size, "size"),
                                                             sv(buf_offset, "buf_offset"), dt.asc))


class TPipe:
    """The owner of on-chip memory: init_buffer gives queues their buffers."""

    __slots__ = ("h", )

    def __init__(self):
        bld = _builder.require("TPipe.__init__")
        self.h = C.tpipe(bld.file, bld.line)

    def init_buffer(self, que=None, num=0, len=0, buf=None):  # noqa: A002 (pyasc's name)
        """init_buffer(que, num, len) for a queue; init_buffer(buf, len) for a
        TBuf (pyasc also accepts the length as the second argument)."""
        bld = _builder.require("TPipe.init_buffer")
        if buf is None and isinstance(que, TBuf):
            buf, que = que, None
        if buf is not None:
            length = len if len else num
            C.tpipe_init_buffer_buf(bld.file, bld.line, self.h, buf.h, sv(length, "len"))
        elif isinstance(que, TQueBind):
            C.tpipe_init_buffer_que(bld.file, bld.line, self.h, que.h, sv(num, "num"), sv(len, "len"))
        else:
            raise TypeError(f"init_buffer: expected a TQue, TQueBind or TBuf, got {type(que).__name__}")

    def init(self):
        bld = _builder.require("TPipe.init")
        C.tpipe_init(bld.file, bld.line, self.h)

    def reset(self):
        bld = _builder.require("TPipe.reset")
        C.tpipe_reset(bld.file, bld.line, self.h)

    def destroy(self):
        bld = _builder.require("TPipe.destroy")
        C.tpipe_destroy(bld.file, bld.line, self.h)

    def alloc_event_id(self, event=HardEvent.V_S):
        bld = _builder.require("TPipe.alloc_event_id")
        return RuntimeInt(C.tpipe_alloc_event_id(bld.file, bld.line, self.h, int(event)))

    def fetch_event_id(self, event=HardEvent.V_S):
        bld = _builder.require("TPipe.fetch_event_id")
        return RuntimeInt(C.tpipe_fetch_event_id(bld.file, bld.line, self.h, int(event)))

    def release_event_id(self, id, event=HardEvent.V_S):  # noqa: A002 (pyasc's name)
        bld = _builder.require("TPipe.release_event_id")
        C.tpipe_release_event_id(bld.file, bld.line, self.h, sv(id, "id"), int(event))
