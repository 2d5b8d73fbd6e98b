/*
 * The 2D render backend's window and SDL renderer: made from the properties
 * or adopted from the game, the frame's start (with the bars) and end, the
 * logical presentation, event mapping, screenshots and the transform check.
 *
 * Layer: backend. It knows no sprite, tile or camera movement: render_2d.c
 * (world) draws those and assembles the backend's table from the calls
 * here (render_private.h). A change of logical size resizes the view the
 * renderer draws through, its camera's rectangle, whose type is the
 * backend's (akgl/render.h); moving a camera is the world's (camera.c).
 */
#include <akgl/render.h>

#include <akgl/game_object.h>
#include <akgl/registry.h>

#include "image_private.h"
#include "render_private.h"

#include <SDL3_image/SDL_image.h>
#include <math.h>
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
    if (r->target != NULL) {
        /* Left bound by a frame that failed half-way, say: let go of it, so
         * the next frame starts clean, and say so. */
        const akgl_Image *inside = r->target;
        bool unbound = akgl_render_target_unbind(r);
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "frame_start: %s was still being drawn into (akgl_render_target_end "
                    "missing); it was let go of%s%s", inside->path,
                    unbound ? "" : ", but SDL refused: ", unbound ? "" : SDL_GetError());
    }
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
    r->in_frame = true;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_render_2d_frame_end(akgl_Renderer *r)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "frame_end: NULL renderer");
    FAIL_ZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR, "frame_end: renderer not bound");
    r->in_frame = false; /* presented or not, the frame is over */
    /* A frame that ends inside a target: the screen and the camera are put
     * back and the frame presented, then the missing end is reported. */
    const akgl_Image *inside = r->target; /* still a live image after the unbind */
    bool unbound = akgl_render_target_unbind(r);
    FAIL_ZERO_RETURN(errctx, unbound, AKERR_API,
                     "frame_end: cannot put the screen back as the render target: %s",
                     SDL_GetError());
    FAIL_ZERO_RETURN(errctx, SDL_RenderPresent(r->sdl_renderer), AKERR_API, "frame_end: %s",
                     SDL_GetError());
    FAIL_NONZERO_RETURN(errctx, inside, AKERR_BEHAVIOR,
                        "frame_end: the frame ended inside %s (akgl_render_target_end "
                        "missing); the screen and the camera were put back and the frame "
                        "presented", inside ? inside->path : "");
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

/*
 * The window and the renderer of akgl_render_2d_init (render_private.h). The
 * properties are read before anything is made, so a bad one makes nothing.
 */
akerr_ErrorContext *akgl_render_sdl_create(akgl_Renderer *r, const char *title, int *w, int *h,
                                           akgl_RenderLogical *logical)
{
    bool video_started = false;
    const char *driver = NULL; /* NULL: SDL's choice, which the hint steers */
    const char *hint = NULL;
    bool named = false; /* the user named a driver (SDL_HINT_RENDER_DRIVER) */
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "akgl_render_2d_init: NULL renderer");
    FAIL_NONZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR,
                        "akgl_render_2d_init: this renderer is bound already (shutdown first)");
    PASS(errctx, screen_side("game.screenwidth", w));
    PASS(errctx, screen_side("game.screenheight", h));
    PASS(errctx, logical_from_properties(&logical->w, &logical->h, &logical->mode));
    ATTEMPT {
        FAIL_ZERO_BREAK(errctx, SDL_InitSubSystem(SDL_INIT_VIDEO), AKERR_API,
                        "akgl_render_2d_init: cannot start SDL video: %s", SDL_GetError());
        video_started = true;
        hint = SDL_GetHint(SDL_HINT_RENDER_DRIVER);
        named = hint != NULL && hint[0] != '\0';
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
            /* SDL's software renderer, unless the user named one: SDL's
             * default there is OpenGL on a software GL (Mesa), several times
             * slower and hundreds of MB larger for the same pixels. */
            if (!named) {
                driver = "software";
            }
        }
        r->window = SDL_CreateWindow(title, *w, *h, 0);
        FAIL_ZERO_BREAK(errctx, r->window, AKERR_API,
                        "akgl_render_2d_init: cannot create a %dx%d window: %s", *w, *h,
                        SDL_GetError());
        r->sdl_renderer = SDL_CreateRenderer(r->window, driver);
        FAIL_ZERO_BREAK(errctx, r->sdl_renderer, AKERR_API,
                        "akgl_render_2d_init: cannot create a renderer (%s%s%s): %s",
                        named ? SDL_HINT_RENDER_DRIVER " is \"" : driver ? "\"" : "SDL's choice",
                        named ? hint : driver ? driver : "", named || driver ? "\"" : "",
                        SDL_GetError());
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
    SUCCEED_RETURN(errctx);
}

/* The SDL renderer of akgl_render_2d_bind (render_private.h), which stays the game's. */
akerr_ErrorContext *akgl_render_sdl_adopt(akgl_Renderer *r, SDL_Renderer *existing, int *w,
                                          int *h, akgl_RenderLogical *logical)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, r, AKERR_NULLPOINTER, "akgl_render_2d_bind: NULL renderer");
    FAIL_ZERO_RETURN(errctx, existing, AKERR_NULLPOINTER,
                     "akgl_render_2d_bind: NULL SDL renderer");
    FAIL_NONZERO_RETURN(errctx, r->sdl_renderer, AKERR_BEHAVIOR,
                        "akgl_render_2d_bind: this renderer is bound already (shutdown first)");
    akgl_RenderLogical prior; /* what shutdown puts back */
    if (!SDL_GetCurrentRenderOutputSize(existing, w, h) ||
        !SDL_GetRenderLogicalPresentation(existing, &prior.w, &prior.h, &prior.mode)) {
        FAIL_RETURN(errctx, AKERR_API,
                    "akgl_render_2d_bind: cannot read the output size or logical presentation: %s",
                    SDL_GetError());
    }
    /* The properties' screen size wins when the game set one. */
    if (SDL_HasProperty(AKGL_REGISTRY_PROPERTIES, "game.screenwidth") &&
        SDL_HasProperty(AKGL_REGISTRY_PROPERTIES, "game.screenheight")) {
        PASS(errctx, screen_side("game.screenwidth", w));
        PASS(errctx, screen_side("game.screenheight", h));
    }
    PASS(errctx, logical_from_properties(&logical->w, &logical->h, &logical->mode));
    memset(r, 0, sizeof(*r));
    r->sdl_renderer = existing;
    r->window = SDL_GetRenderWindow(existing);
    r->owns_sdl = false;
    r->prior_logical = prior;
    SUCCEED_RETURN(errctx);
}

/* The logical size from the properties, on the bound renderer (render_private.h). */
akerr_ErrorContext *akgl_render_sdl_present(akgl_Renderer *r, const akgl_RenderLogical *logical,
                                            int *w, int *h)
{
    PREPARE_ERROR(errctx);
    if (logical->mode != SDL_LOGICAL_PRESENTATION_DISABLED) {
        if (!SDL_SetRenderLogicalPresentation(r->sdl_renderer, logical->w, logical->h,
                                              logical->mode)) {
            FAIL_RETURN(errctx, AKERR_API, "cannot set a %dx%d logical presentation: %s",
                        logical->w, logical->h, SDL_GetError());
        }
        *w = logical->w;
        *h = logical->h;
    }
    SUCCEED_RETURN(errctx);
}

/* Undoes create or adopt (render_private.h). */
bool akgl_render_sdl_release(akgl_Renderer *r)
{
    /* A target still bound is let go of: the game's renderer draws to its
     * window again. */
    if (r->sdl_renderer != NULL) {
        (void)akgl_render_target_unbind(r);
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
    memset(r, 0, sizeof(*r));
    return restored;
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

/* The blend modes akgl takes, by the names data uses (akgl/render.h). */
static const struct
{
    const char *name;
    SDL_BlendMode mode;
} BLEND_MODES[] = {
    {"blend", SDL_BLENDMODE_BLEND},
    {"add", SDL_BLENDMODE_ADD},
    {"multiply", SDL_BLENDMODE_MUL},
    {"none", SDL_BLENDMODE_NONE},
};

akerr_ErrorContext *akgl_render_bound(const char *who, akgl_Renderer **dest)
{
    PREPARE_ERROR(errctx);
    akgl_Renderer *r = game.renderer;
    FAIL_NONZERO_RETURN(errctx, r == NULL || r->sdl_renderer == NULL, AKERR_BEHAVIOR,
                        "%s: no renderer is bound (akgl_render_2d_init or akgl_render_2d_bind "
                        "first)", who);
    *dest = r;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_render_blend_from_name(const char *name, SDL_BlendMode *out)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_render_blend_from_name: NULL name");
    FAIL_ZERO_RETURN(errctx, out, AKERR_NULLPOINTER, "akgl_render_blend_from_name: NULL out");
    for (size_t i = 0; i < SDL_arraysize(BLEND_MODES); i++) {
        if (strcmp(name, BLEND_MODES[i].name) == 0) {
            *out = BLEND_MODES[i].mode;
            SUCCEED_RETURN(errctx);
        }
    }
    FAIL_RETURN(errctx, AKERR_VALUE,
                "blend mode \"%.32s\" is not one akgl knows; it must be blend, add, multiply "
                "or none", name);
}

akerr_ErrorContext *akgl_render_check_blend(SDL_BlendMode mode, const char *who)
{
    PREPARE_ERROR(errctx);
    for (size_t i = 0; i < SDL_arraysize(BLEND_MODES); i++) {
        if (mode == BLEND_MODES[i].mode) {
            SUCCEED_RETURN(errctx);
        }
    }
    FAIL_RETURN(errctx, AKERR_VALUE,
                "%s: blend mode 0x%08x is not one akgl takes; it must be SDL_BLENDMODE_BLEND, "
                "_ADD, _MUL or _NONE (\"blend\", \"add\", \"multiply\", \"none\")",
                who != NULL ? who : "blend", (unsigned)mode);
}

/* The bound render target let go of (render_private.h). */
bool akgl_render_target_unbind(akgl_Renderer *r)
{
    if (r->target == NULL) {
        return true;
    }
    r->target->bound = false;
    r->target = NULL;
    r->camera = r->target_prior_camera;
    r->target_prior_camera = NULL;
    return SDL_SetRenderTarget(r->sdl_renderer, NULL);
}
