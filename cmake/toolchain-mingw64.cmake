# CMake toolchain file: cross-compile for 64-bit Windows with Debian's MinGW-w64
# (packages gcc-mingw-w64-x86-64, g++-mingw-w64-x86-64; tools/deps.sh --target
# windows installs them). Used for akgl itself and for every dependency
# tools/deps.sh builds into the Windows prefix:
#
#   cmake -S . -B build-windows -G Ninja \
#       -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-mingw64.cmake \
#       -DCMAKE_PREFIX_PATH=$HOME/.cache/akgl/deps-windows
#
# Libraries, headers and CMake packages are looked for only in MinGW's own
# tree and in CMAKE_PREFIX_PATH (the Windows prefix), never in the build
# machine's /usr. Programs (pkg-config, python for a generator) are the build
# machine's. Set PKG_CONFIG_LIBDIR to PREFIX/lib/pkgconfig so pkg-config reads
# only the Windows prefix's .pc files (tools/test.sh --windows does).
#
# Tests run through Wine: CMAKE_CROSSCOMPILING_EMULATOR makes ctest start each
# test program as "wine program.exe ...".
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(AKGL_MINGW_TRIPLET x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${AKGL_MINGW_TRIPLET}-gcc)
set(CMAKE_CXX_COMPILER ${AKGL_MINGW_TRIPLET}-g++)
set(CMAKE_RC_COMPILER ${AKGL_MINGW_TRIPLET}-windres)

# MinGW's tree, and each prefix given to find things in (a path under a root
# path is searched as it is, not re-rooted under MinGW's).
set(CMAKE_FIND_ROOT_PATH /usr/${AKGL_MINGW_TRIPLET} ${CMAKE_PREFIX_PATH})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

find_program(AKGL_WINE NAMES wine wine64)
if(AKGL_WINE)
    set(CMAKE_CROSSCOMPILING_EMULATOR ${AKGL_WINE})
endif()
