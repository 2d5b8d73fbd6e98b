# Included by tests/akgl/CMakeLists.txt. Issue 9/12: capacities, the broad
# phase, the promised pool order.
akgl_add_test(akgl_capacity SOURCES test_capacity.c LIBS akgl)
# Reads the internal akgl_game_config (src/akgl/game_private.h).
target_include_directories(akgl_capacity PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)
# A refused capacity is a failed calloc: under AddressSanitizer that must
# return NULL, as it does without, instead of aborting the test.
set_tests_properties(akgl_capacity PROPERTIES ENVIRONMENT
    "${AKGL_TEST_ENV};ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:allocator_may_return_null=1")
akgl_add_test(akgl_broadphase SOURCES test_broadphase.c LIBS akgl m)
akgl_add_test(akgl_pool_order SOURCES test_pool_order.c LIBS akgl)
# Counts the reports the dense grid made (src/akgl/physics_private.h).
target_include_directories(akgl_broadphase PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)

# The same test against the broad phase's scalar test, the one every target
# without SSE2 takes (on x86-64 only a run's last boxes take it): a second,
# static build of the library's sources with AKGL_BROADPHASE_SCALAR, linked
# into this test alone. Its dependencies are the library's own.
get_target_property(akgl_scalar_sources akgl SOURCES)
get_target_property(akgl_scalar_links akgl LINK_LIBRARIES)
add_library(akgl_scalar_broadphase STATIC EXCLUDE_FROM_ALL ${akgl_scalar_sources})
target_include_directories(akgl_scalar_broadphase PUBLIC ${PROJECT_SOURCE_DIR}/include)
target_link_libraries(akgl_scalar_broadphase PUBLIC ${akgl_scalar_links})
target_compile_definitions(akgl_scalar_broadphase PRIVATE AKGL_BROADPHASE_SCALAR)
# A static akgl: on Windows nothing of it is imported from a DLL (akgl/limits.h).
target_compile_definitions(akgl_scalar_broadphase PUBLIC AKGL_STATIC)
akgl_target_defaults(akgl_scalar_broadphase)
akgl_add_test(akgl_broadphase_scalar SOURCES test_broadphase.c LIBS akgl_scalar_broadphase m)
target_include_directories(akgl_broadphase_scalar PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)
target_compile_definitions(akgl_broadphase_scalar PRIVATE AKGL_BROADPHASE_SCALAR)

# The draw gather's shortcuts against their rules (src/akgl/draw_private.h).
akgl_add_test(akgl_draw_gather SOURCES test_draw_gather.c LIBS akgl)
target_include_directories(akgl_draw_gather PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)
