# Included by tests/akgl/CMakeLists.txt: sprites defined inline in a character file.
akgl_add_test(akgl_character_inline SOURCES test_character_inline.c LIBS akgl SDL3_image::SDL3_image)
