# Included by tests/akgl/CMakeLists.txt: issue 8/12, drawing like a game
# (transforms, text, the HUD overlay, logical presentation, screenshots).
akgl_add_test(akgl_render_transform SOURCES test_render_transform.c
              LIBS akgl SDL3_image::SDL3_image m)
akgl_add_test(akgl_render_logical SOURCES test_render_logical.c LIBS akgl SDL3_image::SDL3_image)
# The tileset image of tilemap_draw_fixture.h is written into the build tree,
# in a folder of its own: akgl_tilemap_draw writes its copy alongside, maybe
# at the same time.
file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/render_logical")
target_compile_definitions(akgl_render_logical
                           PRIVATE AKGL_TEST_OUT_DIR="${CMAKE_CURRENT_BINARY_DIR}/render_logical")
# SDL3_ttf only for TTF_WasInit: a refused load must leave no TTF_Init reference.
akgl_add_test(akgl_text SOURCES test_text.c LIBS akgl SDL3_image::SDL3_image SDL3_ttf::SDL3_ttf m)
# Text of many lines, the text limits and the strict UTF-8 check; SDL3_ttf
# directly too, for its own layout of the same strings.
akgl_add_test(akgl_text_lines SOURCES test_text_lines.c
              LIBS akgl SDL3_image::SDL3_image SDL3_ttf::SDL3_ttf m)
# The default pixel font: no font file, pixels against its drawings, its
# atlas; SDL3_ttf only for TTF_WasInit (it never starts).
akgl_add_test(akgl_text_default SOURCES test_text_default.c
              LIBS akgl SDL3_image::SDL3_image SDL3_ttf::SDL3_ttf m)
# (text_font_private.h: where the atlas is, to see it made and destroyed.)
target_include_directories(akgl_text_default PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)
