#!/bin/sh
# The main-job demo (issue 6): build the add_framework example (C kernel),
# check its synchronisation (verify-sync), write its Ascend C, run it on the
# CPU simulator with 8 blocks on generated data, compare with a plain
# reference and print a short report.
#   usage: scripts/demo.sh [BUILD_DIR]     (default: build)
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-build}
OUT=$BUILD/demo
NPY="python3 test/lit/sim/Inputs/npytool.py"
BLOCKS=8
BLOCK_LENGTH=2048
N=$((BLOCKS * BLOCK_LENGTH))

if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD" --target casc add_framework >/dev/null
CASC=$BUILD/casc
mkdir -p "$OUT"

echo "== build: examples/add_framework.c -> $OUT/add_framework.mlir"
"$BUILD/examples/add_framework" --emit mlir --debuginfo >"$OUT/add_framework.mlir"

echo "== compile: pyasc's pass pipeline with verify-sync -> $OUT/add_framework.opt.mlir"
# Locations are kept between the stages (as pyasc's dumps keep them) so that
# kernel argument names reach the C++ and diagnostics point at the C lines.
"$CASC" opt --pipeline=default -ascendc-verify-sync -mlir-print-debuginfo \
  "$OUT/add_framework.mlir" -o "$OUT/add_framework.opt.mlir" 2>"$OUT/verify.txt"
if [ -s "$OUT/verify.txt" ]; then cat "$OUT/verify.txt"; exit 1; fi
echo "   verify-sync: no findings"

echo "== Ascend C: $OUT/add_framework.cpp"
"$CASC" translate -mlir-to-ascendc "$OUT/add_framework.opt.mlir" -o "$OUT/add_framework.cpp"
echo "   $(wc -l <"$OUT/add_framework.cpp") lines"
if command -v g++ >/dev/null 2>&1; then
  g++ -std=c++17 -fsyntax-only -x c++ -Itest/ascendc-stub "$OUT/add_framework.cpp"
  echo "   compiles (g++ -fsyntax-only against test/ascendc-stub/kernel_operator.h)"
fi

echo "== simulator: $BLOCKS blocks x $BLOCK_LENGTH halves"
$NPY gen "$OUT/x.npy" f16 $N 2024
$NPY gen "$OUT/y.npy" f16 $N 7
"$CASC" run "$OUT/add_framework.opt.mlir" --blocks $BLOCKS \
  --arg x="$OUT/x.npy" --arg y="$OUT/y.npy" --arg block_length=$BLOCK_LENGTH \
  --out z="$OUT/z.npy" --stats >"$OUT/run.txt" 2>"$OUT/diagnostics.txt"
$NPY ref add "$OUT/ref.npy" "$OUT/x.npy" "$OUT/y.npy"
$NPY cmp "$OUT/z.npy" "$OUT/ref.npy" >"$OUT/cmp.txt"

python3 - "$OUT" $N $BLOCKS <<'PY'
import re, sys
out, n, blocks = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
stats = open(out + "/run.txt").read()
ms = float(re.search(r"([0-9.]+) ms", stats).group(1))
err = float(re.search(r"max abs error (\S+)", open(out + "/cmp.txt").read()).group(1))
diags = open(out + "/diagnostics.txt").read().strip()
print("== report")
print("   kernel        vadd_kernel (half), %d elements" % n)
print("   blocks        %d" % blocks)
print("   time          %.3f ms" % ms)
print("   throughput    %.1f M elements/s" % (n / ms / 1e3))
print("   max abs error %g (against a plain reference)" % err)
print("   diagnostics:  %s" % (diags if diags else "none"))
PY
