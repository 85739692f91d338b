"""asc.dump_tensor and asc.printf on casc: what the kernel prints is
written to stdout after the launch, block by block, each line prefixed by
the block and the Python line of the call."""
import numpy as np

import casc.asc as asc

N = 8


@asc.jit
def dump_kernel(x: asc.GlobalAddress, n: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * n, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, n * x.dtype.sizeof())
    xl = q.alloc_tensor(x.dtype)
    asc.data_copy(xl, x_gm, n)
    q.enque(xl)
    xl = q.deque(x.dtype)
    asc.dump_tensor(xl, 5, n)
    asc.printf("block %d says %s: %d\n", asc.get_block_idx(), "hello", 42)
    q.free_tensor(xl)


def test_dump_tensor_and_printf(capfd):
    x = np.arange(2 * N, dtype=np.float32) * 0.5
    dump_kernel[2](x, N)
    out = capfd.readouterr().out.splitlines()
    assert len(out) == 6
    for b in range(2):
        head, values, said = out[3 * b:3 * b + 3]
        assert head.startswith(f"[block {b}] ") and "test_print.py:" in head
        assert head.endswith("DumpTensor: desc=5, addr=0, data_type=float32, position=UB, dump_size=8")
        want = ", ".join(f"{v:f}" for v in x[b * N:(b + 1) * N])
        assert values.endswith(f": [{want}]")
        assert said.endswith(f": block {b} says hello: 42")
