/*
 * Particle emitters: the pools, the update sweep and the batched draw
 * (akgl/particles.h). The JSON loader is particles_load.c.
 *
 * Every emitter slot owns a fixed run of `per` particles in one array
 * allocated at start; its live particles are the first `n` of the run
 * (dense: a death swaps the last one into its place). The live emitters
 * are listed in layer order (stable: the order they started in within a
 * layer), so the draw walks them with the actors' layers, and neither the
 * update nor the draw visits a free slot.
 */
#include <akgl/particles.h>

#include <akgl/actor.h>
#include <akgl/error.h>
#include <akgl/game_object.h>
#include <akgl/heap.h>
#include <akgl/render.h>

#include "actor_private.h"
#include "image_private.h"
#include "object.h"
#include "particles_private.h"
#include "render_private.h"
#include "sprite_private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One particle: where it is, where it goes, how old it is and may get. */
typedef struct akgl_Particle
{
    float x, y;   /* its centre, world pixels */
    float vx, vy; /* pixels per second */
    float age;    /* seconds */
    float life;   /* seconds it lives */
} akgl_Particle;

struct akgl_Emitter
{
    akgl_EmitterDef def;
    akgl_Particle *p; /* the slot's run of `per` particles; the first n live */
    int n;
    bool live;      /* the slot is taken */
    bool emitting;  /* at def.rate */
    bool finishing; /* released by the update when n reaches 0 */
    bool attached;
    akgl_ActorRef actor;
    float x, y;   /* where particles are born */
    float dx, dy; /* the offset from the attached actor */
    float owed;   /* particles due at the rate, not yet whole */
    uint64_t rng;
    long dropped;
    /* The look, resolved at start so the draw reads only these. */
    SDL_Texture *texture; /* NULL: the shared white square */
    float aspect;         /* height / width */
    int frames;           /* texture regions (1 but for an animated sprite) */
    float uv[AKGL_SPRITE_MAX_FRAMES][4]; /* u0, v0, u1, v1 of each */
    float frame_s;        /* seconds per frame (animated) */
    bool loop, loop_reverse;
    float c0[4], dc[4];   /* colour at birth and its change over life, 0..1 */
};

static struct
{
    bool started;
    akgl_Emitter *slots;  /* [capacity] */
    int capacity;
    int per;               /* particles per emitter */
    akgl_Particle *particles; /* [capacity * per] */
    SDL_Vertex *verts;     /* [4 * per]: one emitter's quads */
    int *indices;          /* [6 * per]: two triangles per quad, made once */
    akgl_Emitter **order;  /* [capacity]: the live emitters, in layer order */
    int n;
    int *free_slots;       /* [capacity] */
    int nfree;
    uint64_t seed;
    uint64_t serial;       /* emitters started since the seed */
} P;

/* ------------------------------------------------------------------------ */
/* Random numbers: splitmix64 seeds, xorshift64* draws                      */
/* ------------------------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* A float in [0, 1). */
static inline float rnd01(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return (float)((x * UINT64_C(0x2545f4914f6cdd1d)) >> 40) * (1.0f / 16777216.0f);
}

static inline float in_range(uint64_t *s, float lo, float hi)
{
    return lo + (hi - lo) * rnd01(s);
}

/* ------------------------------------------------------------------------ */
/* Start and quit                                                           */
/* ------------------------------------------------------------------------ */

static void free_pools(void)
{
    free(P.slots);
    free(P.particles);
    free(P.verts);
    free(P.indices);
    free(P.order);
    free(P.free_slots);
    memset(&P, 0, sizeof(P));
}

akerr_ErrorContext *akgl_particles_start(int emitters, int per_emitter, int *got_emitters,
                                         int *got_per)
{
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, emitters < 0, AKERR_VALUE,
                        "akgl_game_init: akgl_GameConfig.particle_emitters is %d; it must be 0 "
                        "(the default, %d) or more", emitters, AKGL_PARTICLES_DEFAULT_EMITTERS);
    FAIL_NONZERO_RETURN(errctx, per_emitter < 0, AKERR_VALUE,
                        "akgl_game_init: akgl_GameConfig.particles_per_emitter is %d; it must be "
                        "0 (the default, %d) or more", per_emitter,
                        AKGL_PARTICLES_DEFAULT_PER_EMITTER);
    int cap = emitters > 0 ? emitters : AKGL_PARTICLES_DEFAULT_EMITTERS;
    int per = per_emitter > 0 ? per_emitter : AKGL_PARTICLES_DEFAULT_PER_EMITTER;
    /* The index scratch counts 6 per particle in an int, and the whole
     * array is one size_t: both must not overflow. */
    FAIL_NONZERO_RETURN(errctx, per > INT_MAX / 6, AKERR_OUTOFBOUNDS,
                        "akgl_game_init: akgl_GameConfig.particles_per_emitter is %d; the limit "
                        "is %d", per, INT_MAX / 6);
    free_pools();
    size_t total = (size_t)cap * (size_t)per;
    P.slots = calloc((size_t)cap, sizeof(*P.slots));
    P.particles = total / (size_t)per == (size_t)cap ? calloc(total, sizeof(*P.particles)) : NULL;
    P.verts = calloc((size_t)per * 4u, sizeof(*P.verts));
    P.indices = calloc((size_t)per * 6u, sizeof(*P.indices));
    P.order = calloc((size_t)cap, sizeof(*P.order));
    P.free_slots = calloc((size_t)cap, sizeof(*P.free_slots));
    if (P.slots == NULL || P.particles == NULL || P.verts == NULL || P.indices == NULL ||
        P.order == NULL || P.free_slots == NULL) {
        free_pools();
        FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                    "akgl_game_init: cannot allocate %d particle emitters of %d particles "
                    "(%zu bytes)", cap, per,
                    total * sizeof(akgl_Particle) + (size_t)per * (4u * sizeof(SDL_Vertex) +
                                                                   6u * sizeof(int)));
    }
    for (int i = 0; i < per; i++) {
        static const int quad[6] = {0, 1, 2, 0, 2, 3};
        for (int k = 0; k < 6; k++) {
            P.indices[i * 6 + k] = i * 4 + quad[k];
        }
    }
    for (int i = 0; i < cap; i++) {
        P.slots[i].p = &P.particles[(size_t)i * (size_t)per];
        P.free_slots[i] = cap - 1 - i; /* slot 0 is taken first */
    }
    P.capacity = cap;
    P.per = per;
    P.nfree = cap;
    P.seed = 1;
    P.started = true;
    if (got_emitters != NULL) {
        *got_emitters = cap;
    }
    if (got_per != NULL) {
        *got_per = per;
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *give_back_look(akgl_EmitterDef *def)
{
    akerr_ErrorContext *first = NULL;
    if (def->sprite != NULL) {
        akgl_object_keep_first(&first, akgl_heap_release_sprite(def->sprite));
        def->sprite = NULL;
    }
    if (def->image != NULL) {
        akgl_object_keep_first(&first, akgl_heap_release_image(def->image));
        def->image = NULL;
    }
    return first;
}

/* Takes emitter at order[i] out: its slot is free again. */
static akerr_ErrorContext *release_at(int i)
{
    akgl_Emitter *em = P.order[i];
    memmove(&P.order[i], &P.order[i + 1], sizeof(*P.order) * (size_t)(P.n - i - 1));
    P.n--;
    akerr_ErrorContext *e = give_back_look(&em->def);
    akgl_Particle *p = em->p;
    memset(em, 0, sizeof(*em));
    em->p = p;
    P.free_slots[P.nfree++] = (int)(em - P.slots);
    return e;
}

void akgl_particles_release_all(akerr_ErrorContext **first)
{
    while (P.n > 0) {
        akgl_object_keep_first(first, release_at(P.n - 1));
    }
}

void akgl_particles_stop(void)
{
    akerr_ErrorContext *first = NULL;
    akgl_particles_release_all(&first);
    IGNORE(first);
    free_pools();
}

akerr_ErrorContext *akgl_particles_seed(uint64_t seed)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, P.started, AKERR_BEHAVIOR,
                     "akgl_particles_seed: the game is not started (akgl_game_init first)");
    P.seed = seed;
    P.serial = 0;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_particles_counts(int *emitters, int *particles)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, P.started, AKERR_BEHAVIOR,
                     "akgl_particles_counts: the game is not started (akgl_game_init first)");
    int total = 0;
    for (int i = 0; i < P.n; i++) {
        total += P.order[i]->n;
    }
    if (emitters != NULL) {
        *emitters = P.n;
    }
    if (particles != NULL) {
        *particles = total;
    }
    SUCCEED_RETURN(errctx);
}

bool akgl_particles_any(void)
{
    return P.n > 0;
}

/* ------------------------------------------------------------------------ */
/* Definitions                                                              */
/* ------------------------------------------------------------------------ */

#define CHECK_RANGE(errctx, key, lo, hi, limit_lo, limit_hi) \
    do { \
        FAIL_NONZERO_RETURN(errctx, !isfinite(lo) || !isfinite(hi), AKERR_VALUE, \
                            "\"" key "\" is [%g, %g]; both must be finite", (double)(lo), \
                            (double)(hi)); \
        FAIL_NONZERO_RETURN(errctx, (lo) > (hi), AKERR_VALUE, \
                            "\"" key "\" is [%g, %g]; its first value must not be above its " \
                            "second", (double)(lo), (double)(hi)); \
        FAIL_NONZERO_RETURN(errctx, (lo) < (limit_lo) || (hi) > (limit_hi), AKERR_OUTOFBOUNDS, \
                            "\"" key "\" is [%g, %g]; each must be %g..%g", (double)(lo), \
                            (double)(hi), (double)(limit_lo), (double)(limit_hi)); \
    } while (0)

akerr_ErrorContext *akgl_emitter_def_check(const akgl_EmitterDef *def)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, def, AKERR_NULLPOINTER, "emitter: NULL definition");
    FAIL_NONZERO_RETURN(errctx, !isfinite(def->rate), AKERR_VALUE,
                        "\"rate\" is %g; it must be finite", (double)def->rate);
    FAIL_NONZERO_RETURN(errctx, def->rate < 0.0f || def->rate > AKGL_PARTICLES_MAX_RATE,
                        AKERR_OUTOFBOUNDS, "\"rate\" is %g particles a second; it must be 0..%g",
                        (double)def->rate, (double)AKGL_PARTICLES_MAX_RATE);
    FAIL_NONZERO_RETURN(errctx, def->burst < 0 || def->burst > AKGL_PARTICLES_MAX_BURST,
                        AKERR_OUTOFBOUNDS, "\"burst\" is %d; it must be 0..%d", def->burst,
                        AKGL_PARTICLES_MAX_BURST);
    CHECK_RANGE(errctx, "life", def->life_min, def->life_max, 0.0f, AKGL_PARTICLES_MAX_LIFE);
    FAIL_NONZERO_RETURN(errctx, def->life_min <= 0.0f, AKERR_VALUE,
                        "\"life\" is [%g, %g] seconds; a particle must live more than 0",
                        (double)def->life_min, (double)def->life_max);
    CHECK_RANGE(errctx, "speed", def->speed_min, def->speed_max, 0.0f, AKGL_PARTICLES_MAX_SPEED);
    CHECK_RANGE(errctx, "angle", def->angle_min, def->angle_max, -3600.0f, 3600.0f);
    CHECK_RANGE(errctx, "gravity", def->gravity_x, def->gravity_x, -AKGL_PARTICLES_MAX_GRAVITY,
                AKGL_PARTICLES_MAX_GRAVITY);
    CHECK_RANGE(errctx, "gravity", def->gravity_y, def->gravity_y, -AKGL_PARTICLES_MAX_GRAVITY,
                AKGL_PARTICLES_MAX_GRAVITY);
    FAIL_NONZERO_RETURN(errctx, !isfinite(def->size_start) || !isfinite(def->size_end) ||
                                    def->size_start < 0.0f || def->size_end < 0.0f ||
                                    def->size_start > AKGL_PARTICLES_MAX_SIZE ||
                                    def->size_end > AKGL_PARTICLES_MAX_SIZE,
                        AKERR_OUTOFBOUNDS, "\"size\" is [%g, %g] pixels; each must be 0..%g",
                        (double)def->size_start, (double)def->size_end,
                        (double)AKGL_PARTICLES_MAX_SIZE);
    FAIL_NONZERO_RETURN(errctx, def->layer < -AKGL_PARTICLES_MAX_LAYER ||
                                    def->layer > AKGL_PARTICLES_MAX_LAYER,
                        AKERR_OUTOFBOUNDS, "\"layer\" is %d; it must be -%d..%d", def->layer,
                        AKGL_PARTICLES_MAX_LAYER, AKGL_PARTICLES_MAX_LAYER);
    PASS(errctx, akgl_render_check_blend(def->blend, "emitter \"blend\""));
    switch (def->look) {
    case AKGL_PARTICLE_SQUARE:
        break;
    case AKGL_PARTICLE_SPRITE:
        FAIL_ZERO_RETURN(errctx, def->sprite, AKERR_NULLPOINTER,
                         "\"look\" is \"sprite\" but the definition has no sprite");
        FAIL_NONZERO_RETURN(errctx, def->sprite->refcount <= 0 || def->sprite->sheet == NULL ||
                                        def->sprite->sheet->texture == NULL ||
                                        def->sprite->frames <= 0,
                            AKERR_BEHAVIOR, "\"sprite\" \"%s\" is released or has no frames",
                            def->sprite->name);
        break;
    case AKGL_PARTICLE_IMAGE:
        FAIL_ZERO_RETURN(errctx, def->image, AKERR_NULLPOINTER,
                         "\"look\" is \"image\" but the definition has no image");
        FAIL_NONZERO_RETURN(errctx, def->image->refcount <= 0 || def->image->texture == NULL,
                            AKERR_BEHAVIOR, "\"image\" is released or not loaded");
        break;
    default:
        FAIL_RETURN(errctx, AKERR_VALUE, "\"look\" is %d; it must be square (0), sprite (1) or "
                    "image (2)", (int)def->look);
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Emitters                                                                 */
/* ------------------------------------------------------------------------ */

/* The renderer property holding its square texture (SDL destroys both with it). */
#define WHITE_KEY "akgl.particles.white"

/*
 * The square's texture on @p sdl: one white pixel, made once per renderer
 * and kept in the renderer's properties, so that it goes with the renderer
 * and a later renderer (even at the same address) never sees a stale one.
 */
static akerr_ErrorContext *white_texture(SDL_Renderer *sdl, SDL_Texture **dest)
{
    PREPARE_ERROR(errctx);
    SDL_PropertiesID props = SDL_GetRendererProperties(sdl);
    SDL_Texture *t = props != 0 ? SDL_GetPointerProperty(props, WHITE_KEY, NULL) : NULL;
    if (t != NULL) {
        *dest = t;
        SUCCEED_RETURN(errctx);
    }
    FAIL_ZERO_RETURN(errctx, props, AKERR_API, "particles: the renderer has no properties: %s",
                     SDL_GetError());
    t = SDL_CreateTexture(sdl, SDL_PIXELFORMAT_RGBA8888, SDL_TEXTUREACCESS_STATIC, 1, 1);
    FAIL_ZERO_RETURN(errctx, t, AKERR_API, "particles: cannot make the square's texture: %s",
                     SDL_GetError());
    const Uint32 white = 0xffffffffu;
    if (!SDL_UpdateTexture(t, NULL, &white, 4) ||
        !SDL_SetTextureScaleMode(t, SDL_SCALEMODE_NEAREST) ||
        !SDL_SetPointerProperty(props, WHITE_KEY, t)) {
        SDL_DestroyTexture(t);
        FAIL_RETURN(errctx, AKERR_API, "particles: cannot keep the square's texture: %s",
                    SDL_GetError());
    }
    *dest = t;
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *check_live(const akgl_Emitter *em, const char *who)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, em, AKERR_NULLPOINTER, "%s: NULL emitter", who);
    FAIL_ZERO_RETURN(errctx, P.started, AKERR_BEHAVIOR,
                     "%s: the game is not started (akgl_game_init first)", who);
    FAIL_NONZERO_RETURN(errctx, em < P.slots || em >= P.slots + P.capacity, AKERR_BEHAVIOR,
                        "%s: not an emitter of the pool", who);
    FAIL_NONZERO_RETURN(errctx, !em->live || em->finishing, AKERR_BEHAVIOR,
                        "%s: the emitter of slot %d is %s", who, (int)(em - P.slots),
                        em->live ? "finishing (akgl_emitter_finish)" : "released");
    SUCCEED_RETURN(errctx);
}

/* The texture regions the draw reads, from the emitter's look. */
static akerr_ErrorContext *resolve_look(akgl_Emitter *em)
{
    PREPARE_ERROR(errctx);
    const akgl_EmitterDef *def = &em->def;
    em->texture = NULL;
    em->aspect = 1.0f;
    em->frames = 1;
    em->uv[0][0] = 0.0f;
    em->uv[0][1] = 0.0f;
    em->uv[0][2] = 1.0f;
    em->uv[0][3] = 1.0f;
    if (def->look == AKGL_PARTICLE_IMAGE) {
        em->texture = def->image->texture;
        em->aspect = (float)def->image->h / (float)def->image->w;
    } else if (def->look == AKGL_PARTICLE_SPRITE) {
        akgl_Sprite *s = def->sprite;
        float tw = 0.0f, th = 0.0f;
        FAIL_ZERO_RETURN(errctx, SDL_GetTextureSize(s->sheet->texture, &tw, &th), AKERR_API,
                         "akgl_emitter_start: sprite \"%s\": cannot read its texture's size: %s",
                         s->name, SDL_GetError());
        em->texture = s->sheet->texture;
        em->aspect = (float)s->height / (float)s->width;
        em->frames = def->animated ? s->frames : 1;
        for (int f = 0; f < em->frames; f++) {
            const SDL_FRect *src = NULL;
            PASS(errctx, akgl_sprite_fill_src(s, f, &src));
            em->uv[f][0] = src->x / tw;
            em->uv[f][1] = src->y / th;
            em->uv[f][2] = (src->x + src->w) / tw;
            em->uv[f][3] = (src->y + src->h) / th;
        }
        em->frame_s = (float)((double)s->speed / 1e9);
        em->loop = s->loop;
        em->loop_reverse = s->loopReverse;
    }
    const SDL_Color c0 = def->color_start, c1 = def->color_end;
    const float k = 1.0f / 255.0f;
    em->c0[0] = c0.r * k, em->c0[1] = c0.g * k, em->c0[2] = c0.b * k, em->c0[3] = c0.a * k;
    em->dc[0] = (c1.r - c0.r) * k, em->dc[1] = (c1.g - c0.g) * k;
    em->dc[2] = (c1.b - c0.b) * k, em->dc[3] = (c1.a - c0.a) * k;
    SUCCEED_RETURN(errctx);
}

/* Emits up to @p count particles at the emitter; what does not fit is dropped. */
static void emit(akgl_Emitter *em, int count)
{
    const akgl_EmitterDef *d = &em->def;
    int room = P.per - em->n;
    if (count > room) {
        em->dropped += count - room;
        count = room;
    }
    const float deg = (float)(SDL_PI_D / 180.0);
    akgl_Particle *p = &em->p[em->n];
    for (int i = 0; i < count; i++, p++) {
        float life = in_range(&em->rng, d->life_min, d->life_max);
        float speed = in_range(&em->rng, d->speed_min, d->speed_max);
        float angle = in_range(&em->rng, d->angle_min, d->angle_max) * deg;
        p->x = em->x;
        p->y = em->y;
        p->vx = speed * SDL_cosf(angle);
        p->vy = speed * SDL_sinf(angle);
        p->age = 0.0f;
        p->life = life;
    }
    em->n += count;
}

akerr_ErrorContext *akgl_emitter_start(const akgl_EmitterDef *def, float x, float y,
                                       akgl_Emitter **dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, P.started, AKERR_BEHAVIOR,
                     "akgl_emitter_start: the game is not started (akgl_game_init first)");
    FAIL_ZERO_RETURN(errctx, def, AKERR_NULLPOINTER, "akgl_emitter_start: NULL definition");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_emitter_start: NULL destination");
    FAIL_NONZERO_RETURN(errctx, !isfinite(x) || !isfinite(y), AKERR_VALUE,
                        "akgl_emitter_start: the position (%g, %g) is not finite", (double)x,
                        (double)y);
    errctx = akgl_emitter_def_check(def);
    if (errctx != NULL) {
        return akerr_trace_append(akerr_prefix_message(errctx, "akgl_emitter_start"), __FILE__,
                                  __func__, __LINE__);
    }
    FAIL_ZERO_RETURN(errctx, P.nfree, AKGL_ERR_HEAP,
                     "akgl_emitter_start: every one of the %d emitter slots is taken "
                     "(akgl_GameConfig.particle_emitters)", P.capacity);
    if (def->look == AKGL_PARTICLE_SQUARE) {
        FAIL_NONZERO_RETURN(errctx, game.renderer == NULL || game.renderer->sdl_renderer == NULL,
                            AKERR_BEHAVIOR, "akgl_emitter_start: no renderer is bound "
                            "(akgl_render_2d_init or akgl_render_2d_bind first)");
        SDL_Texture *white = NULL;
        PASS(errctx, white_texture(game.renderer->sdl_renderer, &white));
    }
    akgl_Emitter *em = &P.slots[P.free_slots[P.nfree - 1]];
    akgl_Particle *p = em->p;
    memset(em, 0, sizeof(*em));
    em->p = p;
    em->def = *def;
    PASS(errctx, resolve_look(em));
    /* Taken: nothing below fails. */
    P.nfree--;
    if (def->sprite != NULL && def->look == AKGL_PARTICLE_SPRITE) {
        def->sprite->refcount++;
    } else {
        em->def.sprite = NULL;
    }
    if (def->image != NULL && def->look == AKGL_PARTICLE_IMAGE) {
        def->image->refcount++;
    } else {
        em->def.image = NULL;
    }
    em->live = true;
    em->emitting = true;
    em->x = x;
    em->y = y;
    uint64_t s = P.seed ^ (UINT64_C(0x632be59bd9b4e019) * ++P.serial);
    em->rng = splitmix64(&s) | 1u; /* xorshift never leaves 0 */
    /* After the emitters of its layer and below, before those above. */
    int at = P.n;
    while (at > 0 && P.order[at - 1]->def.layer > def->layer) {
        at--;
    }
    memmove(&P.order[at + 1], &P.order[at], sizeof(*P.order) * (size_t)(P.n - at));
    P.order[at] = em;
    P.n++;
    emit(em, def->burst);
    *dest = em;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_emitter_attach(akgl_Emitter *em, akgl_ActorRef actor, float dx, float dy)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, check_live(em, "akgl_emitter_attach"));
    FAIL_NONZERO_RETURN(errctx, !isfinite(dx) || !isfinite(dy), AKERR_VALUE,
                        "akgl_emitter_attach: the offset (%g, %g) is not finite", (double)dx,
                        (double)dy);
    if (actor.slot == 0 && actor.generation == 0) {
        em->attached = false;
        em->actor = AKGL_ACTOR_REF_NONE;
        SUCCEED_RETURN(errctx);
    }
    akgl_Actor *a = NULL;
    PASS(errctx, akgl_actor_from_ref(actor, &a));
    em->attached = true;
    em->actor = actor;
    em->dx = dx;
    em->dy = dy;
    em->x = a->x + dx;
    em->y = a->y + dy;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_emitter_move(akgl_Emitter *em, float x, float y)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, check_live(em, "akgl_emitter_move"));
    FAIL_NONZERO_RETURN(errctx, em->attached, AKERR_BEHAVIOR,
                        "akgl_emitter_move: the emitter follows an actor (attach "
                        "AKGL_ACTOR_REF_NONE first)");
    FAIL_NONZERO_RETURN(errctx, !isfinite(x) || !isfinite(y), AKERR_VALUE,
                        "akgl_emitter_move: the position (%g, %g) is not finite", (double)x,
                        (double)y);
    em->x = x;
    em->y = y;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_emitter_set_emitting(akgl_Emitter *em, bool emitting)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, check_live(em, "akgl_emitter_set_emitting"));
    em->emitting = emitting;
    em->owed = 0.0f;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_emitter_burst(akgl_Emitter *em, int count)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, check_live(em, "akgl_emitter_burst"));
    FAIL_NONZERO_RETURN(errctx, count < 0 || count > AKGL_PARTICLES_MAX_BURST, AKERR_OUTOFBOUNDS,
                        "akgl_emitter_burst: count is %d; it must be 0..%d", count,
                        AKGL_PARTICLES_MAX_BURST);
    emit(em, count);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_emitter_finish(akgl_Emitter *em)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, check_live(em, "akgl_emitter_finish"));
    em->emitting = false;
    em->finishing = true;
    SUCCEED_RETURN(errctx);
}

static int order_index(const akgl_Emitter *em)
{
    for (int i = 0; i < P.n; i++) {
        if (P.order[i] == em) {
            return i;
        }
    }
    return -1;
}

akerr_ErrorContext *akgl_emitter_release(akgl_Emitter *em)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, check_live(em, "akgl_emitter_release"));
    PASS(errctx, release_at(order_index(em)));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_emitter_stats(const akgl_Emitter *em, akgl_EmitterStats *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_emitter_stats: NULL destination");
    PASS(errctx, check_live(em, "akgl_emitter_stats"));
    dest->live = em->n;
    dest->capacity = P.per;
    dest->emitting = em->emitting;
    dest->attached = em->attached;
    dest->dropped = em->dropped;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* The frame                                                                */
/* ------------------------------------------------------------------------ */

void akgl_particles_update(uint64_t dt_ns)
{
    const float dt = (float)((double)dt_ns / 1e9);
    int i = 0;
    while (i < P.n) {
        akgl_Emitter *em = P.order[i];
        if (em->attached) {
            const akgl_Actor *a = akgl_actor_resolve(em->actor);
            if (a != NULL) {
                em->x = a->x + em->dx;
                em->y = a->y + em->dy;
            } else {
                /* The actor went: its particles finish, no more are born. */
                em->attached = false;
                em->emitting = false;
            }
        }
        const float gx = em->def.gravity_x * dt, gy = em->def.gravity_y * dt;
        akgl_Particle *p = em->p;
        int n = em->n;
        for (int j = 0; j < n;) {
            akgl_Particle *q = &p[j];
            q->age += dt;
            if (q->age >= q->life) {
                *q = p[--n]; /* the last one takes its place, and is moved next */
                continue;
            }
            q->vx += gx;
            q->vy += gy;
            q->x += q->vx * dt;
            q->y += q->vy * dt;
            j++;
        }
        em->n = n;
        if (em->emitting && em->def.rate > 0.0f) {
            em->owed += em->def.rate * dt;
            int whole = em->owed < (float)INT_MAX ? (int)em->owed : INT_MAX;
            em->owed -= (float)whole;
            emit(em, whole);
        }
        if (em->finishing && em->n == 0) {
            IGNORE(release_at(i));
            continue;
        }
        i++;
    }
}

/* Which region of an animated sprite a particle of @p age shows. */
static inline int frame_at(const akgl_Emitter *em, float age)
{
    if (em->frames <= 1 || em->frame_s <= 0.0f) {
        return 0;
    }
    int f = (int)(age / em->frame_s);
    int last = em->frames - 1;
    if (!em->loop) {
        return f < last ? f : last;
    }
    if (em->loop_reverse) {
        int period = 2 * last;
        f %= period;
        return f <= last ? f : period - f;
    }
    return f % em->frames;
}

/*
 * Squares under a camera that does not turn: one SDL_RenderFillRect per
 * particle, in the particle's colour. On SDL's software renderer this is
 * about twice as fast as the same squares as textured triangles (the
 * rectangle fill has its own blitters; a triangle is blended pixel by pixel
 * with interpolation), measured by bench/bench_particles.
 */
static akerr_ErrorContext *draw_squares(akgl_Renderer *r, const akgl_Emitter *em,
                                        const akgl_CameraXform *x, float vw, float vh)
{
    PREPARE_ERROR(errctx);
    SDL_Renderer *sdl = r->sdl_renderer;
    const akgl_Particle *p = em->p;
    const float s0 = em->def.size_start * 0.5f, ds = (em->def.size_end - em->def.size_start) * 0.5f;
    const float a = x->a, za = fabsf(x->a), tx = x->tx, ty = x->ty;
    const float c0r = em->c0[0], c0g = em->c0[1], c0b = em->c0[2], c0a = em->c0[3];
    const float dcr = em->dc[0], dcg = em->dc[1], dcb = em->dc[2], dca = em->dc[3];
    SDL_BlendMode was = SDL_BLENDMODE_NONE;
    Uint8 cr = 0, cg = 0, cb = 0, ca = 0;
    bool ok = SDL_GetRenderDrawBlendMode(sdl, &was) && SDL_GetRenderDrawColor(sdl, &cr, &cg, &cb, &ca) &&
              SDL_SetRenderDrawBlendMode(sdl, em->def.blend);
    int k = 0, culled = 0;
    for (int i = 0; ok && i < em->n; i++, p++) {
        const float t = p->age / p->life;
        const float h = (s0 + ds * t) * za;
        const float sx = a * p->x + tx, sy = a * p->y + ty;
        if (sx + h <= 0.0f || sx - h >= vw || sy + h <= 0.0f || sy - h >= vh) {
            culled++;
            continue;
        }
        const SDL_FRect rect = {sx - h, sy - h, 2.0f * h, 2.0f * h};
        ok = SDL_SetRenderDrawColorFloat(sdl, c0r + dcr * t, c0g + dcg * t, c0b + dcb * t,
                                         c0a + dca * t) &&
             SDL_RenderFillRect(sdl, &rect);
        k++;
    }
    r->stats.culled += (uint64_t)culled;
    r->stats.submitted += (uint64_t)k;
    /* The game's own draws (akgl/draw.h) set their colour and mode each time;
     * put them back anyway, for a game that draws with SDL itself. */
    SDL_SetRenderDrawBlendMode(sdl, was);
    SDL_SetRenderDrawColor(sdl, cr, cg, cb, ca);
    FAIL_ZERO_RETURN(errctx, ok, AKERR_API, "particles: cannot draw the squares of an emitter "
                     "at layer %d: %s", em->def.layer, SDL_GetError());
    SUCCEED_RETURN(errctx);
}

/* Submits one emitter's live particles: one SDL_RenderGeometry call (textured
 * looks, and squares under a turned camera). */
static akerr_ErrorContext *draw_emitter(akgl_Renderer *r, const akgl_Emitter *em,
                                        const akgl_CameraXform *x, float vw, float vh,
                                        SDL_Texture **white)
{
    PREPARE_ERROR(errctx);
    if (em->n == 0) {
        SUCCEED_RETURN(errctx);
    }
    if (em->texture == NULL && x->b == 0.0f) {
        PASS(errctx, draw_squares(r, em, x, vw, vh));
        SUCCEED_RETURN(errctx);
    }
    if (em->texture == NULL && *white == NULL) {
        PASS(errctx, white_texture(r->sdl_renderer, white));
    }
    SDL_Texture *tex = em->texture != NULL ? em->texture : *white;
    if (tex == NULL) {
        SUCCEED_RETURN(errctx);
    }
    SDL_Vertex *v = P.verts;
    const akgl_Particle *p = em->p;
    const float s0 = em->def.size_start * 0.5f, ds = (em->def.size_end - em->def.size_start) * 0.5f;
    const float aspect = em->aspect;
    const float a = x->a, b = x->b, tx = x->tx, ty = x->ty;
    const float c0r = em->c0[0], c0g = em->c0[1], c0b = em->c0[2], c0a = em->c0[3];
    const float dcr = em->dc[0], dcg = em->dc[1], dcb = em->dc[2], dca = em->dc[3];
    const bool animated = em->frames > 1;
    const float *uv = em->uv[0];
    int k = 0, culled = 0;
    for (int i = 0; i < em->n; i++, p++) {
        const float t = p->age / p->life;
        const float hw = s0 + ds * t, hh = hw * aspect;
        /* The centre on the screen, and the half sides turned with the camera. */
        const float sx = a * p->x - b * p->y + tx, sy = b * p->x + a * p->y + ty;
        const float ux = a * hw, uy = b * hw, wx = -b * hh, wy = a * hh;
        const float rx = fabsf(ux) + fabsf(wx), ry = fabsf(uy) + fabsf(wy);
        if (sx + rx <= 0.0f || sx - rx >= vw || sy + ry <= 0.0f || sy - ry >= vh) {
            culled++;
            continue;
        }
        const SDL_FColor c = {c0r + dcr * t, c0g + dcg * t, c0b + dcb * t, c0a + dca * t};
        if (animated) {
            uv = em->uv[frame_at(em, p->age)];
        }
        v[0].position = (SDL_FPoint){sx - ux - wx, sy - uy - wy};
        v[1].position = (SDL_FPoint){sx + ux - wx, sy + uy - wy};
        v[2].position = (SDL_FPoint){sx + ux + wx, sy + uy + wy};
        v[3].position = (SDL_FPoint){sx - ux + wx, sy - uy + wy};
        v[0].tex_coord = (SDL_FPoint){uv[0], uv[1]};
        v[1].tex_coord = (SDL_FPoint){uv[2], uv[1]};
        v[2].tex_coord = (SDL_FPoint){uv[2], uv[3]};
        v[3].tex_coord = (SDL_FPoint){uv[0], uv[3]};
        v[0].color = v[1].color = v[2].color = v[3].color = c;
        v += 4;
        k++;
    }
    r->stats.culled += (uint64_t)culled;
    if (k == 0) {
        SUCCEED_RETURN(errctx);
    }
    /* A sprite sheet or an image is shared with actors: its blend mode is
     * put back after the draw. */
    SDL_BlendMode was = SDL_BLENDMODE_BLEND;
    bool swapped = SDL_GetTextureBlendMode(tex, &was) && was != em->def.blend;
    if (swapped) {
        SDL_SetTextureBlendMode(tex, em->def.blend);
    }
    bool drawn = SDL_RenderGeometry(r->sdl_renderer, tex, P.verts, k * 4, P.indices, k * 6);
    if (swapped) {
        SDL_SetTextureBlendMode(tex, was);
    }
    FAIL_ZERO_RETURN(errctx, drawn, AKERR_API, "particles: cannot draw %d particles of an "
                     "emitter at layer %d: %s", k, em->def.layer, SDL_GetError());
    r->stats.submitted++;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_particles_draw(akgl_Renderer *r, int *cursor, int below, bool all)
{
    PREPARE_ERROR(errctx);
    int i = *cursor;
    if (i >= P.n || (!all && P.order[i]->def.layer >= below)) {
        SUCCEED_RETURN(errctx);
    }
    SDL_Texture *white = NULL; /* looked up at the first square */
    akgl_CameraXform x = {1.0f, 0.0f, 0.0f, 0.0f, 1.0f, 1.0f, 0.0f, 0.0f};
    float vw = 0.0f, vh = 0.0f;
    if (r->camera != NULL) {
        akgl_render_camera_xform(r->camera, &x);
        vw = r->camera->w;
        vh = r->camera->h;
    } else {
        int w = 0, h = 0;
        SDL_RendererLogicalPresentation mode = SDL_LOGICAL_PRESENTATION_DISABLED;
        if (!SDL_GetRenderLogicalPresentation(r->sdl_renderer, &w, &h, &mode) ||
            (mode == SDL_LOGICAL_PRESENTATION_DISABLED &&
             !SDL_GetCurrentRenderOutputSize(r->sdl_renderer, &w, &h))) {
            FAIL_RETURN(errctx, AKERR_API, "particles: cannot read the renderer's size: %s",
                        SDL_GetError());
        }
        vw = (float)w;
        vh = (float)h;
    }
    for (; i < P.n && (all || P.order[i]->def.layer < below); i++) {
        errctx = draw_emitter(r, P.order[i], &x, vw, vh, &white);
        if (errctx != NULL) {
            *cursor = i + 1;
            return akerr_trace_append(errctx, __FILE__, __func__, __LINE__);
        }
    }
    *cursor = i;
    SUCCEED_RETURN(errctx);
}
