#!/usr/bin/env python3
"""The IR Matmul object's rows on int8 and half against a plain reference
(no NumPy needed): writes a kernel (the rows pyasc emits: regist_matmul_obj,
init, set_tensor_a / b with a runtime transpose flag, set_tail for the last
block, iterate_all, end), its inputs and, after `casc run`, checks C.

  matmul_rows.py gen DIR DT TRA TRB M N K SCM BM BN BK [BATCH]
  matmul_rows.py check DIR

DT i8h-noquant: i8h without set_quant_scalar (a kernel error).
BATCH > 0: one block runs iterate_batch over BATCH pairs of A and B that
follow each other in GM (LayoutMode NORMAL) instead of iterate_all.

DT: i8 (C int32), i8h (int8 into half C through SetQuantScalar's DEQF16
scale 0.1, which the cube reads with 10 mantissa bits: the exact sum times
that scale, rounded once to half) or f16 (C half; inputs that are
multiples of 1/64 in [-2, 2), so that f32 holds every partial sum
exactly): all bit-exact. Blocks split M in parts
of SCM rows; the last may be shorter (set_tail). TRA / TRB: A given K x M,
B given N x K.
"""
import json
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import npytool  # noqa: E402

CFG = "<do_norm = true, iterate_order = 0 : i32>"


SCALE_BITS = 0x3DCCCCCD  # 0.1f; the cube keeps its top 10 mantissa bits


def mm_type(dt, batch):
    ab = "i8" if dt in ("i8", "i8h") else dt
    c = "i32" if dt == "i8" else "f16"
    bias = "i32" if ab == "i8" else "f32"
    lay = 1 if batch else 0  # LayoutMode NORMAL for IterateBatch
    return ("!ascendc.matmul<gm, 0 : i32, %s, false, %d : i32, gm, 0 : i32, "
            "%s, false, %d : i32, gm, 0 : i32, %s, false, %d : i32, gm, "
            "0 : i32, %s, %s>" % (ab, lay, ab, lay, c, lay, bias, CFG)), ab, c


def kernel(dt, tra, trb, m, n, k, scm, batch):
    noquant = dt.endswith("-noquant")
    t, dt, c = mm_type(dt.split("-")[0], batch)
    if batch:
        run = ("  %%nb = arith.constant %d : ui32\n  %%z = arith.constant 0 : "
               "ui32\n  ascendc.matmul.iterate_batch %%mm, %%gc, %%nb, %%nb, "
               "%%false, %%z, %%z, %%z, %%false {operandSegmentSizes = "
               "array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 0>} : %s, "
               "!ascendc.global_tensor<*x%s>, ui32, ui32, i1, ui32, ui32, "
               "ui32, i1\n" % (batch, t, c))
    else:
        run = ("  ascendc.matmul.iterate_all %%mm, %%gc, %%c0_i8, %%false, "
               "%%false, %%false, %%false {operandSegmentSizes = array<i32: 1, "
               "1, 1, 1, 1, 1, 1>} : %s, !ascendc.global_tensor<*x%s>, i8, i1, "
               "i1, i1, i1\n" % (t, c))
    quant = ("  %%q = arith.constant %d : ui64\n"
             "  ascendc.matmul.set_quant_scalar %%mm, %%q : %s, ui64\n"
             % (SCALE_BITS, t)) if c == "f16" and dt == "i8" and not noquant else ""
    offa = scm if tra else scm * k
    g = lambda e: "!ascendc.global_tensor<*x%s>" % e  # noqa: E731
    mr = lambda e: "memref<?x%s, 22>" % e  # noqa: E731
    return f"""func.func @mm(%a: {mr(dt)}, %b: {mr(dt)}, %c: {mr(c)}, %t: memref<?x!ascendc.cube_tiling, 22>) attributes {{ascendc.aicore, ascendc.global}} {{
  %false = arith.constant false
  %c0_i8 = arith.constant 0 : i8
  %tra = arith.constant {str(bool(tra)).lower()}
  %trb = arith.constant {str(bool(trb)).lower()}
  %m = arith.constant {m} : i32
  %scm = arith.constant {scm} : i32
  %none = arith.constant -1 : i32
  %offa_c = arith.constant {offa} : i32
  %offc_c = arith.constant {scm * n} : i32
  %ts = emitasc.copy_struct %t : memref<?x!ascendc.cube_tiling, 22>, !ascendc.cube_tiling
  %blk = ascendc.get_block_idx : i32
  %oa = arith.muli %blk, %offa_c : i32
  %oc = arith.muli %blk, %offc_c : i32
  %row0 = arith.muli %blk, %scm : i32
  %left = arith.subi %m, %row0 : i32
  %tail = arith.minsi %left, %scm : i32
  %ia = arith.index_cast %oa : i32 to index
  %ic = arith.index_cast %oc : i32 to index
  %pa = emitasc.ptr_offset %a[%ia] : {mr(dt)}, {mr(dt)}
  %pc = emitasc.ptr_offset %c[%ic] : {mr(c)}, {mr(c)}
  %ga = ascendc.global_tensor : {g(dt)}
  ascendc.global_tensor.set_global_buffer %ga, %pa : {g(dt)}, {mr(dt)}
  %gb = ascendc.global_tensor : {g(dt)}
  ascendc.global_tensor.set_global_buffer %gb, %b : {g(dt)}, {mr(dt)}
  %gc = ascendc.global_tensor : {g(c)}
  ascendc.global_tensor.set_global_buffer %gc, %pc : {g(c)}, {mr(c)}
  %p = ascendc.pipe
  %mm = ascendc.construct {t}()
  ascendc.regist_matmul_obj %p, %c, %mm : !ascendc.pipe, {mr(c)}, {t}
  ascendc.matmul.init %mm, %ts : {t}, !ascendc.cube_tiling
  ascendc.matmul.set_tensor_a %mm, %ga, %tra : {t}, {g(dt)}, i1
  ascendc.matmul.set_tensor_b %mm, %gb, %trb : {t}, {g(dt)}, i1
  ascendc.matmul.set_tail %mm, %tail, %none, %none : {t}, i32, i32, i32
{quant}{run}  ascendc.matmul.end %mm : {t}
  return
}}
"""


def values(n, seed, lo, hi):
    out, x = [], seed
    for _ in range(n):
        x = (x * 1103515245 + 12345) % (1 << 31)
        out.append(lo + x % (hi - lo + 1))
    return out


def write_i8(path, vals):
    header = "{'descr': '|i1', 'fortran_order': False, 'shape': (%d,), }" % len(vals)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1") + struct.pack("<%db" % len(vals), *vals))


def gen(d, dt, tra, trb, m, n, k, scm, bm, bn, bk, batch=0):
    os.makedirs(d, exist_ok=True)
    nb = max(batch, 1)
    if dt.startswith("i8"):
        a = values(nb * m * k, 1, -128, 127)
        b = values(nb * k * n, 2, -128, 127)
    else:  # halves in [-2, 2) with 1/64 steps: every product exact in f32
        a = [v / 64.0 for v in values(nb * m * k, 1, -128, 127)]
        b = [v / 64.0 for v in values(nb * k * n, 2, -128, 127)]
    # the GM layouts: A M x K or K x M, B K x N or N x K (one batch)
    ga = [a[i * k + j] for j in range(k) for i in range(m)] if tra else a
    gb = [b[i * n + j] for j in range(n) for i in range(k)] if trb else b
    for name, v in (("a", ga), ("b", gb)):
        if dt.startswith("i8"):
            write_i8(os.path.join(d, name + ".npy"), v)
        else:
            npytool.write(os.path.join(d, name + ".npy"), "f16", v)
    blocks = (m + scm - 1) // scm
    t = [blocks, m, n, k, k, scm, n, k, bm, bn, bk, 1, 1, 1, 1, 0]
    npytool.write(os.path.join(d, "tiling.npy"), "i32", t + [0] * (49 - len(t)))
    with open(os.path.join(d, "k.mlir"), "w") as f:
        f.write(kernel(dt, tra, trb, m, n, k, scm, batch))
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump({"dt": dt, "m": m, "n": n, "k": k, "a": a, "b": b,
                   "blocks": blocks, "batch": nb}, f)


def check(d):
    with open(os.path.join(d, "case.json")) as f:
        c = json.load(f)
    m, n, k, a, b = c["m"], c["n"], c["k"], c["a"], c["b"]
    got = npytool.read(os.path.join(d, "c.npy"))[1]
    bad = 0
    for p in range(c["batch"]):
        ao, bo, co = p * m * k, p * k * n, p * m * n
        for i in range(m):
            for j in range(n):
                s = sum(a[ao + i * k + t] * b[bo + t * n + j]
                        for t in range(k))
                # int8: exact int32; half: the inputs are multiples of 1/64
                # in [-2, 2), so f32 holds every partial sum exactly and C
                # is the exact sum rounded once to half
                if c["dt"] == "i8h":
                    bits = SCALE_BITS & ~0x1fff
                    s *= struct.unpack("<f", struct.pack("<I", bits))[0]
                want = s if c["dt"] == "i8" else npytool.rnd("f16", s)
                bad += got[co + i * n + j] != want
    assert bad == 0, "%d elements wrong" % bad
    print("matmul rows %s %dx%dx%d blocks=%d batch=%d: bit-exact" % (
        c["dt"], m, n, k, c["blocks"], c["batch"]))


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(sys.argv[2], sys.argv[3], *[int(x) for x in sys.argv[4:]])
    else:
        check(sys.argv[2])
