# Included by tests/akgl/CMakeLists.txt: issue 8/12, drawing like a game
# (transforms, text, the HUD overlay, logical presentation, screenshots).
akgl_add_test(akgl_render_transform SOURCES test_render_transform.c
              LIBS akgl SDL3_image::SDL3_image m)
akgl_add_test(akgl_render_logical SOURCES test_render_logical.c LIBS akgl SDL3_image::SDL3_image)
