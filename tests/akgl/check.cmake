# Included by tests/akgl/CMakeLists.txt: the akgl-check tool (docs/20-akgl-check.md)
# on every loader fixture, run by check/check_test.cmake.
pkg_check_modules(VORBISENC REQUIRED IMPORTED_TARGET vorbisenc vorbis ogg)

# Writes the WAV and Ogg files the sound banks name (as the sound suite makes its own).
add_executable(akgl_check_sounds check_sounds.c)
target_link_libraries(akgl_check_sounds PRIVATE PkgConfig::VORBISENC m)
target_include_directories(akgl_check_sounds PRIVATE ${PROJECT_SOURCE_DIR}/tests/support)
akgl_target_defaults(akgl_check_sounds)

add_test(NAME akgl_check
    COMMAND ${CMAKE_COMMAND}
        -DCHECK=$<TARGET_FILE:akgl-check>
        -DSOUNDGEN=$<TARGET_FILE:akgl_check_sounds>
        "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
        -DASSETS=${PROJECT_SOURCE_DIR}/tests/assets
        -DEXAMPLES=${PROJECT_SOURCE_DIR}/examples/assets
        -DWORK=${CMAKE_CURRENT_BINARY_DIR}/check-work
        -P ${CMAKE_CURRENT_SOURCE_DIR}/check/check_test.cmake)
set_tests_properties(akgl_check PROPERTIES TIMEOUT 600 ENVIRONMENT "${AKGL_TEST_ENV}")
