#!/usr/bin/env bash
# Sets up everything (tools/deps.sh), builds an optimised tree and runs the
# benchmarks. They print figures and ratios against hand-written SDL3.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=$("$root/tools/deps.sh")
build=$root/build-bench
cmake -S "$root" -B "$build" -G Ninja -U "SDL3*_DIR" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
    -DAKGL_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" --parallel --target bench_frame bench_tilemap bench_transform
export SDL_VIDEO_DRIVER=${SDL_VIDEO_DRIVER:-offscreen}
"$build/bench/bench_frame" "$@"
# The maps bench_tilemap writes go into the build tree, never the repository.
"$build/bench/bench_tilemap" "$@" --out "$build/bench/tilemaps"
"$build/bench/bench_transform"
