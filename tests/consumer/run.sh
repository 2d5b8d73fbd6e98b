#!/usr/bin/env bash
# The packaging proof, run by ctest as the test "consumer" (registered, with
# the variables below, by tests/consumer/CMakeLists.txt):
#
#  1. installs the build into a fresh prefix, <build>/consumer-prefix;
#  2. checks the installed tree is complete and self-contained: every public
#     header, each library, its CMake package and its .pc file, nothing that
#     points back into the source or build tree, and .pc files that resolve
#     to the prefix they were installed in;
#  3. builds tests/consumer/app/ (a program outside the project) twice against
#     that prefix: with CMake, find_package(akgl CONFIG) + akgl::akgl, and with
#     plain `cc $(pkg-config --cflags --libs akgl)`;
#  4. runs both, checks they load the installed libraries, and checks what
#     they print: akgl's version, a handled akerror error, (akstdlib's
#     output,) the SDL3 version both compiled against and running, and no
#     error context left in use;
#  5. builds every program in examples/ (each examples/*.c, and each
#     examples/<name>/ holding .c files, discovered when the test runs) the
#     same two ways: with the CMake project tests/consumer/examples/ and with
#     `cc <sources> $(pkg-config --cflags --libs akgl)`; checks each finds
#     its libraries in the prefix;
#  6. runs the installed akgl-check: examples/assets passes, a bad fixture
#     is reported.
#  7. builds the tutorial's folder (docs/24-tutorial.md: its CMakeLists.txt
#     and its finished main.c) with CMake and runs the game headless.
#
# Inputs (environment):
#   AKGL_CONSUMER_SOURCE        the akgl source tree
#   AKGL_CONSUMER_BUILD         the akgl build tree to install
#   AKGL_CONSUMER_CC            the C compiler that built it (an ASan build
#                               must be linked by the compiler that made it)
#   AKGL_CONSUMER_GENERATOR     CMake generator (and _MAKE_PROGRAM) for the app
#   AKGL_CONSUMER_MAKE_PROGRAM
#   AKGL_CONSUMER_VERSION       the version akgl must report
#   AKGL_CONSUMER_SDL_VERSION   the SDL3 version the build found
#   AKGL_CONSUMER_LIBDIR        CMAKE_INSTALL_LIBDIR, CMAKE_INSTALL_INCLUDEDIR
#   AKGL_CONSUMER_INCLUDEDIR
#   AKGL_CONSUMER_BINDIR        CMAKE_INSTALL_BINDIR (akgl-check)
#   AKGL_CONSUMER_PREFIX_PATH   ':'-separated CMAKE_PREFIX_PATH of the build
#   AKGL_CONSUMER_SDL3_DIR      SDL3_DIR, SDL3_image_DIR of the build
#   AKGL_CONSUMER_SDL3_IMAGE_DIR
#   AKGL_CONSUMER_PKG_CONFIG_PATH  ':'-separated .pc directories of SDL3 and co.
#   AKGL_CONSUMER_PKG_CONFIG    the pkg-config program
#   AKGL_CONSUMER_LIBRARIES     our libraries that were built ("akerror akstdlib akgl")
#   AKGL_CONSUMER_SHARED        ON when they are shared libraries
#   AKGL_CONSUMER_TOOLCHAIN_FILE  the build's CMAKE_TOOLCHAIN_FILE (a cross
#                               build: the consumers are built with it too)
#   AKGL_CONSUMER_EMULATOR      what runs the programs built (a cross build's
#                               CMAKE_CROSSCOMPILING_EMULATOR: Wine; empty
#                               natively)
#   AKGL_CONSUMER_CROSS         ON for a cross build: pkg-config reads only the
#                               prefix's and the dependencies' .pc files
#                               (PKG_CONFIG_LIBDIR), never the build machine's
#   AKGL_CONSUMER_WINDOWS       ON for a Windows build: DLLs in BINDIR, import
#                               libraries in LIBDIR, programs named .exe, the
#                               DLLs a program imports read with
#                               AKGL_CONSUMER_OBJDUMP instead of ldd
set -euo pipefail

fail() {
    printf 'consumer: FAILED: %s\n' "$1" >&2
    shift
    local log
    for log in "$@"; do
        [ -f "$log" ] && { printf -- '--- %s\n' "$log" >&2; tail -n 60 "$log" >&2; }
    done
    exit 1
}
say() { printf 'consumer: %s\n' "$*"; }

for var in SOURCE BUILD CC GENERATOR VERSION SDL_VERSION LIBDIR INCLUDEDIR BINDIR LIBRARIES \
           SHARED PKG_CONFIG; do
    name=AKGL_CONSUMER_$var
    [ -n "${!name:-}" ] || fail "$name is not set (run this through ctest)"
done
src=$AKGL_CONSUMER_SOURCE
build=$AKGL_CONSUMER_BUILD
libdir=$AKGL_CONSUMER_LIBDIR
includedir=$AKGL_CONSUMER_INCLUDEDIR
read -r -a libraries <<<"$AKGL_CONSUMER_LIBRARIES"
read -r -a emulator <<<"${AKGL_CONSUMER_EMULATOR:-}"
windows=${AKGL_CONSUMER_WINDOWS:-OFF}
exe=
[ "$windows" = ON ] && exe=.exe
bindir=$AKGL_CONSUMER_BINDIR
has_library() { [[ " ${libraries[*]} " == *" $1 "* ]]; }

prefix=$build/consumer-prefix
work=$build/consumer-work
rm -rf "$prefix" "$work"
mkdir -p "$work"

# --- 1. install -------------------------------------------------------------
cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 \
    || fail "cmake --install $build --prefix $prefix" "$work/install.log"
say "installed into $prefix"

# --- 2. the installed tree --------------------------------------------------
missing=()
need() { [ -e "$prefix/$1" ] || missing+=("$1"); }
# Every public header of every library that was built.
while IFS= read -r header; do
    need "$includedir/$header"
done < <(cd "$src/include" && find . -name '*.h' -printf '%P\n' | sort)
for lib in "${libraries[@]}"; do
    if [ "$AKGL_CONSUMER_SHARED" = ON ] && [ "$windows" = ON ]; then
        need "$bindir/lib$lib.dll"
        need "$libdir/lib$lib.dll.a"
    elif [ "$AKGL_CONSUMER_SHARED" = ON ]; then
        need "$libdir/lib$lib.so"
    else
        need "$libdir/lib$lib.a"
    fi
    need "$libdir/cmake/$lib/${lib}Config.cmake"
    need "$libdir/cmake/$lib/${lib}ConfigVersion.cmake"
    need "$libdir/cmake/$lib/${lib}Targets.cmake"
    need "$libdir/pkgconfig/$lib.pc"
done
[ ${#missing[@]} -eq 0 ] || fail "the install is missing: ${missing[*]}" "$work/install.log"

# Installed CMake and pkg-config files must not point into the source or build
# tree: the prefix has to work on its own, and wherever it is moved.
leaks=$(grep -rlF -e "$src/" -e "$build/" "$prefix/$libdir/cmake" "$prefix/$libdir/pkgconfig" || true)
[ -z "$leaks" ] || fail "installed files name the source or build tree: $leaks"
say "installed tree complete: headers, ${libraries[*]}, their CMake packages and .pc files"

# --- 3a. pkg-config -----------------------------------------------------------
pc_dirs="$prefix/$libdir/pkgconfig${AKGL_CONSUMER_PKG_CONFIG_PATH:+:$AKGL_CONSUMER_PKG_CONFIG_PATH}"
if [ "${AKGL_CONSUMER_CROSS:-OFF}" = ON ]; then
    export PKG_CONFIG_LIBDIR=$pc_dirs PKG_CONFIG_PATH=$pc_dirs
else
    export PKG_CONFIG_PATH="$pc_dirs${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
fi
pc=$AKGL_CONSUMER_PKG_CONFIG
for lib in "${libraries[@]}"; do
    "$pc" --print-errors --exists "$lib" >"$work/pkg-config.log" 2>&1 \
        || fail "pkg-config cannot resolve $lib (PKG_CONFIG_PATH=$PKG_CONFIG_PATH)" \
            "$work/pkg-config.log"
    v=$("$pc" --modversion "$lib")
    [ "$v" = "$AKGL_CONSUMER_VERSION" ] || fail "pkg-config: $lib is $v, expected $AKGL_CONSUMER_VERSION"
    for pair in "prefix:" "libdir:$libdir" "includedir:$includedir"; do
        var=${pair%%:*}
        want=$(realpath -m "$prefix/${pair#*:}")
        got=$(realpath -m "$("$pc" --variable="$var" "$lib")")
        [ "$got" = "$want" ] || fail "$lib.pc: $var resolves to $got, expected $want"
    done
done

mkdir -p "$work/pkgconfig"
# --as-needed, as some distributions link by default: the installed libraries
# must then find their own dependencies.
read -r -a pc_flags <<<"$("$pc" --cflags --libs akgl)"
echo "+ $AKGL_CONSUMER_CC -std=c11 -Wall -Wextra -Werror -Wl,--as-needed consumer.c ${pc_flags[*]}" \
    >"$work/pkgconfig/build.log"
"$AKGL_CONSUMER_CC" -std=c11 -Wall -Wextra -Werror -Wl,--as-needed \
    "$src/tests/consumer/app/consumer.c" "${pc_flags[@]}" -o "$work/pkgconfig/consumer$exe" \
    >>"$work/pkgconfig/build.log" 2>&1 \
    || fail "building with pkg-config failed" "$work/pkgconfig/build.log"
say "built with pkg-config: $AKGL_CONSUMER_CC consumer.c ${pc_flags[*]}"

# --- 3b. CMake ----------------------------------------------------------------
cmake_prefix="$prefix;${AKGL_CONSUMER_PREFIX_PATH//:/;}"
cmake_args=(-S "$src/tests/consumer/app" -B "$work/cmake" -G "$AKGL_CONSUMER_GENERATOR"
    -DCMAKE_C_COMPILER="$AKGL_CONSUMER_CC"
    -DCMAKE_PREFIX_PATH="$cmake_prefix"
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    -DAKGL_EXPECTED_VERSION="$AKGL_CONSUMER_VERSION")
[ -n "${AKGL_CONSUMER_MAKE_PROGRAM:-}" ] && cmake_args+=(-DCMAKE_MAKE_PROGRAM="$AKGL_CONSUMER_MAKE_PROGRAM")
[ -n "${AKGL_CONSUMER_TOOLCHAIN_FILE:-}" ] && cmake_args+=(-DCMAKE_TOOLCHAIN_FILE="$AKGL_CONSUMER_TOOLCHAIN_FILE")
[ -n "${AKGL_CONSUMER_SDL3_DIR:-}" ] && cmake_args+=(-DSDL3_DIR="$AKGL_CONSUMER_SDL3_DIR")
[ -n "${AKGL_CONSUMER_SDL3_IMAGE_DIR:-}" ] && cmake_args+=(-DSDL3_image_DIR="$AKGL_CONSUMER_SDL3_IMAGE_DIR")
cmake "${cmake_args[@]}" >"$work/cmake-configure.log" 2>&1 \
    || fail "configuring the CMake consumer failed" "$work/cmake-configure.log"
for lib in "${libraries[@]}"; do
    dir=$(sed -n "s/^-- consumer: ${lib}_DIR=//p" "$work/cmake-configure.log")
    [ "$dir" = "$prefix/$libdir/cmake/$lib" ] \
        || fail "find_package($lib) used '$dir', not the fresh install" "$work/cmake-configure.log"
done
cmake --build "$work/cmake" >"$work/cmake-build.log" 2>&1 \
    || fail "building the CMake consumer failed" "$work/cmake-build.log"
say "built with CMake: find_package(akgl CONFIG) -> akgl::akgl"

# Every executable finds libakgl and libakerror in the prefix (shared builds):
# ldd says where from. A Windows program imports them by name (objdump -p),
# the prefix's BINDIR has them, and run_program puts no other folder of ours
# on Wine's DLL path.
check_loads() {
    local program=$1 log=$2 lib where
    [ "$AKGL_CONSUMER_SHARED" = ON ] || return 0
    if [ "$windows" = ON ]; then
        "$AKGL_CONSUMER_OBJDUMP" -p "$program" >"$log" 2>&1 || fail "objdump -p $program" "$log"
        for lib in akgl akerror; do
            grep -q "DLL Name: lib$lib.dll" "$log" || fail "$program does not import lib$lib.dll" "$log"
            [ -f "$prefix/$bindir/lib$lib.dll" ] || fail "lib$lib.dll is not in $prefix/$bindir"
        done
        return 0
    fi
    ldd "$program" >"$log" 2>&1 || fail "ldd $program" "$log"
    ! grep -q "not found" "$log" || fail "$program: a library is not found" "$log"
    for lib in akgl akerror; do
        where=$(awk -v l="lib$lib.so" 'index($1, l) == 1 { print $3 }' "$log")
        if [ -z "$where" ] ||
            [ "$(realpath "$(dirname "$where")")" != "$(realpath "$prefix/$libdir")" ]; then
            fail "$program loads lib$lib from '$where', not $prefix/$libdir" "$log"
        fi
    done
}

# run_program PROGRAM ARGS...: runs a program built here, through the
# emulator of a cross build. Under Wine its DLLs are found through WINEPATH:
# the prefix's BINDIR and the dependencies' bin/ folders, never the build
# tree's.
run_program() {
    if [ "$windows" = ON ]; then
        local path="Z:$prefix/$bindir" dir
        local -a dirs
        IFS=: read -r -a dirs <<<"${AKGL_CONSUMER_PREFIX_PATH:-}"
        for dir in "${dirs[@]}"; do
            path="$path;Z:$dir/bin"
        done
        WINEPATH=$path "${emulator[@]}" "$@"
    else
        "${emulator[@]}" "$@"
    fi
}

# --- 4. run both --------------------------------------------------------------
expected=("akgl $AKGL_CONSUMER_VERSION" "akstdlib 42"
    "handled 205 (*): no key consumer"
    "SDL $AKGL_CONSUMER_SDL_VERSION, compiled against $AKGL_CONSUMER_SDL_VERSION"
    "contexts in use 0")

for how in pkgconfig cmake; do
    program=$work/$how/consumer$exe
    run_program "$program" >"$work/$how/run.log" 2>&1 \
        || fail "$how consumer exited with $?" "$work/$how/run.log"
    mapfile -t lines < <(tr -d '\r' <"$work/$how/run.log")
    [ ${#lines[@]} -eq ${#expected[@]} ] \
        || fail "$how consumer printed ${#lines[@]} lines, expected ${#expected[@]}" "$work/$how/run.log"
    for i in "${!expected[@]}"; do
        # shellcheck disable=SC2053 # the expectation is a glob on purpose
        [[ "${lines[$i]}" == ${expected[$i]} ]] \
            || fail "$how consumer line $((i + 1)) is '${lines[$i]}', expected '${expected[$i]}'" \
                "$work/$how/run.log"
    done
    # It ran with the installed libraries, not the build tree's.
    check_loads "$program" "$work/$how/ldd.log"
    say "$how consumer: ${lines[*]}"
done

# --- 5. every program in examples/, out of tree -----------------------------
# examples/*.c: one program each; examples/<name>/ with .c files: one program.
# Also run on tests/consumer/examples-fixture/, which has a program in a
# folder, so that half of the discovery is proven before examples/ needs it.

# build_examples DIR LABEL [EXPECTED NAMES...]
build_examples() {
    local examples=$1 label=$2 name dir file
    shift 2
    local out=$work/$label
    declare -A example_sources=()
    for file in "$examples"/*.c; do
        [ -e "$file" ] || continue
        example_sources[$(basename "$file" .c)]=$file
    done
    for dir in "$examples"/*/; do
        dir=${dir%/}
        local files=("$dir"/*.c)
        [ -e "${files[0]}" ] || continue
        example_sources[$(basename "$dir")]="${files[*]}"
    done
    [ ${#example_sources[@]} -gt 0 ] || fail "no program found in $examples"
    local example_names
    mapfile -t example_names < <(printf '%s\n' "${!example_sources[@]}" | sort)
    if [ $# -gt 0 ] && [ "${example_names[*]}" != "$*" ]; then
        fail "found the programs '${example_names[*]}' in $examples, expected '$*'"
    fi
    local asset_defs=(-DAKGL_EXAMPLES_ASSETS="\"$examples/assets\"")

    mkdir -p "$out/pkgconfig"
    local sources log
    for name in "${example_names[@]}"; do
        read -r -a sources <<<"${example_sources[$name]}"
        log=$out/pkgconfig/$name.log
        echo "+ $AKGL_CONSUMER_CC -std=c11 -Wall -Wextra -Werror ${sources[*]} ${pc_flags[*]}" >"$log"
        "$AKGL_CONSUMER_CC" -std=c11 -Wall -Wextra -Werror "${asset_defs[@]}" "${sources[@]}" \
            "${pc_flags[@]}" -o "$out/pkgconfig/$name$exe" >>"$log" 2>&1 \
            || fail "building $label program $name with pkg-config failed" "$log"
        check_loads "$out/pkgconfig/$name$exe" "$out/pkgconfig/$name.ldd"
    done
    say "$label: built ${#example_names[@]} with pkg-config: ${example_names[*]}"

    local args=(-S "$src/tests/consumer/examples" -B "$out/cmake" -G "$AKGL_CONSUMER_GENERATOR"
        -DCMAKE_C_COMPILER="$AKGL_CONSUMER_CC"
        -DCMAKE_PREFIX_PATH="$cmake_prefix"
        -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
        -DAKGL_EXAMPLES_DIR="$examples")
    [ -n "${AKGL_CONSUMER_MAKE_PROGRAM:-}" ] && args+=(-DCMAKE_MAKE_PROGRAM="$AKGL_CONSUMER_MAKE_PROGRAM")
    [ -n "${AKGL_CONSUMER_TOOLCHAIN_FILE:-}" ] && args+=(-DCMAKE_TOOLCHAIN_FILE="$AKGL_CONSUMER_TOOLCHAIN_FILE")
    [ -n "${AKGL_CONSUMER_SDL3_DIR:-}" ] && args+=(-DSDL3_DIR="$AKGL_CONSUMER_SDL3_DIR")
    [ -n "${AKGL_CONSUMER_SDL3_IMAGE_DIR:-}" ] && args+=(-DSDL3_image_DIR="$AKGL_CONSUMER_SDL3_IMAGE_DIR")
    cmake "${args[@]}" >"$out/cmake-configure.log" 2>&1 \
        || fail "configuring $label with CMake failed" "$out/cmake-configure.log"
    cmake --build "$out/cmake" >"$out/cmake-build.log" 2>&1 \
        || fail "building $label with CMake failed" "$out/cmake-build.log"
    # The CMake project found the same programs as this script.
    local cmake_names
    mapfile -t cmake_names < <(sed -n 's/^-- examples consumer: example-//p' \
        "$out/cmake-configure.log" | sort)
    [ "${cmake_names[*]}" = "${example_names[*]}" ] \
        || fail "the CMake project built '${cmake_names[*]}' from $examples, run.sh found '${example_names[*]}'"
    for name in "${example_names[@]}"; do
        [ -x "$out/cmake/example-$name$exe" ] \
            || fail "CMake did not build example-$name" "$out/cmake-build.log"
        check_loads "$out/cmake/example-$name$exe" "$out/cmake/$name.ldd"
    done
    say "$label: built ${#example_names[@]} with CMake: find_package(akgl CONFIG) -> akgl::akgl"
}

build_examples "$src/tests/consumer/examples-fixture" examples-fixture multi single
build_examples "$src/examples" examples

# --- 6. the installed akgl-check ----------------------------------------------
check=$prefix/$bindir/akgl-check$exe
[ -x "$check" ] || fail "akgl-check is not installed at $check" "$work/install.log"
check_loads "$check" "$work/akgl-check.ldd"
run_program "$check" "$src/examples/assets" >"$work/akgl-check.log" 2>&1 \
    || fail "the installed akgl-check finds problems in examples/assets" "$work/akgl-check.log"
set +e
run_program "$check" "$src/tests/assets/sprites/type_speed.json" >"$work/akgl-check-bad.log" 2>&1
rc=$?
set -e
[ $rc -eq 1 ] && grep -q "^$src/tests/assets/sprites/type_speed.json: " "$work/akgl-check-bad.log" \
    || fail "the installed akgl-check exited $rc on a bad sprite, expected 1 naming it" \
        "$work/akgl-check-bad.log"
say "installed akgl-check: examples/assets valid, a bad sprite reported"

# --- 7. the tutorial's folder (docs/24-tutorial.md), as the chapter says ------
# The page's one ```cmake block as CMakeLists.txt and its last ```c block (the
# finished game) as main.c, in a folder of their own with a copy of
# examples/assets as assets/; configured and built with CMake against the
# prefix, then run from its build folder (assets found beside it, through the
# link the CMakeLists.txt makes) headless for 60 frames.
tut=$work/tutorial/mygame
page=$src/docs/24-tutorial.md
rm -rf "$work/tutorial"
mkdir -p "$tut"
awk '/^```cmake$/ { on = 1; next } on && /^```$/ { exit } on' "$page" >"$tut/CMakeLists.txt"
awk '/^```c$/ { on = 1; buf = ""; next } on && /^```$/ { on = 0; last = buf; next }
     on { buf = buf $0 "\n" } END { printf "%s", last }' "$page" >"$tut/main.c"
grep -q "find_package(akgl" "$tut/CMakeLists.txt" && grep -q "AKGL_APP_MAIN" "$tut/main.c" \
    || fail "$page: no cmake block with find_package(akgl), or no last C program"
cp -r "$src/examples/assets" "$tut/assets"
tut_args=(-S "$tut" -B "$tut/build" -G "$AKGL_CONSUMER_GENERATOR" -DCMAKE_C_COMPILER="$AKGL_CONSUMER_CC"
    -DCMAKE_PREFIX_PATH="$cmake_prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
[ -n "${AKGL_CONSUMER_MAKE_PROGRAM:-}" ] && tut_args+=(-DCMAKE_MAKE_PROGRAM="$AKGL_CONSUMER_MAKE_PROGRAM")
[ -n "${AKGL_CONSUMER_TOOLCHAIN_FILE:-}" ] && tut_args+=(-DCMAKE_TOOLCHAIN_FILE="$AKGL_CONSUMER_TOOLCHAIN_FILE")
[ -n "${AKGL_CONSUMER_SDL3_DIR:-}" ] && tut_args+=(-DSDL3_DIR="$AKGL_CONSUMER_SDL3_DIR")
[ -n "${AKGL_CONSUMER_SDL3_IMAGE_DIR:-}" ] && tut_args+=(-DSDL3_image_DIR="$AKGL_CONSUMER_SDL3_IMAGE_DIR")
cmake "${tut_args[@]}" >"$work/tutorial/configure.log" 2>&1 \
    || fail "configuring the tutorial's folder failed" "$work/tutorial/configure.log"
cmake --build "$tut/build" >"$work/tutorial/build.log" 2>&1 \
    || fail "building the tutorial's folder failed" "$work/tutorial/build.log"
check_loads "$tut/build/mygame$exe" "$work/tutorial/mygame.ldd"
run_program "$tut/build/mygame$exe" --frames 60 --screenshot "$work/tutorial/mygame.png" \
    >"$work/tutorial/run.log" 2>&1 || fail "the tutorial's game failed" "$work/tutorial/run.log"
[ -s "$work/tutorial/mygame.png" ] || fail "the tutorial's game saved no picture" "$work/tutorial/run.log"
say "the tutorial's folder: built with its CMakeLists.txt, ran 60 frames headless"
say "ok"
