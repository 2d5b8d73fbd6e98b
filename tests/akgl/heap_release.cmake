# Included by tests/akgl/CMakeLists.txt: what akgl_heap_release_* accepts
# (docs/05-heap.md, "What a release accepts").
akgl_add_test(akgl_heap_release SOURCES test_heap_release.c LIBS akgl)
