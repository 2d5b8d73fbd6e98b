/*
 * Internal: the 2D backend's untransformed draw, shared by the backend and
 * the frame loop's draw pass (game.c), which submits the actors whose hooks
 * are the library's own without going through them; and the test of what a
 * camera's rectangle sees, which every culled draw makes: the backend's,
 * akgl_camera_sees (camera.c) and world text (text.c). Not installed.
 */
#ifndef AKGL_SRC_RENDER_PRIVATE_H
#define AKGL_SRC_RENDER_PRIVATE_H

#include <akgl/render.h>

#include <SDL3/SDL.h>
#include <stdbool.h>

/*
 * The 2D backend's draw_sprite_ex (akgl_render_2d_bind installs it): the
 * draw pass compares a renderer's pointer with it to know that the backend
 * is this one, whose untransformed draw is akgl_render_plain_submit.
 */
akerr_ErrorContext *akgl_render_2d_draw_sprite_ex(akgl_Renderer *r, akgl_Sprite *sprite,
                                                  int frameid, float x, float y,
                                                  const akgl_DrawParams *params);

/* The 2D backend's frame_start and draw_tile, for the same comparison. */
akerr_ErrorContext *akgl_render_2d_frame_start(akgl_Renderer *r);
akerr_ErrorContext *akgl_render_2d_draw_tile(akgl_Renderer *r, const akgl_RenderTile *t);

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
 * The untransformed draw of a frame: @p src's size at world (@p x, @p y),
 * culled by the camera inline (akgl_render_view_sees) and offset by it; an
 * unmirrored frame goes to SDL_RenderTexture. The destination is exactly (x, y): no pivot arithmetic to round it.
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

#endif /* AKGL_SRC_RENDER_PRIVATE_H */
