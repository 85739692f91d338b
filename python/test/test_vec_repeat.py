"""The level-0/1 forms of the vector ops (pyasc's mask / repeat_times /
repeat_params arguments) written as pyasc writes them, run on the
simulator and checked against a NumPy model of the repeat addressing."""
import numpy as np
import pytest

import casc.asc as asc

N = 1024
REPEATS = 3
# block / repeat strides (32-byte blocks) of dst, src0 (src), src1
BLK = (1, 1, 2)
REP = (8, 8, 16)


@asc.jit
def rep_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, op: asc.ConstExpr[str],
               shape: asc.ConstExpr[str], level: asc.ConstExpr[int], count: asc.ConstExpr[int],
               w0: asc.ConstExpr[int], w1: asc.ConstExpr[int], by_keyword: asc.ConstExpr[bool]):
    x_gm, y_gm, z_gm = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    for b in (bx, by, bz):
        pipe.init_buffer(b, N * x.dtype.sizeof())
    xt, yt, zt = bx.get(x.dtype), by.get(x.dtype), bz.get(x.dtype)
    asc.data_copy(xt, x_gm, N)
    asc.data_copy(yt, y_gm, N)
    asc.data_copy(zt, z_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    mask = count
    if level == 1:
        mask = [w0, w1]
    if shape == "binary":
        params = asc.BinaryRepeatParams(1, 1, 2, 8, 8, 16)
        if by_keyword:
            getattr(asc, op)(zt, xt, yt, mask=mask, repeat_times=REPEATS, repeat_params=params)
        else:
            getattr(asc, op)(zt, xt, yt, mask, REPEATS, params)
    elif shape == "scalar":
        params = asc.UnaryRepeatParams(dst_blk_stride=1, src_blk_stride=1, dst_rep_stride=8, src_rep_stride=8)
        getattr(asc, op)(zt, xt, 0.5, mask, REPEATS, params, True)
    else:
        params = asc.UnaryRepeatParams(1, 1, 8, 8)
        getattr(asc, op)(zt, xt, mask, REPEATS, params)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, zt, N)


def model(x, y, z, fn, shape, dtype, level, count, words):
    """z after the op: repeat r, element e at r*rep*per_blk + (e//per_blk)*blk*per_blk + e%per_blk."""
    out = z.copy()
    per_blk = 32 // np.dtype(dtype).itemsize
    per_rep = 8 * per_blk
    blk = BLK if shape == "binary" else (1, 1, 1)
    rep = REP if shape == "binary" else (8, 8, 8)
    for r in range(REPEATS):
        for e in range(per_rep):
            on = (words[e // 64] >> (e % 64)) & 1 if level == 1 else e < count
            if not on:
                continue
            at = [r * rep[o] * per_blk + (e // per_blk) * blk[o] * per_blk + e % per_blk for o in range(3)]
            out[at[0]] = fn(x[at[1]], y[at[2]])
    return out


CASES = [
    ("add", "binary", lambda a, b: a + b),
    ("sub", "binary", lambda a, b: a - b),
    ("mul", "binary", lambda a, b: a * b),
    ("max", "binary", np.maximum),
    ("min", "binary", np.minimum),
    ("add_relu", "binary", lambda a, b: max(a + b, 0)),
    ("adds", "scalar", lambda a, b: a + 0.5),
    ("muls", "scalar", lambda a, b: a * 0.5),
    ("maxs", "scalar", lambda a, b: max(a, 0.5)),
    ("exp", "unary", lambda a, b: np.exp(a)),
    ("abs", "unary", lambda a, b: abs(a)),
    ("relu", "unary", lambda a, b: max(a, 0)),
]


@pytest.mark.parametrize("op,shape,fn", CASES)
@pytest.mark.parametrize("level", [0, 1])
def test_repeat_forms_match_the_model(op, shape, fn, level):
    dtype = np.float32
    rng = np.random.default_rng(7)
    x = rng.uniform(-2, 2, N).astype(dtype)
    y = rng.uniform(-2, 2, N).astype(dtype)
    z = np.full(N, -7.0, dtype)  # what masked-off elements keep
    count, words = 40, (0x00FF00FF0F0F3333, 0)
    want = model(x, y, z, fn, shape, dtype, level, count, words)
    rep_kernel[1](x, y, z, op, shape, level, count, words[0], words[1], level == 0)
    np.testing.assert_allclose(z, want, rtol=2e-6, atol=1e-7)


def test_half_bit_mask_covers_128_elements():
    """16-bit elements: 128 per repeat, mask[1] selects elements 64..127."""
    rng = np.random.default_rng(3)
    x = rng.uniform(-2, 2, N).astype(np.float16)
    y = rng.uniform(-2, 2, N).astype(np.float16)
    z = np.zeros(N, np.float16)
    words = (0x5555555555555555, 0xFFFF0000FFFF0000)
    want = model(x, y, z, lambda a, b: a + b, "binary", np.float16, 1, 0, words)
    rep_kernel[1](x, y, z, "add", "binary", 1, 0, words[0], words[1], False)
    np.testing.assert_array_equal(z, want)


def test_forms_build_pyasc_ops():
    """The IR pyasc builds: add_l0 with an i64 count and i8 repeat times,
    add_l1 with two ui64 words, isSetMask by default."""
    x = np.zeros(N, np.float32)
    ir0 = rep_kernel.compile(x, x, x, "add", "binary", 0, 40, 0, 0, False).ir
    assert "ascendc.add_l0" in ir0 and "{isSetMask}" in ir0
    assert "arith.constant 40 : i64" in ir0 and "arith.constant 3 : i8" in ir0
    ir1 = rep_kernel.compile(x, x, x, "add", "binary", 1, 0, 5, 0, False).ir
    assert "ascendc.add_l1" in ir1 and "!ascendc.binary_repeat_params" in ir1
    assert "emitc.constant" in ir1 and "ui64" in ir1


@asc.jit
def bad_forms(x: asc.GlobalAddress, which: asc.ConstExpr[int]):
    pipe = asc.TPipe()
    b = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b, 1024)
    t = b.get(x.dtype)
    if which == 0:
        asc.add(t, t, t, 64, 1, asc.UnaryRepeatParams(1, 1, 8, 8))  # unary params to a binary op
    elif which == 1:
        asc.exp(t, t, [1, 2, 3], 1, asc.UnaryRepeatParams(1, 1, 8, 8))  # three mask words
    else:
        asc.div(t, t, t, 64, 1, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))  # int32: not Div's


def test_misuse_is_reported():
    x = np.zeros(256, np.float32)
    with pytest.raises(Exception, match="BinaryRepeatParams"):
        bad_forms[1](x, 0)
    with pytest.raises(Exception, match="2 uint64 words"):
        bad_forms[1](x, 1)
    with pytest.raises(Exception, match="asc_div|Div supports half, float"):
        bad_forms[1](np.zeros(256, np.int32), 2)
