#!/usr/bin/env bash
# Sets up everything (tools/deps.sh), builds an optimised tree in build-bench/
# and runs the benchmarks. They print figures and ratios against hand-written
# SDL3.
#
#   tools/bench.sh [-j N] [bench arguments...]
#
# -j N (or --jobs N): N jobs for the builds (default: the number of
# processors); the benchmarks themselves run one at a time. Everything after
# it goes to bench_frame, bench_tilemap and bench_particles. A second bench.sh waits for the
# first (a lock on build-bench/, tools/common.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/tools/common.sh"
akgl_parse_jobs bench.sh "$@"
shift "$jobs_shift"
prefix=$("$root/tools/deps.sh" -j "$jobs")
build=$root/build-bench
akgl_lock bench.sh "$build"
akgl_configure "$prefix" "$build" -DCMAKE_BUILD_TYPE=Release -DAKGL_BUILD_TESTS=OFF
cmake --build "$build" --parallel "$jobs" --target bench_frame bench_tilemap bench_transform bench_particles \
    bench_reload
export SDL_VIDEO_DRIVER=${SDL_VIDEO_DRIVER:-offscreen}
"$build/bench/bench_frame" "$@"
# The maps bench_tilemap writes go into the build tree, never the repository.
"$build/bench/bench_tilemap" "$@" --out "$build/bench/tilemaps"
"$build/bench/bench_transform"
"$build/bench/bench_particles" "$@" # takes --frames and --rounds, ignores the rest
"$build/bench/bench_reload" # hot reload with nothing changed: its own defaults
