# Included by tests/akgl/CMakeLists.txt.
akgl_add_test(akgl_render SOURCES test_render.c LIBS akgl SDL3_image::SDL3_image)
akgl_add_test(akgl_sprite SOURCES test_sprite.c LIBS akgl SDL3_image::SDL3_image)
akgl_add_test(akgl_sprite_load SOURCES test_sprite_load.c LIBS akgl SDL3_image::SDL3_image)
akgl_add_test(akgl_character SOURCES test_character.c LIBS akgl SDL3_image::SDL3_image)
akgl_add_test(akgl_seed_sprites SOURCES test_seed_sprites.c LIBS akgl SDL3_image::SDL3_image)
akgl_add_test(akgl_examples_assets SOURCES test_examples_assets.c LIBS akgl SDL3_image::SDL3_image)
target_compile_definitions(akgl_examples_assets PRIVATE
    AKGL_EXAMPLES_ASSETS_DIR="${PROJECT_SOURCE_DIR}/examples/assets")
# The asset root (akgl/file.h): loads under it, refusals outside it.
akgl_add_test(akgl_asset_root SOURCES test_asset_root.c LIBS akgl SDL3_image::SDL3_image)
