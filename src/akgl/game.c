#include <akgl/game.h>

#include <akgl/error.h>
#include <akgl/heap.h>
#include <akgl/registry.h>

#include <string.h>

akgl_Game game;

static bool started;

/* The limits this library was compiled with, in the same form a program passes. */
static const akgl_BuildLimits library_limits = AKGL_BUILD_LIMITS;

#define CHECK_LIMIT(errctx, field, macro) \
    FAIL_NONZERO_RETURN(errctx, limits->field != library_limits.field, AKGL_ERR_ABI, \
                        "akgl_game_init: the program was built with " macro "=%lld but the " \
                        "library with %lld; build both with the same value", \
                        (long long)limits->field, (long long)library_limits.field)

static akerr_ErrorContext *check_limits(const akgl_BuildLimits *limits)
{
    PREPARE_ERROR(errctx);
    CHECK_LIMIT(errctx, max_heap_actor, "AKGL_MAX_HEAP_ACTOR");
    CHECK_LIMIT(errctx, max_heap_sprite, "AKGL_MAX_HEAP_SPRITE");
    CHECK_LIMIT(errctx, max_heap_spritesheet, "AKGL_MAX_HEAP_SPRITESHEET");
    CHECK_LIMIT(errctx, max_heap_character, "AKGL_MAX_HEAP_CHARACTER");
    CHECK_LIMIT(errctx, max_heap_string, "AKGL_MAX_HEAP_STRING");
    CHECK_LIMIT(errctx, max_string_length, "AKGL_MAX_STRING_LENGTH");
    /* Sizes catch what the ceilings cannot: a header edited on one side only. */
    CHECK_LIMIT(errctx, size_actor, "sizeof(akgl_Actor)");
    CHECK_LIMIT(errctx, size_sprite, "sizeof(akgl_Sprite)");
    CHECK_LIMIT(errctx, size_spritesheet, "sizeof(akgl_SpriteSheet)");
    CHECK_LIMIT(errctx, size_character, "sizeof(akgl_Character)");
    CHECK_LIMIT(errctx, size_string, "sizeof(akgl_String)");
    CHECK_LIMIT(errctx, size_game, "sizeof(akgl_Game)");
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_game_init_with_limits(const akgl_BuildLimits *limits)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, limits, AKERR_NULLPOINTER, "akgl_game_init: NULL limits");
    FAIL_NONZERO_RETURN(errctx, started, AKERR_BEHAVIOR,
                        "akgl_game_init: the game is already started (akgl_game_quit first)");
    PASS(errctx, akgl_error_init());
    PASS(errctx, check_limits(limits));
    PASS(errctx, akgl_heap_init());
    ATTEMPT {
        CATCH(errctx, akgl_registry_init());
        game.state_lock = SDL_CreateMutex();
        FAIL_ZERO_BREAK(errctx, game.state_lock, AKERR_API,
                        "akgl_game_init: cannot create the state lock: %s", SDL_GetError());
    } CLEANUP {
    } PROCESS(errctx) {
        /* Leave nothing half-made behind. */
        IGNORE(akgl_registry_quit());
    } FINISH(errctx, true);
    started = true;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_game_quit(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_registry_quit());
    if (game.state_lock != NULL) {
        SDL_DestroyMutex(game.state_lock);
    }
    memset(&game, 0, sizeof(game));
    PASS(errctx, akgl_heap_init());
    started = false;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_game_state_lock(void)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, game.state_lock, AKERR_BEHAVIOR,
                     "akgl_game_state_lock: the game is not started (akgl_game_init first)");
    SDL_LockMutex(game.state_lock);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_game_state_unlock(void)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, game.state_lock, AKERR_BEHAVIOR,
                     "akgl_game_state_unlock: the game is not started (akgl_game_init first)");
    SDL_UnlockMutex(game.state_lock);
    SUCCEED_RETURN(errctx);
}
