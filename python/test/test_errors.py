"""Diagnostics at the user's Python lines: simulator findings, front-end
errors, misuse of the API."""
import pathlib
import warnings

import numpy as np
import pytest

import casc.asc as asc

THIS = str(pathlib.Path(__file__).resolve())


def line_of(marker):
    """The line of this file that carries `# <marker>`."""
    for n, text in enumerate(pathlib.Path(THIS).read_text().splitlines(), 1):
        if text.rstrip().endswith(f"# {marker}"):
            return n
    raise AssertionError(marker)


@asc.jit
def use_after_free(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm, z_gm = asc.GlobalTensor(), asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, 64)
    q.free_tensor(t)  # freed
    asc.data_copy(z_gm, t, 64)  # use after free


def test_use_after_free_is_reported_at_the_python_line():
    x = np.ones(64, np.float32)
    z = np.zeros_like(x)
    with warnings.catch_warnings(record=True) as seen:  # verify-sync sees it at compile time too
        warnings.simplefilter("always")
        with pytest.raises(asc.KernelError) as e:
            use_after_free[2](x, z)
    where = f"{THIS}:{line_of('use after free')}:0"
    assert f"{where}: error: blocks 0-1: DataCopy: operand 'src'" in str(e.value)
    assert f"{THIS}:{line_of('freed')}:0: note: freed here" in str(e.value)
    assert [(i[1], i[2], i[3]) for i in e.value.issues] == [(where, 0, "use-after-free"),
                                                            (where, 1, "use-after-free")]
    assert any(where in str(w.message) and issubclass(w.category, asc.CascWarning) for w in seen)
    assert use_after_free.last_launch.status == "kernel-error"


@asc.jit
def unsupported_syntax(x: asc.GlobalAddress):
    squares = [i * i for i in range(3)]  # list comprehension
    del squares


@asc.jit
def wrong_argument(x: asc.GlobalAddress):
    q = asc.TQue(asc.TPosition.VECIN, 1)
    q.free_tensor(x)  # not a tensor


@asc.jit
def break_in_runtime_loop(x: asc.GlobalAddress, n: int):
    for i in range(n):
        break  # break


@asc.jit
def out_of_scope(x: asc.GlobalAddress, n: int):
    q = asc.TQue(asc.TPosition.VECIN, 1)
    for i in range(n):
        t = q.alloc_tensor(asc.float32)
        q.free_tensor(t)
    q.free_tensor(t)  # after the loop


@asc.jit
def c_api_error(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    t = q.alloc_tensor(asc.int8)
    asc.exp(t, t, 32)  # exp of int8


@pytest.mark.parametrize("kernel,marker,message", [
    (unsupported_syntax, "list comprehension", "'ListComp' expressions are not supported"),
    (wrong_argument, "not a tensor", "free_tensor: expected a LocalTensor, got GlobalAddress"),
    (break_in_runtime_loop, "break", "break inside a runtime loop"),
    (out_of_scope, "after the loop", "'t' is assigned inside the for loop"),
])
def test_front_end_errors_carry_the_python_line(kernel, marker, message):
    x = np.zeros(64, np.float32)
    args = (x, 3) if kernel in (break_in_runtime_loop, out_of_scope) else (x,)
    with pytest.raises(asc.JitError) as e:
        kernel[1](*args)
    assert str(e.value).startswith(f"{THIS}:{line_of(marker)}: error: ")
    assert message in str(e.value)


def test_c_api_errors_are_compile_errors_at_the_python_line():
    with pytest.raises(asc.CompileError) as e:
        c_api_error[1](np.zeros(64, np.float32))
    assert f"{THIS}:{line_of('exp of int8')}:0: error:" in str(e.value)
    assert "int8" in str(e.value)


@pytest.mark.parametrize("call,name", [
    (lambda: asc.data_copy(None, None, 1), "data_copy"),
    (lambda: asc.add(None, None, None, 1), "add"),
    (lambda: asc.TPipe(), "TPipe.__init__"),
    (lambda: asc.GlobalTensor(), "GlobalTensor.__init__"),
    (lambda: asc.get_block_idx(), "get_block_idx"),
    (lambda: asc.set_flag(asc.HardEvent.MTE2_V, 0), "set_flag"),
])
def test_api_outside_jit_raises_require_jit_error(call, name):
    with pytest.raises(RuntimeError, match=f"^'{name}' cannot be called without initialization of global builder$"):
        call()


def test_kernel_called_without_launch_options():
    with pytest.raises(RuntimeError, match=r"unsupported_syntax\[blocks\]"):
        unsupported_syntax(np.zeros(4, np.float32))
    with pytest.raises(TypeError, match="Parse user launch options failed"):
        unsupported_syntax[0]


def test_unsupported_argument_type():
    with pytest.raises(TypeError, match="argument 'x': casc cannot pass a str"):
        unsupported_syntax[1]("x")
