# Included by tests/akgl/CMakeLists.txt: the sound suite (docs/18-sound.md).
# Fixtures are written at test time by tests/akgl/sound_fixture.h (WAV by
# hand, Ogg through libvorbisenc) into the build tree.
pkg_check_modules(VORBISENC REQUIRED IMPORTED_TARGET vorbisenc vorbis ogg)
set(AKGL_SOUND_FIXTURE_DIR ${CMAKE_CURRENT_BINARY_DIR}/sound_fixtures)

akgl_add_test(akgl_sound SOURCES test_sound.c LIBS akgl PkgConfig::VORBISENC m)
target_compile_definitions(akgl_sound PRIVATE
    AKGL_SOUND_FIXTURE_DIR="${AKGL_SOUND_FIXTURE_DIR}/load")
file(MAKE_DIRECTORY ${AKGL_SOUND_FIXTURE_DIR}/load ${AKGL_SOUND_FIXTURE_DIR}/play)

# Plays on SDL's disk driver (it sets SDL_AUDIO_DRIVER=disk for itself) and
# reads the written samples back; uses the internal start/stop to switch files.
akgl_add_test(akgl_sound_play SOURCES test_sound_play.c LIBS akgl PkgConfig::VORBISENC m)
target_include_directories(akgl_sound_play PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)
target_compile_definitions(akgl_sound_play PRIVATE
    AKGL_SOUND_FIXTURE_DIR="${AKGL_SOUND_FIXTURE_DIR}/play")

# Streamed music: the memory a ten-minute track takes (glibc's heap count)
# and the refusals of akgl_sound_music_play_file; its fixtures at test time.
akgl_add_test(akgl_sound_stream SOURCES test_sound_stream.c LIBS akgl PkgConfig::VORBISENC m)
target_include_directories(akgl_sound_stream PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)
target_compile_definitions(akgl_sound_stream PRIVATE
    AKGL_SOUND_FIXTURE_DIR="${AKGL_SOUND_FIXTURE_DIR}/stream")
file(MAKE_DIRECTORY ${AKGL_SOUND_FIXTURE_DIR}/stream)
# Hot reload (docs/27-hot-reload.md): sprites, sheets, characters, images and
# sounds rewritten under a running game.
akgl_add_test(akgl_reload SOURCES test_reload.c LIBS akgl SDL3_image::SDL3_image
    PkgConfig::VORBISENC m)
