#!/usr/bin/env python3
"""Tiny .npy helper for the simulator's lit tests (no NumPy needed).

  npytool.py gen FILE DTYPE COUNT SEED [LO HI]   deterministic pseudo-random data
  npytool.py ref OP OUT X [Y] [ARG...]           plain reference computation:
        add (X + Y), leaky_relu (X, slope [, compute dtype]),
        softmax_rows (X, cols)
        rep (level-0/1 vector op, see rep() below)
  npytool.py cmp A B [TOL]                       compare; exact unless TOL given
  npytool.py rc CODE CMD [ARG...]                run CMD, fail unless it exits CODE
DTYPE: f32 f16 i32. Results are rounded to the dtype after every operation
the kernel does as one instruction (f16: computed in double, rounded once).
"""
import math
import struct
import sys

FMT = {"f32": ("<f4", "f", 4), "f16": ("<f2", "e", 2), "i32": ("<i4", "i", 4),
       "u8": ("|u1", "B", 1)}


def write(path, dtype, values):
    descr, code, _ = FMT[dtype]
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (
        descr, len(values))
    pad = (64 - (10 + len(header) + 1) % 64) % 64
    header = header + " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack("<%d%s" % (len(values), code), *values))


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:6] == b"\x93NUMPY", path
    hlen = struct.unpack("<H", data[8:10])[0]
    header = data[10:10 + hlen].decode("latin1")
    descr = header.split("'descr':")[1].split("'")[1]
    dtype = [k for k, v in FMT.items() if v[0] == descr][0]
    _, code, size = FMT[dtype]
    body = data[10 + hlen:]
    return dtype, list(struct.unpack("<%d%s" % (len(body) // size, code), body))


def rnd(dtype, v):
    _, code, _ = FMT[dtype]
    if dtype == "i32":
        return ((int(v) + 2**31) % 2**32) - 2**31
    return struct.unpack(code, struct.pack(code, v))[0]


def gen(path, dtype, count, seed, lo=-100.0, hi=100.0):
    state = int(seed) or 1
    vals = []
    for _ in range(int(count)):
        state = (state * 1103515245 + 12345) % 2**31
        u = state / 2**31
        v = float(lo) + (float(hi) - float(lo)) * u
        vals.append(rnd(dtype, int(v) if dtype == "i32" else v))
    write(path, dtype, vals)


def ref(op, out, *args):
    if op == "add":
        dt, x = read(args[0])
        _, y = read(args[1])
        write(out, dt, [rnd(dt, a + b) for a, b in zip(x, y)])
    elif op == "leaky_relu":
        # X, slope [, compute dtype]: x * slope rounded to the compute type,
        # then to the data type (the kernel may widen to f32 first).
        dt, x = read(args[0])
        ct = args[2] if len(args) > 2 else dt
        slope = rnd(ct, float(args[1]))
        write(out, dt, [a if a >= 0 else rnd(dt, rnd(ct, a * slope)) for a in x])
    elif op == "softmax_rows":
        dt, x = read(args[0])
        cols = int(args[1])
        res = []
        for r in range(len(x) // cols):
            row = x[r * cols:(r + 1) * cols]
            m = max(row)
            e = [math.exp(v - m) for v in row]
            s = sum(e)
            res += [rnd(dt, v / s) for v in e]
        write(out, dt, res)
    else:
        sys.exit("unknown op " + op)


def rep(out, op, x_path, y_path, scalar, mask, repeats, strides, init):
    """A level-0/1 vector op from its definition, for the simulator's tests:
    repeat r, element e of an operand with (blk, rep) strides in 32-byte
    blocks is at byte r*rep*32 + (e // (32/size))*blk*32 + (e % (32/size))*size.
    mask: 'n:COUNT' (the first COUNT elements of a repeat) or 'b:HI:LO'
    (bit arrays mask[1], mask[0] in hex). strides: 'db,s0b,s1b,dr,s0r,s1r'.
    dst starts as `init` everywhere; op: add, mul, adds, exp."""
    dt, x = read(x_path)
    _, y = read(y_path) if y_path != "-" else (dt, None)
    size = FMT[dt][2]
    per_blk, per_rep = 32 // size, 256 // size
    if mask.startswith("n:"):
        sel = list(range(int(mask[2:])))
    else:
        _, hi, lo = mask.split(":")
        bits = (int(hi, 16) << 64) | int(lo, 16)
        sel = [e for e in range(per_rep) if bits >> e & 1]
    db, s0b, s1b, dr, s0r, s1r = [int(v) for v in strides.split(",")]

    def idx(r, e, blk, rp):
        off = r * rp * 32 + (e // per_blk) * blk * 32 + (e % per_blk) * size
        return off // size

    z = [rnd(dt, float(init))] * len(x)
    for r in range(int(repeats)):
        for e in sel:
            a = x[idx(r, e, s0b, s0r)]
            if op == "add":
                v = a + y[idx(r, e, s1b, s1r)]
            elif op == "mul":
                v = a * y[idx(r, e, s1b, s1r)]
            elif op == "adds":
                v = a + rnd(dt, float(scalar))
            elif op == "exp":
                v = math.exp(a)
            else:
                sys.exit("unknown op " + op)
            z[idx(r, e, db, dr)] = rnd(dt, v)
    write(out, dt, z)


def cmp(a, b, tol=None):
    da, va = read(a)
    db, vb = read(b)
    if da != db or len(va) != len(vb):
        sys.exit("shape/dtype differ: %s[%d] vs %s[%d]" % (da, len(va), db, len(vb)))
    worst = 0.0
    for i, (p, q) in enumerate(zip(va, vb)):
        d = abs(p - q)
        worst = max(worst, d)
        if (tol is None and p != q) or (tol is not None and d > float(tol)):
            sys.exit("element %d differs: %r vs %r" % (i, p, q))
    print("match: %d elements, max abs error %g" % (len(va), worst))


def rc(code, *cmd):
    import subprocess
    got = subprocess.call(list(cmd))
    if got != int(code):
        sys.exit("%s exited %d, expected %s" % (cmd[0], got, code))


if __name__ == "__main__":
    cmd, rest = sys.argv[1], sys.argv[2:]
    {"gen": gen, "ref": ref, "cmp": cmp, "rc": rc, "rep": rep}[cmd](*rest)
