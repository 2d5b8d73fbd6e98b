#!/usr/bin/env bash
# Sets up everything (tools/deps.sh), builds akgl and runs the demo.
# Without a display the demo draws offscreen and writes its screenshot to
# build/demo.png; with one (DISPLAY set) it opens a window.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=$("$root/tools/deps.sh")
build=$root/build
cmake -S "$root" -B "$build" -G Ninja -U "SDL3*_DIR" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER=gcc >/dev/null
cmake --build "$build" --parallel --target akgl_demo
cd "$root"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    export SDL_VIDEO_DRIVER=${SDL_VIDEO_DRIVER:-offscreen}
    export SDL_RENDER_DRIVER=${SDL_RENDER_DRIVER:-software}
    export SDL_FRAMEBUFFER_ACCELERATION=${SDL_FRAMEBUFFER_ACCELERATION:-0}
fi
export SDL_AUDIO_DRIVER=${SDL_AUDIO_DRIVER:-dummy}
exec "$build/examples/akgl_demo" "$@"
