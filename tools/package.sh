#!/usr/bin/env bash
# Builds the Windows package: one zip of the demo and every example, with the
# DLLs they load and their assets, then checks it under Wine.
#
#   tools/package.sh --windows [-j N]   build, write dist/akgl-<version>-windows-x86_64.zip,
#                                       check it
#   tools/package.sh --check ZIP        check a zip made before, only
#
# The build is its own, in build-package-windows/: Release, no tests and no
# benchmarks, the demo built to look for its assets beside its executable
# (AKGL_EXAMPLES_SOURCE_ASSETS=OFF) as the gallery does. The zip holds one
# folder, akgl-<version>-windows-x86_64/, with
#   - akgl_demo.exe and akgl_example_<name>.exe, one per examples/*.c;
#   - every DLL they import, and every DLL those import, found in the build
#     (akerror, akstdlib, akgl) and in the dependency prefix (SDL3 and the
#     rest, and MinGW's runtime: tools/deps.sh --target windows), and no
#     other; an import found in neither must be one of Windows' own
#     (WINDOWS_DLLS below), or the package fails naming it;
#   - assets/, the files of examples/assets that git tracks;
#   - licenses/, the copyright file of each library the DLLs come from
#     (tools/deps.sh puts them in the prefix);
#   - README.txt.
# Every file is stripped of its symbols, dated the last commit's time
# (SOURCE_DATE_EPOCH overrides it) and stored in name order, so two runs on
# one commit write the same bytes.
#
# The check unzips into a fresh folder whose path holds spaces and
# non-ASCII letters, and runs, under Wine, from another fresh folder as the
# working directory, with no WINEPATH (the DLLs must be the zip's) and the
# test environment (offscreen video, software renderer, dummy audio): the
# demo's scripted run with --check, and each example for 8 frames; each must
# exit 0 and write its screenshot. Then it proves it can fail: the same zip
# without a DLL that only another DLL imports (libwinpthread-1.dll, HarfBuzz's)
# must fail the demo's run, and without an asset only one example reads
# (assets/world.ldtk) the LDtk example's, each naming the missing file.
set -euo pipefail
shopt -s inherit_errexit # a failure inside $(...) stops the script too
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/tools/common.sh"

# What every Windows has: a DLL the package does not carry must be one of
# these (compared without case).
WINDOWS_DLLS=(advapi32.dll cfgmgr32.dll gdi32.dll imm32.dll kernel32.dll msvcrt.dll
    ole32.dll oleaut32.dll setupapi.dll shell32.dll shlwapi.dll user32.dll
    version.dll winmm.dll)
# Removed from a copy of the zip to prove the check fails without it, and
# the program whose run must then fail.
PROOFS=(libwinpthread-1.dll:akgl_demo assets/world.ldtk:akgl_example_ldtk)

say() { printf 'package: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

usage() {
    echo "usage: tools/package.sh --windows [-j N] | --check ZIP" >&2
    exit 2
}

version() {
    sed -n 's/^project(akgl VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt"
}

# The programs the package must hold: the demo and one example per
# examples/*.c, as examples/CMakeLists.txt names them.
programs() {
    local c name
    for c in "$root"/examples/*.c; do
        name=$(basename "$c" .c)
        if [ "$name" = akgl_demo ]; then echo akgl_demo; else echo "akgl_example_$name"; fi
    done | LC_ALL=C sort
}

pe_imports() { # PE file -> the DLL names it imports, one a line
    x86_64-w64-mingw32-objdump -p "$1" | sed -n 's/^[[:space:]]*DLL Name: //p' | tr -d '\r'
}

find_dll() { # name dir... -> the first dir's file of that name, any case
    local name=$1 dir found; shift
    for dir in "$@"; do
        found=$(find "$dir" -maxdepth 1 -iname "$name" -print -quit)
        [ -z "$found" ] || { echo "$found"; return 0; }
    done
    return 1
}

# Copies into STAGE every DLL the files in STAGE import, and what those
# import, from the search directories; fails on a DLL neither there nor
# one of Windows' own.
collect_dlls() { # stage dir...
    local stage=$1; shift
    local queue=("$stage"/*.exe) file dll found
    while [ ${#queue[@]} -gt 0 ]; do
        file=${queue[0]}
        queue=("${queue[@]:1}")
        while read -r dll; do
            [ -n "$dll" ] || continue
            [[ " ${WINDOWS_DLLS[*]} " == *" ${dll,,} "* ]] && continue
            [ -n "$(find "$stage" -maxdepth 1 -iname "$dll" -print -quit)" ] && continue
            found=$(find_dll "$dll" "$@") \
                || die "${file##*/} imports $dll, which is neither in $* nor one of Windows' own DLLs"
            cp "$found" "$stage/"
            queue+=("$stage/${found##*/}")
        done < <(pe_imports "$file")
    done
}

write_readme() { # file version: README.txt, with Windows line ends
    {
        cat <<EOF
akgl $2 for 64-bit Windows: the demo and the examples

akgl is a small C library for 2D games on SDL3. This folder holds its demo
game and its gallery of examples, each a program of its own, with the DLLs
they load and their files (assets\\). Run them from here or from anywhere
else; keep the folder together.

The demo, akgl_demo.exe: walk with the arrow keys, A/D or a gamepad, jump
with Space; collect the coins, jump on the slimes, keep away from the bats
and the water. Escape or closing the window quits.

Every program takes:
  --frames N            run N frames, then quit
  --screenshot OUT.png  save the last frame as OUT.png
  --assets DIR          load its files from DIR instead of assets\\
  --help                the options
and the demo --check too (the scripted run, checked: exit status 0 when it
passes). With the environment variable SDL_VIDEO_DRIVER=offscreen they run
without a window.

The programs:
EOF
        programs | sed 's/$/.exe/; s/^/  /'
        cat <<EOF

Fonts: the demo's HUD and three examples (bunnymark, character_states,
text_hud) read the DejaVu fonts from \\usr\\share\\fonts\\truetype\\dejavu\\ on
the drive they run from, which is where they are under Wine on Linux. This
folder does not carry them: without them the demo plays without its HUD
text and those three examples stop at their first font.

licenses\\ holds the copyright and licence of every library whose DLL is
here: Debian's copyright file of the source each was built from.
The source and the documentation: the akgl repository (README.md, and
docs/22-gallery.md for the examples).
EOF
    } | sed 's/$/\r/' >"$1"
}

# Builds the programs and writes the zip; prints its path.
make_zip() {
    local jobs=$1 prefix build version name stage epoch zip p
    prefix=$("$root/tools/deps.sh" --target windows -j "$jobs")
    build=$root/build-package-windows
    akgl_lock package.sh "$build"
    version=$(version)
    name=akgl-$version-windows-x86_64
    akgl_windows_configure "$prefix" "$build" -DCMAKE_BUILD_TYPE=Release -DAKGL_BUILD_TESTS=OFF \
        -DAKGL_BUILD_BENCH=OFF -DAKGL_EXAMPLES_SOURCE_ASSETS=OFF
    cmake --build "$build" --parallel "$jobs" --target $(programs) >&2

    stage=$build/stage/$name
    rm -rf "$build/stage"
    mkdir -p "$stage/assets"
    for p in $(programs); do
        cp "$build/examples/$p.exe" "$stage/"
    done
    collect_dlls "$stage" "$build/src/akerror" "$build/src/akstdlib" "$build/src/akgl" "$prefix/bin"
    # SOURCE_DATE_EPOCH: strip stamps each file with it, not with the time now.
    epoch=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct)}
    SOURCE_DATE_EPOCH=$epoch x86_64-w64-mingw32-strip --strip-unneeded "$stage"/*.exe "$stage"/*.dll
    (cd "$root/examples/assets" && git ls-files -z . | xargs -0 cp --parents -t "$stage/assets")
    mkdir -p "$stage/licenses"
    cp "$prefix"/share/akgl/licenses/*.txt "$stage/licenses/"
    write_readme "$stage/README.txt" "$version"

    find "$stage" -type d -exec chmod 755 {} + -o -type f -exec chmod 644 {} +
    find "$stage" -exec touch -h -d "@$epoch" {} +
    mkdir -p "$root/dist"
    zip=$root/dist/$name.zip
    rm -f "$zip"
    (cd "$build/stage" && find "$name" -type f | LC_ALL=C sort | TZ=UTC zip -X -D -q -9 "$zip" -@)
    say "wrote $zip ($(du -k "$zip" | cut -f1) KiB, $(unzip -Z1 "$zip" | wc -l) files)"
    echo "$zip"
}

# Runs the zip's programs (or those named) under Wine; prints what failed
# and returns 1 on the first failure.
run_zip() { # zip [program...]
    local zip=$1 work dir cwd p out list
    shift
    list=${*:-$(programs)}
    work=$(mktemp -d "${TMPDIR:-/tmp}/akgl-package.XXXXXX")
    # Spaces and letters outside ASCII in every part of the path a program
    # sees of itself.
    dir="$work/a folder with spaces/ünïcödé 游戏"
    cwd="$work/another working directory"
    mkdir -p "$dir" "$cwd"
    unzip -q "$zip" -d "$dir"
    dir=$(echo "$dir"/akgl-*-windows-x86_64)
    local status=0
    for p in $list; do
        if [ ! -f "$dir/$p.exe" ]; then
            echo "$p.exe is not in the zip"; status=1; break
        fi
        local args=(--frames 8 --screenshot "$p.png")
        [ "$p" = akgl_demo ] && args=(--check --screenshot "$p.png")
        # err+module: Wine says which DLL it could not find.
        if ! out=$(cd "$cwd" && WINEDEBUG=-all,err+module wine "$dir/$p.exe" "${args[@]}" 2>&1); then
            printf '%s.exe failed:\n%s\n' "$p" "$out"; status=1; break
        fi
        if [ ! -s "$cwd/$p.png" ]; then
            printf '%s.exe wrote no %s.png:\n%s\n' "$p" "$p" "$out"; status=1; break
        fi
    done
    rm -rf "$work"
    return "$status"
}

# The check: the zip runs, and a copy without a DLL or without an asset
# does not, naming what is missing.
check_zip() { # zip
    local zip=$1 out copy proof missing
    local prefix; prefix=$("$root/tools/deps.sh" --target windows)
    akgl_wine_setup "$prefix"
    # Wine's background processes started now, not by a program whose output
    # $(...) waits for (tools/common.sh, akgl_wine_session).
    akgl_wine_session
    unset WINEPATH
    export SDL_VIDEO_DRIVER=offscreen SDL_RENDER_DRIVER=software \
        SDL_FRAMEBUFFER_ACCELERATION=0 SDL_AUDIO_DRIVER=dummy
    [ -f "$zip" ] || die "no zip at $zip"
    out=$(run_zip "$zip") || die "$zip does not run under Wine: $out"
    say "checked: every program of $zip ran under Wine from another folder"
    copy=$(mktemp -d "${TMPDIR:-/tmp}/akgl-package-proof.XXXXXX")
    for proof in "${PROOFS[@]}"; do
        missing=${proof%:*}
        cp "$zip" "$copy/without.zip"
        zip -q -d "$copy/without.zip" "akgl-*-windows-x86_64/$missing" >/dev/null
        if out=$(run_zip "$copy/without.zip" "${proof#*:}"); then
            rm -rf "$copy"
            die "the check passed a zip without $missing: it cannot tell a broken package"
        fi
        if [[ $out != *"${missing##*/}"* ]]; then
            rm -rf "$copy"
            die "without $missing the check failed, but not for want of it: $out"
        fi
        say "checked: without $missing the check fails: $(grep -m 1 -F "${missing##*/}" <<<"$out")"
    done
    rm -rf "$copy"
}

jobs=$(akgl_default_jobs)
mode=
zip=
while [ $# -gt 0 ]; do
    case $1 in
        --windows) mode=windows; shift ;;
        --check) [ $# -ge 2 ] || usage; mode=check; zip=$2; shift 2 ;;
        -j | --jobs) [ $# -ge 2 ] || akgl_check_jobs package.sh ''
                     jobs=$2; shift 2 ;;
        -j*) jobs=${1#-j}; shift ;;
        --jobs=*) jobs=${1#--jobs=}; shift ;;
        *) usage ;;
    esac
done
akgl_check_jobs package.sh "$jobs"
case $mode in
    windows) zip=$(make_zip "$jobs"); check_zip "$zip" ;;
    check) check_zip "$(cd "$(dirname "$zip")" && pwd)/$(basename "$zip")" ;;
    *) usage ;;
esac
