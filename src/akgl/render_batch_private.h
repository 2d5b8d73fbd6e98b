/*
 * Internal: batched sprite submission for GPU renderers (render_batch.c).
 * Layer: backend. Not installed.
 *
 * On a renderer with r->batch set, the library's own sprite and tile draws
 * are not handed to SDL one by one: each becomes one quad (4 vertices, 6
 * indices) in a vertex buffer, and every run of quads sharing a texture and
 * blend mode, in draw order, goes to SDL as one indexed SDL_RenderGeometry
 * call. The buffers are allocated once, at akgl_game_init, for the actor
 * capacity (akgl_render_batch_start), and reused every frame: nothing is
 * allocated on the frame path.
 *
 * A batch is open only inside the library's own draw loops (the actors of
 * akgl_game_update, a map's layers), between akgl_render_batch_begin and
 * akgl_render_batch_end, where no other drawing happens in between: the
 * loops close it before handing control to a game's renderfunc, so text,
 * shapes, images and a game's own SDL calls always land after the quads
 * drawn before them. Outside a batch, a quad is submitted at once (a batch
 * of one), so a direct draw_sprite_ex call lands where it is made.
 */
#ifndef AKGL_SRC_RENDER_BATCH_PRIVATE_H
#define AKGL_SRC_RENDER_BATCH_PRIVATE_H

#include <akerror.h>
#include <akgl/render.h>

#include <SDL3/SDL.h>
#include <stdbool.h>

/* The largest batch, in quads: beyond it a batch is flushed and a new one
 * started (SDL copies the vertices into its own queue anyway). */
#define AKGL_RENDER_BATCH_MAX_QUADS 16384
/* The smallest buffer, in quads, so that a map's layers batch well in a
 * game with few actors. */
#define AKGL_RENDER_BATCH_MIN_QUADS 1024

/* The batch being built (one: the frame path runs on one thread). */
typedef struct akgl_RenderBatch
{
    SDL_Vertex *verts;     /* [4 * capacity] */
    int *indices;          /* [6 * capacity]: 0 1 2 0 2 3 for each quad, made at start */
    int capacity;          /* quads; 0 before akgl_render_batch_start */
    int n;                 /* quads queued */
    bool open;             /* between akgl_render_batch_begin and _end */
    akgl_Renderer *r;      /* whose SDL renderer the queued quads go to */
    SDL_Texture *texture;  /* the queued quads' texture */
    SDL_BlendMode blend;   /* and blend mode */
    float iw, ih;          /* 1 / the texture's size: texture pixels to UV */
    SDL_FColor mod;        /* the texture's colour and alpha modulation */
    uint64_t calls;        /* SDL_RenderGeometry calls made: only counts up (tests, benches) */
} akgl_RenderBatch;

extern akgl_RenderBatch akgl_render_batch;

/*
 * A quad's blend mode "the texture's own", as SDL_RenderTexture draws: the
 * batch leaves the texture's blend mode alone (a sheet loads with
 * SDL_BLENDMODE_BLEND). Any other mode is set on the texture for the
 * batch's one call and put back.
 */
#define AKGL_RENDER_BATCH_TEXTURE_BLEND SDL_BLENDMODE_INVALID

/*
 * The blend mode a gathered actor's quad is drawn with: its sheet's own
 * (SDL_BLENDMODE_BLEND). Only actors in that mode are gathered as plain
 * items (akgl_draw_gather_plain); one with a mode of its own goes through
 * akgl_actor_draw, which closes the batch around its draw.
 */
#define AKGL_RENDER_BATCH_ACTOR_BLEND(actor) ((void)(actor), AKGL_RENDER_BATCH_TEXTURE_BLEND)

/*
 * The one place that decides whether a quad can join the queued batch: it
 * can when it shares the batch's texture and blend mode and there is room.
 */
static inline bool akgl_render_batch_breaks(const akgl_RenderBatch *b, SDL_Texture *texture,
                                            SDL_BlendMode blend)
{
    return b->texture != texture || b->blend != blend || b->n == b->capacity;
}

/*
 * Allocates the buffers for @p quads quads (clamped to
 * AKGL_RENDER_BATCH_MIN_QUADS .. AKGL_RENDER_BATCH_MAX_QUADS) and fills the
 * indices. Called by akgl_game_init with the actor capacity; again, it
 * replaces the buffers. AKGL_ERR_HEAP naming the size when they cannot be
 * allocated (nothing is kept).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_batch_start(int quads);

/* Frees the buffers (akgl_game_shutdown); batching is then off everywhere. */
void akgl_render_batch_stop(void);

/*
 * Whether @p sdl should get batches, from the AKGL_RENDER_BATCH hint (or
 * environment variable): "1" always, "0" never, unset, empty or "auto":
 * every renderer but SDL's software one. AKERR_VALUE naming the hint and
 * its value for anything else.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_render_batch_choose(SDL_Renderer *sdl, bool *batch);

/* Opens a batch for @p r when r->batch is set, the buffers exist and no
 * batch is open; returns whether it did (then the caller ends it). */
bool akgl_render_batch_begin(akgl_Renderer *r);

/* Submits what is queued (one SDL_RenderGeometry call, counted in
 * akgl_render_batch.calls). False when SDL refused it (SDL_GetError() says why);
 * the queue is emptied either way. */
bool akgl_render_batch_flush(void);

/* akgl_render_batch_flush, then closes the batch: later quads are
 * submitted one by one until the next begin. */
bool akgl_render_batch_end(void);

/*
 * Makes room for one quad of @p texture drawn with @p blend in the open
 * batch, flushing the queued quads first when they break
 * (akgl_render_batch_breaks), and returns its 4 vertices; NULL when a
 * flush failed (SDL_GetError() says why). The batch must be open.
 */
static inline SDL_Vertex *akgl_render_batch_reserve(SDL_Texture *texture, SDL_BlendMode blend);

/* akgl_render_batch_reserve's slow part: flush, then take on the texture. */
SDL_Vertex *akgl_render_batch_switch(SDL_Texture *texture, SDL_BlendMode blend);

static inline SDL_Vertex *akgl_render_batch_reserve(SDL_Texture *texture, SDL_BlendMode blend)
{
    akgl_RenderBatch *b = &akgl_render_batch;
    if (akgl_render_batch_breaks(b, texture, blend)) {
        return akgl_render_batch_switch(texture, blend);
    }
    return &b->verts[4 * b->n++];
}

/*
 * Fills a quad's 4 vertices: @p pos are its corners on the screen, the
 * source rectangle's top-left, top-right, bottom-right and bottom-left in
 * that order (before the flip); @p src the region in texture pixels, scaled
 * to UV by (@p iw, @p ih); @p flip mirrors the region in place; @p c the
 * colour every vertex carries.
 */
static inline void akgl_render_batch_fill(SDL_Vertex *v, const SDL_FPoint pos[4],
                                          const SDL_FRect *src, float iw, float ih,
                                          SDL_FlipMode flip, SDL_FColor c)
{
    float u0 = src->x * iw, u1 = (src->x + src->w) * iw;
    float v0 = src->y * ih, v1 = (src->y + src->h) * ih;
    if (flip & SDL_FLIP_HORIZONTAL) {
        float t = u0;
        u0 = u1;
        u1 = t;
    }
    if (flip & SDL_FLIP_VERTICAL) {
        float t = v0;
        v0 = v1;
        v1 = t;
    }
    v[0] = (SDL_Vertex){pos[0], c, {u0, v0}};
    v[1] = (SDL_Vertex){pos[1], c, {u1, v0}};
    v[2] = (SDL_Vertex){pos[2], c, {u1, v1}};
    v[3] = (SDL_Vertex){pos[3], c, {u0, v1}};
}

/*
 * The untransformed quad of the frame loop: @p src's size with its
 * top-left at screen (x, y), mirrored by @p flip, the texture's own
 * modulation. Into the open batch; NULL return of reserve is false here.
 */
static inline bool akgl_render_batch_plain(SDL_Texture *texture, SDL_BlendMode blend,
                                           const SDL_FRect *src, float x, float y,
                                           SDL_FlipMode flip)
{
    SDL_Vertex *v = akgl_render_batch_reserve(texture, blend);
    if (v == NULL) {
        return false;
    }
    const akgl_RenderBatch *b = &akgl_render_batch;
    const float x1 = x + src->w, y1 = y + src->h;
    const SDL_FPoint pos[4] = {{x, y}, {x1, y}, {x1, y1}, {x, y1}};
    akgl_render_batch_fill(v, pos, src, b->iw, b->ih, flip, b->mod);
    return true;
}

/*
 * One quad from anywhere: @p pos (as akgl_render_batch_fill), the colour
 * @p tint times the texture's modulation. Into the open batch, or, with
 * none open, submitted at once as a batch of one. False when SDL refused a
 * call (SDL_GetError() says why).
 */
bool akgl_render_batch_quad(akgl_Renderer *r, SDL_Texture *texture, SDL_BlendMode blend,
                            const SDL_FRect *src, const SDL_FPoint pos[4], SDL_FlipMode flip,
                            SDL_Color tint);

/*
 * The corners of @p dst turned @p angle degrees clockwise about the screen
 * point @p pivot, as akgl_render_batch_fill takes them (the turn's cosine
 * and sine exact at multiples of 90 degrees).
 */
void akgl_render_batch_corners(const SDL_FRect *dst, double angle, SDL_FPoint pivot,
                               SDL_FPoint pos[4]);

#endif /* AKGL_SRC_RENDER_BATCH_PRIVATE_H */
