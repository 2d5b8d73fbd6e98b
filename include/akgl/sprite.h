/**
 * @file akgl/sprite.h
 * @brief Spritesheets (one texture each) and sprites (one animation each).
 *
 * A sheet owns one SDL_Texture. A sprite is a frame size, a playlist of
 * frame numbers, a dwell time and two loop flags, cut from one sheet, on
 * which it holds a reference. See docs/10-sprites.md.
 */
#ifndef AKGL_SPRITE_H
#define AKGL_SPRITE_H

#include <akerror.h>
#include <akgl/limits.h>

#include <SDL3/SDL.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief One image uploaded as one texture, shared by every sprite cut from it. */
typedef struct akgl_SpriteSheet
{
    int refcount;                                /**< Pool bookkeeping; 0 = free slot. */
    char name[AKGL_SPRITESHEET_MAX_NAME_LENGTH]; /**< Registry key: the image's resolved path. */
    SDL_Texture *texture;                        /**< The uploaded image; destroyed at release. */
    int sprite_w;                                /**< Vestigial: kept for the seed's ABI, unused. */
    int sprite_h;                                /**< Vestigial: kept for the seed's ABI, unused. */
} akgl_SpriteSheet;

/** @brief One animation: a playlist of cells on one sheet. */
typedef struct akgl_Sprite
{
    int refcount;                           /**< Pool bookkeeping; 0 = free slot. */
    char name[AKGL_SPRITE_MAX_NAME_LENGTH]; /**< Registry key in AKGL_REGISTRY_SPRITE. */
    akgl_SpriteSheet *sheet;                /**< The sheet; the sprite holds a reference on it. */
    int width;                              /**< Frame width in pixels, and the horizontal stride. */
    int height;                             /**< Frame height in pixels, and the vertical stride. */
    int frames;                             /**< Entries used in frameids. */
    uint8_t frameids[AKGL_SPRITE_MAX_FRAMES]; /**< Frame numbers (cells), in playback order. */
    uint32_t speed;                         /**< Nanoseconds each frame is held. */
    bool loop;                              /**< Restart at the end instead of holding the last frame. */
    bool loopReverse;                       /**< With loop: walk back down (ping-pong). */
} akgl_Sprite;

#ifdef __cplusplus
}
#endif

#endif /* AKGL_SPRITE_H */
