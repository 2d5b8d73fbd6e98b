/**
 * @file akgl/sprite.h
 * @brief Spritesheets (one texture each) and sprites (one animation each).
 *
 * Layer: assets (docs/03-layers.md).
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
    int texture_w;                               /**< The texture's width in pixels. */
    int texture_h;                               /**< The texture's height in pixels. */
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
    /** Owned by akgl: each playlist entry's source rectangle on the sheet,
     *  computed when the sprite is loaded and again, on the next draw,
     *  whenever what it comes from changes (the frame number, the frame
     *  size, the sheet or its texture size), so a draw divides nothing. */
    SDL_FRect frame_src[AKGL_SPRITE_MAX_FRAMES];
    int16_t frame_src_cell[AKGL_SPRITE_MAX_FRAMES]; /**< The frame number each was computed for; -1: none. */
    int frame_src_w;                        /**< The frame width they were computed for. */
    int frame_src_h;                        /**< The frame height they were computed for. */
    int frame_src_tw;                       /**< The texture width they were computed for. */
    int frame_src_th;                       /**< The texture height they were computed for. */
    const akgl_SpriteSheet *frame_src_sheet; /**< The sheet they were computed for. */
    /** Frames are the rectangles of frame_rect, not cells of a width x height
     *  grid (an Aseprite sheet); frameids then holds 0..frames-1. */
    bool frame_rects;
    /** With frame_rects: some frame is trimmed (smaller than width x height,
     *  placed at its frame_trim offset); such a sprite is drawn through the
     *  backend's general path. */
    bool frame_trimmed;
    /** frame_ns holds each playlist entry's own dwell; speed is then 0 and
     *  unused. Uniform sprites leave it false and pay nothing for it. */
    bool frame_times;
    /** With frame_rects: each entry's rectangle on the sheet. Set by the
     *  loader: the precomputed source rectangles do not see a later change. */
    SDL_Rect frame_rect[AKGL_SPRITE_MAX_FRAMES];
    SDL_Point frame_trim[AKGL_SPRITE_MAX_FRAMES]; /**< With frame_rects: where that rectangle sits inside the width x height frame. */
    uint32_t frame_ns[AKGL_SPRITE_MAX_FRAMES];   /**< With frame_times: nanoseconds each entry is held (>= 1 ms). */
    /** Collision box relative to the frame's top-left (an Aseprite slice
     *  named "hitbox"); w or h 0: none, the frame is the box. An actor's own
     *  hitbox wins over it. */
    SDL_FRect hitbox;
} akgl_Sprite;

/**
 * @brief Loads the image @p filename as a texture on the bound renderer and
 *        registers the sheet under @p filename, verbatim.
 *
 * Unlike akgl_sprite_load_json, the name is not resolved: two spellings of
 * one file give two sheets here.
 * @param sheet    From akgl_heap_next_spritesheet (keeps its reference), or
 *                 any other sheet struct (gets refcount 1).
 * @param sprite_w Vestigial: accepted and discarded (the sprite's size is the grid).
 * @param sprite_h Vestigial: accepted and discarded.
 * @param filename The image (PNG); at most AKGL_SPRITESHEET_MAX_NAME_LENGTH-1 bytes.
 * @return NULL; AKERR_NULLPOINTER; AKERR_OUTOFBOUNDS for a name too long for
 *         the field; AKERR_BEHAVIOR when no renderer is bound; ENOENT (or
 *         another errno status) when the file cannot be found; AKERR_FORMAT
 *         when it is not a loadable image; AKERR_REGISTRY when another sheet
 *         holds the name; AKERR_KEY when the registry does not exist. On
 *         failure nothing is registered and no texture is kept.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_spritesheet_initialize(akgl_SpriteSheet *sheet, int sprite_w,
                                                               int sprite_h, const char *filename);

/**
 * @brief Zeroes @p spr, names it, cuts it from @p sheet (taking a reference
 *        on the sheet) and registers it in AKGL_REGISTRY_SPRITE.
 *
 * Everything else (size, frames, speed in nanoseconds, loop flags) is left at
 * zero for the caller to fill in.
 * @param spr   The sprite: a pool slot from akgl_heap_next_sprite (keeps its
 *              reference) or other storage.
 * @param name  Its name: the registry key.
 * @param sheet The sheet it is cut from; the sprite takes a reference on it.
 * @return NULL; AKERR_NULLPOINTER; AKERR_OUTOFBOUNDS for a name of
 *         AKGL_SPRITE_MAX_NAME_LENGTH bytes or more; AKERR_REGISTRY when
 *         another sprite holds the name; AKGL_ERR_HEAP when @p sheet is
 *         released (refcount 0) or @p spr is a pool slot never acquired;
 *         AKERR_KEY when the registry does not exist. On failure nothing is
 *         registered and the sheet's count is unchanged.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sprite_initialize(akgl_Sprite *spr, const char *name,
                                                          akgl_SpriteSheet *sheet);

/**
 * @brief Loads one sprite definition (see docs/10-sprites.md for the format).
 *
 * The sheet's filename is resolved against the working directory first, then
 * beside the JSON file; the resolved path is the sheet's registry key, so
 * every spelling of one image shares one sheet and one texture. The sprite
 * holds the reference its acquire took, on the game's behalf, until the game
 * releases it; the sheet belongs to the sprites cut from it.
 * @param filename The JSON file.
 * @return NULL, or the status of the first problem, with the file named:
 *         AKERR_KEY (a key is missing), AKERR_TYPE (a key has the wrong JSON
 *         type), AKERR_VALUE (width or height < 1, no frames),
 *         AKERR_OUTOFBOUNDS (speed outside 0..4294, more than 16 frames, a
 *         frame number outside 0..255, a path or name too long), ENOENT (the
 *         image is in neither place), AKERR_FORMAT (not JSON, or not an
 *         image), AKERR_REGISTRY (the name is taken), AKERR_BEHAVIOR (no
 *         renderer bound), AKGL_ERR_HEAP. A failed load releases everything
 *         it claimed.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sprite_load_json(const char *filename);

/**
 * @brief Loads the JSON data file Aseprite writes beside a sprite sheet
 *        (--format json-array or json-hash, --list-tags, --list-slices):
 *        every tag becomes a sprite, all cut from the one sheet.
 *
 * Each tag is registered as "<stem>/<tag>", the stem being the JSON file's
 * name without its directory and last extension ("art/hero.json" tag "walk"
 * is "hero/walk"); a file without tags gives one sprite named "<stem>" of
 * all its frames. Each frame keeps its own rectangle, its trim offset and
 * its duration; a tag's direction sets the playlist (reverse) and the loop
 * flags (pingpong); a slice named "hitbox" gives each tag's sprite its
 * collision box. The image (meta.image) resolves as a sprite file's sheet
 * does: the working directory first, then beside the JSON file. See
 * docs/10-sprites.md for every rule.
 * @param filename The JSON file.
 * @return NULL, or the status of the first problem, with the file and the
 *         JSON path named: AKERR_KEY (a key is missing), AKERR_TYPE (a key
 *         has the wrong JSON type), AKERR_VALUE (a rotated frame, a frame of
 *         another source size, a trim that does not fit, an unknown
 *         direction, a tag from > to, a sheet whose size is not meta.size),
 *         AKERR_OUTOFBOUNDS (a frame off the sheet, a duration outside
 *         1..4294 ms, more than AKGL_SPRITE_ASEPRITE_MAX_FRAMES frames or
 *         AKGL_SPRITE_ASEPRITE_MAX_TAGS tags, a tag of more than
 *         AKGL_SPRITE_MAX_FRAMES frames, a name too long), ENOENT (the image
 *         is in neither place), AKERR_FORMAT (not JSON, or not an image),
 *         AKERR_REGISTRY (a tag twice, or a name taken), AKERR_BEHAVIOR (no
 *         renderer bound), AKGL_ERR_HEAP. A failed load registers nothing
 *         and releases everything it claimed.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_sprite_load_aseprite(const char *filename);

/**
 * @brief The source rectangle on the sheet of the frame at playlist index
 *        @p frameid.
 *
 * Frame numbers count cells left to right, then top to bottom, on a grid of
 * the sprite's width x height; a sprite with frame_rects (an Aseprite sheet)
 * gives the entry's own rectangle instead.
 * @param sprite  The sprite.
 * @param frameid An index into its playlist.
 * @param dest    Gets the rectangle, in the texture's pixels.
 * @return NULL; AKERR_NULLPOINTER for a NULL sprite or dest, a sprite without
 *         a sheet or a sheet without a texture; AKERR_OUTOFBOUNDS for a
 *         frameid outside 0..frames-1, or a cell (or rectangle) that lies
 *         off the texture.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_spritesheet_coords_for_frame(akgl_Sprite *sprite, int frameid,
                                                                     SDL_FRect *dest);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_SPRITE_H */
