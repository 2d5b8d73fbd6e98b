/**
 * @file akgl/draw.h
 * @brief Immediate drawing for the frame: rectangles, lines, circles,
 *        points and images, in the world (through the camera) or on the
 *        screen (the overlay).
 *
 * Layer: world (docs/03-layers.md): a world draw goes through the camera.
 *
 * Every call names its space first. AKGL_DRAW_WORLD positions are world
 * pixels: they go through the bound renderer's camera (offset by its
 * position today; every world draw takes the one transform, so a camera
 * that zooms or turns takes them all with it), and a draw wholly outside
 * the view is not submitted (counted in the renderer's stats.culled).
 * AKGL_DRAW_SCREEN positions are screen pixels (logical pixels under a
 * logical size, chapter 8), the camera ignored: a HUD.
 *
 * When: between the bound renderer's frame_start and frame_end, that is
 * from the app's draw callback, the game's overlay (akgl_game_set_overlay)
 * or an actor's renderfunc; or, inside a frame or not, between
 * akgl_render_target_begin and akgl_render_target_end (akgl/image.h), when
 * draws land in the render target. Otherwise a draw would be cleared before
 * anyone saw it, so it is refused (AKERR_BEHAVIOR). What is drawn lands in
 * the order of the calls, over what was drawn before: from the overlay or
 * the app's draw callback, over the whole world (every map layer and
 * actor); from an actor's renderfunc, where that actor is in the layer
 * order.
 *
 * Nothing here allocates. Colours are RGBA: alpha 255 replaces what is
 * beneath, less blends over it.
 */
#ifndef AKGL_DRAW_H
#define AKGL_DRAW_H

#include <akerror.h>
#include <akgl/image.h>
#include <akgl/render.h>

#include <SDL3/SDL.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Which coordinates a draw's positions are in. */
typedef enum akgl_DrawSpace
{
    AKGL_DRAW_SCREEN = 0, /**< Screen pixels: the overlay, the camera ignored. */
    AKGL_DRAW_WORLD = 1   /**< World pixels: through the bound renderer's camera. */
} akgl_DrawSpace;

/**
 * @name Errors every draw shares
 * AKERR_VALUE for a space that is not AKGL_DRAW_SCREEN or AKGL_DRAW_WORLD,
 * or a number that is not finite (the message names the call, the field
 * and the value); AKERR_BEHAVIOR when no renderer is bound, or outside a
 * frame (before frame_start or after frame_end); AKERR_API with SDL's
 * error when SDL refuses the draw. A refused draw draws nothing.
 * @{ */
/**
 * @brief One pixel: the one holding (@p x, @p y).
 * @param space AKGL_DRAW_WORLD or AKGL_DRAW_SCREEN.
 * @param x, y  The point (finite).
 * @param color Its colour.
 * @return NULL; the shared errors above.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_draw_point(akgl_DrawSpace space, float x, float y,
                                                   SDL_Color color);

/**
 * @brief A one-pixel line from (@p x1, @p y1) to (@p x2, @p y2), both ends included.
 * @param space  AKGL_DRAW_WORLD or AKGL_DRAW_SCREEN.
 * @param x1, y1 One end (finite).
 * @param x2, y2 The other end (finite).
 * @param color  Its colour.
 * @return NULL; the shared errors above.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_draw_line(akgl_DrawSpace space, float x1, float y1,
                                                  float x2, float y2, SDL_Color color);

/**
 * @brief The one-pixel outline of the rectangle at (@p x, @p y) of
 *        @p w x @p h: it lies inside the rectangle, on its first and last
 *        columns and rows. A width or height of 0 draws nothing.
 * @param space AKGL_DRAW_WORLD or AKGL_DRAW_SCREEN.
 * @param x, y  The top-left corner (finite).
 * @param w, h  The size (finite, 0 or more).
 * @param color Its colour.
 * @return NULL; the shared errors above; AKERR_VALUE for a negative size.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_draw_rect(akgl_DrawSpace space, float x, float y,
                                                  float w, float h, SDL_Color color);

/**
 * @brief The rectangle at (@p x, @p y) of @p w x @p h, filled. A width or
 *        height of 0 draws nothing.
 * @param space AKGL_DRAW_WORLD or AKGL_DRAW_SCREEN.
 * @param x, y  The top-left corner (finite).
 * @param w, h  The size (finite, 0 or more).
 * @param color Its colour.
 * @return NULL; the shared errors above; AKERR_VALUE for a negative size.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_draw_rect_filled(akgl_DrawSpace space, float x, float y,
                                                         float w, float h, SDL_Color color);

/**
 * @brief The one-pixel outline of a circle on whole pixels: centred on the
 *        pixel holding (@p x, @p y), of @p radius rounded to a whole number
 *        R; the pixels (dx, dy) from the centre with dx^2 + dy^2 <= R^2 + R
 *        that lie beside one outside. Radius 0 is one pixel.
 * @param space  AKGL_DRAW_WORLD or AKGL_DRAW_SCREEN.
 * @param x, y   The centre (finite).
 * @param radius 0..AKGL_DRAW_MAX_RADIUS pixels.
 * @param color  Its colour.
 * @return NULL; the shared errors above; AKERR_VALUE for a radius outside
 *         0..AKGL_DRAW_MAX_RADIUS.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_draw_circle(akgl_DrawSpace space, float x, float y,
                                                    float radius, SDL_Color color);

/**
 * @brief The circle of akgl_draw_circle, filled: every pixel (dx, dy) from
 *        the centre with dx^2 + dy^2 <= R^2 + R, each drawn once.
 * @param space  AKGL_DRAW_WORLD or AKGL_DRAW_SCREEN.
 * @param x, y   The centre (finite).
 * @param radius 0..AKGL_DRAW_MAX_RADIUS pixels.
 * @param color  Its colour.
 * @return As akgl_draw_circle.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_draw_circle_filled(akgl_DrawSpace space, float x,
                                                           float y, float radius,
                                                           SDL_Color color);

/**
 * @brief The whole of @p image, at its own size, its top-left at (@p x, @p y).
 * @param space AKGL_DRAW_WORLD or AKGL_DRAW_SCREEN.
 * @param image A loaded image (akgl_image_load).
 * @param x, y  Its top-left corner (finite).
 * @return As akgl_draw_image_ex.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_draw_image(akgl_DrawSpace space, akgl_Image *image,
                                                   float x, float y);

/**
 * @brief A region of @p image, transformed as actors are (akgl_DrawParams,
 *        chapter 8): (@p x, @p y) is where the unscaled region's top-left
 *        would be; scaling and rotation keep the pivot (a fraction of the
 *        region, the centre by default) where it is; flip mirrors it in
 *        place; tint multiplies its colours and tint.a is its opacity.
 * @param space  AKGL_DRAW_WORLD or AKGL_DRAW_SCREEN.
 * @param image  A loaded image.
 * @param src    The region in image pixels (finite, w and h above 0, inside
 *               the image); NULL: the whole image.
 * @param x, y   Where the unscaled region's top-left goes (finite).
 * @param params The transform; NULL: AKGL_DRAW_PARAMS_DEFAULT (own size,
 *               unturned, untinted).
 * @return NULL; the shared errors above; AKERR_NULLPOINTER for a NULL
 *         @p image; AKERR_BEHAVIOR for an image that has been released, or
 *         that was loaded for a renderer that is no longer the bound one
 *         (naming its path); AKERR_OUTOFBOUNDS for a region not inside the
 *         image (naming the region and the image's size); AKERR_VALUE for
 *         params that akgl_render_check_params refuses.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_draw_image_ex(akgl_DrawSpace space, akgl_Image *image,
                                                      const SDL_FRect *src, float x, float y,
                                                      const akgl_DrawParams *params);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AKGL_DRAW_H */
