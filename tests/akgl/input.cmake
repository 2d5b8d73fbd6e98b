# Included by tests/akgl/CMakeLists.txt.
akgl_add_test(akgl_controller SOURCES test_controller.c LIBS akgl)
akgl_add_test(akgl_input SOURCES test_input.c LIBS akgl)
akgl_add_test(akgl_input_app SOURCES test_input_app.c LIBS akgl)
