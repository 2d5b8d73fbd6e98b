/*
 * The backend's immediate primitives: points, lines, rectangles, circles
 * and texture regions on the SDL renderer, in screen pixels
 * (render_draw_private.h). The camera is not looked at here: draw.c (world)
 * turns world coordinates into screen ones first.
 *
 * Layer: backend. Nothing here allocates. A circle is the one shape SDL
 * has no call for: its rows are computed into a fixed buffer on the stack
 * (CIRCLE_BATCH rectangles) and handed to SDL_RenderFillRects each time it
 * fills, so a circle of any radius costs one small array and its rows.
 */
#include "render_draw_private.h"

#include <math.h>

/* Rows of a circle handed to SDL at once. */
#define CIRCLE_BATCH 128

/* The renderer's draw colour and blend mode before a primitive. */
typedef struct DrawState
{
    Uint8 r, g, b, a;
    SDL_BlendMode blend;
} DrawState;

/* Sets colour `c` for one draw, keeping what was there in *old. Opaque
 * colours replace the target (no blending to do); translucent ones blend. */
static bool state_set(SDL_Renderer *sdl, SDL_Color c, DrawState *old)
{
    return SDL_GetRenderDrawColor(sdl, &old->r, &old->g, &old->b, &old->a) &&
           SDL_GetRenderDrawBlendMode(sdl, &old->blend) &&
           SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a) &&
           SDL_SetRenderDrawBlendMode(sdl, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
}

/* Puts the colour and blend mode back; `ok` is the draw's own result. */
static bool state_restore(SDL_Renderer *sdl, const DrawState *old, bool ok)
{
    bool back = SDL_SetRenderDrawColor(sdl, old->r, old->g, old->b, old->a) &&
                SDL_SetRenderDrawBlendMode(sdl, old->blend);
    return ok && back;
}

bool akgl_render_prim_point(akgl_Renderer *r, float x, float y, SDL_Color c)
{
    DrawState old;
    if (!state_set(r->sdl_renderer, c, &old)) {
        return false;
    }
    return state_restore(r->sdl_renderer, &old, SDL_RenderPoint(r->sdl_renderer, x, y));
}

bool akgl_render_prim_line(akgl_Renderer *r, float x1, float y1, float x2, float y2,
                           SDL_Color c)
{
    DrawState old;
    if (!state_set(r->sdl_renderer, c, &old)) {
        return false;
    }
    return state_restore(r->sdl_renderer, &old, SDL_RenderLine(r->sdl_renderer, x1, y1, x2, y2));
}

bool akgl_render_prim_quad(akgl_Renderer *r, const SDL_FPoint p[4], bool filled, SDL_Color c)
{
    SDL_Renderer *sdl = r->sdl_renderer;
    DrawState old;
    bool drawn;
    if (!state_set(sdl, c, &old)) {
        return false;
    }
    bool aligned = p[0].y == p[1].y && p[1].x == p[2].x && p[2].y == p[3].y &&
                   p[3].x == p[0].x && p[2].x >= p[0].x && p[2].y >= p[0].y;
    if (aligned) {
        SDL_FRect rect = {p[0].x, p[0].y, p[2].x - p[0].x, p[2].y - p[0].y};
        drawn = filled ? SDL_RenderFillRect(sdl, &rect) : SDL_RenderRect(sdl, &rect);
    } else if (filled) {
        SDL_FColor fc = {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f};
        SDL_Vertex v[4];
        for (int i = 0; i < 4; i++) {
            v[i] = (SDL_Vertex){p[i], fc, {0.0f, 0.0f}};
        }
        static const int tri[6] = {0, 1, 2, 0, 2, 3};
        drawn = SDL_RenderGeometry(sdl, NULL, v, 4, tri, 6);
    } else {
        SDL_FPoint loop[5] = {p[0], p[1], p[2], p[3], p[0]};
        drawn = SDL_RenderLines(sdl, loop, 5);
    }
    return state_restore(sdl, &old, drawn);
}

/* floor(sqrt(v)) for 0 <= v, exactly (the double's root corrected by one). */
static long long isqrt_ll(long long v)
{
    long long s = (long long)sqrt((double)v);
    while (s > 0 && s * s > v) {
        s--;
    }
    while ((s + 1) * (s + 1) <= v) {
        s++;
    }
    return s;
}

/* The rows of one circle, batched into a fixed buffer. */
typedef struct CircleRows
{
    SDL_Renderer *sdl;
    SDL_FRect rows[CIRCLE_BATCH];
    int n;
    double xlo, xhi; /* spans are cut to these columns */
    bool ok;
} CircleRows;

static void rows_flush(CircleRows *c)
{
    if (c->n > 0 && c->ok) {
        c->ok = SDL_RenderFillRects(c->sdl, c->rows, c->n);
    }
    c->n = 0;
}

/* Pixels x0..x1 (inclusive) of row y. */
static void rows_add(CircleRows *c, long long x0, long long x1, long long y)
{
    double a = (double)x0 < c->xlo ? c->xlo : (double)x0;
    double b = (double)x1 > c->xhi ? c->xhi : (double)x1;
    if (b < a) {
        return;
    }
    c->rows[c->n++] = (SDL_FRect){(float)a, (float)y, (float)(b - a + 1.0), 1.0f};
    if (c->n == CIRCLE_BATCH) {
        rows_flush(c);
    }
}

bool akgl_render_prim_circle(akgl_Renderer *r, float cx, float cy, float radius, bool filled,
                             SDL_Color c, const SDL_FRect *clip)
{
    CircleRows rows;
    DrawState old;
    /* Far past any screen: what lies beyond is off it (and would not fit
     * the integer arithmetic below). */
    const double big = (double)AKGL_DRAW_MAX_RADIUS * 4.0;
    if (!(fabs((double)cx) <= big && fabs((double)cy) <= big && radius >= 0.0f)) {
        return true;
    }
    double rad = floor((double)radius + 0.5);
    long long R = (long long)(rad < big ? rad : big);
    long long ix = (long long)floor((double)cx), iy = (long long)floor((double)cy);
    long long rr = R * R + R; /* the disc: dx^2 + dy^2 <= R^2 + R */
    long long top = -R, bottom = R;
    rows.sdl = r->sdl_renderer;
    rows.n = 0;
    rows.ok = true;
    rows.xlo = (double)(ix - R);
    rows.xhi = (double)(ix + R);
    if (clip != NULL) {
        /* Only the rows on the screen, and spans cut a pixel outside it. */
        long long y0 = (long long)floor((double)clip->y) - 1 - iy;
        long long y1 = (long long)ceil((double)(clip->y + clip->h)) - iy;
        top = y0 > top ? y0 : top;
        bottom = y1 < bottom ? y1 : bottom;
        double x0 = floor((double)clip->x) - 1.0, x1 = ceil((double)(clip->x + clip->w));
        rows.xlo = x0 > rows.xlo ? x0 : rows.xlo;
        rows.xhi = x1 < rows.xhi ? x1 : rows.xhi;
    }
    if (top > bottom || rows.xlo > rows.xhi) {
        return true; /* nothing of it on the screen */
    }
    if (!state_set(rows.sdl, c, &old)) {
        return false;
    }
    for (long long dy = top; dy <= bottom; dy++) {
        long long a = dy < 0 ? -dy : dy;
        long long hw = isqrt_ll(rr - a * a);
        if (filled) {
            rows_add(&rows, ix - hw, ix + hw, iy + dy);
            continue;
        }
        /* The boundary: the row's ends, and the columns the next row out
         * does not cover (whose neighbour outwards is outside the disc). */
        long long inner = a < R ? isqrt_ll(rr - (a + 1) * (a + 1)) : -1;
        long long s = inner + 1 < hw ? inner + 1 : hw;
        if (s == 0) {
            rows_add(&rows, ix - hw, ix + hw, iy + dy);
        } else {
            rows_add(&rows, ix - hw, ix - s, iy + dy);
            rows_add(&rows, ix + s, ix + hw, iy + dy);
        }
    }
    rows_flush(&rows);
    return state_restore(rows.sdl, &old, rows.ok);
}

bool akgl_render_prim_texture(akgl_Renderer *r, SDL_Texture *texture, const SDL_FRect *src,
                              const SDL_FRect *dst, double angle, const SDL_FPoint *centre,
                              SDL_FlipMode flip, SDL_Color tint)
{
    Uint8 old_r = 255, old_g = 255, old_b = 255, old_a = 255;
    bool tinted = !(tint.r == 255 && tint.g == 255 && tint.b == 255 && tint.a == 255);
    if (tinted) {
        /* The image's texture is its own, but a tint is this draw's alone. */
        SDL_GetTextureColorMod(texture, &old_r, &old_g, &old_b);
        SDL_GetTextureAlphaMod(texture, &old_a);
        SDL_SetTextureColorMod(texture, tint.r, tint.g, tint.b);
        SDL_SetTextureAlphaMod(texture, tint.a);
    }
    bool drawn = angle == 0.0 && flip == SDL_FLIP_NONE
                     ? SDL_RenderTexture(r->sdl_renderer, texture, src, dst)
                     : SDL_RenderTextureRotated(r->sdl_renderer, texture, src, dst, angle, centre,
                                                flip);
    if (tinted) {
        SDL_SetTextureColorMod(texture, old_r, old_g, old_b);
        SDL_SetTextureAlphaMod(texture, old_a);
    }
    return drawn;
}
