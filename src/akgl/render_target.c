/*
 * Render targets (akgl/image.h): images whose texture the game draws into,
 * between akgl_render_target_begin and akgl_render_target_end; and the blend
 * mode of an image.
 *
 * Layer: backend. A target is a slot of the image pool with a texture of
 * SDL_TEXTUREACCESS_TARGET, so everything that draws an image draws it. The
 * bound renderer keeps which target is bound and the camera to put back
 * (akgl_Renderer::target, target_prior_camera); while one is bound, the
 * draws of akgl/draw.h are accepted outside a frame too (draw.c), and
 * frame_start / frame_end (render.c) refuse / undo it.
 */
#include "image_private.h"

#include <akgl/game_object.h>
#include <akgl/heap.h>

#include "render_private.h"

#include <stdio.h>

/* The largest side the bound renderer takes, and whose limit it is. */
static Sint64 largest_side(SDL_Renderer *renderer, const char **whose)
{
    SDL_PropertiesID props = SDL_GetRendererProperties(renderer);
    Sint64 side = SDL_GetNumberProperty(props, SDL_PROP_RENDERER_MAX_TEXTURE_SIZE_NUMBER, 0);
    *whose = "this renderer's largest texture";
    if (side <= 0 || side > AKGL_IMAGE_MAX_SIDE) {
        side = AKGL_IMAGE_MAX_SIDE;
        *whose = "AKGL_IMAGE_MAX_SIDE";
    }
    return side;
}

/* Clears @p texture to transparent black, the renderer's target and draw colour put back. */
static bool clear_texture(SDL_Renderer *renderer, SDL_Texture *texture, SDL_Color c)
{
    SDL_Texture *prior = SDL_GetRenderTarget(renderer);
    Uint8 r = 0, g = 0, b = 0, a = 0;
    if (!SDL_GetRenderDrawColor(renderer, &r, &g, &b, &a)) {
        return false;
    }
    bool cleared = SDL_SetRenderTarget(renderer, texture) &&
                   SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a) &&
                   SDL_RenderClear(renderer);
    bool restored = SDL_SetRenderTarget(renderer, prior) &&
                    SDL_SetRenderDrawColor(renderer, r, g, b, a);
    return cleared && restored;
}

akerr_ErrorContext *akgl_render_target_create(int w, int h, akgl_Image **dest)
{
    static const char who[] = "akgl_render_target_create";
    akgl_Image *image = NULL;
    SDL_Texture *texture = NULL;
    const char *whose = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "%s: NULL destination", who);
    akgl_Renderer *r = NULL;
    PASS(errctx, akgl_render_bound(who, &r));
    Sint64 side = largest_side(r->sdl_renderer, &whose);
    if (w < 1 || h < 1 || (Sint64)w > side || (Sint64)h > side) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: a render target of %dx%d; each side must be 1..%lld (%s)", who, w,
                    h, (long long)side, whose);
    }
    if ((uint64_t)w * (uint64_t)h > AKGL_IMAGE_MAX_PIXELS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: a render target of %dx%d is %llu pixels; the limit is %u "
                    "(AKGL_IMAGE_MAX_PIXELS)", who, w, h,
                    (unsigned long long)w * (unsigned long long)h, AKGL_IMAGE_MAX_PIXELS);
    }
    texture = SDL_CreateTexture(r->sdl_renderer, SDL_PIXELFORMAT_ARGB8888,
                                SDL_TEXTUREACCESS_TARGET, w, h);
    FAIL_ZERO_RETURN(errctx, texture, AKERR_API, "%s: cannot make a %dx%d target texture: %s",
                     who, w, h, SDL_GetError());
    ATTEMPT {
        FAIL_ZERO_BREAK(errctx, SDL_SetTextureScaleMode(texture, SDL_SCALEMODE_NEAREST) &&
                                    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND),
                        AKERR_API, "%s: cannot set the %dx%d target's sampling or blending: %s",
                        who, w, h, SDL_GetError());
        FAIL_ZERO_BREAK(errctx,
                        clear_texture(r->sdl_renderer, texture, (SDL_Color){0, 0, 0, 0}),
                        AKERR_API, "%s: cannot clear the %dx%d target: %s", who, w, h,
                        SDL_GetError());
        CATCH(errctx, akgl_heap_next_image(&image));
    } CLEANUP {
    } PROCESS(errctx) {
        SDL_DestroyTexture(texture);
    } FINISH(errctx, true);
    snprintf(image->path, sizeof(image->path), "render target %dx%d", w, h);
    image->texture = texture;
    image->renderer = r->sdl_renderer;
    image->w = w;
    image->h = h;
    image->target = true;
    image->bound = false;
    *dest = image;
    SUCCEED_RETURN(errctx);
}

/* A live image (not released), for the calls below. */
static akerr_ErrorContext *check_live(const char *who, const akgl_Image *image)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, image, AKERR_NULLPOINTER, "%s: NULL image", who);
    if (image->refcount <= 0 || image->texture == NULL) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "%s: the image has been released (or was never loaded or made)", who);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_render_target_begin(akgl_Image *target, const SDL_Color *clear,
                                             akgl_Camera *camera)
{
    static const char who[] = "akgl_render_target_begin";
    PREPARE_ERROR(errctx);
    PASS(errctx, check_live(who, target));
    akgl_Renderer *r = NULL;
    PASS(errctx, akgl_render_bound(who, &r));
    if (!target->target) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "%s: image \"%s\" is not a render target (akgl_render_target_create "
                    "makes one)", who, target->path);
    }
    if (target->renderer != r->sdl_renderer) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "%s: %s was made for a renderer that is no longer bound", who,
                    target->path);
    }
    if (r->target != NULL) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "%s: %s is being drawn into already; targets do not nest "
                    "(akgl_render_target_end it before beginning %s)", who, r->target->path,
                    target->path);
    }
    SDL_Renderer *sdl = r->sdl_renderer;
    FAIL_ZERO_RETURN(errctx, SDL_SetRenderTarget(sdl, target->texture), AKERR_API,
                     "%s: %s: %s", who, target->path, SDL_GetError());
    if (clear != NULL) {
        Uint8 cr = 0, cg = 0, cb = 0, ca = 0;
        bool cleared = SDL_GetRenderDrawColor(sdl, &cr, &cg, &cb, &ca) &&
                       SDL_SetRenderDrawColor(sdl, clear->r, clear->g, clear->b, clear->a) &&
                       SDL_RenderClear(sdl) && SDL_SetRenderDrawColor(sdl, cr, cg, cb, ca);
        if (!cleared) {
            char why[256];
            SDL_strlcpy(why, SDL_GetError(), sizeof(why));
            (void)SDL_SetRenderTarget(sdl, NULL);
            FAIL_RETURN(errctx, AKERR_API, "%s: cannot clear %s: %s", who, target->path, why);
        }
    }
    r->target_prior_camera = r->camera;
    if (camera == NULL) {
        SDL_zero(r->target_camera);
        r->target_camera.w = (float)target->w;
        r->target_camera.h = (float)target->h;
        r->target_camera.zoom = 1.0f;
        camera = &r->target_camera;
    }
    r->camera = camera;
    r->target = target;
    target->bound = true;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_render_target_end(void)
{
    static const char who[] = "akgl_render_target_end";
    PREPARE_ERROR(errctx);
    akgl_Renderer *r = NULL;
    PASS(errctx, akgl_render_bound(who, &r));
    FAIL_ZERO_RETURN(errctx, r->target, AKERR_BEHAVIOR,
                     "%s: no render target is being drawn into (akgl_render_target_begin "
                     "first)", who);
    FAIL_ZERO_RETURN(errctx, akgl_render_target_unbind(r), AKERR_API, "%s: %s", who,
                     SDL_GetError());
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_image_set_blend(akgl_Image *image, SDL_BlendMode mode)
{
    static const char who[] = "akgl_image_set_blend";
    char label[AKGL_IMAGE_MAX_PATH_LENGTH + 40];
    PREPARE_ERROR(errctx);
    PASS(errctx, check_live(who, image));
    if (!akgl_render_blend_known(mode)) {
        /* Formatted only when refused. */
        snprintf(label, sizeof(label), "%s: image \"%s\"", who, image->path);
        PASS(errctx, akgl_render_check_blend(mode, label));
    }
    FAIL_ZERO_RETURN(errctx, SDL_SetTextureBlendMode(image->texture, mode), AKERR_API,
                     "%s: image \"%s\": blend mode %s: %s", who, image->path,
                     akgl_render_blend_label(mode), SDL_GetError());
    SUCCEED_RETURN(errctx);
}
