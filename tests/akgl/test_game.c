/* Start-up, shutdown, the limits check and the state lock. */
#include <akgl/error.h>
#include <akgl/game.h>
#include <akgl/registry.h>

#include <SDL3/SDL.h>

#include "test.h"

static void test_lock_before_init_is_refused(void)
{
    CHECK_STATUS_MSG(akgl_game_state_lock(), AKERR_BEHAVIOR, "not started");
    CHECK_STATUS_MSG(akgl_game_state_unlock(), AKERR_BEHAVIOR, "not started");
}

static void test_init_quit_cycle(void)
{
    for (int round = 0; round < 3; round++) {
        CHECK_OK(akgl_game_init());
        CHECK(game.state_lock != NULL);
        CHECK(AKGL_REGISTRY_ACTOR != 0);
        CHECK(AKGL_REGISTRY_PROPERTIES != 0);
        CHECK_STR_EQ(akerr_name_for_status(AKGL_ERR_HEAP, NULL), "Heap exhausted or misused");
        CHECK_STR_EQ(akerr_symbol_for_status(AKGL_ERR_HEAP, NULL), "AKGL_ERR_HEAP");
        CHECK_STR_EQ(akerr_symbol_for_status(AKGL_ERR_ABI, NULL), "AKGL_ERR_ABI");
        CHECK_OK(akgl_game_quit());
        CHECK(game.state_lock == NULL);
        CHECK(AKGL_REGISTRY_ACTOR == 0);
    }
    CHECK_OK(akgl_game_quit()); /* quitting twice is harmless */
}

static void test_init_twice_is_refused(void)
{
    CHECK_OK(akgl_game_init());
    CHECK_STATUS_MSG(akgl_game_init(), AKERR_BEHAVIOR, "already started");
    CHECK_OK(akgl_game_quit());
}

static void test_lock_is_recursive(void)
{
    CHECK_OK(akgl_game_init());
    CHECK_OK(akgl_game_state_lock());
    CHECK_OK(akgl_game_state_lock());
    CHECK_OK(akgl_game_state_unlock());
    CHECK_OK(akgl_game_state_unlock());
    CHECK_OK(akgl_game_quit());
}

static void test_limits_mismatch_is_refused(void)
{
    akgl_BuildLimits limits = AKGL_BUILD_LIMITS;
    limits.size_sprite += 8;
    CHECK_STATUS_MSG(akgl_game_init_with_limits(&limits), AKGL_ERR_ABI, "sizeof(akgl_Sprite)");
    CHECK_STATUS(akgl_game_init_with_limits(NULL), AKERR_NULLPOINTER);
    /* Nothing was started by the refusals. */
    CHECK(game.state_lock == NULL);
    CHECK(AKGL_REGISTRY_ACTOR == 0);
    limits = AKGL_BUILD_LIMITS;
    limits.size_config += 4;
    CHECK_STATUS_MSG(akgl_game_init_with_limits(&limits), AKGL_ERR_ABI, "sizeof(akgl_GameConfig)");
    /* The structs a program holds itself and lends to the library. */
    limits = AKGL_BUILD_LIMITS;
    limits.size_renderer -= 8;
    CHECK_STATUS_MSG(akgl_game_init_with_limits(&limits), AKGL_ERR_ABI, "sizeof(akgl_Renderer)");
    limits = AKGL_BUILD_LIMITS;
    limits.size_camera += 4;
    CHECK_STATUS_MSG(akgl_game_init_with_limits(&limits), AKGL_ERR_ABI, "sizeof(akgl_Camera)");
    limits = AKGL_BUILD_LIMITS;
    limits.size_physics += 8;
    CHECK_STATUS_MSG(akgl_game_init_with_limits(&limits), AKGL_ERR_ABI, "sizeof(akgl_Physics)");
    limits = AKGL_BUILD_LIMITS;
    limits.size_controller += 8;
    CHECK_STATUS_MSG(akgl_game_init_with_limits(&limits), AKGL_ERR_ABI, "sizeof(akgl_Controller)");
    limits = AKGL_BUILD_LIMITS;
    limits.size_tilemap += 8;
    CHECK_STATUS_MSG(akgl_game_init_with_limits(&limits), AKGL_ERR_ABI, "sizeof(akgl_Tilemap)");
    CHECK(akgl_heap_actors == NULL);
    CHECK(akgl_heap_actors == NULL);
}

/* A program's larger ceiling is no longer a mismatch: it is a floor (issue 9/12). */
static void test_program_ceiling_is_a_floor(void)
{
    akgl_BuildLimits limits = AKGL_BUILD_LIMITS;
    int slots = -1;
    limits.max_heap_actor = 256;
    CHECK_OK(akgl_game_init_with_limits(&limits));
    CHECK_OK(akgl_heap_capacity(AKGL_HEAP_ACTOR, &slots));
    CHECK_INT_EQ(slots, 256);
    CHECK_OK(akgl_heap_capacity(AKGL_HEAP_SPRITE, &slots));
    CHECK_INT_EQ(slots, AKGL_MAX_HEAP_SPRITE);
    CHECK_OK(akgl_game_quit());
    CHECK_OK(akgl_heap_capacity(AKGL_HEAP_ACTOR, &slots));
    CHECK_INT_EQ(slots, 0);
}

/* A thread that bumps a counter under the lock. */
static int shared_counter;

static int SDLCALL bump(void *data)
{
    (void)data;
    for (int i = 0; i < 10000; i++) {
        akerr_ErrorContext *e = akgl_game_state_lock();
        shared_counter++;
        e = akerr_release_error(e);
        e = akgl_game_state_unlock();
        e = akerr_release_error(e);
    }
    return 0;
}

static void test_lock_serialises_threads(void)
{
#ifdef TEST_NO_THREADS
    TEST_SKIP(TEST_NO_THREADS);
#endif
    CHECK_OK(akgl_game_init());
    shared_counter = 0;
    SDL_Thread *t1 = SDL_CreateThread(bump, "bump1", NULL);
    SDL_Thread *t2 = SDL_CreateThread(bump, "bump2", NULL);
    CHECK(t1 != NULL && t2 != NULL);
    SDL_WaitThread(t1, NULL);
    SDL_WaitThread(t2, NULL);
    CHECK_INT_EQ(shared_counter, 20000);
    CHECK_OK(akgl_game_quit());
}

int main(void)
{
    TEST_BEGIN();
    RUN_TEST(test_lock_before_init_is_refused);
    RUN_TEST(test_init_quit_cycle);
    RUN_TEST(test_init_twice_is_refused);
    RUN_TEST(test_lock_is_recursive);
    RUN_TEST(test_limits_mismatch_is_refused);
    RUN_TEST(test_program_ceiling_is_a_floor);
    RUN_TEST(test_lock_serialises_threads);
    return TEST_END();
}
