#!/usr/bin/env bash
# Sets up everything (tools/deps.sh) and runs the whole test suite under ctest.
#
#   tools/test.sh              gcc, -Werror, every test
#   tools/test.sh --sanitize   clang, -Werror, AddressSanitizer + UBSan, every test,
#                              and the loader fuzzers for a fixed number of inputs
#   tools/test.sh --clang      clang, -Werror, every test
#   tools/test.sh --valgrind   gcc, every akgl_add_test test under valgrind memcheck
#                              (0 errors, 0 definite leaks; tools/valgrind.supp),
#                              the fault harness sampled (every 7th k)
#   tools/test.sh --tsan       clang + ThreadSanitizer, the threaded tests
#                              repeated (AKGL_TSAN_REPEAT times, default 20)
#
# AKGL_FUZZ_SECONDS=N (with --sanitize): each fuzz target runs N seconds
# instead of a fixed number of inputs.
#
# Extra arguments after the mode go to ctest (e.g. -R akerror).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=$("$root/tools/deps.sh")

mode=gcc
case "${1:-}" in
    --sanitize) mode=sanitize; shift ;;
    --clang) mode=clang; shift ;;
    --valgrind) mode=valgrind; shift ;;
    --tsan) mode=tsan; shift ;;
    --gcc) shift ;;
esac

build=$root/build
args=(-DCMAKE_C_COMPILER=gcc)
case $mode in
    clang) build=$root/build-clang; args=(-DCMAKE_C_COMPILER=clang) ;;
    sanitize) build=$root/build-sanitize
              args=(-DCMAKE_C_COMPILER=clang -DAKGL_SANITIZE=ON -DAKGL_BUILD_FUZZ=ON
                    -DCMAKE_BUILD_TYPE=Debug
                    -DAKGL_FUZZ_SECONDS="${AKGL_FUZZ_SECONDS:-0}") ;;
    valgrind) build=$root/build-valgrind
              args=(-DCMAKE_C_COMPILER=gcc -DAKGL_VALGRIND=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo) ;;
    tsan) build=$root/build-tsan
          args=(-DCMAKE_C_COMPILER=clang -DAKGL_TSAN=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
                -DAKGL_BUILD_EXAMPLES=OFF -DAKGL_BUILD_BENCH=OFF) ;;
esac

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
# -U: forget where SDL3, SDL3_image and SDL3_ttf were found, so a build tree
# configured with another AKGL_DEPS_PREFIX links against this one's (CMake
# caches each package's directory and would keep the old SDL).
cmake -S "$root" -B "$build" -G Ninja -U "SDL3*_DIR" -DCMAKE_PREFIX_PATH="$prefix" "${args[@]}" >/dev/null
cmake --build "$build" --parallel
cd "$build"
case $mode in
    valgrind)
        # Memcheck is ~30x slower: stretch the time bounds, sample the fault
        # harness, and skip what is not a test program of ours (the demo and
        # the consumer build run no akgl code under valgrind).
        export AKGL_TIME_SCALE=50 AKGL_FAULT_STRIDE=7
        ctest --output-on-failure --parallel "$(nproc 2>/dev/null || echo 2)" \
            -E '^(consumer|akgl_demo.*|bench_.*|akgl_assets)$' "$@" ;;
    tsan)
        # The tests with threads, each run AKGL_TSAN_REPEAT times; TSan halts
        # a run at its first report.
        TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
        ctest --output-on-failure --repeat until-fail:"${AKGL_TSAN_REPEAT:-20}" \
            -R '^(akgl_game_threads|akerror_pool)$' "$@" ;;
    *)
        ctest --output-on-failure --parallel "$(nproc 2>/dev/null || echo 2)" "$@" ;;
esac
