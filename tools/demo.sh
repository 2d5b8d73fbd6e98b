#!/usr/bin/env bash
# Sets up everything (tools/deps.sh), builds akgl's demo in build-demo/ and
# runs it. Without a display the demo draws offscreen and writes its
# screenshot to build-demo/demo.png; with one (DISPLAY set) it opens a window.
#
#   tools/demo.sh [-j N] [demo arguments...]
#
# -j N (or --jobs N): N jobs for the builds (default: the number of
# processors). Everything after it goes to the demo (chapter 22).
#
# build-demo/ is the demo's alone, so this runs safely while tools/test.sh
# builds and tests in build/; two demo.sh runs take turns on it (a lock,
# tools/common.sh), and tools/deps.sh takes turns on the prefix.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/tools/common.sh"
akgl_parse_jobs demo.sh "$@"
shift "$jobs_shift"
prefix=$("$root/tools/deps.sh" -j "$jobs")
build=$root/build-demo
akgl_lock demo.sh "$build"
akgl_configure "$prefix" "$build" -DCMAKE_C_COMPILER=gcc
cmake --build "$build" --parallel "$jobs" --target akgl_demo
cd "$root"
shot=()
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    export SDL_VIDEO_DRIVER=${SDL_VIDEO_DRIVER:-offscreen}
    export SDL_RENDER_DRIVER=${SDL_RENDER_DRIVER:-software}
    export SDL_FRAMEBUFFER_ACCELERATION=${SDL_FRAMEBUFFER_ACCELERATION:-0}
    # The screenshot goes into this script's build directory unless the
    # arguments name one: the last of --screenshot OUT.png and a bare OUT.png
    # wins, and these come first.
    shot=(--screenshot "$build/demo.png")
fi
export SDL_AUDIO_DRIVER=${SDL_AUDIO_DRIVER:-dummy}
exec "$build/examples/akgl_demo" "${shot[@]}" "$@"
