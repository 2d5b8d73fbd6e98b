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

#include <SDL3/SDL.h>
#include <stdbool.h>

/*
 * Whether any part of the world rectangle @p r lies in @p cam's view (one
 * that only touches an edge from outside does not): the test every culled
 * draw makes, without akgl_camera_sees' argument checks.
 */
static inline bool akgl_render_view_sees(const akgl_Camera *cam, const SDL_FRect *r)
{
    return r->x < cam->x + cam->w && r->x + r->w > cam->x && r->y < cam->y + cam->h &&
           r->y + r->h > cam->y;
}

/* What akgl_render_plain_submit did. */
typedef enum akgl_PlainDraw
{
    AKGL_PLAIN_DRAWN,  /* submitted (stats.submitted counted) */
    AKGL_PLAIN_CULLED, /* outside the camera (stats.culled counted) */
    AKGL_PLAIN_FAILED  /* SDL refused it: SDL_GetError() says why; nothing counted */
} akgl_PlainDraw;

/*
 * The untransformed draw of a texture region: @p src's size at world
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
    bool drawn = flip == SDL_FLIP_NONE
                     ? SDL_RenderTexture(r->sdl_renderer, tex, src, &dst)
                     : SDL_RenderTextureRotated(r->sdl_renderer, tex, src, &dst, 0.0, NULL, flip);
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

#endif /* AKGL_SRC_RENDER_PRIVATE_H */
