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
# The draw gather's shortcuts against their rules (src/akgl/draw_private.h).
akgl_add_test(akgl_draw_gather SOURCES test_draw_gather.c LIBS akgl)
target_include_directories(akgl_draw_gather PRIVATE ${PROJECT_SOURCE_DIR}/src/akgl)
