# Included by tests/akgl/CMakeLists.txt: the application runner (akgl/app.h).
akgl_add_test(akgl_app SOURCES test_app.c LIBS akgl SDL3_image::SDL3_image)
target_compile_definitions(akgl_app PRIVATE AKGL_APP_TEST_DIR="${CMAKE_CURRENT_BINARY_DIR}")
