#!/bin/sh
# `make demo-ir`: casc on ASC-IR text. The vector-add kernel of
# examples/add_custom.mlir (the TPipe / TQue double-buffered form pyasc's
# pipeline produces) is parsed, verified and printed; the printed form is
# shown to be a fixed point of print -> parse -> print, in custom and in
# generic form; and a broken copy shows a located diagnostic.
#
# usage: scripts/demo-ir.sh [BUILD_DIR]   (default: build)
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-build}
CASC="$BUILD/casc"
if [ ! -x "$CASC" ]; then
  echo "demo: $CASC not found; run 'make build' first" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== casc opt examples/add_custom.mlir   (parse, verify, print)"
"$CASC" opt examples/add_custom.mlir > "$tmp/printed.mlir"
cat "$tmp/printed.mlir"

echo "== print -> parse -> print is the identity"
"$CASC" opt "$tmp/printed.mlir" > "$tmp/again.mlir"
cmp "$tmp/printed.mlir" "$tmp/again.mlir"
"$CASC" opt --mlir-print-op-generic "$tmp/printed.mlir" > "$tmp/generic.mlir"
"$CASC" opt "$tmp/generic.mlir" > "$tmp/from_generic.mlir"
cmp "$tmp/printed.mlir" "$tmp/from_generic.mlir"
echo "ok: $(grep -c . "$tmp/printed.mlir") lines, identical after a custom and a generic round trip"
echo "   generic form of the first loop op:"
grep -m1 '"ascendc.que_bind.alloc_tensor"' "$tmp/generic.mlir"

echo "== a mistake: free_tensor given the queue twice (diagnostic, exit 1)"
sed 's/ascendc.que_bind.free_tensor %12, %21/ascendc.que_bind.free_tensor %12, %12/' \
  examples/add_custom.mlir > "$tmp/broken.mlir"
if "$CASC" opt "$tmp/broken.mlir" > /dev/null 2> "$tmp/err.txt"; then
  echo "demo: the broken kernel was accepted" >&2
  exit 1
fi
sed "s|$tmp/||" "$tmp/err.txt"
echo "== demo done"
