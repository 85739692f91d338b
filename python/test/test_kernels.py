"""Kernels written with casc.asc, run on the simulator, checked against
NumPy."""
import numpy as np
import pytest

import casc.asc as asc

BUFFER_NUM = 2


@asc.jit
def copy_in(i, x_gm, y_gm, qx, qy, tile: asc.ConstExpr[int]):
    x = qx.alloc_tensor(x_gm.dtype)
    y = qy.alloc_tensor(y_gm.dtype)
    asc.data_copy(x, x_gm[i * tile:], tile)
    asc.data_copy(y, y_gm[i * tile:], count=tile)
    qx.enque(x)
    qy.enque(y)


@asc.jit
def binary_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
                  tile: asc.ConstExpr[int], op: asc.ConstExpr[str]):
    offset = asc.get_block_idx() * block_length
    x_gm, y_gm, z_gm = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    qy = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    qz = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    for q in (qx, qy, qz):  # a Python loop: unrolled
        pipe.init_buffer(q, BUFFER_NUM, tile * x.dtype.sizeof())
    for i in range(block_length // tile):
        copy_in(i, x_gm, y_gm, qx, qy, tile)
        xl = qx.deque(x.dtype)
        yl = qy.deque(y.dtype)
        zl = qz.alloc_tensor(z.dtype)
        getattr(asc, op)(zl, xl, yl, tile)
        qz.enque(zl)
        qx.free_tensor(xl)
        qy.free_tensor(yl)
        zl = qz.deque(z.dtype)
        asc.data_copy(z_gm[i * tile:], zl, tile)
        qz.free_tensor(zl)


@pytest.mark.parametrize("op,ref", [("add", np.add), ("sub", np.subtract), ("mul", np.multiply),
                                    ("max", np.maximum), ("min", np.minimum)])
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_binary_ops(op, ref, dtype):
    rng = np.random.default_rng(16)
    blocks, block_length = 4, 1024
    x = rng.random(blocks * block_length).astype(dtype)
    y = rng.random(blocks * block_length).astype(dtype)
    z = np.zeros_like(x)
    binary_kernel[blocks](x, y, z, block_length, 128, op)
    np.testing.assert_array_equal(z, ref(x, y))


def test_specialisation_cache():
    """One compiled kernel per (argument types, ConstExpr values)."""
    x = np.ones(2048, np.float32)
    before = len(binary_kernel.cache)
    binary_kernel[2](x, x, np.zeros_like(x), 1024, 512, "add")
    binary_kernel[2](x, x, np.zeros_like(x), 512, 512, "add")  # runtime value: same kernel
    assert len(binary_kernel.cache) == before + 1
    binary_kernel[2](x, x, np.zeros_like(x), 1024, 256, "add")  # another ConstExpr value
    assert len(binary_kernel.cache) == before + 2
    z = np.zeros_like(x)
    binary_kernel[2](x, x, z, 1024, np.int64(256), "add")  # a NumPy ConstExpr is the same value
    assert len(binary_kernel.cache) == before + 2
    np.testing.assert_array_equal(z, 2.0)


@asc.jit
def unary_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int], op: asc.ConstExpr[str],
                 scalar: float):
    x_gm, z_gm = asc.GlobalTensor(), asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    calc = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(calc, n * x.dtype.sizeof())
    t = calc.get(x.dtype)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if op in ("adds", "muls", "maxs", "mins", "leaky_relu"):  # compile-time branch
        getattr(asc, op)(t, t, scalar, n)
    else:
        getattr(asc, op)(t, t, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, t, n)


@pytest.mark.parametrize("op,ref", [
    ("exp", np.exp), ("abs", np.abs), ("relu", lambda v: np.maximum(v, 0)), ("sqrt", lambda v: np.sqrt(np.abs(v))),
    ("adds", lambda v: v + 0.5), ("muls", lambda v: v * 0.5), ("maxs", lambda v: np.maximum(v, 0.5)),
    ("leaky_relu", lambda v: np.where(v >= 0, v, v * 0.5))])
def test_unary_and_scalar_ops(op, ref):
    x = np.linspace(-2, 2, 256, dtype=np.float32)
    if op == "sqrt":
        x = np.abs(x)
    z = np.zeros_like(x)
    unary_kernel[1](x, z, 256, op, 0.5)
    np.testing.assert_allclose(z, ref(x), rtol=2e-6, atol=1e-7)


@asc.jit
def carried_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int, scale: float):
    """Loop-carried scalars and a runtime if: z[tile] = x[tile] * scale on
    even tiles, + 1 on odd ones; z[-1] = number of odd tiles."""
    x_gm, z_gm = asc.GlobalTensor(), asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q, num=1, len=64 * 4)
    odd = 0
    for i in asc.range(tiles):
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[i * 64:], 64)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        if i % 2 == 0:
            asc.muls(t, t, scale, 64)
        else:
            asc.adds(t, t, 1.0, 64)
            odd += 1
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(z_gm[i * 64:], t, 64)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
        q.free_tensor(t)
    z_gm.set_value(tiles * 64, odd)


@pytest.mark.parametrize("tiles", [1, 4, 5])
def test_loop_carried_values_and_runtime_if(tiles):
    x = np.arange(tiles * 64 + 8, dtype=np.float32)
    z = np.zeros_like(x)
    carried_kernel[1](x, z, tiles, 3.0)
    ref = x.copy()
    for i in range(tiles):
        s = slice(i * 64, i * 64 + 64)
        ref[s] = x[s] * 3.0 if i % 2 == 0 else x[s] + 1
    np.testing.assert_array_equal(z[:tiles * 64], ref[:tiles * 64])
    assert z[tiles * 64] == tiles // 2
    ir = carried_kernel.last_launch.ir
    assert "iter_args" in ir and "scf.if" in ir and "scf.yield" in ir


@asc.jit
def free_tensor_example(z: asc.GlobalAddress):
    """pyasc's TQueBind examples (alloc/enque/deque/free_tensor/free_all_event)
    around a real copy out."""
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    que = asc.TQueBind(asc.TPosition.VECOUT, asc.TPosition.GM, 2)
    num = 4
    len = 1024  # noqa: A001 (the example's name)
    pipe.init_buffer(que=que, num=num, len=len)
    tensor = que.alloc_tensor(asc.half)
    asc.duplicate(tensor, 2.0, 512)
    que.enque(tensor)
    tensor = que.deque(asc.half)
    asc.data_copy(z_gm, tensor, 512)
    que.free_tensor(tensor)
    que.free_all_event()


def test_tquebind_free_tensor_examples():
    z = np.zeros(512, np.float16)
    free_tensor_example[1](z)
    np.testing.assert_array_equal(z, np.full(512, 2.0, np.float16))
    ir = free_tensor_example.last_launch.ir
    assert "que_bind<vecout, gm, 2>" in ir and "free_all_event" in ir


def test_launch_record_exposes_ir_ascendc_and_timing():
    x = np.ones(1024, np.float32)
    z = np.zeros_like(x)
    binary_kernel[2, object()](x, x, z, 512, 128, "add")  # pyasc's [blocks, stream] form
    rec = asc.last_launch()
    assert rec is binary_kernel.last_launch and rec.blocks == 2
    assert rec.ir.startswith("module {") and "ascendc.add_l2" in rec.ir
    assert "ascendc.add_l2" in rec.ir_opt
    assert 'extern "C"' in rec.ascendc and "AscendC::Add" in rec.ascendc
    assert rec.timing["cycles"] > 0 and rec.timing["busy"]["MTE2"] > 0
    assert "cycles at" in rec.report()


def test_non_contiguous_arrays_are_written_back():
    base = np.zeros(2048, np.float32)
    z = base[::2]  # a strided view
    x = np.ones(1024, np.float32)
    binary_kernel[1](x, x, z, 1024, 128, "add")
    np.testing.assert_array_equal(base[::2], 2.0)
    np.testing.assert_array_equal(base[1::2], 0.0)


@asc.jit
def tile_offset(i, tile: asc.ConstExpr[int]):
    return i * tile


@asc.jit
def unrolled_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, limit: int):
    """static_range unrolls; a helper returns a value; an if without else on
    a runtime condition."""
    x_gm, z_gm = asc.GlobalTensor(), asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 3 * 64 * 4)
    for k in asc.static_range(3):
        t = buf.get_with_offset(64, tile_offset(k, 64 * 4), asc.float32)
        asc.data_copy(t, x_gm[tile_offset(k, 64):], 64)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        if k < limit:
            asc.adds(t, t, 10.0 * (k + 1), 64)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(z_gm[k * 64:], t, 64)


def test_static_range_helper_return_and_if_without_else():
    x = np.arange(3 * 64, dtype=np.float32)
    z = np.zeros_like(x)
    unrolled_kernel[1](x, z, 2)
    ref = x.copy()
    ref[:64] += 10.0
    ref[64:128] += 20.0
    np.testing.assert_array_equal(z, ref)
    ir = unrolled_kernel.last_launch.ir
    assert "scf.for" not in ir and ir.count("scf.if") == 3


def test_launches_from_several_threads():
    """The simulator runs without the GIL; launches of one kernel from
    several threads are serialised per compiled kernel and all complete."""
    import threading
    x = np.arange(2048, dtype=np.float32)
    outs = [np.zeros_like(x) for _ in range(4)]
    errors = []

    def run(z):
        try:
            binary_kernel[2](x, x, z, 1024, 128, "add")
        except Exception as e:  # noqa: BLE001 (reported below)
            errors.append(e)
    threads = [threading.Thread(target=run, args=(z,)) for z in outs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for z in outs:
        np.testing.assert_array_equal(z, x + x)
