# Included by tests/akgl/CMakeLists.txt: issue 14's regressions and harness
# (docs/19-reliability.md).
akgl_add_test(akgl_reliability_defects SOURCES test_reliability_defects.c
    LIBS akgl SDL3_image::SDL3_image)
akgl_add_test(akgl_reliability_hint SOURCES test_reliability_hint.c LIBS akgl)
pkg_check_modules(FAULT_VORBISENC REQUIRED IMPORTED_TARGET vorbisenc vorbis ogg)
akgl_add_test(akgl_fault SOURCES test_fault.c
    LIBS akgl SDL3_image::SDL3_image PkgConfig::FAULT_VORBISENC m)
target_include_directories(akgl_fault PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)
# libc's allocator replaced (fault_libc.c) where AKGL_FAULT_LIBC says it can
# be (tests/CMakeLists.txt); elsewhere the libc rows skip.
if(AKGL_FAULT_LIBC)
    target_sources(akgl_fault PRIVATE fault_libc.c)
    # The compiler must not treat our malloc as the builtin it implements.
    set_source_files_properties(fault_libc.c PROPERTIES COMPILE_OPTIONS -fno-builtin)
    target_compile_definitions(akgl_fault PRIVATE AKGL_FAULT_LIBC_REPLACED=1)
endif()
set_tests_properties(akgl_fault PROPERTIES TIMEOUT 600)

# The table of hostile files: akgl_mkhostile writes them (some hundreds of
# megabytes) before the table runs, and they are removed after it.
set(AKGL_HOSTILE_DIR ${CMAKE_CURRENT_BINARY_DIR}/hostile)
add_test(NAME akgl_hostile_files_make
    COMMAND ${CMAKE_COMMAND} -E make_directory ${AKGL_HOSTILE_DIR})
add_test(NAME akgl_hostile_files_write COMMAND akgl_mkhostile ${AKGL_HOSTILE_DIR})
add_test(NAME akgl_hostile_files_remove
    COMMAND ${CMAKE_COMMAND} -E rm -rf ${AKGL_HOSTILE_DIR})
set_tests_properties(akgl_hostile_files_make PROPERTIES FIXTURES_SETUP akgl_hostile_dir)
set_tests_properties(akgl_hostile_files_write PROPERTIES FIXTURES_SETUP akgl_hostile
    FIXTURES_REQUIRED akgl_hostile_dir TIMEOUT 120
    ENVIRONMENT "ASAN_OPTIONS=detect_leaks=1")
set_tests_properties(akgl_hostile_files_remove PROPERTIES FIXTURES_CLEANUP "akgl_hostile;akgl_hostile_dir")
akgl_add_test(akgl_hostile SOURCES test_hostile.c LIBS akgl SDL3_image::SDL3_image)
target_compile_definitions(akgl_hostile PRIVATE AKGL_HOSTILE_DIR="${AKGL_HOSTILE_DIR}")
set_tests_properties(akgl_hostile PROPERTIES FIXTURES_REQUIRED akgl_hostile)
