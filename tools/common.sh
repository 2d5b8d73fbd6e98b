# Sourced by the scripts in tools/ that build: the job count (-j N) and the
# lock a script holds on its build directory while it builds and runs.
# Not a script of its own.

# How many jobs when -j is not given: one per processor.
akgl_default_jobs() {
    nproc 2>/dev/null || echo 2
}

# akgl_check_jobs SCRIPT VALUE: exits 2, naming the script and the value, when
# VALUE is not a whole number from 1 up.
akgl_check_jobs() {
    case $2 in
        '' | *[!0-9]* | 0*)
            echo "$1: -j takes a whole number of jobs from 1 up, not \"$2\"" >&2
            exit 2 ;;
    esac
}

# akgl_parse_jobs SCRIPT ARGS...: reads a leading -j N, -jN, --jobs N or
# --jobs=N from ARGS into $jobs (the default when there is none) and sets
# $jobs_shift to how many arguments it took, for the caller's shift; exits 2
# as akgl_check_jobs does for a bad count.
akgl_parse_jobs() {
    local script=$1
    shift
    jobs=$(akgl_default_jobs)
    jobs_shift=0
    case ${1:-} in
        -j | --jobs) [ $# -ge 2 ] || akgl_check_jobs "$script" ''
                     jobs=$2; jobs_shift=2 ;;
        -j*) jobs=${1#-j}; jobs_shift=1 ;;
        --jobs=*) jobs=${1#--jobs=}; jobs_shift=1 ;;
    esac
    akgl_check_jobs "$script" "$jobs"
}

# akgl_lock SCRIPT DIR: creates DIR and holds DIR/.akgl-lock (flock) until the
# script and whatever it execs end. A second script that builds in the same
# DIR waits for the first, saying so on standard error, instead of building
# over it (ninja has no lock of its own) or testing a half-built tree.
akgl_lock() {
    local fd
    mkdir -p "$2"
    exec {fd}>"$2/.akgl-lock"
    if ! flock -n "$fd"; then
        echo "$1: $2 is in use by another run; waiting for it" >&2
        flock "$fd"
    fi
}

# akgl_wine_setup PREFIX: the Wine environment of the Windows runs (tools/test.sh
# --windows, tools/package.sh --windows), PREFIX being the Windows dependency
# prefix. Wine gets a prefix of its own outside the clone, beside PREFIX
# (AKGL_WINEPREFIX moves it; created on first use, about half a minute), and
# says nothing of its own (WINEDEBUG) but what the caller adds to WINEDEBUG.
# A program that crashes exits with the exception's code: Wine's crash
# debugger (winedbg), which would report it and then exit 0, so that the
# crash passed, is not started. SDL leaves XInput alone (SDL_XINPUT_ENABLED):
# Wine 8's xinput1_4 runs a thread of its own that can start after SDL_Quit
# has unloaded the DLL, a page fault in a program whose cases all passed
# (akgl_app starts and stops SDL's gamepads a dozen times). Windows' XInput
# has no such thread, and no program run here uses a gamepad.
akgl_wine_setup() {
    export WINEPREFIX=${AKGL_WINEPREFIX:-$(dirname "$1")/wine}
    export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=;winedbg.exe=d"
    export SDL_XINPUT_ENABLED=0
    if [ ! -f "$WINEPREFIX/system.reg" ]; then
        echo "creating the Wine prefix $WINEPREFIX" >&2
        wineboot -i >/dev/null 2>&1 || true
        wineserver -w || true
    fi
}

# akgl_wine_session: brings up Wine's session for WINEPREFIX (the wineserver,
# services.exe and the services it starts, the desktop's explorer.exe) from a
# Wine program of the calling script's own, which lives until the script
# exits, and returns once the session is up. Each of those Wine processes
# keeps the standard error (and the other descriptors) of the program that
# started it, and lives until the wineserver ends: 3 s after the last Wine
# program of WINEPREFIX. Started by a test program instead, they would hold
# that test's output pipe open after it exits, and ctest, which waits for the
# end of a test's output, would wait out the test's timeout, its cases all
# passed. Started here, they hold /dev/null and nothing else.
akgl_wine_session() {
    # The keeper: cmd reads a line from a pipe the script never writes to, so
    # it ends when the script's end closes the pipe (akgl_wine_keeper, the
    # write end, held and never written), Ctrl-C or not.
    exec {akgl_wine_keeper}> >(akgl_wine_bare cmd /c "set /p line=")
    # Returns once the wineserver, the services and the desktop are up,
    # whichever of the two programs started them.
    if ! akgl_wine_bare cmd /c exit </dev/null; then
        echo "Wine's session for $WINEPREFIX did not come up: wine cmd /c exit failed" >&2
        return 1
    fi
}

# akgl_wine_bare ARGS...: wine ARGS, its output on /dev/null, its input the
# caller's, and no other descriptor of the caller's (the build directory's
# lock among them), so that a session it starts holds none of them.
akgl_wine_bare() {
    (
        for fd in "/proc/$BASHPID/fd/"*; do
            fd=${fd##*/}
            [ "$fd" -le 2 ] || eval "exec $fd>&-"
        done
        exec wine "$@" >/dev/null 2>&1
    )
}

# akgl_configure PREFIX BUILD CMAKE-ARGS...: configures BUILD (Ninja) against
# the dependency prefix PREFIX. -U: CMake keeps, from a tree's first
# configure, where it found each package (SDL3*_DIR) and what pkg-config
# answered (__pkg_config_checked_*); both are asked again every time, so a
# tree configured against another prefix, or before its prefix was rebuilt
# (a static library's flags changed), builds against this one as it is.
akgl_configure() {
    local prefix=$1 build=$2
    shift 2
    cmake -S "$root" -B "$build" -G Ninja -U "SDL3*_DIR" -U "__pkg_config_checked_*" \
        -DCMAKE_PREFIX_PATH="$prefix" "$@" >/dev/null
}

# akgl_windows_configure PREFIX BUILD CMAKE-ARGS...: configures BUILD for 64-bit
# Windows (cmake/toolchain-mingw64.cmake) against the Windows dependency
# prefix PREFIX. pkg-config reads only that prefix's .pc files, never the
# build machine's (zlib's are in share/).
akgl_windows_configure() {
    local prefix=$1 build=$2
    shift 2
    export PKG_CONFIG_LIBDIR="$prefix/lib/pkgconfig:$prefix/share/pkgconfig"
    unset PKG_CONFIG_PATH
    akgl_configure "$prefix" "$build" \
        -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-mingw64.cmake" "$@"
}

# akgl_callgrind_inclusive FILE REGEX: the inclusive instruction count of the
# first function whose callgrind_annotate line matches REGEX. Every function
# is listed (--threshold=100): by default the listing stops once 99% of the
# cost is shown, and a small function (SDL_RenderGeometry under a frame's
# present) would be missing.
akgl_callgrind_inclusive() {
    callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
        awk -v re="$2" '!found && $0 ~ re { gsub(",", "", $1); print $1; found = 1 }'
}
