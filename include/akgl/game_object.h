/**
 * @file akgl/game_object.h
 * @brief The game object: the program's identity and the places where each
 *        part binds what it owns (the renderer, the camera, the physics
 *        backend, the current map).
 *
 * Layer: memory (docs/03-layers.md). Every layer above may
 * read `game`, so it sits below all of them; it names the bound objects by
 * pointer to their struct alone, so it knows none of their headers.
 * akgl/game.h includes this header: a program reaches `game` through either.
 *
 * Each field has one writer, the part that owns it: the renderer is bound
 * by the render backend (akgl_render_2d_init, akgl_render_2d_bind), the
 * camera with it, the physics backend by akgl_physics_init_arcade, the map
 * by the level (akgl_game_set_tilemap), the update stamp and the frame's time
 * step by the frame loop (akgl_game_update, akgl_game_frame_time), the lock
 * by akgl_game_init and akgl_game_quit. A game
 * may set a binding itself (game.physics = NULL skips the physics step).
 */
#ifndef AKGL_GAME_OBJECT_H
#define AKGL_GAME_OBJECT_H

#include <akgl/limits.h>

#include <SDL3/SDL.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct akgl_Renderer;
struct akgl_Physics;
struct akgl_Camera;
struct akgl_Tilemap;

/** @brief The one game: its identity, the state lock and what is bound to it. */
typedef struct akgl_Game
{
    char name[AKGL_GAME_MAX_NAME_LENGTH];       /**< Used as the window title. */
    char version[AKGL_GAME_MAX_VERSION_LENGTH]; /**< The game's own version. */
    char uri[AKGL_GAME_MAX_URI_LENGTH];         /**< The game's identifier (reverse DNS or URL). */
    SDL_Mutex *state_lock;                      /**< Held by whoever changes pools or registries. */
    struct akgl_Renderer *renderer;             /**< The bound renderer, or NULL. */
    struct akgl_Physics *physics;               /**< The physics backend, or NULL (no physics step). */
    struct akgl_Camera *camera;                 /**< The camera draws are offset by, or NULL. */
    struct akgl_Tilemap *tilemap;               /**< The current map, or NULL. */
    uint64_t last_update_ns;                    /**< Game time of the previous akgl_game_update. */
    bool updated;                               /**< akgl_game_update has run (last_update_ns is set). */
    /** The game time the frame in progress covers, in nanoseconds: as
     *  akgl_game_frame_time gives it (0 on the first frame, at most
     *  AKGL_GAME_MAX_FRAME_NS). Set when the frame takes its time (its first
     *  akgl_game_frame_time, or akgl_game_update); read it from the game's
     *  hooks and the overlay. Before a frame takes its time, it is the
     *  previous frame's. */
    uint64_t dt_ns;
    /** @ref dt_ns in seconds: what x += vx * game.dt moves by. */
    float dt;
} akgl_Game;

/** The game. */
extern akgl_Game game;

#ifdef __cplusplus
}
#endif

#endif /* AKGL_GAME_OBJECT_H */
