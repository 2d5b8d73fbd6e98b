/*
 * Internal: what the world's sweeps and holders need to know of actors
 * beyond akgl/actor.h: liveness, the prefetch and slot stride the frame
 * sweeps use, the cached sprite lookup, references held from outside the
 * pools. Not installed. World layer.
 */
#ifndef AKGL_SRC_ACTOR_PRIVATE_H
#define AKGL_SRC_ACTOR_PRIVATE_H

#include <akerror.h>
#include <akgl/actor.h>
#include <akgl/character.h>
#include <akgl/heap.h>

#include "heap_pool.h"
#include "object.h"

#include <stdbool.h>
#include <stddef.h>

/*
 * Whether a pool slot holds an actor the frame sweeps (update, draw,
 * physics) should see: acquired and initialised, named or anonymous. An
 * acquired slot that has not been through akgl_actor_initialize yet has no
 * hooks; a released one is zeroed (its name kept, live not), so one load
 * and a compare answer.
 */
static inline bool akgl_actor_is_live(const akgl_Actor *a)
{
    return a->live;
}

/*
 * "actor \"name\"", "actor (anonymous, slot N)" or, for a struct outside the
 * pool, "actor \"name\"" as well: how messages name an actor, written into
 * @p buf (AKGL_ACTOR_LABEL_SIZE bytes is room for any). For error paths only.
 */
#define AKGL_ACTOR_LABEL_SIZE 64
const char *akgl_actor_label(const akgl_Actor *a, char *buf, size_t size);
/* akgl_actor_label into a buffer of the enclosing block, for a message's
 * argument list (evaluated only when the message is made). */
#define AKGL_ACTOR_WHO(a) \
    akgl_actor_label((a), (char[AKGL_ACTOR_LABEL_SIZE]){0}, AKGL_ACTOR_LABEL_SIZE)

/*
 * The frame's sweeps (the physics step, the update pass) read the first 192
 * bytes of every actor (the hot fields, the live flag for akgl_actor_is_live
 * among them): three of its five cache lines. At 10k actors that is 1.9 MB
 * of a 3.2 MB pool, and most of those reads wait for memory. Each sweep asks
 * for the actor this many slots ahead: 8 with the 320-byte actor (2, 4, 6
 * and 8 and none measured, bench/README.md "This round (`trim2`)": none is
 * clearly slower, 8 a little faster than 4 at 10k and 100k).
 */
#define AKGL_ACTOR_PREFETCH_AHEAD 8
/* The pool's block has that many zero slots after the last (heap_pool.h),
 * so the prefetch needs no bound check. */
_Static_assert(AKGL_ACTOR_PREFETCH_AHEAD <= AKGL_HEAP_POOL_TAIL_SLOTS,
               "the prefetch reaches past the pool's tail slots");
/* Where the hot part ends: every field the sweeps read on their common
 * paths (the update pass's default hooks and draw gather, the physics
 * step's glide) lies in the first 192 bytes, which the prefetch below asks
 * for; the general paths' fields (acceleration, the hitbox, the collision
 * layers, ping-pong) and the cold ones come after. */
#define AKGL_ACTOR_HOT_BYTES 192
#define AKGL_ACTOR_HOT(f) (offsetof(akgl_Actor, f) + sizeof(((akgl_Actor *)0)->f) <= AKGL_ACTOR_HOT_BYTES)
_Static_assert(AKGL_ACTOR_HOT(state) && AKGL_ACTOR_HOT(facefunc) &&
                   AKGL_ACTOR_HOT(movementlogicfunc) && AKGL_ACTOR_HOT(changeframefunc) &&
                   AKGL_ACTOR_HOT(updatefunc) && AKGL_ACTOR_HOT(renderfunc) &&
                   AKGL_ACTOR_HOT(basechar) && AKGL_ACTOR_HOT(cursprite) &&
                   AKGL_ACTOR_HOT(cursprite_char) && AKGL_ACTOR_HOT(curSpriteFrameTimer) &&
                   AKGL_ACTOR_HOT(lastupdate_ns) && AKGL_ACTOR_HOT(x) && AKGL_ACTOR_HOT(y) &&
                   AKGL_ACTOR_HOT(move_x) && AKGL_ACTOR_HOT(move_y) && AKGL_ACTOR_HOT(move_z) &&
                   AKGL_ACTOR_HOT(curSpriteFrameId) && AKGL_ACTOR_HOT(cursprite_state) &&
                   AKGL_ACTOR_HOT(cursprite_generation) && AKGL_ACTOR_HOT(intent_update) &&
                   AKGL_ACTOR_HOT(cursprite_valid) && AKGL_ACTOR_HOT(cursprite_miss) &&
                   AKGL_ACTOR_HOT(updated) && AKGL_ACTOR_HOT(touching) &&
                   AKGL_ACTOR_HOT(overlapfunc) && AKGL_ACTOR_HOT(z) && AKGL_ACTOR_HOT(vx) &&
                   AKGL_ACTOR_HOT(vy) && AKGL_ACTOR_HOT(vz) && AKGL_ACTOR_HOT(sx) &&
                   AKGL_ACTOR_HOT(sy) && AKGL_ACTOR_HOT(sound_state) && AKGL_ACTOR_HOT(layer) &&
                   AKGL_ACTOR_HOT(flip) && AKGL_ACTOR_HOT(scale_x) && AKGL_ACTOR_HOT(scale_y) &&
                   AKGL_ACTOR_HOT(rotation) && AKGL_ACTOR_HOT(tint) && AKGL_ACTOR_HOT(live) &&
                   AKGL_ACTOR_HOT(visible) && AKGL_ACTOR_HOT(immovable) && AKGL_ACTOR_HOT(blend),
               "a field the sweeps read lies past the hot part");
_Static_assert(!AKGL_ACTOR_HOT(name) && !AKGL_ACTOR_HOT(sound_voice) && !AKGL_ACTOR_HOT(parent) &&
                   !AKGL_ACTOR_HOT(children) && !AKGL_ACTOR_HOT(userdata),
               "a cold field lies inside the hot part");

/*
 * Asks the cache for the fields the sweeps read of the actor
 * AKGL_ACTOR_PREFETCH_AHEAD slots after @p a, a slot of the pool (the last
 * ones reach into the block's tail slots): a hint, no fault, no effect on
 * what anything computes.
 */
static inline void akgl_actor_prefetch_ahead(const akgl_Actor *a)
{
    const char *p = (const char *)(a + AKGL_ACTOR_PREFETCH_AHEAD);
    __builtin_prefetch(p);
    __builtin_prefetch(p + 64);
    __builtin_prefetch(p + 128);
    /* Slots start on a line (heap_pool.h) and, with a size that is whole
     * lines, every actor does: the hot part is then three whole lines
     * (decided at compile time). Otherwise it may reach into a fourth. */
    if (sizeof(akgl_Actor) % AKGL_HEAP_POOL_ALIGN != 0 || AKGL_HEAP_POOL_ALIGN < 64) {
        __builtin_prefetch(p + AKGL_ACTOR_HOT_BYTES - 1);
    }
}

/*
 * The actor in pool slot @p i, for the frame's sweeps (the game started,
 * i < the capacity). The base is the pool's own, which is what
 * akgl_heap_actors points at, read with one load where the public variable
 * takes two (its address from the global offset table, then it). The slot
 * size comes from a local the caller read from the pool once (@p stride,
 * which is sizeof(akgl_Actor)), not from the constant, because gcc
 * multiplies by a constant such as 352 with two lea and a shl where a size
 * in a register is one imul: up to 2 instructions per actor per sweep.
 */
static inline akgl_Actor *akgl_actor_in_slot(int i, size_t stride)
{
    return (akgl_Actor *)(void *)((char *)akgl_heap_pool_actor.base + (size_t)i * stride);
}

/* The cached answer of akgl_actor_lookup_sprite, when it still holds: the
 * frame path asks twice per actor per frame (update, draw, physics box), and the answer
 * changes only with the state, the character or its bindings. */
static inline bool akgl_actor_cached_sprite(const akgl_Actor *obj, akgl_Sprite **dest)
{
    const akgl_Character *basechar = obj->basechar;
    if (basechar == NULL) {
        *dest = NULL;
        return true;
    }
    if (obj->cursprite_valid && obj->cursprite_state == obj->state &&
        obj->cursprite_char == basechar && obj->cursprite_generation == basechar->generation) {
        *dest = obj->cursprite_miss ? NULL : obj->cursprite;
        return true;
    }
    return false;
}

/*
 * Gives back the references a live actor holds: each child's (detaching it),
 * the shown sprite's and the character's, and clears those fields. Every
 * step runs; errors go through akgl_object_keep_first. The actor is marked
 * releasing meanwhile, so a cycle written into children[] cannot release it.
 * Shared by akgl_heap_release_actor and akgl_actor_initialize.
 */
void akgl_actor_release_held(akgl_Actor *obj, akerr_ErrorContext **first);

/*
 * The sprite the actor's character maps to its state, or NULL: no character,
 * or no sprite for the state. A miss is cached like a hit, and is not an
 * error here: the frame loop, drawing and physics ask every frame, and a
 * formatted AKERR_KEY per actor per frame is work nobody reads.
 * akgl_actor_current_sprite is the public form that reports the miss.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_lookup_sprite(akgl_Actor *obj, akgl_Sprite **dest);

/*
 * Holders outside the pools (cameras, controllers) keep an actor pointer in a
 * field of their own. akgl_actor_hold points *slot at @p actor, taking a
 * reference on it and giving back the one *slot held, and remembers the slot
 * so that a level change can make every holder let go first
 * (akgl_actor_drop_holds): otherwise the holder would keep a pointer into a
 * slot that a new actor may take. @p actor NULL just lets go. A fixed table
 * of AKGL_MAX_ACTOR_HOLDS slots: AKERR_OUTOFBOUNDS when it is full (nothing
 * changes). A slot that was zeroed behind our back (a camera re-initialised)
 * is simply forgotten at the next drop.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_actor_hold(akgl_Actor **slot, akgl_Actor *actor);

/* Every remembered slot lets go of its actor (set to NULL, reference given back). */
void akgl_actor_drop_holds(akerr_ErrorContext **first);

/*
 * The actor @p ref names, or NULL when it is gone (released or despawned
 * since, its slot reused or not), when @p ref is AKGL_ACTOR_REF_NONE, or
 * when the slot is past the pool: akgl_actor_from_ref without the error
 * context, for holders that look their actors up every frame.
 */
static inline akgl_Actor *akgl_actor_resolve(akgl_ActorRef ref)
{
    const akgl_HeapPool *p = &akgl_heap_pool_actor;
    if (ref.slot == 0 || p->base == NULL || ref.slot > (uint32_t)p->capacity) {
        return NULL;
    }
    uint32_t i = ref.slot - 1u;
    akgl_Actor *a = (akgl_Actor *)(void *)(p->base + (size_t)i * p->size);
    return p->generation[i] == ref.generation && a->refcount > 0 ? a : NULL;
}

#endif /* AKGL_SRC_ACTOR_PRIVATE_H */
