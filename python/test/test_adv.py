"""asc.adv.softmax and asc.adv.quant on casc's simulator, against NumPy,
with the host-side tiling and temporary-buffer queries."""
import numpy as np
import pytest

import casc.asc as asc

M, K = 8, 64


@asc.jit
def softmax_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, s: asc.GlobalAddress, mx: asc.GlobalAddress,
                   tmp_bytes: asc.ConstExpr[int], split_m: asc.ConstExpr[int]):
    per_row = 32 // s.dtype.sizeof()
    xg, yg, sg, mg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x, M * K)
    yg.set_global_buffer(y, M * K)
    sg.set_global_buffer(s, M * per_row)
    mg.set_global_buffer(mx, M * per_row)
    pipe = asc.TPipe()
    xb, yb, tb = asc.TBuf(asc.TPosition.VECCALC), asc.TBuf(asc.TPosition.VECCALC), asc.TBuf(asc.TPosition.VECCALC)
    sb, mb = asc.TBuf(asc.TPosition.VECCALC), asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(xb, M * K * x.dtype.sizeof())
    pipe.init_buffer(yb, M * K * x.dtype.sizeof())
    pipe.init_buffer(sb, M * 32)
    pipe.init_buffer(mb, M * 32)
    pipe.init_buffer(tb, tmp_bytes)
    xl, yl = xb.get(x.dtype), yb.get(x.dtype)
    sl, ml = sb.get(s.dtype), mb.get(s.dtype)
    tl = tb.get(asc.uint8)
    asc.data_copy(xl, xg, M * K)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    tiling = asc.adv.SoftmaxTiling(src_m=M, src_k=K, src_size=M * K, split_m=split_m)
    asc.adv.softmax(yl, sl, ml, xl, tiling, tl)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, yl, M * K)
    asc.data_copy(sg, sl, M * per_row)
    asc.data_copy(mg, ml, M * per_row)


@pytest.mark.parametrize("dtype,rtol", [(np.float32, 1e-5), (np.float16, 1.5e-3)])
def test_softmax(dtype, rtol):
    rng = np.random.default_rng(13)
    x = (rng.random((M, K)) * 8 - 4).astype(dtype)
    y = np.zeros_like(x)
    per_row = 32 // x.itemsize
    s = np.zeros((M, per_row), dtype)
    mx = np.zeros((M, per_row), dtype)
    tiling = asc.adv.softmax_tiling_func(M, K, x.itemsize, 4096)
    tmp = asc.adv.get_softmax_min_tmp_size(M, K, x.itemsize)
    softmax_kernel[1](x, y, s, mx, tmp, tiling["split_m"])
    xd = x.astype(np.float64)
    want_max = xd.max(axis=1, keepdims=True)
    e = np.exp(xd - want_max)
    want_sum = e.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(y.astype(np.float64), e / want_sum, rtol=rtol, atol=1e-7)
    np.testing.assert_array_equal(mx.astype(np.float64), np.repeat(want_max, per_row, axis=1))
    np.testing.assert_allclose(s.astype(np.float64), np.repeat(want_sum, per_row, axis=1), rtol=rtol)


QN = 256


@asc.jit
def quant_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, tmp_bytes: asc.ConstExpr[int]):
    xg, yg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x, QN)
    yg.set_global_buffer(y, QN)
    pipe = asc.TPipe()
    xb, yb, tb = asc.TBuf(asc.TPosition.VECCALC), asc.TBuf(asc.TPosition.VECCALC), asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(xb, QN * x.dtype.sizeof())
    pipe.init_buffer(yb, QN)
    pipe.init_buffer(tb, tmp_bytes)
    xl, yl = xb.get(x.dtype), yb.get(asc.int8)
    asc.data_copy(xl, xg, QN)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.adv.quant(yl, xl, 2.0, 0.9, QN, tb.get(asc.uint8))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, yl, QN)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_quant(dtype):
    x = ((np.arange(QN) - QN / 2) * 0.55 - 0.2).astype(dtype)
    y = np.zeros(QN, np.int8)
    _, lo = asc.adv.get_ascend_quant_max_min_tmp_size(QN)
    quant_kernel[1](x, y, lo)
    h = x.astype(np.float16)
    t = (h * np.float16(2.0)).astype(np.float16)
    t = (t + np.float16(0.9)).astype(np.float16)
    want = np.clip(np.rint(t.astype(np.float64)), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(y, want)


def test_host_queries():
    assert asc.adv.get_softmax_min_tmp_size(8, 64, 4) == (8 + 64 + 64) * 4
    assert asc.adv.get_softmax_max_tmp_size(8, 64, 4) == 8 * (8 + 64 + 64) * 4
    t = asc.adv.softmax_tiling_func(8, 64, 4, 3 * (8 + 64 + 64) * 4)
    assert (t["split_m"], t["range_m"], t["tail_m"]) == (3, 2, 2)
    assert asc.adv.get_ascend_quant_max_min_tmp_size(1000) == (2016, 512)


B, S, H = 2, 3, 48


@asc.jit
def rmsnorm_kernel(x: asc.GlobalAddress, g: asc.GlobalAddress, y: asc.GlobalAddress, tmp_bytes: asc.ConstExpr[int],
                   ori_h: asc.ConstExpr[int], recip: asc.ConstExpr[float]):
    xg, gg, yg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x, B * S * H)
    gg.set_global_buffer(g, H)
    yg.set_global_buffer(y, B * S * H)
    pipe = asc.TPipe()
    xb, gb, yb = asc.TBuf(asc.TPosition.VECCALC), asc.TBuf(asc.TPosition.VECCALC), asc.TBuf(asc.TPosition.VECCALC)
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(xb, B * S * H * x.dtype.sizeof())
    pipe.init_buffer(gb, H * x.dtype.sizeof())
    pipe.init_buffer(yb, B * S * H * x.dtype.sizeof())
    pipe.init_buffer(tb, tmp_bytes)
    xl, gl, yl = xb.get(x.dtype), gb.get(x.dtype), yb.get(x.dtype)
    asc.data_copy(xl, xg, B * S * H)
    asc.data_copy(gl, gg, H)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    tiling = asc.adv.RmsNormTiling(b_length=B, s_length=S, h_length=H, original_h_length=ori_h,
                                   reciprocal_of_h_length=recip)
    asc.adv.rmsnorm(yl, xl, gl, 1e-5, tiling, tb.get(asc.uint8))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, yl, B * S * H)


@pytest.mark.parametrize("dtype,rtol", [(np.float32, 1e-5), (np.float16, 1.5e-3)])
def test_rmsnorm(dtype, rtol):
    rng = np.random.default_rng(5)
    x = (rng.random((B, S, H)) * 6 - 3).astype(dtype)
    g = (rng.random(H) + 0.5).astype(dtype)
    y = np.zeros_like(x)
    _, lo = asc.adv.get_rms_norm_max_min_tmp_size(B, S, H, x.itemsize)
    t = asc.adv.get_rms_norm_tiling_info(B, S, H, H, lo, x.itemsize)
    rmsnorm_kernel[1](x, g, y, lo, t["original_h_length"], t["reciprocal_of_h_length"])
    xd = x.astype(np.float64)
    want = xd / np.sqrt((xd * xd).mean(axis=-1, keepdims=True) + 1e-5) * g.astype(np.float64)
    np.testing.assert_allclose(y.astype(np.float64), want, rtol=rtol, atol=1e-6)
