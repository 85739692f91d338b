#!/usr/bin/env python3
"""Inputs and the plain reference of pyasc's test_matmul kernel (f32 A x B +
bias, LeakyRelu) for `casc run` (no NumPy needed).

  matmul_case.py gen DIR M N K SCM SCN BM BN BK   a, b, bias, tiling .npy
  matmul_case.py check DIR M N K [ALPHA]          c.npy vs the reference

The tiling is TCubeTiling's 49 int32 fields in pyasc's order
(python/asc/language/adv/tiling.py), as the host passes it; the reference
is computed in double, and the check uses pyasc's own tolerance for this
test (assert_allclose atol=1e-3): f32 products and sums rounded on the
cube, in an order the hardware does not document.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import npytool  # noqa: E402


def values(n, seed):
    """Deterministic values in [-5, 5) (as pyasc's test draws them)."""
    out, x = [], seed
    for _ in range(n):
        x = (x * 1103515245 + 12345) % (1 << 31)
        out.append(npytool.rnd("f32", (x / float(1 << 31) - 0.5) * 10))
    return out


def gen(d, m, n, k, scm, scn, bm, bn, bk):
    os.makedirs(d, exist_ok=True)
    npytool.write(os.path.join(d, "a.npy"), "f32", values(m * k, 1))
    npytool.write(os.path.join(d, "b.npy"), "f32", values(k * n, 2))
    npytool.write(os.path.join(d, "bias.npy"), "f32", values(n, 3))
    cores = ((m + scm - 1) // scm) * ((n + scn - 1) // scn)
    t = [cores, m, n, k, k, scm, scn, k, bm, bn, bk, 1, 1, 1, 1, 1]
    npytool.write(os.path.join(d, "tiling.npy"), "i32", t + [0] * (49 - len(t)))


def check(d, m, n, k, alpha=0.01):
    a = npytool.read(os.path.join(d, "a.npy"))[1]
    b = npytool.read(os.path.join(d, "b.npy"))[1]
    bias = npytool.read(os.path.join(d, "bias.npy"))[1]
    c = npytool.read(os.path.join(d, "c.npy"))[1]
    worst = 0.0
    for i in range(m):
        row = a[i * k:(i + 1) * k]
        for j in range(n):
            s = bias[j] + sum(row[t] * b[t * n + j] for t in range(k))
            want = s if s >= 0 else s * alpha
            worst = max(worst, abs(c[i * n + j] - want))
    assert worst <= 1e-3, "max |error| %g > 1e-3" % worst
    print("test_matmul %dx%dx%d: max |error| <= 1e-3" % (m, n, k))


if __name__ == "__main__":
    cmd, d, nums = sys.argv[1], sys.argv[2], sys.argv[3:]
    if cmd == "gen":
        gen(d, *[int(x) for x in nums])
    else:
        check(d, *[int(x) for x in nums[:3]], *[float(x) for x in nums[3:]])
