"""The same kernel written in Python and in C (examples/add.c, pyasc's
tutorial 01 structure) gives the same IR after `casc opt`."""
import subprocess

import numpy as np
import pytest

import casc.asc as asc

BUFFER_NUM = 2
TILE_NUM = 8


@asc.jit
def vadd_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    tile_length = block_length // TILE_NUM // BUFFER_NUM
    buffer_size = tile_length * BUFFER_NUM * x.dtype.sizeof()
    x_local = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, tile_length * BUFFER_NUM)
    y_local = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, buffer_size, tile_length * BUFFER_NUM)
    z_local = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, buffer_size + buffer_size, tile_length * BUFFER_NUM)
    for i in range(TILE_NUM * BUFFER_NUM):
        buf_id = i % BUFFER_NUM
        asc.data_copy(x_local[buf_id * tile_length:], x_gm[i * tile_length:], tile_length)
        asc.data_copy(y_local[buf_id * tile_length:], y_gm[i * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE2_V, buf_id)
        asc.wait_flag(asc.HardEvent.MTE2_V, buf_id)
        asc.add(z_local[buf_id * tile_length:], x_local[buf_id * tile_length:], y_local[buf_id * tile_length:],
                tile_length)
        asc.set_flag(asc.HardEvent.V_MTE3, buf_id)
        asc.wait_flag(asc.HardEvent.V_MTE3, buf_id)
        asc.data_copy(z_gm[i * tile_length:], z_local[buf_id * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, buf_id)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, buf_id)


def casc_opt(build_dir, text):
    r = subprocess.run([str(build_dir / "casc"), "opt", "--pipeline=default", "-"], input=text,
                       capture_output=True, text=True, check=True)
    return r.stdout


def test_python_and_c_give_the_same_ir_after_casc_opt(build_dir):
    add = build_dir / "examples" / "add"
    if not add.exists():
        pytest.skip("examples/add is not built")
    c_ir = subprocess.run([str(add), "--emit", "mlir"], capture_output=True, text=True, check=True).stdout
    x = np.random.default_rng(1).random(8 * 2048, dtype=np.float32)
    y = np.random.default_rng(2).random(8 * 2048, dtype=np.float32)
    z = np.zeros_like(x)
    vadd_kernel[8](x, y, z, 2048)
    np.testing.assert_array_equal(z, x + y)
    py_ir = vadd_kernel.last_launch.ir
    # Before the passes the texts differ where C evaluated the arguments of
    # one call (asc_localtensor) right to left; Python, like pyasc, goes
    # left to right.
    assert casc_opt(build_dir, py_ir) == casc_opt(build_dir, c_ir)
