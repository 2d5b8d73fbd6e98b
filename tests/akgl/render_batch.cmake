# Batched drawing (test_render_batch.c): the software renderer with the
# batched path forced, and SDL's opengl renderer under Xvfb.
akgl_add_test(akgl_render_batch SOURCES test_render_batch.c LIBS akgl SDL3_image::SDL3_image)
target_include_directories(akgl_render_batch PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)

# The opengl renderer needs a display: xvfb-run makes one (Debian's xvfb,
# with Mesa's libgl1-mesa-dri for GL; tools/deps.sh installs both). Without
# xvfb-run, or when no GL context can be made, the test says why and is
# counted as skipped (exit 77), not passed.
find_program(AKGL_XVFB_RUN xvfb-run)
if(AKGL_XVFB_RUN)
    set(akgl_gl_launcher ${AKGL_XVFB_RUN} -a -s "-screen 0 640x480x24")
else()
    set(akgl_gl_launcher)
endif()
add_test(NAME akgl_render_batch_gl
    COMMAND ${akgl_gl_launcher} $<TARGET_FILE:akgl_render_batch> gl)
set(akgl_gl_env ${AKGL_TEST_ENV})
list(FILTER akgl_gl_env EXCLUDE REGEX "^SDL_(VIDEO_DRIVER|RENDER_DRIVER|FRAMEBUFFER_ACCELERATION)=")
list(APPEND akgl_gl_env "SDL_VIDEO_DRIVER=x11")
# Under ASan (tools/test.sh --sanitize) LeakSanitizer finds 112 bytes that
# Mesa's GL driver allocates and never frees; the driver is unloaded by exit,
# so its frames have no module and no suppression can name them. Leaks are
# not looked for in this one test: the same akgl code runs with leak
# detection in akgl_render_batch (the batched path forced on the software
# renderer), and this test still checks its pools and error contexts.
list(FILTER akgl_gl_env EXCLUDE REGEX "^ASAN_OPTIONS=")
list(APPEND akgl_gl_env "ASAN_OPTIONS=detect_leaks=0:abort_on_error=0")
set_tests_properties(akgl_render_batch_gl PROPERTIES ENVIRONMENT "${akgl_gl_env}"
    SKIP_RETURN_CODE 77 TIMEOUT 120)
