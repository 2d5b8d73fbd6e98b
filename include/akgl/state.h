/**
 * @file akgl/state.h
 * @brief The actor state word's bits.
 *
 * Layer: memory (docs/03-layers.md). A header of its own
 * because the registries name the bits and characters map state words to
 * sprites (and resolve fallbacks over these bits) below the actors in the
 * library's layering: neither may include actor.h.
 * Bits, from bit 0, in this order (ALIVE|FACE_LEFT|MOVING_LEFT == 146):
 * FACE_DOWN, FACE_LEFT, FACE_RIGHT, FACE_UP, ALIVE, DYING, DEAD, MOVING_LEFT,
 * MOVING_RIGHT, MOVING_UP, MOVING_DOWN, MOVING_IN, MOVING_OUT. Bits 13..31 are
 * the game's own (a jump, a swim...).
 */
#ifndef AKGL_STATE_H
#define AKGL_STATE_H

#include <akgl/limits.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name State bits
 *  @{ */
#define AKGL_ACTOR_STATE_FACE_DOWN    (1 << 0) /**< Facing the camera. */
#define AKGL_ACTOR_STATE_FACE_LEFT    (1 << 1) /**< Facing left. */
#define AKGL_ACTOR_STATE_FACE_RIGHT   (1 << 2) /**< Facing right. */
#define AKGL_ACTOR_STATE_FACE_UP      (1 << 3) /**< Facing away from the camera. */
#define AKGL_ACTOR_STATE_ALIVE        (1 << 4) /**< Alive. */
#define AKGL_ACTOR_STATE_DYING        (1 << 5) /**< Dying (hurt, on the way out). */
#define AKGL_ACTOR_STATE_DEAD         (1 << 6) /**< Dead: never drawn with a living pose. */
#define AKGL_ACTOR_STATE_MOVING_LEFT  (1 << 7) /**< Moving left. */
#define AKGL_ACTOR_STATE_MOVING_RIGHT (1 << 8) /**< Moving right. */
#define AKGL_ACTOR_STATE_MOVING_UP    (1 << 9) /**< Moving up. */
#define AKGL_ACTOR_STATE_MOVING_DOWN  (1 << 10) /**< Moving down. */
#define AKGL_ACTOR_STATE_MOVING_IN    (1 << 11) /**< Moving into the screen (z). */
#define AKGL_ACTOR_STATE_MOVING_OUT   (1 << 12) /**< Moving out of the screen (z). */
/** Every facing bit. */
#define AKGL_ACTOR_STATE_FACE_ALL \
    (AKGL_ACTOR_STATE_FACE_DOWN | AKGL_ACTOR_STATE_FACE_LEFT | AKGL_ACTOR_STATE_FACE_RIGHT | \
     AKGL_ACTOR_STATE_FACE_UP)
/** Every movement bit. */
#define AKGL_ACTOR_STATE_MOVING_ALL \
    (AKGL_ACTOR_STATE_MOVING_LEFT | AKGL_ACTOR_STATE_MOVING_RIGHT | AKGL_ACTOR_STATE_MOVING_UP | \
     AKGL_ACTOR_STATE_MOVING_DOWN | AKGL_ACTOR_STATE_MOVING_IN | AKGL_ACTOR_STATE_MOVING_OUT)
/** @} */

/**
 * @brief The name of every state bit: entry i names bit 1 << i, with the
 * AKGL_ACTOR_STATE_ prefix ("AKGL_ACTOR_STATE_ALIVE"); bits 13..31 are
 * "AKGL_ACTOR_STATE_UNDEFINED_13" .. "_31". Character JSON uses these names.
 */
extern const char *const AKGL_ACTOR_STATE_STRING_NAMES[AKGL_ACTOR_MAX_STATES];

#ifdef __cplusplus
}
#endif

#endif /* AKGL_STATE_H */
