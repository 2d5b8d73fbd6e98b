# Included by tests/akgl/CMakeLists.txt: the frame's time step.
akgl_add_test(akgl_frame_time SOURCES test_frame_time.c LIBS akgl)
