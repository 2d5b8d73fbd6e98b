/*
 * The 2D render backend as a whole: its sprite and tile draws, its camera,
 * and akgl_render_2d_init / akgl_render_2d_bind, which assemble the
 * function-pointer table and make the backend the game's.
 *
 * Layer: world. The window, the SDL renderer, the frame and the logical
 * presentation are the backend layer's (render.c, through render_private.h);
 * what is here needs what lies above it: a sprite's frames (sprite.c), a
 * map tile's flip flags (akgl/tilemap.h), and a camera that follows an
 * actor (camera.c), which the table's shutdown must let go of.
 */
#include <akgl/render.h>

#include <akgl/camera.h>
#include <akgl/game_object.h>
#include <akgl/sprite.h>
#include <akgl/tilemap.h>

#include "render_2d_private.h"
#include "render_private.h"
#include "sprite_private.h"
#include "tilemap_cache.h"

#include <math.h>

/*
 * Where a w x h frame with its unscaled top-left at (x, y) lands: the scaled
 * destination rectangle, the pivot relative to it (what SDL rotates about),
 * and the bounding box of the rotated rectangle, for culling. The pivot's
 * world position is the same before and after scaling and rotating.
 */
static void transformed_rects(float x, float y, float w, float h, const akgl_DrawParams *p,
                              SDL_FRect *dst, SDL_FPoint *centre, SDL_FRect *box)
{
    float px = x + p->pivot_x * w;
    float py = y + p->pivot_y * h;
    dst->w = w * p->scale_x;
    dst->h = h * p->scale_y;
    dst->x = px - p->pivot_x * dst->w;
    dst->y = py - p->pivot_y * dst->h;
    centre->x = p->pivot_x * dst->w;
    centre->y = p->pivot_y * dst->h;
    if (p->rotation == 0.0f) {
        *box = *dst;
        return;
    }
    /* Clockwise on a screen whose y grows downwards is the usual rotation
     * matrix. The box is of the four corners turned about the pivot. */
    double rad = (double)p->rotation * SDL_PI_D / 180.0;
    double c = cos(rad), s = sin(rad);
    double xs[2] = {dst->x - px, dst->x + dst->w - px};
    double ys[2] = {dst->y - py, dst->y + dst->h - py};
    double minx = HUGE_VAL, miny = HUGE_VAL, maxx = -HUGE_VAL, maxy = -HUGE_VAL;
    for (int i = 0; i < 4; i++) {
        double cx = xs[i & 1], cy = ys[i >> 1];
        double rx = cx * c - cy * s, ry = cx * s + cy * c;
        minx = rx < minx ? rx : minx;
        maxx = rx > maxx ? rx : maxx;
        miny = ry < miny ? ry : miny;
        maxy = ry > maxy ? ry : maxy;
    }
    box->x = (float)(px + minx);
    box->y = (float)(py + miny);
    box->w = (float)(maxx - minx);
    box->h = (float)(maxy - miny);
}

static bool is_white(SDL_Color c);

/* No scale, no turn, no tint (and a finite pivot, as the checks want): the
 * frame's own size at (x, y), which is every actor the game did not
 * transform. */
static bool identity(const akgl_DrawParams *p)
{
    return p->scale_x == 1.0f && p->scale_y == 1.0f && p->rotation == 0.0f &&
           isfinite(p->pivot_x) && isfinite(p->pivot_y) && is_white(p->tint);
}

/* The untransformed draw (render_private.h), with the backend's error. */
static akerr_ErrorContext *draw_plain(akgl_Renderer *r, const akgl_Sprite *sprite, int frameid,
                                      const SDL_FRect *src, float x, float y, SDL_FlipMode flip)
{
    PREPARE_ERROR(errctx);
    if (akgl_render_plain_submit(r, sprite->sheet->texture, src, x, y, flip) ==
        AKGL_PLAIN_FAILED) {
        FAIL_RETURN(errctx, AKERR_API, "draw_sprite: sprite \"%s\" frame %d: %s", sprite->name,
                    frameid, SDL_GetError());
    }
    SUCCEED_RETURN(errctx);
}

/*
 * A transformed draw's rectangle through a camera that zooms, turns or
 * shakes (akgl_render_camera_xform): @p dst, turned by *angle about the
 * world point @p pivot (@p centre relative to dst), lands as dst scaled by
 * the zoom about the pivot's screen position, turned by the camera's turn
 * on top; *box gets the screen box of its four corners, for culling.
 */
static void through_camera(const akgl_Camera *cam, SDL_FRect *dst, SDL_FPoint *centre,
                           double *angle, SDL_FRect *box)
{
    akgl_CameraXform v;
    akgl_render_camera_xform(cam, &v);
    SDL_FPoint pivot = {dst->x + centre->x, dst->y + centre->y};
    SDL_FPoint at = akgl_render_xform_point(&v, pivot.x, pivot.y);
    dst->w *= v.zoom;
    dst->h *= v.zoom;
    centre->x *= v.zoom;
    centre->y *= v.zoom;
    dst->x = at.x - centre->x;
    dst->y = at.y - centre->y;
    *angle += (double)v.rotation;
    double rad = *angle * SDL_PI_D / 180.0, c = cos(rad), s = sin(rad);
    double minx = HUGE_VAL, miny = HUGE_VAL, maxx = -HUGE_VAL, maxy = -HUGE_VAL;
    for (int i = 0; i < 4; i++) {
        double cx = (double)((i & 1) ? dst->w : 0.0f) - (double)centre->x;
        double cy = (double)((i >> 1) ? dst->h : 0.0f) - (double)centre->y;
        double rx = cx * c - cy * s, ry = cx * s + cy * c;
        minx = rx < minx ? rx : minx;
        maxx = rx > maxx ? rx : maxx;
        miny = ry < miny ? ry : miny;
        maxy = ry > maxy ? ry : maxy;
    }
    *box = (SDL_FRect){(float)((double)at.x + minx), (float)((double)at.y + miny),
                       (float)(maxx - minx), (float)(maxy - miny)};
}

/*
 * A trimmed frame (an Aseprite sheet's): its rectangle sits at frame_trim
 * inside the sprite's width x height frame, mirrored with the flip. Moves
 * (x, y) to it and re-expresses the pivot relative to it, so a scale or turn
 * about the pivot lands the frame where the untrimmed one would have been.
 */
static const akgl_DrawParams *trim_frame(const akgl_Sprite *s, int frameid, const SDL_FRect *src,
                                         const akgl_DrawParams *p, float *x, float *y,
                                         akgl_DrawParams *out)
{
    float fw = (float)s->width, fh = (float)s->height;
    float ox = (float)s->frame_trim[frameid].x, oy = (float)s->frame_trim[frameid].y;
    if (p->flip & SDL_FLIP_HORIZONTAL) {
        ox = fw - ox - src->w;
    }
    if (p->flip & SDL_FLIP_VERTICAL) {
        oy = fh - oy - src->h;
    }
    *out = *p;
    out->pivot_x = (p->pivot_x * fw - ox) / src->w;
    out->pivot_y = (p->pivot_y * fh - oy) / src->h;
    *x += ox;
    *y += oy;
    return out;
}

akerr_ErrorContext *akgl_render_2d_draw_sprite_ex(akgl_Renderer *r, akgl_Sprite *sprite,
                                                  int frameid, float x, float y,
                                                  const akgl_DrawParams *params)
{
    SDL_FRect src, dst, box;
    SDL_FPoint centre;
    bool seen = true;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "draw_sprite: NULL renderer");
    FAIL_ZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR, "draw_sprite: renderer not bound");
    FAIL_ZERO_RETURN(errctx, sprite, AKERR_NULLPOINTER, "draw_sprite: NULL sprite");
    const akgl_DrawParams plain = AKGL_DRAW_PARAMS_DEFAULT;
    const akgl_DrawParams *p = params != NULL ? params : &plain;
    /* The source rectangle was computed at load; it is computed again (with
     * the checks and errors of akgl_spritesheet_coords_for_frame) only when
     * its inputs changed, so a draw divides nothing. */
    const SDL_FRect *cached = akgl_sprite_cached_src(sprite, frameid);
    if (cached == NULL) {
        PASS(errctx, akgl_sprite_fill_src(sprite, frameid, &cached));
    }
    akgl_DrawParams trimmed;
    if (sprite->frame_trimmed) {
        p = trim_frame(sprite, frameid, cached, p, &x, &y, &trimmed);
    }
    bool plain_view = r->camera == NULL || akgl_render_camera_plain(r->camera);
    if (plain_view && identity(p)) {
        PASS(errctx, draw_plain(r, sprite, frameid, cached, x, y, p->flip));
        SUCCEED_RETURN(errctx);
    }
    if (params != NULL) {
        PASS(errctx, akgl_render_check_params(params, "draw_sprite_ex"));
    }
    src = *cached;
    transformed_rects(x, y, src.w, src.h, p, &dst, &centre, &box);
    double angle = (double)p->rotation;
    if (!plain_view) {
        /* Culled on the screen, by the box of the frame as it lands there. */
        through_camera(r->camera, &dst, &centre, &angle, &box);
        seen = box.x < r->camera->w && box.x + box.w > 0.0f && box.y < r->camera->h &&
               box.y + box.h > 0.0f;
    } else if (r->camera != NULL) {
        PASS(errctx, akgl_camera_sees(r->camera, &box, &seen));
        dst.x -= r->camera->x;
        dst.y -= r->camera->y;
    }
    if (!seen) {
        r->stats.culled++;
        SUCCEED_RETURN(errctx);
    }
    if (r->batch) {
        /* The quad SDL_RenderTextureRotated would make, tint in its colour. */
        SDL_FPoint pos[4];
        akgl_render_batch_corners(&dst, angle,
                                  (SDL_FPoint){dst.x + centre.x, dst.y + centre.y}, pos);
        if (!akgl_render_batch_quad(r, sprite->sheet->texture, AKGL_RENDER_BATCH_TEXTURE_BLEND,
                                    &src, pos, p->flip, p->tint)) {
            FAIL_RETURN(errctx, AKERR_API, "draw_sprite: sprite \"%s\" frame %d: %s",
                        sprite->name, frameid, SDL_GetError());
        }
        r->stats.submitted++;
        SUCCEED_RETURN(errctx);
    }
    /* The sheet's texture is shared by every sprite cut from it (and by a
     * map's tiles): a tint is set for this draw only and the texture's own
     * modulation put back, as draw_tile does. */
    SDL_Texture *tex = sprite->sheet->texture;
    SDL_Color t = p->tint;
    bool tinted = !(t.r == 255 && t.g == 255 && t.b == 255 && t.a == 255);
    Uint8 old_r = 255, old_g = 255, old_b = 255, old_a = 255;
    if (tinted) {
        SDL_GetTextureColorMod(tex, &old_r, &old_g, &old_b);
        SDL_GetTextureAlphaMod(tex, &old_a);
        SDL_SetTextureColorMod(tex, t.r, t.g, t.b);
        SDL_SetTextureAlphaMod(tex, t.a);
    }
    bool drawn = SDL_RenderTextureRotated(r->sdl_renderer, tex, &src, &dst, angle, &centre,
                                          p->flip);
    if (tinted) {
        SDL_SetTextureColorMod(tex, old_r, old_g, old_b);
        SDL_SetTextureAlphaMod(tex, old_a);
    }
    if (!drawn) {
        FAIL_RETURN(errctx, AKERR_API, "draw_sprite: sprite \"%s\" frame %d: %s", sprite->name,
                    frameid, SDL_GetError());
    }
    r->stats.submitted++;
    SUCCEED_RETURN(errctx);
}

/*
 * Tiled's flips as one SDL flip and a turn. SDL flips the source first, then
 * turns it clockwise about the rectangle's centre. With y down, a transpose
 * (D) is a vertical flip turned 90 degrees; D then H is a plain 90-degree
 * turn, D then V a 270-degree one, and D, H and V together a horizontal flip
 * turned 90 degrees.
 */
static void tile_flip_mode(uint32_t flips, SDL_FlipMode *mode, double *angle)
{
    bool h = (flips & AKGL_TILE_FLIP_H) != 0;
    bool v = (flips & AKGL_TILE_FLIP_V) != 0;
    *angle = 0.0;
    if (!(flips & AKGL_TILE_FLIP_D)) {
        *mode = (SDL_FlipMode)((h ? SDL_FLIP_HORIZONTAL : 0) | (v ? SDL_FLIP_VERTICAL : 0));
        return;
    }
    if (h && v) {
        *mode = SDL_FLIP_HORIZONTAL;
        *angle = 90.0;
    } else if (h) {
        *mode = SDL_FLIP_NONE;
        *angle = 90.0;
    } else if (v) {
        *mode = SDL_FLIP_NONE;
        *angle = 270.0;
    } else {
        *mode = SDL_FLIP_VERTICAL;
        *angle = 90.0;
    }
}

static bool is_white(SDL_Color c)
{
    return c.r == 255 && c.g == 255 && c.b == 255 && c.a == 255;
}

akerr_ErrorContext *akgl_render_2d_draw_tile(akgl_Renderer *r, const akgl_RenderTile *t)
{
    SDL_FlipMode mode;
    double angle;
    Uint8 old_r = 255, old_g = 255, old_b = 255, old_a = 255;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "draw_tile: NULL renderer");
    FAIL_ZERO_RETURN(errctx, t, AKERR_NULLPOINTER, "draw_tile: NULL tile");
    FAIL_ZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR, "draw_tile: renderer not bound");
    FAIL_ZERO_RETURN(errctx, t->sheet, AKERR_NULLPOINTER, "draw_tile: NULL sheet");
    SDL_Texture *texture = t->sheet->texture;
    tile_flip_mode(t->flips, &mode, &angle);

    /* SDL turns the rectangle it is given about its centre: a transposed tile
     * is drawn from a rectangle of the source's shape centred on dst. */
    SDL_FRect box = t->dst;
    if (t->flips & AKGL_TILE_FLIP_D) {
        float cx = box.x + box.w * 0.5f, cy = box.y + box.h * 0.5f;
        box = (SDL_FRect){cx - box.h * 0.5f, cy - box.w * 0.5f, box.h, box.w};
    }
    if (t->angle != 0.0f) {
        /* A turn about the pivot is a turn about the centre plus a move of the centre. */
        double rad = (double)t->angle * (SDL_PI_D / 180.0);
        double c = cos(rad), s = sin(rad);
        double dx = (double)(box.x + box.w * 0.5f - t->pivot.x);
        double dy = (double)(box.y + box.h * 0.5f - t->pivot.y);
        box.x = (float)((double)t->pivot.x + dx * c - dy * s - (double)box.w * 0.5);
        box.y = (float)((double)t->pivot.y + dx * s + dy * c - (double)box.h * 0.5);
        angle += (double)t->angle;
    }
    if (r->batch) {
        /* The quad SDL_RenderTextureRotated would make (turned about the
         * box's centre), the modulation in its colour. */
        SDL_FPoint pos[4];
        akgl_render_batch_corners(&box, angle,
                                  (SDL_FPoint){box.x + box.w * 0.5f, box.y + box.h * 0.5f}, pos);
        if (!akgl_render_batch_quad(r, texture, AKGL_RENDER_BATCH_TEXTURE_BLEND, &t->src, pos,
                                    mode, t->color)) {
            FAIL_RETURN(errctx, AKERR_API, "draw_tile: sheet \"%s\" region %gx%g+%g+%g: %s",
                        t->sheet->name, (double)t->src.w, (double)t->src.h, (double)t->src.x,
                        (double)t->src.y, SDL_GetError());
        }
        r->stats.submitted++;
        SUCCEED_RETURN(errctx);
    }
    bool modulate = !is_white(t->color);
    if (modulate) {
        SDL_GetTextureColorMod(texture, &old_r, &old_g, &old_b);
        SDL_GetTextureAlphaMod(texture, &old_a);
        SDL_SetTextureColorMod(texture, t->color.r, t->color.g, t->color.b);
        SDL_SetTextureAlphaMod(texture, t->color.a);
    }
    bool drawn = angle == 0.0 && mode == SDL_FLIP_NONE
                     ? SDL_RenderTexture(r->sdl_renderer, texture, &t->src, &box)
                     : SDL_RenderTextureRotated(r->sdl_renderer, texture, &t->src, &box, angle,
                                                NULL, mode);
    if (modulate) {
        SDL_SetTextureColorMod(texture, old_r, old_g, old_b);
        SDL_SetTextureAlphaMod(texture, old_a);
    }
    if (!drawn) {
        FAIL_RETURN(errctx, AKERR_API, "draw_tile: sheet \"%s\" region %gx%g+%g+%g: %s",
                    t->sheet->name, (double)t->src.w, (double)t->src.h, (double)t->src.x,
                    (double)t->src.y, SDL_GetError());
    }
    r->stats.submitted++;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *draw_sprite_2d(akgl_Renderer *r, akgl_Sprite *sprite, int frameid,
                                          float x, float y, SDL_FlipMode flip)
{
    akgl_DrawParams p = AKGL_DRAW_PARAMS_DEFAULT;
    p.flip = flip;
    return akgl_render_2d_draw_sprite_ex(r, sprite, frameid, x, y, &p);
}
static akerr_ErrorContext *shutdown_2d(akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "shutdown: NULL renderer");
    /* The camera holds a reference on what it follows: give it back. */
    if (r->camera != NULL && r->camera->follow != NULL) {
        IGNORE(akgl_camera_follow(r->camera, NULL, 0.0f, 0.0f));
    }
    if (game.camera == r->camera) {
        game.camera = NULL;
    }
    /* The map's layer cache: its targets are this renderer's textures. */
    akgl_tilemap_cache_forget(r->sdl_renderer);
    /* A bound renderer is the game's: it gets its presentation back. */
    bool restored = akgl_render_sdl_release(r);
    if (game.renderer == r) {
        game.renderer = NULL;
    }
    FAIL_ZERO_RETURN(errctx, restored, AKERR_API,
                     "shutdown: cannot give the game's renderer its logical presentation back: %s",
                     SDL_GetError());
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *bind_2d(akgl_Renderer *r, int screen_w, int screen_h,
                                   const akgl_RenderLogical *logical)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_render_batch_choose(r->sdl_renderer, &r->batch));
    PASS(errctx, akgl_render_sdl_present(r, logical, &screen_w, &screen_h));
    PASS(errctx, akgl_camera_init(&r->own_camera, (float)screen_w, (float)screen_h));
    r->camera = &r->own_camera;
    r->clear_color = (SDL_Color){0, 0, 0, 255};
    r->frame_start = akgl_render_2d_frame_start;
    r->frame_end = akgl_render_2d_frame_end;
    r->draw_sprite = draw_sprite_2d;
    r->draw_tile = akgl_render_2d_draw_tile;
    r->draw_sprite_ex = akgl_render_2d_draw_sprite_ex;
    r->shutdown = shutdown_2d;
    game.renderer = r;
    game.camera = r->camera;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_render_2d_init(akgl_Renderer *r)
{
    int w = 0, h = 0;
    akgl_RenderLogical logical = {0, 0, SDL_LOGICAL_PRESENTATION_DISABLED};
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_render_sdl_create(r, game.name, &w, &h, &logical));
    akerr_ErrorContext *bound = bind_2d(r, w, h, &logical);
    if (bound != NULL) {
        IGNORE(shutdown_2d(r)); /* nothing half-made stays */
        PASS(errctx, bound);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_render_2d_bind(akgl_Renderer *r, SDL_Renderer *existing)
{
    int w = 0, h = 0;
    akgl_RenderLogical logical = {0, 0, SDL_LOGICAL_PRESENTATION_DISABLED};
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_render_sdl_adopt(r, existing, &w, &h, &logical));
    akerr_ErrorContext *bound = bind_2d(r, w, h, &logical);
    if (bound != NULL) {
        /* The renderer stays the game's, with its presentation as it was. */
        (void)akgl_render_sdl_release(r);
        PASS(errctx, bound);
    }
    SUCCEED_RETURN(errctx);
}
