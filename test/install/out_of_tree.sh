#!/bin/sh
# casc from outside the repository (test/CMakeLists.txt runs each step as a
# ctest test):
#   out_of_tree.sh install    BUILD PREFIX LIBDIR
#       `cmake --install BUILD` into a fresh PREFIX; check the layout
#   out_of_tree.sh cmake      PREFIX WORK CC GENERATOR [FLAGS]
#       configure + build test/install/project with find_package(casc), run
#       vadd_shared (libcasc.so) and vadd_static (libcasc.a)
#   out_of_tree.sh pkg-config PREFIX LIBDIR WORK CC PKG_CONFIG [FLAGS]
#       compile project/vadd.c with `pkg-config --cflags --libs casc`, run it
# FLAGS go to both compiling and linking (the sanitizer flags of an ASan
# build, whose libcasc needs the sanitizer runtime).
set -eu
cmake=${CMAKE:-cmake} # the cmake that configured casc (test/CMakeLists.txt)
here=$(cd "$(dirname "$0")" && pwd)
step=$1
shift

fail() {
  echo "FAIL: $*"
  exit 1
}

case "$step" in
install)
  build=$1 prefix=$2 libdir=$3
  rm -rf "$prefix"
  mkdir -p "$prefix"
  "$cmake" --install "$build" --prefix "$prefix" >"$prefix.log" 2>&1 ||
    { cat "$prefix.log"; fail "cmake --install $build"; }
  for f in "$libdir/libcasc.a" "$libdir/libcasc.so" include/casc/asc.h \
    include/casc/sim.h bin/casc "$libdir/cmake/casc/cascConfig.cmake" \
    "$libdir/cmake/casc/cascConfigVersion.cmake" \
    "$libdir/pkgconfig/casc.pc"; do
    [ -e "$prefix/$f" ] || fail "$prefix/$f was not installed"
  done
  # The SONAME is what a program records; the versioned file must exist.
  soname=$(objdump -p "$prefix/$libdir/libcasc.so" | awk '$1 == "SONAME" { print $2 }')
  [ -n "$soname" ] || fail "libcasc.so has no SONAME"
  [ -e "$prefix/$libdir/$soname" ] || fail "$soname was not installed"
  "$prefix/bin/casc" --version || fail "the installed casc does not run"
  echo "ok: installed into $prefix (SONAME $soname)"
  ;;
cmake)
  prefix=$1 work=$2 cc=$3 generator=$4 flags=${5:-}
  rm -rf "$work"
  mkdir -p "$work"
  "$cmake" -S "$here/project" -B "$work" -G "$generator" \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
    >"$work.log" 2>&1 || { cat "$work.log"; fail "configure"; }
  "$cmake" --build "$work" >>"$work.log" 2>&1 || { cat "$work.log"; fail "build"; }
  # vadd_shared must load the installed library, not the build tree's.
  ldd "$work/vadd_shared" | grep -q "$prefix/.*libcasc\.so" ||
    fail "vadd_shared does not load libcasc.so from $prefix: $(ldd "$work/vadd_shared")"
  "$work/vadd_shared" || fail "vadd_shared (casc::casc)"
  "$work/vadd_static" || fail "vadd_static (casc::casc_static)"
  echo "ok: find_package(casc): casc::casc and casc::casc_static"
  ;;
pkg-config)
  prefix=$1 libdir=$2 work=$3 cc=$4 pkg_config=$5 flags=${6:-}
  rm -rf "$work"
  mkdir -p "$work"
  # Only the installed casc.pc: PKG_CONFIG_LIBDIR replaces the system path.
  PKG_CONFIG_LIBDIR="$prefix/$libdir/pkgconfig"
  export PKG_CONFIG_LIBDIR
  cflags=$("$pkg_config" --cflags casc) || fail "pkg-config --cflags casc"
  libs=$("$pkg_config" --libs casc) || fail "pkg-config --libs casc"
  pc_libdir=$("$pkg_config" --variable=libdir casc)
  [ "$pc_libdir" = "$prefix/$libdir" ] ||
    fail "casc.pc has libdir=$pc_libdir, installed in $prefix/$libdir"
  for l in -lcasc -lm -lpthread; do
    case " $libs " in *" $l "*) ;; *) fail "pkg-config --libs casc lacks $l: $libs" ;; esac
  done
  # shellcheck disable=SC2086 # the flags are lists of words
  "$cc" -std=c11 $flags $cflags "$here/project/vadd.c" -o "$work/vadd" \
    $flags $libs -Wl,-rpath,"$pc_libdir" || fail "compile and link: $cc $cflags ... $libs"
  "$work/vadd" || fail "vadd (pkg-config)"
  echo "ok: pkg-config: $cflags $libs"
  ;;
*)
  fail "unknown step '$step'"
  ;;
esac
