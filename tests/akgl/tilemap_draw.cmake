# Included by tests/akgl/CMakeLists.txt: the game side of the tilemap part
# (drawing, the solid grid, spawning actors, the map in the game).
akgl_add_test(akgl_tilemap_draw SOURCES test_tilemap_draw.c LIBS akgl SDL3_image::SDL3_image)
target_compile_definitions(akgl_tilemap_draw PRIVATE AKGL_TEST_OUT_DIR="${CMAKE_CURRENT_BINARY_DIR}")
akgl_add_test(akgl_tilemap_game SOURCES test_tilemap_game.c LIBS akgl SDL3_image::SDL3_image m)
target_compile_definitions(akgl_tilemap_game PRIVATE AKGL_TEST_OUT_DIR="${CMAKE_CURRENT_BINARY_DIR}")
# Takes the level's spawned-actor release out and puts it back (src/akgl/tilemap_game.h, tilemap_private.h).
target_include_directories(akgl_tilemap_game PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)
akgl_add_test(akgl_tilemap_level SOURCES test_tilemap_level.c LIBS akgl SDL3_image::SDL3_image m)
# Infinite maps stored by their chunks: loaded, drawn and collided with far apart.
akgl_add_test(akgl_tilemap_chunks SOURCES test_tilemap_chunks.c LIBS akgl SDL3_image::SDL3_image m)
target_compile_definitions(akgl_tilemap_chunks PRIVATE AKGL_TEST_OUT_DIR="${CMAKE_CURRENT_BINARY_DIR}")
# Actor settings from character files and map objects, finding a map's
# objects, and the camera's bounds following the map.
akgl_add_test(akgl_actor_settings SOURCES test_actor_settings.c LIBS akgl SDL3_image::SDL3_image m)
# LDtk levels drawn, collided with and populated (tests/assets/tilemaps/ldtk/).
akgl_add_test(akgl_tilemap_ldtk_level SOURCES test_tilemap_ldtk_level.c LIBS akgl SDL3_image::SDL3_image m)
# The layer cache: the same picture from the chunks' render targets as tile
# by tile, on both software renderers and (under Xvfb) on SDL's opengl one.
akgl_add_test(akgl_tilemap_cache SOURCES test_tilemap_cache.c LIBS akgl SDL3_image::SDL3_image)
target_compile_definitions(akgl_tilemap_cache PRIVATE AKGL_TEST_OUT_DIR="${CMAKE_CURRENT_BINARY_DIR}")
target_include_directories(akgl_tilemap_cache PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)
akgl_add_gl_test(akgl_tilemap_cache_gl akgl_tilemap_cache gl)
