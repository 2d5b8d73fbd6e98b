/*
 * Tweens and timers (layer: world; akgl/tween.h).
 *
 * Each kind has a pool of slots allocated when the game starts: the entries,
 * one generation per slot (0: free), a stack of free slots, and a dense list
 * of the live slots with each slot's place in it, so that starting,
 * cancelling and finishing are O(1) and an update walks the live entries
 * only. Generations come from one counter that is never reset (not even by
 * akgl_game_quit), so a handle names one tween or timer for good.
 *
 * An update first copies each dense list (slot and generation) into a
 * snapshot, also allocated at the start, and walks the snapshot: what a
 * callback starts is not in it (it is advanced from the next update), what
 * a callback cancels no longer has the snapshot's generation (it is
 * skipped), and the dense lists can change under the walk without it
 * missing or repeating an entry.
 */
#include <akgl/tween.h>

#include <akgl/actor.h>
#include <akgl/camera.h>
#include <akgl/error.h>
#include <akgl/limits.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "actor_private.h"
#include "object.h"
#include "tween_private.h"

typedef struct SlotPool
{
    int capacity;
    int count;          /* live entries: dense[0 .. count-1] */
    int nfree;          /* free slots: free_slots[0 .. nfree-1], the next on top */
    uint32_t *generation;
    int *dense;
    int *place;         /* slot -> its index in dense */
    int *free_slots;
    akgl_TweenRef *snapshot; /* the update's copy of dense, with generations */
} SlotPool;

typedef struct Tween
{
    float *target;
    akgl_ActorRef actor;
    bool bound;
    akgl_TweenProperty property;
    akgl_Ease ease;
    float from, to;
    float lo, hi;              /* what a write is kept inside */
    uint64_t duration_ns;
    uint64_t delay_ns;         /* left to wait */
    uint64_t elapsed_ns;       /* into the current run */
    uint64_t run;              /* the current run, from 0 */
    int repeat;
    bool yoyo;
    akgl_TweenFunc done;
    void *userdata;
} Tween;

typedef struct Timer
{
    uint64_t period_ns;
    uint64_t left_ns;          /* until the next call */
    int count;                 /* calls left; 0: no end */
    akgl_TimerFunc fn;
    void *userdata;
} Timer;

static SlotPool tween_pool, timer_pool;
static Tween *tweens;
static Timer *timers;
static bool pools_started;
static bool updating;
static uint32_t pools_epoch; /* counts the starts: an update sees a quit and start in a callback */
static uint32_t generation_counter;

/* ------------------------------------------------------------------------ */
/* Easing                                                                   */
/* ------------------------------------------------------------------------ */

#define PI_F 3.14159265358979323846f

static float bounce_out(float t)
{
    const float n = 7.5625f, d = 2.75f;
    if (t < 1.0f / d) {
        return n * t * t;
    }
    if (t < 2.0f / d) {
        t -= 1.5f / d;
        return n * t * t + 0.75f;
    }
    if (t < 2.5f / d) {
        t -= 2.25f / d;
        return n * t * t + 0.9375f;
    }
    t -= 2.625f / d;
    return n * t * t + 0.984375f;
}

/* The curve at t, 0 < t < 1 (the ends are exact, in ease_at). */
static float ease_inside(akgl_Ease ease, float t)
{
    const float back = 1.70158f, back_io = back * 1.525f;
    const float elastic = 2.0f * PI_F / 3.0f, elastic_io = 2.0f * PI_F / 4.5f;
    float u;
    switch (ease) {
    case AKGL_EASE_LINEAR:
        return t;
    case AKGL_EASE_QUAD_IN:
        return t * t;
    case AKGL_EASE_QUAD_OUT:
        return 1.0f - (1.0f - t) * (1.0f - t);
    case AKGL_EASE_QUAD_IN_OUT:
        u = -2.0f * t + 2.0f;
        return t < 0.5f ? 2.0f * t * t : 1.0f - u * u / 2.0f;
    case AKGL_EASE_CUBIC_IN:
        return t * t * t;
    case AKGL_EASE_CUBIC_OUT:
        u = 1.0f - t;
        return 1.0f - u * u * u;
    case AKGL_EASE_CUBIC_IN_OUT:
        u = -2.0f * t + 2.0f;
        return t < 0.5f ? 4.0f * t * t * t : 1.0f - u * u * u / 2.0f;
    case AKGL_EASE_SINE_IN:
        return 1.0f - cosf(t * PI_F / 2.0f);
    case AKGL_EASE_SINE_OUT:
        return sinf(t * PI_F / 2.0f);
    case AKGL_EASE_SINE_IN_OUT:
        return (1.0f - cosf(t * PI_F)) / 2.0f;
    case AKGL_EASE_EXPO_IN:
        return exp2f(10.0f * t - 10.0f);
    case AKGL_EASE_EXPO_OUT:
        return 1.0f - exp2f(-10.0f * t);
    case AKGL_EASE_EXPO_IN_OUT:
        return t < 0.5f ? exp2f(20.0f * t - 10.0f) / 2.0f
                        : (2.0f - exp2f(-20.0f * t + 10.0f)) / 2.0f;
    case AKGL_EASE_BACK_IN:
        return (back + 1.0f) * t * t * t - back * t * t;
    case AKGL_EASE_BACK_OUT:
        u = t - 1.0f;
        return 1.0f + (back + 1.0f) * u * u * u + back * u * u;
    case AKGL_EASE_BACK_IN_OUT:
        if (t < 0.5f) {
            u = 2.0f * t;
            return u * u * ((back_io + 1.0f) * u - back_io) / 2.0f;
        }
        u = 2.0f * t - 2.0f;
        return (u * u * ((back_io + 1.0f) * u + back_io) + 2.0f) / 2.0f;
    case AKGL_EASE_ELASTIC_IN:
        return -exp2f(10.0f * t - 10.0f) * sinf((10.0f * t - 10.75f) * elastic);
    case AKGL_EASE_ELASTIC_OUT:
        return exp2f(-10.0f * t) * sinf((10.0f * t - 0.75f) * elastic) + 1.0f;
    case AKGL_EASE_ELASTIC_IN_OUT:
        u = sinf((20.0f * t - 11.125f) * elastic_io);
        return t < 0.5f ? -exp2f(20.0f * t - 10.0f) * u / 2.0f
                        : exp2f(-20.0f * t + 10.0f) * u / 2.0f + 1.0f;
    case AKGL_EASE_BOUNCE_IN:
        return 1.0f - bounce_out(1.0f - t);
    case AKGL_EASE_BOUNCE_OUT:
        return bounce_out(t);
    case AKGL_EASE_BOUNCE_IN_OUT:
        return t < 0.5f ? (1.0f - bounce_out(1.0f - 2.0f * t)) / 2.0f
                        : (1.0f + bounce_out(2.0f * t - 1.0f)) / 2.0f;
    default:
        return t; /* refused before it gets here */
    }
}

static float ease_at(akgl_Ease ease, float t)
{
    if (t <= 0.0f) {
        return 0.0f;
    }
    if (t >= 1.0f) {
        return 1.0f;
    }
    return ease_inside(ease, t);
}

static bool ease_known(akgl_Ease ease)
{
    return (int)ease >= 0 && (int)ease < (int)AKGL_EASE_COUNT;
}

akerr_ErrorContext *akgl_ease(akgl_Ease ease, float t, float *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_ease: NULL destination");
    FAIL_ZERO_RETURN(errctx, ease_known(ease), AKERR_VALUE,
                     "akgl_ease: unknown curve %d (0 .. %d)", (int)ease, AKGL_EASE_COUNT - 1);
    FAIL_NONZERO_RETURN(errctx, isnan(t), AKERR_VALUE, "akgl_ease: t is NaN (0 .. 1)");
    *dest = ease_at(ease, t);
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Pools                                                                    */
/* ------------------------------------------------------------------------ */

static uint32_t next_generation(void)
{
    if (++generation_counter == 0) {
        generation_counter = 1; /* 0 marks a free slot */
    }
    return generation_counter;
}

static void pool_free(SlotPool *p)
{
    free(p->generation);
    free(p->dense);
    free(p->place);
    free(p->free_slots);
    free(p->snapshot);
    memset(p, 0, sizeof(*p));
}

static bool pool_alloc(SlotPool *p, int capacity)
{
    size_t n = (size_t)capacity;
    memset(p, 0, sizeof(*p));
    p->generation = calloc(n, sizeof(*p->generation));
    p->dense = calloc(n, sizeof(*p->dense));
    p->place = calloc(n, sizeof(*p->place));
    p->free_slots = calloc(n, sizeof(*p->free_slots));
    p->snapshot = calloc(n, sizeof(*p->snapshot));
    if (p->generation == NULL || p->dense == NULL || p->place == NULL ||
        p->free_slots == NULL || p->snapshot == NULL) {
        pool_free(p);
        return false;
    }
    p->capacity = capacity;
    p->nfree = capacity;
    for (int i = 0; i < capacity; i++) {
        p->free_slots[i] = capacity - 1 - i; /* slot 0 first */
    }
    return true;
}

/* The bytes a pool of @p capacity takes, with its entries of @p entry bytes. */
static size_t pool_bytes(int capacity, size_t entry)
{
    return (size_t)capacity * (entry + sizeof(uint32_t) + 3 * sizeof(int) + sizeof(akgl_TweenRef));
}

/* Takes a free slot (the caller checked there is one). */
static int pool_take(SlotPool *p, uint32_t *generation)
{
    int slot = p->free_slots[--p->nfree];
    p->generation[slot] = next_generation();
    p->place[slot] = p->count;
    p->dense[p->count++] = slot;
    *generation = p->generation[slot];
    return slot;
}

/* Gives @p slot back: out of the dense list (the last entry takes its place). */
static void pool_give(SlotPool *p, int slot)
{
    int at = p->place[slot];
    int last = p->dense[--p->count];
    p->dense[at] = last;
    p->place[last] = at;
    p->generation[slot] = 0;
    p->free_slots[p->nfree++] = slot;
}

/* The slot @p slot1 (slot + 1) and @p gen name while live, or -1. */
static int pool_find(const SlotPool *p, uint32_t slot1, uint32_t gen)
{
    if (slot1 == 0 || gen == 0 || slot1 > (uint32_t)p->capacity) {
        return -1;
    }
    int slot = (int)(slot1 - 1u);
    return p->generation[slot] == gen ? slot : -1;
}

static int resolve_capacity(int want, int fallback)
{
    return want == 0 ? fallback : want;
}

akerr_ErrorContext *akgl_tween_pools_start(int ntweens, int ntimers)
{
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, ntweens < 0 || ntweens > AKGL_TWEEN_MAX_CAPACITY, AKERR_VALUE,
                        "akgl_game_init: akgl_GameConfig.tweens is %d; it must be 0 (the "
                        "default, %d) .. %d", ntweens, AKGL_TWEEN_DEFAULT_CAPACITY,
                        AKGL_TWEEN_MAX_CAPACITY);
    FAIL_NONZERO_RETURN(errctx, ntimers < 0 || ntimers > AKGL_TWEEN_MAX_CAPACITY, AKERR_VALUE,
                        "akgl_game_init: akgl_GameConfig.timers is %d; it must be 0 (the "
                        "default, %d) .. %d", ntimers, AKGL_TIMER_DEFAULT_CAPACITY,
                        AKGL_TWEEN_MAX_CAPACITY);
    akgl_tween_pools_stop();
    ntweens = resolve_capacity(ntweens, AKGL_TWEEN_DEFAULT_CAPACITY);
    ntimers = resolve_capacity(ntimers, AKGL_TIMER_DEFAULT_CAPACITY);
    tweens = calloc((size_t)ntweens, sizeof(*tweens));
    timers = calloc((size_t)ntimers, sizeof(*timers));
    bool tweens_ok = tweens != NULL && pool_alloc(&tween_pool, ntweens);
    bool timers_ok = timers != NULL && pool_alloc(&timer_pool, ntimers);
    if (!tweens_ok || !timers_ok) {
        akgl_tween_pools_stop();
        FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                    "akgl_game_init: cannot allocate the %s pool: %d slots (%zu bytes)",
                    tweens_ok ? "timer" : "tween", tweens_ok ? ntimers : ntweens,
                    tweens_ok ? pool_bytes(ntimers, sizeof(Timer))
                              : pool_bytes(ntweens, sizeof(Tween)));
    }
    pools_started = true;
    pools_epoch++;
    SUCCEED_RETURN(errctx);
}

void akgl_tween_pools_stop(void)
{
    pool_free(&tween_pool);
    pool_free(&timer_pool);
    free(tweens);
    free(timers);
    tweens = NULL;
    timers = NULL;
    pools_started = false;
    updating = false;
}

#define CHECK_STARTED(errctx, fn) \
    FAIL_ZERO_RETURN(errctx, pools_started, AKERR_BEHAVIOR, \
                     fn ": the game is not started (akgl_game_init first)")

/* ------------------------------------------------------------------------ */
/* Tweens                                                                   */
/* ------------------------------------------------------------------------ */

static bool seconds_ok(float s, bool zero_ok)
{
    /* Written so that NaN fails too. */
    return (zero_ok ? s >= 0.0f : s > 0.0f) && s <= AKGL_TWEEN_MAX_SECONDS;
}

/* Seconds to nanoseconds, to the microsecond: 0.1f (0.100000001...) is
 * 100 ms, as the game meant, not 1 ns more. */
static uint64_t seconds_ns(float s)
{
    return (uint64_t)((double)s * 1e6 + 0.5) * 1000u;
}

static akerr_ErrorContext *check_spec(const akgl_TweenSpec *spec)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, ease_known(spec->ease), AKERR_VALUE,
                     "akgl_tween_start: ease is %d, not a curve (0 .. %d)", (int)spec->ease,
                     AKGL_EASE_COUNT - 1);
    FAIL_NONZERO_RETURN(errctx, (int)spec->property < 0 ||
                                    (int)spec->property >= (int)AKGL_TWEEN_PROPERTY_COUNT,
                        AKERR_VALUE, "akgl_tween_start: property is %d, not a property (0 .. %d)",
                        (int)spec->property, AKGL_TWEEN_PROPERTY_COUNT - 1);
    if (spec->property == AKGL_TWEEN_FLOAT) {
        FAIL_ZERO_RETURN(errctx, spec->target, AKERR_NULLPOINTER,
                         "akgl_tween_start: NULL target (the float to tween)");
    } else {
        FAIL_NONZERO_RETURN(errctx, spec->target != NULL, AKERR_VALUE,
                            "akgl_tween_start: property %d writes the actor's field; target "
                            "must be NULL", (int)spec->property);
        FAIL_ZERO_RETURN(errctx, spec->actor.slot, AKERR_VALUE,
                         "akgl_tween_start: property %d is an actor's field and actor is "
                         "AKGL_ACTOR_REF_NONE", (int)spec->property);
    }
    FAIL_ZERO_RETURN(errctx, isfinite(spec->from) && isfinite(spec->to), AKERR_VALUE,
                     "akgl_tween_start: from %g and to %g must both be finite",
                     (double)spec->from, (double)spec->to);
    FAIL_ZERO_RETURN(errctx, seconds_ok(spec->duration, false), AKERR_VALUE,
                     "akgl_tween_start: duration %g s is outside (0, %g]",
                     (double)spec->duration, (double)AKGL_TWEEN_MAX_SECONDS);
    FAIL_ZERO_RETURN(errctx, seconds_ok(spec->delay, true), AKERR_VALUE,
                     "akgl_tween_start: delay %g s is outside 0 .. %g", (double)spec->delay,
                     (double)AKGL_TWEEN_MAX_SECONDS);
    FAIL_NONZERO_RETURN(errctx, spec->repeat < AKGL_TWEEN_FOREVER, AKERR_VALUE,
                        "akgl_tween_start: repeat %d is below AKGL_TWEEN_FOREVER (%d)",
                        spec->repeat, AKGL_TWEEN_FOREVER);
    if (spec->actor.slot != 0) {
        akgl_Actor *actor = NULL;
        PASS(errctx, akgl_actor_from_ref(spec->actor, &actor));
    }
    SUCCEED_RETURN(errctx);
}

/* Starts a checked tween whose writes are kept inside lo .. hi. */
static akerr_ErrorContext *start_tween(const akgl_TweenSpec *spec, float lo, float hi,
                                       akgl_TweenRef *dest)
{
    uint32_t gen = 0;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, tween_pool.nfree, AKGL_ERR_HEAP,
                     "akgl_tween_start: all %d tween slots are in use "
                     "(akgl_GameConfig.tweens sets how many)", tween_pool.capacity);
    int slot = pool_take(&tween_pool, &gen);
    Tween *tw = &tweens[slot];
    memset(tw, 0, sizeof(*tw));
    tw->target = spec->target;
    tw->actor = spec->actor;
    tw->bound = spec->actor.slot != 0;
    tw->property = spec->property;
    tw->ease = spec->ease;
    tw->from = spec->from;
    tw->to = spec->to;
    tw->lo = lo;
    tw->hi = hi;
    tw->duration_ns = seconds_ns(spec->duration);
    tw->duration_ns = tw->duration_ns > 0 ? tw->duration_ns : 1;
    tw->delay_ns = seconds_ns(spec->delay);
    tw->repeat = spec->repeat;
    tw->yoyo = spec->yoyo;
    tw->done = spec->done;
    tw->userdata = spec->userdata;
    if (dest != NULL) {
        *dest = (akgl_TweenRef){(uint32_t)slot + 1u, gen};
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tween_start(const akgl_TweenSpec *spec, akgl_TweenRef *dest)
{
    PREPARE_ERROR(errctx);
    if (dest != NULL) {
        *dest = AKGL_TWEEN_REF_NONE;
    }
    CHECK_STARTED(errctx, "akgl_tween_start");
    FAIL_ZERO_RETURN(errctx, spec, AKERR_NULLPOINTER, "akgl_tween_start: NULL spec");
    PASS(errctx, check_spec(spec));
    float lo = -INFINITY, hi = INFINITY;
    if (spec->property == AKGL_TWEEN_SCALE || spec->property == AKGL_TWEEN_SCALE_X ||
        spec->property == AKGL_TWEEN_SCALE_Y) {
        lo = 0.0f;
        hi = AKGL_RENDER_MAX_SCALE;
    } else if (spec->property == AKGL_TWEEN_ALPHA) {
        lo = 0.0f;
        hi = 1.0f;
    }
    PASS(errctx, start_tween(spec, lo, hi, dest));
    SUCCEED_RETURN(errctx);
}

static float actor_value(const akgl_Actor *a, akgl_TweenProperty property)
{
    switch (property) {
    case AKGL_TWEEN_X:
        return a->x;
    case AKGL_TWEEN_Y:
        return a->y;
    case AKGL_TWEEN_SCALE:
    case AKGL_TWEEN_SCALE_X:
        return a->scale_x;
    case AKGL_TWEEN_SCALE_Y:
        return a->scale_y;
    case AKGL_TWEEN_ROTATION:
        return a->rotation;
    case AKGL_TWEEN_ALPHA:
        return (float)a->tint.a / 255.0f;
    default:
        return 0.0f;
    }
}

akerr_ErrorContext *akgl_tween_actor(akgl_Actor *actor, akgl_TweenProperty property, float to,
                                     float seconds, akgl_Ease ease, akgl_TweenRef *dest)
{
    PREPARE_ERROR(errctx);
    if (dest != NULL) {
        *dest = AKGL_TWEEN_REF_NONE;
    }
    CHECK_STARTED(errctx, "akgl_tween_actor");
    FAIL_ZERO_RETURN(errctx, actor, AKERR_NULLPOINTER, "akgl_tween_actor: NULL actor");
    FAIL_NONZERO_RETURN(errctx, property == AKGL_TWEEN_FLOAT, AKERR_VALUE,
                        "akgl_tween_actor: AKGL_TWEEN_FLOAT is no field of an actor "
                        "(akgl_tween_start tweens a float)");
    akgl_TweenSpec spec = {.property = property, .to = to, .duration = seconds, .ease = ease};
    PASS(errctx, akgl_actor_ref(actor, &spec.actor));
    if ((int)property > 0 && (int)property < (int)AKGL_TWEEN_PROPERTY_COUNT) {
        spec.from = actor_value(actor, property);
    }
    PASS(errctx, akgl_tween_start(&spec, dest));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tween_camera_zoom(akgl_Camera *cam, float to, float seconds,
                                           akgl_Ease ease, akgl_TweenRef *dest)
{
    PREPARE_ERROR(errctx);
    if (dest != NULL) {
        *dest = AKGL_TWEEN_REF_NONE;
    }
    CHECK_STARTED(errctx, "akgl_tween_camera_zoom");
    FAIL_ZERO_RETURN(errctx, cam, AKERR_NULLPOINTER, "akgl_tween_camera_zoom: NULL camera");
    FAIL_ZERO_RETURN(errctx, to >= AKGL_CAMERA_MIN_ZOOM && to <= AKGL_CAMERA_MAX_ZOOM,
                     AKERR_VALUE, "akgl_tween_camera_zoom: zoom %g is outside %g .. %g",
                     (double)to, (double)AKGL_CAMERA_MIN_ZOOM, (double)AKGL_CAMERA_MAX_ZOOM);
    FAIL_ZERO_RETURN(errctx, cam->zoom >= AKGL_CAMERA_MIN_ZOOM && cam->zoom <= AKGL_CAMERA_MAX_ZOOM,
                     AKERR_VALUE, "akgl_tween_camera_zoom: the camera's zoom is %g now, "
                     "outside %g .. %g", (double)cam->zoom, (double)AKGL_CAMERA_MIN_ZOOM,
                     (double)AKGL_CAMERA_MAX_ZOOM);
    akgl_TweenSpec spec = {.target = &cam->zoom, .from = cam->zoom, .to = to,
                           .duration = seconds, .ease = ease};
    PASS(errctx, check_spec(&spec));
    PASS(errctx, start_tween(&spec, AKGL_CAMERA_MIN_ZOOM, AKGL_CAMERA_MAX_ZOOM, dest));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tween_cancel(akgl_TweenRef ref)
{
    PREPARE_ERROR(errctx);
    CHECK_STARTED(errctx, "akgl_tween_cancel");
    int slot = pool_find(&tween_pool, ref.slot, ref.generation);
    if (slot >= 0) {
        pool_give(&tween_pool, slot);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tween_running(akgl_TweenRef ref, bool *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_tween_running: NULL destination");
    *dest = false;
    CHECK_STARTED(errctx, "akgl_tween_running");
    *dest = pool_find(&tween_pool, ref.slot, ref.generation) >= 0;
    SUCCEED_RETURN(errctx);
}

/* Writes @p v where the tween writes, inside its range; false when its actor is gone. */
static bool tween_write(Tween *tw, float v)
{
    akgl_Actor *a = NULL;
    if (tw->bound) {
        a = akgl_actor_resolve(tw->actor);
        if (a == NULL) {
            return false;
        }
    }
    v = v < tw->lo ? tw->lo : (v > tw->hi ? tw->hi : v);
    switch (tw->property) {
    case AKGL_TWEEN_FLOAT:
        *tw->target = v;
        break;
    case AKGL_TWEEN_X:
        a->x = v;
        break;
    case AKGL_TWEEN_Y:
        a->y = v;
        break;
    case AKGL_TWEEN_SCALE:
        a->scale_x = v;
        a->scale_y = v;
        break;
    case AKGL_TWEEN_SCALE_X:
        a->scale_x = v;
        break;
    case AKGL_TWEEN_SCALE_Y:
        a->scale_y = v;
        break;
    case AKGL_TWEEN_ROTATION:
        a->rotation = v;
        break;
    case AKGL_TWEEN_ALPHA:
        a->tint.a = (uint8_t)(v * 255.0f + 0.5f);
        break;
    default:
        break;
    }
    return true;
}

/* The value of run @p run at fraction @p t: odd runs of a yoyo go backwards. */
static float tween_value(const Tween *tw, uint64_t run, float t)
{
    bool back = tw->yoyo && (run & 1u);
    float e = ease_at(tw->ease, back ? 1.0f - t : t);
    if (e == 0.0f) {
        return tw->from;
    }
    if (e == 1.0f) {
        return tw->to;
    }
    return tw->from + (tw->to - tw->from) * e;
}

/*
 * Moves one tween on by @p ns. Returns true when it has ended (finished:
 * *finished set; or its actor gone): the caller gives the slot back.
 */
static bool tween_advance(Tween *tw, uint64_t ns, bool *finished)
{
    *finished = false;
    if (tw->delay_ns > 0) {
        if (ns < tw->delay_ns) {
            tw->delay_ns -= ns;
            return false;
        }
        ns -= tw->delay_ns;
        tw->delay_ns = 0;
    }
    uint64_t d = tw->duration_ns;
    uint64_t elapsed = ns > UINT64_MAX - tw->elapsed_ns ? UINT64_MAX : tw->elapsed_ns + ns;
    uint64_t runs = elapsed / d; /* whole runs ended by this step */
    if (runs > 0) {
        if (tw->repeat != AKGL_TWEEN_FOREVER && runs > (uint64_t)tw->repeat - tw->run) {
            /* The last run ends: exactly its end value. */
            *finished = tween_write(tw, tween_value(tw, (uint64_t)tw->repeat, 1.0f));
            return true;
        }
        tw->run += runs;
        elapsed %= d;
    }
    tw->elapsed_ns = elapsed;
    float t = (float)((double)elapsed / (double)d);
    if (!tween_write(tw, tween_value(tw, tw->run, t))) {
        return true; /* the actor is gone */
    }
    return false;
}

/* ------------------------------------------------------------------------ */
/* Timers                                                                   */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *start_timer(uint64_t first_ns, uint64_t period_ns, int count,
                                       akgl_TimerFunc fn, void *userdata, akgl_TimerRef *dest)
{
    uint32_t gen = 0;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, timer_pool.nfree, AKGL_ERR_HEAP,
                     "akgl_timer: all %d timer slots are in use "
                     "(akgl_GameConfig.timers sets how many)", timer_pool.capacity);
    int slot = pool_take(&timer_pool, &gen);
    timers[slot] = (Timer){period_ns, first_ns, count, fn, userdata};
    if (dest != NULL) {
        *dest = (akgl_TimerRef){(uint32_t)slot + 1u, gen};
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_timer_after(float seconds, akgl_TimerFunc fn, void *userdata,
                                     akgl_TimerRef *dest)
{
    PREPARE_ERROR(errctx);
    if (dest != NULL) {
        *dest = AKGL_TIMER_REF_NONE;
    }
    CHECK_STARTED(errctx, "akgl_timer_after");
    FAIL_ZERO_RETURN(errctx, fn, AKERR_NULLPOINTER, "akgl_timer_after: NULL callback");
    FAIL_ZERO_RETURN(errctx, seconds_ok(seconds, true), AKERR_VALUE,
                     "akgl_timer_after: %g s is outside 0 .. %g", (double)seconds,
                     (double)AKGL_TWEEN_MAX_SECONDS);
    uint64_t ns = seconds_ns(seconds);
    PASS(errctx, start_timer(ns, ns, 1, fn, userdata, dest));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_timer_every(float seconds, int count, akgl_TimerFunc fn, void *userdata,
                                     akgl_TimerRef *dest)
{
    PREPARE_ERROR(errctx);
    if (dest != NULL) {
        *dest = AKGL_TIMER_REF_NONE;
    }
    CHECK_STARTED(errctx, "akgl_timer_every");
    FAIL_ZERO_RETURN(errctx, fn, AKERR_NULLPOINTER, "akgl_timer_every: NULL callback");
    FAIL_ZERO_RETURN(errctx, seconds >= AKGL_TIMER_MIN_PERIOD && seconds <= AKGL_TWEEN_MAX_SECONDS,
                     AKERR_VALUE, "akgl_timer_every: a period of %g s is outside %g .. %g",
                     (double)seconds, (double)AKGL_TIMER_MIN_PERIOD,
                     (double)AKGL_TWEEN_MAX_SECONDS);
    FAIL_NONZERO_RETURN(errctx, count < 0, AKERR_VALUE,
                        "akgl_timer_every: count %d is below 0 (0: no end)", count);
    uint64_t ns = seconds_ns(seconds);
    PASS(errctx, start_timer(ns, ns, count, fn, userdata, dest));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_timer_cancel(akgl_TimerRef ref)
{
    PREPARE_ERROR(errctx);
    CHECK_STARTED(errctx, "akgl_timer_cancel");
    int slot = pool_find(&timer_pool, ref.slot, ref.generation);
    if (slot >= 0) {
        pool_give(&timer_pool, slot);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_timer_running(akgl_TimerRef ref, bool *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_timer_running: NULL destination");
    *dest = false;
    CHECK_STARTED(errctx, "akgl_timer_running");
    *dest = pool_find(&timer_pool, ref.slot, ref.generation) >= 0;
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* The update                                                               */
/* ------------------------------------------------------------------------ */

/* Copies the live list, with generations, for the walk. */
static int take_snapshot(SlotPool *p)
{
    for (int i = 0; i < p->count; i++) {
        int slot = p->dense[i];
        p->snapshot[i] = (akgl_TweenRef){(uint32_t)slot + 1u, p->generation[slot]};
    }
    return p->count;
}

/* One timer's step: its calls due, each checked for a cancel by the one before. */
static void timer_step(akgl_TimerRef ref, uint64_t ns, akerr_ErrorContext **first)
{
    int slot = (int)ref.slot - 1;
    Timer *tm = &timers[slot];
    while (ns >= tm->left_ns) {
        ns -= tm->left_ns;
        tm->left_ns = tm->period_ns;
        akgl_TimerFunc fn = tm->fn;
        void *userdata = tm->userdata;
        bool last = tm->count == 1;
        if (tm->count > 0) {
            tm->count--;
        }
        if (last) {
            pool_give(&timer_pool, slot); /* stale in its own last call */
        }
        akgl_object_keep_first(first, fn((akgl_TimerRef){ref.slot, ref.generation}, userdata));
        if (last || !pools_started || timer_pool.generation[slot] != ref.generation) {
            return; /* done, or cancelled by the call */
        }
    }
    tm->left_ns -= ns;
}

/* Whether the pools the update began with are still there (a callback may
 * quit the game, and even start it again). */
static bool same_pools(uint32_t epoch)
{
    return pools_started && pools_epoch == epoch;
}

akerr_ErrorContext *akgl_tween_update(uint64_t ns)
{
    akerr_ErrorContext *first = NULL;
    PREPARE_ERROR(errctx);
    CHECK_STARTED(errctx, "akgl_tween_update");
    FAIL_NONZERO_RETURN(errctx, updating, AKERR_BEHAVIOR,
                        "akgl_tween_update: called from a tween's or timer's callback (the "
                        "update in progress advances them)");
    const uint32_t epoch = pools_epoch;
    updating = true;
    int ntimers = take_snapshot(&timer_pool);
    int ntweens = take_snapshot(&tween_pool);
    for (int i = 0; i < ntimers && same_pools(epoch); i++) {
        akgl_TweenRef s = timer_pool.snapshot[i];
        if (timer_pool.generation[s.slot - 1u] == s.generation) {
            timer_step((akgl_TimerRef){s.slot, s.generation}, ns, &first);
        }
    }
    for (int i = 0; i < ntweens && same_pools(epoch); i++) {
        akgl_TweenRef s = tween_pool.snapshot[i];
        int slot = (int)s.slot - 1;
        if (tween_pool.generation[slot] != s.generation) {
            continue; /* cancelled meanwhile */
        }
        Tween *tw = &tweens[slot];
        bool finished = false;
        if (tween_advance(tw, ns, &finished)) {
            akgl_TweenFunc done = tw->done;
            void *userdata = tw->userdata;
            pool_give(&tween_pool, slot);
            if (finished && done != NULL) {
                akgl_object_keep_first(&first, done(s, userdata));
            }
        }
    }
    if (same_pools(epoch)) {
        updating = false;
    }
    PASS(errctx, first);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tween_cancel_all(void)
{
    PREPARE_ERROR(errctx);
    CHECK_STARTED(errctx, "akgl_tween_cancel_all");
    while (tween_pool.count > 0) {
        pool_give(&tween_pool, tween_pool.dense[tween_pool.count - 1]);
    }
    while (timer_pool.count > 0) {
        pool_give(&timer_pool, timer_pool.dense[timer_pool.count - 1]);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_tween_counts(int *ntweens, int *ntimers, int *tween_cap, int *timer_cap)
{
    PREPARE_ERROR(errctx);
    CHECK_STARTED(errctx, "akgl_tween_counts");
    if (ntweens != NULL) {
        *ntweens = tween_pool.count;
    }
    if (ntimers != NULL) {
        *ntimers = timer_pool.count;
    }
    if (tween_cap != NULL) {
        *tween_cap = tween_pool.capacity;
    }
    if (timer_cap != NULL) {
        *timer_cap = timer_pool.capacity;
    }
    SUCCEED_RETURN(errctx);
}
