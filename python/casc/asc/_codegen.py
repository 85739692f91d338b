"""The front end of @asc.jit: the decorated function's Python source becomes
ASC-IR.

pyasc walks the function's AST; so does this module, as an interpreter
that runs the body ONCE while a kernel is being built (casc._casc.build):

* plain Python values (ints, floats, dtypes, ConstExpr parameters, module
  constants) are computed in Python: they are compile-time constants and
  fold away, as in pyasc;
* runtime values (kernel arguments, get_block_idx(), loop indices...) are
  IR values; operators on them and every asc.* call record ops at the line
  of the Python expression;
* `for i in range(...)` (builtin or asc.range) becomes scf.for even with
  constant bounds (pyasc's rule); asc.static_range and iteration over
  Python sequences unroll;
* `if` on a runtime value becomes scf.if; on a Python value only the taken
  branch is compiled;
* a variable assigned in a runtime loop or branch that existed before it
  is carried through it: loop-carried (iter_args) in a loop, a result in a
  branch. Scalars only, as in pyasc; a tensor or queue reassigned there is
  reported where it is used afterwards;
* calls of other @asc.jit functions are inlined at the call, exactly as
  casc's C front end records its sub-functions (pyasc emits func.call and
  its inliner pass inlines them: after `casc opt` the IR is the same).

Every error is a JitError carrying the user's file:line."""
import ast
import builtins
import inspect
import operator
import textwrap

from .. import _casc as C
from . import _builder
from .ops import range as asc_range
from .ops import static_range
from .values import ConstExpr, PlainValue, RuntimeBool, RuntimeFloat, RuntimeInt, is_constexpr_hint


class JitError(Exception):
    """A kernel that cannot be compiled: misuse of the API or Python the
    front end does not support, at the user's file:line."""

    def __init__(self, file, line, msg):
        super().__init__(f"{file}:{line}: error: {msg}")
        self.file = file
        self.line = line
        self.msg = msg


class _Return(Exception):
    def __init__(self, value):
        super().__init__()
        self.value = value


class _LoopExit(Exception):
    def __init__(self, kind):
        super().__init__()
        self.kind = kind  # "break" or "continue"


class _OutOfScope:
    """A name that is not usable after the runtime loop/branch that
    assigned it (a non-scalar reassigned there, or first defined there)."""

    __slots__ = ("why", )

    def __init__(self, why):
        self.why = why


class FuncSource:
    """A Python function's AST, file, line and parameters: parsed once."""

    def __init__(self, fn):
        self.fn = fn
        self.name = fn.__name__
        code = fn.__code__
        self.file = inspect.getsourcefile(fn) or code.co_filename
        try:
            lines, first = inspect.getsourcelines(fn)
        except (OSError, TypeError) as e:
            raise JitError(self.file, code.co_firstlineno, f"cannot read the source of '{self.name}': {e}") from e
        tree = ast.parse(textwrap.dedent("".join(lines)))
        ast.increment_lineno(tree, first - 1)
        node = tree.body[0]
        if not isinstance(node, ast.FunctionDef):
            raise JitError(self.file, first, f"@asc.jit needs a function definition, got {type(node).__name__}")
        self.node = node
        self.line = node.lineno
        self.signature = inspect.signature(fn)
        self.globals = fn.__globals__
        self.closure = {}
        if fn.__closure__:
            for name, cell in zip(code.co_freevars, fn.__closure__):
                try:
                    self.closure[name] = cell.cell_contents
                except ValueError:
                    pass
        self.hints = self._resolve_hints(fn)
        self.constexpr = {n for n, h in self.hints.items() if is_constexpr_hint(h)}

    def _resolve_hints(self, fn):
        hints = {}
        for name, h in getattr(fn, "__annotations__", {}).items():
            if isinstance(h, str):  # from __future__ import annotations
                try:
                    h = eval(h, self.globals, dict(self.closure))  # noqa: S307 (the user's own annotation)
                except Exception:  # noqa: BLE001 (an unresolvable hint is just not a ConstExpr)
                    h = None
            hints[name] = h
        return hints


_BINOPS = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow, ast.LShift: operator.lshift,
    ast.RShift: operator.rshift, ast.BitOr: operator.or_, ast.BitXor: operator.xor, ast.BitAnd: operator.and_,
    ast.MatMult: operator.matmul,
}
_CMPOPS = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
    ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}
_RUNTIME_SCALARS = (RuntimeInt, RuntimeFloat, RuntimeBool)
_MAX_INLINE_DEPTH = 64

# Names assigned in a statement list, per AST node (computed once).
_assigned_cache = {}


def _assigned_names(stmts):
    key = (id(stmts[0]), len(stmts)) if stmts else None
    names = _assigned_cache.get(key)
    if names is None:
        found = []
        for s in stmts:
            for n in ast.walk(s):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id not in found:
                    found.append(n.id)
        names = tuple(found)
        _assigned_cache[key] = names
    return names


class Interpreter:
    """Runs one function body (the kernel, or an inlined helper) once."""

    def __init__(self, src, env, build, depth=0):
        self.src = src
        self.env = env
        self.b = build
        self.depth = depth
        self.region = 0  # nesting depth of runtime loops/branches

    # ---- errors ---------------------------------------------------------

    def error(self, node, msg):
        return JitError(self.src.file, getattr(node, "lineno", self.b.line), msg)

    # ---- statements -------------------------------------------------------

    def run(self):
        try:
            self.exec_block(self.src.node.body)
        except _Return as r:
            return r.value
        return None

    def exec_block(self, stmts):
        for s in stmts:
            self.b.file = self.src.file
            self.b.line = s.lineno
            fn = _STMT.get(type(s))
            if fn is None:
                raise self.error(s, f"'{type(s).__name__}' statements are not supported in @asc.jit functions")
            fn(self, s)

    def st_expr(self, s):
        self.ev(s.value)

    def st_pass(self, s):
        pass

    def st_assign(self, s):
        v = self.ev(s.value)
        for t in s.targets:
            self.assign(t, v)

    def st_annassign(self, s):
        if s.value is not None:
            self.assign(s.target, self.ev(s.value))

    def st_augassign(self, s):
        op = _BINOPS[type(s.op)]
        t = s.target
        if isinstance(t, ast.Name):
            cur = self.lookup(t)
            self.b.line = s.lineno
            self.assign(t, op(cur, self.ev(s.value)))
        elif isinstance(t, ast.Subscript):
            obj, idx = self.ev(t.value), self.ev_slice(t.slice)
            rhs = self.ev(s.value)
            obj[idx] = op(obj[idx], rhs)
        elif isinstance(t, ast.Attribute):
            obj = self.ev(t.value)
            rhs = self.ev(s.value)
            setattr(obj, t.attr, op(getattr(obj, t.attr), rhs))
        else:
            raise self.error(s, "unsupported augmented assignment target")

    def assign(self, t, v):
        if isinstance(t, ast.Name):
            self.env[t.id] = v
        elif isinstance(t, (ast.Tuple, ast.List)):
            vals = list(v)
            if len(vals) != len(t.elts):
                raise self.error(t, f"cannot unpack {len(vals)} values into {len(t.elts)} names")
            for e, x in zip(t.elts, vals):
                self.assign(e, x)
        elif isinstance(t, ast.Subscript):
            self.ev(t.value)[self.ev_slice(t.slice)] = v
        elif isinstance(t, ast.Attribute):
            setattr(self.ev(t.value), t.attr, v)
        else:
            raise self.error(t, f"cannot assign to {type(t).__name__}")

    def st_return(self, s):
        if self.region:
            raise self.error(s, "return inside a runtime loop or branch is not supported "
                             "(the body is recorded once)")
        raise _Return(None if s.value is None else self.ev(s.value))

    def st_break(self, s):
        if self.region:
            raise self.error(s, "break inside a runtime loop or branch is not supported "
                             "(the body is recorded once; use an if to make work conditional)")
        raise _LoopExit("break")

    def st_continue(self, s):
        if self.region:
            raise self.error(s, "continue inside a runtime loop or branch is not supported "
                             "(the body is recorded once; use an if to make work conditional)")
        raise _LoopExit("continue")

    def st_assert(self, s):
        test = self.ev(s.test)
        if isinstance(test, PlainValue):
            raise self.error(s, "assert needs a compile-time condition, got a runtime value")
        if not test:
            msg = self.ev(s.msg) if s.msg is not None else "assertion failed"
            raise self.error(s, str(msg))

    def st_raise(self, s):
        exc = self.ev(s.exc) if s.exc is not None else RuntimeError("re-raise")
        raise self.error(s, f"{type(exc).__name__ if isinstance(exc, BaseException) else exc}: {exc}")

    def st_if(self, s):
        cond = self.ev(s.test)
        if isinstance(cond, (RuntimeBool, RuntimeInt)):
            self.runtime_if(s, cond)
        elif isinstance(cond, PlainValue):
            raise self.error(s, "an if condition must be a bool or an integer, got a runtime float")
        else:
            self.exec_block(s.body if cond else s.orelse)

    def st_for(self, s):
        if s.orelse:
            raise self.error(s, "for ... else is not supported in @asc.jit functions")
        it = s.iter
        if isinstance(it, ast.Call):
            f = self.ev(it.func)
            if f is builtins.range or type(f) is type and issubclass(f, asc_range):
                args = [self.ev(a) for a in it.args]
                if it.keywords:
                    raise self.error(it, "range() takes no keyword arguments")
                rng = asc_range(*args) if f is builtins.range else f(*args)
                if isinstance(rng, static_range):
                    return self.python_for(s, builtins.range(*(ConstExpr.unwrap(a) for a in args)))
                return self.runtime_for(s, rng)
        seq = self.ev(it)
        if isinstance(seq, static_range):
            seq = builtins.range(ConstExpr.unwrap(seq.start), ConstExpr.unwrap(seq.stop), ConstExpr.unwrap(seq.step))
        elif isinstance(seq, asc_range):
            return self.runtime_for(s, seq)
        self.python_for(s, seq)

    def python_for(self, s, seq):
        for v in seq:
            self.b.line = s.lineno
            self.assign(s.target, v)
            try:
                self.exec_block(s.body)
            except _LoopExit as e:
                if e.kind == "break":
                    break

    def st_while(self, s):
        n = 0
        while True:
            self.b.line = s.lineno
            cond = self.ev(s.test)
            if isinstance(cond, PlainValue):
                raise self.error(s, "while on a runtime condition is not supported (use for i in range(n))")
            if not cond:
                break
            n += 1
            if n > 1_000_000:
                raise self.error(s, "compile-time while loop ran more than 1000000 times")
            try:
                self.exec_block(s.body)
            except _LoopExit as e:
                if e.kind == "break":
                    break

    # ---- runtime regions --------------------------------------------------

    def _carried(self, stmts):
        """The names a runtime region must carry: assigned in it and holding
        a scalar before it. Python numbers become runtime values here: their
        value changes in a region that is recorded once."""
        cells = []
        for name in _assigned_names(stmts):
            if name not in self.env:
                continue
            v = self.env[name]
            f, line = self.b.file, self.b.line
            if isinstance(v, RuntimeFloat) or (isinstance(v, float)):
                cell = (C.var_float(f, line, v.h if isinstance(v, PlainValue) else v), C.get_float, C.set_float)
            elif isinstance(v, RuntimeBool):
                cell = (C.var_bool(f, line, v.h), C.get_bool, C.set_bool)
            elif isinstance(v, RuntimeInt) or (isinstance(v, int) and not isinstance(v, bool)):
                cell = (C.var_int(f, line, v.h if isinstance(v, PlainValue) else v), C.get_int, C.set_int)
            elif isinstance(v, bool):
                cell = (C.var_bool(f, line, int(v)), C.get_bool, C.set_bool)
            else:
                continue
            cells.append((name, cell))
        return cells

    _WRAP = {C.get_int: RuntimeInt, C.get_float: RuntimeFloat, C.get_bool: RuntimeBool}

    def _read_cells(self, cells, line):
        for name, (cell, get, _) in cells:
            self.env[name] = self._WRAP[get](get(self.src.file, line, cell))

    def _write_cells(self, cells, line):
        for name, (cell, _, put) in cells:
            v = self.env.get(name)
            if isinstance(v, PlainValue):
                put(self.src.file, line, cell, v.h)
            elif isinstance(v, (int, float)):
                put(self.src.file, line, cell, v)
            else:
                raise JitError(self.src.file, line, f"'{name}' holds a scalar before this loop/branch and a "
                               f"{type(v).__name__} at its end: a carried value keeps its kind")

    def _body(self, frame, stmts, cells, iv_target=None):
        """The frame protocol of casc's ASC_FOR / ASC_IF (see lang.c)."""
        self.region += 1
        try:
            while C.frame_enter(frame):
                iv = C.frame_iv(frame) if iv_target is not None else None
                while C.frame_body(frame):
                    line = stmts[0].lineno
                    self._read_cells(cells, line)
                    if iv_target is not None:
                        self.env[iv_target] = RuntimeInt(iv)
                    self.exec_block(stmts)
                    self._write_cells(cells, stmts[-1].lineno)
                    C.frame_body_end(frame)
        finally:
            self.region -= 1
        C.frame_close(frame)

    def _scope_out(self, stmts, before, cells, what, line):
        """After a region: names it assigned that are not carried cannot be
        used (their value depends on the path, or is the region's own)."""
        carried = {n for n, _ in cells}
        for name in _assigned_names(stmts):
            if name in carried:
                continue
            why = (f"'{name}' is assigned inside the {what} at line {line}; only scalars that exist before it "
                   f"are carried out of it")
            self.env[name] = _OutOfScope(why) if name not in before or before[name] is not self.env.get(name) \
                else before[name]

    def runtime_for(self, s, rng):
        if not isinstance(s.target, ast.Name):
            raise self.error(s, "the target of a runtime for must be a single name")
        f, line = self.src.file, s.lineno
        bounds = []
        for what, v in (("start", rng.start), ("stop", rng.stop), ("step", rng.step)):
            v = ConstExpr.unwrap(v)
            if isinstance(v, RuntimeInt):
                bounds.append(v.h)
            elif isinstance(v, int) and not isinstance(v, bool):
                bounds.append(v)
            else:
                raise self.error(s, f"range {what} must be an integer, got {type(v).__name__}")
        before = dict(self.env)
        self.b.line = line
        cells = self._carried(s.body)
        frame = C.for_open(f, line, *bounds)
        self._body(frame, s.body, cells, s.target.id)
        self.b.line = line
        self._read_cells(cells, line)
        self._scope_out(s.body, before, cells, "for loop", line)
        self.env[s.target.id] = _OutOfScope(f"the loop index '{s.target.id}' is used after its loop (line {line})")

    def runtime_if(self, s, cond):
        f, line = self.src.file, s.lineno
        before = dict(self.env)
        stmts = s.body + s.orelse
        cells = self._carried(stmts)
        frame = C.if_open(f, line, cond.h)
        self._body(frame, s.body, cells)
        if s.orelse:
            # The else branch starts from the values before the if.
            for n in _assigned_names(s.body):
                if n in before:
                    self.env[n] = before[n]
                else:
                    self.env.pop(n, None)
            self.b.line = s.orelse[0].lineno
            frame = C.else_open(f, s.orelse[0].lineno)
            self._body(frame, s.orelse, cells)
        self.b.line = line
        self._read_cells(cells, line)
        self._scope_out(stmts, before, cells, "if", line)

    # ---- expressions ------------------------------------------------------

    def ev(self, n):
        fn = _EXPR.get(type(n))
        if fn is None:
            raise self.error(n, f"'{type(n).__name__}' expressions are not supported in @asc.jit functions")
        return fn(self, n)

    def ev_constant(self, n):
        return n.value

    def lookup(self, n):
        name = n.id
        env = self.env
        if name in env:
            v = env[name]
        elif name in self.src.closure:
            v = self.src.closure[name]
        elif name in self.src.globals:
            v = self.src.globals[name]
        elif hasattr(builtins, name):
            v = getattr(builtins, name)
        else:
            raise self.error(n, f"name '{name}' is not defined")
        if isinstance(v, _OutOfScope):
            raise self.error(n, v.why)
        return v

    def ev_name(self, n):
        return self.lookup(n)

    def ev_attribute(self, n):
        obj = self.ev(n.value)
        try:
            return getattr(obj, n.attr)
        except AttributeError as e:
            raise self.error(n, str(e)) from None

    def ev_slice(self, n):
        if isinstance(n, ast.Slice):
            return slice(None if n.lower is None else self.ev(n.lower),
                         None if n.upper is None else self.ev(n.upper),
                         None if n.step is None else self.ev(n.step))
        return self.ev(n)

    def ev_subscript(self, n):
        obj = self.ev(n.value)
        idx = self.ev_slice(n.slice)
        self.b.line = n.lineno
        return obj[idx]

    def ev_binop(self, n):
        a = self.ev(n.left)
        b = self.ev(n.right)
        self.b.line = n.lineno
        return _BINOPS[type(n.op)](a, b)

    def ev_unaryop(self, n):
        v = self.ev(n.operand)
        self.b.line = n.lineno
        op = n.op
        if isinstance(op, ast.Not):
            if isinstance(v, PlainValue):
                return v == 0
            return not v
        if isinstance(op, ast.USub):
            return -v
        if isinstance(op, ast.UAdd):
            return +v
        return ~v

    def ev_boolop(self, n):
        is_and = isinstance(n.op, ast.And)
        v = None
        for e in n.values:
            v = self.ev(e)
            if isinstance(v, PlainValue):
                raise self.error(n, "'and' / 'or' need compile-time operands (Python evaluates them lazily)")
            if is_and and not v or not is_and and v:
                return v
        return v

    def ev_compare(self, n):
        left = self.ev(n.left)
        result = True
        for op, right_node in zip(n.ops, n.comparators):
            right = self.ev(right_node)
            self.b.line = n.lineno
            r = _CMPOPS[type(op)](left, right)
            if isinstance(r, PlainValue):
                if len(n.ops) > 1:
                    raise self.error(n, "chained comparisons of runtime values are not supported")
                return r
            if not r:
                return False
            result = r
            left = right
        return result

    def ev_ifexp(self, n):
        cond = self.ev(n.test)
        if isinstance(cond, RuntimeBool):
            a, b = self.ev(n.body), self.ev(n.orelse)
            self.b.line = n.lineno
            sel = C.fselect if isinstance(a, (float, RuntimeFloat)) or isinstance(b, (float, RuntimeFloat)) \
                else C.iselect
            wrap = RuntimeFloat if sel is C.fselect else RuntimeInt
            return wrap(sel(self.src.file, n.lineno, cond.h, a.h if isinstance(a, PlainValue) else a,
                            b.h if isinstance(b, PlainValue) else b))
        if isinstance(cond, PlainValue):
            raise self.error(n, "a conditional expression needs a bool condition")
        return self.ev(n.body) if cond else self.ev(n.orelse)

    def ev_tuple(self, n):
        return tuple(self._elts(n.elts))

    def ev_list(self, n):
        return list(self._elts(n.elts))

    def _elts(self, elts):
        out = []
        for e in elts:
            if isinstance(e, ast.Starred):
                out.extend(self.ev(e.value))
            else:
                out.append(self.ev(e))
        return out

    def ev_dict(self, n):
        return {self.ev(k): self.ev(v) for k, v in zip(n.keys, n.values)}

    def ev_joinedstr(self, n):
        parts = []
        for v in n.values:
            if isinstance(v, ast.FormattedValue):
                spec = self.ev(v.format_spec) if v.format_spec is not None else ""
                parts.append(format(self.ev(v.value), spec))
            else:
                parts.append(str(self.ev(v)))
        return "".join(parts)

    def ev_call(self, n):
        f = self.ev(n.func)
        args = self._elts(n.args)
        kwargs = {}
        for k in n.keywords:
            if k.arg is None:
                kwargs.update(self.ev(k.value))
            else:
                kwargs[k.arg] = self.ev(k.value)
        self.b.file = self.src.file
        self.b.line = n.lineno
        inline = getattr(f, "_casc_inline", None)
        if inline is not None:
            return self.inline(f, inline, args, kwargs, n)
        return f(*args, **kwargs)

    def inline(self, jf, src_of, args, kwargs, n):
        """A call of another @asc.jit function: its body is recorded here."""
        if self.depth >= _MAX_INLINE_DEPTH:
            raise self.error(n, f"@asc.jit calls nested more than {_MAX_INLINE_DEPTH} deep (recursion?)")
        src = src_of()
        try:
            bound = src.signature.bind(*args, **kwargs)
        except TypeError as e:
            raise self.error(n, f"{src.name}(): {e}") from None
        bound.apply_defaults()
        env = {}
        for name, v in bound.arguments.items():
            if name in src.constexpr:
                v = ConstExpr.unwrap(v)
                if isinstance(v, PlainValue):
                    raise self.error(n, f"{src.name}(): argument '{name}' is a ConstExpr but got a runtime value")
            env[name] = v
        sub = Interpreter(src, env, self.b, self.depth + 1)
        result = sub.run()
        self.b.file = self.src.file
        self.b.line = n.lineno
        return result


_STMT = {
    ast.Expr: Interpreter.st_expr, ast.Pass: Interpreter.st_pass, ast.Assign: Interpreter.st_assign,
    ast.AnnAssign: Interpreter.st_annassign, ast.AugAssign: Interpreter.st_augassign,
    ast.Return: Interpreter.st_return, ast.If: Interpreter.st_if, ast.For: Interpreter.st_for,
    ast.While: Interpreter.st_while, ast.Break: Interpreter.st_break, ast.Continue: Interpreter.st_continue,
    ast.Assert: Interpreter.st_assert, ast.Raise: Interpreter.st_raise,
}
_EXPR = {
    ast.Constant: Interpreter.ev_constant, ast.Name: Interpreter.ev_name, ast.Attribute: Interpreter.ev_attribute,
    ast.Subscript: Interpreter.ev_subscript, ast.BinOp: Interpreter.ev_binop, ast.UnaryOp: Interpreter.ev_unaryop,
    ast.BoolOp: Interpreter.ev_boolop, ast.Compare: Interpreter.ev_compare, ast.IfExp: Interpreter.ev_ifexp,
    ast.Tuple: Interpreter.ev_tuple, ast.List: Interpreter.ev_list, ast.Dict: Interpreter.ev_dict,
    ast.JoinedStr: Interpreter.ev_joinedstr, ast.Call: Interpreter.ev_call,
}


def run_kernel(src, env, build):
    """Interpret the kernel body; any failure becomes a JitError at the
    line being compiled."""
    interp = Interpreter(src, env, build)
    try:
        interp.run()
    except JitError:
        raise
    except (_LoopExit, _Return):
        raise JitError(build.file, build.line, "break/continue outside a loop") from None
    except Exception as e:  # noqa: BLE001 (misuse inside the kernel: located)
        raise JitError(build.file, build.line, f"{type(e).__name__}: {e}") from e
