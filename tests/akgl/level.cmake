# Included by tests/akgl/CMakeLists.txt: levels, unloading, spawning, fallbacks (6/12).
akgl_add_test(akgl_level SOURCES test_level.c LIBS akgl SDL3_image::SDL3_image)
akgl_add_test(akgl_despawn SOURCES test_despawn.c LIBS akgl SDL3_image::SDL3_image m)
akgl_add_test(akgl_anonymous SOURCES test_anonymous.c LIBS akgl SDL3_image::SDL3_image m)
