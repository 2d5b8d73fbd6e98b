#!/usr/bin/env bash
# Sets up everything (tools/deps.sh) and runs the whole test suite under ctest.
#
#   tools/test.sh              gcc, -Werror, every test
#   tools/test.sh --sanitize   clang, -Werror, AddressSanitizer + UBSan, every test,
#                              and the loader fuzzers for a fixed number of inputs
#   tools/test.sh --clang      clang, -Werror, every test
#
# Extra arguments after the mode go to ctest (e.g. -R akerror).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=$("$root/tools/deps.sh")

mode=gcc
case "${1:-}" in
    --sanitize) mode=sanitize; shift ;;
    --clang) mode=clang; shift ;;
    --gcc) shift ;;
esac

build=$root/build
args=(-DCMAKE_C_COMPILER=gcc)
case $mode in
    clang) build=$root/build-clang; args=(-DCMAKE_C_COMPILER=clang) ;;
    sanitize) build=$root/build-sanitize
              args=(-DCMAKE_C_COMPILER=clang -DAKGL_SANITIZE=ON -DAKGL_BUILD_FUZZ=ON
                    -DCMAKE_BUILD_TYPE=Debug) ;;
esac

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" "${args[@]}" >/dev/null
cmake --build "$build" --parallel
cd "$build"
ctest --output-on-failure --parallel "$(nproc 2>/dev/null || echo 2)" "$@"
