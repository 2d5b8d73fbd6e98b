/*
 * The 2D render backend: window and renderer creation or binding, and the
 * frame pointers. Drawing sprites and tiles goes through the same struct.
 */
#include <akgl/render.h>

#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/registry.h>
#include <akgl/tilemap.h>
#include <akstdlib.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#define AKGL_RENDER_MAX_SIDE 16384

static akerr_ErrorContext *frame_start_2d(akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "frame_start: NULL renderer");
    FAIL_ZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR, "frame_start: renderer not bound");
    SDL_Color c = r->clear_color;
    if (!SDL_SetRenderDrawColor(r->sdl_renderer, c.r, c.g, c.b, c.a) ||
        !SDL_RenderClear(r->sdl_renderer)) {
        FAIL_RETURN(errctx, AKERR_API, "frame_start: %s", SDL_GetError());
    }
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

static akerr_ErrorContext *draw_sprite_2d(akgl_Renderer *r, akgl_Sprite *sprite, int frameid,
                                          float x, float y, SDL_FlipMode flip)
{
    SDL_FRect src;
    bool seen = true;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "draw_sprite: NULL renderer");
    FAIL_ZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR, "draw_sprite: renderer not bound");
    PASS(errctx, akgl_spritesheet_coords_for_frame(sprite, frameid, &src));
    SDL_FRect dst = {x, y, src.w, src.h};
    if (r->camera != NULL) {
        PASS(errctx, akgl_camera_sees(r->camera, &dst, &seen));
        dst.x -= r->camera->x;
        dst.y -= r->camera->y;
    }
    if (!seen) {
        r->stats.culled++;
        SUCCEED_RETURN(errctx);
    }
    if (!SDL_RenderTextureRotated(r->sdl_renderer, sprite->sheet->texture, &src, &dst, 0.0, NULL,
                                  flip)) {
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

static akerr_ErrorContext *draw_tile_2d(akgl_Renderer *r, const akgl_RenderTile *t)
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
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *bind_2d(akgl_Renderer *r, int screen_w, int screen_h)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_camera_init(&r->own_camera, (float)screen_w, (float)screen_h));
    r->camera = &r->own_camera;
    r->clear_color = (SDL_Color){0, 0, 0, 255};
    r->frame_start = frame_start_2d;
    r->frame_end = frame_end_2d;
    r->draw_sprite = draw_sprite_2d;
    r->draw_tile = draw_tile_2d;
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
    PASS(errctx, bind_2d(r, w, h));
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
    if (!SDL_GetCurrentRenderOutputSize(existing, &w, &h)) {
        FAIL_RETURN(errctx, AKERR_API, "akgl_render_2d_bind: cannot read the output size: %s",
                    SDL_GetError());
    }
    /* The properties' screen size wins when the game set one. */
    if (SDL_HasProperty(AKGL_REGISTRY_PROPERTIES, "game.screenwidth") &&
        SDL_HasProperty(AKGL_REGISTRY_PROPERTIES, "game.screenheight")) {
        PASS(errctx, screen_side("game.screenwidth", &w));
        PASS(errctx, screen_side("game.screenheight", &h));
    }
    memset(r, 0, sizeof(*r));
    r->sdl_renderer = existing;
    r->window = SDL_GetRenderWindow(existing);
    r->owns_sdl = false;
    PASS(errctx, bind_2d(r, w, h));
    SUCCEED_RETURN(errctx);
}
