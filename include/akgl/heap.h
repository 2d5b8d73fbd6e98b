/**
 * @file akgl/heap.h
 * @brief The object pools: actors, sprites, spritesheets, characters, strings, ...
 *
 * akgl does not call malloc for its objects while the game runs. Each kind
 * lives in one array per layer, allocated when the game starts for the
 * capacity it chose (akgl_game_init_with_config; the AKGL_MAX_HEAP_* values
 * of akgl/limits.h are the defaults and the floors) and freed when it quits.
 * "Allocation" takes a free slot in O(1) from a free list, however full the
 * pool is. Exhaustion is an ordinary, handleable error: AKGL_ERR_HEAP with
 * the layer named in the message.
 *
 * Ownership (departing from the seed, see docs/05-heap.md):
 * - Every akgl_heap_next_* takes the reference: the slot has refcount 1 when
 *   it is handed out, so two callers can never be given one slot. The
 *   matching *_initialize keeps that reference. If anything fails after the
 *   acquire, the caller releases.
 * - Each akgl_heap_release_* gives one reference back and tears the object
 *   down when the count reaches 0. Releasing a slot whose count is already 0
 *   is AKGL_ERR_HEAP, not a second teardown.
 * - A sprite holds a reference on its sheet, an actor on its character, on
 *   each child and on the sprite it shows, a character one per state
 *   binding; teardown gives them back.
 *
 * The pools are not locked: whoever changes them holds the game state lock
 * (akgl_game_state_lock) when more than one thread runs.
 *
 * Layer: memory (docs/03-layers.md). This header is the
 * index of every pool, as the seed has it, but the kinds themselves are
 * higher up: it names them by struct tag and includes none of their
 * headers. Each akgl_heap_next_X / akgl_heap_release_X is defined by the
 * module that owns X, in that module's layer (the actor's in the world
 * layer). Include the kind's own header (akgl/actor.h ...) to use its fields.
 */
#ifndef AKGL_HEAP_H
#define AKGL_HEAP_H

#include <akerror.h>
#include <akgl/error.h>
#include <akgl/limits.h>
#include <akgl/staticstring.h>

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The kinds, by struct tag: each is defined by its own header (akgl/actor.h,
 * akgl/sprite.h, akgl/character.h), in a layer above this one. */
struct akgl_Actor;
struct akgl_Sprite;
struct akgl_SpriteSheet;
struct akgl_Character;

/** @brief The pools, public so sweeps can walk them:
 *  akgl_heap_actors[0 .. capacity-1] (akgl_heap_capacity) and so on; the
 *  capacity is at least the AKGL_MAX_HEAP_* the program was built with. A
 *  slot with refcount 0 is free. Each points at the storage allocated when
 *  the game started, and is NULL while it is stopped.
 *  @{ */
extern struct akgl_Actor *akgl_heap_actors;
extern struct akgl_Sprite *akgl_heap_sprites;
extern struct akgl_SpriteSheet *akgl_heap_spritesheets;
extern struct akgl_Character *akgl_heap_characters;
extern akgl_String *akgl_heap_strings;
/** @} */

/**
 * @brief A reference to a pooled actor that can be kept across frames and
 *        checked: the slot and the slot's generation when it was taken.
 *
 * A slot's generation goes up each time its actor is released or
 * despawned, so a reference to an actor that is gone, even when a new actor
 * has since taken its slot, no longer resolves. Take one with
 * akgl_actor_ref and turn it back into a pointer with akgl_actor_from_ref
 * (<akgl/actor.h>). A value: copy it, store it, compare it field by field.
 * All zero bytes is "no actor" (AKGL_ACTOR_REF_NONE), which never resolves.
 * A reference is good for the game it was taken in: akgl_game_quit frees
 * the pools, and a new game starts every generation again.
 */
typedef struct akgl_ActorRef
{
    uint32_t slot;       /**< The actor's pool slot + 1; 0: no actor. */
    uint32_t generation; /**< The slot's generation when the reference was taken. */
} akgl_ActorRef;

/** @brief The reference to no actor (all zero): it never resolves. */
#define AKGL_ACTOR_REF_NONE ((akgl_ActorRef){0u, 0u})

/** @brief The heap layers, for akgl_heap_in_use(). */
typedef enum akgl_HeapLayer
{
    AKGL_HEAP_ACTOR,
    AKGL_HEAP_SPRITE,
    AKGL_HEAP_SPRITESHEET,
    AKGL_HEAP_CHARACTER,
    AKGL_HEAP_STRING,
    AKGL_HEAP_TILEMAP,  /**< akgl/tilemap.h */
    AKGL_HEAP_FONT,     /**< akgl/text.h */
    AKGL_HEAP_SOUND,    /**< akgl/sound.h */
    AKGL_HEAP_IMAGE,    /**< akgl/image.h */
    AKGL_HEAP_LAYER_COUNT
} akgl_HeapLayer;

/**
 * @brief Zeroes every pool and empties every free list: a reset of empty pools.
 *
 * akgl_game_quit calls it before it frees the pools (akgl_game_init has no
 * need to: the pools it allocates start zeroed). Zeroing a live slot would strand
 * what it holds (its texture, its references) and leave pointers to it
 * dangling, so it refuses while any slot of any layer is live: give objects
 * back with their release functions, or all at once with akgl_game_unload.
 * (The seed's reset zeroed live slots; see docs/05-heap.md.)
 * @return NULL; AKERR_BEHAVIOR naming the layer and its live count (nothing
 *         is zeroed).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_init(void);

/**
 * @brief Zeroes the actor pool only, when no actor is live.
 *
 * Kept for the seed's name. A level change is akgl_game_unload(AKGL_UNLOAD_ACTORS),
 * which releases the actors by reference (giving back their characters,
 * sprites and children) instead of zeroing them.
 * @return NULL; AKERR_BEHAVIOR naming the live count while any actor is live.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_init_actor(void);

/**
 * @name Acquire
 * Hands out a free slot with refcount 1 (the caller's reference). The slot is
 * zero apart from its refcount. Errors: AKERR_NULLPOINTER for a NULL @p dest;
 * AKGL_ERR_HEAP when every slot is taken, the message naming the layer
 * ("Unable to find unused actor on the heap") and its ceiling.
 * @{ */
/**
 * @brief Hands out a free slot of the layer, zeroed, with refcount 1.
 * @param dest Gets the slot; the caller holds its one reference.
 * @return NULL; AKERR_NULLPOINTER; AKGL_ERR_HEAP when every slot is taken.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_next_actor(struct akgl_Actor **dest);
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_next_sprite(struct akgl_Sprite **dest);
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_next_spritesheet(struct akgl_SpriteSheet **dest);
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_next_character(struct akgl_Character **dest);
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_next_string(akgl_String **dest);
/** @} */

/**
 * @name Release
 * Gives one reference back; at 0 the object is torn down and its slot zeroed.
 * Each is defined by the module of its kind (actor.c, sprite.c, character.c,
 * staticstring.c), which owns the teardown; the heap only hands slots out and
 * takes them back:
 * - actor: releases each child (cycle-safe) and its character, and leaves
 *   AKGL_REGISTRY_ACTOR; the slot keeps the actor's name (for messages)
 *   until it is acquired again. This gives back one reference; to take an
 *   actor out of the world whoever holds it, akgl_actor_despawn;
 * - sprite: leaves AKGL_REGISTRY_SPRITE and releases its sheet;
 * - spritesheet: leaves AKGL_REGISTRY_SPRITESHEET and destroys its texture
 *   (from the thread that owns the renderer);
 * - character: releases every sprite its state map holds (through
 *   akgl_character_state_sprites_iterate with AKGL_ITERATOR_OP_RELEASE),
 *   destroys the map, leaves AKGL_REGISTRY_CHARACTER;
 * - string: zeroes the text.
 * A registry entry is removed only if it still points at this object.
 * Errors: AKERR_NULLPOINTER for NULL; AKGL_ERR_HEAP when the refcount is
 * already 0 (nothing is torn down twice); AKERR_BEHAVIOR, with nothing
 * written, for a pointer that is not the kind's: one into the pool that is
 * not a slot's start, or one outside it that the kind's *_initialize did not
 * make and register (a string outside the pool is the caller's own, and is
 * accepted; docs/05-heap.md, "What a release accepts"). An error from a
 * teardown step is returned after the rest of the teardown has run, so the
 * slot is still freed.
 * @{ */
/**
 * @brief Gives one reference back; at 0 the object is torn down and its slot freed.
 * @param obj The object; the caller's reference is gone afterwards.
 * @return NULL; AKERR_NULLPOINTER; AKGL_ERR_HEAP when already released;
 *         AKERR_BEHAVIOR for a pointer that is not the kind's (above); the
 *         first error of the teardown (the slot is freed all the same).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_actor(struct akgl_Actor *obj);
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_sprite(struct akgl_Sprite *obj);
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_spritesheet(struct akgl_SpriteSheet *obj);
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_character(struct akgl_Character *obj);
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_string(akgl_String *obj);
/** @} */

/**
 * @brief How many slots of @p layer are live.
 * @param layer The layer.
 * @param dest  Gets the count.
 * @return NULL; AKERR_NULLPOINTER; AKERR_INDEX for an unknown layer.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_in_use(akgl_HeapLayer layer, int *dest);

/**
 * @brief How many slots @p layer has: the capacity the game started with
 *        (akgl_game_init_with_config; the AKGL_MAX_HEAP_* default, which is
 *        also the floor). 0 while the game is stopped: the pools are
 *        allocated when it starts and freed when it quits. A layer no module
 *        defines yet has 0 slots.
 * @param layer The layer.
 * @param dest  Receives the slot count.
 * @return NULL; AKERR_NULLPOINTER; AKERR_INDEX for a value outside the enum.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_capacity(akgl_HeapLayer layer, int *dest);

/**
 * @brief Whether @p obj lies in the pool of @p layer (a slot's address).
 * @param layer The layer.
 * @param obj   The address to look for.
 * @param dest  Gets the answer.
 * @return NULL; AKERR_NULLPOINTER; AKERR_INDEX for an unknown layer.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_contains(akgl_HeapLayer layer, const void *obj,
                                                      bool *dest);

#ifdef __cplusplus
}
#endif

#endif /* AKGL_HEAP_H */
