/*
 * Internal: the draw pass's gather, shared by game.c (which sorts and draws
 * the items) and actor.c (whose update pass can gather each actor right
 * after updating it, when nothing but the library's code runs in the pass).
 * Not installed.
 */
#ifndef AKGL_SRC_DRAW_PRIVATE_H
#define AKGL_SRC_DRAW_PRIVATE_H

#include <akgl/actor.h>
#include <akgl/render.h>

#include "actor_private.h"
#include "object.h"
#include "sprite_private.h"

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The bits of 1.0f (IEEE 754 binary32, as C11 Annex F and SDL assume). */
#define AKGL_DRAW_ONE_BITS UINT32_C(0x3f800000)
_Static_assert(sizeof(float) == sizeof(uint32_t), "float is binary32");
_Static_assert(sizeof(SDL_Color) == sizeof(uint32_t), "SDL_Color is four bytes");

/*
 * One visible actor of the draw pass. Gathered in pool order, then sorted
 * by layer, so the sort and the draw walk this packed array instead of the
 * actors scattered over the pool. `src` is set when the pass may submit the
 * actor itself (see game.c draw_actors): what the library's own hooks would
 * draw, read from the actor when it was gathered; NULL sends the actor
 * through akgl_actor_render.
 */
typedef struct akgl_DrawItem
{
    akgl_Actor *actor;
    const SDL_FRect *src; /* the frame's source rectangle (in the sprite), or NULL */
    SDL_Texture *texture;
    float x, y;
    int layer;
    SDL_FlipMode flip;
} akgl_DrawItem;

/*
 * Layers within this many values of each other are counted while they are
 * gathered (AKGL_DRAW_LAYER_SPAN / 2 below the first item's layer to as
 * many minus one above it), so the sort does not read the items again to
 * count them; a wider spread is counted (or merge-sorted) by the sort
 * itself (game.c draw_order).
 */
#define AKGL_DRAW_LAYER_SPAN 256

/* The items gathered so far (in pool order) and what the sort needs. */
typedef struct akgl_DrawGather
{
    akgl_DrawItem *items;      /* [actor capacity] */
    int n;
    bool mixed;                /* not every item has the first item's layer */
    bool counted;              /* mixed, and every layer within the window: count holds them */
    bool plain_backend;        /* items may carry src (the 2D backend) */
    bool custom;               /* some gathered actor has a renderfunc of its own */
    const akgl_Sprite *checked; /* the last sprite whose sheet checks passed */
    int64_t base;              /* the layer count[0] counts: the first item's - SPAN / 2 */
    int *count;                /* [AKGL_DRAW_LAYER_SPAN] items per layer, once mixed */
} akgl_DrawGather;

static inline void akgl_draw_gather_start(akgl_DrawGather *g, akgl_DrawItem *items,
                                          int *count, bool plain_backend)
{
    g->items = items;
    g->n = 0;
    g->mixed = false;
    g->counted = false;
    g->plain_backend = plain_backend;
    g->custom = false;
    g->checked = NULL;
    g->base = 0;
    g->count = count;
}

/*
 * Counts the layer of the item just gathered (g->n - 1), once the layers are
 * mixed. The first item of another layer starts the counts: every item
 * before it has the first item's layer. A layer outside the window stops
 * them (counted false), and the sort counts for itself.
 */
static inline void akgl_draw_gather_count_layer(akgl_DrawGather *g, int layer)
{
    if (!g->mixed) {
        g->mixed = true;
        g->counted = true;
        g->base = (int64_t)g->items[0].layer - AKGL_DRAW_LAYER_SPAN / 2;
        memset(g->count, 0, sizeof(int) * AKGL_DRAW_LAYER_SPAN);
        g->count[AKGL_DRAW_LAYER_SPAN / 2] = g->n - 1;
    }
    int64_t k = (int64_t)layer - g->base;
    if (k >= 0 && k < AKGL_DRAW_LAYER_SPAN) {
        g->count[k]++;
    } else {
        g->counted = false;
    }
}

/*
 * No transform, compared as bits: scale 1.0f, turn +0.0f, opaque white. A
 * turn of -0.0f takes the general path, which draws it the same.
 */
static inline bool akgl_draw_untransformed(const akgl_Actor *a)
{
#if defined(__SSE2__)
    if (offsetof(akgl_Actor, scale_y) == offsetof(akgl_Actor, scale_x) + 4 &&
        offsetof(akgl_Actor, rotation) == offsetof(akgl_Actor, scale_x) + 8 &&
        offsetof(akgl_Actor, tint) == offsetof(akgl_Actor, scale_x) + 12) {
        /* Neighbours (decided at compile time): the four words in one compare. */
        const __m128i want = _mm_setr_epi32((int)AKGL_DRAW_ONE_BITS, (int)AKGL_DRAW_ONE_BITS, 0, -1);
        __m128i have = _mm_loadu_si128(
            (const __m128i *)(const void *)((const char *)a + offsetof(akgl_Actor, scale_x)));
        return _mm_movemask_epi8(_mm_cmpeq_epi32(have, want)) == 0xffff;
    }
#endif
    uint32_t sx, sy, turn, tint;
    memcpy(&sx, &a->scale_x, sizeof(sx));
    memcpy(&sy, &a->scale_y, sizeof(sy));
    memcpy(&turn, &a->rotation, sizeof(turn));
    memcpy(&tint, &a->tint, sizeof(tint));
    return ((sx ^ AKGL_DRAW_ONE_BITS) | (sy ^ AKGL_DRAW_ONE_BITS) | turn | ~tint) == 0;
}

/*
 * What the library's own renderfunc (akgl_actor_draw) on the 2D backend
 * would submit for @p a, showing @p sprite, when that is the plain draw and
 * needs nothing but reading: the sprite lookup cached, no transform, the
 * source rectangle precomputed. Fills the item's texture, position and flip
 * and returns the source rectangle then; otherwise returns NULL (the actor
 * goes through akgl_actor_render).
 */
static inline const SDL_FRect *akgl_draw_gather_plain(akgl_DrawGather *g, const akgl_Actor *a,
                                                      akgl_DrawItem *item,
                                                      const akgl_Sprite *sprite)
{
    if (sprite == NULL) {
        return NULL; /* not cached: the lookup runs at the draw, in draw order */
    }
    if (!akgl_draw_untransformed(a)) {
        return NULL; /* transformed: the backend's general path */
    }
    if (a->blend != SDL_BLENDMODE_BLEND) {
        return NULL; /* its own blend mode: akgl_actor_draw sets it on the sheet */
    }
    /* A gather runs no code that could change a sprite: a sprite whose
     * sheet checks passed for one actor passes them for the next. */
    if (sprite != g->checked) {
        if (!akgl_sprite_src_sheet_current(sprite)) {
            return NULL; /* computed (or its error made) by the backend */
        }
        g->checked = sprite;
    }
    const SDL_FRect *src = akgl_sprite_cached_frame_src(sprite, a->curSpriteFrameId);
    if (src != NULL) {
        item->texture = sprite->sheet->texture;
        item->x = a->x;
        item->y = a->y;
        item->flip = a->flip;
    }
    return src; /* NULL: computed (or its error made) by the backend */
}

/*
 * Gathers @p a if akgl_actor_render would draw anything of it. @p shown is
 * the sprite its cached lookup holds, when the caller knows it (the update
 * pass has just made the lookup); NULL otherwise.
 */
static inline void akgl_draw_gather_shown(akgl_DrawGather *g, akgl_Actor *a,
                                          const akgl_Sprite *shown)
{
    akgl_ActorRenderFunc render = a->renderfunc;
    if (!a->visible || render == NULL) {
        return;
    }
    akgl_DrawItem *item = &g->items[g->n++];
    item->actor = a;
    item->layer = a->layer;
    const SDL_FRect *src = NULL;
    if (render != akgl_actor_draw) {
        g->custom = true;
    } else if (g->plain_backend) {
        src = akgl_draw_gather_plain(g, a, item, shown);
    }
    item->src = src;
    /* Whether the layers differ at all, and once they do, how many of each. */
    if (g->mixed || item->layer != g->items[0].layer) {
        akgl_draw_gather_count_layer(g, item->layer);
    }
}

/* akgl_draw_gather_shown, asking the actor's sprite cache. */
static inline void akgl_draw_gather_actor(akgl_DrawGather *g, akgl_Actor *a)
{
    akgl_Sprite *sprite = NULL;
    if (!akgl_actor_cached_sprite(a, &sprite)) {
        sprite = NULL;
    }
    akgl_draw_gather_shown(g, a, sprite);
}

/*
 * The frame's update pass (akgl_game_update's step 2): akgl_actor_update for
 * every live actor in pool order, the library's own hooks run inline.
 * Defined in actor.c. When @p g is not NULL and every actor's update ran
 * only the library's code, the pass gathers each actor for the draw right
 * after its update and sets *gathered; otherwise *gathered is false and
 * the items are not to be used. Returns the first error, which ends the pass.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_update_pass(akgl_DrawGather *g, bool *gathered);

#endif /* AKGL_SRC_DRAW_PRIVATE_H */
