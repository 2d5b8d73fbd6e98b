#!/usr/bin/env bash
# Installs everything akgl needs on Debian 12 and builds SDL3, SDL3_image,
# FreeType, SDL3_ttf and libvorbis from Debian 13's own source packages into a
# private prefix.
#
#   tools/deps.sh            install/build what is missing, print the prefix
#   tools/deps.sh -j N       the same, building with N jobs (default: nproc)
#   AKGL_DEPS_PREFIX=DIR     where SDL3 goes (default: ~/.cache/akgl/deps,
#                            outside the clone so a fresh clone reuses it)
#
# Why a private prefix: Debian 12 ships no SDL3, and installing trixie's
# binaries would drag in a newer libc. Building trixie's source packages
# against bookworm's libraries avoids both. The system's apt configuration is
# never changed: the trixie deb-src list, its package lists and its cache live
# under the prefix and are handed to apt-get with -o options.
#
# A stamp file per library records what was built with which flags (and the
# hash of our patches to it), so a second run does nothing and finishes in
# well under a second, and a prefix built before a patch changed is rebuilt
# once.
#
# Two runs at once (tools/test.sh and tools/demo.sh started together both run
# this) take turns: each holds a lock on PREFIX/.lock (flock) from its first
# look at the prefix to its last write, so the second finds the first one's
# stamps and does nothing.
#
# Our own patches: tools/patches/<library>/*.patch, applied in name order with
# patch -p1 to the unpacked Debian source (after Debian's own patches), each
# with a header saying what it fixes, why, and its upstream status.
set -euo pipefail

PATCHES=$(cd "$(dirname "${BASH_SOURCE[0]}")/patches" && pwd)

SDL3_VERSION=3.2.10
SDL3_IMAGE_VERSION=3.2.4
SDL3_TTF_VERSION=3.2.2
LIBVORBIS_VERSION=1.3.7
FREETYPE_VERSION=2.13.3
PREFIX=${AKGL_DEPS_PREFIX:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/akgl/deps}
WORK=$PREFIX/.work
LOG=$WORK/deps.log
JOBS=$(nproc 2>/dev/null || echo 2)
while [ $# -gt 0 ]; do
    case $1 in
        -j | --jobs) JOBS=${2:-}; shift $(( $# >= 2 ? 2 : 1 )) ;;
        -j*) JOBS=${1#-j}; shift ;;
        --jobs=*) JOBS=${1#--jobs=}; shift ;;
        *) echo "deps: unknown argument \"$1\" (only -j N)" >&2; exit 2 ;;
    esac
done
case $JOBS in
    '' | *[!0-9]* | 0*) echo "deps: -j takes a whole number of jobs from 1 up, not \"$JOBS\"" >&2; exit 2 ;;
esac

# Debian packages the build, the tests and SDL3's X11 back end need. The
# X11 -dev packages are needed only to compile SDL's X11 driver (loaded at
# run time when a display exists); headless tests use the offscreen driver,
# except the opengl renderer's (akgl_render_batch_gl), which runs under
# xvfb-run (xvfb, xauth) with Mesa's GL (libgl1-mesa-dri).
PACKAGES=(
    build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev
    dpkg-dev xz-utils ca-certificates
    libjansson-dev libpng-dev zlib1g-dev
    libzstd-dev libexpat1-dev libogg-dev
    libfreetype-dev libharfbuzz-dev fonts-dejavu-core
    valgrind doxygen
    libx11-dev libxext-dev libxcursor-dev libxi-dev libxrandr-dev
    libxfixes-dev libxss-dev
    xvfb xauth libgl1-mesa-dri
)

SDL3_FLAGS=(
    -DCMAKE_BUILD_TYPE=Release
    -DSDL_SHARED=ON -DSDL_STATIC=OFF -DSDL_TESTS=OFF -DSDL_TEST_LIBRARY=OFF
    -DSDL_EXAMPLES=OFF -DSDL_INSTALL_DOCS=OFF
    -DSDL_OFFSCREEN=ON -DSDL_DUMMYVIDEO=ON -DSDL_X11=ON -DSDL_WAYLAND=OFF
    -DSDL_KMSDRM=OFF -DSDL_VULKAN=OFF -DSDL_RELOCATABLE=ON
    -DSDL_ALSA=OFF -DSDL_PULSEAUDIO=OFF -DSDL_PIPEWIRE=OFF -DSDL_JACK=OFF
    -DSDL_SNDIO=OFF -DSDL_OSS=OFF -DSDL_DUMMYAUDIO=ON -DSDL_DISKAUDIO=ON
)
SDL3_IMAGE_FLAGS=(
    -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON
    -DSDLIMAGE_VENDORED=OFF -DSDLIMAGE_DEPS_SHARED=OFF
    -DSDLIMAGE_BACKEND_STB=OFF -DSDLIMAGE_PNG=ON -DSDLIMAGE_PNG_SAVE=ON
    -DSDLIMAGE_AVIF=OFF -DSDLIMAGE_JXL=OFF -DSDLIMAGE_TIF=OFF
    -DSDLIMAGE_WEBP=OFF -DSDLIMAGE_JPG=OFF
    -DSDLIMAGE_SAMPLES=OFF -DSDLIMAGE_TESTS=OFF
)
# FreeType with our out-of-memory fixes (tools/patches/freetype). Its
# HarfBuzz support is off (HarfBuzz links FreeType: a cycle), as are brotli
# and bzip2 (WOFF2 and .bz2 fonts); zlib and libpng are Debian 12's. Same
# soname as Debian's (libfreetype.so.6): SDL3_ttf finds ours through its
# RUNPATH, and Debian's HarfBuzz then binds to the one already loaded.
FREETYPE_FLAGS=(
    -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON
    -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON -DFT_DISABLE_BZIP2=ON
    -DFT_REQUIRE_ZLIB=ON -DFT_REQUIRE_PNG=ON
)
# HarfBuzz is Debian 12's; Debian strips the vendored copies and plutosvg
# (colour emoji) is not packaged for bookworm. RUNPATH $ORIGIN: the
# prefix's FreeType, next to it, before the system's.
SDL3_TTF_FLAGS=(
    -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON
    -DSDLTTF_VENDORED=OFF -DSDLTTF_PLUTOSVG=OFF -DSDLTTF_HARFBUZZ=ON
    -DSDLTTF_SAMPLES=OFF -DSDLTTF_INSTALL_MAN=OFF
    '-DCMAKE_INSTALL_RPATH=$ORIGIN'
)
# libvorbis, libvorbisfile and libvorbisenc: Debian 12's crash when a malloc
# fails; ours carry the fixes in tools/patches/libvorbis. libogg is Debian 12's.
# The libraries find each other in the prefix (RUNPATH $ORIGIN), not in /usr/lib.
LIBVORBIS_FLAGS=(
    -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON
    -DCMAKE_INSTALL_RPATH='$ORIGIN'
)

say() { printf 'deps: %s\n' "$*" >&2; }

fail() {
    say "FAILED: $*"
    if [ -f "$LOG" ]; then
        say "last lines of $LOG:"
        tail -n 40 "$LOG" >&2
    fi
    exit 1
}

# Runs a command with its output appended to the log; on failure, fail().
run() {
    echo "+ $*" >>"$LOG"
    "$@" >>"$LOG" 2>&1 || fail "$*"
}

patches_of() { # name -> our patch files for it, in the order they apply
    ls "$PATCHES/$1"/*.patch 2>/dev/null | LC_ALL=C sort || true
}

stamp_of() { # name, version, flags... -> the text a stamp must hold
    local name=$1 version=$2; shift 2
    local patches hash=''
    patches=$(patches_of "$name")
    # The patches' contents, not their names, decide: any edit rebuilds.
    [ -z "$patches" ] || hash=" patches=$(cat $patches | sha256sum | cut -c1-16)"
    printf '%s %s %s%s\n' "$name" "$version" "$*" "$hash"
}

install_packages() {
    local missing=() p
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' \
            || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    [ "$(id -u)" -eq 0 ] || fail "need root to install: ${missing[*]} (or install them yourself)"
    say "installing Debian packages: ${missing[*]}"
    run apt-get update
    DEBIAN_FRONTEND=noninteractive run apt-get install -y --no-install-recommends "${missing[@]}"
}

# The mirror this machine already uses for bookworm, so trixie's sources come
# from the same place (and through the same proxy, if apt has one).
system_mirror() {
    local m
    m=$(grep -rhoE '^(URIs:|deb) +https?://[^ ]+' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null \
        | grep -v security | awk '{print $2}' | grep -E '/debian/?$' | head -n 1 || true)
    echo "${m:-http://deb.debian.org/debian}"
}

fetch_sources() {
    local apt_dir=$WORK/apt
    [ -n "$(ls "$WORK"/libsdl3_${SDL3_VERSION}*.dsc "$WORK"/libsdl3-image_${SDL3_IMAGE_VERSION}*.dsc \
        "$WORK"/libsdl3-ttf_${SDL3_TTF_VERSION}*.dsc "$WORK"/freetype_${FREETYPE_VERSION}*.dsc \
        "$WORK"/libvorbis_${LIBVORBIS_VERSION}*.dsc 2>/dev/null | sed -n 5p)" ] && return 0
    mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
    echo "deb-src $(system_mirror) trixie main" >"$apt_dir/sources.list"
    local opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list"
                -o "Dir::Etc::SourceParts=$apt_dir/none"
                -o "Dir::State::Lists=$apt_dir/lists"
                -o "Dir::Cache=$apt_dir/cache"
                -o "APT::Sandbox::User=root")
    say "downloading SDL3, SDL3_image, SDL3_ttf, libvorbis and FreeType sources from Debian 13 (trixie)"
    run apt-get "${opts[@]}" update
    (cd "$WORK" && run apt-get "${opts[@]}" source --download-only --only-source \
        libsdl3 libsdl3-image libsdl3-ttf libvorbis)
    echo "+ apt-get source freetype" >>"$LOG"
    (cd "$WORK" && apt-get "${opts[@]}" source --download-only --only-source freetype \
        >>"$LOG" 2>&1) || fetch_freetype_pinned
}

# The FreeType revision our patches were made against, for a mirror that
# lists a newer one it does not have yet (a partial or lagging mirror): the
# .dsc's own hash is checked, and the .dsc holds the hashes of the rest.
FREETYPE_PINNED=freetype_2.13.3+dfsg-1+deb13u1.dsc
FREETYPE_PINNED_SHA256=8aa6e936f4b8ce5b1ac530d3c1bc7c5c36e6432ef81385c29ce649a3ed79e8cd

fetch_freetype_pinned() {
    local pool; pool=$(system_mirror); pool=${pool%/}/pool/main/f/freetype
    local helper=(/usr/lib/apt/apt-helper -o "APT::Sandbox::User=root" download-file)
    say "the mirror has no current FreeType source; fetching ${FREETYPE_PINNED%.dsc}"
    rm -f "$WORK"/freetype_*
    run "${helper[@]}" "$pool/$FREETYPE_PINNED" "$WORK/$FREETYPE_PINNED" \
        "SHA256:$FREETYPE_PINNED_SHA256"
    local sum size file
    while read -r sum size file; do
        run "${helper[@]}" "$pool/$file" "$WORK/$file" "SHA256:$sum"
    done < <(awk '/^Checksums-Sha256:/ {on = 1; next} /^[^ ]/ {on = 0} on' \
        "$WORK/$FREETYPE_PINNED")
}

build_one() { # name version dsc-glob srcdir flags...
    local name=$1 version=$2 dsc_glob=$3 src=$4; shift 4
    local stamp_file=$PREFIX/.stamp-$name
    local want; want=$(stamp_of "$name" "$version" "$@")
    if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$want" ]; then
        return 0
    fi
    fetch_sources
    local dsc
    dsc=$(ls "$WORK"/$dsc_glob 2>/dev/null | head -n 1)
    [ -n "$dsc" ] || fail "no source package matching $dsc_glob in $WORK"
    say "building $name $version (log: $LOG)"
    rm -rf "${WORK:?}/$src" "${WORK:?}/build-$name"
    (cd "$WORK" && run dpkg-source -x "$dsc" "$src")
    local p
    for p in $(patches_of "$name"); do
        say "applying $(basename "$p")"
        run patch -d "$WORK/$src" -p1 --forward --batch -i "$p"
    done
    run cmake -S "$WORK/$src" -B "$WORK/build-$name" -G Ninja \
        -DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_PREFIX_PATH="$PREFIX" \
        -DCMAKE_INSTALL_LIBDIR=lib "$@"
    run cmake --build "$WORK/build-$name" --parallel "$JOBS"
    run cmake --install "$WORK/build-$name"
    rm -rf "${WORK:?}/$src" "${WORK:?}/build-$name"
    echo "$want" >"$stamp_file"
    say "built $name $version into $PREFIX"
}

main() {
    mkdir -p "$WORK"
    # One run at a time per prefix; the lock goes when this process ends.
    exec 9>"$PREFIX/.lock"
    if ! flock -n 9; then
        say "another run is setting up $PREFIX; waiting for it"
        flock 9
    fi
    : >"$LOG"
    install_packages
    build_one sdl3 "$SDL3_VERSION" "libsdl3_${SDL3_VERSION}*.dsc" sdl3-src "${SDL3_FLAGS[@]}"
    build_one sdl3-image "$SDL3_IMAGE_VERSION" "libsdl3-image_${SDL3_IMAGE_VERSION}*.dsc" \
        sdl3-image-src "${SDL3_IMAGE_FLAGS[@]}"
    build_one freetype "$FREETYPE_VERSION" "freetype_${FREETYPE_VERSION}*.dsc" \
        freetype-src "${FREETYPE_FLAGS[@]}"
    build_one sdl3-ttf "$SDL3_TTF_VERSION" "libsdl3-ttf_${SDL3_TTF_VERSION}*.dsc" \
        sdl3-ttf-src "${SDL3_TTF_FLAGS[@]}"
    build_one libvorbis "$LIBVORBIS_VERSION" "libvorbis_${LIBVORBIS_VERSION}*.dsc" \
        libvorbis-src "${LIBVORBIS_FLAGS[@]}"
    echo "$PREFIX"
}

main "$@"
