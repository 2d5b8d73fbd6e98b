/**
 * @file akgl/render.h
 * @brief The render backend: a struct of function pointers over an SDL renderer.
 *
 * Layer: backend. This header names sprites, sheets and actors only by
 * their struct tags, so it includes nothing above the backend; a program
 * that draws sprites includes akgl/sprite.h as well (akgl/akgl.h has all).
 *
 * A game calls through the pointers (r->frame_start(r), ...), so a second
 * backend can replace the 2D one without the game changing. The 2D backend
 * comes from akgl_render_2d_init (which makes the window and renderer) or
 * akgl_render_2d_bind (which uses an SDL_Renderer the game already has).
 * Either makes it the game's renderer (game.renderer), which loading a
 * spritesheet needs: a sheet is uploaded as a texture on it.
 *
 * The camera's type is defined here, not in akgl/camera.h: a renderer holds
 * its own camera by value and draws through its rectangle, so the view is
 * part of the backend. What moves a camera (following an actor, bounds)
 * belongs to the world and stays in akgl/camera.h.
 *
 * Headless (SDL_VIDEO_DRIVER=offscreen or dummy, the software renderer),
 * everything draws and SDL_RenderReadPixels reads it back.
 */
#ifndef AKGL_RENDER_H
#define AKGL_RENDER_H

#include <akerror.h>
#include <akgl/limits.h>

#include <SDL3/SDL.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Defined in akgl/sprite.h and akgl/actor.h (layers above this one). */
struct akgl_Sprite;
struct akgl_SpriteSheet;
struct akgl_Actor;
/* Defined in akgl/image.h (a render target is an image). */
struct akgl_Image;

/** @brief A render backend: see struct akgl_Renderer. */
typedef struct akgl_Renderer akgl_Renderer;

/**
 * @brief The hint (or environment variable) choosing how sprites and map
 *        tiles are submitted: "1" in batches (SDL_RenderGeometry), "0" one
 *        SDL draw each (SDL_RenderTexture), "auto" or unset: batches on
 *        every renderer but SDL's software one, whose blit is faster than
 *        its triangles. Read by akgl_render_2d_init and _bind
 *        (akgl_Renderer::batch).
 */
#define AKGL_HINT_RENDER_BATCH "AKGL_RENDER_BATCH"

/**
 * @brief A view onto the world: the rectangle a renderer draws through
 *        (akgl/camera.h moves it).
 *
 * At zoom 1 and rotation 0 the view is the world rectangle x, y, w, h.
 * Zoom and rotation act about the view's centre, the world point
 * (x + w/2, y + h/2), which stays in the middle of the screen: a world point
 * p lands on the screen at R(rotation) * zoom * (p - centre) + (w/2, h/2) +
 * (shake_x, shake_y). A zeroed camera has zoom 0, which is taken as 1, so a
 * camera made before zoom existed draws as it always did.
 */
typedef struct akgl_Camera
{
    /**@{*/
    float x, y;          /**< World position of the view's top-left corner at zoom 1,
                              rotation 0 (the centre is x + w/2, y + h/2 at any zoom). */
    /**@}*/
    /**@{*/
    float w, h;          /**< Size of the view in pixels (the screen's). */
    /**@}*/
    struct akgl_Actor *follow; /**< Followed actor (a reference is held), or NULL. */
    float deadzone_w;    /**< Dead zone width, screen pixels; 0 keeps the actor exactly centred. */
    float deadzone_h;    /**< Dead zone height, screen pixels; 0 keeps the actor exactly centred. */
    bool bounded;        /**< Clamp the view inside bounds. */
    SDL_FRect bounds;    /**< World rectangle the view stays inside. */
    /** Magnification: screen pixels per world pixel (> 1 magnifies; 0 is
     *  taken as 1). Set with akgl_camera_set_zoom (AKGL_CAMERA_MIN_ZOOM ..
     *  AKGL_CAMERA_MAX_ZOOM). */
    float zoom;
    /** Degrees the world turns clockwise on the screen about the view's
     *  centre; 0..360. Set with akgl_camera_set_rotation. */
    float rotation;
    /**@{*/
    float shake_x, shake_y; /**< The shake's offset this frame, whole screen pixels
                                 (akgl_camera_update sets it; 0 when not shaking). */
    /**@}*/
    float shake_amplitude;  /**< Screen pixels at the shake's start; 0 when not shaking. */
    uint64_t shake_start_ns;    /**< Game time (akgl_time_now) the shake started. */
    uint64_t shake_duration_ns; /**< How long it lasts, nanoseconds of game time. */
} akgl_Camera;

/** @brief An SDL renderer's logical presentation (SDL_GetRenderLogicalPresentation). */
typedef struct akgl_RenderLogical
{
    int w;                                /**< The logical width (0 when disabled). */
    int h;                                /**< The logical height (0 when disabled). */
    SDL_RendererLogicalPresentation mode; /**< How it fits the output. */
} akgl_RenderLogical;

/** Starts or ends a frame on @p r. */
typedef akerr_ErrorContext *(*akgl_RenderFrameFunc)(akgl_Renderer *r);
/** Releases what the backend made (window, renderer), or gives a bound
 *  renderer its logical presentation back, and unbinds it. */
typedef akerr_ErrorContext *(*akgl_RenderShutdownFunc)(akgl_Renderer *r);
/**
 * Draws frame @p frameid of @p sprite with its top-left at world (@p x, @p y),
 * offset by the camera and skipped (counted as culled) when wholly outside it.
 */
typedef akerr_ErrorContext *(*akgl_RenderSpriteFunc)(akgl_Renderer *r,
                                                     struct akgl_Sprite *sprite, int frameid,
                                                     float x, float y, SDL_FlipMode flip);

/**
 * @brief One tile for akgl_RenderTileFunc: a region of a sheet, where it
 *        lands on the screen, and how it is flipped, turned and modulated.
 */
typedef struct akgl_RenderTile
{
    struct akgl_SpriteSheet *sheet; /**< The sheet the tile is on (its texture is drawn). */
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

/**
 * @brief How a sprite frame is transformed when it is drawn (draw_sprite_ex).
 *
 * Start from AKGL_DRAW_PARAMS_DEFAULT (a zeroed struct has scale 0 and draws
 * nothing visible). The pivot is a point of the frame given as a fraction of
 * its size, (0.5, 0.5) being its centre: scaling and rotation both keep the
 * pivot where it was on the unscaled frame, so with the default pivot a
 * scaled or rotated frame stays centred where the plain one was.
 */
typedef struct akgl_DrawParams
{
    float scale_x;            /**< Width over the frame's own (1); 0..AKGL_RENDER_MAX_SCALE, finite. */
    float scale_y;            /**< Height over the frame's own (1); 0..AKGL_RENDER_MAX_SCALE, finite. */
    float rotation;           /**< Degrees, clockwise on the screen, about the pivot; finite. */
    float pivot_x;            /**< The pivot's x as a fraction of the frame's width (0.5: centre); finite. */
    float pivot_y;            /**< The pivot's y as a fraction of the frame's height (0.5: centre); finite. */
    SDL_Color tint;           /**< Multiplies the frame's colours; tint.a is its opacity. */
    SDL_FlipMode flip;        /**< Mirrors the frame in place, before the rotation. */
} akgl_DrawParams;

/** The plain case: own size, no rotation, centre pivot, opaque white tint, no flip. */
#define AKGL_DRAW_PARAMS_DEFAULT \
    ((akgl_DrawParams){1.0f, 1.0f, 0.0f, 0.5f, 0.5f, {255, 255, 255, 255}, SDL_FLIP_NONE})

/**
 * Draws frame @p frameid of @p sprite, transformed by @p params (NULL: the
 * plain case), its unscaled top-left at world (@p x, @p y). Culled by the
 * camera against the transformed frame's bounding box.
 */
typedef akerr_ErrorContext *(*akgl_RenderSpriteExFunc)(akgl_Renderer *r,
                                                       struct akgl_Sprite *sprite, int frameid,
                                                       float x, float y,
                                                       const akgl_DrawParams *params);

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
    /** The logical presentation a bound renderer had before
     *  akgl_render_2d_bind; shutdown puts it back (the renderer is the game's). */
    akgl_RenderLogical prior_logical;
    SDL_Color clear_color;           /**< What frame_start clears to (default opaque black). */
    akgl_RenderStats stats;          /**< Counts of draws submitted and culled. */
    /** Between frame_start and frame_end: the drawing of akgl/draw.h is
     *  accepted only then (anything drawn before frame_start is cleared). */
    bool in_frame;
    akgl_RenderFrameFunc frame_start;   /**< Clears the target (under an integer or letterbox
                                             presentation: the bars black, the picture
                                             clear_color). */
    akgl_RenderFrameFunc frame_end;     /**< Presents the frame. */
    akgl_RenderSpriteFunc draw_sprite;  /**< Draws one sprite frame in world space. */
    akgl_RenderTileFunc draw_tile;      /**< Draws one map tile in screen space. */
    akgl_RenderSpriteExFunc draw_sprite_ex; /**< draw_sprite scaled, rotated, tinted (may be NULL
                                                 in another backend: actors then draw plain). */
    akgl_RenderShutdownFunc shutdown;   /**< Undoes init/bind (and stops the camera following). */
    /** The render target being drawn into (akgl_render_target_begin), or NULL
     *  for the screen. */
    struct akgl_Image *target;
    /** The camera that was current when the target was bound: end puts it back. */
    akgl_Camera *target_prior_camera;
    /** The camera draws go through inside a target when begin is given none:
     *  the target's pixels, at 0, 0, its size. */
    akgl_Camera target_camera;
    /**
     * Sprites and map tiles are submitted in batches (one SDL_RenderGeometry
     * call per run of draws sharing a texture and blend mode) instead of
     * one SDL draw each. init and bind set it from AKGL_HINT_RENDER_BATCH:
     * by default on every renderer but SDL's software one. A game or a test
     * may change it between frames.
     */
    bool batch;
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
 *         error when SDL fails; AKERR_VALUE naming AKGL_HINT_RENDER_BATCH
 *         when it is not "0", "1" or "auto" (nothing is left half-made).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_2d_init(akgl_Renderer *r);

/**
 * @brief Binds an SDL renderer the game already has (and its window, if any).
 *        The game keeps ownership: shutdown does not destroy it, and puts
 *        back the logical presentation it had before (which the logical-size
 *        properties and akgl_render_set_logical_size change). The camera
 *        takes the properties' screen size, or the renderer's output size
 *        when those are unset.
 * @param r        The backend's storage (the caller's).
 * @param existing The SDL renderer; it stays the caller's.
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR when @p r is bound already;
 *         AKERR_API when SDL cannot read the renderer's output size or
 *         logical presentation; AKERR_VALUE naming AKGL_HINT_RENDER_BATCH
 *         when it is not "0", "1" or "auto" (the renderer is left as it was).
 *         Its shutdown returns AKERR_API, after unbinding, when SDL cannot
 *         put the presentation back.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_2d_bind(akgl_Renderer *r, SDL_Renderer *existing);

/**
 * @brief Checks a transform: every number finite, each scale in
 *        0..AKGL_RENDER_MAX_SCALE. What draw_sprite_ex and
 *        akgl_actor_set_transform refuse.
 * @param params The transform to check.
 * @param who    Names the caller in the message ("actor \"hero\""); NULL: "draw".
 * @return NULL; AKERR_NULLPOINTER; AKERR_VALUE naming the field and value.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_check_params(const akgl_DrawParams *params,
                                                            const char *who);

/**
 * @brief Renders at a logical size that SDL scales to the output
 *        (SDL_SetRenderLogicalPresentation), for pixel art: the game draws at
 *        @p w x @p h and the camera takes that size.
 *
 * Textures akgl loads sample nearest-neighbour, so at an integer scale every
 * logical pixel becomes a square block. akgl_render_2d_init and
 * akgl_render_2d_bind apply the properties `game.logicalwidth`,
 * `game.logicalheight` and `game.logicalmode` ("integer", "letterbox",
 * "stretch", "overscan"; default "integer") when the two sizes are set.
 * The integer and letterbox modes centre the picture: the bars on either
 * side are equal, or the right (bottom) one a pixel wider when the spare
 * pixels are odd, and black whatever clear_color is (frame_start).
 * @param r    A bound backend.
 * @param w, h The logical size, each 1..16384 (ignored when disabling).
 * @param mode How the logical picture fits the output;
 *             SDL_LOGICAL_PRESENTATION_DISABLED turns it off (the camera then
 *             takes the output size again).
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR when @p r is not bound;
 *         AKERR_OUTOFBOUNDS for a size outside 1..16384; AKERR_VALUE for an
 *         unknown mode; AKERR_API with SDL's error.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_set_logical_size(
    akgl_Renderer *r, int w, int h, SDL_RendererLogicalPresentation mode);

/**
 * @brief Maps an event's window coordinates (mouse, touch, pen, drop) to the
 *        renderer's logical coordinates in place, so a click lands in the
 *        same space the game draws in (SDL_ConvertEventToRenderCoordinates).
 *        Events without coordinates are left alone.
 * @param r     A bound backend (its window is the events' window).
 * @param event The event, rewritten in place.
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR when @p r is not bound;
 *         AKERR_API with SDL's error.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_map_event(akgl_Renderer *r, SDL_Event *event);

/**
 * @brief Writes the current render target, as SDL_RenderReadPixels reads it,
 *        to @p path as a PNG (SDL3_image's IMG_SavePNG). Call it after drawing
 *        and before present: after a present the back buffer is undefined
 *        (from an overlay function is a good place).
 * @param r    A bound backend.
 * @param path Where to write the PNG (replaced if it exists).
 * @return NULL; AKERR_NULLPOINTER; AKERR_BEHAVIOR when @p r is not bound;
 *         AKERR_API when the pixels cannot be read; AKERR_IO naming @p path
 *         when the file cannot be written (nothing is left half-made but
 *         what the file system kept).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_screenshot(akgl_Renderer *r, const char *path);

/**
 * @name Blend modes
 * How a drawn pixel combines with the one beneath it. akgl takes four of
 * SDL's modes, by these names (in JSON: an actor's or a character's
 * "blend" key, a particle emitter's):
 * - "blend" (SDL_BLENDMODE_BLEND, the default): alpha blending,
 *   dst = src * srcA + dst * (1 - srcA).
 * - "add" (SDL_BLENDMODE_ADD): dst = src * srcA + dst; light, glow, fire.
 * - "multiply" (SDL_BLENDMODE_MUL): dst = src * dst + dst * (1 - srcA);
 *   darkens (shadow, a light map), and a transparent pixel leaves dst as it is.
 * - "none" (SDL_BLENDMODE_NONE): dst = src, alpha included.
 * @{ */
/**
 * @brief The blend mode named @p name.
 * @param name "blend", "add", "multiply" or "none" (exactly: lower case).
 * @param out  Receives the SDL blend mode; untouched on failure.
 * @return NULL; AKERR_NULLPOINTER for a NULL argument; AKERR_VALUE naming
 *         @p name (its first 32 bytes) and the four names.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_blend_from_name(const char *name,
                                                               SDL_BlendMode *out);

/**
 * @brief Checks that @p mode is one of the four akgl takes (what
 *        akgl_actor_set_blend and akgl_image_set_blend refuse).
 * @param mode The SDL blend mode.
 * @param who  Names the caller in the message; NULL: "blend".
 * @return NULL; AKERR_VALUE naming the value and the four modes.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_check_blend(SDL_BlendMode mode, const char *who);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AKGL_RENDER_H */
