/**
 * @file akgl/physics.h
 * @brief The physics backend, and the arcade physics that comes with akgl.
 *
 * Layer: world (docs/03-layers.md).
 *
 * akgl_game_update calls game.physics->step with the game time since the
 * previous update, before it updates the actors; with no backend bound the
 * step is skipped.
 *
 * Arcade physics, units and rules (docs/14-physics.md):
 * - Positions are pixels, time is seconds: velocity px/s, acceleration and
 *   gravity px/s^2 (a character's speed_x/acceleration_x are in these units).
 *   Drag is a rate in 1/s: without other forces v' = -drag * v.
 * - The simulation advances in fixed steps of AKGL_PHYSICS_STEP_NS, however
 *   long a frame is; the remainder carries over. The same input therefore
 *   gives the same trajectory at 30, 60 or 144 updates per second.
 * - Each step, per actor (not immovable): its movementlogicfunc turns MOVING_*
 *   bits into intent (-1, 0, 1 per axis); intent times the acceleration
 *   accelerates it up to its top speed (sx, sy), never beyond, and never
 *   slows it if it is already faster; gravity is added (not capped); drag
 *   applied (after the cap, so with drag a body holding a direction settles
 *   a little below its top speed); then it moves, x first, then y.
 * - Movement is swept against the solid tiles: every column (row) the box's
 *   leading edge crosses is checked, so no speed tunnels through a wall, and
 *   a box resting exactly on a row of tiles does not count that row when it
 *   moves sideways, so it slides over seams. A blocked axis stops (its
 *   velocity becomes 0), is placed exactly against the tile, and sets the
 *   AKGL_PHYSICS_TOUCH_* bit.
 * - One-way floors (AKGL_CELL_ONE_WAY) hold a box falling onto them;
 *   slopes (AKGL_CELL_SLOPE) hold the middle of its bottom edge and keep a
 *   walker on them going down; platforms (akgl_physics_set_platforms) move
 *   on the step count, carry riders, and if solid push and block. Their
 *   pushes are swept against the tiles: an actor the tiles stop before it
 *   is clear of the platform is crushed (AKGL_PHYSICS_TOUCH_CRUSHED)
 *   (docs/14-physics.md, "One-way floors, slopes and platforms").
 * - The intent (movementlogicfunc) and the box are found once per update,
 *   before that actor's steps, not on every step; the update pass of the
 *   same akgl_game_update then does not run that actor's movementlogicfunc
 *   again (docs/12-actors.md): it runs once per update.
 * - After an update that ran at least one step, every pair of actors whose
 *   boxes overlap (share area: touching edges do not) and whose collision
 *   layers ask for it ((a.collision_mask & b.collision_layers) ||
 *   (b.collision_mask & a.collision_layers)) is reported once, the one
 *   earlier in the actor pool first: to on_overlap, then to a's overlapfunc
 *   if a's mask takes b's layers, then to b's if b's mask takes a's. A
 *   uniform grid finds the pairs (docs/14-physics.md); their order is its
 *   own, the same for the same scene, not pool order. A hook or
 *   callback may release or spawn actors: a released actor is not reported
 *   again. Its error ends the step and is returned (by akgl_game_update too).
 */
#ifndef AKGL_PHYSICS_H
#define AKGL_PHYSICS_H

#include <akerror.h>
#include <akgl/actor.h>
#include <akgl/limits.h>
#include <akgl/tilemap.h>

#include <SDL3/SDL.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The fixed step: 4 ms (250 steps a second), an exact number of nanoseconds. */
#define AKGL_PHYSICS_STEP_NS (4 * AKGL_TIME_ONEMS_NS)
/** Steps one update may run; a longer stall drops the rest (no spiral of death):
 *  the world then advances 64 * 4 ms = 256 ms, however long the stall was. */
#define AKGL_PHYSICS_MAX_STEPS 64
/** Platforms one physics holds (akgl_physics_set_platforms): every actor with a
 *  box looks at each of them every step, so they are few. */
#define AKGL_PHYSICS_MAX_PLATFORMS 64

/** @name Sides a solid tile stopped an actor on, and whether it was crushed
 *  (akgl_Actor::touching)
 *  @{ */
#define AKGL_PHYSICS_TOUCH_LEFT   (1 << 0) /**< Stopped moving left. */
#define AKGL_PHYSICS_TOUCH_RIGHT  (1 << 1) /**< Stopped moving right. */
#define AKGL_PHYSICS_TOUCH_TOP    (1 << 2) /**< Stopped moving up (a ceiling). */
#define AKGL_PHYSICS_TOUCH_BOTTOM (1 << 3) /**< Stopped moving down (standing on ground). */
/** Squeezed: a platform pushed it and the tiles stopped it before it was
 *  clear of the platform. Set for the whole update any of whose steps
 *  crushed it (the sides describe the last step), so no squeeze is missed
 *  at any frame rate. */
#define AKGL_PHYSICS_TOUCH_CRUSHED (1 << 4)
/** @} */

/** @brief A physics backend: see struct akgl_Physics. */
typedef struct akgl_Physics akgl_Physics;

/** Advances the simulation by @p elapsed_ns of game time. */
typedef akerr_ErrorContext *(*akgl_PhysicsStepFunc)(akgl_Physics *p, uint64_t elapsed_ns);
/** Told about two actors whose boxes overlap (each pair once per update); it may
 *  release either, or any actor. */
typedef akerr_ErrorContext *(*akgl_PhysicsOverlapFunc)(akgl_Physics *p, akgl_Actor *a,
                                                       akgl_Actor *b, void *userdata);

/* akgl_SolidGrid, the solid tiles, is in <akgl/tilemap.h>: maps make it. */

/** @brief A physics backend. The arcade fields are the arcade backend's state. */
struct akgl_Physics
{
    akgl_PhysicsStepFunc step;          /**< One update's worth of simulation. */
    void *userdata;                     /**< A backend's own state (unused by arcade). */
    /**@{*/
    float gravity_x, gravity_y, gravity_z; /**< px/s^2, from physics.gravity.x|y|z. */
    /**@}*/
    /**@{*/
    float drag_x, drag_y, drag_z;       /**< 1/s, from physics.drag.x|y|z. */
    /**@}*/
    uint64_t accumulator_ns;            /**< Time not yet simulated (< one step). */
    uint64_t steps;                     /**< Fixed steps run so far. */
    akgl_SolidGrid grid;                /**< Solid tiles (cells NULL: none). */
    akgl_PhysicsOverlapFunc on_overlap; /**< Actor-actor overlap hook, or NULL. */
    void *overlap_userdata;             /**< Passed to on_overlap. */
    const akgl_Platform *platforms;     /**< Platforms (akgl_physics_set_platforms; borrowed), or NULL. */
    int nplatforms;                     /**< Entries in platforms. */
    bool grid_slopes;                   /**< Internal: the grid held slope cells when it was set. */
};

/**
 * @brief Makes @p p the arcade backend and the game's physics (game.physics).
 *
 * Gravity and drag come from the properties physics.gravity.x|y|z and
 * physics.drag.x|y|z (each default 0). Everything else is reset: the step
 * counters, the solid grid, the platforms and the overlap hook, so set those
 * afterwards.
 * On failure neither @p p nor game.physics changes.
 * @param p The backend's storage (the caller's; it must outlive its use as
 *          game.physics).
 * @return NULL; AKERR_NULLPOINTER; AKERR_FORMAT naming a property whose value
 *         is not a finite number (inf and nan included); AKERR_OUTOFBOUNDS
 *         naming one too large for a float (beyond FLT_MAX); AKERR_VALUE
 *         naming a negative drag; AKERR_KEY when the properties registry does
 *         not exist.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_physics_init_arcade(akgl_Physics *p);

/**
 * @brief Sets the solid tiles actors collide with (copied; the cells are
 *        borrowed), or removes them with NULL.
 * @param p    The backend.
 * @param grid The grid (copied; its cells stay the caller's), or NULL.
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE for an empty grid, a cell size
 *         below 1 or not finite, an origin that is not finite, or a chunked
 *         grid (nchunks > 0) that breaks one of akgl_SolidGrid's promises
 *         (chunks of at least 1x1, sorted by row then col, none twice, each
 *         on a multiple of the chunk size inside cols x rows, with cells),
 *         naming the chunk. On failure the grid set before stays.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_physics_set_solid_grid(akgl_Physics *p,
                                                               const akgl_SolidGrid *grid);

/**
 * @brief The actor's collision box in world pixels: its hitbox, else its
 *        current sprite's (an Aseprite "hitbox" slice), else its current
 *        frame.
 * @param actor The actor.
 * @param dest  Gets the box.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY when it has neither (then it
 *         moves without colliding).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_physics_actor_box(akgl_Actor *actor, SDL_FRect *dest);

/**
 * @brief Sets the platforms actors stand on and are blocked by (the array
 *        is borrowed, not copied), or removes them with NULL / 0.
 *
 * Each platform's place is a function of the physics' step count
 * (akgl_Platform), so they move on the fixed step and are the same at any
 * frame rate. akgl_game_set_tilemap sets a map's "platform" objects here.
 * @param p         The backend.
 * @param platforms The platforms (kept alive by the caller, as long as they
 *                  are set), or NULL with @p n 0.
 * @param n         How many (0..AKGL_PHYSICS_MAX_PLATFORMS).
 * @return NULL; AKERR_NULLPOINTER for a NULL @p p, or NULL @p platforms with
 *         @p n above 0; AKERR_OUTOFBOUNDS for @p n negative or above
 *         AKGL_PHYSICS_MAX_PLATFORMS; AKERR_VALUE naming the platform whose
 *         position, path or size is not finite or whose size is below 1.
 *         On failure the platforms set before stay.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_physics_set_platforms(akgl_Physics *p,
                                                              const akgl_Platform *platforms,
                                                              int n);

/**
 * @brief Where platform @p i is now (after the steps run so far), to draw it.
 * @param p    The backend.
 * @param i    The platform (0..nplatforms - 1).
 * @param dest Gets its box in world pixels.
 * @return NULL; AKERR_NULLPOINTER; AKERR_OUTOFBOUNDS naming @p i and the
 *         count when there is no such platform.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_physics_platform_box(const akgl_Physics *p, int i,
                                                             SDL_FRect *dest);

/**
 * @brief Lets @p actor fall through the one-way floors it stands on.
 *
 * From the next step, the one-way floor its box's bottom is on and the
 * one-way platform it stands on do not hold it up; one-way floors below them
 * do. The request ends when something stops the actor's fall
 * (AKGL_PHYSICS_TOUCH_BOTTOM) or it moves up. What a controller calls for
 * "down + jump".
 * @param actor The actor.
 * @return NULL; AKERR_NULLPOINTER; AKERR_KEY when it has no box (no
 *         hitbox, no sprite for its state): then nothing is changed.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_physics_drop_through(akgl_Actor *actor);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_PHYSICS_H */
