/*
 * The 2D render backend: window and renderer creation or binding, and the
 * frame pointers. Drawing sprites and tiles goes through the same struct.
 */
#include <akgl/render.h>

#include <akgl/game_object.h>
#include <akgl/heap.h>
#include <akgl/registry.h>
#include <akgl/tilemap.h>
#include <akstdlib.h>

#include "render_private.h"
#include "sprite_private.h"

#include <SDL3_image/SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define AKGL_RENDER_MAX_SIDE 16384

/*
 * Under an integer or letterbox presentation the picture does not cover the
 * output: the bars are black whatever the clear colour. SDL_RenderClear
 * fills the whole output (it ignores the viewport), so the output is cleared
 * black and the picture alone, the viewport, filled with the clear colour
 * (unblended: it stands for a clear). SDL draws the letterbox bars again at
 * present; it draws none for the integer mode, so these are what shows.
 */
static bool clear_with_bars(SDL_Renderer *sdl, SDL_Color c)
{
    SDL_BlendMode blend = SDL_BLENDMODE_NONE;
    if (!SDL_GetRenderDrawBlendMode(sdl, &blend) || !SDL_SetRenderDrawColor(sdl, 0, 0, 0, 255) ||
        !SDL_RenderClear(sdl) || !SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_NONE)) {
        return false;
    }
    bool filled = SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a) && SDL_RenderFillRect(sdl, NULL);
    return SDL_SetRenderDrawBlendMode(sdl, blend) && filled;
}

akerr_ErrorContext *akgl_render_2d_frame_start(akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "frame_start: NULL renderer");
    FAIL_ZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR, "frame_start: renderer not bound");
    SDL_Color c = r->clear_color;
    SDL_RendererLogicalPresentation mode = SDL_LOGICAL_PRESENTATION_DISABLED;
    SDL_FRect picture = {0.0f, 0.0f, 0.0f, 0.0f};
    bool cleared = SDL_GetRenderLogicalPresentation(r->sdl_renderer, NULL, NULL, &mode) &&
                   SDL_GetRenderLogicalPresentationRect(r->sdl_renderer, &picture);
    /* Bars only where the picture starts inside the output (not when it
     * fills it, as at an exact multiple, nor when it is larger). */
    bool bars = (mode == SDL_LOGICAL_PRESENTATION_INTEGER_SCALE ||
                 mode == SDL_LOGICAL_PRESENTATION_LETTERBOX) &&
                (picture.x > 0.0f || picture.y > 0.0f);
    if (cleared && bars) {
        cleared = clear_with_bars(r->sdl_renderer, c);
    } else if (cleared) {
        cleared = SDL_SetRenderDrawColor(r->sdl_renderer, c.r, c.g, c.b, c.a) &&
                  SDL_RenderClear(r->sdl_renderer);
    }
    FAIL_ZERO_RETURN(errctx, cleared, AKERR_API, "frame_start: %s", SDL_GetError());
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *frame_end_2d(akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "frame_end: NULL renderer");
    FAIL_ZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR, "frame_end: renderer not bound");
    FAIL_ZERO_RETURN(errctx, SDL_RenderPresent(r->sdl_renderer), AKERR_API, "frame_end: %s",
                     SDL_GetError());
    SUCCEED_RETURN(errctx);
}

/* One number of a transform: finite, and for a scale within 0..AKGL_RENDER_MAX_SCALE. */
static akerr_ErrorContext *check_number(const char *who, const char *field, float v, bool scale)
{
    PREPARE_ERROR(errctx);
    if (!isfinite(v)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s is %g; it must be a finite number", who, field,
                    (double)v);
    }
    if (scale && (v < 0.0f || v > AKGL_RENDER_MAX_SCALE)) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "%s: %s is %g; a scale must be 0..%g (mirror with the flip instead)", who,
                    field, (double)v, (double)AKGL_RENDER_MAX_SCALE);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_render_check_params(const akgl_DrawParams *params, const char *who)
{
    PREPARE_ERROR(errctx);
    if (who == NULL) {
        who = "draw";
    }
    FAIL_ZERO_RETURN(errctx, params, AKERR_NULLPOINTER, "%s: NULL draw parameters", who);
    PASS(errctx, check_number(who, "scale_x", params->scale_x, true));
    PASS(errctx, check_number(who, "scale_y", params->scale_y, true));
    PASS(errctx, check_number(who, "rotation", params->rotation, false));
    PASS(errctx, check_number(who, "pivot_x", params->pivot_x, false));
    PASS(errctx, check_number(who, "pivot_y", params->pivot_y, false));
    SUCCEED_RETURN(errctx);
}

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
    if (identity(p)) {
        PASS(errctx, draw_plain(r, sprite, frameid, cached, x, y, p->flip));
        SUCCEED_RETURN(errctx);
    }
    if (params != NULL) {
        PASS(errctx, akgl_render_check_params(params, "draw_sprite_ex"));
    }
    src = *cached;
    transformed_rects(x, y, src.w, src.h, p, &dst, &centre, &box);
    if (r->camera != NULL) {
        PASS(errctx, akgl_camera_sees(r->camera, &box, &seen));
        dst.x -= r->camera->x;
        dst.y -= r->camera->y;
    }
    if (!seen) {
        r->stats.culled++;
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
    bool drawn = SDL_RenderTextureRotated(r->sdl_renderer, tex, &src, &dst, (double)p->rotation,
                                          &centre, p->flip);
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
    /* A bound renderer is the game's: it gets its presentation back. */
    bool restored = r->owns_sdl || r->sdl_renderer == NULL ||
                    SDL_SetRenderLogicalPresentation(r->sdl_renderer, r->prior_logical.w,
                                                     r->prior_logical.h, r->prior_logical.mode);
    if (r->owns_sdl) {
        if (r->sdl_renderer != NULL) {
            SDL_DestroyRenderer(r->sdl_renderer);
        }
        if (r->window != NULL) {
            SDL_DestroyWindow(r->window);
        }
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
    }
    if (game.renderer == r) {
        game.renderer = NULL;
    }
    memset(r, 0, sizeof(*r));
    FAIL_ZERO_RETURN(errctx, restored, AKERR_API,
                     "shutdown: cannot give the game's renderer its logical presentation back: %s",
                     SDL_GetError());
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *logical_from_properties(int *w, int *h,
                                                  SDL_RendererLogicalPresentation *mode);

/* The logical size from the properties, read before anything is made. */
typedef struct Logical
{
    int w, h;
    SDL_RendererLogicalPresentation mode;
} Logical;

static akerr_ErrorContext *bind_2d(akgl_Renderer *r, int screen_w, int screen_h,
                                   const Logical *logical)
{
    PREPARE_ERROR(errctx);
    if (logical->mode != SDL_LOGICAL_PRESENTATION_DISABLED) {
        if (!SDL_SetRenderLogicalPresentation(r->sdl_renderer, logical->w, logical->h,
                                              logical->mode)) {
            FAIL_RETURN(errctx, AKERR_API, "cannot set a %dx%d logical presentation: %s",
                        logical->w, logical->h, SDL_GetError());
        }
        screen_w = logical->w;
        screen_h = logical->h;
    }
    PASS(errctx, akgl_camera_init(&r->own_camera, (float)screen_w, (float)screen_h));
    r->camera = &r->own_camera;
    r->clear_color = (SDL_Color){0, 0, 0, 255};
    r->frame_start = akgl_render_2d_frame_start;
    r->frame_end = frame_end_2d;
    r->draw_sprite = draw_sprite_2d;
    r->draw_tile = akgl_render_2d_draw_tile;
    r->draw_sprite_ex = akgl_render_2d_draw_sprite_ex;
    r->shutdown = shutdown_2d;
    game.renderer = r;
    game.camera = r->camera;
    SUCCEED_RETURN(errctx);
}

/* Reads a screen-size property (required) as an int in 1..AKGL_RENDER_MAX_SIDE. */
static akerr_ErrorContext *screen_side(const char *key, int *dest)
{
    int side = 0;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_get_property_integer(key, &side, NULL));
    if (side < 1 || side > AKGL_RENDER_MAX_SIDE) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "property %s is %d; it must be 1..%d", key, side,
                    AKGL_RENDER_MAX_SIDE);
    }
    *dest = side;
    SUCCEED_RETURN(errctx);
}

static bool headless_driver(void)
{
    const char *driver = SDL_GetCurrentVideoDriver();
    return driver != NULL && (strcmp(driver, "offscreen") == 0 || strcmp(driver, "dummy") == 0);
}

akerr_ErrorContext *akgl_render_2d_init(akgl_Renderer *r)
{
    int w = 0, h = 0;
    bool video_started = false;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "akgl_render_2d_init: NULL renderer");
    FAIL_NONZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR,
                        "akgl_render_2d_init: this renderer is bound already (shutdown first)");
    PASS(errctx, screen_side("game.screenwidth", &w));
    PASS(errctx, screen_side("game.screenheight", &h));
    Logical logical = {0, 0, SDL_LOGICAL_PRESENTATION_DISABLED};
    PASS(errctx, logical_from_properties(&logical.w, &logical.h, &logical.mode));
    ATTEMPT {
        FAIL_ZERO_BREAK(errctx, SDL_InitSubSystem(SDL_INIT_VIDEO), AKERR_API,
                        "akgl_render_2d_init: cannot start SDL video: %s", SDL_GetError());
        video_started = true;
        if (headless_driver()) {
            /* Otherwise SDL loads a GL stack for the window surface. */
            const char *held = NULL;
            if (!SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0") &&
                ((held = SDL_GetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION)) == NULL ||
                 strcmp(held, "0") != 0)) {
                /* An environment variable or an override holds the hint: the
                 * user chose, so go on with their value, but say so. */
                akerr_log_method("akgl: warning: cannot turn framebuffer acceleration off for "
                                 "the headless driver (%s stays \"%s\"): %s",
                                 SDL_HINT_FRAMEBUFFER_ACCELERATION, held ? held : "",
                                 SDL_GetError());
            }
        }
        r->window = SDL_CreateWindow(game.name, w, h, 0);
        FAIL_ZERO_BREAK(errctx, r->window, AKERR_API,
                        "akgl_render_2d_init: cannot create a %dx%d window: %s", w, h,
                        SDL_GetError());
        r->sdl_renderer = SDL_CreateRenderer(r->window, NULL);
        FAIL_ZERO_BREAK(errctx, r->sdl_renderer, AKERR_API,
                        "akgl_render_2d_init: cannot create a renderer: %s", SDL_GetError());
    } CLEANUP {
    } PROCESS(errctx) {
        if (r->window != NULL) {
            SDL_DestroyWindow(r->window);
        }
        if (video_started) {
            SDL_QuitSubSystem(SDL_INIT_VIDEO);
        }
        memset(r, 0, sizeof(*r));
    } FINISH(errctx, true);
    r->owns_sdl = true;
    akerr_ErrorContext *bound = bind_2d(r, w, h, &logical);
    if (bound != NULL) {
        IGNORE(shutdown_2d(r)); /* nothing half-made stays */
        PASS(errctx, bound);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_render_2d_bind(akgl_Renderer *r, SDL_Renderer *existing)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "akgl_render_2d_bind: NULL renderer");
    FAIL_ZERO_RETURN(errctx, existing, AKERR_NULLPOINTER,
                     "akgl_render_2d_bind: NULL SDL renderer");
    FAIL_NONZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR,
                        "akgl_render_2d_bind: this renderer is bound already (shutdown first)");
    int w = 0, h = 0;
    akgl_RenderLogical prior; /* what shutdown puts back */
    if (!SDL_GetCurrentRenderOutputSize(existing, &w, &h) ||
        !SDL_GetRenderLogicalPresentation(existing, &prior.w, &prior.h, &prior.mode)) {
        FAIL_RETURN(errctx, AKERR_API,
                    "akgl_render_2d_bind: cannot read the output size or logical presentation: %s",
                    SDL_GetError());
    }
    /* The properties' screen size wins when the game set one. */
    if (SDL_HasProperty(AKGL_REGISTRY_PROPERTIES, "game.screenwidth") &&
        SDL_HasProperty(AKGL_REGISTRY_PROPERTIES, "game.screenheight")) {
        PASS(errctx, screen_side("game.screenwidth", &w));
        PASS(errctx, screen_side("game.screenheight", &h));
    }
    Logical logical = {0, 0, SDL_LOGICAL_PRESENTATION_DISABLED};
    PASS(errctx, logical_from_properties(&logical.w, &logical.h, &logical.mode));
    memset(r, 0, sizeof(*r));
    r->sdl_renderer = existing;
    r->window = SDL_GetRenderWindow(existing);
    r->owns_sdl = false;
    r->prior_logical = prior;
    akerr_ErrorContext *bound = bind_2d(r, w, h, &logical);
    if (bound != NULL) {
        SDL_SetRenderLogicalPresentation(existing, prior.w, prior.h, prior.mode);
        memset(r, 0, sizeof(*r));
        PASS(errctx, bound);
    }
    SUCCEED_RETURN(errctx);
}

/* The presentation modes by property value, and back for messages. */
static const struct
{
    const char *name;
    SDL_RendererLogicalPresentation mode;
} LOGICAL_MODES[] = {
    {"integer", SDL_LOGICAL_PRESENTATION_INTEGER_SCALE},
    {"letterbox", SDL_LOGICAL_PRESENTATION_LETTERBOX},
    {"stretch", SDL_LOGICAL_PRESENTATION_STRETCH},
    {"overscan", SDL_LOGICAL_PRESENTATION_OVERSCAN},
};

/* game.logicalwidth/height/mode: both sizes or neither; the mode defaults to integer. */
static akerr_ErrorContext *logical_from_properties(int *w, int *h,
                                                  SDL_RendererLogicalPresentation *mode)
{
    PREPARE_ERROR(errctx);
    *mode = SDL_LOGICAL_PRESENTATION_DISABLED;
    bool has_w = SDL_HasProperty(AKGL_REGISTRY_PROPERTIES, "game.logicalwidth");
    bool has_h = SDL_HasProperty(AKGL_REGISTRY_PROPERTIES, "game.logicalheight");
    if (!has_w && !has_h) {
        SUCCEED_RETURN(errctx);
    }
    FAIL_ZERO_RETURN(errctx, has_w && has_h, AKERR_KEY,
                     "property %s is set but %s is not; a logical size needs both",
                     has_w ? "game.logicalwidth" : "game.logicalheight",
                     has_w ? "game.logicalheight" : "game.logicalwidth");
    PASS(errctx, screen_side("game.logicalwidth", w));
    PASS(errctx, screen_side("game.logicalheight", h));
    const char *name =
        SDL_GetStringProperty(AKGL_REGISTRY_PROPERTIES, "game.logicalmode", "integer");
    for (size_t i = 0; i < SDL_arraysize(LOGICAL_MODES); i++) {
        if (strcmp(name, LOGICAL_MODES[i].name) == 0) {
            *mode = LOGICAL_MODES[i].mode;
            SUCCEED_RETURN(errctx);
        }
    }
    FAIL_RETURN(errctx, AKERR_VALUE,
                "property game.logicalmode is \"%s\"; it must be integer, letterbox, stretch "
                "or overscan", name);
}

akerr_ErrorContext *akgl_render_set_logical_size(akgl_Renderer *r, int w, int h,
                                                 SDL_RendererLogicalPresentation mode)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "akgl_render_set_logical_size: NULL renderer");
    FAIL_ZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR,
                     "akgl_render_set_logical_size: renderer not bound");
    bool known = mode == SDL_LOGICAL_PRESENTATION_DISABLED;
    for (size_t i = 0; i < SDL_arraysize(LOGICAL_MODES); i++) {
        known = known || mode == LOGICAL_MODES[i].mode;
    }
    FAIL_ZERO_RETURN(errctx, known, AKERR_VALUE,
                     "akgl_render_set_logical_size: unknown presentation mode %d", (int)mode);
    if (mode != SDL_LOGICAL_PRESENTATION_DISABLED &&
        (w < 1 || w > AKGL_RENDER_MAX_SIDE || h < 1 || h > AKGL_RENDER_MAX_SIDE)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_render_set_logical_size: %dx%d; each side must be 1..%d", w, h,
                    AKGL_RENDER_MAX_SIDE);
    }
    if (!SDL_SetRenderLogicalPresentation(r->sdl_renderer, w, h, mode)) {
        FAIL_RETURN(errctx, AKERR_API, "akgl_render_set_logical_size: %s", SDL_GetError());
    }
    if (mode == SDL_LOGICAL_PRESENTATION_DISABLED &&
        !SDL_GetCurrentRenderOutputSize(r->sdl_renderer, &w, &h)) {
        FAIL_RETURN(errctx, AKERR_API, "akgl_render_set_logical_size: %s", SDL_GetError());
    }
    /* The camera shows what the game draws: the logical screen. */
    if (r->camera != NULL) {
        r->camera->w = (float)w;
        r->camera->h = (float)h;
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_render_map_event(akgl_Renderer *r, SDL_Event *event)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "akgl_render_map_event: NULL renderer");
    FAIL_ZERO_RETURN(errctx, event, AKERR_NULLPOINTER, "akgl_render_map_event: NULL event");
    FAIL_ZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR,
                     "akgl_render_map_event: renderer not bound");
    FAIL_ZERO_RETURN(errctx, SDL_ConvertEventToRenderCoordinates(r->sdl_renderer, event),
                     AKERR_API, "akgl_render_map_event: %s", SDL_GetError());
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_render_screenshot(akgl_Renderer *r, const char *path)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "akgl_render_screenshot: NULL renderer");
    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_render_screenshot: NULL path");
    FAIL_ZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR,
                     "akgl_render_screenshot: renderer not bound");
    SDL_Surface *shot = SDL_RenderReadPixels(r->sdl_renderer, NULL);
    FAIL_ZERO_RETURN(errctx, shot, AKERR_API, "akgl_render_screenshot: cannot read the frame "
                     "for \"%s\": %s", path, SDL_GetError());
    bool saved = IMG_SavePNG(shot, path);
    SDL_DestroySurface(shot);
    FAIL_ZERO_RETURN(errctx, saved, AKERR_IO, "akgl_render_screenshot: cannot write \"%s\": %s",
                     path, SDL_GetError());
    SUCCEED_RETURN(errctx);
}
