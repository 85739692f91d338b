#!/bin/sh
# Usage: exported_symbols.sh NM LIBRARY...
# Fails when a library defines a global symbol outside casc's public
# prefixes (casc_, asc_): the symbols a .so exports (nm -D) and those a .a
# makes visible to the user's link (nm -g). An internal name such as
# lang_error would clash with, or be interposed by, a user's own function.
# A library without casc_ctx_new also fails, so that listing nothing (a
# wrong path, a stripped file) cannot pass.
set -u
nm=$1
shift
status=0
for lib in "$@"; do
  case "$lib" in
  *.a) syms=$("$nm" -g --defined-only "$lib") ;;
  *) syms=$("$nm" -D --defined-only "$lib") ;;
  esac || { echo "FAIL: $nm cannot read $lib"; status=1; continue; }
  # "address type name" lines; archive member headers and blanks have fewer
  # fields.
  names=$(printf '%s\n' "$syms" | awk 'NF == 3 { print $3 }')
  total=$(printf '%s\n' "$names" | grep -c .)
  bad=$(printf '%s\n' "$names" | grep -Ev '^(casc_|asc_)' | grep .)
  if ! printf '%s\n' "$names" | grep -qx casc_ctx_new; then
    echo "FAIL: $lib does not export casc_ctx_new"
    status=1
  fi
  if [ -n "$bad" ]; then
    echo "FAIL: $lib exports $(printf '%s\n' "$bad" | wc -l) symbols outside casc_/asc_:"
    printf '%s\n' "$bad" | sed 's/^/  /'
    status=1
  else
    echo "ok: $lib: $total global symbols, all casc_* or asc_*"
  fi
done
exit $status
