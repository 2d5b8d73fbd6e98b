#!/usr/bin/env bash
# Instructions per actor per frame, from callgrind: times on shared machines
# are noisy, instruction counts are not. For each scene, the bench runs one
# side under callgrind twice (A and B frames); the difference of the
# inclusive counts of the side's update+submit function (and of
# SDL_RenderPresent) over (B - A) frames and N actors cancels the set-up.
#
#   tools/bench_callgrind.sh [N] [build dir]     (default 10000, build-bench)
#   SCENES="physics overlap" tools/bench_callgrind.sh   (a subset of the scenes)
#   BENCH=bench_frame_actor_shaped tools/bench_callgrind.sh   (the twin of
#       SYSTEM.md's bar: hand-written records of an akgl_Actor's shape)
#   CACHE=1 tools/bench_callgrind.sh 50000   (with callgrind's cache
#       simulation: beside the instructions, the data cache lines missed per
#       actor per frame in update+submit, reads and writes, with a 32 KiB L1
#       and a 1 MiB last level, the L2 of a core here. The simulation has no
#       prefetcher: a line streamed in order counts as a miss, as it costs
#       memory bandwidth, if less time, on the real machine.)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/tools/common.sh"
n=${1:-10000}
build=${2:-$root/build-bench}
bench=$build/bench/${BENCH:-bench_frame}
cache=()
if [ "${CACHE:-0}" = 1 ]; then
    cache=(--cache-sim=yes --D1=32768,8,64 --LL=1048576,16,64)
fi
a=2
b=6
export SDL_VIDEO_DRIVER=${SDL_VIDEO_DRIVER:-offscreen}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT


if [ ${#cache[@]} -gt 0 ]; then
    printf '%-9s %8s | %12s %12s %7s | %20s %20s\n' scene N "akgl Ir/act" "sdl Ir/act" ratio \
        "akgl lines rd+wr" "sdl lines rd+wr"
else
    printf '%-9s %8s | %12s %12s %7s | %14s %14s\n' scene N "akgl Ir/act" "sdl Ir/act" ratio \
        "akgl present" "sdl present"
fi
for scene in ${SCENES:-animated physics layers overlap}; do
    declare -A ir=()
    for side in akgl sdl; do
        fn=$([ $side = akgl ] && echo ':akgl_update_submit ' || echo ':plain_update_submit ')
        for frames in $a $b; do
            f=$out/$scene.$side.$frames
            valgrind --tool=callgrind "${cache[@]}" --callgrind-out-file="$f" "$bench" \
                --frames $frames --rounds 1 --sizes "$n" --only $scene --side $side >/dev/null 2>&1
            ir[$side.$frames]=$(akgl_callgrind_inclusive "$f" "$fn")
            ir[$side.present.$frames]=$(akgl_callgrind_inclusive "$f" 'SDL_RenderPresent \\[')
            if [ ${#cache[@]} -gt 0 ]; then
                # The last level's data read and write misses (DLmr, DLmw).
                read -r ir[$side.rd.$frames] ir[$side.wr.$frames] < <(
                    callgrind_annotate --inclusive=yes --threshold=100 --show-percs=no "$f" |
                        awk -v re="$fn" '!found && $0 ~ re { gsub(",", ""); print $8, $9; found = 1 }')
            fi
        done
    done
    frames=$((b - a))
    if [ ${#cache[@]} -gt 0 ]; then
        awk -v s=$scene -v n=$n -v f=$frames \
            -v a1=${ir[akgl.$a]} -v a2=${ir[akgl.$b]} -v p1=${ir[sdl.$a]} -v p2=${ir[sdl.$b]} \
            -v ar1=${ir[akgl.rd.$a]} -v ar2=${ir[akgl.rd.$b]} -v aw1=${ir[akgl.wr.$a]} \
            -v aw2=${ir[akgl.wr.$b]} -v pr1=${ir[sdl.rd.$a]} -v pr2=${ir[sdl.rd.$b]} \
            -v pw1=${ir[sdl.wr.$a]} -v pw2=${ir[sdl.wr.$b]} 'BEGIN {
            ak = (a2 - a1) / f / n; sd = (p2 - p1) / f / n;
            d = f * n;
            printf "%-9s %8d | %12.0f %12.0f %7.3f | %8.2f = %4.2f+%4.2f %8.2f = %4.2f+%4.2f\n",
                   s, n, ak, sd, ak / sd,
                   (ar2 - ar1 + aw2 - aw1) / d, (ar2 - ar1) / d, (aw2 - aw1) / d,
                   (pr2 - pr1 + pw2 - pw1) / d, (pr2 - pr1) / d, (pw2 - pw1) / d }'
        continue
    fi
    awk -v s=$scene -v n=$n -v f=$frames \
        -v a1=${ir[akgl.$a]} -v a2=${ir[akgl.$b]} -v p1=${ir[sdl.$a]} -v p2=${ir[sdl.$b]} \
        -v ap1=${ir[akgl.present.$a]} -v ap2=${ir[akgl.present.$b]} \
        -v pp1=${ir[sdl.present.$a]} -v pp2=${ir[sdl.present.$b]} 'BEGIN {
        ak = (a2 - a1) / f / n; sd = (p2 - p1) / f / n;
        printf "%-9s %8d | %12.0f %12.0f %7.3f | %11.0f/act %11.0f/act\n", s, n, ak, sd, ak / sd,
               (ap2 - ap1) / f / n, (pp2 - pp1) / f / n }'
done
