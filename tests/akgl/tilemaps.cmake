# Included by tests/akgl/CMakeLists.txt.
akgl_add_test(akgl_tilemap SOURCES test_tilemap.c LIBS akgl SDL3_image::SDL3_image)
akgl_add_test(akgl_tilemap_bad SOURCES test_tilemap_bad.c LIBS akgl SDL3_image::SDL3_image)
akgl_add_test(akgl_tilemap_budget SOURCES test_tilemap_budget.c LIBS akgl SDL3_image::SDL3_image)
akgl_add_test(akgl_tilemap_ldtk SOURCES test_tilemap_ldtk.c LIBS akgl SDL3_image::SDL3_image)
