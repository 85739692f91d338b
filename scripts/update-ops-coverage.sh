#!/bin/sh
# Regenerate the coverage table of docs/simulator.md from the op table
# (`casc ops --markdown`); test/lit/tools/ops-coverage.test checks it.
# usage: scripts/update-ops-coverage.sh [BUILD_DIR]
set -eu
cd "$(dirname "$0")/.."
casc="${1:-build}/casc"
doc=docs/simulator.md
begin='<!-- casc ops --markdown: begin -->'
end='<!-- casc ops --markdown: end -->'
table=$(mktemp)
"$casc" ops --markdown >"$table"
awk -v b="$begin" -v e="$end" -v t="$table" '
  $0 == b { print; while ((getline l < t) > 0) print l; skip = 1; next }
  $0 == e { skip = 0 }
  !skip { print }' "$doc" >"$doc.new"
mv "$doc.new" "$doc"
rm -f "$table"
