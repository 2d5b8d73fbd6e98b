#include <akgl/actor.h>

#include "draw_private.h"
#include "time_private.h"
#include "heap_pool.h"
#include "actor_private.h"
#include "object.h"
#include "registry_private.h"
#include "render_batch_private.h"
#include "render_private.h"
#include "sound_actor.h"

#include <akgl/heap.h>
#include <akgl/registry.h>
#include <akgl/render.h>
#include <akgl/time.h>

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* A released actor keeps its name (zeroed when the slot is acquired again):
 * a message about it, "already released" or a stale reference, names it. */
AKGL_HEAP_POOL_KEEP(akgl_heap_pool_actor, akgl_Actor, akgl_heap_actors, name);

void akgl_actor_release_held(akgl_Actor *obj, akerr_ErrorContext **first)
{
    bool was_releasing = obj->releasing;
    obj->releasing = true;
    for (int i = 0; i < AKGL_ACTOR_MAX_CHILDREN; i++) {
        akgl_Actor *child = obj->children[i];
        obj->children[i] = NULL;
        if (child == NULL || child->releasing) {
            continue;
        }
        if (child->parent == obj) {
            child->parent = NULL; /* it may outlive us if someone else holds it */
        }
        akgl_object_keep_first(first, akgl_heap_release_actor(child));
    }
    akgl_sound_actor_release(obj); /* a looping state sound ends with the actor */
    /* The sprite it shows (see akgl_actor_current_sprite), then its character. */
    if (obj->cursprite != NULL) {
        akgl_object_keep_first(first, akgl_heap_release_sprite(obj->cursprite));
        obj->cursprite = NULL;
    }
    if (obj->basechar != NULL) {
        akgl_object_keep_first(first, akgl_heap_release_character(obj->basechar));
        obj->basechar = NULL;
    }
    obj->releasing = was_releasing;
}

const char *akgl_actor_label(const akgl_Actor *a, char *buf, size_t size)
{
    if (a == NULL) {
        snprintf(buf, size, "actor (NULL)");
    } else if (a->name[0] != '\0' || !akgl_heap_holds(AKGL_HEAP_ACTOR, a)) {
        snprintf(buf, size, "actor \"%.*s\"", (int)sizeof(a->name) - 1, a->name);
    } else {
        snprintf(buf, size, "actor (anonymous, slot %d)",
                 (int)(((const char *)a - (const char *)akgl_heap_pool_actor.base) /
                       (ptrdiff_t)akgl_heap_pool_actor.size));
    }
    return buf;
}

akerr_ErrorContext *akgl_actor_initialize(akgl_Actor *obj, const char *name)
{
    int refcount = 0;
    bool pooled = false;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_initialize: NULL actor");
    if (name != NULL) {
        PASS(errctx, akgl_object_check_name(name, sizeof(obj->name), "actor"));
        PASS(errctx, akgl_object_check_unregistered(AKGL_REGISTRY_ACTOR, "actor", name, obj));
    } else {
        /* A struct of the game's own is known by its registry entry alone
         * (a release checks it there): it cannot go without a name. */
        FAIL_ZERO_RETURN(errctx, akgl_heap_holds(AKGL_HEAP_ACTOR, obj), AKERR_VALUE,
                         "akgl_actor_initialize: %p is not a slot of the actor pool, and only "
                         "a pool slot can be anonymous (NULL name): give an actor struct of "
                         "the game's own a name", (void *)obj);
    }
    PASS(errctx, akgl_object_initial_refcount(AKGL_HEAP_ACTOR, obj, obj->refcount, "actor",
                                              &refcount, &pooled));
    /* Only a slot's old contents can be trusted; a stack struct may be garbage. */
    akgl_Actor previous;
    if (pooled) {
        previous = *obj;
    } else {
        memset(&previous, 0, sizeof(previous));
    }
    /* Register the new name first: if that fails, the actor is as it was.
     * An anonymous actor registers nothing (and looks nothing up). */
    if (name != NULL) {
        PASS(errctx, akgl_registry_add(AKGL_REGISTRY_ACTOR, "actor", name, obj));
    }
    if (previous.live && previous.name[0] != '\0' &&
        (name == NULL || strcmp(previous.name, name) != 0)) {
        IGNORE(akgl_registry_remove(AKGL_REGISTRY_ACTOR, "actor", previous.name, obj));
    }
    /* A live slot may hold references (character, children, shown sprite):
     * give them back before zeroing, or they leak for ever. Its parent link
     * stays: the parent's reference and children[] entry are the parent's. */
    akgl_Actor *parent = NULL;
    akerr_ErrorContext *first = NULL;
    if (pooled) {
        parent = obj->parent;
        akgl_actor_release_held(obj, &first);
    }

    memset(obj, 0, sizeof(*obj));
    obj->refcount = refcount;
    obj->parent = parent;
    if (name != NULL) {
        memcpy(obj->name, name, strlen(name) + 1);
    }
    obj->live = true;
    obj->visible = true;
    obj->scale_x = 1.0f;
    obj->scale_y = 1.0f;
    obj->tint = (SDL_Color){255, 255, 255, 255};
    obj->blend = (uint8_t)SDL_BLENDMODE_BLEND;
    obj->facefunc = akgl_actor_automatic_face;
    obj->movementlogicfunc = akgl_actor_move_by_state;
    obj->changeframefunc = akgl_actor_advance_frame;
    obj->updatefunc = akgl_actor_run_update;
    obj->renderfunc = akgl_actor_draw;
    obj->collision_layers = 1;
    obj->collision_mask = UINT32_MAX;
    if (first != NULL) {
        return akerr_trace_append(first, __FILE__, __func__, __LINE__);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_actor_spawn(const char *name, const char *character, float x, float y,
                                     akgl_Actor **dest)
{
    akgl_Actor *actor = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_actor_spawn: NULL destination");
    *dest = NULL;
    /* name NULL: an anonymous actor (no string, no lookup). */
    if (character == NULL) {
        FAIL_RETURN(errctx, AKERR_NULLPOINTER, "akgl_actor_spawn: NULL character for %s%s%s",
                    name != NULL ? "actor \"" : "an anonymous actor", name != NULL ? name : "",
                    name != NULL ? "\"" : "");
    }
    PASS(errctx, akgl_heap_next_actor(&actor));
    ATTEMPT {
        CATCH(errctx, akgl_actor_initialize(actor, name));
        CATCH(errctx, akgl_actor_set_character(actor, character));
    } CLEANUP {
    } PROCESS(errctx) {
        /* Initialised or not, the release gives back all it holds. */
        IGNORE(akgl_heap_release_actor(actor));
    } FINISH(errctx, true);
    actor->x = x;
    actor->y = y;
    actor->state = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_DOWN;
    *dest = actor;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_actor_set_character(akgl_Actor *obj, const char *charname)
{
    void *found = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_set_character: NULL actor");
    FAIL_ZERO_RETURN(errctx, charname, AKERR_NULLPOINTER,
                     "akgl_actor_set_character: NULL character name for %s", AKGL_ACTOR_WHO(obj));
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_CHARACTER, "character", charname, &found));
    if (found == NULL) {
        char nearby[AKERR_MAX_ERROR_MESSAGE_LENGTH / 2];
        akgl_registry_describe_miss(AKGL_REGISTRY_CHARACTER, "character", charname, nearby,
                                    sizeof(nearby));
        FAIL_RETURN(errctx, AKERR_KEY,
                    "akgl_actor_set_character: %s: no character named \"%s\" is "
                    "loaded%s", AKGL_ACTOR_WHO(obj), charname, nearby);
    }
    akgl_Character *basechar = found;
    /* The file's per-actor keys; checked first, so a refusal changes nothing. */
    PASS(errctx, akgl_actor_apply_settings(obj, &basechar->actor_settings));
    akgl_Character *old = obj->basechar;
    basechar->refcount++; /* the actor keeps a pointer: it holds a reference */
    obj->basechar = basechar;
    obj->sx = basechar->sx;
    obj->sy = basechar->sy;
    obj->sz = basechar->sz;
    obj->ax = basechar->ax;
    obj->ay = basechar->ay;
    obj->az = basechar->az;
    obj->cursprite_valid = false;
    if (old != NULL) {
        PASS(errctx, akgl_heap_release_character(old));
    }
    SUCCEED_RETURN(errctx);
}

/*
 * An actor whose state has no sprite, even after the fallback, draws
 * nothing; say so once per character and state (the character remembers the
 * last few states), never per frame, and not once for each of 10,000 actors
 * of one character: the first actor seen is named.
 */
static void log_missing_sprite(const akgl_Actor *obj, akgl_Character *basechar)
{
    for (int i = 0; i < AKGL_CHARACTER_MISSING_SPRITE_MEMORY; i++) {
        if (basechar->missing_logged[i] == obj->state + 1) {
            return;
        }
    }
    int next = basechar->missing_logged_next;
    if (next < 0 || next >= AKGL_CHARACTER_MISSING_SPRITE_MEMORY) {
        next = 0; /* a character struct written by hand */
    }
    basechar->missing_logged[next] = obj->state + 1;
    basechar->missing_logged_next = (next + 1) % AKGL_CHARACTER_MISSING_SPRITE_MEMORY;
    SDL_Log("akgl: %s draws nothing: character \"%s\" has no sprite for state "
            "%d or any state it falls back to (docs/11-characters.md)",
            AKGL_ACTOR_WHO(obj), basechar->name, obj->state);
}

akerr_ErrorContext *akgl_actor_lookup_sprite(akgl_Actor *obj, akgl_Sprite **dest)
{
    akgl_Sprite *sprite = NULL;
    PREPARE_ERROR(errctx);

    if (akgl_actor_cached_sprite(obj, dest)) {
        SUCCEED_RETURN(errctx);
    }
    *dest = NULL;
    akgl_Character *basechar = obj->basechar;
    obj->cursprite_valid = false;
    /* Exact mapping or nearest fallback, once per change of state: the
     * result is cached below, so frames pay a compare, not a lookup. */
    PASS(errctx, akgl_character_sprite_resolve(basechar, obj->state, &sprite, NULL));
    if (sprite == NULL) {
        log_missing_sprite(obj, basechar);
    }
    if (sprite != NULL && sprite != obj->cursprite) {
        /* Another animation: start it from its first frame, and start its
         * clock now. Without the clock restart, the update that sees the new
         * state handed the new sprite all the time since the previous update
         * (spent in the old state), so a change made a dwell after the last
         * update showed frame id 1 first, never 0. */
        obj->curSpriteFrameId = 0;
        obj->curSpriteFrameTimer = 0;
        obj->curSpriteReversing = false;
        obj->lastupdate_ns = akgl_time_now();
        obj->updated = true;
        /* Hold a reference on the sprite we show. Comparing against a
         * borrowed pointer was not enough: once the old sprite was freed, a
         * sprite loaded into its slot compared equal, and the animation
         * carried on at the old frame instead of restarting. */
        akgl_Sprite *old = obj->cursprite;
        sprite->refcount++;
        obj->cursprite = sprite;
        if (old != NULL) {
            PASS(errctx, akgl_heap_release_sprite(old));
        }
    }
    obj->cursprite_miss = (sprite == NULL);
    obj->cursprite_state = obj->state;
    obj->cursprite_char = basechar;
    obj->cursprite_generation = basechar->generation;
    obj->cursprite_valid = true;
    *dest = sprite;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_actor_current_sprite(akgl_Actor *obj, akgl_Sprite **dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_actor_current_sprite: NULL destination");
    *dest = NULL;
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_current_sprite: NULL actor");
    FAIL_ZERO_RETURN(errctx, obj->basechar, AKERR_KEY, "%s has no character",
                     AKGL_ACTOR_WHO(obj));
    PASS(errctx, akgl_actor_lookup_sprite(obj, dest));
    FAIL_ZERO_RETURN(errctx, *dest, AKERR_KEY, "character \"%s\" has no sprite for state %d "
                     "(%s)", obj->basechar->name, obj->state, AKGL_ACTOR_WHO(obj));
    SUCCEED_RETURN(errctx);
}

static void automatic_face(akgl_Actor *obj);

akerr_ErrorContext *akgl_actor_automatic_face(akgl_Actor *obj)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_automatic_face: NULL actor");
    automatic_face(obj);
    SUCCEED_RETURN(errctx);
}

/*
 * The facing for the four MOVING_LEFT/RIGHT/UP/DOWN bits, shifted down to
 * bits 0..3; 0 for none. Side views are the common art, so horizontal
 * movement decides first: LEFT, then RIGHT, then UP, then DOWN. A table, as
 * every frame asks for every actor.
 */
#define FL AKGL_ACTOR_STATE_FACE_LEFT
#define FR AKGL_ACTOR_STATE_FACE_RIGHT
#define FU AKGL_ACTOR_STATE_FACE_UP
#define FD AKGL_ACTOR_STATE_FACE_DOWN
static const uint8_t FACE_OF_MOVING[16] = {
    0,  FL, FR, FL, /* none, L, R, LR */
    FU, FL, FR, FL, /* U, UL, UR, ULR */
    FD, FL, FR, FL, /* D, DL, DR, DLR */
    FU, FL, FR, FL, /* UD (up first), UDL, UDR, UDLR */
};
#undef FL
#undef FR
#undef FU
#undef FD
_Static_assert(AKGL_ACTOR_STATE_FACE_ALL <= UINT8_MAX, "a facing fits FACE_OF_MOVING");

static void automatic_face(akgl_Actor *obj)
{
    unsigned int moving = (unsigned int)obj->state / (unsigned int)AKGL_ACTOR_STATE_MOVING_LEFT;
    int face = FACE_OF_MOVING[moving & 15u];
    /* Stopped (or moving only in/out): keep the last facing, so the actor
     * still has a drawable state without a bare-ALIVE mapping. */
    if (face != 0) {
        int faced = (obj->state & ~AKGL_ACTOR_STATE_FACE_ALL) | face;
        /* Written only when the facing turns: an actor walking on keeps the
         * state's cache line clean, so the frame writes back one line of it
         * (the clock's, position's and intent's), not two. */
        if (faced != obj->state) {
            obj->state = faced;
        }
    }
}

_Static_assert(AKGL_ACTOR_STATE_MOVING_RIGHT == AKGL_ACTOR_STATE_MOVING_LEFT << 1 &&
                   AKGL_ACTOR_STATE_MOVING_UP == AKGL_ACTOR_STATE_MOVING_LEFT << 2 &&
                   AKGL_ACTOR_STATE_MOVING_DOWN == AKGL_ACTOR_STATE_MOVING_LEFT << 3 &&
                   AKGL_ACTOR_STATE_MOVING_IN == AKGL_ACTOR_STATE_MOVING_LEFT << 4 &&
                   AKGL_ACTOR_STATE_MOVING_OUT == AKGL_ACTOR_STATE_MOVING_LEFT << 5,
               "the facing and intent tables read the MOVING_* bits as consecutive bits");

/*
 * The intent for the six MOVING_* bits shifted down to bits 0..5: a table,
 * as every frame asks for every actor (and a movement hook may ask again).
 * Each axis takes two bits, the first for -1 and the second for +1 (both:
 * they cancel, +0): LEFT/RIGHT for x, UP/DOWN for y; z's are IN (+1), OUT
 * (-1). Entries are {x, y, z, unused}.
 */
#define INTENT_MINUS_PLUS(b) ((b) == 1 ? -1.0f : (b) == 2 ? 1.0f : 0.0f)
#define INTENT_PLUS_MINUS(b) ((b) == 1 ? 1.0f : (b) == 2 ? -1.0f : 0.0f)
#define INTENT_OF(m)                                                                  \
    {INTENT_MINUS_PLUS((m) & 3), INTENT_MINUS_PLUS(((m) >> 2) & 3),                   \
     INTENT_PLUS_MINUS(((m) >> 4) & 3), 0.0f}
#define INTENT_4(m) INTENT_OF(m), INTENT_OF((m) + 1), INTENT_OF((m) + 2), INTENT_OF((m) + 3)
#define INTENT_16(m) INTENT_4(m), INTENT_4((m) + 4), INTENT_4((m) + 8), INTENT_4((m) + 12)
static const float INTENT_OF_MOVING[64][4] = {INTENT_16(0), INTENT_16(16), INTENT_16(32),
                                              INTENT_16(48)};
#undef INTENT_MINUS_PLUS
#undef INTENT_PLUS_MINUS
#undef INTENT_OF
#undef INTENT_4
#undef INTENT_16

static inline void move_by_state(akgl_Actor *obj)
{
    unsigned int moving = (unsigned int)obj->state / (unsigned int)AKGL_ACTOR_STATE_MOVING_LEFT;
    const float *xyz = INTENT_OF_MOVING[moving & 63u];
    if (offsetof(akgl_Actor, move_y) == offsetof(akgl_Actor, move_x) + sizeof(float)) {
        /* Neighbours (decided at compile time): one 8-byte copy. */
        memcpy((char *)obj + offsetof(akgl_Actor, move_x), xyz, 2 * sizeof(float));
    } else {
        obj->move_x = xyz[0];
        obj->move_y = xyz[1];
    }
    obj->move_z = xyz[2];
}

akerr_ErrorContext *akgl_actor_move_by_state(akgl_Actor *obj)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_move_by_state: NULL actor");
    move_by_state(obj);
    SUCCEED_RETURN(errctx);
}

/* One step of the playlist by the loop rules. */
static void step_frame(akgl_Actor *obj, const akgl_Sprite *sprite)
{
    int last = sprite->frames - 1;
    if (!sprite->loop) {
        if (obj->curSpriteFrameId < last) {
            obj->curSpriteFrameId++;
        }
        return; /* played once: hold the last frame */
    }
    if (!sprite->loopReverse || last == 0) {
        obj->curSpriteFrameId = (obj->curSpriteFrameId >= last) ? 0 : obj->curSpriteFrameId + 1;
        return;
    }
    if (obj->curSpriteReversing && obj->curSpriteFrameId == 0) {
        obj->curSpriteReversing = false;
    } else if (!obj->curSpriteReversing && obj->curSpriteFrameId >= last) {
        obj->curSpriteReversing = true;
    }
    obj->curSpriteFrameId += obj->curSpriteReversing ? -1 : 1;
}

/* After a long pause, skip whole cycles instead of stepping through them:
 * a looping playlist is periodic (a ping-pong of n frames has period
 * 2(n-1)), and a play-once one stops after its frames. Keeps at least one
 * whole period so a ping-pong still leaves its first frame the right way. */
static uint64_t reduce_steps(const akgl_Sprite *sprite, uint64_t steps)
{
    uint64_t period = (uint64_t)sprite->frames;
    if (sprite->loop && sprite->loopReverse && sprite->frames > 1) {
        period = 2 * (uint64_t)(sprite->frames - 1);
    }
    if (sprite->loop && steps > period) {
        return period + steps % period;
    }
    if (!sprite->loop && steps > (uint64_t)sprite->frames) {
        return (uint64_t)sprite->frames;
    }
    return steps;
}

/*
 * A sprite whose entries each have their own dwell (frame_ns, at least 1 ms
 * each, set by its loader). A pause longer than a whole cycle is cut to its
 * remainder first (a looping playlist is periodic in time too; a play-once
 * one ends), so the loop below steps at most about two cycles' frames.
 */
static void advance_frame_timed(akgl_Actor *obj, const akgl_Sprite *sprite, uint64_t elapsed_ns)
{
    int n = sprite->frames < AKGL_SPRITE_MAX_FRAMES ? sprite->frames : AKGL_SPRITE_MAX_FRAMES;
    int last = n - 1;
    int id = obj->curSpriteFrameId;
    if (id >= 0 && id < n) {
        /* Most updates stay inside the frame's dwell: no sum, no division.
         * The same as below, where t then stays under the dwell. */
        uint64_t held = sprite->frame_ns[id] > 0 ? sprite->frame_ns[id] : 1;
        uint64_t banked = obj->curSpriteFrameTimer;
        if (elapsed_ns < held && banked < held - elapsed_ns) {
            obj->curSpriteFrameTimer = banked + elapsed_ns;
            return;
        }
    }
    uint64_t period = 0;
    for (int i = 0; i < n; i++) {
        period += sprite->frame_ns[i] > 0 ? sprite->frame_ns[i] : 1;
    }
    if (sprite->loop && sprite->loopReverse && n > 1) {
        period = 2 * period - sprite->frame_ns[0] - sprite->frame_ns[last];
    }
    if (obj->curSpriteFrameId > last || obj->curSpriteFrameId < 0) {
        obj->curSpriteFrameId = last;
    }
    uint64_t t = obj->curSpriteFrameTimer;
    if (sprite->loop) {
        t = t % period + elapsed_ns % period;
    } else {
        t = (t < period ? t : period) + (elapsed_ns < period ? elapsed_ns : period);
    }
    for (;;) {
        uint64_t dwell = sprite->frame_ns[obj->curSpriteFrameId];
        dwell = dwell > 0 ? dwell : 1;
        if (t < dwell) {
            break;
        }
        if (!sprite->loop && obj->curSpriteFrameId >= last) {
            t = 0; /* played once: hold the last frame */
            break;
        }
        t -= dwell;
        step_frame(obj, sprite);
    }
    obj->curSpriteFrameTimer = t;
}

/*
 * The frame advance without the argument checks. Most updates add less than
 * a dwell to a frame's banked time and step at most once: that path needs no
 * 64-bit division. It computes exactly what the general path computes.
 */
static void advance_frame(akgl_Actor *obj, const akgl_Sprite *sprite, uint64_t elapsed_ns)
{
    if (sprite->frames <= 0) {
        return;
    }
    if (sprite->frame_times) {
        advance_frame_timed(obj, sprite, elapsed_ns);
        return;
    }
    uint64_t dwell = sprite->speed;
    if (dwell == 0 && obj->basechar != NULL) {
        dwell = obj->basechar->speedtime;
    }
    if (obj->curSpriteFrameId >= sprite->frames) {
        obj->curSpriteFrameId = sprite->frames - 1;
    }
    if (dwell == 0) {
        return; /* no dwell time anywhere: a still picture */
    }
    uint64_t banked = obj->curSpriteFrameTimer;
    if (elapsed_ns < dwell && banked < dwell) {
        /* Both quotients are 0 and the remainders are the values. */
        if (banked >= dwell - elapsed_ns) {
            obj->curSpriteFrameTimer = banked - (dwell - elapsed_ns);
            step_frame(obj, sprite); /* reduce_steps(1) is 1 for every playlist */
        } else {
            obj->curSpriteFrameTimer = banked + elapsed_ns;
        }
        return;
    }
    /* Whole dwells in the pause and in the banked time are counted apart,
     * and the two remainders added without overflow: elapsed_ns may be any
     * uint64_t, and `timer + elapsed` wrapped (a pause near UINT64_MAX ns
     * then advanced nothing). */
    uint64_t steps =
        reduce_steps(sprite, elapsed_ns / dwell) + reduce_steps(sprite, banked / dwell);
    uint64_t rest = banked % dwell;
    uint64_t more = elapsed_ns % dwell;
    if (rest >= dwell - more) {
        steps++;
        rest -= dwell - more;
    } else {
        rest += more;
    }
    obj->curSpriteFrameTimer = rest;
    steps = reduce_steps(sprite, steps);
    for (uint64_t i = 0; i < steps; i++) {
        step_frame(obj, sprite);
    }
}

/*
 * advance_frame's common case inline (a sprite with its own dwell, a frame
 * id in range, less than a dwell banked and elapsed), the rest through it:
 * the frame path calls this for every actor.
 */
static inline void advance_frame_often(akgl_Actor *obj, const akgl_Sprite *sprite,
                                       uint64_t elapsed_ns)
{
    uint64_t dwell = sprite->speed;
    uint64_t banked = obj->curSpriteFrameTimer;
    /* elapsed_ns < dwell also says the sprite has a dwell of its own. */
    if (elapsed_ns < dwell && banked < dwell && obj->curSpriteFrameId < sprite->frames &&
        obj->curSpriteFrameId >= 0) {
        if (banked >= dwell - elapsed_ns) {
            obj->curSpriteFrameTimer = banked - (dwell - elapsed_ns);
            step_frame(obj, sprite);
        } else {
            obj->curSpriteFrameTimer = banked + elapsed_ns;
        }
        return;
    }
    advance_frame(obj, sprite, elapsed_ns);
}

akerr_ErrorContext *akgl_actor_advance_frame(akgl_Actor *obj, akgl_Sprite *sprite,
                                             uint64_t elapsed_ns)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_advance_frame: NULL actor");
    FAIL_ZERO_RETURN(errctx, sprite, AKERR_NULLPOINTER,
                     "akgl_actor_advance_frame: NULL sprite for %s", AKGL_ACTOR_WHO(obj));
    advance_frame(obj, sprite, elapsed_ns);
    SUCCEED_RETURN(errctx);
}

/* Runs `call`; a missing mapping (AKERR_KEY) is not an error for a frame. */
static akerr_ErrorContext *swallow_missing_sprite(akerr_ErrorContext *e)
{
    if (e != NULL && e->status == AKERR_KEY) {
        e = akerr_release_error(e);
    }
    return e;
}

/*
 * The sprite the actor's state shows (the cached lookup, or a fresh one) and
 * the game time since its previous update. The clock is read after the
 * lookup because a new sprite restarts it; it advances even when the lookup
 * fails, so a missing sprite does not pile its time onto the next one.
 */
static inline akerr_ErrorContext *sprite_and_elapsed(akgl_Actor *obj, uint64_t now,
                                                     akgl_Sprite **sprite, uint64_t *elapsed)
{
    akerr_ErrorContext *found = NULL;
    akgl_Sprite *cached = NULL;
    if (!akgl_actor_cached_sprite(obj, &cached)) {
        /* Its own variable: one whose address leaves for the lookup would
         * live in memory on the common path too. */
        akgl_Sprite *looked = NULL;
        found = akgl_actor_lookup_sprite(obj, &looked);
        cached = looked;
    }
    *sprite = cached;
    uint64_t since = obj->updated ? obj->lastupdate_ns : now;
    *elapsed = now > since ? now - since : 0;
    obj->lastupdate_ns = now;
    obj->updated = true;
    return found;
}

/*
 * The default hooks are called directly, not through their pointers and
 * argument checks: the frame path runs this for every actor every frame.
 * Any other hook is called through its pointer as before.
 */
static inline akerr_ErrorContext *run_update_at(akgl_Actor *obj, uint64_t now,
                                                akgl_Sprite **shown, bool move)
{
    akgl_Sprite *sprite = NULL;
    PREPARE_ERROR(errctx);

    if (obj->facefunc == akgl_actor_automatic_face) {
        automatic_face(obj);
    } else if (obj->facefunc != NULL) {
        PASS(errctx, obj->facefunc(obj));
    }
    if (!move) {
        /* The physics step ran the hook this update (akgl_actor_update_pass). */
    } else if (obj->movementlogicfunc == akgl_actor_move_by_state) {
        move_by_state(obj);
    } else if (obj->movementlogicfunc != NULL) {
        PASS(errctx, obj->movementlogicfunc(obj));
    }
    uint64_t elapsed = 0;
    PASS(errctx, sprite_and_elapsed(obj, now, &sprite, &elapsed));
    *shown = sprite; /* what the lookup cached: the draw asks again for nothing */
    if (sprite != NULL) {
        if (obj->changeframefunc == akgl_actor_advance_frame) {
            advance_frame_often(obj, sprite, elapsed);
        } else if (obj->changeframefunc != NULL) {
            PASS(errctx, obj->changeframefunc(obj, sprite, elapsed));
        }
    }
    SUCCEED_RETURN(errctx);
}

/* run_update_at for an actor whose face and frame hooks are the defaults,
 * and whose movement hook is the default too or is not to run (@p move
 * false): the same steps, without asking again which hooks it has. */
static inline akerr_ErrorContext *run_update_default(akgl_Actor *obj, uint64_t now,
                                                     akgl_Sprite **shown, bool move)
{
    akgl_Sprite *sprite = NULL;
    PREPARE_ERROR(errctx);
    automatic_face(obj);
    if (move) {
        move_by_state(obj);
    }
    uint64_t elapsed = 0;
    PASS(errctx, sprite_and_elapsed(obj, now, &sprite, &elapsed));
    *shown = sprite;
    if (sprite != NULL) {
        advance_frame_often(obj, sprite, elapsed);
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *run_update(akgl_Actor *obj)
{
    akgl_Sprite *shown = NULL;
    return run_update_at(obj, akgl_time_now(), &shown, true);
}

akerr_ErrorContext *akgl_actor_run_update(akgl_Actor *obj)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_run_update: NULL actor");
    PASS(errctx, run_update(obj));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_actor_update(akgl_Actor *obj)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_update: NULL actor");
    if (obj->updatefunc == akgl_actor_run_update) {
        PASS(errctx, swallow_missing_sprite(run_update(obj)));
    } else if (obj->updatefunc != NULL) {
        PASS(errctx, swallow_missing_sprite(obj->updatefunc(obj)));
    }
    if (obj->state != obj->sound_state) { /* entered a state: its sound, once */
        PASS(errctx, akgl_sound_actor_state_entered(obj));
    }
    SUCCEED_RETURN(errctx);
}

/*
 * The frame's update pass: akgl_actor_update for every live actor in pool
 * order, re-asking the pool after each one (an update may release or spawn
 * actors; a spawn at a later slot is updated this frame). The default
 * updatefunc runs inline, its default hooks too, and the clock is read once
 * for the pass, not once per actor: every actor's animation advances to the
 * same moment. It is read again after any code of the game's has run (a
 * hook of its own, a sound), since that code may move a manual clock: each
 * actor still sees the time as it stood when its update began, as
 * akgl_actor_update gives it.
 *
 * An actor whose movementlogicfunc the physics step already ran in this
 * update (stamped with akgl_time_update_serial) does not run it again: the
 * hook runs once per update. That second call's only lasting effect was an
 * intent the next step computes afresh anyway (docs/14). With the hook
 * skipped, such an actor's update runs only the library's code when its
 * other hooks are the defaults, and the pass can still gather it.
 */
/*
 * The pass's common run, on its own so that its loop keeps what it carries
 * in registers: actors whose hooks are all the library's (or whose movement
 * hook the step already ran), each updated and gathered into @p g as the
 * general loop below would, from slot *at on. Stops at the first live actor
 * it cannot update so, leaving its slot in *at (-1 at the end), and *now
 * as that loop takes it over (current: the clock is read again after a
 * sound). Nothing but the library's code runs here, save a state's sound,
 * so the walk reads the pool's bitmap again only after one.
 */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline)) /* its own registers: the point of a function of its own */
#endif
static akerr_ErrorContext *update_defaults(akgl_DrawGather *g, int *at, uint64_t *now_io)
{
    PREPARE_ERROR(errctx);
    const akgl_HeapPool *pool = &akgl_heap_pool_actor;
    akgl_DrawGather local = *g;
    uint64_t now = *now_io;
    const uint32_t serial = akgl_time_update_serial;
    const size_t stride = pool->size;
    int i = *at;
    uint64_t later = akgl_heap_walk_word(pool, i);
    for (; i >= 0; i = akgl_heap_walk_next(pool, i, &later)) {
        akgl_Actor *obj = akgl_actor_in_slot(i, stride);
        akgl_actor_prefetch_ahead(obj);
        if (!akgl_actor_is_live(obj)) {
            continue;
        }
        bool moves = obj->intent_update != serial; /* not yet run this update */
        if (obj->updatefunc != akgl_actor_run_update ||
            obj->facefunc != akgl_actor_automatic_face ||
            obj->changeframefunc != akgl_actor_advance_frame ||
            (moves && obj->movementlogicfunc != akgl_actor_move_by_state)) {
            break; /* the general loop updates it */
        }
        akgl_Sprite *shown = NULL;
        akerr_ErrorContext *e = run_update_default(obj, now, &shown, moves);
        if (e != NULL) {
            PASS(errctx, swallow_missing_sprite(e));
        }
        bool sounded = obj->state != obj->sound_state;
        if (sounded) { /* entered a state: its sound, once */
            PASS(errctx, akgl_sound_actor_state_entered(obj));
        }
        /* The lookup the update cached still holds: nothing since could
         * change the state, the character or its bindings. */
        akgl_draw_gather_shown(&local, obj, shown);
        if (sounded) {
            /* Code beyond the pass's own may have run: the next actor sees
             * the clock read again (nothing but this walk runs before its
             * update), and the walk reads the bitmap after this slot again. */
            now = akgl_time_now();
            later = akgl_heap_walk_word(pool, i);
        }
    }
    *g = local;
    *at = i;
    *now_io = now;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_actor_update_pass(akgl_DrawGather *g, bool *gathered)
{
    PREPARE_ERROR(errctx);
    const akgl_HeapPool *pool = &akgl_heap_pool_actor;
    uint64_t now = akgl_time_now();
    bool stale = false;
    /* No code of the game's has run in this pass yet: an actor gathered
     * right after its update is then what the draw pass would gather (a
     * later actor's library update changes only that actor). */
    bool library_only = g != NULL;
    *gathered = false;
    /* The gather's state in a local (written back at the end): the item
     * stores could otherwise, for all the compiler knows, change *g. */
    akgl_DrawGather local;
    if (g != NULL) {
        local = *g;
    }
    /* The defaults' addresses, once (each is a load through the GOT). */
    const akgl_ActorFunc run = akgl_actor_run_update, face = akgl_actor_automatic_face;
    const akgl_ActorFunc move = akgl_actor_move_by_state;
    const akgl_ActorChangeFrameFunc change = akgl_actor_advance_frame;
    const uint32_t serial = akgl_time_update_serial;
    const size_t stride = pool->size;
    int first = akgl_heap_next_live(pool, 0);
    if (library_only) {
        /* The common run first; the loop below takes over at the first actor
         * it leaves (if any), with the gather as it stands. */
        PASS(errctx, update_defaults(&local, &first, &now));
    }
    for (int i = first; i >= 0; i = akgl_heap_next_live_after(pool, i)) {
        akgl_Actor *obj = akgl_actor_in_slot(i, stride);
        akgl_actor_prefetch_ahead(obj);
        if (!akgl_actor_is_live(obj)) {
            continue;
        }
        if (stale) {
            now = akgl_time_now();
            stale = false;
        }
        akerr_ErrorContext *e = NULL;
        akgl_Sprite *shown = NULL;
        if (obj->updatefunc == run) {
            bool moves = obj->intent_update != serial; /* not yet run this update */
            if (obj->facefunc == face && obj->changeframefunc == change &&
                (!moves || obj->movementlogicfunc == move)) {
                e = run_update_default(obj, now, &shown, moves);
            } else {
                stale = true;
                e = run_update_at(obj, now, &shown, moves);
            }
        } else {
            stale = true;
            if (obj->updatefunc != NULL) {
                e = obj->updatefunc(obj);
            }
        }
        library_only = library_only && !stale;
        if (e != NULL) {
            PASS(errctx, swallow_missing_sprite(e));
        }
        if (obj->state != obj->sound_state) { /* entered a state: its sound, once */
            stale = true;
            PASS(errctx, akgl_sound_actor_state_entered(obj));
        }
        if (library_only) {
            /* The lookup the update cached still holds: nothing since could
             * change the state, the character or its bindings. */
            akgl_draw_gather_shown(&local, obj, shown);
        }
    }
    if (library_only) {
        *g = local;
    }
    *gathered = library_only;
    SUCCEED_RETURN(errctx);
}

/* What akgl_actor_set_transform accepts, tested without formatting anything:
 * the frame loop must survive fields written directly. */
static bool drawable_transform(const akgl_Actor *obj)
{
    return isfinite(obj->scale_x) && isfinite(obj->scale_y) && isfinite(obj->rotation) &&
           obj->scale_x >= 0.0f && obj->scale_x <= AKGL_RENDER_MAX_SCALE &&
           obj->scale_y >= 0.0f && obj->scale_y <= AKGL_RENDER_MAX_SCALE;
}

akerr_ErrorContext *akgl_actor_draw(akgl_Actor *obj, akgl_Renderer *renderer)
{
    akgl_Sprite *sprite = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_draw: NULL actor");
    FAIL_ZERO_RETURN(errctx, renderer, AKERR_NULLPOINTER,
                     "akgl_actor_draw: NULL renderer for %s", AKGL_ACTOR_WHO(obj));
    FAIL_ZERO_RETURN(errctx, renderer->draw_sprite, AKERR_NULLPOINTER,
                     "akgl_actor_draw: the renderer has no draw_sprite");
    if (!akgl_actor_cached_sprite(obj, &sprite)) {
        PASS(errctx, akgl_actor_lookup_sprite(obj, &sprite));
    }
    if (sprite == NULL) {
        SUCCEED_RETURN(errctx); /* no character, or no sprite for this state: nothing to draw */
    }
    if (renderer->draw_sprite_ex == NULL) {
        PASS(errctx, renderer->draw_sprite(renderer, sprite, obj->curSpriteFrameId, obj->x,
                                           obj->y, obj->flip));
        SUCCEED_RETURN(errctx);
    }
    if (!drawable_transform(obj)) {
        SUCCEED_RETURN(errctx); /* garbage written past the setter: not drawn, not an error */
    }
    akgl_DrawParams params = AKGL_DRAW_PARAMS_DEFAULT;
    params.scale_x = obj->scale_x;
    params.scale_y = obj->scale_y;
    params.rotation = obj->rotation;
    params.tint = obj->tint;
    params.flip = obj->flip;
    if (obj->blend == SDL_BLENDMODE_BLEND) {
        PASS(errctx, renderer->draw_sprite_ex(renderer, sprite, obj->curSpriteFrameId, obj->x,
                                              obj->y, &params));
        SUCCEED_RETURN(errctx);
    }
    /* The sheet's texture is shared by every sprite cut from it: its blend
     * mode is this actor's for this draw alone, then put back. An open batch
     * (a GPU renderer, render_batch_private.h) would submit this quad later,
     * in whatever mode the texture has by then: it is closed first, so the
     * quad goes to SDL now, and opened again after. */
    bool batched = akgl_render_batch.open;
    FAIL_NONZERO_RETURN(errctx, batched && !akgl_render_batch_end(), AKERR_API,
                        "akgl_actor_draw: a batch of sprites: %s", SDL_GetError());
    SDL_Texture *tex = sprite->sheet != NULL ? sprite->sheet->texture : NULL;
    SDL_BlendMode old = SDL_BLENDMODE_BLEND;
    bool set = tex != NULL && akgl_render_blend_known((SDL_BlendMode)obj->blend) &&
               SDL_GetTextureBlendMode(tex, &old) &&
               SDL_SetTextureBlendMode(tex, (SDL_BlendMode)obj->blend);
    akerr_ErrorContext *drawn = renderer->draw_sprite_ex(renderer, sprite, obj->curSpriteFrameId,
                                                         obj->x, obj->y, &params);
    if (set) {
        (void)SDL_SetTextureBlendMode(tex, old);
    }
    if (batched) {
        (void)akgl_render_batch_begin(renderer);
    }
    PASS(errctx, drawn);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_actor_set_transform(akgl_Actor *obj, float scale_x, float scale_y,
                                             float rotation)
{
    char who[AKGL_ACTOR_MAX_NAME_LENGTH + 32];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_set_transform: NULL actor");
    akgl_DrawParams params = AKGL_DRAW_PARAMS_DEFAULT;
    params.scale_x = scale_x;
    params.scale_y = scale_y;
    params.rotation = rotation;
    /* Games call this every frame to animate a turn or a pulse: the label
     * naming the actor is formatted only when a value is refused, by asking
     * the check again with it. */
    akerr_ErrorContext *refused = akgl_render_check_params(&params, "actor");
    if (refused != NULL) {
        RELEASE_ERROR(refused);
        akgl_actor_label(obj, who, sizeof(who));
        PASS(errctx, akgl_render_check_params(&params, who));
    }
    obj->scale_x = scale_x;
    obj->scale_y = scale_y;
    obj->rotation = rotation;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_actor_set_blend(akgl_Actor *obj, SDL_BlendMode mode)
{
    char who[AKGL_ACTOR_MAX_NAME_LENGTH + 48];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_set_blend: NULL actor");
    if (!akgl_render_blend_known(mode)) {
        /* The label is formatted only when the mode is refused. */
        int n = snprintf(who, sizeof(who), "akgl_actor_set_blend: ");
        akgl_actor_label(obj, who + n, sizeof(who) - (size_t)n);
        PASS(errctx, akgl_render_check_blend(mode, who));
    }
    obj->blend = (uint8_t)mode;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_actor_render(akgl_Actor *obj, akgl_Renderer *renderer)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_actor_render: NULL actor");
    FAIL_ZERO_RETURN(errctx, renderer, AKERR_NULLPOINTER,
                     "akgl_actor_render: NULL renderer for %s", AKGL_ACTOR_WHO(obj));
    if (obj->visible && obj->renderfunc != NULL) {
        akerr_ErrorContext *drawn = obj->renderfunc(obj, renderer);
        if (drawn != NULL) {
            PASS(errctx, swallow_missing_sprite(drawn));
        }
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_actor_add_child(akgl_Actor *parent, akgl_Actor *child)
{
    int slot = -1;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, parent, AKERR_NULLPOINTER, "akgl_actor_add_child: NULL parent");
    FAIL_ZERO_RETURN(errctx, child, AKERR_NULLPOINTER,
                     "akgl_actor_add_child: NULL child for %s", AKGL_ACTOR_WHO(parent));
    FAIL_NONZERO_RETURN(errctx, child->parent != NULL, AKERR_RELATIONSHIP,
                        "akgl_actor_add_child: %s is already a child of %s",
                        AKGL_ACTOR_WHO(child), AKGL_ACTOR_WHO(child->parent));
    /* No cycles: the child may not be the parent or any of its ancestors.
     * The walk is bounded in case a game wrote a loop into the parent links. */
    const akgl_Actor *up = parent;
    int most = akgl_heap_pool_actor.capacity > AKGL_MAX_HEAP_ACTOR ? akgl_heap_pool_actor.capacity
                                                                    : AKGL_MAX_HEAP_ACTOR;
    for (int depth = 0; up != NULL && depth <= most; depth++, up = up->parent) {
        FAIL_NONZERO_RETURN(errctx, up == child, AKERR_RELATIONSHIP,
                            "akgl_actor_add_child: %s is %s or one of its ancestors; "
                            "that would make a cycle", AKGL_ACTOR_WHO(child),
                            AKGL_ACTOR_WHO(parent));
    }
    for (int i = 0; i < AKGL_ACTOR_MAX_CHILDREN && slot < 0; i++) {
        if (parent->children[i] == NULL) {
            slot = i;
        }
    }
    FAIL_NONZERO_RETURN(errctx, slot < 0, AKERR_OUTOFBOUNDS,
                        "akgl_actor_add_child: %s has %d children already, the limit "
                        "(AKGL_ACTOR_MAX_CHILDREN)", AKGL_ACTOR_WHO(parent), AKGL_ACTOR_MAX_CHILDREN);
    child->refcount++;
    parent->children[slot] = child;
    child->parent = parent;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_actor_remove_child(akgl_Actor *parent, akgl_Actor *child)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, parent, AKERR_NULLPOINTER, "akgl_actor_remove_child: NULL parent");
    FAIL_ZERO_RETURN(errctx, child, AKERR_NULLPOINTER,
                     "akgl_actor_remove_child: NULL child for %s", AKGL_ACTOR_WHO(parent));
    for (int i = 0; i < AKGL_ACTOR_MAX_CHILDREN; i++) {
        if (parent->children[i] == child) {
            parent->children[i] = NULL;
            if (child->parent == parent) {
                child->parent = NULL;
            }
            PASS(errctx, akgl_heap_release_actor(child));
            SUCCEED_RETURN(errctx);
        }
    }
    FAIL_RETURN(errctx, AKERR_RELATIONSHIP, "akgl_actor_remove_child: %s is not a child of %s",
                AKGL_ACTOR_WHO(child), AKGL_ACTOR_WHO(parent));
}

akerr_ErrorContext *akgl_heap_release_actor(akgl_Actor *obj)
{
    akerr_ErrorContext *first = NULL;
    bool teardown = false;
    PREPARE_ERROR(errctx);

    PASS(errctx, akgl_object_check_release(AKGL_HEAP_ACTOR, AKGL_REGISTRY_ACTOR, "actor", obj,
                                           obj ? obj->name : NULL, sizeof(obj->name)));
    PASS(errctx, akgl_heap_release_begin(AKGL_HEAP_ACTOR, obj, obj ? obj->name : "", true,
                                         &teardown));
    if (!teardown) {
        SUCCEED_RETURN(errctx);
    }
    /* Marked releasing inside: a child that lists this actor among its own
     * children (a cycle) skips it instead of recursing for ever. */
    obj->releasing = true;
    /* A parent holds a reference, so it cannot list an actor that reaches
     * 0, unless a reference not the caller's was given back (a map's actor
     * released by the game, the map then giving back "its" one). The
     * parent must not keep a pointer to a freed slot either way. */
    akgl_Actor *parent = obj->parent;
    obj->parent = NULL;
    if (parent != NULL && parent->refcount > 0) {
        for (int i = 0; i < AKGL_ACTOR_MAX_CHILDREN; i++) {
            if (parent->children[i] == obj) {
                parent->children[i] = NULL;
            }
        }
    }
    akgl_actor_release_held(obj, &first);
    if (obj->name[0] != '\0') { /* an anonymous actor was never registered */
        akgl_object_keep_first(&first, akgl_registry_remove(AKGL_REGISTRY_ACTOR, "actor",
                                                            obj->name, obj));
    }
    akgl_heap_release_end(AKGL_HEAP_ACTOR, obj);
    return akerr_trace_append(first, __FILE__, __func__, __LINE__);
}

/* ------------------------------------------------------------------------ */
/* Holders outside the pools (see object.h)                                 */
/* ------------------------------------------------------------------------ */

static akgl_Actor **holds[AKGL_MAX_ACTOR_HOLDS];
static int nholds;

static int find_hold(akgl_Actor **slot)
{
    for (int i = 0; i < nholds; i++) {
        if (holds[i] == slot) {
            return i;
        }
    }
    return -1;
}

akerr_ErrorContext *akgl_actor_hold(akgl_Actor **slot, akgl_Actor *actor)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, slot, AKERR_NULLPOINTER, "akgl_actor_hold: NULL slot");
    int at = find_hold(slot);
    if (actor != NULL && at < 0) {
        FAIL_NONZERO_RETURN(errctx, nholds >= AKGL_MAX_ACTOR_HOLDS, AKERR_OUTOFBOUNDS,
                            "cannot hold %s: %d cameras and controllers already hold "
                            "actors (AKGL_MAX_ACTOR_HOLDS)", AKGL_ACTOR_WHO(actor), AKGL_MAX_ACTOR_HOLDS);
        at = nholds++;
        holds[at] = slot;
    }
    akgl_Actor *old = *slot;
    if (actor != NULL) {
        actor->refcount++;
    } else if (at >= 0) {
        holds[at] = holds[--nholds];
    }
    *slot = actor;
    if (old != NULL && old != actor) {
        PASS(errctx, akgl_heap_release_actor(old));
    } else if (old != NULL) {
        old->refcount--; /* the same actor again: keep one reference, not two */
    }
    SUCCEED_RETURN(errctx);
}

void akgl_actor_drop_holds(akerr_ErrorContext **first)
{
    while (nholds > 0) {
        akgl_Actor **slot = holds[--nholds];
        akgl_Actor *actor = *slot;
        *slot = NULL;
        if (actor != NULL && actor->refcount > 0) {
            akgl_object_keep_first(first, akgl_heap_release_actor(actor));
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Despawning, and references that know when their actor is gone            */
/* ------------------------------------------------------------------------ */

/*
 * Every remembered holder (camera, controller) of @p obj lets go, without
 * giving a reference back: the despawn ends the actor whatever its count.
 * The table is bounded (AKGL_MAX_ACTOR_HOLDS) and holds one entry per
 * holder that has an actor, so this is not a sweep over the pool.
 */
static void forget_holds_of(const akgl_Actor *obj)
{
    for (int i = 0; i < nholds;) {
        if (*holds[i] == obj) {
            *holds[i] = NULL;
            holds[i] = holds[--nholds];
        } else {
            i++;
        }
    }
}

/*
 * Takes @p obj out of every holder's hands (its parent's, a camera's, a
 * controller's; the map holds an akgl_ActorRef and needs nothing), despawns
 * its children, and tears it down with one release of a count set to 1.
 * Marked releasing meanwhile: a cycle written into children[] that leads
 * back here is skipped.
 */
static void despawn_tree(akgl_Actor *obj, akerr_ErrorContext **first)
{
    obj->releasing = true;
    akgl_Actor *parent = obj->parent;
    obj->parent = NULL;
    if (parent != NULL) {
        for (int i = 0; i < AKGL_ACTOR_MAX_CHILDREN; i++) {
            if (parent->children[i] == obj) {
                parent->children[i] = NULL; /* the parent's reference goes with it */
            }
        }
    }
    forget_holds_of(obj);
    for (int i = 0; i < AKGL_ACTOR_MAX_CHILDREN; i++) {
        akgl_Actor *child = obj->children[i];
        obj->children[i] = NULL;
        if (child == NULL || child->releasing || child->refcount <= 0) {
            continue;
        }
        if (child->parent == obj) {
            child->parent = NULL;
        }
        despawn_tree(child, first);
    }
    obj->refcount = 1;
    obj->releasing = false;
    akgl_object_keep_first(first, akgl_heap_release_actor(obj));
}

/* 'actor "coin" (slot 3)', 'actor (anonymous, slot 3)' for a pool slot,
 * 'actor "coin"' for a struct of the game's own. */
static void slot_words(const akgl_Actor *obj, char *buf, size_t size)
{
    if (obj->name[0] != '\0' && akgl_heap_holds(AKGL_HEAP_ACTOR, obj)) {
        snprintf(buf, size, "actor \"%.*s\" (slot %d)", (int)sizeof(obj->name) - 1, obj->name,
                 (int)(((const char *)obj - (const char *)akgl_heap_pool_actor.base) /
                       (ptrdiff_t)akgl_heap_pool_actor.size));
    } else {
        akgl_actor_label(obj, buf, size);
    }
}

akerr_ErrorContext *akgl_actor_despawn(akgl_Actor *actor)
{
    akerr_ErrorContext *first = NULL;
    char slot[AKGL_ACTOR_LABEL_SIZE];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, actor, AKERR_NULLPOINTER, "akgl_actor_despawn: NULL actor");
    /* Judged as a release judges it, before anything is written: a pointer
     * into the pool that is not a slot's start, or a struct outside it that
     * akgl_actor_initialize did not make and register, is refused. */
    if (!akgl_heap_holds(AKGL_HEAP_ACTOR, actor) && !akgl_heap_outside(AKGL_HEAP_ACTOR, actor)) {
        akerr_ErrorContext *refused = akgl_heap_release_actor(actor); /* refuses: writes nothing */
        FAIL_ZERO_RETURN(errctx, refused, AKERR_BEHAVIOR,
                         "akgl_actor_despawn: %p is not an actor slot", (void *)actor);
        PASS(errctx, akerr_prefix_message(refused, "akgl_actor_despawn"));
    }
    PASS(errctx, akerr_prefix_message(
                     akgl_object_check_release(AKGL_HEAP_ACTOR, AKGL_REGISTRY_ACTOR, "actor",
                                               actor, actor->name, sizeof(actor->name)),
                     "akgl_actor_despawn"));
    if (actor->refcount <= 0) {
        slot_words(actor, slot, sizeof(slot));
        FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                    "akgl_actor_despawn: %s is already gone (despawned, or released to 0)", slot);
    }
    if (actor->releasing) {
        SUCCEED_RETURN(errctx); /* its teardown is under way: it is leaving already */
    }
    despawn_tree(actor, &first);
    return akerr_trace_append(first, __FILE__, __func__, __LINE__);
}

akerr_ErrorContext *akgl_actor_ref(const akgl_Actor *actor, akgl_ActorRef *dest)
{
    char slot[AKGL_ACTOR_LABEL_SIZE];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_actor_ref: NULL destination");
    *dest = AKGL_ACTOR_REF_NONE;
    FAIL_ZERO_RETURN(errctx, actor, AKERR_NULLPOINTER, "akgl_actor_ref: NULL actor");
    const akgl_HeapPool *p = &akgl_heap_pool_actor;
    FAIL_ZERO_RETURN(errctx, akgl_heap_holds(AKGL_HEAP_ACTOR, actor), AKERR_VALUE,
                     "akgl_actor_ref: %p is not a slot of the actor pool: a reference names "
                     "a slot (an actor of akgl_actor_spawn or akgl_heap_next_actor), and an "
                     "actor struct of the game's own has none", (const void *)actor);
    slot_words(actor, slot, sizeof(slot));
    if (actor->refcount <= 0) {
        FAIL_RETURN(errctx, AKGL_ERR_HEAP, "akgl_actor_ref: %s is released", slot);
    }
    size_t i = (size_t)((const char *)actor - (const char *)p->base) / p->size;
    dest->slot = (uint32_t)i + 1u;
    dest->generation = p->generation[i];
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_actor_from_ref(akgl_ActorRef ref, akgl_Actor **dest)
{
    char was[AKGL_ACTOR_LABEL_SIZE];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_actor_from_ref: NULL destination");
    *dest = akgl_actor_resolve(ref);
    if (*dest != NULL) {
        SUCCEED_RETURN(errctx);
    }
    const akgl_HeapPool *p = &akgl_heap_pool_actor;
    FAIL_ZERO_RETURN(errctx, ref.slot, AKERR_KEY,
                     "akgl_actor_from_ref: the reference names no actor (AKGL_ACTOR_REF_NONE)");
    if (p->base == NULL || ref.slot > (uint32_t)p->capacity) {
        FAIL_RETURN(errctx, AKERR_KEY,
                    "akgl_actor_from_ref: slot %u is past the actor pool's %d slots (a "
                    "reference from another game?)", ref.slot - 1u, p->capacity);
    }
    uint32_t i = ref.slot - 1u;
    const akgl_Actor *now = (const akgl_Actor *)(const void *)(p->base + (size_t)i * p->size);
    if (now->refcount > 0) {
        FAIL_RETURN(errctx, AKERR_KEY,
                    "akgl_actor_from_ref: the actor of slot %u is gone (despawned or released; "
                    "generation %u, the reference's %u); the slot now holds %s",
                    i, p->generation[i], ref.generation, AKGL_ACTOR_WHO(now));
    }
    slot_words(now, was, sizeof(was));
    FAIL_RETURN(errctx, AKERR_KEY,
                "akgl_actor_from_ref: %s is gone: despawned or released "
                "(generation %u, the reference's %u)", was, p->generation[i], ref.generation);
}

/* ------------------------------------------------------------------------ */
/* The actor iterator (declared in akgl/registry.h, where the seed has it;   */
/* it walks the actor pool, so it lives with the actors)                     */
/* ------------------------------------------------------------------------ */

/*
 * Actors outside the pool are gathered first, which lets a callback change
 * the registry safely. Each is gathered with the key it was registered
 * under: before each call the entry is looked up again, so an actor
 * released by an earlier callback is skipped.
 */
typedef struct ActorGather
{
    akgl_Actor *actors[AKGL_MAX_HEAP_ACTOR];
    char names[AKGL_MAX_HEAP_ACTOR][AKGL_ACTOR_MAX_NAME_LENGTH];
    int count;
    int overflow;
    int too_long;                                /* keys no actor name can be */
    char long_key[AKGL_ACTOR_MAX_NAME_LENGTH];   /* the first of them, cut */
} ActorGather;

static void gather_actor(void *userdata, SDL_PropertiesID props, const char *name)
{
    ActorGather *gather = userdata;
    akgl_Actor *actor = SDL_GetPointerProperty(props, name, NULL);
    if (actor == NULL || akgl_heap_holds(AKGL_HEAP_ACTOR, actor)) {
        return; /* pooled actors are walked through the pool */
    }
    /* akgl_actor_initialize refuses names that do not fit, but
     * akgl_registry_add takes any key: report one that does not fit here
     * rather than silently leaving its actor out of the walk. */
    size_t len = strlen(name);
    if (len >= AKGL_ACTOR_MAX_NAME_LENGTH) {
        if (gather->too_long++ == 0) {
            memcpy(gather->long_key, name, sizeof(gather->long_key) - 1);
            gather->long_key[sizeof(gather->long_key) - 1] = '\0';
        }
        return;
    }
    if (gather->count < AKGL_MAX_HEAP_ACTOR) {
        gather->actors[gather->count] = actor;
        memcpy(gather->names[gather->count], name, len + 1);
        gather->count++;
    } else {
        gather->overflow++;
    }
}

/* The registered actors outside the pool, if there are any. */
static akerr_ErrorContext *gather_outside(ActorGather *gather)
{
    PREPARE_ERROR(errctx);
    gather->count = 0;
    gather->overflow = 0;
    gather->too_long = 0;
    if (akgl_registry_outside_actors() == 0) {
        SUCCEED_RETURN(errctx);
    }
    if (!SDL_EnumerateProperties(AKGL_REGISTRY_ACTOR, gather_actor, gather)) {
        FAIL_RETURN(errctx, AKERR_API, "cannot walk the actor registry: %s", SDL_GetError());
    }
    if (gather->overflow > 0) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_registry_iterate_actor: %d actors outside the actor pool are "
                    "registered; the limit is %d (AKGL_MAX_HEAP_ACTOR)",
                    gather->count + gather->overflow, AKGL_MAX_HEAP_ACTOR);
    }
    if (gather->too_long > 0) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "akgl_registry_iterate_actor: %d actor registry key(s) longer than an actor "
                    "name can be (%d bytes), the first beginning \"%.40s\"",
                    gather->too_long, AKGL_ACTOR_MAX_NAME_LENGTH - 1, gather->long_key);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_registry_iterate_actor(akgl_ActorIterator callback, void *userdata)
{
    /* About 8 KiB of stack; not static, so a callback may start a walk of
     * its own (collision checks inside an update walk). */
    ActorGather gather;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, callback, AKERR_NULLPOINTER,
                     "akgl_registry_iterate_actor: NULL callback");
    FAIL_ZERO_RETURN(errctx, AKGL_REGISTRY_ACTOR, AKERR_KEY,
                     "the actor registry does not exist (akgl_registry_init first)");
    PASS(errctx, gather_outside(&gather));
    /* The pool's live actors in pool order, as far as its capacity reaches:
     * only those acquired before the walk began, so one a callback acquires
     * (even into a slot an earlier callback freed) is not visited, and one
     * released before its turn is not live any more. */
    const akgl_HeapPool *pool = &akgl_heap_pool_actor;
    uint64_t mark = akgl_heap_mark(pool);
    for (int i = akgl_heap_next_live(pool, 0); i >= 0; i = akgl_heap_next_live(pool, i + 1)) {
        akgl_Actor *actor = &akgl_heap_actors[i];
        if (!akgl_actor_is_live(actor) || !akgl_heap_acquired_by(pool, i, mark)) {
            continue;
        }
        PASS(errctx, callback(actor, userdata));
    }
    for (int i = 0; i < gather.count; i++) {
        /* An earlier callback may have released this one. */
        if (SDL_GetPointerProperty(AKGL_REGISTRY_ACTOR, gather.names[i], NULL) !=
                gather.actors[i] ||
            gather.actors[i]->refcount <= 0) {
            continue;
        }
        PASS(errctx, callback(gather.actors[i], userdata));
    }
    SUCCEED_RETURN(errctx);
}
