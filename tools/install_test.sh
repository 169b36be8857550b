#!/bin/sh
# make install-test: installs into a temporary prefix with no cargo on the
# PATH, builds examples/ against the installed library through pkg-config
# and (when cmake is there) through CMake's find_package(dlx), runs each
# and compares its output with the facts below, then uninstalls and checks
# that the prefix holds no file any more.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
prefix=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$prefix" "$work"' EXIT
cd "$root"

# No cargo: only the system's directories on the PATH.
env PATH=/usr/local/bin:/usr/bin:/bin make -s install PREFIX="$prefix" >/dev/null
for f in include/dlx.h include/dlx.hpp lib/libdlx.so lib/libdlx.a lib/pkgconfig/dlx.pc lib/pkgconfig/dlx-static.pc \
         lib/cmake/dlx/dlxConfig.cmake bin/dlx share/man/man1/dlx.1; do
  test -e "$prefix/$f" || { echo "install-test: $f was not installed"; exit 1; }
done
test "$(readlink "$prefix/lib/libdlx.so")" = "libdlx.so.0" || { echo "install-test: the SONAME chain is wrong"; exit 1; }

# The facts each example must print.
check() { # name expected-output
  got=$(LD_LIBRARY_PATH="$prefix/lib" "$work/$1" < "$root/c_tests/cases/format_test/paper.in" 2>&1) || {
    echo "install-test: $1 failed: $got"; exit 1; }
  case "$got" in
    *"$2"*) echo "ok   $1 ($3)" ;;
    *) echo "install-test: $1 printed '$got', expected '$2'"; exit 1 ;;
  esac
}
run_all() { # how they were built
  check first_solution "solution: 3 0 4" "$1: Knuth's paper, rows A D, C E F, B G"
  check count_queens "92" "$1: 8 queens"
  check pull_and_limits "count: 1 " "$1: the paper's one solution"
  check least_cost "cost 6: " "$1: the cheapest cover"
  check queens "92" "$1: C++ wrapper, 8 queens"
}

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
for c in first_solution count_queens pull_and_limits least_cost; do
  ${CC:-cc} -std=c11 -Wall -Wextra -Werror -pedantic -o "$work/$c" "examples/$c.c" $(pkg-config --cflags --libs dlx)
done
${CXX:-c++} -std=c++17 -Wall -Wextra -Werror -pedantic -o "$work/queens" examples/queens.cpp $(pkg-config --cflags --libs dlx)
run_all pkg-config

# Static, through pkg-config: dlx-static.pc names the archive and the
# system libraries it needs. The program then runs with no libdlx.so to be
# found (moved aside; it would fail with "libdlx.so.0 => not found" had it
# linked the shared library, as `pkg-config --static --libs dlx` does).
${CC:-cc} -std=c11 -Wall -Wextra -Werror -pedantic -o "$work/count_queens" examples/count_queens.c \
  $(pkg-config --cflags --libs dlx-static)
mkdir "$work/aside"
mv "$prefix"/lib/libdlx.so* "$work/aside/"
check count_queens "92" "pkg-config dlx-static, no libdlx.so installed: 8 queens"
if ${CC:-cc} -static -std=c11 -o "$work/count_queens_static" examples/count_queens.c \
     $(pkg-config --cflags --libs dlx-static | sed 's/-lgcc_s/-lgcc_eh/') 2>"$work/static.log"; then
  mv "$work/count_queens_static" "$work/count_queens"
  check count_queens "92" "pkg-config dlx-static with -static: 8 queens"
else
  echo "install-test: no fully static link here (-static): $(head -c 200 "$work/static.log")"
fi
mv "$work"/aside/libdlx.so* "$prefix/lib/"

if command -v cmake >/dev/null 2>&1; then
  rm -f "$work"/first_solution "$work"/count_queens "$work"/pull_and_limits "$work"/least_cost "$work"/queens
  cmake -S examples -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$work/cmake" >/dev/null
  cp "$work/cmake"/first_solution "$work/cmake"/count_queens "$work/cmake"/pull_and_limits \
     "$work/cmake"/least_cost "$work/cmake"/queens "$work/"
  run_all "CMake find_package"
else
  echo "install-test: no cmake here: the CMake package was installed but not tried (.ci/run installs cmake)"
fi

env PATH=/usr/local/bin:/usr/bin:/bin make -s uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -type f -o -type l)
test -z "$left" || { echo "install-test: uninstall left: $left"; exit 1; }
echo "install-test: installed, built, ran and uninstalled"
