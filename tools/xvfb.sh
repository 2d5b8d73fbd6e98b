#!/usr/bin/env bash
# Runs a command on an X server of its own (Debian's Xvfb), for the tests
# that need a display: SDL's x11 driver, Mesa's GL.
#
#   tools/xvfb.sh [--screen WxHxD] COMMAND [ARGS...]
#
# --screen: the screen's size and depth (default 640x480x24).
#
# The command's exit status is the script's; the server is stopped after
# the command, or when the script is stopped.
#
# Why not xvfb-run -a: tests run side by side, and such starts went wrong in
# two ways, both seen as SDL's "x11 not available". Of 24 demos started at
# once, 9 failed so under `xvfb-run -a`, 1 or 2 with -noreset added, 10 to 12
# with -displayfd alone; with both, as here, none of 150:
# - xvfb-run -a chooses the display number by looking for lock files, so two
#   runs starting at once can choose the same one. Here the server chooses
#   (-displayfd): it takes the first number it can hold and writes it back
#   once it accepts clients.
# - A server resets when its last client leaves (Xserver(1)), and a client
#   that connects around a reset can be turned away. -noreset: this server
#   never resets (it serves one command and is stopped after it).
set -euo pipefail
screen=640x480x24
if [ "${1:-}" = --screen ]; then
    [ $# -ge 2 ] || { echo "xvfb.sh: --screen needs WxHxD" >&2; exit 2; }
    screen=$2
    shift 2
fi
if [ $# -eq 0 ]; then
    echo "usage: tools/xvfb.sh [--screen WxHxD] COMMAND [ARGS...]" >&2
    exit 2
fi
command -v Xvfb > /dev/null || { echo "xvfb.sh: no Xvfb (Debian's xvfb; tools/deps.sh installs it)" >&2; exit 2; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/akgl-xvfb.XXXXXX")
pid=
stop() {
    if [ -n "$pid" ]; then
        kill "$pid" 2> /dev/null || true
        wait "$pid" 2> /dev/null || true
    fi
    rm -rf "$dir"
}
trap stop EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

Xvfb -displayfd 3 -noreset -nolisten tcp -screen 0 "$screen" 3> "$dir/display" 2> "$dir/log" &
pid=$!
# The number arrives as a line once the server accepts clients; 30 s at most
# (a loaded 2-core machine starts one in well under a second).
for _ in $(seq 1 600); do
    if [ "$(wc -l < "$dir/display")" -ge 1 ]; then
        break
    fi
    if ! kill -0 "$pid" 2> /dev/null; then
        echo "xvfb.sh: Xvfb stopped before it took a display:" >&2
        cat "$dir/log" >&2
        pid=
        exit 1
    fi
    sleep 0.05
done
display=$(head -n 1 "$dir/display")
if ! [[ "$display" =~ ^[0-9]+$ ]]; then
    echo "xvfb.sh: Xvfb gave no display number in 30 s:" >&2
    cat "$dir/log" >&2
    exit 1
fi

set +e
DISPLAY=":$display" "$@"
status=$?
set -e
exit "$status"
