# Included by tests/akgl/CMakeLists.txt.
akgl_add_test(akgl_actor SOURCES test_actor.c LIBS akgl)
akgl_add_test(akgl_camera SOURCES test_camera.c LIBS akgl)
akgl_add_test(akgl_camera_view SOURCES test_camera_view.c LIBS akgl)
akgl_add_test(akgl_render_draw SOURCES test_render_draw.c LIBS akgl)
akgl_add_test(akgl_draw SOURCES test_draw.c LIBS akgl)
akgl_add_test(akgl_game_loop SOURCES test_game_loop.c LIBS akgl)
akgl_add_test(akgl_game_threads SOURCES test_game_threads.c LIBS akgl)
akgl_add_test(akgl_render_target SOURCES test_render_target.c LIBS akgl)
