"""casc._casc, the C extension: handles, a kernel built call by call, the
pipeline, the emitter and a launch, without the Python front end."""
import numpy as np
import pytest

from casc import _casc as C

F32_ASC, F32_CASC, I32_ASC, I32_CASC = 2, 12, 7, 4
VECIN = 9


def _copy_kernel(k):
    """z[i] = exp(x[i]) for one 64-element tile per block."""
    x = C.arg_gm("k.py", 1, k, "x", F32_ASC)
    z = C.arg_gm("k.py", 1, k, "z", F32_ASC)
    off = C.imul("k.py", 2, C.get_block_idx("k.py", 2), 64)
    gx, gz = C.globaltensor("k.py", 3), C.globaltensor("k.py", 3)
    C.gt_set_global_buffer("k.py", 3, gx, C.gm_addr_add("k.py", 3, x, off))
    C.gt_set_global_buffer("k.py", 4, gz, C.gm_addr_add("k.py", 4, z, off))
    pipe = C.tpipe("k.py", 5)
    q = C.tque("k.py", 6, VECIN, 1)
    C.tpipe_init_buffer_que("k.py", 7, pipe, q, 1, 256)
    t = C.que_alloc_tensor("k.py", 8, q, F32_ASC)
    C.data_copy("k.py", 9, t, gx, 64)
    C.set_flag("k.py", 10, 4, 0)  # MTE2_V
    C.wait_flag("k.py", 10, 4, 0)
    C.vec_unary("k.py", 11, "exp", "ascendc.exp_l2", t, t, 64)
    C.set_flag("k.py", 12, 7, 0)  # V_MTE3
    C.wait_flag("k.py", 12, 7, 0)
    C.data_copy("k.py", 13, gz, t, 64)
    C.que_free_tensor("k.py", 14, q, t)


def test_build_compile_emit_launch():
    m, diags = C.build("expk", _copy_kernel)
    assert diags == []
    ir = m.print()
    assert "ascendc.exp_l2" in ir and "func.func @expk" in ir
    assert 'loc("k.py":11:0)' in m.print(debuginfo=True)
    ok, diags = m.compile()
    assert ok, diags
    text, diags = m.emit_ascendc()
    assert "AscendC::Exp" in text
    x = np.linspace(-1, 1, 4 * 64, dtype=np.float32)
    z = np.zeros_like(x)
    status, issues, summary, diags = m.launch("expk", 4, [("gm", F32_CASC, x, "x"), ("gm", F32_CASC, z, "z")])
    assert status == "ok", diags
    np.testing.assert_allclose(z, np.exp(x), rtol=1e-6)
    assert summary["timing"]["cycles"] > 0 and len(summary["timing"]["blocks"]) == 4


def test_wrong_handle_kind_is_a_type_error():
    def body(k):
        q = C.tque("k.py", 1, VECIN, 1)
        C.que_free_tensor("k.py", 2, q, q)  # a queue where a tensor belongs
    with pytest.raises(TypeError, match="expected a LocalTensor, got a TQueBind"):
        C.build("bad", body)


def test_misuse_inside_a_build_is_a_located_diagnostic():
    def body(k):
        x = C.arg_gm("k.py", 1, k, "x", F32_ASC)
        C.arg_gm("k.py", 2, k, "x", F32_ASC)
        del x
    m, diags = C.build("twice", body)
    assert m is None
    assert diags[0][:2] == ("error", "k.py:2:0") and "declared twice" in diags[0][2]


def test_kernel_handle_dies_with_its_build():
    kept = []
    m, _ = C.build("empty", kept.append)
    with pytest.raises(RuntimeError, match="no longer open"):
        C.arg_int("k.py", 1, kept[0], "n", I32_ASC)


def test_parse_and_launch_errors():
    m, diags = C.parse("func.func @f() {\n  return\n}\n", "t.mlir")
    assert diags == [] and m is not None
    assert C.parse("foo.bar\n", "bad.mlir")[0] is None
    status, issues, summary, diags = m.launch("nope", 1, [])
    assert status == "bad-launch" and diags and diags[0][0] == "error"
