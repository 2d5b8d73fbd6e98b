# Included by tests/akgl/CMakeLists.txt.
akgl_add_test(akgl_physics SOURCES test_physics.c LIBS akgl m)
akgl_add_test(akgl_physics_tiles SOURCES test_physics_tiles.c LIBS akgl m)
akgl_add_test(akgl_physics_overlap SOURCES test_physics_overlap.c LIBS akgl m)
akgl_add_test(akgl_replay SOURCES test_replay.c LIBS akgl m)
