#!/usr/bin/env bash
# Regenerates the demo's and the gallery's screenshots in docs/images/ by
# running each program headless (offscreen video, software renderer, the
# manual clock) for a fixed number of frames. The frame times the demo
# prints vary from run to run; the pictures do not (the fps the HUDs show is
# the runner's, on the manual clock).
#
#   tools/screenshots.sh [-j N]     N build jobs (default: the number of processors)
#
# It builds in build-demo/, tools/demo.sh's directory, holding its lock
# (tools/common.sh): it runs beside tools/test.sh, and after a demo.sh that
# is running.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/tools/common.sh"
akgl_parse_jobs screenshots.sh "$@"
shift "$jobs_shift"
[ $# -eq 0 ] || { echo "screenshots.sh: unknown argument \"$1\" (only -j N)" >&2; exit 2; }
prefix=$("$root/tools/deps.sh" -j "$jobs")
build=$root/build-demo
akgl_lock screenshots.sh "$build"
akgl_configure "$prefix" "$build" -DCMAKE_C_COMPILER=gcc
examples=(sprite_animation character_states tilemap_camera platformer topdown bunnymark text_hud sound
          input_remap tweens render_target particles platforms)
examples+=(aseprite ldtk hot_reload)
cmake --build "$build" --parallel "$jobs" --target akgl_demo "${examples[@]/#/akgl_example_}"
export SDL_VIDEO_DRIVER=offscreen SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0
export SDL_AUDIO_DRIVER=dummy
out=$root/docs/images
mkdir -p "$out"
"$build/examples/akgl_demo" --frames 720 --screenshot "$out/demo.png"
rm -f "$out"/demo-0*.png
shoot() { "$build/examples/akgl_example_$1" --frames "$2" --screenshot "$out/$1.png"; }
shoot sprite_animation 40
shoot character_states 90
shoot tilemap_camera 400
shoot platformer 250
shoot topdown 330
shoot bunnymark 60
shoot text_hud 120
shoot sound 100
shoot input_remap 60
shoot tweens 50
shoot render_target 50
shoot particles 150
shoot platforms 250
shoot aseprite 52
shoot ldtk 200
shoot hot_reload 60
ls -l "$out"
