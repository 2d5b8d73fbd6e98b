# CMake toolchain file: build for the web (WebAssembly) with the Emscripten
# that tools/deps.sh --target web sets up in its prefix (default
# ~/.cache/akgl/deps-web). Used for akgl itself and for every dependency
# tools/deps.sh builds into that prefix:
#
#   cmake -S . -B build-web -G Ninja \
#       -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-web.cmake \
#       -DCMAKE_PREFIX_PATH=$HOME/.cache/akgl/deps-web
#
# It is Emscripten's own toolchain file (what emcmake would pass), with two
# things added: the prefix's libraries are found (Emscripten's file looks in
# its own sysroot only, and points pkg-config there), and the Emscripten is
# the prefix's, found through CMAKE_PREFIX_PATH (or AKGL_EMSCRIPTEN_ROOT).
#
# Programs are .js files (with their .wasm beside them); ctest runs each
# under node (CMAKE_CROSSCOMPILING_EMULATOR, set by Emscripten's file).
if(NOT AKGL_EMSCRIPTEN_ROOT)
    foreach(_akgl_dir IN LISTS CMAKE_PREFIX_PATH)
        if(EXISTS "${_akgl_dir}/emscripten/emcc")
            set(AKGL_EMSCRIPTEN_ROOT "${_akgl_dir}/emscripten")
            break()
        endif()
    endforeach()
endif()
if(NOT AKGL_EMSCRIPTEN_ROOT)
    message(FATAL_ERROR "toolchain-web.cmake: no emscripten/emcc under CMAKE_PREFIX_PATH "
        "(\"${CMAKE_PREFIX_PATH}\"); run tools/deps.sh --target web and pass its prefix, "
        "or set AKGL_EMSCRIPTEN_ROOT")
endif()
# try_compile projects (CMake's compiler checks) run this file again with
# only the variables listed here.
set(AKGL_EMSCRIPTEN_ROOT "${AKGL_EMSCRIPTEN_ROOT}" CACHE PATH "Emscripten's directory (emcc)")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES AKGL_EMSCRIPTEN_ROOT)

include("${AKGL_EMSCRIPTEN_ROOT}/cmake/Modules/Platform/Emscripten.cmake")

# Each prefix given is searched as it is, not re-rooted under the sysroot.
list(APPEND CMAKE_FIND_ROOT_PATH ${CMAKE_PREFIX_PATH})
# pkg-config reads the prefixes' .pc files and the sysroot's, never the
# build machine's (Emscripten's file has just set the sysroot's alone).
set(_akgl_pc "")
foreach(_akgl_dir IN LISTS CMAKE_PREFIX_PATH)
    list(APPEND _akgl_pc "${_akgl_dir}/lib/pkgconfig" "${_akgl_dir}/share/pkgconfig")
endforeach()
string(REPLACE ";" ":" _akgl_pc "${_akgl_pc}")
set(ENV{PKG_CONFIG_LIBDIR} "${_akgl_pc}:$ENV{PKG_CONFIG_LIBDIR}")
# The libraries are static: pkg-config gives what each needs in turn.
set(PKG_CONFIG_ARGN --static CACHE STRING "Arguments to pkg-config")
