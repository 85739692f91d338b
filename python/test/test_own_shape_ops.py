"""asc.axpy, asc.transpose, asc.bilinear_interpolation and TBuf.alloc_tensor /
free_tensor from Python, run on the simulator and checked against NumPy
(the C kernels of test/kernels/ cover shapes and block counts)."""
import numpy as np
import pytest

import casc.asc as asc


@asc.jit
def one_tile(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int],
             op: asc.ConstExpr[str]):
    x_gm, y_gm, z_gm = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=qx, num=1, len=n * x.dtype.sizeof())
    pipe.init_buffer(que=qz, num=1, len=n * z.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    asc.data_copy(xl, x_gm, count=n)
    zl = qz.alloc_tensor(z.dtype)
    asc.data_copy(zl, z_gm, count=n)
    qx.enque(xl)
    qz.enque(zl)
    xl = qx.deque(x.dtype)
    zl = qz.deque(z.dtype)
    if op == "axpy":
        asc.axpy(zl, xl, 1.5, count=n)
    else:
        asc.transpose(zl, xl)
    qz.enque(zl)
    qx.free_tensor(xl)
    zl = qz.deque(z.dtype)
    asc.data_copy(z_gm, zl, count=n)
    qz.free_tensor(zl)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_axpy(dtype):
    rng = np.random.default_rng(3)
    x = rng.integers(-8, 8, 256).astype(dtype)  # exact in either dtype
    y = np.zeros(1, dtype)
    z = rng.integers(-8, 8, 256).astype(dtype)
    want = z + dtype(1.5) * x
    one_tile[1](x, y, z, 256, "axpy")
    np.testing.assert_array_equal(z, want)


@pytest.mark.parametrize("dtype", [np.int16, np.float16])
def test_transpose(dtype):
    x = np.arange(256).astype(dtype)
    z = np.zeros_like(x)
    one_tile[1](x, np.zeros(1, dtype), z, 256, "transpose")
    np.testing.assert_array_equal(z.reshape(16, 16), x.reshape(16, 16).T)


@asc.jit
def bilinear(x: asc.GlobalAddress, off: asc.GlobalAddress, w: asc.GlobalAddress, z: asc.GlobalAddress,
             mask: asc.ConstExpr[int], use_bits: asc.ConstExpr[bool], mode: asc.ConstExpr[bool]):
    x_gm, off_gm, w_gm, z_gm = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    off_gm.set_global_buffer(off)
    w_gm.set_global_buffer(w)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECIN, 1)
    qw = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=qx, num=1, len=256 * 2)
    pipe.init_buffer(que=qo, num=1, len=16 * 4)
    pipe.init_buffer(que=qw, num=1, len=16 * 2)
    pipe.init_buffer(que=qz, num=1, len=128 * 2)
    pipe.init_buffer(buf=tmp_buf, num=1024)
    xl = qx.alloc_tensor(asc.half)
    ol = qo.alloc_tensor(asc.uint32)
    wl = qw.alloc_tensor(asc.half)
    asc.data_copy(xl, x_gm, count=256)
    asc.data_copy(ol, off_gm, count=16)
    asc.data_copy(wl, w_gm, count=16)
    qx.enque(xl)
    qo.enque(ol)
    qw.enque(wl)
    xl = qx.deque(asc.half)
    ol = qo.deque(asc.uint32)
    wl = qw.deque(asc.half)
    zl = qz.alloc_tensor(asc.half)
    asc.duplicate(zl, 0.0, 128)
    tmp = tmp_buf.alloc_tensor(asc.uint8)
    if use_bits:
        asc.bilinear_interpolation(zl, xl, ol, wl, [mask, 0], 2, mode, 1, 128, 1, tmp)
    else:
        asc.bilinear_interpolation(zl, xl, ol, wl, mask, 2, mode, 1, 128, 1, tmp)
    tmp_buf.free_tensor(tmp)  # TBuf::FreeTensor: the library's no-op
    qz.enque(zl)
    zl = qz.deque(asc.half)
    asc.data_copy(z_gm, zl, count=128)
    qx.free_tensor(xl)
    qo.free_tensor(ol)
    qw.free_tensor(wl)
    qz.free_tensor(zl)


@pytest.mark.parametrize("use_bits,mode", [(False, False), (True, False), (False, True)])
def test_bilinear_interpolation(use_bits, mode):
    """Two horizontal iterations over blocks picked in reverse: dst block k =
    x block (15 - k) * w + x block (7 - k) * w' (see docs/simulator.md)."""
    rng = np.random.default_rng(7)
    x = rng.uniform(-4, 4, 256).astype(np.float16)
    off = ((15 - np.arange(16)) * 32).astype(np.uint32)
    w = rng.uniform(-2, 2, 16).astype(np.float16)
    z = np.zeros(128, np.float16)
    mask = 48 if not use_bits else (1 << 40) - 1  # lanes 0..39 (bits) or 0..47
    bilinear[1](x, off, w, z, mask, use_bits, mode)
    lanes = 40 if use_bits else 48
    want = np.zeros(128, np.float16)
    for e in range(lanes):
        k, j = divmod(e, 16)
        acc = None
        for i in range(2):
            g = x[off[i * 8 + k] // 2 + j]
            prod = g * (w[i * 8 + k] if mode else w[i])
            acc = prod if acc is None else acc + prod
        want[e] = acc
    np.testing.assert_array_equal(z, want)


@asc.jit
def bad_bilinear(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=2048)
    t = buf.get(asc.float32)
    asc.bilinear_interpolation(t, t, t, t, 64, 1, False, 1, 64, 1, t)


def test_bilinear_rejects_float():
    with pytest.raises(asc.CompileError, match="asc_bilinear_interpolation: dst has dtype float"):
        bad_bilinear[1](np.zeros(8, np.float32), np.zeros(8, np.float32))
