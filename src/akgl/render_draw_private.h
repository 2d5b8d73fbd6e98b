/*
 * Internal: the backend's immediate primitives, in screen pixels, for the
 * draws of akgl/draw.h (draw.c, world), which apply the camera first.
 * Layer: backend. Not installed.
 *
 * Each takes a bound renderer (the caller checked it) and a colour, sets
 * the SDL renderer's draw colour and blend mode for the one draw (blending
 * when the colour is not opaque) and puts back what they were, so the
 * game's own SDL drawing finds the renderer as it left it. None allocates:
 * the circle's rows go to SDL through a fixed buffer on the stack. Each
 * returns false when SDL refuses a call (SDL_GetError() says why).
 */
#ifndef AKGL_SRC_RENDER_DRAW_PRIVATE_H
#define AKGL_SRC_RENDER_DRAW_PRIVATE_H

#include <akgl/render.h>

#include <SDL3/SDL.h>
#include <stdbool.h>

/* One pixel at (x, y). */
bool akgl_render_prim_point(akgl_Renderer *r, float x, float y, SDL_Color c);

/* A one-pixel line from (x1, y1) to (x2, y2), both ends included. */
bool akgl_render_prim_line(akgl_Renderer *r, float x1, float y1, float x2, float y2,
                           SDL_Color c);

/*
 * The quadrilateral p[0] p[1] p[2] p[3] (corners in order around it),
 * filled or as a one-pixel outline. One whose sides lie along the axes (p[0]
 * the top-left, p[2] the bottom-right: every quad today) is SDL's rectangle
 * (SDL_RenderFillRect / SDL_RenderRect, whose outline lies inside it); a
 * turned one two triangles (SDL_RenderGeometry) or four lines.
 */
bool akgl_render_prim_quad(akgl_Renderer *r, const SDL_FPoint p[4], bool filled, SDL_Color c);

/*
 * A circle on whole pixels: centred on the pixel holding (cx, cy), of
 * radius `radius` rounded to a whole number R. The disc is every pixel
 * (dx, dy) from the centre with dx^2 + dy^2 <= R^2 + R (the midpoint rule:
 * R = 0 is one pixel); filled, it is drawn a row at a time, each row once;
 * outlined, its boundary (the pixels of the disc beside one outside it),
 * each pixel once, so a translucent colour blends evenly. Only the rows
 * inside `clip` (screen pixels; NULL: every row) are drawn, and spans are
 * cut to it, so the cost is the rows on the screen whatever the radius.
 */
bool akgl_render_prim_circle(akgl_Renderer *r, float cx, float cy, float radius, bool filled,
                             SDL_Color c, const SDL_FRect *clip);

/*
 * A region of a texture: `src` lands in `dst` (screen pixels), mirrored by
 * `flip`, turned `angle` degrees clockwise about `centre` (relative to
 * dst; NULL: dst's centre), its colours and alpha multiplied by `tint`. The
 * texture's modulation is put back after the draw. A plain region
 * (unturned, unmirrored) goes to SDL_RenderTexture.
 */
bool akgl_render_prim_texture(akgl_Renderer *r, SDL_Texture *texture, const SDL_FRect *src,
                              const SDL_FRect *dst, double angle, const SDL_FPoint *centre,
                              SDL_FlipMode flip, SDL_Color tint);

#endif /* AKGL_SRC_RENDER_DRAW_PRIVATE_H */
