#!/usr/bin/env bash
# Instructions per actor per frame, from callgrind: times on shared machines
# are noisy, instruction counts are not. For each scene, the bench runs one
# side under callgrind twice (A and B frames); the difference of the
# inclusive counts of the side's update+submit function (and of
# SDL_RenderPresent) over (B - A) frames and N actors cancels the set-up.
#
#   tools/bench_callgrind.sh [N] [build dir]     (default 10000, build-bench)
#   SCENES="physics overlap" tools/bench_callgrind.sh   (a subset of the scenes)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/tools/common.sh"
n=${1:-10000}
build=${2:-$root/build-bench}
bench=$build/bench/bench_frame
a=2
b=6
export SDL_VIDEO_DRIVER=${SDL_VIDEO_DRIVER:-offscreen}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT


printf '%-9s %8s | %12s %12s %7s | %14s %14s\n' scene N "akgl Ir/act" "sdl Ir/act" ratio \
    "akgl present" "sdl present"
for scene in ${SCENES:-animated physics layers overlap}; do
    declare -A ir=()
    for side in akgl sdl; do
        fn=$([ $side = akgl ] && echo ':akgl_update_submit ' || echo ':plain_update_submit ')
        for frames in $a $b; do
            f=$out/$scene.$side.$frames
            valgrind --tool=callgrind --callgrind-out-file="$f" "$bench" --frames $frames --rounds 1 \
                --sizes "$n" --only $scene --side $side >/dev/null 2>&1
            ir[$side.$frames]=$(akgl_callgrind_inclusive "$f" "$fn")
            ir[$side.present.$frames]=$(akgl_callgrind_inclusive "$f" 'SDL_RenderPresent \\[')
        done
    done
    frames=$((b - a))
    awk -v s=$scene -v n=$n -v f=$frames \
        -v a1=${ir[akgl.$a]} -v a2=${ir[akgl.$b]} -v p1=${ir[sdl.$a]} -v p2=${ir[sdl.$b]} \
        -v ap1=${ir[akgl.present.$a]} -v ap2=${ir[akgl.present.$b]} \
        -v pp1=${ir[sdl.present.$a]} -v pp2=${ir[sdl.present.$b]} 'BEGIN {
        ak = (a2 - a1) / f / n; sd = (p2 - p1) / f / n;
        printf "%-9s %8d | %12.0f %12.0f %7.3f | %11.0f/act %11.0f/act\n", s, n, ak, sd, ak / sd,
               (ap2 - ap1) / f / n, (pp2 - pp1) / f / n }'
done
