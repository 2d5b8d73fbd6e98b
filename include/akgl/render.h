/**
 * @file akgl/render.h
 * @brief The render backend: a struct of function pointers over an SDL renderer.
 *
 * A game calls through the pointers (r->frame_start(r), ...), so a second
 * backend can replace the 2D one without the game changing. The 2D backend
 * comes from akgl_render_2d_init (which makes the window and renderer) or
 * akgl_render_2d_bind (which uses an SDL_Renderer the game already has).
 * Either makes it the game's renderer (game.renderer), which loading a
 * spritesheet needs: a sheet is uploaded as a texture on it.
 *
 * Headless (SDL_VIDEO_DRIVER=offscreen or dummy, the software renderer),
 * everything draws and SDL_RenderReadPixels reads it back.
 */
#ifndef AKGL_RENDER_H
#define AKGL_RENDER_H

#include <akerror.h>
#include <akgl/camera.h>
#include <akgl/sprite.h>

#include <SDL3/SDL.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A render backend: see struct akgl_Renderer. */
typedef struct akgl_Renderer akgl_Renderer;

/** Starts or ends a frame on @p r. */
typedef akerr_ErrorContext *(*akgl_RenderFrameFunc)(akgl_Renderer *r);
/** Releases what the backend made (window, renderer) and unbinds it. */
typedef akerr_ErrorContext *(*akgl_RenderShutdownFunc)(akgl_Renderer *r);
/**
 * Draws frame @p frameid of @p sprite with its top-left at world (@p x, @p y),
 * offset by the camera and skipped (counted as culled) when wholly outside it.
 */
typedef akerr_ErrorContext *(*akgl_RenderSpriteFunc)(akgl_Renderer *r, akgl_Sprite *sprite,
                                                     int frameid, float x, float y,
                                                     SDL_FlipMode flip);

/**
 * @brief One tile for akgl_RenderTileFunc: a region of a sheet, where it
 *        lands on the screen, and how it is flipped, turned and modulated.
 */
typedef struct akgl_RenderTile
{
    akgl_SpriteSheet *sheet; /**< The sheet the tile is on (its texture is drawn). */
    SDL_FRect src;           /**< The tile's region on the sheet, in texture pixels. */
    /**
     * Where the tile lands, in screen pixels, once flipped: with
     * AKGL_TILE_FLIP_D the region is transposed, so a w x h source lands in
     * an h x w rectangle. Scaled when its size differs from the source's.
     */
    SDL_FRect dst;
    uint32_t flips;          /**< AKGL_TILE_FLIP_D / _H / _V bits (akgl/tilemap.h): diagonal
                                  (transpose) first, then horizontal, then vertical. */
    float angle;             /**< Degrees clockwise about @p pivot, after the flips (0: none). */
    SDL_FPoint pivot;        /**< Screen point the rotation turns about (unused at angle 0). */
    SDL_Color color;         /**< Colour and alpha modulation (opaque white: none). */
} akgl_RenderTile;

/**
 * Draws one tile in screen space (the caller has applied the camera and
 * culled). The texture's colour and alpha modulation are restored after the
 * draw. Counted in stats.submitted.
 */
typedef akerr_ErrorContext *(*akgl_RenderTileFunc)(akgl_Renderer *r, const akgl_RenderTile *tile);

/** @brief What a backend drew: for tests and benchmarks. Reset it at will. */
typedef struct akgl_RenderStats
{
    uint64_t submitted; /**< Draw calls handed to SDL. */
    uint64_t culled;    /**< Draws skipped as wholly outside the camera. */
} akgl_RenderStats;

/** @brief A render backend. */
struct akgl_Renderer
{
    SDL_Window *window;              /**< The window, or NULL when bound to a windowless renderer. */
    SDL_Renderer *sdl_renderer;      /**< The SDL renderer everything draws with. */
    akgl_Camera *camera;             /**< The camera draws are offset by; NULL for none. */
    akgl_Camera own_camera;          /**< The camera init/bind make (camera points here). */
    bool owns_sdl;                   /**< The backend made window/renderer and destroys them. */
    SDL_Color clear_color;           /**< What frame_start clears to (default opaque black). */
    akgl_RenderStats stats;          /**< Counts of draws submitted and culled. */
    akgl_RenderFrameFunc frame_start;   /**< Clears the target. */
    akgl_RenderFrameFunc frame_end;     /**< Presents the frame. */
    akgl_RenderSpriteFunc draw_sprite;  /**< Draws one sprite frame in world space. */
    akgl_RenderTileFunc draw_tile;      /**< Draws one map tile in screen space. */
    akgl_RenderShutdownFunc shutdown;   /**< Undoes init/bind (and stops the camera following). */
};

/**
 * @brief Makes a window and an SDL renderer for the game and binds them.
 *
 * The window is `game.screenwidth` x `game.screenheight` pixels (properties,
 * both required) titled with game.name. SDL's video subsystem is started if
 * it is not. The renderer driver follows SDL (SDL_RENDER_DRIVER may pick
 * "software"). Under the offscreen or dummy video driver the hint
 * SDL_HINT_FRAMEBUFFER_ACCELERATION is set to "0" first, so SDL does not
 * load a GL stack for a window nobody sees.
 * @param r A zeroed or shut-down backend struct; it becomes game.renderer,
 *          and its camera (at 0, 0, the size of the screen) game.camera.
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR when @p r is bound
 *         already; AKERR_KEY naming a missing screen-size property;
 *         AKERR_FORMAT/AKERR_OUTOFBOUNDS for a size that is not a number in
 *         1..16384 (the message names the property); AKERR_API with SDL's
 *         error when SDL fails (nothing is left half-made).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_2d_init(akgl_Renderer *r);

/**
 * @brief Binds an SDL renderer the game already has (and its window, if any).
 *        The game keeps ownership: shutdown does not destroy it. The camera
 *        takes the properties' screen size, or the renderer's output size
 *        when those are unset.
 * @param r        The backend's storage (the caller's).
 * @param existing The SDL renderer; it stays the caller's.
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR when @p r is bound already.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_2d_bind(akgl_Renderer *r, SDL_Renderer *existing);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_RENDER_H */
