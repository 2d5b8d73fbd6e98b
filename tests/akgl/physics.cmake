# Included by tests/akgl/CMakeLists.txt.
akgl_add_test(akgl_physics SOURCES test_physics.c LIBS akgl m)
akgl_add_test(akgl_physics_tiles SOURCES test_physics_tiles.c LIBS akgl m)
akgl_add_test(akgl_physics_platforms SOURCES test_physics_platforms.c LIBS akgl m)
akgl_add_test(akgl_physics_overlap SOURCES test_physics_overlap.c LIBS akgl m)
akgl_add_test(akgl_replay SOURCES test_replay.c LIBS akgl m)
# The update stamp's wrap is tested through game.c's counter (game_private.h).
target_include_directories(akgl_physics PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)
