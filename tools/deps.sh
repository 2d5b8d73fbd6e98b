#!/usr/bin/env bash
# Installs everything akgl needs on Debian 12 and builds SDL3, SDL3_image,
# FreeType, SDL3_ttf and libvorbis from Debian 13's own source packages into a
# private prefix.
#
#   tools/deps.sh            install/build what is missing, print the prefix
#   tools/deps.sh -j N       the same, building with N jobs (default: nproc)
#   AKGL_DEPS_PREFIX=DIR     where SDL3 goes (default: ~/.cache/akgl/deps,
#                            outside the clone so a fresh clone reuses it)
#   tools/deps.sh --target windows [-j N]
#                            the same for 64-bit Windows: installs MinGW-w64
#                            and Wine from Debian 12 and cross-builds every
#                            library akgl needs (below, "Windows")
#   AKGL_DEPS_WINDOWS_PREFIX=DIR  where those go (default:
#                            ~/.cache/akgl/deps-windows)
#   tools/deps.sh --target web [-j N]
#                            the same for the web (WebAssembly): builds
#                            Binaryen and sets up Emscripten from Debian 13's
#                            sources, then builds every library akgl needs
#                            with it as static libraries (below, "The web")
#   AKGL_DEPS_WEB_PREFIX=DIR where those go (default: ~/.cache/akgl/deps-web)
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
CACHE_DIR=${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/akgl
JOBS=$(nproc 2>/dev/null || echo 2)
TARGET=linux
while [ $# -gt 0 ]; do
    case $1 in
        -j | --jobs) JOBS=${2:-}; shift $(( $# >= 2 ? 2 : 1 )) ;;
        -j*) JOBS=${1#-j}; shift ;;
        --jobs=*) JOBS=${1#--jobs=}; shift ;;
        --target) TARGET=${2:-}; shift $(( $# >= 2 ? 2 : 1 )) ;;
        --target=*) TARGET=${1#--target=}; shift ;;
        *) echo "deps: unknown argument \"$1\" (only -j N and --target linux|windows|web)" >&2; exit 2 ;;
    esac
done
case $TARGET in
    linux) PREFIX=${AKGL_DEPS_PREFIX:-$CACHE_DIR/deps} ;;
    windows) PREFIX=${AKGL_DEPS_WINDOWS_PREFIX:-$CACHE_DIR/deps-windows} ;;
    web) PREFIX=${AKGL_DEPS_WEB_PREFIX:-$CACHE_DIR/deps-web} ;;
    *) echo "deps: --target takes linux, windows or web, not \"$TARGET\"" >&2; exit 2 ;;
esac
WORK=$PREFIX/.work
LOG=$WORK/deps.log
case $JOBS in
    '' | *[!0-9]* | 0*) echo "deps: -j takes a whole number of jobs from 1 up, not \"$JOBS\"" >&2; exit 2 ;;
esac

# Debian packages the build, the tests and SDL3's X11 back end need. The
# X11 -dev packages are needed only to compile SDL's X11 driver (loaded at
# run time when a display exists); headless tests use the offscreen driver,
# except those that need a display (the opengl renderer's, the demo's save),
# which run under tools/xvfb.sh (Xvfb) with Mesa's GL (libgl1-mesa-dri).
PACKAGES=(
    build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev
    dpkg-dev xz-utils ca-certificates
    libjansson-dev libpng-dev zlib1g-dev
    libzstd-dev libexpat1-dev libogg-dev
    libfreetype-dev libharfbuzz-dev fonts-dejavu-core
    valgrind doxygen
    libx11-dev libxext-dev libxcursor-dev libxi-dev libxrandr-dev
    libxfixes-dev libxss-dev
    xvfb libgl1-mesa-dri
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
    # A Windows or web build also gets the fixes only it needs, after the rest.
    if [ "$TARGET" != linux ]; then
        ls "$PATCHES/$1/$TARGET"/*.patch 2>/dev/null | LC_ALL=C sort || true
    fi
}

stamp_of() { # name, version, flags... -> the text a stamp must hold
    local name=$1 version=$2; shift 2
    local patches hash=''
    patches=$(patches_of "$name")
    # The patches' contents, not their names, decide: any edit rebuilds.
    [ -z "$patches" ] || hash=" patches=$(cat $patches | sha256sum | cut -c1-16)"
    # STAMP_EXTRA: what else the build depends on (the Windows toolchain file).
    printf '%s %s %s%s%s\n' "$name" "$version" "$*" "$hash" "${STAMP_EXTRA:+ $STAMP_EXTRA}"
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
    say "the mirror has no current FreeType source; fetching ${FREETYPE_PINNED%.dsc}"
    rm -f "$WORK"/freetype_*
    fetch_pinned f/freetype "$FREETYPE_PINNED" "$FREETYPE_PINNED_SHA256"
    local sum size file
    while read -r sum size file; do
        fetch_pinned f/freetype "$file" "$sum"
    done < <(awk '/^Checksums-Sha256:/ {on = 1; next} /^[^ ]/ {on = 0} on' \
        "$WORK/$FREETYPE_PINNED")
}

# fetch_pinned POOL-DIR FILE SHA256: one file of a Debian source package from
# the mirror's pool into $WORK (kept when already there), refused by
# apt-helper unless its SHA-256 is the one given.
fetch_pinned() {
    local pool; pool=$(system_mirror)
    [ -f "$WORK/$2" ] && [ "$(sha256sum <"$WORK/$2" | cut -c1-64)" = "$3" ] && return 0
    run /usr/lib/apt/apt-helper -o "APT::Sandbox::User=root" download-file \
        "${pool%/}/pool/main/$1/$2" "$WORK/$2" "SHA256:$3"
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
    # CMAKE_SUBDIR: where the CMake project is in the source, when not at its top.
    run cmake -S "$WORK/$src${CMAKE_SUBDIR:+/$CMAKE_SUBDIR}" -B "$WORK/build-$name" -G Ninja \
        -DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_PREFIX_PATH="$PREFIX" \
        -DCMAKE_INSTALL_LIBDIR=lib "$@"
    run cmake --build "$WORK/build-$name" --parallel "$JOBS"
    run cmake --install "$WORK/build-$name"
    rm -rf "${WORK:?}/$src" "${WORK:?}/build-$name"
    echo "$want" >"$stamp_file"
    say "built $name $version into $PREFIX"
}

# One run at a time per prefix: takes PREFIX's lock (waiting for a run that
# holds it) and starts a fresh log. The lock goes when this process ends
# (an exec in a function holds the shell's descriptor).
take_prefix() {
    mkdir -p "$WORK"
    exec 9>"$PREFIX/.lock"
    if ! flock -n 9; then
        say "another run is setting up $PREFIX; waiting for it"
        flock 9
    fi
    : >"$LOG"
}

main() {
    take_prefix
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


# ---------------------------------------------------------------------------
# Windows (--target windows): every library akgl links, cross-built for
# x86_64-w64-mingw32 with Debian 12's MinGW-w64 into a prefix of its own
# (DLLs in PREFIX/bin, import libraries and .pc files in PREFIX/lib). Debian
# packages none of them for MinGW except zlib (static only), so each is built
# from its Debian source package: the five above at the same trixie versions
# as on Linux, with the same patches; the rest at the bookworm versions the
# Linux build uses from Debian 12 (jansson, expat, zstd, libpng, zlib, ogg,
# HarfBuzz). Fixes only Windows needs are in tools/patches/<lib>/windows/
# (a Linux build never applies or hashes them). Wine runs the tests.
WINDOWS_PACKAGES=(
    cmake ninja-build pkg-config dpkg-dev xz-utils ca-certificates
    gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 binutils-mingw-w64-x86-64
    mingw-w64-x86-64-dev wine wine64
)
# name=version of each Debian source package; the version is in the stamp.
WINDOWS_SOURCES=(
    zlib=1:1.2.13.dfsg-1 libpng1.6=1.6.39-2+deb12u5 jansson=2.14-2
    expat=2.5.0-1+deb12u2 libzstd=1.5.4+dfsg2-5 libogg=1.3.5-3
    harfbuzz=6.0.0+dfsg-3
    libsdl3=${SDL3_VERSION}+ds-1 libsdl3-image=${SDL3_IMAGE_VERSION}+ds-1+deb13u1
    libsdl3-ttf=${SDL3_TTF_VERSION}+ds-1 libvorbis=${LIBVORBIS_VERSION}-3
)

# The toolchain file, copied into the prefix so a build from another clone
# finds the same path; its hash is in every stamp, so an edit rebuilds all.
windows_toolchain() {
    local src; src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../cmake" && pwd)/toolchain-mingw64.cmake
    mkdir -p "$PREFIX/share/akgl"
    cmp -s "$src" "$PREFIX/share/akgl/toolchain-mingw64.cmake" \
        || cp "$src" "$PREFIX/share/akgl/toolchain-mingw64.cmake"
    echo "$PREFIX/share/akgl/toolchain-mingw64.cmake"
}

fetch_windows_sources() {
    local want=${#WINDOWS_SOURCES[@]} s have=0
    for s in "${WINDOWS_SOURCES[@]}"; do
        local pkg=${s%%=*} ver=${s#*=}
        ver=${ver#*:} # the epoch is not in the file name
        [ -f "$WORK/${pkg}_${ver}.dsc" ] && have=$((have + 1))
    done
    if [ "$have" -lt "$want" ]; then
        local apt_dir=$WORK/apt
        mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
        printf 'deb-src %s trixie main\ndeb-src %s bookworm main\n' \
            "$(system_mirror)" "$(system_mirror)" >"$apt_dir/sources.list"
        local opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list"
                    -o "Dir::Etc::SourceParts=$apt_dir/none"
                    -o "Dir::State::Lists=$apt_dir/lists"
                    -o "Dir::Cache=$apt_dir/cache"
                    -o "APT::Sandbox::User=root")
        say "downloading the sources of ${WINDOWS_SOURCES[*]%%=*} from Debian 12 and 13"
        run apt-get "${opts[@]}" update
        (cd "$WORK" && run apt-get "${opts[@]}" source --download-only "${WINDOWS_SOURCES[@]}")
    fi
    [ -n "$(ls "$WORK"/freetype_${FREETYPE_VERSION}*.dsc 2>/dev/null)" ] || fetch_freetype_pinned
}

# build_cross_libraries SHARED COMMON-FLAGS...: every library akgl links, for
# Windows (SHARED=ON: DLLs) or the web (OFF: static libraries), each built
# with COMMON-FLAGS (the toolchain file and the rest) and its own; the
# caller's arrays zstd_extra, harfbuzz_extra and sdl3_extra add flags for
# one target, so that each target's flags (and so its stamps) are its own.
build_cross_libraries() {
    local shared=$1 static=ON; shift
    [ "$shared" = ON ] && static=OFF
    build_one zlib 1.2.13 "zlib_1.2.13*.dsc" zlib-src "$@"
    build_one libpng 1.6.39 "libpng1.6_1.6.39*.dsc" libpng-src "$@" \
        -DPNG_SHARED="$shared" -DPNG_STATIC="$static" -DPNG_TESTS=OFF -DPNG_EXECUTABLES=OFF
    build_one jansson 2.14 "jansson_2.14*.dsc" jansson-src "$@" \
        -DJANSSON_BUILD_SHARED_LIBS="$shared" -DJANSSON_BUILD_DOCS=OFF \
        -DJANSSON_WITHOUT_TESTS=ON -DJANSSON_EXAMPLES=OFF
    CMAKE_SUBDIR=expat build_one expat 2.5.0 "expat_2.5.0*.dsc" expat-src "$@" \
        -DEXPAT_SHARED_LIBS="$shared" -DEXPAT_BUILD_TOOLS=OFF -DEXPAT_BUILD_EXAMPLES=OFF \
        -DEXPAT_BUILD_TESTS=OFF -DEXPAT_BUILD_DOCS=OFF
    CMAKE_SUBDIR=build/cmake build_one zstd 1.5.4 "libzstd_1.5.4*.dsc" zstd-src "$@" \
        -DZSTD_BUILD_SHARED="$shared" -DZSTD_BUILD_STATIC="$static" -DZSTD_BUILD_PROGRAMS=OFF \
        -DZSTD_BUILD_TESTS=OFF ${zstd_extra[@]+"${zstd_extra[@]}"}
    build_one libogg 1.3.5 "libogg_1.3.5*.dsc" libogg-src "$@" \
        -DINSTALL_DOCS=OFF -DBUILD_TESTING=OFF
    build_one libvorbis "$LIBVORBIS_VERSION" "libvorbis_${LIBVORBIS_VERSION}*.dsc" \
        libvorbis-src "$@"
    build_one freetype "$FREETYPE_VERSION" "freetype_${FREETYPE_VERSION}*.dsc" \
        freetype-src "$@" -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON \
        -DFT_DISABLE_BZIP2=ON -DFT_REQUIRE_ZLIB=ON -DFT_REQUIRE_PNG=ON
    build_one harfbuzz 6.0.0 "harfbuzz_6.0.0*.dsc" harfbuzz-src "$@" \
        -DHB_HAVE_FREETYPE=ON -DHB_BUILD_SUBSET=OFF -DHB_BUILD_UTILS=OFF \
        ${harfbuzz_extra[@]+"${harfbuzz_extra[@]}"}
    build_one sdl3 "$SDL3_VERSION" "libsdl3_${SDL3_VERSION}*.dsc" sdl3-src "$@" \
        -DSDL_SHARED="$shared" -DSDL_STATIC="$static" -DSDL_TESTS=OFF -DSDL_TEST_LIBRARY=OFF \
        -DSDL_EXAMPLES=OFF -DSDL_INSTALL_DOCS=OFF -DSDL_OFFSCREEN=ON -DSDL_DUMMYVIDEO=ON \
        -DSDL_DUMMYAUDIO=ON -DSDL_DISKAUDIO=ON ${sdl3_extra[@]+"${sdl3_extra[@]}"}
    build_one sdl3-image "$SDL3_IMAGE_VERSION" "libsdl3-image_${SDL3_IMAGE_VERSION}*.dsc" \
        sdl3-image-src "$@" -DBUILD_SHARED_LIBS="$shared" "${SDL3_IMAGE_FLAGS[@]:2}"
    build_one sdl3-ttf "$SDL3_TTF_VERSION" "libsdl3-ttf_${SDL3_TTF_VERSION}*.dsc" \
        sdl3-ttf-src "$@" -DSDLTTF_VENDORED=OFF -DSDLTTF_PLUTOSVG=OFF \
        -DSDLTTF_HARFBUZZ=ON -DSDLTTF_SAMPLES=OFF -DSDLTTF_INSTALL_MAN=OFF
}

main_windows() {
    take_prefix
    PACKAGES=("${WINDOWS_PACKAGES[@]}")
    install_packages
    local tc; tc=$(windows_toolchain)
    local tc_hash; tc_hash=$(sha256sum <"$tc" | cut -c1-16)
    # Every library: the toolchain, a release build, DLLs (with import
    # libraries), and libgcc linked in so a DLL needs no MinGW runtime DLL.
    STAMP_EXTRA="toolchain=$tc_hash"
    local common=(-DCMAKE_TOOLCHAIN_FILE="$tc"
                  -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON
                  '-DCMAKE_SHARED_LINKER_FLAGS=-static-libgcc -static-libstdc++')
    # build_one fetches Linux's five sources when it has to build; the
    # Windows list has them all, so fetch that first.
    fetch_sources() { fetch_windows_sources; }
    # SDL3 without its Direct3D renderers: Debian's source has their
    # precompiled shaders removed. The DLL keeps the software, OpenGL and
    # Vulkan renderers and the offscreen and dummy drivers the tests use.
    local sdl3_extra=(-DSDL_RENDER_D3D=OFF -DSDL_RENDER_D3D11=OFF -DSDL_RENDER_D3D12=OFF)
    build_cross_libraries ON "${common[@]}"
    copy_mingw_runtime
    copy_licenses
    echo "$PREFIX"
}


# ---------------------------------------------------------------------------
# The web (--target web): Emscripten 3.1.69 from Debian 13's source package,
# run with Debian 12's clang-19 and lld-19 (the LLVM Debian 13 builds it
# with) and Binaryen 120 built from Debian 13's source (Debian 12's 108 is
# too old for it), all under PREFIX; then every library akgl links, built
# with it as static libraries (a wasm program links statically) from the
# same Debian sources as the Windows build, with the same patches. Fixes only
# the web needs are in tools/patches/<lib>/web/; Emscripten's ports are not
# used (they are other versions of the same libraries, without our fixes).
#
#   PREFIX/binaryen      wasm-opt and the other Binaryen tools Emscripten runs
#   PREFIX/emscripten    Emscripten (emcc, its CMake toolchain file, its libc),
#                        with its configuration in PREFIX/emscripten/.emscripten
#   PREFIX/emscripten-cache  the libc, libc++ and the rest Emscripten builds
#                        the first time a program needs them
#   PREFIX/lib, include  the libraries akgl links, .a files and .pc files
# chromium and python3-pil: the browser test of the demo page (tools/web_check.py).
WEB_PACKAGES=(
    build-essential cmake ninja-build pkg-config dpkg-dev xz-utils ca-certificates
    python3 clang-19 lld-19 llvm-19 nodejs node-acorn
    chromium python3-pil
)
EMSCRIPTEN_VERSION=3.1.69
EMSCRIPTEN_DEBIAN=3.1.69+dfsg-3
BINARYEN_VERSION=120
# The source files' SHA-256, as Debian 13's Sources index lists them: some
# mirrors serve these tarballs but not the .dsc that would let apt-get source
# check them, so they are fetched one by one and checked against these.
EMSCRIPTEN_ORIG=emscripten_3.1.69+dfsg.orig.tar.xz
EMSCRIPTEN_ORIG_SHA256=394804c47d38ca3f1fa37b0b12beba60c2b03e6d7d3140a4e658b6dc6fee4481
EMSCRIPTEN_DEBIAN_TAR=emscripten_3.1.69+dfsg-3.debian.tar.xz
EMSCRIPTEN_DEBIAN_TAR_SHA256=460087dbab2fd0ae7452e78da3a9b2be25021c5d02b2715f350431351b49ff37
BINARYEN_ORIG=binaryen_120.orig.tar.gz
BINARYEN_ORIG_SHA256=a4edd532d37b33d88e28e8d770f7177a7c0bb4495eabc6f5ecd41ffc5fd4db90
# Only the tools Emscripten runs, no tests. LLVM's DWARF code stays in
# (BUILD_LLVM_DWARF=OFF does not build: Binaryen 120's outlining passes use
# LLVM's support code). -O1, not Binaryen's -O3: it compiles in about half
# the time on a busy machine, and wasm-opt's own speed matters little for
# programs our size.
BINARYEN_FLAGS=(
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=-O1 -DCMAKE_C_FLAGS_RELEASE=-O1
    -DBUILD_TESTS=OFF -DENABLE_WERROR=OFF -DBUILD_EMSCRIPTEN_TOOLS_ONLY=ON
)

# Binaryen from its upstream release tarball as Debian 13 ships it; Debian's
# own patches to it are about its packaging, nothing the tools Emscripten
# runs need.
build_binaryen() {
    local stamp_file=$PREFIX/.stamp-binaryen
    local want; want=$(stamp_of binaryen "$BINARYEN_VERSION" "${BINARYEN_FLAGS[@]}")
    [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$want" ] && return 0
    fetch_pinned b/binaryen "$BINARYEN_ORIG" "$BINARYEN_ORIG_SHA256"
    say "building binaryen $BINARYEN_VERSION, about 25 minutes at -j 2 (log: $LOG)"
    rm -rf "${WORK:?}/binaryen-src" "${WORK:?}/build-binaryen" "${PREFIX:?}/binaryen"
    mkdir -p "$WORK/binaryen-src"
    run tar -xzf "$WORK/$BINARYEN_ORIG" -C "$WORK/binaryen-src" --strip-components=1
    run cmake -S "$WORK/binaryen-src" -B "$WORK/build-binaryen" -G Ninja \
        -DCMAKE_INSTALL_PREFIX="$PREFIX/binaryen" "${BINARYEN_FLAGS[@]}"
    run cmake --build "$WORK/build-binaryen" --parallel "$JOBS"
    run cmake --install "$WORK/build-binaryen"
    rm -rf "${WORK:?}/binaryen-src" "${WORK:?}/build-binaryen"
    echo "$want" >"$stamp_file"
    say "built binaryen $BINARYEN_VERSION into $PREFIX/binaryen"
}

# Emscripten's configuration: Debian 12's LLVM 19, our Binaryen, the
# system's node, and the cache of built system libraries in the prefix.
emscripten_config() {
    printf "LLVM_ROOT = '%s'\nBINARYEN_ROOT = '%s'\nNODE_JS = '%s'\nCACHE = '%s'\n" \
        /usr/lib/llvm-19/bin "$PREFIX/binaryen" "$(command -v node)" "$PREFIX/emscripten-cache"
}

# Emscripten is Python and JavaScript: unpacked, patched the way Debian
# patches it (its series: LLVM 19 and Binaryen 120 expected, system tools),
# then our own patches, then configured. Its JavaScript optimiser imports
# acorn, which it finds in its node_modules: Debian 12's node-acorn.
setup_emscripten() {
    local stamp_file=$PREFIX/.stamp-emscripten
    local config; config=$(emscripten_config)
    local want
    want=$(STAMP_EXTRA="config=$(sha256sum <<<"$config" | cut -c1-16)" \
        stamp_of emscripten "$EMSCRIPTEN_DEBIAN")
    [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$want" ] && return 0
    fetch_pinned e/emscripten "$EMSCRIPTEN_ORIG" "$EMSCRIPTEN_ORIG_SHA256"
    fetch_pinned e/emscripten "$EMSCRIPTEN_DEBIAN_TAR" "$EMSCRIPTEN_DEBIAN_TAR_SHA256"
    say "setting up emscripten $EMSCRIPTEN_DEBIAN (log: $LOG)"
    local em=$PREFIX/emscripten
    rm -rf "${em:?}" "${PREFIX:?}/emscripten-cache"
    mkdir -p "$em"
    run tar -xJf "$WORK/$EMSCRIPTEN_ORIG" -C "$em" --strip-components=1
    run tar -xJf "$WORK/$EMSCRIPTEN_DEBIAN_TAR" -C "$em"
    local p
    while read -r p; do
        case $p in '' | '#'*) continue ;; esac
        run patch -d "$em" -p1 --forward --batch -i "debian/patches/$p"
    done <"$em/debian/patches/series"
    for p in $(patches_of emscripten); do
        say "applying $(basename "$p")"
        run patch -d "$em" -p1 --forward --batch -i "$p"
    done
    # The key-code table Debian's repack leaves out (its source is not in
    # the tarball), made by Emscripten's own generator as Debian's build does.
    (cd "$em" && run python3 tools/create_dom_pk_codes.py)
    mkdir -p "$em/node_modules"
    ln -sfn /usr/share/nodejs/acorn "$em/node_modules/acorn"
    printf '%s\n' "$config" >"$em/.emscripten"
    # A first program: checks the setup end to end (clang, wasm-ld, Binaryen,
    # node) and builds the C library into the cache once, here, rather than
    # in the middle of the first library's build.
    printf '#include <stdio.h>\nint main(void) { puts("emscripten works"); return 0; }\n' \
        >"$WORK/hello.c"
    run "$em/emcc" -O2 "$WORK/hello.c" -o "$WORK/hello.js"
    [ "$(node "$WORK/hello.js" 2>&1)" = "emscripten works" ] \
        || fail "a program built by emcc did not run under node: $(node "$WORK/hello.js" 2>&1 | head -n 5)"
    echo "$want" >"$stamp_file"
    say "set up emscripten $EMSCRIPTEN_VERSION in $em"
}

# The toolchain file, copied into the prefix as the Windows one is.
web_toolchain() {
    local src; src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../cmake" && pwd)/toolchain-web.cmake
    mkdir -p "$PREFIX/share/akgl"
    cmp -s "$src" "$PREFIX/share/akgl/toolchain-web.cmake" \
        || cp "$src" "$PREFIX/share/akgl/toolchain-web.cmake"
    echo "$PREFIX/share/akgl/toolchain-web.cmake"
}

main_web() {
    take_prefix
    PACKAGES=("${WEB_PACKAGES[@]}")
    install_packages
    build_binaryen
    setup_emscripten
    local tc; tc=$(web_toolchain)
    STAMP_EXTRA="toolchain=$(sha256sum <"$tc" | cut -c1-16) emscripten=$EMSCRIPTEN_DEBIAN"
    # Static libraries, release builds, no threads (akgl's web build has
    # none: no SharedArrayBuffer, so no cross-origin isolation to ask of a
    # web server).
    local common=(-DCMAKE_TOOLCHAIN_FILE="$tc" -DCMAKE_BUILD_TYPE=Release
                  -DBUILD_SHARED_LIBS=OFF)
    # The same sources as the Windows build, from the same list.
    fetch_sources() { fetch_windows_sources; }
    # zstd without threads; SDL3 with its Emscripten video and audio drivers
    # (a page) and the offscreen and dummy ones (the tests, under node).
    local zstd_extra=(-DZSTD_MULTITHREAD_SUPPORT=OFF)
    # HarfBuzz finds Emscripten's threads and would build with -pthread and
    # ask every program that links it, through harfbuzz.pc, for -pthread:
    # shared memory, which wasm-ld refuses for objects built without atomics
    # (all of akgl's). Without Threads it guards its caches with std::mutex,
    # which needs no threads.
    local harfbuzz_extra=(-DCMAKE_DISABLE_FIND_PACKAGE_Threads=ON)
    build_cross_libraries OFF "${common[@]}"
    echo "$PREFIX"
}

# The licence of everything in the prefix, for whoever ships its DLLs
# (tools/package.sh): Debian's copyright file of each source package, which
# names the authors and holds every licence text, as
# PREFIX/share/akgl/licenses/<source package>.txt, and that of the MinGW-w64
# packages the runtime DLLs come from. The stamp lists where they came from.
copy_licenses() {
    local s pkg ver from=() dest=$PREFIX/share/akgl/licenses want i
    for s in "${WINDOWS_SOURCES[@]}"; do
        pkg=${s%%=*} ver=${s#*=}
        from+=("$WORK/${pkg}_${ver#*:}.debian.tar.xz")
    done
    from+=("$(ls "$WORK"/freetype_${FREETYPE_VERSION}*.debian.tar.xz | head -n 1)")
    for s in "${MINGW_RUNTIME_DLLS[@]}"; do
        pkg=$(dpkg -S "$(readlink -f "$(x86_64-w64-mingw32-gcc -print-file-name="$s")")" | cut -d: -f1)
        from+=("/usr/share/doc/$pkg/copyright")
    done
    want="licenses ${from[*]}"
    [ -f "$PREFIX/.stamp-licenses" ] && [ "$(cat "$PREFIX/.stamp-licenses")" = "$want" ] && return 0
    rm -rf "$dest"
    mkdir -p "$dest"
    for i in "${from[@]}"; do
        [ -f "$i" ] || fail "no $i to take a licence from"
        case $i in
            *.debian.tar.xz) pkg=${i##*/}; tar -xJOf "$i" debian/copyright >"$dest/${pkg%%_*}.txt" \
                                 || fail "no debian/copyright in $i" ;;
            *) pkg=${i%/copyright}; cp "$i" "$dest/${pkg##*/}.txt" ;;
        esac
    done
    echo "$want" >"$PREFIX/.stamp-licenses"
    say "copied the licences of ${#from[@]} packages into $dest"
}

# MinGW-w64's own runtime DLLs, copied into PREFIX/bin beside the rest, so
# the prefix alone runs a Windows program: akgl's DLLs import libgcc_s_seh-1
# (akgl is linked as any user's program is, without -static-libgcc) and
# HarfBuzz imports libwinpthread-1. Neither imports anything but Windows'
# own DLLs. The stamp holds their hashes: a new MinGW-w64 package copies
# them again.
MINGW_RUNTIME_DLLS=(libgcc_s_seh-1.dll libwinpthread-1.dll)

copy_mingw_runtime() {
    local dll path paths=() want
    for dll in "${MINGW_RUNTIME_DLLS[@]}"; do
        path=$(x86_64-w64-mingw32-gcc -print-file-name="$dll")
        [ -f "$path" ] || fail "MinGW-w64 has no $dll (x86_64-w64-mingw32-gcc -print-file-name=$dll)"
        paths+=("$path")
    done
    want=mingw-runtime
    for path in "${paths[@]}"; do
        want+=" $(basename "$path")=$(sha256sum <"$path" | cut -c1-16)"
    done
    if [ -f "$PREFIX/.stamp-mingw-runtime" ] && [ "$(cat "$PREFIX/.stamp-mingw-runtime")" = "$want" ]; then
        return 0
    fi
    mkdir -p "$PREFIX/bin"
    for path in "${paths[@]}"; do
        run cp "$path" "$PREFIX/bin/"
    done
    echo "$want" >"$PREFIX/.stamp-mingw-runtime"
    say "copied MinGW-w64's runtime (${MINGW_RUNTIME_DLLS[*]}) into $PREFIX/bin"
}

case $TARGET in
    windows) main_windows ;;
    web) main_web ;;
    *) main "$@" ;;
esac
