/*
 * Batched sprite submission for GPU renderers (render_batch_private.h):
 * the buffers, the renderer choice, and the flush.
 *
 * Layer: backend. The buffers are allocated once, by akgl_game_init, and
 * reused; the frame path allocates nothing and formats nothing.
 */
#include "render_batch_private.h"

#include <akgl/error.h>

#include <stdlib.h>
#include <string.h>

akgl_RenderBatch akgl_render_batch;

/* One quad's indices, for a quad submitted on its own. */
static const int QUAD_INDICES[6] = {0, 1, 2, 0, 2, 3};

akerr_ErrorContext *akgl_render_batch_start(int quads)
{
    PREPARE_ERROR(errctx);
    akgl_render_batch_stop();
    if (quads < AKGL_RENDER_BATCH_MIN_QUADS) {
        quads = AKGL_RENDER_BATCH_MIN_QUADS;
    }
    if (quads > AKGL_RENDER_BATCH_MAX_QUADS) {
        quads = AKGL_RENDER_BATCH_MAX_QUADS;
    }
    SDL_Vertex *verts = malloc(sizeof(SDL_Vertex) * 4 * (size_t)quads);
    int *indices = malloc(sizeof(int) * 6 * (size_t)quads);
    if (verts == NULL || indices == NULL) {
        free(verts);
        free(indices);
        FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                    "akgl_game_init: cannot allocate the sprite batch for %d quads (%zu bytes)",
                    quads, (sizeof(SDL_Vertex) * 4 + sizeof(int) * 6) * (size_t)quads);
    }
    for (int q = 0; q < quads; q++) {
        for (int i = 0; i < 6; i++) {
            indices[6 * q + i] = 4 * q + QUAD_INDICES[i];
        }
    }
    akgl_render_batch.verts = verts;
    akgl_render_batch.indices = indices;
    akgl_render_batch.capacity = quads;
    SUCCEED_RETURN(errctx);
}

void akgl_render_batch_stop(void)
{
    free(akgl_render_batch.verts);
    free(akgl_render_batch.indices);
    memset(&akgl_render_batch, 0, sizeof(akgl_render_batch));
}

akerr_ErrorContext *akgl_render_batch_choose(SDL_Renderer *sdl, bool *batch)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, sdl, AKERR_NULLPOINTER, "akgl_render_batch_choose: NULL renderer");
    const char *hint = SDL_GetHint(AKGL_HINT_RENDER_BATCH);
    if (hint == NULL || hint[0] == '\0' || strcmp(hint, "auto") == 0) {
        /* SDL's software renderer blits a rectangle faster than it
         * rasterises two triangles; every other renderer draws triangles. */
        const char *name = SDL_GetRendererName(sdl);
        *batch = name == NULL || strcmp(name, SDL_SOFTWARE_RENDERER) != 0;
    } else if (strcmp(hint, "1") == 0) {
        *batch = true;
    } else if (strcmp(hint, "0") == 0) {
        *batch = false;
    } else {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s is \"%s\"; it must be 0, 1 or auto",
                    AKGL_HINT_RENDER_BATCH, hint);
    }
    SUCCEED_RETURN(errctx);
}

bool akgl_render_batch_begin(akgl_Renderer *r)
{
    akgl_RenderBatch *b = &akgl_render_batch;
    if (b->open) {
        return false; /* one is open: it goes on, and its opener ends it */
    }
    b->n = 0;
    b->texture = NULL;
    b->open = r != NULL && r->batch && b->capacity > 0 && r->sdl_renderer != NULL;
    b->r = b->open ? r : NULL;
    return b->open;
}

/*
 * Submits @p n quads of @p verts with @p texture drawn in @p blend. @p mod
 * is the texture's modulation before the call, put back after it: SDL
 * 3.2.10's software renderer draws a quad that is a rectangle as a
 * texture copy, setting the texture's modulation to the vertices' colour,
 * and leaves it there.
 */
static bool submit(akgl_Renderer *r, SDL_Texture *texture, SDL_BlendMode blend, SDL_FColor mod,
                   const SDL_Vertex *verts, const int *indices, int n)
{
    SDL_BlendMode had = blend;
    bool ok = blend == AKGL_RENDER_BATCH_TEXTURE_BLEND || SDL_GetTextureBlendMode(texture, &had);
    if (ok && had != blend) {
        ok = SDL_SetTextureBlendMode(texture, blend);
    }
    ok = ok && SDL_RenderGeometry(r->sdl_renderer, texture, verts, 4 * n, indices, 6 * n);
    SDL_SetTextureColorModFloat(texture, mod.r, mod.g, mod.b);
    SDL_SetTextureAlphaModFloat(texture, mod.a);
    if (had != blend) {
        SDL_SetTextureBlendMode(texture, had);
    }
    akgl_render_batch.calls++;
    return ok;
}

bool akgl_render_batch_flush(void)
{
    akgl_RenderBatch *b = &akgl_render_batch;
    if (b->n == 0) {
        return true;
    }
    int n = b->n;
    b->n = 0;
    return submit(b->r, b->texture, b->blend, b->mod, b->verts, b->indices, n);
}

bool akgl_render_batch_end(void)
{
    bool ok = akgl_render_batch_flush();
    akgl_RenderBatch *b = &akgl_render_batch;
    b->open = false;
    b->texture = NULL;
    b->r = NULL;
    return ok;
}

/* The UV scale and the modulation of @p texture. */
static bool texture_params(SDL_Texture *texture, float *iw, float *ih, SDL_FColor *mod)
{
    float w = 0.0f, h = 0.0f;
    if (!SDL_GetTextureSize(texture, &w, &h) ||
        !SDL_GetTextureColorModFloat(texture, &mod->r, &mod->g, &mod->b) ||
        !SDL_GetTextureAlphaModFloat(texture, &mod->a)) {
        return false;
    }
    *iw = 1.0f / w;
    *ih = 1.0f / h;
    return true;
}

SDL_Vertex *akgl_render_batch_switch(SDL_Texture *texture, SDL_BlendMode blend)
{
    akgl_RenderBatch *b = &akgl_render_batch;
    if (!akgl_render_batch_flush()) {
        return NULL;
    }
    if (b->texture != texture) {
        b->texture = NULL;
        if (!texture_params(texture, &b->iw, &b->ih, &b->mod)) {
            return NULL;
        }
        b->texture = texture;
    }
    b->blend = blend;
    return &b->verts[4 * b->n++];
}

bool akgl_render_batch_quad(akgl_Renderer *r, SDL_Texture *texture, SDL_BlendMode blend,
                            const SDL_FRect *src, const SDL_FPoint pos[4], SDL_FlipMode flip,
                            SDL_Color tint)
{
    akgl_RenderBatch *b = &akgl_render_batch;
    float iw, ih;
    SDL_FColor mod;
    SDL_Vertex one[4];
    SDL_Vertex *v;
    if (b->open && b->r == r) {
        v = akgl_render_batch_reserve(texture, blend);
        if (v == NULL) {
            return false;
        }
        iw = b->iw;
        ih = b->ih;
        mod = b->mod;
    } else {
        if (!texture_params(texture, &iw, &ih, &mod)) {
            return false;
        }
        v = one;
    }
    const float k = 1.0f / 255.0f;
    SDL_FColor c = {mod.r * (float)tint.r * k, mod.g * (float)tint.g * k,
                    mod.b * (float)tint.b * k, mod.a * (float)tint.a * k};
    akgl_render_batch_fill(v, pos, src, iw, ih, flip, c);
    if (v == one) {
        return submit(r, texture, blend, mod, one, QUAD_INDICES, 1);
    }
    return true;
}

void akgl_render_batch_corners(const SDL_FRect *dst, double angle, SDL_FPoint pivot,
                               SDL_FPoint pos[4])
{
    const float x0 = dst->x, y0 = dst->y, x1 = dst->x + dst->w, y1 = dst->y + dst->h;
    pos[0] = (SDL_FPoint){x0, y0};
    pos[1] = (SDL_FPoint){x1, y0};
    pos[2] = (SDL_FPoint){x1, y1};
    pos[3] = (SDL_FPoint){x0, y1};
    if (angle == 0.0) {
        return;
    }
    double turns = angle / 360.0;
    double deg = (turns - SDL_floor(turns)) * 360.0; /* 0 <= deg < 360 */
    double c, s;
    if (deg == 0.0) {
        return;
    } else if (deg == 90.0) {
        c = 0.0, s = 1.0;
    } else if (deg == 180.0) {
        c = -1.0, s = 0.0;
    } else if (deg == 270.0) {
        c = 0.0, s = -1.0;
    } else {
        double rad = deg * (SDL_PI_D / 180.0);
        c = SDL_cos(rad);
        s = SDL_sin(rad);
    }
    /* Clockwise on a screen whose y grows downwards is the usual matrix. */
    for (int i = 0; i < 4; i++) {
        double dx = (double)pos[i].x - (double)pivot.x, dy = (double)pos[i].y - (double)pivot.y;
        pos[i].x = (float)((double)pivot.x + dx * c - dy * s);
        pos[i].y = (float)((double)pivot.y + dx * s + dy * c);
    }
}
