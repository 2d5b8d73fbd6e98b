#include <akgl/game.h>

#include <akgl/error.h>
#include <akgl/heap.h>
#include <akgl/physics.h>
#include <akgl/registry.h>
#include <akgl/render.h>
#include <akgl/tilemap.h>
#include <akgl/time.h>

#include <string.h>

#include "heap_pool.h"
#include "object.h"
#include "sound_private.h"
#include "tilemap_game.h"

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
        CATCH(errctx, akgl_sound_start(AKGL_SOUND_DEFAULT_VOICES)); /* no device: silence */
    } CLEANUP {
    } PROCESS(errctx) {
        /* Leave nothing half-made behind. */
        if (game.state_lock != NULL) {
            SDL_DestroyMutex(game.state_lock);
            game.state_lock = NULL;
        }
        IGNORE(akgl_registry_quit());
    } FINISH(errctx, true);
    started = true;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Unloading                                                                */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *release_actor(void *obj) { return akgl_heap_release_actor(obj); }
static akerr_ErrorContext *release_character(void *obj) { return akgl_heap_release_character(obj); }
static akerr_ErrorContext *release_sprite(void *obj) { return akgl_heap_release_sprite(obj); }
static akerr_ErrorContext *release_sheet(void *obj) { return akgl_heap_release_spritesheet(obj); }
static akerr_ErrorContext *release_string(void *obj) { return akgl_heap_release_string(obj); }
static akerr_ErrorContext *release_tilemap(void *obj) { return akgl_heap_release_tilemap(obj); }

/* In the order they go: holders before what they hold. */
static const struct
{
    unsigned int flag;
    akgl_HeapLayer layer;
    akgl_HeapReleaseFunc release;
} unload_steps[] = {
    {AKGL_UNLOAD_TILEMAPS, AKGL_HEAP_TILEMAP, release_tilemap},
    {AKGL_UNLOAD_ACTORS, AKGL_HEAP_ACTOR, release_actor},
    {AKGL_UNLOAD_CHARACTERS, AKGL_HEAP_CHARACTER, release_character},
    {AKGL_UNLOAD_SPRITES, AKGL_HEAP_SPRITE, release_sprite},
    {AKGL_UNLOAD_SPRITES, AKGL_HEAP_SPRITESHEET, release_sheet},
    {AKGL_UNLOAD_SOUNDS, AKGL_HEAP_SOUND, akgl_sound_release_any},
};

/* A kind goes with every kind holding references to it (see game.h). */
static unsigned int with_holders(unsigned int what)
{
    if (what & AKGL_UNLOAD_SPRITES) {
        what |= AKGL_UNLOAD_CHARACTERS | AKGL_UNLOAD_TILEMAPS;
    }
    if (what & AKGL_UNLOAD_SOUNDS) {
        what |= AKGL_UNLOAD_CHARACTERS; /* a character holds its state sounds */
    }
    if (what & AKGL_UNLOAD_CHARACTERS) {
        what |= AKGL_UNLOAD_ACTORS;
    }
    return what;
}

/* Cameras, controllers and parents let go of actors, so that each actor's
 * own count is all the pool has to bring to 0. */
static void drop_actor_holders(akerr_ErrorContext **first)
{
    akgl_actor_drop_holds(first);
    akgl_tilemap_drop_actors(first); /* maps hold the actors they spawned */
    for (int i = 0; i < AKGL_MAX_HEAP_ACTOR; i++) {
        akgl_Actor *actor = &akgl_heap_actors[i];
        if (actor->refcount > 0) {
            /* Its children, shown sprite and character: the actor is about
             * to go, and its teardown would give them back anyway. */
            akgl_actor_release_held(actor, first);
        }
    }
}

static akerr_ErrorContext *unload(unsigned int what)
{
    akerr_ErrorContext *first = NULL;
    what = with_holders(what);
    if (what & AKGL_UNLOAD_ACTORS) {
        drop_actor_holders(&first);
    }
    if ((what & AKGL_UNLOAD_TILEMAPS) && game.tilemap != NULL) {
        /* The game's reference goes the ordinary way, and the physics stops
         * borrowing the map's solid cells. */
        akgl_object_keep_first(&first, akgl_game_set_tilemap(NULL));
    }
    for (size_t i = 0; i < SDL_arraysize(unload_steps); i++) {
        if (what & unload_steps[i].flag) {
            akgl_object_keep_first(&first, akgl_heap_release_all(unload_steps[i].layer,
                                                                 unload_steps[i].release));
        }
    }
    return first;
}

akerr_ErrorContext *akgl_game_unload(unsigned int what)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, started, AKERR_BEHAVIOR,
                     "akgl_game_unload: the game is not started (akgl_game_init first)");
    FAIL_NONZERO_RETURN(errctx, what & ~AKGL_UNLOAD_ALL, AKERR_VALUE,
                        "akgl_game_unload: unknown flags 0x%x (AKGL_UNLOAD_ALL is 0x%x)",
                        what & ~AKGL_UNLOAD_ALL, AKGL_UNLOAD_ALL);
    PASS(errctx, unload(what));
    SUCCEED_RETURN(errctx);
}

/* "3 actors, 1 character": what quit had to release, for its one log line. */
static void describe_live(char *buf, size_t size, const int live[AKGL_HEAP_LAYER_COUNT])
{
    static const char *const names[AKGL_HEAP_LAYER_COUNT] = {
        [AKGL_HEAP_ACTOR] = "actor", [AKGL_HEAP_SPRITE] = "sprite",
        [AKGL_HEAP_SPRITESHEET] = "spritesheet", [AKGL_HEAP_CHARACTER] = "character",
        [AKGL_HEAP_STRING] = "string", [AKGL_HEAP_TILEMAP] = "tilemap",
        [AKGL_HEAP_FONT] = "font", [AKGL_HEAP_SOUND] = "sound",
    };
    size_t used = 0;
    buf[0] = '\0';
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT && used < size; layer++) {
        if (live[layer] > 0) {
            int n = SDL_snprintf(buf + used, size - used, "%s%d %s%s", used ? ", " : "",
                                 live[layer], names[layer], live[layer] == 1 ? "" : "s");
            used += n > 0 ? (size_t)n : 0;
        }
    }
}

akerr_ErrorContext *akgl_game_quit(void)
{
    akerr_ErrorContext *first = NULL;
    int live[AKGL_HEAP_LAYER_COUNT];
    bool any = false;
    PREPARE_ERROR(errctx);
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT; layer++) {
        live[layer] = akgl_heap_live((akgl_HeapLayer)layer);
        any = any || live[layer] > 0;
    }
    if (any) {
        char what[256];
        describe_live(what, sizeof(what), live);
        SDL_Log("akgl_game_quit: released what the game still held: %s", what);
        akgl_object_keep_first(&first, unload(AKGL_UNLOAD_ALL));
        akgl_object_keep_first(&first, akgl_heap_release_all(AKGL_HEAP_STRING, release_string));
    }
    akgl_object_keep_first(&first, akgl_sound_stop());
    akgl_object_keep_first(&first, akgl_registry_quit());
    if (game.state_lock != NULL) {
        SDL_DestroyMutex(game.state_lock);
    }
    memset(&game, 0, sizeof(game));
    akgl_object_keep_first(&first, akgl_heap_init());
    started = false;
    return first;
}

akerr_ErrorContext *akgl_game_state_lock(void)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, game.state_lock, AKERR_BEHAVIOR,
                     "akgl_game_state_lock: the game is not started (akgl_game_init first)");
    SDL_LockMutex(game.state_lock);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_game_frame(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_game_state_lock());
    akerr_ErrorContext *updated = akgl_game_update(NULL);
    akerr_ErrorContext *unlocked = akgl_game_state_unlock();
    if (updated != NULL) {
        IGNORE(unlocked);
        PASS(errctx, updated);
    }
    PASS(errctx, unlocked);
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

/* The followed actor's frame size, so the camera centres the frame, not its corner. */
static akerr_ErrorContext *followed_frame_size(const akgl_Camera *cam, float *w, float *h)
{
    akgl_Sprite *sprite = NULL;
    PREPARE_ERROR(errctx);
    *w = 0.0f;
    *h = 0.0f;
    PASS(errctx, akgl_actor_lookup_sprite(cam->follow, &sprite));
    if (sprite != NULL) { /* no sprite: follow its position as a point */
        *w = (float)sprite->width;
        *h = (float)sprite->height;
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *update_actors(void)
{
    PREPARE_ERROR(errctx);
    /* By index, re-reading each slot: an update may release or spawn actors. */
    for (int i = 0; i < AKGL_MAX_HEAP_ACTOR; i++) {
        akgl_Actor *actor = &akgl_heap_actors[i];
        if (akgl_actor_is_live(actor)) {
            PASS(errctx, akgl_actor_update(actor));
        }
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw_actors(akgl_Renderer *r)
{
    akgl_Actor *order[AKGL_MAX_HEAP_ACTOR];
    int count = 0;
    PREPARE_ERROR(errctx);

    /* Gather the visible ones, then a stable insertion sort by layer: at most
     * AKGL_MAX_HEAP_ACTOR entries, nearly sorted from frame to frame. */
    for (int i = 0; i < AKGL_MAX_HEAP_ACTOR; i++) {
        akgl_Actor *actor = &akgl_heap_actors[i];
        if (akgl_actor_is_live(actor) && actor->visible) {
            int j = count++;
            while (j > 0 && order[j - 1]->layer > actor->layer) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = actor;
        }
    }
    for (int i = 0; i < count; i++) {
        PASS(errctx, akgl_actor_render(order[i], r));
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_game_update(void *reserved)
{
    PREPARE_ERROR(errctx);
    (void)reserved;
    FAIL_ZERO_RETURN(errctx, started, AKERR_BEHAVIOR,
                     "akgl_game_update: the game is not started (akgl_game_init first)");
    uint64_t now = akgl_time_now();
    uint64_t elapsed = game.updated ? now - game.last_update_ns : 0;
    game.last_update_ns = now;
    game.updated = true;

    if (game.physics != NULL && game.physics->step != NULL) {
        PASS(errctx, game.physics->step(game.physics, elapsed));
    }
    PASS(errctx, update_actors());
    if (game.camera != NULL) {
        float w = 0.0f, h = 0.0f;
        if (game.camera->follow != NULL) {
            PASS(errctx, followed_frame_size(game.camera, &w, &h));
        }
        PASS(errctx, akgl_camera_update(game.camera, w, h));
    }
    akgl_Renderer *r = game.renderer;
    if (r != NULL) {
        if (r->frame_start != NULL) {
            PASS(errctx, r->frame_start(r));
        }
        /* The map under the actors up to its first object layer, the rest over them. */
        const akgl_Tilemap *map = game.tilemap;
        int under = map != NULL ? akgl_tilemap_layers_under_actors(map) : 0;
        if (map != NULL) {
            PASS(errctx, akgl_tilemap_draw_layers(map, r, 0, under));
        }
        PASS(errctx, draw_actors(r));
        if (map != NULL && under < map->nlayers) {
            PASS(errctx, akgl_tilemap_draw_layers(map, r, under, map->nlayers));
        }
        if (r->frame_end != NULL) {
            PASS(errctx, r->frame_end(r));
        }
    }
    SUCCEED_RETURN(errctx);
}
