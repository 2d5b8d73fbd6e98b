# Included by tests/akgl/CMakeLists.txt: tweens and timers (akgl/tween.h).
akgl_add_test(akgl_tween SOURCES test_tween.c LIBS akgl)
