# Included by tests/akgl/CMakeLists.txt: issue 8/12, drawing like a game
# (transforms, text, the HUD overlay, logical presentation, screenshots).
akgl_add_test(akgl_render_transform SOURCES test_render_transform.c
              LIBS akgl SDL3_image::SDL3_image m)
akgl_add_test(akgl_render_logical SOURCES test_render_logical.c LIBS akgl SDL3_image::SDL3_image)
# SDL3_ttf only for TTF_WasInit: a refused load must leave no TTF_Init reference.
akgl_add_test(akgl_text SOURCES test_text.c LIBS akgl SDL3_image::SDL3_image SDL3_ttf::SDL3_ttf m)
