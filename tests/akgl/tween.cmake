# Included by tests/akgl/CMakeLists.txt: tweens and timers (akgl/tween.h).
akgl_add_test(akgl_tween SOURCES test_tween.c LIBS akgl)
# Their start without memory: libc's allocator replaced (fault_libc.c) where
# AKGL_FAULT_LIBC says it can be (tests/CMakeLists.txt), as in akgl_fault.
akgl_add_test(akgl_tween_fault SOURCES test_tween_fault.c LIBS akgl)
target_include_directories(akgl_tween_fault PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)
# Without the replaced allocator it has nothing to run: exit 77, skipped.
set_tests_properties(akgl_tween_fault PROPERTIES SKIP_RETURN_CODE 77)
if(AKGL_FAULT_LIBC)
    target_sources(akgl_tween_fault PRIVATE fault_libc.c)
    set_source_files_properties(fault_libc.c PROPERTIES COMPILE_OPTIONS -fno-builtin)
    target_compile_definitions(akgl_tween_fault PRIVATE AKGL_FAULT_LIBC_REPLACED=1)
endif()
