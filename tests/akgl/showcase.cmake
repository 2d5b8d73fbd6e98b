# Included by tests/akgl/CMakeLists.txt: the showcase's level (tools/mklevel.c),
# checked as a file and loaded as a game loads it.
akgl_add_test(akgl_showcase_map SOURCES test_showcase_map.c
    LIBS akgl SDL3_image::SDL3_image PkgConfig::JANSSON)
target_compile_definitions(akgl_showcase_map PRIVATE
    AKGL_EXAMPLES_ASSETS_DIR="${PROJECT_SOURCE_DIR}/examples/assets")
