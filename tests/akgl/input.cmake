# Included by tests/akgl/CMakeLists.txt.
akgl_add_test(akgl_controller SOURCES test_controller.c LIBS akgl)
