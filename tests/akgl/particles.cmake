# Included by tests/akgl/CMakeLists.txt.
akgl_add_test(akgl_particles SOURCES test_particles.c LIBS akgl)
target_include_directories(akgl_particles PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl) # game_private.h
