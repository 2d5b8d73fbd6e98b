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
 * The frame's sweeps (the physics step, the update pass) read the first 236
 * bytes of every actor (the hot fields, the live flag for akgl_actor_is_live among them):
 * at 10k actors, 3.2 MB of pool, most of those reads wait for memory. Each
 * sweep asks for the actor this many slots ahead: 8 with the 320-byte actor
 * (2, 4, 6 and 8 and none measured, bench/README.md "This round (`trim2`)":
 * none is clearly slower, 8 a little faster than 4 at 10k and 100k).
 */
#define AKGL_ACTOR_PREFETCH_AHEAD 8
/* The pool's block has that many zero slots after the last (heap_pool.h),
 * so the prefetch needs no bound check. */
_Static_assert(AKGL_ACTOR_PREFETCH_AHEAD <= AKGL_HEAP_POOL_TAIL_SLOTS,
               "the prefetch reaches past the pool's tail slots");
/* Where the hot part ends: the prefetch below touches every cache line from
 * the actor's start to the name (its addresses are at most 64 bytes apart),
 * which holds only while the name starts within 64 bytes of p + 192. Every
 * field the sweeps read (the live flag too) comes before the name; only cold
 * ones after it. */
_Static_assert(offsetof(akgl_Actor, name) < 192 + 64, "the prefetch does not reach name[0]");
_Static_assert(offsetof(akgl_Actor, collision_mask) < offsetof(akgl_Actor, name) &&
                   offsetof(akgl_Actor, hitbox) < offsetof(akgl_Actor, name) &&
                   offsetof(akgl_Actor, overlapfunc) < offsetof(akgl_Actor, name) &&
                   offsetof(akgl_Actor, intent_update) < offsetof(akgl_Actor, name) &&
                   offsetof(akgl_Actor, live) < offsetof(akgl_Actor, name),
               "a field the sweeps read lies past the hot part");
_Static_assert(offsetof(akgl_Actor, sound_voice) > offsetof(akgl_Actor, name) &&
                   offsetof(akgl_Actor, parent) > offsetof(akgl_Actor, name) &&
                   offsetof(akgl_Actor, children) > offsetof(akgl_Actor, name) &&
                   offsetof(akgl_Actor, userdata) > offsetof(akgl_Actor, name),
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
    __builtin_prefetch(p + 192);
    /* Slots start on a line (heap_pool.h) and, with a size that is whole
     * lines, every actor does: the live flag is then in the fourth line (decided
     * at compile time). Otherwise it may lie in a fifth. */
    if (sizeof(akgl_Actor) % AKGL_HEAP_POOL_ALIGN != 0 || AKGL_HEAP_POOL_ALIGN < 64 ||
        offsetof(akgl_Actor, live) >= 256) {
        __builtin_prefetch(p + offsetof(akgl_Actor, live));
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
