"""@asc.jit: specialisation, compilation through libcasc, and launch on
casc's simulator.

kernel[blocks](args...) and kernel[blocks, stream](args...) compile the
kernel for the arguments' types and ConstExpr values (cached), run pyasc's
pass pipeline with verify-sync, and run `blocks` blocks on the CPU
simulator with its sanitizer; results land in the NumPy arrays (or CPU
torch tensors) passed in. The last launch keeps the IR, the Ascend C and
the timing report (kernel.last_launch, casc.asc.last_launch())."""
import functools
import sys
import threading
import warnings

import numpy as np

from .. import _casc as C
from . import _builder
from ._codegen import FuncSource, JitError, run_kernel
from .dtype import bool_, float32, from_numpy, int32
from .values import ConstExpr, GlobalAddress, RuntimeFloat, RuntimeInt


class CascWarning(UserWarning):
    """A warning of casc's checks (verify-sync, the simulator)."""


def format_diags(diags):
    out = []
    for sev, loc, msg, notes in diags:
        out.append(f"{loc}: {sev}: {msg}")
        for nloc, nmsg in notes:
            out.append(f"{nloc}: note: {nmsg}")
    return "\n".join(out)


class CompileError(Exception):
    """The kernel did not compile: the diagnostics, at the user's lines."""

    def __init__(self, diags):
        super().__init__(format_diags(diags))
        self.diagnostics = diags


class KernelError(Exception):
    """The simulator reported errors (file:line of the op, block)."""

    def __init__(self, diags, issues):
        super().__init__(format_diags(diags))
        self.diagnostics = diags
        self.issues = issues  # (severity, loc, block, check, message)


def _warn(diags):
    for d in diags:
        if d[0] == "warning":
            warnings.warn(format_diags([d]), CascWarning, stacklevel=4)


def _as_array(v):
    """A NumPy view of a kernel's global-memory argument, or None."""
    if isinstance(v, np.ndarray):
        return v
    mod = type(v).__module__ or ""
    if mod.startswith("torch") and hasattr(v, "numpy"):
        if getattr(v.device, "type", "cpu") != "cpu":
            raise ValueError("casc runs kernels on the CPU: pass CPU tensors")
        return v.detach().numpy()  # shares the tensor's memory
    return None


# Kinds of runtime parameters: how each is declared and passed.
_SCALAR_KINDS = {
    "int": (C.arg_int, int32, "int", RuntimeInt),
    "float": (C.arg_float, float32, "float", RuntimeFloat),
    "bool": (C.arg_int, bool_, "int", RuntimeInt),
}


def _param_kind(name, v):
    """The specialisation key part of a runtime argument."""
    if isinstance(v, bool):
        return ("bool", None)
    if isinstance(v, int):
        return ("int", None)
    if isinstance(v, float):
        return ("float", None)
    if isinstance(v, np.generic):
        dt = from_numpy(v.dtype)
        return ("np", dt)
    arr = _as_array(v)
    if arr is not None:
        return ("gm", from_numpy(arr.dtype))
    raise TypeError(f"argument '{name}': casc cannot pass a {type(v).__name__} to a kernel "
                    f"(NumPy arrays, CPU torch tensors, int, float, bool, NumPy scalars)")


def _python_scalar(v):
    """A NumPy scalar as the Python number it stands for: ConstExpr values
    are folded by Python arithmetic and must behave like Python's."""
    if isinstance(v, np.bool_):
        return bool(v)
    if isinstance(v, np.integer):
        return int(v)
    if isinstance(v, np.floating):
        return float(v)
    return v


class CompiledKernel:
    """One specialisation of a kernel: its module (after pyasc's pipeline),
    the front end's IR text, and the Ascend C (emitted on first use)."""

    def __init__(self, name, module, params, ir, warnings_):
        self.name = name
        self.module = module
        self.params = params  # [(name, kind, dtype)] of the runtime parameters
        self.ir = ir          # the IR as the front end recorded it
        self.warnings = warnings_
        # A launch releases the GIL while the simulator runs; the module
        # serves one launch (or print/emit) at a time.
        self.lock = threading.Lock()
        self._ir_opt = None
        self._ascendc = None

    @property
    def ir_opt(self):
        """The IR after pyasc's pass pipeline."""
        if self._ir_opt is None:
            with self.lock:
                self._ir_opt = self.module.print()
        return self._ir_opt

    @property
    def ascendc(self):
        """The Ascend C source of the kernel."""
        if self._ascendc is None:
            with self.lock:
                text, diags = self.module.emit_ascendc()
            if text is None:
                raise CompileError(diags)
            self._ascendc = text
        return self._ascendc


class LaunchRecord:
    """What one launch did: status, simulator issues, timing."""

    def __init__(self, kernel, blocks, status, issues, summary, diags):
        self.kernel = kernel
        self.blocks = blocks
        self.status = status
        self.issues = issues
        self.summary = summary
        self.diagnostics = diags

    @property
    def ir(self):
        return self.kernel.ir

    @property
    def ir_opt(self):
        return self.kernel.ir_opt

    @property
    def ascendc(self):
        return self.kernel.ascendc

    @property
    def timing(self):
        return self.summary.get("timing")

    def report(self):
        """The timing report of the launch, as text."""
        s = self.summary
        lines = [f"kernel        {self.kernel.name}", f"blocks        {self.blocks}",
                 f"status        {self.status}"]
        t = s.get("timing")
        if t:
            lines.append(f"time          {t['seconds'] * 1e3:.3f} ms ({t['cycles']} cycles at {t['clock_mhz']} MHz)")
            busy = ", ".join(f"{p} {f * 100:.0f}%" for p, f in t["busy"].items() if f > 0)
            lines.append(f"pipes busy    {busy or 'none'}")
            if t["races"]:
                lines.append(f"races         {t['races']}")
        lines.append(f"simulated in  {s.get('seconds', 0.0) * 1e3:.3f} ms wall, {s.get('steps', 0)} steps")
        lines.append(f"diagnostics   {s.get('errors', 0)} errors, {s.get('warnings', 0)} warnings")
        return "\n".join(lines)


_last = threading.local()


def last_launch():
    """The LaunchRecord of the last launch on this thread (None before)."""
    return getattr(_last, "record", None)


class JITFunction:
    """A function decorated with @asc.jit."""

    def __init__(self, fn, **options):
        self.fn = fn
        self.options = options
        self._src = None
        self.cache = {}
        self.last_launch = None
        functools.update_wrapper(self, fn)

    def _casc_inline(self):
        """The parsed source (for the front end, which inlines calls)."""
        if self._src is None:
            self._src = FuncSource(self.fn)
        return self._src

    def __getitem__(self, launch_options):
        if isinstance(launch_options, tuple):
            if not 1 <= len(launch_options) <= 2:
                raise TypeError("Parse user launch options failed")
            blocks = launch_options[0]
        else:
            blocks = launch_options
        if not isinstance(blocks, int) or isinstance(blocks, bool) or blocks < 1:
            raise TypeError(f"Parse user launch options failed: the block count must be a positive int, "
                            f"got {blocks!r}")
        return functools.partial(self._launch, blocks)

    def __call__(self, *args, **kwargs):
        if _builder.current() is not None:
            raise RuntimeError(f"'{self.fn.__name__}' is an @asc.jit function: inside a kernel it is inlined "
                               f"by the front end, not called")
        raise RuntimeError(f"launch the kernel with {self.fn.__name__}[blocks](...) "
                           f"or {self.fn.__name__}[blocks, stream](...)")

    # ---- compile ----------------------------------------------------------

    def _bind(self, args, kwargs):
        src = self._casc_inline()
        try:
            bound = src.signature.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{src.name}(): {e}") from None
        bound.apply_defaults()
        return src, bound.arguments

    def _key(self, src, arguments):
        key = []
        for name, v in arguments.items():
            if name in src.constexpr:
                v = _python_scalar(ConstExpr.unwrap(v))
                key.append(("c", name, type(v), v))
            else:
                key.append(("t", name) + _param_kind(name, v))
        return tuple(key)

    def compile(self, *args, **kwargs):
        """The kernel specialised for these arguments (cached)."""
        src, arguments = self._bind(args, kwargs)
        return self._compile(src, arguments)

    def _compile(self, src, arguments):
        key = self._key(src, arguments)
        ck = self.cache.get(key)
        if ck is not None:
            return ck
        params = []

        def body(kernel):
            b = _builder.Build(kernel, src.file, src.line)
            _builder.enter(b)
            try:
                env = {}
                for part in key:
                    name = part[1]
                    if part[0] == "c":
                        env[name] = part[3]
                        continue
                    kind, dt = part[2], part[3]
                    if kind == "gm":
                        env[name] = GlobalAddress(C.arg_gm(src.file, src.line, kernel, name, dt.asc), dt)
                        params.append((name, "gm", dt))
                        continue
                    if kind == "np":
                        decl = C.arg_float if dt.is_float() else C.arg_int
                        wrap = RuntimeFloat if dt.is_float() else RuntimeInt
                        env[name] = wrap(decl(src.file, src.line, kernel, name, dt.asc))
                        params.append((name, "float" if dt.is_float() else "int", dt))
                        continue
                    decl, dt, passed, wrap = _SCALAR_KINDS[kind]
                    env[name] = wrap(decl(src.file, src.line, kernel, name, dt.asc))
                    params.append((name, passed, dt))
                run_kernel(src, env, b)
            finally:
                _builder.leave()

        module, diags = C.build(src.name, body)
        if module is None:
            raise CompileError(diags)
        ir = module.print()
        ok, more = module.compile()
        diags = diags + more
        if not ok:
            raise CompileError(diags)
        _warn(diags)
        ck = CompiledKernel(src.name, module, params, ir, [d for d in diags if d[0] == "warning"])
        self.cache[key] = ck
        return ck

    # ---- launch -----------------------------------------------------------

    def _launch(self, blocks, *args, **kwargs):
        src, arguments = self._bind(args, kwargs)
        ck = self._compile(src, arguments)
        cargs, writeback = [], []
        for name, kind, dt in ck.params:
            v = arguments[name]
            if kind == "gm":
                arr = _as_array(v)
                if not (arr.flags.c_contiguous and arr.flags.writeable):
                    tmp = np.ascontiguousarray(arr)
                    if arr.flags.writeable:
                        writeback.append((arr, tmp))
                    arr = tmp
                cargs.append(("gm", dt.casc, arr, name))
            elif kind == "float":
                cargs.append(("float", dt.casc, float(v), name))
            else:
                cargs.append(("int", dt.casc, int(v), name))
        with ck.lock:
            status, issues, summary, diags = ck.module.launch(ck.name, blocks, cargs)
        for dst, tmp in writeback:
            np.copyto(dst, tmp)
        if summary.get("output"):
            # What the kernel printed (dump_tensor / printf), as `casc run`
            # prints it: before any error, which comes after it in time.
            sys.stdout.write(summary["output"])
        record = LaunchRecord(ck, blocks, status, issues, summary, diags)
        self.last_launch = record
        _last.record = record
        if status != "ok":
            raise KernelError(diags, issues)
        _warn(diags)
        return None


def jit(fn=None, **options):
    """@asc.jit / @asc.jit(**options): the function is an Ascend C kernel
    (or a helper inlined into kernels that call it)."""
    if fn is None:
        return lambda f: JITFunction(f, **options)
    return JITFunction(fn, **options)


__all__ = ["jit", "JITFunction", "JitError", "CompileError", "KernelError", "CascWarning", "last_launch"]
