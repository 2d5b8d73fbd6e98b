/**
 * @file akgl/character.h
 * @brief Characters: the template an actor is an instance of.
 *
 * A character holds the top speeds, accelerations and frame dwell shared by
 * every actor of its kind, and the exact-match map from an actor state word
 * to the sprite drawn for it. See docs/11-characters.md.
 */
#ifndef AKGL_CHARACTER_H
#define AKGL_CHARACTER_H

#include <akerror.h>
#include <akgl/limits.h>
#include <akgl/sprite.h>

#include <SDL3/SDL.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct akgl_Character akgl_Character;

/** Binds @p sprite to the exact state word @p state. */
typedef akerr_ErrorContext *(*akgl_CharacterSpriteAddFunc)(akgl_Character *basechar,
                                                           akgl_Sprite *sprite, int state);
/** Looks up the sprite bound to the exact state word @p state. */
typedef akerr_ErrorContext *(*akgl_CharacterSpriteGetFunc)(akgl_Character *basechar, int state,
                                                           akgl_Sprite **dest);

/** @brief A reusable template: speeds, dwell time and the state-to-sprite map. */
struct akgl_Character
{
    int refcount;                              /**< Pool bookkeeping; 0 = free slot. */
    char name[AKGL_CHARACTER_MAX_NAME_LENGTH]; /**< Registry key in AKGL_REGISTRY_CHARACTER. */
    SDL_PropertiesID state_sprites;            /**< Decimal state word -> akgl_Sprite *. */
    float sx, sy, sz;                          /**< Top speed per axis. */
    float ax, ay, az;                          /**< Acceleration per axis. */
    uint64_t speedtime;                        /**< Nanoseconds a frame is held when the sprite's speed is 0. */
    akgl_CharacterSpriteAddFunc sprite_add;    /**< Bound to akgl_character_sprite_add. */
    akgl_CharacterSpriteGetFunc sprite_get;    /**< Bound to akgl_character_sprite_get. */
};

#ifdef __cplusplus
}
#endif

#endif /* AKGL_CHARACTER_H */
