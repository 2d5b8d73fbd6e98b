/*
 * Immediate drawing (akgl/draw.h): shapes and images in world or screen
 * coordinates, for the frame being drawn.
 *
 * Layer: world. Every position goes through view_transform, the one place
 * a draw meets the camera: world positions go through the camera's, and
 * screen ones are left alone. The transform is a general one (a uniform
 * scale and a turn, then a move: screen = [a -b; b a] world + t), the
 * camera's zoom and rotation, and every shape, image and cull below is
 * written against it. The pixels themselves are the backend's
 * (render_draw.c).
 */
#include <akgl/draw.h>

#include <akgl/game_object.h>

#include "image_private.h"
#include "render_draw_private.h"
#include "render_private.h"

#include <math.h>

/* Coordinates past this (in screen pixels) are cut to the view before SDL
 * sees them: SDL's software renderer turns them into ints. */
#define FAR_AWAY 65536.0f

/* Where a draw lands: screen = [a -b; b a] p + (tx, ty), and the screen. */
typedef struct DrawView
{
    akgl_Renderer *r;
    float a, b;     /* scale times the cosine and sine of the turn */
    float tx, ty;   /* the move */
    SDL_FRect view; /* the screen in its own pixels, which draws are culled against */
} DrawView;

/*
 * The one transform of every draw. World: through the camera (its move,
 * zoom, turn and shake: akgl_render_camera_xform); screen: the identity.
 * Without a camera, world and screen coincide. The view is the camera's
 * size (the screen's, or the logical size under one), or without a camera
 * the renderer's logical or output size.
 */
static bool view_transform(akgl_Renderer *r, akgl_DrawSpace space, DrawView *v)
{
    const akgl_Camera *cam = r->camera;
    v->r = r;
    v->a = 1.0f;
    v->b = 0.0f;
    v->tx = 0.0f;
    v->ty = 0.0f;
    if (cam != NULL) {
        v->view = (SDL_FRect){0.0f, 0.0f, cam->w, cam->h};
        if (space == AKGL_DRAW_WORLD) {
            akgl_CameraXform x;
            akgl_render_camera_xform(cam, &x);
            v->a = x.a;
            v->b = x.b;
            v->tx = x.tx;
            v->ty = x.ty;
        }
        return true;
    }
    int w = 0, h = 0;
    SDL_RendererLogicalPresentation mode = SDL_LOGICAL_PRESENTATION_DISABLED;
    if (!SDL_GetRenderLogicalPresentation(r->sdl_renderer, &w, &h, &mode)) {
        return false;
    }
    if (mode == SDL_LOGICAL_PRESENTATION_DISABLED &&
        !SDL_GetCurrentRenderOutputSize(r->sdl_renderer, &w, &h)) {
        return false;
    }
    v->view = (SDL_FRect){0.0f, 0.0f, (float)w, (float)h};
    return true;
}

static SDL_FPoint to_screen(const DrawView *v, float x, float y)
{
    return (SDL_FPoint){v->a * x - v->b * y + v->tx, v->b * x + v->a * y + v->ty};
}

/* The scale the transform applies to lengths (a radius, an image's size). */
static float view_scale(const DrawView *v)
{
    return sqrtf(v->a * v->a + v->b * v->b);
}

/* The turn it applies, in degrees clockwise. */
static double view_angle(const DrawView *v)
{
    return v->b == 0.0f ? 0.0 : atan2((double)v->b, (double)v->a) * 180.0 / SDL_PI_D;
}

/* Whether the screen box (x0, y0)-(x1, y1) reaches into the view (one that
 * only touches its edge from outside does not). */
static bool view_sees(const DrawView *v, float x0, float y0, float x1, float y1)
{
    return x0 < v->view.x + v->view.w && x1 > v->view.x && y0 < v->view.y + v->view.h &&
           y1 > v->view.y;
}

/* The bounding box of points p[0..n-1]. */
static void box_of(const SDL_FPoint *p, int n, float *x0, float *y0, float *x1, float *y1)
{
    *x0 = *x1 = p[0].x;
    *y0 = *y1 = p[0].y;
    for (int i = 1; i < n; i++) {
        *x0 = p[i].x < *x0 ? p[i].x : *x0;
        *x1 = p[i].x > *x1 ? p[i].x : *x1;
        *y0 = p[i].y < *y0 ? p[i].y : *y0;
        *y1 = p[i].y > *y1 ? p[i].y : *y1;
    }
}

static bool far_away(float v)
{
    return !(v > -FAR_AWAY && v < FAR_AWAY);
}

static akerr_ErrorContext *check_finite(const char *who, const char *field, float value)
{
    PREPARE_ERROR(errctx);
    if (!isfinite(value)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: %s is %g; it must be a finite number", who, field,
                    (double)value);
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *check_space(const char *who, akgl_DrawSpace space)
{
    PREPARE_ERROR(errctx);
    if (space != AKGL_DRAW_SCREEN && space != AKGL_DRAW_WORLD) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "%s: unknown draw space %d; it must be AKGL_DRAW_SCREEN (0) or "
                    "AKGL_DRAW_WORLD (1)", who, (int)space);
    }
    SUCCEED_RETURN(errctx);
}

/* The bound renderer, inside a frame, and where the draw lands. */
static akerr_ErrorContext *draw_begin(const char *who, akgl_DrawSpace space, DrawView *v)
{
    PREPARE_ERROR(errctx);
    akgl_Renderer *r = NULL;
    PASS(errctx, akgl_render_bound(who, &r));
    if (!r->in_frame && r->target == NULL) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "%s: outside a frame: draw between frame_start and frame_end (from the "
                    "app's draw callback, the game's overlay or an actor's renderfunc), or "
                    "into a render target; anything drawn before frame_start is cleared", who);
    }
    FAIL_ZERO_RETURN(errctx, view_transform(r, space, v), AKERR_API,
                     "%s: cannot read the renderer's size: %s", who, SDL_GetError());
    SUCCEED_RETURN(errctx);
}

/* What a primitive's result means to the caller: counted, or SDL's error. */
static akerr_ErrorContext *submitted(const char *who, DrawView *v, bool drawn)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, drawn, AKERR_API, "%s: %s", who, SDL_GetError());
    v->r->stats.submitted++;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_draw_point(akgl_DrawSpace space, float x, float y, SDL_Color color)
{
    static const char who[] = "akgl_draw_point";
    DrawView v;
    PREPARE_ERROR(errctx);
    PASS(errctx, check_space(who, space));
    PASS(errctx, check_finite(who, "x", x));
    PASS(errctx, check_finite(who, "y", y));
    PASS(errctx, draw_begin(who, space, &v));
    SDL_FPoint p = to_screen(&v, x, y);
    /* A point covers the pixel it lies in. */
    if (!view_sees(&v, p.x, p.y, p.x + 1.0f, p.y + 1.0f)) {
        v.r->stats.culled++;
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, submitted(who, &v, akgl_render_prim_point(v.r, p.x, p.y, color)));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_draw_line(akgl_DrawSpace space, float x1, float y1, float x2, float y2,
                                   SDL_Color color)
{
    static const char who[] = "akgl_draw_line";
    DrawView v;
    float bx0, by0, bx1, by1;
    PREPARE_ERROR(errctx);
    PASS(errctx, check_space(who, space));
    PASS(errctx, check_finite(who, "x1", x1));
    PASS(errctx, check_finite(who, "y1", y1));
    PASS(errctx, check_finite(who, "x2", x2));
    PASS(errctx, check_finite(who, "y2", y2));
    PASS(errctx, draw_begin(who, space, &v));
    SDL_FPoint p[2] = {to_screen(&v, x1, y1), to_screen(&v, x2, y2)};
    box_of(p, 2, &bx0, &by0, &bx1, &by1);
    if (!view_sees(&v, bx0, by0, bx1 + 1.0f, by1 + 1.0f)) {
        v.r->stats.culled++;
        SUCCEED_RETURN(errctx);
    }
    if (far_away(bx0) || far_away(by0) || far_away(bx1) || far_away(by1)) {
        /* Cut to the view and a margin: the part SDL draws is the visible one. */
        SDL_FRect around = {v.view.x - 2.0f, v.view.y - 2.0f, v.view.w + 4.0f, v.view.h + 4.0f};
        if (!SDL_GetRectAndLineIntersectionFloat(&around, &p[0].x, &p[0].y, &p[1].x, &p[1].y)) {
            v.r->stats.culled++;
            SUCCEED_RETURN(errctx);
        }
    }
    PASS(errctx, submitted(who, &v,
                           akgl_render_prim_line(v.r, p[0].x, p[0].y, p[1].x, p[1].y, color)));
    SUCCEED_RETURN(errctx);
}

/* Both rectangles: checks, transform, cull, and the quad. */
static akerr_ErrorContext *draw_rect(const char *who, akgl_DrawSpace space, float x, float y,
                                     float w, float h, bool filled, SDL_Color color)
{
    DrawView v;
    float bx0, by0, bx1, by1;
    PREPARE_ERROR(errctx);
    PASS(errctx, check_space(who, space));
    PASS(errctx, check_finite(who, "x", x));
    PASS(errctx, check_finite(who, "y", y));
    PASS(errctx, check_finite(who, "w", w));
    PASS(errctx, check_finite(who, "h", h));
    if (w < 0.0f || h < 0.0f) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: a rectangle of %gx%g; its width and height must "
                    "be 0 or more", who, (double)w, (double)h);
    }
    PASS(errctx, draw_begin(who, space, &v));
    if (w == 0.0f || h == 0.0f) {
        SUCCEED_RETURN(errctx); /* nothing to draw */
    }
    SDL_FPoint p[4] = {to_screen(&v, x, y), to_screen(&v, x + w, y), to_screen(&v, x + w, y + h),
                       to_screen(&v, x, y + h)};
    box_of(p, 4, &bx0, &by0, &bx1, &by1);
    if (!view_sees(&v, bx0, by0, bx1, by1)) {
        v.r->stats.culled++;
        SUCCEED_RETURN(errctx);
    }
    if (v.b == 0.0f && (far_away(bx0) || far_away(by0) || far_away(bx1) || far_away(by1))) {
        /* Cut to the view and a margin: an outline's cut edges fall in the
         * margin, off the screen. */
        float x0 = SDL_max(bx0, v.view.x - 2.0f), y0 = SDL_max(by0, v.view.y - 2.0f);
        float x1 = SDL_min(bx1, v.view.x + v.view.w + 2.0f);
        float y1 = SDL_min(by1, v.view.y + v.view.h + 2.0f);
        p[0] = (SDL_FPoint){x0, y0};
        p[1] = (SDL_FPoint){x1, y0};
        p[2] = (SDL_FPoint){x1, y1};
        p[3] = (SDL_FPoint){x0, y1};
    }
    PASS(errctx, submitted(who, &v, akgl_render_prim_quad(v.r, p, filled, color)));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_draw_rect(akgl_DrawSpace space, float x, float y, float w, float h,
                                   SDL_Color color)
{
    return draw_rect("akgl_draw_rect", space, x, y, w, h, false, color);
}

akerr_ErrorContext *akgl_draw_rect_filled(akgl_DrawSpace space, float x, float y, float w,
                                          float h, SDL_Color color)
{
    return draw_rect("akgl_draw_rect_filled", space, x, y, w, h, true, color);
}

static akerr_ErrorContext *draw_circle(const char *who, akgl_DrawSpace space, float x, float y,
                                       float radius, bool filled, SDL_Color color)
{
    DrawView v;
    PREPARE_ERROR(errctx);
    PASS(errctx, check_space(who, space));
    PASS(errctx, check_finite(who, "x", x));
    PASS(errctx, check_finite(who, "y", y));
    if (!(radius >= 0.0f && radius <= AKGL_DRAW_MAX_RADIUS)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: radius is %g; it must be 0..%g "
                    "(AKGL_DRAW_MAX_RADIUS)", who, (double)radius, (double)AKGL_DRAW_MAX_RADIUS);
    }
    PASS(errctx, draw_begin(who, space, &v));
    SDL_FPoint c = to_screen(&v, x, y);
    float rad = radius * view_scale(&v);
    /* The rounded radius reaches half a pixel further than the disc. */
    float reach = floorf(rad + 0.5f) + 1.0f;
    float cx = floorf(c.x), cy = floorf(c.y);
    if (!view_sees(&v, cx - reach + 1.0f, cy - reach + 1.0f, cx + reach, cy + reach)) {
        v.r->stats.culled++;
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, submitted(who, &v,
                           akgl_render_prim_circle(v.r, c.x, c.y, rad, filled, color, &v.view)));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_draw_circle(akgl_DrawSpace space, float x, float y, float radius,
                                     SDL_Color color)
{
    return draw_circle("akgl_draw_circle", space, x, y, radius, false, color);
}

akerr_ErrorContext *akgl_draw_circle_filled(akgl_DrawSpace space, float x, float y,
                                            float radius, SDL_Color color)
{
    return draw_circle("akgl_draw_circle_filled", space, x, y, radius, true, color);
}

/* The region of the image a draw shows: the whole, or `src` when it lies inside. */
static akerr_ErrorContext *image_region(const char *who, const akgl_Image *image,
                                        const SDL_FRect *src, SDL_FRect *dest)
{
    PREPARE_ERROR(errctx);
    if (src == NULL) {
        *dest = (SDL_FRect){0.0f, 0.0f, (float)image->w, (float)image->h};
        SUCCEED_RETURN(errctx);
    }
    PASS(errctx, check_finite(who, "src.x", src->x));
    PASS(errctx, check_finite(who, "src.y", src->y));
    PASS(errctx, check_finite(who, "src.w", src->w));
    PASS(errctx, check_finite(who, "src.h", src->h));
    if (!(src->w > 0.0f && src->h > 0.0f && src->x >= 0.0f && src->y >= 0.0f &&
          src->x + src->w <= (float)image->w && src->y + src->h <= (float)image->h)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "%s: image \"%s\": the region %gx%g at (%g, %g) is not inside the %dx%d "
                    "image (or is empty)", who, image->path, (double)src->w, (double)src->h,
                    (double)src->x, (double)src->y, image->w, image->h);
    }
    *dest = *src;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_draw_image_ex(akgl_DrawSpace space, akgl_Image *image,
                                       const SDL_FRect *src, float x, float y,
                                       const akgl_DrawParams *params)
{
    static const char who[] = "akgl_draw_image";
    const akgl_DrawParams plain = AKGL_DRAW_PARAMS_DEFAULT;
    DrawView v;
    SDL_FRect region;
    PREPARE_ERROR(errctx);
    PASS(errctx, check_space(who, space));
    FAIL_ZERO_RETURN(errctx, image, AKERR_NULLPOINTER, "%s: NULL image", who);
    if (image->refcount <= 0 || image->texture == NULL) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "%s: the image has been released (akgl_heap_release_image) or was never "
                    "loaded (akgl_image_load)", who);
    }
    PASS(errctx, check_finite(who, "x", x));
    PASS(errctx, check_finite(who, "y", y));
    PASS(errctx, image_region(who, image, src, &region));
    if (params != NULL) {
        PASS(errctx, akgl_render_check_params(params, who));
    }
    const akgl_DrawParams *p = params != NULL ? params : &plain;
    PASS(errctx, draw_begin(who, space, &v));
    if (image == v.r->target) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "%s: %s is being drawn into: it cannot be drawn into itself "
                    "(akgl_render_target_end first)", who, image->path);
    }
    if (image->renderer != v.r->sdl_renderer) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "%s: image \"%s\" was loaded for a renderer that is no longer bound (load "
                    "it again after binding)", who, image->path);
    }
    /* The pivot stays where it is on the unscaled region; scale and turn
     * about it, the view's own scale and turn on top. */
    float zoom = view_scale(&v);
    SDL_FPoint pivot = to_screen(&v, x + p->pivot_x * region.w, y + p->pivot_y * region.h);
    SDL_FRect dst;
    dst.w = region.w * p->scale_x * zoom;
    dst.h = region.h * p->scale_y * zoom;
    dst.x = pivot.x - p->pivot_x * dst.w;
    dst.y = pivot.y - p->pivot_y * dst.h;
    SDL_FPoint centre = {p->pivot_x * dst.w, p->pivot_y * dst.h};
    double angle = (double)p->rotation + view_angle(&v);
    /* Culled by the box of the turned rectangle. */
    SDL_FPoint corner[4] = {{dst.x, dst.y}, {dst.x + dst.w, dst.y},
                            {dst.x + dst.w, dst.y + dst.h}, {dst.x, dst.y + dst.h}};
    if (angle != 0.0) {
        double rad = angle * SDL_PI_D / 180.0, c = cos(rad), s = sin(rad);
        for (int i = 0; i < 4; i++) {
            double dx = (double)(corner[i].x - pivot.x), dy = (double)(corner[i].y - pivot.y);
            corner[i].x = (float)((double)pivot.x + dx * c - dy * s);
            corner[i].y = (float)((double)pivot.y + dx * s + dy * c);
        }
    }
    float bx0, by0, bx1, by1;
    box_of(corner, 4, &bx0, &by0, &bx1, &by1);
    if (!view_sees(&v, bx0, by0, bx1, by1)) {
        v.r->stats.culled++;
        SUCCEED_RETURN(errctx);
    }
    bool drawn = akgl_render_prim_texture(v.r, image->texture, &region, &dst, angle, &centre,
                                          p->flip, p->tint);
    if (!drawn) {
        FAIL_RETURN(errctx, AKERR_API, "%s: image \"%s\": %s", who, image->path,
                    SDL_GetError());
    }
    v.r->stats.submitted++;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_draw_image(akgl_DrawSpace space, akgl_Image *image, float x, float y)
{
    return akgl_draw_image_ex(space, image, NULL, x, y, NULL);
}
