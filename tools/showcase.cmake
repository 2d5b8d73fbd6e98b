# Included by tools/CMakeLists.txt: the showcase's generators (art, sounds,
# the level), each with a target that rewrites its committed output and a
# test (akgl_add_generated_test, tools/check_generated.cmake) that the committed bytes are what it
# writes. Kept in a file of its own so that other parts' tools are added to
# tools/CMakeLists.txt without touching these lines.

# akgl_mkart draws the showcase's art (examples/assets/: the knight, the
# enemies, the coin, the tileset, the parallax backgrounds) and writes their
# sprite and character JSON.
add_executable(akgl_mkart mkart.c)
target_link_libraries(akgl_mkart PRIVATE akerror SDL3_image::SDL3_image SDL3::SDL3
    PkgConfig::JANSSON m)
akgl_target_defaults(akgl_mkart)

add_custom_target(akgl_art
    COMMAND akgl_mkart ${PROJECT_SOURCE_DIR}/examples/assets
    COMMENT "Regenerating the showcase art in examples/assets/"
    VERBATIM)

# Two runs write the same bytes, and those are the committed files.
akgl_add_generated_test(akgl_art TOOL akgl_mkart REGENERATE akgl_art
    COMMITTED ${PROJECT_SOURCE_DIR}/examples/assets)

# akgl_mksound synthesises the showcase's sound effects and music loop
# (examples/assets/sounds/).
add_executable(akgl_mksound mksound.c)
target_link_libraries(akgl_mksound PRIVATE akerror SDL3::SDL3 PkgConfig::JANSSON)
akgl_target_defaults(akgl_mksound)
# The music is Ogg Vorbis, encoded with the sound suite's own fixture code
# (tests/akgl/sound_fixture.h, libvorbisenc) and read back by --check with
# libvorbisfile.
pkg_check_modules(MKSOUND_VORBISENC REQUIRED IMPORTED_TARGET vorbisenc vorbis ogg)
target_link_libraries(akgl_mksound PRIVATE PkgConfig::MKSOUND_VORBISENC PkgConfig::VORBISFILE m)
target_include_directories(akgl_mksound PRIVATE ${PROJECT_SOURCE_DIR}/tests/akgl)

add_custom_target(akgl_sounds
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_SOURCE_DIR}/examples/assets/sounds
    COMMAND akgl_mksound ${PROJECT_SOURCE_DIR}/examples/assets/sounds
    COMMENT "Regenerating examples/assets/sounds/"
    VERBATIM)

akgl_add_generated_test(akgl_sounds TOOL akgl_mksound REGENERATE akgl_sounds
    COMMITTED ${PROJECT_SOURCE_DIR}/examples/assets/sounds)
if(AKGL_BUILD_TESTS)
    # SDL's own WAV reader accepts each committed WAV file and libvorbisfile
    # the Ogg one, in the format we mean.
    add_test(NAME akgl_sounds_load
        COMMAND akgl_mksound --check ${PROJECT_SOURCE_DIR}/examples/assets/sounds)
    set_tests_properties(akgl_sounds_load PROPERTIES TIMEOUT 60
        ENVIRONMENT "ASAN_OPTIONS=detect_leaks=1;UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
endif()

# akgl_mklevel writes the showcase's level as a Tiled map (examples/assets/
# tiles.tsj, level1.tmj and level2.tmj).
add_executable(akgl_mklevel mklevel.c)
target_link_libraries(akgl_mklevel PRIVATE akerror SDL3::SDL3 PkgConfig::JANSSON)
akgl_target_defaults(akgl_mklevel)

add_custom_target(akgl_level_map
    COMMAND akgl_mklevel ${PROJECT_SOURCE_DIR}/examples/assets
    COMMENT "Regenerating examples/assets/tiles.tsj, level1.tmj and level2.tmj"
    VERBATIM)

akgl_add_generated_test(akgl_level_files TOOL akgl_mklevel REGENERATE akgl_level_map
    COMMITTED ${PROJECT_SOURCE_DIR}/examples/assets)
