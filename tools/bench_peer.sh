#!/usr/bin/env bash
# The peer bunnymark (bench/README.md, "Peer bench"): the same bunnies in
# akgl (bench/bench_peer.c) on SDL's opengl renderer, batched and blitted,
# and in LÖVE 11.4 (bench/peer/main.lua; Debian's love), drawing each bunny
# and through a SpriteBatch, under one Xvfb, in interleaved rounds; prints
# the median milliseconds per frame of each, after checking that every side
# draws the same picture. Then, with --callgrind, the instructions per
# bunny per frame akgl and SDL spend on the calling thread building and
# submitting the frame (--callgrind-only: that alone; CALLGRIND_N bunnies,
# default 2000). With --cpu, instead of the wall-clock rounds: the CPU time
# per frame summed over all the process's threads (perf stat's task-clock,
# so llvmpipe's rasteriser threads count), from a run of 2 and a run of
# 2 + FRAMES timed frames, the difference over FRAMES frames cancelling the
# start-up; load moves it far less than wall time. Needs perf (linux-perf).
# Not part of the test suite.
#
#   tools/bench_peer.sh [-j N] [--rounds R] [--frames F] [--sizes 1000,10000,50000]
#                       [--callgrind | --callgrind-only] [--cpu]
#
# Needs Xvfb (run through tools/xvfb.sh), Mesa's GL (libgl1-mesa-dri) and
# love (Debian packages xvfb, libgl1-mesa-dri, love); valgrind for
# --callgrind.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/tools/common.sh"
akgl_parse_jobs bench_peer.sh "$@"
shift "$jobs_shift"
rounds=5
frames=30
sizes=1000,10000,50000
callgrind=0
inner=0
cpu=0
while [ $# -gt 0 ]; do
    case $1 in
        --rounds) rounds=$2; shift 2 ;;
        --frames) frames=$2; shift 2 ;;
        --sizes) sizes=$2; shift 2 ;;
        --callgrind) callgrind=1; shift ;;
        --callgrind-only) callgrind=2; shift ;;
        --cpu) cpu=1; shift ;;
        --inner) inner=1; shift ;;
        *) echo "bench_peer.sh: unknown argument \"$1\"" >&2; exit 2 ;;
    esac
done
build=$root/build-bench
bench=$build/bench/bench_peer
sheet=$root/tests/assets/sheet_64x64_16.png

if [ $inner -eq 0 ]; then
    for tool in Xvfb love; do
        command -v $tool >/dev/null || {
            echo "bench_peer.sh: $tool not found (Debian: apt-get install xvfb libgl1-mesa-dri love)" >&2
            exit 1
        }
    done
    prefix=$("$root/tools/deps.sh" -j "$jobs")
    akgl_lock bench_peer.sh "$build"
    akgl_configure "$prefix" "$build" -DCMAKE_BUILD_TYPE=Release -DAKGL_BUILD_TESTS=OFF
    cmake --build "$build" --parallel "$jobs" --target bench_peer
    args=(--rounds "$rounds" --frames "$frames" --sizes "$sizes")
    [ $callgrind -ne 1 ] || args+=(--callgrind)
    [ $callgrind -ne 2 ] || args+=(--callgrind-only)
    [ $cpu -eq 0 ] || args+=(--cpu)
    # One X server for every run, so they all draw under the same conditions;
    # it never resets (tools/xvfb.sh), so a side that starts as the one
    # before it leaves is not turned away.
    exec "$root/tools/xvfb.sh" --screen 800x450x24 "$0" --inner "${args[@]}"
fi

export SDL_VIDEO_DRIVER=x11 SDL_RENDER_DRIVER=opengl SDL_AUDIO_DRIVER=dummy
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
sides=(akgl-batch akgl-blit love-draw love-batch)

run_side() { # side n frames [shot]
    local side=$1 n=$2 f=$3 shot=${4:-}
    case $side in
        akgl-batch) AKGL_RENDER_BATCH=1 "$bench" "$n" "$f" ${shot:+--shot "$shot"} ;;
        akgl-blit) AKGL_RENDER_BATCH=0 "$bench" "$n" "$f" ${shot:+--shot "$shot"} ;;
        love-draw) love "$root/bench/peer" "$sheet" "$n" "$f" draw $shot ;;
        love-batch) love "$root/bench/peer" "$sheet" "$n" "$f" batch $shot ;;
    esac 2>/dev/null | awk 'NF == 5 { print $5 }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "machine: $(nproc) cpus, $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "GL: $(glxinfo -B 2>/dev/null | awk -F': ' '/OpenGL renderer/ { print $2 }')"
IFS=, read -r -a ns <<<"$sizes"
if [ $callgrind -eq 2 ]; then ns=(); fi
for n in "${ns[@]}"; do
    # The same picture: the last frame of each side, compared with akgl's batched one.
    for side in "${sides[@]}"; do
        run_side "$side" "$n" 3 "$out/$side.rgba" >/dev/null
    done
    for side in akgl-blit love-draw love-batch; do
        if ! same=$("$bench" --compare "$out/akgl-batch.rgba" "$out/$side.rgba"); then
            echo "N=$n: $side draws another picture than akgl-batch ($same)" >&2
            exit 1
        fi
    done
    echo "N=$n: the four sides draw the same picture"
done
if [ $cpu -eq 1 ] && [ ${#ns[@]} -gt 0 ]; then
    command -v perf >/dev/null || { echo "bench_peer.sh: --cpu needs perf (Debian: linux-perf)" >&2; exit 1; }
    task_clock() { # side n frames -> CPU ms of the whole run, all threads
        local side=$1 n=$2 f=$3 cmd
        case $side in
            akgl-batch) cmd=(env AKGL_RENDER_BATCH=1 "$bench" "$n" "$f") ;;
            akgl-blit) cmd=(env AKGL_RENDER_BATCH=0 "$bench" "$n" "$f") ;;
            love-draw) cmd=(love "$root/bench/peer" "$sheet" "$n" "$f" draw) ;;
            love-batch) cmd=(love "$root/bench/peer" "$sheet" "$n" "$f" batch) ;;
        esac
        perf stat -x, -e task-clock -o "$out/perf" -- "${cmd[@]}" >/dev/null 2>&1
        awk -F, '$3 == "task-clock" { print $1 }' "$out/perf"
    }
    for r in $(seq "$rounds"); do
        for n in "${ns[@]}"; do
            for side in "${sides[@]}"; do
                a=$(task_clock "$side" "$n" 2)
                b=$(task_clock "$side" "$n" $((2 + frames)))
                awk -v a="$a" -v b="$b" -v f="$frames" 'BEGIN { print (b - a) / f }' >>"$out/$side.$n"
            done
        done
    done
    printf '\nCPU ms per frame, all threads (perf task-clock), medians of %d rounds of %d frames\n' \
        "$rounds" "$frames"
elif [ ${#ns[@]} -gt 0 ]; then
    for r in $(seq "$rounds"); do
        for n in "${ns[@]}"; do
            for side in "${sides[@]}"; do
                run_side "$side" "$n" "$frames" >>"$out/$side.$n"
            done
        done
    done
    printf '\nms per frame, medians of %d rounds of %d frames (800x450, vsync off)\n' "$rounds" "$frames"
fi
if [ ${#ns[@]} -gt 0 ]; then
    printf '%-12s' side
    for n in "${ns[@]}"; do printf ' %10s' "N=$n"; done
    echo
    for side in "${sides[@]}"; do
        printf '%-12s' "$side"
        for n in "${ns[@]}"; do printf ' %10.2f' "$(median <"$out/$side.$n")"; done
        echo
    done
    printf '%-12s' 'batch/best'
    for n in "${ns[@]}"; do
        a=$(median <"$out/akgl-batch.$n")
        d=$(median <"$out/love-draw.$n")
        b=$(median <"$out/love-batch.$n")
        printf ' %10.3f' "$(awk -v a="$a" -v d="$d" -v b="$b" 'BEGIN { print a / (d < b ? d : b) }')"
    done
    echo " (akgl batched over the faster LÖVE side)"
fi

[ $callgrind -ne 0 ] || exit 0
# Instructions on the calling thread per bunny per frame: two runs of A
# and B frames, the difference over (B - A) frames cancels the set-up.
# "update" is akgl_game_update without its present: the actors' update
# pass, the gather, and building and submitting the frame; "sdl" is the part
# of it inside SDL (SDL_RenderGeometry on the batched path,
# SDL_RenderTexture on the blit path: SDL copying the vertices into its
# queue); "akgl" the rest. "flush" is SDL's GL_RunCommandQueue at present
# (SDL turning its queue into GL calls, with Mesa's work for those calls on
# this thread, which a GPU driver would do differently). Mesa's shader
# cache is off, so both runs compile the same shaders.
n=${CALLGRIND_N:-2000}
export MESA_SHADER_CACHE_DISABLE=true
a=2
b=6
printf '\ncallgrind, N=%d, Ir per bunny per frame on the calling thread\n' "$n"
printf '%-12s %10s %10s %10s %10s\n' side akgl sdl update flush
for side in akgl-batch akgl-blit; do
    declare -A ir=()
    for f in $a $b; do
        file=$out/cg.$side.$f
        AKGL_RENDER_BATCH=$([ $side = akgl-batch ] && echo 1 || echo 0) \
            valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$file" \
            "$bench" "$n" "$f" >/dev/null 2>&1
        file=$(ls "$file"-01 2>/dev/null || echo "$file")
        ir[update.$f]=$(akgl_callgrind_inclusive "$file" ':akgl_game_update ')
        ir[present.$f]=$(akgl_callgrind_inclusive "$file" ':SDL_RenderPresent ')
        ir[flush.$f]=$(akgl_callgrind_inclusive "$file" ':GL_RunCommandQueue ')
        ir[sdl.$f]=$(akgl_callgrind_inclusive "$file" "$([ $side = akgl-batch ] && echo ':SDL_RenderGeometry ' || echo ':SDL_RenderTexture ')")
    done
    awk -v u1="${ir[update.$a]}" -v u2="${ir[update.$b]}" -v p1="${ir[present.$a]}" \
        -v p2="${ir[present.$b]}" -v f1="${ir[flush.$a]:-0}" -v f2="${ir[flush.$b]:-0}" \
        -v s1="${ir[sdl.$a]:-0}" -v s2="${ir[sdl.$b]:-0}" \
        -v k=$(( (b - a) * n )) -v side=$side 'BEGIN {
            u = ((u2 - p2) - (u1 - p1)) / k; f = (f2 - f1) / k; s = (s2 - s1) / k
            printf "%-12s %10.1f %10.1f %10.1f %10.1f\n", side, u - s, s, u, f }'
done
