# Included by tests/akgl/CMakeLists.txt: issue 14's regressions and harness
# (docs/19-reliability.md).
akgl_add_test(akgl_reliability_defects SOURCES test_reliability_defects.c
    LIBS akgl SDL3_image::SDL3_image)
akgl_add_test(akgl_reliability_hint SOURCES test_reliability_hint.c LIBS akgl)
akgl_add_test(akgl_fault SOURCES test_fault.c LIBS akgl SDL3_image::SDL3_image)
set_tests_properties(akgl_fault PROPERTIES TIMEOUT 600)
