"""Compare a kernel casc's C API printed with the one pyasc's front end built
(its codegen.mlir), op for op.

  pyasc_ir_diff.py PYASC.mlir CASC.mlir KERNEL

pyasc's @asc.jit helpers are functions of their own (`call @calc_offsets`);
a C kernel writes them inline, so each call of a helper of the pyasc module
is replaced by the helper's body (its results by what it returns). Then both
sides lose their locations, and SSA names become the order of definition
(%v0, %v1, ...: MLIR's names like %c0_i32_46 differ with the constants the
printer has seen before). Prints the first difference, or "same: N lines".
"""
import re
import sys

NAME = re.compile(r"%[A-Za-z0-9_$.]+(?:#[0-9]+)?")


def strip_locs(line):
    # ' loc(...)' at the end, with nested parentheses
    i = line.find(" loc(")
    while i >= 0:
        depth, j = 0, i + 4
        while j < len(line):
            depth += line[j] == "("
            depth -= line[j] == ")"
            j += 1
            if depth == 0:
                break
        line = line[:i] + line[j:]
        i = line.find(" loc(")
    return line.rstrip()


def functions(text):
    """name -> (header, body lines) of each func.func."""
    funcs, cur = {}, None
    for raw in text.splitlines():
        line = strip_locs(raw).strip()
        if not line or line.startswith("#loc"):
            continue
        m = re.match(r"func\.func @(\w+)\((.*)\)", line)
        if m:
            cur = m.group(1)
            funcs[cur] = (line, [])
            depth = 1
            continue
        if cur is None:
            continue
        depth += line.count("{") - line.count("}")
        if depth <= 0:
            cur = None
            continue
        funcs[cur][1].append(line)
    return funcs


def inline_calls(body, funcs, kernel):
    out = []
    for line in body:
        m = re.match(r"(%\w+)(?::(\d+))? = call @(\w+)\((.*?)\) :", line)
        if not m or m.group(3) == kernel or m.group(3) not in funcs:
            out.append(line)
            continue
        res, callee, args = m.group(1), m.group(3), m.group(4).split(", ")
        sub = {"%%arg%d" % i: a for i, a in enumerate(args)}
        for cl in funcs[callee][1]:
            if cl.startswith("return "):
                vals = cl[len("return "):].split(" : ")[0].split(", ")
                for i, v in enumerate(vals):
                    sub["%s#%d" % (res, i)] = NAME.sub(
                        lambda x: sub.get(x.group(0), x.group(0)), v)
                continue
            def ren(x):
                n = x.group(0)
                if n in sub:
                    return sub[n]
                sub[n] = "%%inl_%s_%s" % (callee, n[1:])
                return sub[n]
            out.append(NAME.sub(ren, cl))
        # later uses of the call's results
        out_sub = {k: v for k, v in sub.items() if k.startswith(res + "#")}
        body_rest = None
        out.append(("SUB", out_sub))
    # apply result substitutions to the lines after each call
    final, subs = [], {}
    for line in out:
        if isinstance(line, tuple):
            subs.update(line[1])
            continue
        final.append(NAME.sub(lambda x: subs.get(x.group(0), x.group(0)),
                              line))
    return final


def canonical(lines):
    names, out = {}, []
    def use(x):
        n = x.group(0)
        return names.get(n, n)
    for line in lines:
        defs = []
        m = re.match(r"((?:%[\w$.]+(?::\d+)?)(?:, %[\w$.]+)*) = ", line)
        if m:
            defs = re.findall(r"%[\w$.]+", m.group(1))
        # block arguments: scf.while (%arg7 = ...) / ^bb0(%arg7: i32)
        defs += re.findall(r"\((%[\w$.]+) = ", line)
        defs += re.findall(r"\^bb\d+\((%[\w$.]+):", line)
        line = NAME.sub(use, line)
        for d in defs:
            if d not in names:
                names[d] = "%%v%d" % len(names)
        line = NAME.sub(use, line) if defs else line
        out.append(line)
    return out


def main():
    pyasc_text = open(sys.argv[1]).read()
    casc_text = open(sys.argv[2]).read()
    kernel = sys.argv[3]
    pf, cf = functions(pyasc_text), functions(casc_text)
    want = canonical(inline_calls(pf[kernel][1], pf, kernel))
    got = canonical(cf[kernel][1])
    for i, (w, g) in enumerate(zip(want, got)):
        if w != g:
            print("differ at op %d:\n  pyasc: %s\n  casc:  %s" % (i, w, g))
            return 1
    if len(want) != len(got):
        print("pyasc has %d lines, casc %d" % (len(want), len(got)))
        return 1
    print("same: %d lines" % len(want))
    return 0


if __name__ == "__main__":
    sys.exit(main())
