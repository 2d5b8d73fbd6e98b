# Batched drawing (test_render_batch.c): the software renderer with the
# batched path forced, and SDL's opengl renderer under Xvfb.
akgl_add_test(akgl_render_batch SOURCES test_render_batch.c LIBS akgl SDL3_image::SDL3_image)
target_include_directories(akgl_render_batch PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)

# The same on SDL's opengl renderer, under Xvfb (tests/CMakeLists.txt).
akgl_add_gl_test(akgl_render_batch_gl akgl_render_batch gl)
