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
#   tools/test.sh --windows    MinGW-w64 gcc, -Werror, cross-built for 64-bit Windows
#                              (tools/deps.sh --target windows), every test run
#                              under Wine with the offscreen video and dummy audio
#                              drivers (docs/00-building.md, "Windows")
#   tools/test.sh --web        Emscripten (tools/deps.sh --target web), -Werror, built
#                              for WebAssembly; every test that can run under node
#                              run there with the offscreen video and dummy audio
#                              drivers, the rest listed as not run with the reason
#                              (docs/00-building.md, "The web")
#
#   -j N (or --jobs N), before or after the mode: N jobs for the builds
#   (tools/deps.sh's and cmake --build) and N tests at a time for ctest
#   (--tsan runs its three threaded tests one at a time, whatever N);
#   default: the number of processors (nproc).
#
# AKGL_FUZZ_SECONDS=N (with --sanitize): each fuzz target runs N seconds
# instead of a fixed number of inputs.
#
# Extra arguments after the mode and -j go to ctest (e.g. -R akerror).
#
# Each mode builds in its own directory and holds a lock on it (tools/common.sh)
# until its tests end: a second run of the same mode waits for the first, and
# tools/demo.sh, which builds in build-demo/, runs beside any of them.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/tools/common.sh"

mode=gcc
jobs=$(akgl_default_jobs)
while [ $# -gt 0 ]; do
    case $1 in
        --sanitize) mode=sanitize; shift ;;
        --clang) mode=clang; shift ;;
        --valgrind) mode=valgrind; shift ;;
        --tsan) mode=tsan; shift ;;
        --gcc) mode=gcc; shift ;;
        --windows) mode=windows; shift ;;
        --web) mode=web; shift ;;
        -j | --jobs) [ $# -ge 2 ] || akgl_check_jobs test.sh ''
                     jobs=$2; shift 2 ;;
        -j*) jobs=${1#-j}; shift ;;
        --jobs=*) jobs=${1#--jobs=}; shift ;;
        *) break ;;
    esac
done
akgl_check_jobs test.sh "$jobs"
if [ "$mode" = windows ] || [ "$mode" = web ]; then
    prefix=$("$root/tools/deps.sh" --target "$mode" -j "$jobs")
else
    prefix=$("$root/tools/deps.sh" -j "$jobs")
fi
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
    windows) build=$root/build-windows
             args=(-DAKGL_BUILD_BENCH=OFF) ;;
    web) build=$root/build-web
         args=(-DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-web.cmake"
               -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DAKGL_BUILD_BENCH=OFF) ;;
esac
akgl_lock test.sh "$build"

# tests/<list>.txt (web-not-run) -> its test names
# joined by "|"; exits 1 naming any that ctest does not know.
known_list() {
    local list=$root/tests/$1.txt names name all stale=()
    names=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's/^[[:space:]]*\([^[:space:]]*\).*/\1/' "$list")
    all=$(ctest -N | sed -n 's/^ *Test *#[0-9]*: //p')
    for name in $names; do
        grep -qxF "$name" <<<"$all" || stale+=("$name")
    done
    if [ ${#stale[@]} -gt 0 ]; then
        echo "test.sh: $list names ${stale[*]}, which ctest does not know; remove them" >&2
        exit 1
    fi
    printf '%s\n' $names | paste -sd'|'
}

case $mode in
    windows) akgl_windows_configure "$prefix" "$build" "${args[@]}" ;;
    web) # The toolchain file points pkg-config at the prefix's .pc files alone.
         unset PKG_CONFIG_PATH
         akgl_configure "$prefix" "$build" "${args[@]}" ;;
    *) export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
       akgl_configure "$prefix" "$build" "${args[@]}" ;;
esac
# Everything builds: a program that did not would leave an older one in the
# tree for ctest to run.
cmake --build "$build" --parallel "$jobs"
cd "$build"

if [ "$mode" = windows ]; then
    akgl_wine_setup "$prefix"
    # Wine finds the dependencies' DLLs, MinGW's runtime (libgcc_s_seh-1,
    # libwinpthread-1; tools/deps.sh copies them into the prefix) and akgl's
    # own through WINEPATH (Z: is the build machine's /).
    export WINEPATH="Z:$prefix/bin;Z:$build/src/akerror;Z:$build/src/akstdlib;Z:$build/src/akgl"
    # Wine's session comes up before the first test, from a program of this
    # script's: one that a test started would hold the test's output open
    # after it exits, and ctest would wait out the timeout (tools/common.sh).
    akgl_wine_session
    ctest --output-on-failure --parallel "$jobs" "$@"
    exit
fi

if [ "$mode" = web ]; then
    # The tests that cannot run under node, each named with its reason in
    # tests/web-not-run.txt, are left out (AKGL_WEB_ALL=1 runs them too).
    known=$(known_list web-not-run)
    if [ -n "$known" ] && [ "${AKGL_WEB_ALL:-0}" = 0 ]; then
        set -- -E "^($known)\$" "$@"
    fi
    ctest --output-on-failure --parallel "$jobs" "$@"
    # The demo's page in headless Chromium: its scripted run must end well,
    # with a quiet console, on the native run's last frame (tools/demo.sh
    # builds and runs that in build-demo/, with the Linux prefix).
    cmake --build "$build" --parallel "$jobs" --target akgl_demo_page
    "$root/tools/demo.sh" -j "$jobs" --check >/dev/null
    /usr/bin/python3 "$root/tools/web_check.py" "$build/examples/page" "$root/build-demo/demo.png" \
        "$build/web-check"
    exit
fi

case $mode in
    valgrind)
        # Memcheck is ~30x slower: stretch the time bounds, sample the fault
        # harness, and skip what is not a test program of ours (the demo and
        # the consumer build run no akgl code under valgrind).
        export AKGL_TIME_SCALE=50 AKGL_FAULT_STRIDE=7
        ctest --output-on-failure --parallel "$jobs" \
            -E '^(consumer|akgl_demo.*|bench_.*|akgl_assets)$' "$@" ;;
    tsan)
        # The tests with threads, each run AKGL_TSAN_REPEAT times; TSan halts
        # a run at its first report.
        TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
        ctest --output-on-failure --repeat until-fail:"${AKGL_TSAN_REPEAT:-20}" \
            -R '^(akgl_game_threads|akerror_pool|akgl_sound_stream)$' "$@" ;;
    *)
        ctest --output-on-failure --parallel "$jobs" "$@" ;;
esac
