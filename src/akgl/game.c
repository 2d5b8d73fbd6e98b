#include <akgl/game.h>

#include <akstdlib.h>

#include <akgl/camera.h>
#include <akgl/error.h>
#include <akgl/heap.h>
#include <akgl/image.h>
#include <akgl/input.h>
#include <akgl/physics.h>
#include <akgl/registry.h>
#include <akgl/render.h>
#include <akgl/tilemap.h>
#include <akgl/text.h>
#include <akgl/time.h>

#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "game_private.h"
#include "time_private.h"
#include "reload_private.h"
#include "heap_pool.h"
#include "actor_private.h"
#include "object.h"
#include "draw_private.h"
#include "particles_private.h"
#include "physics_private.h"
#include "render_2d_private.h"
#include "render_private.h"
#include "sound_load.h"
#include "sound_private.h"
#include "text_font_private.h"
#include "tilemap_game.h"
#include "tween_private.h"

#if defined(__SSE2__)
#include <emmintrin.h>
/* draw_direct loads x and y, and a frame's w and h, as pairs. */
_Static_assert(offsetof(akgl_DrawItem, y) == offsetof(akgl_DrawItem, x) + sizeof(float),
               "a draw item's y follows its x");
_Static_assert(offsetof(SDL_FRect, h) == offsetof(SDL_FRect, w) + sizeof(float),
               "SDL_FRect's h follows its w");
#endif

_Static_assert(AKGL_GAME_MAX_FRAME_NS == AKGL_PHYSICS_MAX_STEPS * AKGL_PHYSICS_STEP_NS,
               "a frame's longest step is the physics' stall limit");

static bool started;

/* The frame's time step (take_frame_time, below). */
static bool frame_open;    /* this frame has taken its step; its update has not ended */
static uint64_t frame_now; /* the clock when it did */

/* The HUD hook: drawn after the world, before present (akgl_game_set_overlay). */
static bool drawing_actors; /* the draw pass is walking the gathered actors */
static akgl_OverlayFunc overlay_fn;
static void *overlay_userdata;

/* The limits this library was compiled with, in the same form a program passes. */
static const akgl_BuildLimits library_limits = AKGL_BUILD_LIMITS;

/* The config the game started with, capacities resolved (see game_private.h). */
static akgl_GameConfig config;

/* Draw order scratch: the items gathered in pool order, and the same sorted
 * by layer. Allocated with the pools, for the actor capacity. */
static akgl_DrawItem *draw_gather;
static akgl_DrawItem *draw_sorted;
/* Items per layer, counted by the gather (draw_private.h). */
static int draw_layer_count[AKGL_DRAW_LAYER_SPAN];

#define CHECK_SIZE(errctx, field, macro) \
    FAIL_NONZERO_RETURN(errctx, limits->field != library_limits.field, AKGL_ERR_ABI, \
                        "akgl_game_init: the program was built with " macro "=%lld but the " \
                        "library with %lld; build both with the same headers", \
                        (long long)limits->field, (long long)library_limits.field)

/*
 * Sizes catch a header edited on one side only. The pool ceilings are not
 * checked any more (the seed's check): a program's AKGL_MAX_HEAP_* is a
 * floor for its pool's capacity instead (see akgl_game_start).
 */
static akerr_ErrorContext *check_limits(const akgl_BuildLimits *limits)
{
    PREPARE_ERROR(errctx);
    CHECK_SIZE(errctx, max_string_length, "AKGL_MAX_STRING_LENGTH");
    CHECK_SIZE(errctx, size_actor, "sizeof(akgl_Actor)");
    CHECK_SIZE(errctx, size_sprite, "sizeof(akgl_Sprite)");
    CHECK_SIZE(errctx, size_spritesheet, "sizeof(akgl_SpriteSheet)");
    CHECK_SIZE(errctx, size_character, "sizeof(akgl_Character)");
    CHECK_SIZE(errctx, size_string, "sizeof(akgl_String)");
    CHECK_SIZE(errctx, size_game, "sizeof(akgl_Game)");
    CHECK_SIZE(errctx, size_config, "sizeof(akgl_GameConfig)");
    CHECK_SIZE(errctx, size_renderer, "sizeof(akgl_Renderer)");
    CHECK_SIZE(errctx, size_camera, "sizeof(akgl_Camera)");
    CHECK_SIZE(errctx, size_physics, "sizeof(akgl_Physics)");
    CHECK_SIZE(errctx, size_controller, "sizeof(akgl_Controller)");
    CHECK_SIZE(errctx, size_tilemap, "sizeof(akgl_Tilemap)");
    SUCCEED_RETURN(errctx);
}

const akgl_GameConfig *akgl_game_config(void)
{
    return &config;
}

static void free_scratch(void)
{
    free(draw_gather);
    free(draw_sorted);
    draw_gather = NULL;
    draw_sorted = NULL;
    akgl_render_batch_stop();
    akgl_physics_scratch_stop();
    akgl_particles_stop();
}

/* Everything the frame path needs beside the pools, sized by the actor capacity. */
static akerr_ErrorContext *allocate_scratch(int actors)
{
    PREPARE_ERROR(errctx);
    draw_gather = calloc((size_t)actors, sizeof(*draw_gather));
    draw_sorted = calloc((size_t)actors, sizeof(*draw_sorted));
    if (draw_gather == NULL || draw_sorted == NULL) {
        free_scratch();
        FAIL_RETURN(errctx, AKGL_ERR_HEAP, "akgl_game_init: cannot allocate the draw order for "
                    "%d actors (%zu bytes)", actors, 2 * (size_t)actors * sizeof(akgl_DrawItem));
    }
    errctx = akgl_physics_scratch_start(actors);
    if (errctx != NULL) {
        free_scratch();
        return akerr_trace_append(errctx, __FILE__, __func__, __LINE__);
    }
    errctx = akgl_render_batch_start(actors);
    if (errctx != NULL) {
        free_scratch();
        return akerr_trace_append(errctx, __FILE__, __func__, __LINE__);
    }
    SUCCEED_RETURN(errctx);
}

/* The floors a program's own AKGL_MAX_HEAP_* put under the capacities. */
static void program_floors(const akgl_BuildLimits *limits, int floor[AKGL_HEAP_LAYER_COUNT])
{
    memset(floor, 0, sizeof(int) * AKGL_HEAP_LAYER_COUNT);
    floor[AKGL_HEAP_ACTOR] = limits->max_heap_actor;
    floor[AKGL_HEAP_SPRITE] = limits->max_heap_sprite;
    floor[AKGL_HEAP_SPRITESHEET] = limits->max_heap_spritesheet;
    floor[AKGL_HEAP_CHARACTER] = limits->max_heap_character;
    floor[AKGL_HEAP_STRING] = limits->max_heap_string;
}

/* Every kind's pool, defined by the module that owns the kind (heap_pool.h). */
extern akgl_HeapPool akgl_heap_pool_sprite;
extern akgl_HeapPool akgl_heap_pool_spritesheet;
extern akgl_HeapPool akgl_heap_pool_character;
extern akgl_HeapPool akgl_heap_pool_string;
extern akgl_HeapPool akgl_heap_pool_sound;
extern akgl_HeapPool akgl_heap_pool_tilemap;
extern akgl_HeapPool akgl_heap_pool_font;
extern akgl_HeapPool akgl_heap_pool_image;

/*
 * The heap sits below every kind it stores and names none of them; the
 * game, above them all, puts each module's pool behind its layer. Likewise
 * the map model gets the level's release of the actors a map spawned.
 */
static void attach_pools(void)
{
    akgl_tilemap_install_level();
    akgl_heap_attach(AKGL_HEAP_ACTOR, &akgl_heap_pool_actor);
    akgl_heap_attach(AKGL_HEAP_SPRITE, &akgl_heap_pool_sprite);
    akgl_heap_attach(AKGL_HEAP_SPRITESHEET, &akgl_heap_pool_spritesheet);
    akgl_heap_attach(AKGL_HEAP_CHARACTER, &akgl_heap_pool_character);
    akgl_heap_attach(AKGL_HEAP_STRING, &akgl_heap_pool_string);
    akgl_heap_attach(AKGL_HEAP_TILEMAP, &akgl_heap_pool_tilemap);
    akgl_heap_attach(AKGL_HEAP_FONT, &akgl_heap_pool_font);
    akgl_heap_attach(AKGL_HEAP_SOUND, &akgl_heap_pool_sound);
    akgl_heap_attach(AKGL_HEAP_IMAGE, &akgl_heap_pool_image);
}

/* The C library's heap policy (akgl_GameConfig.heap_keep_mib). Set before
 * the pools are allocated, and where the C library has no such setting
 * nothing changes: the policy only saves work, it changes no result. */
static akerr_ErrorContext *keep_heap(int *mib_io)
{
    bool kept = false;
    int mib = *mib_io;
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, mib < -1 || mib > AKGL_HEAP_KEEP_MAX_MIB, AKERR_VALUE,
                        "akgl_game_init: akgl_GameConfig.heap_keep_mib is %d; it must be 0 (the "
                        "default, %d), 1..%d (AKGL_HEAP_KEEP_MAX_MIB) or -1 (the C library's own)",
                        mib, AKGL_HEAP_KEEP_DEFAULT_MIB, AKGL_HEAP_KEEP_MAX_MIB);
    if (mib == -1) {
        SUCCEED_RETURN(errctx);
    }
    *mib_io = mib == 0 ? AKGL_HEAP_KEEP_DEFAULT_MIB : mib; /* resolved, as the capacities */
    PASS(errctx, aksl_heap_keep((size_t)*mib_io * 1024 * 1024, &kept));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_game_start(const akgl_BuildLimits *limits, const akgl_GameConfig *cfg)
{
    akgl_GameConfig want;
    int floor[AKGL_HEAP_LAYER_COUNT];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, limits, AKERR_NULLPOINTER, "akgl_game_init: NULL limits");
    FAIL_NONZERO_RETURN(errctx, started, AKERR_BEHAVIOR,
                        "akgl_game_init: the game is already started (akgl_game_quit first)");
    PASS(errctx, akgl_error_init());
    PASS(errctx, check_limits(limits));
    if (cfg != NULL) {
        want = *cfg;
    } else {
        memset(&want, 0, sizeof(want));
    }
    FAIL_NONZERO_RETURN(errctx, want.voices < 0, AKERR_VALUE,
                        "akgl_game_init: akgl_GameConfig.voices is %d; it must be 0 (the "
                        "default) or more", want.voices);
    PASS(errctx, keep_heap(&want.heap_keep_mib));
    program_floors(limits, floor);
    attach_pools();
    PASS(errctx, akgl_heap_start(want.capacity, floor));
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT; layer++) {
        want.capacity[layer] = akgl_heap_slots((akgl_HeapLayer)layer);
    }
    ATTEMPT {
        CATCH(errctx, allocate_scratch(want.capacity[AKGL_HEAP_ACTOR]));
        CATCH(errctx, akgl_tween_pools_start(want.tweens, want.timers));
        CATCH(errctx, akgl_tween_counts(NULL, NULL, &want.tweens, &want.timers)); /* resolved */
        CATCH(errctx, akgl_particles_start(want.particle_emitters, want.particles_per_emitter,
                                           &want.particle_emitters,
                                           &want.particles_per_emitter));
        CATCH(errctx, akgl_registry_init());
        game.state_lock = SDL_CreateMutex();
        FAIL_ZERO_BREAK(errctx, game.state_lock, AKERR_API,
                        "akgl_game_init: cannot create the state lock: %s", SDL_GetError());
        CATCH(errctx, akgl_reload_start(&want)); /* hot reload's file list, when on */
        /* The config's voice count (0: the sound module's default); no
         * device is not an error: sound plays silence. */
        CATCH(errctx, akgl_sound_start(want.voices));
    } CLEANUP {
    } PROCESS(errctx) {
        /* Leave nothing half-made behind. */
        if (game.state_lock != NULL) {
            SDL_DestroyMutex(game.state_lock);
            game.state_lock = NULL;
        }
        IGNORE(akgl_registry_quit());
        akgl_tween_pools_stop();
        akgl_reload_stop();
        free_scratch();
        akgl_heap_stop();
    } FINISH(errctx, true);
    config = want;
    frame_open = false;
    started = true;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_game_init_with_limits(const akgl_BuildLimits *limits)
{
    return akgl_game_start(limits, NULL);
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
static akerr_ErrorContext *release_font(void *obj) { return akgl_heap_release_font(obj); }
static akerr_ErrorContext *release_image(void *obj) { return akgl_heap_release_image(obj); }

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
    {AKGL_UNLOAD_FONTS, AKGL_HEAP_FONT, release_font},
    {AKGL_UNLOAD_IMAGES, AKGL_HEAP_IMAGE, release_image},
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
    if (what & AKGL_UNLOAD_ACTORS) {
        what |= AKGL_UNLOAD_TWEENS; /* a tween holds a reference to its actor */
    }
    return what;
}

/* Cameras, controllers and parents let go of actors, so that each actor's
 * own count is all the pool has to bring to 0. */
static void drop_actor_holders(akerr_ErrorContext **first)
{
    akgl_actor_drop_holds(first);
    akgl_tilemap_drop_actors(first); /* maps hold the actors they spawned */
    const akgl_HeapPool *pool = &akgl_heap_pool_actor;
    for (int i = akgl_heap_next_live(pool, 0); i >= 0; i = akgl_heap_next_live(pool, i + 1)) {
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
    if (what & AKGL_UNLOAD_TWEENS) {
        akgl_object_keep_first(&first, akgl_tween_cancel_all());
    }
    if (what & (AKGL_UNLOAD_ACTORS | AKGL_UNLOAD_IMAGES)) {
        akgl_particles_release_all(&first); /* they hold sprites and images */
    }
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
    if (what & AKGL_UNLOAD_FONTS) {
        akgl_pixel_font_release(); /* the default font's atlas; its next draw makes it again */
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
        [AKGL_HEAP_FONT] = "font", [AKGL_HEAP_SOUND] = "sound", [AKGL_HEAP_IMAGE] = "image",
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
    akgl_particles_release_all(&first); /* before the count: a game's emitters are not a leak */
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
    akgl_object_keep_first(&first, akgl_input_reset()); /* closes its gamepads */
    akgl_object_keep_first(&first, akgl_registry_quit());
    if (game.state_lock != NULL) {
        SDL_DestroyMutex(game.state_lock);
    }
    memset(&game, 0, sizeof(game));
    frame_open = false;
    overlay_fn = NULL;
    overlay_userdata = NULL;
    akgl_object_keep_first(&first, akgl_heap_init());
    /* The storage is freed only when empty: a slot still live after a
     * failed teardown holds something (a texture) that freeing would strand;
     * the next akgl_game_init then refuses, naming the layer. */
    bool empty = true;
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT; layer++) {
        empty = empty && akgl_heap_live((akgl_HeapLayer)layer) == 0;
    }
    free_scratch();
    akgl_tween_pools_stop(); /* every tween and timer goes with it */
    akgl_reload_stop();
    if (empty) {
        akgl_heap_stop();
    }
    memset(&config, 0, sizeof(config));
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

/* Stable bottom-up merge sort of n items by layer, from src into dst
 * (either may end up holding the result: returned). */
static akgl_DrawItem *merge_sort_layers(akgl_DrawItem *src, akgl_DrawItem *dst, int n)
{
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n;
            int hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                dst[k++] = (src[j].layer < src[i].layer) ? src[j++] : src[i++];
            }
            while (i < mid) {
                dst[k++] = src[i++];
            }
            while (j < hi) {
                dst[k++] = src[j++];
            }
        }
        akgl_DrawItem *t = src;
        src = dst;
        dst = t;
    }
    return src;
}

/*
 * The visible live actors, gathered over the acquired slots in pool order
 * (unless the update pass gathered them already), in draw order: layer,
 * then pool order, by a stable counting sort. The gather counts layers
 * within AKGL_DRAW_LAYER_SPAN of the first item's, leaving one pass over
 * the items, to place them; a wider spread takes a pass for the range and
 * one to count first, or a merge sort.
 */
static akgl_DrawItem *draw_order(akgl_DrawGather *g, bool gathered)
{
    if (!gathered) {
        const akgl_HeapPool *pool = &akgl_heap_pool_actor;
        akgl_draw_gather_start(g, draw_gather, draw_layer_count, g->plain_backend);
        for (int i = akgl_heap_next_live(pool, 0); i >= 0;
             i = akgl_heap_next_live_after(pool, i)) {
            akgl_Actor *actor = akgl_actor_in_slot(i, sizeof(akgl_Actor));
            if (akgl_actor_is_live(actor)) {
                akgl_draw_gather_actor(g, actor);
            }
        }
    }
    int n = g->n;
    if (!g->mixed) {
        return draw_gather; /* one layer: pool order is draw order */
    }
    if (!g->counted) {
        /* Layers too far from the first item's to count while gathering:
         * their range, then (within AKGL_DRAW_LAYER_SPAN values) the counts,
         * or else a merge sort. Both are stable. */
        int lo = INT_MAX, hi = INT_MIN;
        for (int i = 0; i < n; i++) {
            lo = draw_gather[i].layer < lo ? draw_gather[i].layer : lo;
            hi = draw_gather[i].layer > hi ? draw_gather[i].layer : hi;
        }
        if ((int64_t)hi - (int64_t)lo >= AKGL_DRAW_LAYER_SPAN) {
            return merge_sort_layers(draw_gather, draw_sorted, n);
        }
        g->base = lo;
        memset(g->count, 0, sizeof(int) * AKGL_DRAW_LAYER_SPAN);
        for (int i = 0; i < n; i++) {
            g->count[draw_gather[i].layer - lo]++;
        }
    }
    /* Each layer's first place, then every item to its layer's next. */
    int start[AKGL_DRAW_LAYER_SPAN];
    int at = 0;
    for (int b = 0; b < AKGL_DRAW_LAYER_SPAN; b++) {
        start[b] = at;
        at += g->count[b];
    }
    for (int i = 0; i < n; i++) {
        draw_sorted[start[(int64_t)draw_gather[i].layer - g->base]++] = draw_gather[i];
    }
    return draw_sorted;
}

/*
 * Draws the actors. On the 2D backend, an actor whose renderfunc is the
 * library's own and whose frame is the plain draw is submitted from its
 * gathered item, without the hook, the argument checks or another lookup:
 * exactly what akgl_actor_draw would submit, since between the gather and
 * the draw no code but the library's runs. That holds only while no actor
 * has a renderfunc of its own (a game's hook may move, change or release
 * other actors before they are drawn): then every actor goes through
 * akgl_actor_render, as before.
 */
/*
 * The items submitted on the 2D backend while only the library's code runs:
 * akgl_render_plain_submit's draw with the camera and the SDL renderer read
 * once (nothing here can move them) and the counts added at the end; an
 * item without a source rectangle goes through akgl_actor_render.
 */
static akerr_ErrorContext *draw_direct(akgl_Renderer *r, const akgl_DrawItem *order, int count)
{
    PREPARE_ERROR(errctx);
    SDL_Renderer *sdl = r->sdl_renderer;
    const akgl_Camera *cam = r->camera;
    const bool culls = cam != NULL;
    const float cx = culls ? cam->x : 0.0f, cy = culls ? cam->y : 0.0f;
    const float right = culls ? cam->x + cam->w : 0.0f, bottom = culls ? cam->y + cam->h : 0.0f;
    const bool batched = akgl_render_batch.open;
    int submitted = 0, culled = 0;
#if defined(__SSE2__)
    const __m128 view_near = _mm_setr_ps(cx, cy, 0.0f, 0.0f);
    const __m128 view_far = _mm_setr_ps(right, bottom, 0.0f, 0.0f);
#endif
    for (int i = 0; i < count; i++) {
        const akgl_DrawItem *item = &order[i];
        if (item->src == NULL) {
            akerr_ErrorContext *e = akgl_actor_render(item->actor, r);
            if (e != NULL) {
                r->stats.submitted += submitted;
                r->stats.culled += culled;
                PASS(errctx, e);
            }
            continue;
        }
        SDL_FRect dst;
#if defined(__SSE2__)
        /* The same comparisons and subtractions, x and y in two lanes. */
        __m128 xy = _mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(const void *)&item->x));
        __m128 wh = _mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(const void *)&item->src->w));
        if (culls) {
            __m128 in = _mm_and_ps(_mm_cmplt_ps(xy, view_far),
                                   _mm_cmplt_ps(view_near, _mm_add_ps(xy, wh)));
            if ((_mm_movemask_ps(in) & 3) != 3) {
                culled++;
                continue;
            }
            xy = _mm_sub_ps(xy, view_near);
        }
        _mm_storeu_ps(&dst.x, _mm_movelh_ps(xy, wh));
#else
        dst = (SDL_FRect){item->x, item->y, item->src->w, item->src->h};
        if (culls) {
            if (!(dst.x < right && dst.x + dst.w > cx && dst.y < bottom &&
                  dst.y + dst.h > cy)) {
                culled++;
                continue;
            }
            dst.x -= cx;
            dst.y -= cy;
        }
#endif
        bool drawn;
        if (batched) {
            drawn = akgl_render_batch_plain(item->texture,
                                            AKGL_RENDER_BATCH_ACTOR_BLEND(item->actor),
                                            item->src, dst.x, dst.y, item->flip);
        } else {
            drawn = item->flip == SDL_FLIP_NONE
                        ? SDL_RenderTexture(sdl, item->texture, item->src, &dst)
                        : SDL_RenderTextureRotated(sdl, item->texture, item->src, &dst, 0.0,
                                                   NULL, item->flip);
        }
        if (!drawn) {
            r->stats.submitted += submitted;
            r->stats.culled += culled;
            const akgl_Actor *a = item->actor;
            FAIL_RETURN(errctx, AKERR_API, "draw_sprite: sprite \"%s\" frame %d: %s",
                        a->cursprite != NULL ? a->cursprite->name : "", a->curSpriteFrameId,
                        SDL_GetError());
        }
        submitted++;
    }
    r->stats.submitted += submitted;
    r->stats.culled += culled;
    SUCCEED_RETURN(errctx);
}

/*
 * The actors of @p order, through the backend's draw (akgl_actor_render)
 * or, on the plain path, from their items (draw_direct). With a batch open
 * (@p batched), an actor whose renderfunc is the game's own may draw
 * anything, by any means: the batch is flushed and closed before it runs
 * and opened again after, so what it draws lands after the actors before
 * it.
 */
static akerr_ErrorContext *draw_items(akgl_Renderer *r, const akgl_DrawGather *g,
                                      const akgl_DrawItem *order, int count, bool batched)
{
    PREPARE_ERROR(errctx);
    if (!g->plain_backend || g->custom ||
        (r->camera != NULL && !akgl_render_camera_plain(r->camera))) {
        /* A camera that zooms, turns or shakes: each actor through the backend's
         * transformed draw. */
        for (int i = 0; i < count; i++) {
            akgl_Actor *a = order[i].actor;
            bool own = batched && a->renderfunc != akgl_actor_draw;
            if (own && !akgl_render_batch_end()) {
                FAIL_RETURN(errctx, AKERR_API, "akgl_game_update: a batch of sprites: %s",
                            SDL_GetError());
            }
            akerr_ErrorContext *e = akgl_actor_render(a, r);
            if (own) {
                (void)akgl_render_batch_begin(r);
            }
            PASS(errctx, e);
        }
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, draw_direct(r, order, count));
    SUCCEED_RETURN(errctx);
}

/*
 * The actors order[from .. to-1] (one layer's, or all of them when no emitter
 * is live), through draw_items; on a batching renderer in batches, the
 * batch closed again after them so that what comes next (the emitters of
 * the layers above, the overlay) lands after them.
 */
static akerr_ErrorContext *draw_actor_run(akgl_Renderer *r, const akgl_DrawGather *g,
                                          const akgl_DrawItem *order, int from, int to)
{
    PREPARE_ERROR(errctx);
    bool batched = akgl_render_batch_begin(r);
    akerr_ErrorContext *drawn = draw_items(r, g, order + from, to - from, batched);
    if (batched && !akgl_render_batch_end() && drawn == NULL) {
        FAIL_RETURN(errctx, AKERR_API, "akgl_game_update: a batch of sprites: %s",
                    SDL_GetError());
    }
    PASS(errctx, drawn);
    SUCCEED_RETURN(errctx);
}

/* Draws the actors in draw order, the particle emitters among them by layer. */
static akerr_ErrorContext *draw_actors(akgl_Renderer *r, akgl_DrawGather *g, bool gathered)
{
    PREPARE_ERROR(errctx);
    int cursor = 0; /* the next particle emitter, in layer order */
    if (draw_gather == NULL) {
        PASS(errctx, akgl_particles_draw(r, &cursor, 0, true));
        SUCCEED_RETURN(errctx);
    }
    akgl_DrawItem *order = draw_order(g, gathered);
    int count = g->n;
    if (!akgl_particles_any()) {
        PASS(errctx, draw_actor_run(r, g, order, 0, count));
        SUCCEED_RETURN(errctx);
    }
    /* Each layer's actors, after the emitters of the layers below theirs;
     * the emitters of their layer and above after them. */
    for (int i = 0; i < count;) {
        int layer = order[i].layer, j = i + 1;
        while (j < count && order[j].layer == layer) {
            j++;
        }
        PASS(errctx, akgl_particles_draw(r, &cursor, layer, false));
        PASS(errctx, draw_actor_run(r, g, order, i, j));
        i = j;
    }
    PASS(errctx, akgl_particles_draw(r, &cursor, 0, true));
    SUCCEED_RETURN(errctx);
}

/* The 2D backend draws items itself (render_private.h). */
static bool plain_backend(const akgl_Renderer *r)
{
    return r != NULL && r->draw_sprite_ex == akgl_render_2d_draw_sprite_ex &&
           r->draw_sprite != NULL && r->sdl_renderer != NULL;
}

/*
 * Whether the update pass may gather the actors for the draw: only when no
 * code but the library's runs between the update pass and the draw pass
 * (the camera's update, the 2D backend's frame start and map tiles).
 */
static bool gather_in_update(const akgl_Renderer *r)
{
    return draw_gather != NULL && plain_backend(r) &&
           (r->frame_start == NULL || r->frame_start == akgl_render_2d_frame_start) &&
           (game.tilemap == NULL || r->draw_tile == akgl_render_2d_draw_tile);
}

/*
 * The frame's time step. A frame takes it once, at the first of
 * akgl_game_frame_time and akgl_game_update, and keeps it until its update
 * ends: the game's callbacks before the update, its hooks during it and the
 * overlay all see the same step, and the update moves the world by it.
 */
static void take_frame_time(void)
{
    if (frame_open) {
        return;
    }
    uint64_t now = akgl_time_now();
    uint64_t ns = game.updated ? now - game.last_update_ns : 0;
    game.dt_ns = ns < AKGL_GAME_MAX_FRAME_NS ? ns : AKGL_GAME_MAX_FRAME_NS;
    game.dt = (float)((double)game.dt_ns / 1e9);
    frame_now = now;
    frame_open = true;
}

akerr_ErrorContext *akgl_game_frame_time(uint64_t *ns, float *seconds)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, started, AKERR_BEHAVIOR,
                     "akgl_game_frame_time: the game is not started (akgl_game_init first)");
    FAIL_NONZERO_RETURN(errctx, ns == NULL && seconds == NULL, AKERR_NULLPOINTER,
                        "akgl_game_frame_time: NULL ns and seconds (give at least one)");
    take_frame_time();
    if (ns != NULL) {
        *ns = game.dt_ns;
    }
    if (seconds != NULL) {
        *seconds = game.dt;
    }
    SUCCEED_RETURN(errctx);
}

/* Everything a frame draws between frame_start and frame_end: the map under
 * the actors up to its first object layer, the actors, the rest of the map
 * over them, then the HUD over the whole world. */
static akerr_ErrorContext *draw_frame(akgl_Renderer *r, akgl_DrawGather *g, bool gathered)
{
    PREPARE_ERROR(errctx);
    const akgl_Tilemap *map = game.tilemap;
    int under = map != NULL ? akgl_tilemap_layers_under_actors(map) : 0;
    if (map != NULL) {
        PASS(errctx, akgl_tilemap_draw_layers(map, r, 0, under));
    }
    drawing_actors = true; /* akgl_game_draw_world would reuse the gather */
    akerr_ErrorContext *drawn = draw_actors(r, g, gathered);
    drawing_actors = false;
    PASS(errctx, drawn);
    if (map != NULL && under < map->nlayers) {
        PASS(errctx, akgl_tilemap_draw_layers(map, r, under, map->nlayers));
    }
    if (overlay_fn != NULL) {
        PASS(errctx, overlay_fn(r, overlay_userdata));
    }
    SUCCEED_RETURN(errctx);
}

/* A frame whose drawing failed is not presented, but it is over: without
 * this the renderer would stay "in a frame" (so a draw made by mistake
 * before the next frame_start would be taken, then cleared) and a render
 * target the failed step had begun would stay bound. */
static void abandon_frame(akgl_Renderer *r)
{
    r->in_frame = false;
    (void)akgl_render_target_unbind(r); /* SDL's refusal: the next frame_start says it */
}

static akerr_ErrorContext *update(void);

akerr_ErrorContext *akgl_game_update(void *reserved)
{
    PREPARE_ERROR(errctx);
    (void)reserved;
    FAIL_ZERO_RETURN(errctx, started, AKERR_BEHAVIOR,
                     "akgl_game_update: the game is not started (akgl_game_init first)");
    take_frame_time();
    game.last_update_ns = frame_now; /* past the cap, the rest is dropped */
    game.updated = true;
    akgl_reload_frame(); /* between frames: a share of the watched files (akgl/reload.h) */
    akerr_ErrorContext *updated = update();
    frame_open = false; /* the next frame takes its own step */
    /* and sees only its own presses and releases (akgl/input.h) */
    akgl_object_keep_first(&updated, akgl_input_end_frame());
    PASS(errctx, updated);
    SUCCEED_RETURN(errctx);
}

/* The update itself: the step taken, the world moved by it, then drawn. */
static akerr_ErrorContext *update(void)
{
    PREPARE_ERROR(errctx);
    uint64_t elapsed = game.dt_ns;
    if (++akgl_time_update_serial == 0) { /* this update's stamp (time_private.h) */
        akgl_time_update_serial = 1;       /* 0 is "no update" */
    }

    if (game.physics != NULL && game.physics->step != NULL) {
        PASS(errctx, game.physics->step(game.physics, elapsed));
    }
    /* After the physics (a tween has the last word on what it writes), before
     * the actors' update and the draw (which see the tweened values). */
    PASS(errctx, akgl_tween_update(elapsed));
    akgl_Renderer *r = game.renderer;
    akgl_DrawGather g;
    bool gathered = false;
    akgl_draw_gather_start(&g, draw_gather, draw_layer_count, plain_backend(r));
    PASS(errctx, akgl_actor_update_pass(gather_in_update(r) ? &g : NULL, &gathered));
    akgl_particles_update(elapsed); /* after the actors: attached emitters follow them */
    if (game.camera != NULL) {
        float w = 0.0f, h = 0.0f;
        if (game.camera->follow != NULL) {
            PASS(errctx, followed_frame_size(game.camera, &w, &h));
        }
        PASS(errctx, akgl_camera_update(game.camera, w, h));
    }
    if (r != NULL) {
        if (r->frame_start != NULL) {
            PASS(errctx, r->frame_start(r));
        }
        akerr_ErrorContext *drawn = draw_frame(r, &g, gathered);
        if (drawn != NULL) {
            abandon_frame(r);
        }
        PASS(errctx, drawn);
        if (r->frame_end != NULL) {
            PASS(errctx, r->frame_end(r));
        }
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_game_set_overlay(akgl_OverlayFunc fn, void *userdata)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, started, AKERR_BEHAVIOR,
                     "akgl_game_set_overlay: the game is not started (akgl_game_init first)");
    overlay_fn = fn;
    overlay_userdata = fn != NULL ? userdata : NULL;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_game_draw_world(void)
{
    static const char who[] = "akgl_game_draw_world";
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, started, AKERR_BEHAVIOR,
                     "%s: the game is not started (akgl_game_init first)", who);
    akgl_Renderer *r = NULL;
    PASS(errctx, akgl_render_bound(who, &r));
    FAIL_NONZERO_RETURN(errctx, !r->in_frame && r->target == NULL, AKERR_BEHAVIOR,
                        "%s: outside a frame and a render target (from the overlay, the app's "
                        "draw callback, or after akgl_render_target_begin)", who);
    FAIL_NONZERO_RETURN(errctx, drawing_actors, AKERR_BEHAVIOR,
                        "%s: the frame is drawing the actors (from an actor's renderfunc); "
                        "call it from the overlay instead", who);
    const akgl_Tilemap *map = game.tilemap;
    int under = map != NULL ? akgl_tilemap_layers_under_actors(map) : 0;
    if (map != NULL) {
        PASS(errctx, akgl_tilemap_draw_layers(map, r, 0, under));
    }
    akgl_DrawGather g;
    akgl_draw_gather_start(&g, draw_gather, draw_layer_count, plain_backend(r));
    drawing_actors = true;
    akerr_ErrorContext *drawn = draw_actors(r, &g, false);
    drawing_actors = false;
    PASS(errctx, drawn);
    if (map != NULL && under < map->nlayers) {
        PASS(errctx, akgl_tilemap_draw_layers(map, r, under, map->nlayers));
    }
    SUCCEED_RETURN(errctx);
}
