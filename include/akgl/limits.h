/**
 * @file akgl/limits.h
 * @brief Every compile-time limit of akgl in one place.
 *
 * The AKGL_MAX_HEAP_* values are the default capacities of the pools (see
 * akgl/heap.h), which a game chooses when it starts
 * (akgl_game_init_with_config), and their floors: a pool never has fewer
 * slots. A program built with a larger value gets at least that many slots,
 * so its own loops over akgl_heap_actors[0 .. AKGL_MAX_HEAP_ACTOR-1] stay
 * inside the pool.
 */
#ifndef AKGL_LIMITS_H
#define AKGL_LIMITS_H

#include <limits.h>
#include <stdint.h>

/** @name Pool default capacities (and floors)
 *  @{ */
#ifndef AKGL_MAX_HEAP_ACTOR
#define AKGL_MAX_HEAP_ACTOR 64
#endif
#ifndef AKGL_MAX_HEAP_SPRITE
#define AKGL_MAX_HEAP_SPRITE 1024 /* no longer 16 per actor: a big game raises actors alone */
#endif
#ifndef AKGL_MAX_HEAP_SPRITESHEET
#define AKGL_MAX_HEAP_SPRITESHEET 1024
#endif
#ifndef AKGL_MAX_HEAP_CHARACTER
#define AKGL_MAX_HEAP_CHARACTER 256
#endif
#ifndef AKGL_MAX_HEAP_STRING
#define AKGL_MAX_HEAP_STRING 256
#endif
#ifndef AKGL_MAX_HEAP_TILEMAP
#define AKGL_MAX_HEAP_TILEMAP 16
#endif
#ifndef AKGL_MAX_HEAP_FONT
#define AKGL_MAX_HEAP_FONT 16
#endif
#ifndef AKGL_MAX_HEAP_SOUND
#define AKGL_MAX_HEAP_SOUND 128
#endif
/** @} */

/** @name Field capacities (terminator included)
 *  @{ */
/** akgl_String::data: Linux's PATH_MAX. A fixed number, not PATH_MAX itself,
 *  whose visibility depends on each file's feature macros: one program could
 *  otherwise see two sizes of akgl_String. */
#define AKGL_MAX_STRING_LENGTH 4096
#define AKGL_ACTOR_MAX_NAME_LENGTH 128        /**< akgl_Actor::name */
#define AKGL_SPRITE_MAX_NAME_LENGTH 128       /**< akgl_Sprite::name */
#define AKGL_SPRITESHEET_MAX_NAME_LENGTH 512  /**< akgl_SpriteSheet::name (a resolved path) */
#define AKGL_CHARACTER_MAX_NAME_LENGTH 128    /**< akgl_Character::name */
#define AKGL_GAME_MAX_NAME_LENGTH 256         /**< akgl_Game::name */
#define AKGL_GAME_MAX_VERSION_LENGTH 32       /**< akgl_Game::version */
#define AKGL_GAME_MAX_URI_LENGTH 256          /**< akgl_Game::uri */
/** @} */

/** @name Other limits
 *  @{ */
#define AKGL_SPRITE_MAX_FRAMES 16     /**< Frames in one sprite's playlist. */
#define AKGL_SPRITE_MAX_FRAME_NUMBER 255 /**< Largest frame number (a cell on the sheet). */
#define AKGL_ACTOR_MAX_CHILDREN 8     /**< Children one actor can carry. */
#define AKGL_ACTOR_MAX_STATES 32      /**< Bits in the actor state word. */
/** Distinct states per actor remembered as "no sprite, logged already". */
#define AKGL_ACTOR_MISSING_SPRITE_MEMORY 4
/** Cameras and controllers holding an actor at one time (akgl_camera_follow,
 *  akgl_controller_set_actor), so a level change can make them let go. */
#define AKGL_MAX_ACTOR_HOLDS 256
/** @} */

/** @name Time
 *  @{ */
/** Nanoseconds in one millisecond: the game clock counts nanoseconds. */
#define AKGL_TIME_ONEMS_NS UINT64_C(1000000)
/** The largest sprite speed in milliseconds: speed is a uint32_t of nanoseconds. */
#define AKGL_SPRITE_MAX_SPEED_MS (UINT32_MAX / AKGL_TIME_ONEMS_NS)
/** @} */

#endif /* AKGL_LIMITS_H */
