/**
 * @file akgl/game.h
 * @brief Start-up, quit, the level change, the frame, and the state lock.
 *
 * Layer: game (the top; docs/03-layers.md). The game
 * object itself, `game`, is declared in akgl/game_object.h, which this
 * header includes.
 */
#ifndef AKGL_GAME_H
#define AKGL_GAME_H

#include <akerror.h>
#include <akgl/actor.h>
#include <akgl/camera.h>
#include <akgl/character.h>
#include <akgl/controller.h>
#include <akgl/game_object.h>
#include <akgl/heap.h>
#include <akgl/limits.h>
#include <akgl/physics.h>
#include <akgl/render.h>
#include <akgl/sprite.h>
#include <akgl/staticstring.h>
#include <akgl/tilemap.h>

#include <SDL3/SDL.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief How big the game's pools are, and the sound engine's voices: chosen
 *        when the game starts (akgl_game_init_with_config).
 *
 * Every field at 0 means its default, so `akgl_GameConfig cfg = {0};` is
 * akgl_game_init's start. A default is also the floor: a capacity below it
 * gets the default, so code written for the seed's fixed arrays
 * (akgl_heap_actors[0 .. AKGL_MAX_HEAP_ACTOR-1]) still indexes inside them.
 */
typedef struct akgl_GameConfig
{
    /** Slots per heap layer, by akgl_HeapLayer: capacity[AKGL_HEAP_ACTOR] is
     *  how many actors can live at once. 0 = the layer's AKGL_MAX_HEAP_*
     *  default. Each pool is allocated once, when the game starts, and freed
     *  at quit; nothing is allocated for a pool in between. */
    int capacity[AKGL_HEAP_LAYER_COUNT];
    /** Sound voices mixed at once (akgl/sound.h): AKGL_SOUND_MIN_VOICES ..
     *  AKGL_SOUND_MAX_VOICES, or 0 for AKGL_SOUND_DEFAULT_VOICES. */
    int voices;
    /** Tweens running at once (akgl/tween.h): 0 .. AKGL_TWEEN_MAX_CAPACITY, 0 for
     *  AKGL_TWEEN_DEFAULT_CAPACITY (256). Allocated at start, freed at quit. */
    int tweens;
    /** Timers pending at once (akgl/tween.h): 0 .. AKGL_TWEEN_MAX_CAPACITY, 0 for
     *  AKGL_TIMER_DEFAULT_CAPACITY (64). Allocated at start, freed at quit. */
    int timers;
    /** Particle emitters live at once (akgl/particles.h); 0 =
     *  AKGL_PARTICLES_DEFAULT_EMITTERS. Allocated when the game starts. */
    int particle_emitters;
    /** Particles each emitter holds at most; 0 =
     *  AKGL_PARTICLES_DEFAULT_PER_EMITTER. The memory is
     *  particle_emitters x particles_per_emitter x 24 bytes, plus one
     *  emitter's draw scratch (152 bytes a particle). */
    int particles_per_emitter;
    /** Hot reload (akgl/reload.h): the files the game loads are watched and
     *  reloaded in place, between frames, when they change. Off by default;
     *  the app runner turns it on with --hot-reload. */
    bool hot_reload;
    /** Files hot reload can watch: 0 = AKGL_RELOAD_DEFAULT_FILES. Allocated at
     *  start when hot_reload is on (about 4.3 KB a file), freed at quit. */
    int hot_reload_files;
    /** Milliseconds between two looks at the files (of the clock game time
     *  runs on, so the manual clock in tests, never paused or scaled):
     *  0 = AKGL_RELOAD_DEFAULT_PERIOD_MS (250), at most AKGL_RELOAD_MAX_PERIOD_MS. */
    int hot_reload_period_ms;
    /** A reloaded map gives back the actors it spawned from its objects and
     *  spawns them again from the new ones; false (the default) keeps them.
     *  Actors the game spawned itself are kept either way. */
    bool hot_reload_respawn;
    /** MiB of freed heap memory the C library keeps for the next allocations
     *  instead of giving it back to the system (aksl_heap_keep; glibc only,
     *  process-wide): 0 = AKGL_HEAP_KEEP_DEFAULT_MIB, 1..AKGL_HEAP_KEEP_MAX_MIB,
     *  or -1 to leave the C library's own policy. Mesa's software GL allocates
     *  and frees tens of MiB a frame at tens of thousands of sprites; kept,
     *  that memory is reused instead of faulted in again every frame
     *  (docs/08-rendering.md, "The heap under software GL"). */
    int heap_keep_mib;
} akgl_GameConfig;

/**
 * @brief The limits and struct sizes a program was compiled with, which
 *        akgl_game_init compares with the library's own.
 *
 * The struct sizes must match the library's (a header edited on one side
 * only is refused). The max_heap_* values are no longer checked: they are
 * the program's view of the defaults, and each becomes a floor of its
 * pool's capacity, so a program built with a larger AKGL_MAX_HEAP_ACTOR
 * still indexes inside akgl_heap_actors.
 */
typedef struct akgl_BuildLimits
{
    /**@{*/
    /** The AKGL_MAX_HEAP_* capacities and AKGL_MAX_STRING_LENGTH. */
    int max_heap_actor, max_heap_sprite, max_heap_spritesheet, max_heap_character,
        max_heap_string, max_string_length;
    /**@}*/
    /**@{*/
    /** sizeof each pooled struct, of akgl_Game and of akgl_GameConfig. */
    size_t size_actor, size_sprite, size_spritesheet, size_character, size_string, size_game,
        size_config;
    /**@}*/
    /**@{*/
    /** sizeof each struct a program holds and lends to the library. */
    size_t size_renderer, size_camera, size_physics, size_controller, size_tilemap;
    /**@}*/
} akgl_BuildLimits;

/** The akgl_BuildLimits of the translation unit that expands it. */
#define AKGL_BUILD_LIMITS \
    ((akgl_BuildLimits){AKGL_MAX_HEAP_ACTOR, AKGL_MAX_HEAP_SPRITE, AKGL_MAX_HEAP_SPRITESHEET, \
                        AKGL_MAX_HEAP_CHARACTER, AKGL_MAX_HEAP_STRING, AKGL_MAX_STRING_LENGTH, \
                        sizeof(akgl_Actor), sizeof(akgl_Sprite), sizeof(akgl_SpriteSheet), \
                        sizeof(akgl_Character), sizeof(akgl_String), sizeof(akgl_Game), \
                        sizeof(akgl_GameConfig), sizeof(akgl_Renderer), sizeof(akgl_Camera), \
                        sizeof(akgl_Physics), sizeof(akgl_Controller), sizeof(akgl_Tilemap)})

/**
 * @brief Starts akgl with the default capacities: checks the struct sizes,
 *        names akgl's statuses, allocates the pools, creates the registries
 *        and the state lock. No window.
 *
 * A macro, so that it passes the caller's own struct sizes: a program built
 * against different headers than the library is refused here with
 * AKGL_ERR_ABI naming the mismatch, instead of indexing past the end of an
 * array in another object file.
 *
 * Calling it again after akgl_game_quit starts afresh. Calling it while the
 * game runs is AKERR_BEHAVIOR.
 * @return NULL; AKGL_ERR_ABI; AKERR_BEHAVIOR; AKGL_ERR_HEAP when a pool
 *         cannot be allocated; AKERR_API when SDL cannot make the mutex or a
 *         registry. On failure nothing is left allocated or created.
 */
#define akgl_game_init() akgl_game_start(&AKGL_BUILD_LIMITS, NULL)

/**
 * @brief akgl_game_init with the capacities of @p cfg: a game of 100,000
 *        actors sets cfg.capacity[AKGL_HEAP_ACTOR] = 100000, without
 *        rebuilding the library.
 *
 * A macro passing the caller's struct sizes, like akgl_game_init. @p cfg is
 * copied; akgl_heap_capacity says what each layer got.
 * @param cfg The capacities; NULL is the defaults (akgl_game_init).
 * @return As akgl_game_init; also AKERR_VALUE for a negative capacity or
 *         voice count (naming the layer), and AKGL_ERR_HEAP naming the layer, the slot count and the
 *         bytes when a pool cannot be allocated. Nothing is half-made: quit
 *         is not needed, and akgl_game_init_with_config may be called again
 *         with another size.
 */
#define akgl_game_init_with_config(cfg) akgl_game_start(&AKGL_BUILD_LIMITS, (cfg))

/**
 * @brief What akgl_game_init and akgl_game_init_with_config call; call the
 *        macros instead.
 * @param limits The caller's AKGL_BUILD_LIMITS (its struct sizes and floors).
 * @param cfg    The capacities and voices; NULL is the defaults.
 * @return As akgl_game_init_with_config; AKERR_NULLPOINTER for a NULL @p limits.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_game_start(const akgl_BuildLimits *limits,
                                                   const akgl_GameConfig *cfg);

/**
 * @brief akgl_game_init with explicit limits and the default capacities.
 * @param limits The caller's AKGL_BUILD_LIMITS.
 * @return As akgl_game_init; AKERR_NULLPOINTER for a NULL @p limits.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_game_init_with_limits(const akgl_BuildLimits *limits);

/**
 * @brief Stops akgl: releases whatever is still live (akgl_game_unload(
 *        AKGL_UNLOAD_ALL), textures included), destroys the registries and the
 *        state lock, resets the pools, and forgets the input state,
 *        closing the gamepads it opened (akgl_input_reset). Safe to call
 *        when not started.
 *
 * A game that released everything itself gets no message. Otherwise one line
 * goes to SDL_Log saying what had to be released, per layer ("akgl_game_quit:
 * released what the game still held: 3 actors, 1 character, 4 sprites, 2
 * spritesheets"), which is how a leak in a game shows itself.
 * @return NULL; the first teardown error (the game is stopped regardless).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_game_quit(void);

/** @name akgl_game_unload flags
 * What a level change gives back. A kind goes together with every kind that
 * holds references to it, so nothing is left pointing at a freed slot:
 * sprites (and their sheets) take characters, tilemaps (whose tilesets hold
 * sheets) and actors with them; characters take actors. @{ */
#define AKGL_UNLOAD_ACTORS     (1u << 0) /**< Every actor. */
#define AKGL_UNLOAD_CHARACTERS (1u << 1) /**< Every character (and so every actor). */
#define AKGL_UNLOAD_SPRITES    (1u << 2) /**< Every sprite and sheet (and so characters, maps, actors). */
#define AKGL_UNLOAD_TILEMAPS   (1u << 3) /**< Every tilemap (the actors it spawned go when nothing else holds them). */
#define AKGL_UNLOAD_FONTS      (1u << 4) /**< Every loaded font, and the default font's atlas texture (the default font stays usable). No other flag takes fonts. */
#define AKGL_UNLOAD_SOUNDS     (1u << 5) /**< Every sound. */
#define AKGL_UNLOAD_IMAGES     (1u << 6) /**< Every image (akgl_image_load). */
#define AKGL_UNLOAD_TWEENS     (1u << 7) /**< Every tween and timer, cancelled without callbacks (akgl/tween.h). Unloading actors takes them too. */
/** Everything. */
#define AKGL_UNLOAD_ALL        (AKGL_UNLOAD_ACTORS | AKGL_UNLOAD_CHARACTERS | AKGL_UNLOAD_SPRITES | \
                                AKGL_UNLOAD_TILEMAPS | AKGL_UNLOAD_FONTS | AKGL_UNLOAD_SOUNDS | \
                                AKGL_UNLOAD_IMAGES | AKGL_UNLOAD_TWEENS)
/** @} */

/**
 * @brief Releases everything of the kinds in @p what that the game still
 *        holds: the level change.
 *
 * First the holders outside the pools let go: cameras stop following,
 * controllers drop their actors, parents drop their children, maps drop the
 * actors they spawned. Then every live object of each kind is released by
 * reference, through its own teardown, until its slot is free: an actor gives
 * back its character and the sprite it shows, a character its bindings, a
 * sprite its sheet, a sheet its texture. Afterwards every pool, registry and
 * texture count of those kinds is at its start value. Pointers the game kept
 * to those objects are invalid. Hold the state lock when other threads run.
 * @param what AKGL_UNLOAD_* flags; kinds that hold the chosen ones are added
 *             (see the flags). 0 does nothing.
 * @return NULL; AKERR_BEHAVIOR when the game is not started; AKERR_VALUE for
 *         an unknown flag (nothing is released); otherwise the first error of
 *         a teardown, after every other object has still been released.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_game_unload(unsigned int what);

/**
 * @brief One frame of the common loop: akgl_game_state_lock,
 *        akgl_game_update(NULL), akgl_game_state_unlock.
 * @return NULL; the first error (the lock is given back either way).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_game_frame(void);

/**
 * @brief Takes the game state lock (a recursive SDL mutex).
 *
 * SDL3's callback apps deliver events and iterations on different threads;
 * anything that changes pools or registries holds this lock.
 * @return NULL; AKERR_BEHAVIOR when the game is not started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_game_state_lock(void);

/**
 * @brief Gives the game state lock back.
 * @return NULL; AKERR_BEHAVIOR when the game is not started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_game_state_unlock(void);

/**
 * @brief The game time the frame in progress covers: what a game moves by
 *        (x += vx * seconds).
 *
 * It is game time (akgl/time.h): the manual clock's steps in tests and
 * headless runs, 0 while the clock is paused, scaled in slow motion. It is
 * the time since the previous akgl_game_update, with two exceptions: the
 * first frame after akgl_game_init gets 0 (there is no previous frame to
 * measure from), and a frame never covers more than AKGL_GAME_MAX_FRAME_NS
 * (256 ms): after a breakpoint, a window drag or a long load the rest is
 * dropped, so nothing moves further in one frame than in a quarter of a
 * second (the physics drops it likewise).
 *
 * The frame takes its time once, at the first call of this function or of
 * akgl_game_update, and keeps it until that update ends: the game's code
 * before the update (the app runner's frame callback), the actors' hooks
 * during it and the overlay all get the same value, and the update moves
 * the world (the physics step) by it. It is also in game.dt_ns and
 * game.dt once taken. Call it from the thread that runs the frames, or with
 * the state lock held. Allocates nothing.
 * @param ns      Where the step goes in nanoseconds, or NULL.
 * @param seconds Where it goes in seconds, or NULL.
 * @return NULL; AKERR_BEHAVIOR when the game is not started;
 *         AKERR_NULLPOINTER when both pointers are NULL.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_game_frame_time(uint64_t *ns, float *seconds);

/**
 * @brief Runs one frame.
 *
 * 1. The physics step (game.physics->step) with the frame's time step
 *    (akgl_game_frame_time: the game time since the previous update, 0 the
 *    first time, at most AKGL_GAME_MAX_FRAME_NS); skipped when no backend
 *    is bound.
 * 2. The timers and tweens advance by the same step (akgl_tween_update):
 *    after the physics, so a tween of an actor's position has the last word,
 *    and before the actors' update and draw, which see the tweened values.
 * 3. akgl_actor_update for every live actor, in pool order.
 * 4. The camera follows its actor (akgl_camera_update).
 * 5. With a renderer bound: frame_start, every visible live actor drawn in
 *    layer order (lower first; equal layers in pool order) through
 *    akgl_actor_render, culled by the camera, then frame_end. (Actors whose
 *    hooks are the library's are submitted without the calls, with the
 *    same effect: docs/15-game-loop.md.)
 *
 * Between the actors and frame_end, the overlay (akgl_game_set_overlay)
 * draws in screen coordinates: a HUD.
 *
 * As it returns, successful or not, the input frame ends
 * (akgl_input_end_frame, akgl/input.h): what was pressed or released since
 * the previous update stops reading so.
 *
 * Call it with the state lock held when other threads touch the game. It
 * allocates nothing.
 * @param reserved Pass NULL.
 * @return NULL; AKERR_BEHAVIOR when the game is not started; the first error
 *         of a step (a state with no sprite is not an error). When a draw
 *         fails between frame_start and frame_end, the frame is not
 *         presented but it is over: draws are refused until the next
 *         frame_start, and a render target left bound is unbound.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_game_update(void *reserved);

/**
 * @brief Draws over the world each frame (a HUD): called by akgl_game_update
 *        after the actors and before frame_end presents, with the bound
 *        renderer and the userdata given to akgl_game_set_overlay. It draws in
 *        screen coordinates (the logical screen, when a logical size is set):
 *        the camera does not apply. An error it returns ends the frame
 *        unpresented and is returned by akgl_game_update.
 */
typedef akerr_ErrorContext *(*akgl_OverlayFunc)(struct akgl_Renderer *r, void *userdata);

/**
 * @brief Sets the overlay, replacing any other; NULL removes it. The game
 *        borrows @p userdata. akgl_game_quit removes it.
 * @param fn       The function to call each frame, or NULL for none.
 * @param userdata Passed to @p fn as it is (not looked at, not freed).
 * @return NULL; AKERR_BEHAVIOR when the game is not started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_game_set_overlay(akgl_OverlayFunc fn, void *userdata);

/**
 * @brief Draws the world as the frame does (the map's layers under the
 *        actors, every visible live actor in layer order, the layers over
 *        them) through the bound renderer's current camera: into a render
 *        target, through the camera given to akgl_render_target_begin, it
 *        makes a minimap or a snapshot of the view (akgl/image.h).
 *
 * Call it from the overlay, the app's draw callback, or between
 * akgl_render_target_begin and _end (also outside a frame); not from an
 * actor's renderfunc, while the frame is drawing the actors. The cost is
 * a draw of the world: once per frame for a live minimap, or once when the
 * picture is made. Allocates nothing.
 * @return NULL; AKERR_BEHAVIOR when the game is not started, no renderer
 *         is bound, outside a frame and a render target, or from an actor's
 *         renderfunc; the first error of a draw (a state with no sprite is
 *         not an error).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_game_draw_world(void);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_GAME_H */
