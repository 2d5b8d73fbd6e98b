/*
 * Internal: the backend's side of the 2D renderer, for the files above it.
 * Layer: backend. Not installed.
 *
 * render.c owns the window and the SDL renderer; render_2d.c (world)
 * assembles the 2D backend from the calls below and its own sprite and tile
 * draws. The view test and the untransformed draw are here, with the
 * renderer, because they need the camera's rectangle and nothing else:
 * akgl_camera_sees (camera.c) and the culling of world text (text.c) share
 * the one test.
 */
#ifndef AKGL_SRC_RENDER_PRIVATE_H
#define AKGL_SRC_RENDER_PRIVATE_H

#include <akgl/render.h>

#include "render_batch_private.h"

#include <SDL3/SDL.h>
#include <stdbool.h>

/*
 * Whether @p cam draws world pixels one to one, offset by its position
 * alone: zoom 1 (or 0, taken as 1), no rotation, no shake offset. Every
 * draw keeps its untransformed path for such a camera.
 */
static inline bool akgl_render_camera_plain(const akgl_Camera *cam)
{
    return (cam->zoom == 1.0f || cam->zoom == 0.0f) && cam->rotation == 0.0f &&
           cam->shake_x == 0.0f && cam->shake_y == 0.0f;
}

/*
 * A camera's world-to-screen transform: screen = [a -b; b a] world + (tx, ty),
 * with a = zoom cos(rotation), b = zoom sin(rotation); cos and sin are the
 * turn's, exact at multiples of 90 degrees.
 */
typedef struct akgl_CameraXform
{
    float a, b;   /* zoom times the turn's cosine and sine */
    float tx, ty; /* the move */
    float zoom;   /* the scale applied to lengths */
    float cos, sin; /* the turn's */
    float rotation; /* the turn, degrees clockwise */
} akgl_CameraXform;

/* The cosine and sine of @p degrees, exact at 0, 90, 180 and 270. */
static inline void akgl_render_turn(float degrees, float *c, float *s)
{
    if (degrees == 0.0f) {
        *c = 1.0f, *s = 0.0f;
    } else if (degrees == 90.0f) {
        *c = 0.0f, *s = 1.0f;
    } else if (degrees == 180.0f) {
        *c = -1.0f, *s = 0.0f;
    } else if (degrees == 270.0f) {
        *c = 0.0f, *s = -1.0f;
    } else {
        double rad = (double)degrees * (SDL_PI_D / 180.0);
        *c = (float)SDL_cos(rad);
        *s = (float)SDL_sin(rad);
    }
}

/* @p cam's transform (see akgl_Camera: zoom and turn about the view's centre, then the shake). */
static inline void akgl_render_camera_xform(const akgl_Camera *cam, akgl_CameraXform *v)
{
    float z = cam->zoom == 0.0f ? 1.0f : cam->zoom;
    akgl_render_turn(cam->rotation, &v->cos, &v->sin);
    v->zoom = z;
    v->rotation = cam->rotation;
    v->a = z * v->cos;
    v->b = z * v->sin;
    if (z == 1.0f && cam->rotation == 0.0f) {
        /* Exactly the plain offset: no centre arithmetic to round it. */
        v->tx = cam->shake_x - cam->x;
        v->ty = cam->shake_y - cam->y;
        return;
    }
    double cx = (double)cam->x + (double)cam->w * 0.5, cy = (double)cam->y + (double)cam->h * 0.5;
    double a = (double)v->a, b = (double)v->b;
    v->tx = (float)((double)cam->w * 0.5 + (double)cam->shake_x - (a * cx - b * cy));
    v->ty = (float)((double)cam->h * 0.5 + (double)cam->shake_y - (b * cx + a * cy));
}

/* Where world (@p x, @p y) lands on the screen under @p v. */
static inline SDL_FPoint akgl_render_xform_point(const akgl_CameraXform *v, float x, float y)
{
    return (SDL_FPoint){v->a * x - v->b * y + v->tx, v->b * x + v->a * y + v->ty};
}

/*
 * The world rectangle bounding what @p cam shows (its view turned and
 * scaled about the centre, moved by the shake): the rectangle culling
 * tests against. For a plain camera, x, y, w, h itself.
 */
static inline SDL_FRect akgl_render_view_box(const akgl_Camera *cam)
{
    if (akgl_render_camera_plain(cam)) {
        return (SDL_FRect){cam->x, cam->y, cam->w, cam->h};
    }
    float z = cam->zoom == 0.0f ? 1.0f : cam->zoom, c, s;
    akgl_render_turn(cam->rotation, &c, &s);
    float ac = SDL_fabsf(c), as = SDL_fabsf(s);
    float hx = (ac * cam->w * 0.5f + as * cam->h * 0.5f) / z;
    float hy = (as * cam->w * 0.5f + ac * cam->h * 0.5f) / z;
    /* The shake moves the picture by (sx, sy) on the screen: the view's
     * centre by the opposite, turned back into the world and unscaled. */
    float mx = -(c * cam->shake_x + s * cam->shake_y) / z;
    float my = -(-s * cam->shake_x + c * cam->shake_y) / z;
    float cx = cam->x + cam->w * 0.5f + mx, cy = cam->y + cam->h * 0.5f + my;
    return (SDL_FRect){cx - hx, cy - hy, 2.0f * hx, 2.0f * hy};
}

/*
 * Whether any part of the world rectangle @p r lies in @p cam's view (one
 * that only touches an edge from outside does not): the test every culled
 * draw makes, without akgl_camera_sees' argument checks. Under zoom or
 * rotation the view is its bounding box (akgl_render_view_box).
 */
static inline bool akgl_render_view_sees(const akgl_Camera *cam, const SDL_FRect *r)
{
    if (akgl_render_camera_plain(cam)) {
        return r->x < cam->x + cam->w && r->x + r->w > cam->x && r->y < cam->y + cam->h &&
               r->y + r->h > cam->y;
    }
    SDL_FRect v = akgl_render_view_box(cam);
    return r->x < v.x + v.w && r->x + r->w > v.x && r->y < v.y + v.h && r->y + r->h > v.y;
}

/* The name of one of the four blend modes akgl takes (akgl/render.h), or
 * "unknown": for messages. */
static inline const char *akgl_render_blend_label(SDL_BlendMode mode)
{
    switch (mode) {
    case SDL_BLENDMODE_BLEND: return "blend";
    case SDL_BLENDMODE_ADD: return "add";
    case SDL_BLENDMODE_MUL: return "multiply";
    case SDL_BLENDMODE_NONE: return "none";
    default: return "unknown";
    }
}

/* Whether @p mode is one of those four (no formatting: for the frame path). */
static inline bool akgl_render_blend_known(SDL_BlendMode mode)
{
    return mode == SDL_BLENDMODE_BLEND || mode == SDL_BLENDMODE_ADD || mode == SDL_BLENDMODE_MUL ||
           mode == SDL_BLENDMODE_NONE;
}

/* What akgl_render_plain_submit did. */
typedef enum akgl_PlainDraw
{
    AKGL_PLAIN_DRAWN,  /* submitted (stats.submitted counted) */
    AKGL_PLAIN_CULLED, /* outside the camera (stats.culled counted) */
    AKGL_PLAIN_FAILED  /* SDL refused it: SDL_GetError() says why; nothing counted */
} akgl_PlainDraw;

/*
 * The untransformed draw of a texture region (for a plain camera or none:
 * akgl_render_camera_plain): @p src's size at world
 * (@p x, @p y), culled by the camera inline (akgl_render_view_sees) and
 * offset by it; an unmirrored region goes to SDL_RenderTexture. The
 * destination is exactly (x, y): no pivot arithmetic to round it.
 */
static inline akgl_PlainDraw akgl_render_plain_submit(akgl_Renderer *r, SDL_Texture *tex,
                                                      const SDL_FRect *src, float x, float y,
                                                      SDL_FlipMode flip)
{
    SDL_FRect dst = {x, y, src->w, src->h};
    const akgl_Camera *cam = r->camera;
    if (cam != NULL) {
        if (!akgl_render_view_sees(cam, &dst)) {
            r->stats.culled++;
            return AKGL_PLAIN_CULLED;
        }
        dst.x -= cam->x;
        dst.y -= cam->y;
    }
    bool drawn;
    if (r->batch) {
        SDL_FPoint pos[4];
        akgl_render_batch_corners(&dst, 0.0, (SDL_FPoint){0.0f, 0.0f}, pos);
        drawn = akgl_render_batch_quad(r, tex, AKGL_RENDER_BATCH_TEXTURE_BLEND, src, pos, flip,
                                       (SDL_Color){255, 255, 255, 255});
    } else {
        drawn = flip == SDL_FLIP_NONE
                    ? SDL_RenderTexture(r->sdl_renderer, tex, src, &dst)
                    : SDL_RenderTextureRotated(r->sdl_renderer, tex, src, &dst, 0.0, NULL, flip);
    }
    if (!drawn) {
        return AKGL_PLAIN_FAILED;
    }
    r->stats.submitted++;
    return AKGL_PLAIN_DRAWN;
}

/*
 * The 2D backend's frame_start and frame_end. The draw pass (game.c)
 * compares a renderer's frame_start with akgl_render_2d_frame_start to know
 * the backend is this one.
 */
akerr_ErrorContext *akgl_render_2d_frame_start(akgl_Renderer *r);
akerr_ErrorContext *akgl_render_2d_frame_end(akgl_Renderer *r);

/*
 * The renderer every drawing or texture-making call works on (game.renderer),
 * in *@p dest; AKERR_BEHAVIOR naming @p who when none is bound. One place
 * for the check and its message, which tells the reader what to call first.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_bound(const char *who, akgl_Renderer **dest);

/*
 * akgl_render_2d_init's window and renderer: checks @p r (NULL, bound
 * already), reads the screen size (*w, *h) and the logical-size properties
 * (*logical) before anything is made, then starts SDL video and makes a
 * window titled @p title and its renderer (owns_sdl set). The errors are
 * akgl_render_2d_init's; on one, nothing is left made and @p r is zeroed
 * (a refusal before anything is made leaves it as it was).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_sdl_create(akgl_Renderer *r, const char *title,
                                                          int *w, int *h,
                                                          akgl_RenderLogical *logical);

/*
 * akgl_render_2d_bind's adoption of @p existing: checks, reads its output
 * size and logical presentation, the properties' screen size when both are
 * set (*w, *h) and the logical-size properties (*logical); then zeroes @p r
 * and binds @p existing (and its window) to it, not owned, with the
 * presentation to put back. The errors are akgl_render_2d_bind's; on one,
 * @p r is as it was.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_sdl_adopt(akgl_Renderer *r, SDL_Renderer *existing,
                                                         int *w, int *h,
                                                         akgl_RenderLogical *logical);

/*
 * Applies @p logical to the bound SDL renderer unless its mode is
 * SDL_LOGICAL_PRESENTATION_DISABLED; then *w, *h become the logical size
 * (what the view shows). AKERR_API with SDL's error.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_sdl_present(akgl_Renderer *r,
                                                           const akgl_RenderLogical *logical,
                                                           int *w, int *h);

/*
 * Undoes akgl_render_sdl_create or _adopt: an adopted renderer gets its
 * logical presentation back, a made one is destroyed with its window (and
 * SDL video stopped); then @p r is zeroed. False when the presentation
 * could not be put back (SDL_GetError() says why; @p r is zeroed all the
 * same).
 */
bool akgl_render_sdl_release(akgl_Renderer *r);

/*
 * Puts the screen back as the SDL render target of @p r and its camera
 * back when a render target is bound (akgl/image.h); nothing otherwise.
 * Defined in render.c (frame_start and frame_end call it; render_target.c's
 * akgl_render_target_end too). Returns false when SDL refuses (SDL_GetError()
 * says why); the target is unbound all the same.
 */
bool akgl_render_target_unbind(akgl_Renderer *r);

#endif /* AKGL_SRC_RENDER_PRIVATE_H */
