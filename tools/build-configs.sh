#!/usr/bin/env bash
# Builds every configuration a user may pick that the test runs do not build,
# from a copy of the checkout under a directory path over 150 characters long.
#
#   tools/build-configs.sh                  the five below
#   tools/build-configs.sh gcc:Release ...  only these (COMPILER:BUILD_TYPE)
#   tools/build-configs.sh -j N ...         N build jobs (default: the number of
#                                           processors)
#
# tools/test.sh builds and tests RelWithDebInfo with gcc and (--clang) with
# clang, and Debug with clang under the sanitizers (--sanitize). What is left
# is built here: Debug, Release and MinSizeRel with gcc, Release and
# MinSizeRel with clang. Each level of optimisation makes the compilers see
# different things (-Werror=format-truncation at -O0, maybe-uninitialized
# and stringop warnings at -O2 and -Os), and a long checkout path makes
# every path the build bakes in long (a fixed-size buffer in a test that
# holds one overflows, or gcc refuses the comparison). Everything the
# default build builds is built: the libraries, tests, examples, tools and
# bench. Nothing is run.
#
# The copy is made under a directory of mktemp (TMPDIR, else /tmp) and
# removed at the end, whatever happened; each build directory is removed as
# soon as it has built. The copy holds what git lists (tracked files and
# untracked ones not ignored), so local edits are built too.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/tools/common.sh"
akgl_parse_jobs build-configs.sh "$@"
shift "$jobs_shift"
prefix=$("$root/tools/deps.sh" -j "$jobs")
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"

configs=("$@")
if [ ${#configs[@]} -eq 0 ]; then
    configs=(gcc:Debug gcc:Release gcc:MinSizeRel clang:Release clang:MinSizeRel)
fi
for config in "${configs[@]}"; do
    case $config in
        gcc:Debug|gcc:Release|gcc:RelWithDebInfo|gcc:MinSizeRel) ;;
        clang:Debug|clang:Release|clang:RelWithDebInfo|clang:MinSizeRel) ;;
        *) echo "build-configs: \"$config\" is not COMPILER:BUILD_TYPE (gcc or clang;" \
                "Debug, Release, RelWithDebInfo or MinSizeRel)" >&2
           exit 2 ;;
    esac
done

base=$(mktemp -d "${TMPDIR:-/tmp}/akgl-configs.XXXXXX")
trap 'rm -rf "$base"' EXIT
# Seven levels of 21 characters on top of mktemp's directory: over 150
# whatever TMPDIR is.
long=$base
for level in 1 2 3 4 5 6 7; do
    long=$long/a-long-checkout-path$level
done
long=$long/akgl
if [ ${#long} -le 150 ]; then
    echo "build-configs: $long is ${#long} characters; it must be over 150" >&2
    exit 1
fi
mkdir -p "$long"
# What git lists that exists (a tracked file deleted locally is left out).
(cd "$root" && git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
    tar --null -T - -cf -) | tar -xf - -C "$long"
echo "build-configs: the checkout is copied to a path of ${#long} characters"

for config in "${configs[@]}"; do
    cc=${config%%:*}
    type=${config#*:}
    build=$long/build-$cc-$type
    start=$(date +%s)
    cmake -S "$long" -B "$build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE="$type" >/dev/null
    # Every failure at once (-k 0), and only the failures: ninja's progress
    # lines are not worth reading.
    if ! cmake --build "$build" --parallel "$jobs" -- -k 0 >"$base/build.log" 2>&1; then
        grep -v '^\[[0-9]*/[0-9]*\] ' "$base/build.log" >&2 || true
        echo "build-configs: $cc $type: the build failed (above)" >&2
        exit 1
    fi
    rm -rf "$build"
    echo "build-configs: $cc $type: built in $(( $(date +%s) - start )) s"
done
