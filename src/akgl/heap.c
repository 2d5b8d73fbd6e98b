/*
 * The heap: five static pools behind one generic slot allocator.
 *
 * Every pooled struct starts with `int refcount` (asserted below), so the
 * allocator can treat a slot as bytes plus a count. Acquire is O(1): slots
 * that came back are reused from a free stack; slots never handed out are
 * taken in order through `fresh`. Nothing scans the pool, so the cost of an
 * acquire does not grow with how full it is.
 *
 * Invariant: a free slot is all zero bytes. Release zeroes the slot before
 * it returns to the free stack and akgl_heap_init zeroes everything, so an
 * acquire only has to set the refcount.
 */
#include <akgl/heap.h>

#include <akgl/registry.h>

#include "object.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

_Static_assert(offsetof(akgl_Actor, refcount) == 0, "refcount must lead akgl_Actor");
_Static_assert(offsetof(akgl_Sprite, refcount) == 0, "refcount must lead akgl_Sprite");
_Static_assert(offsetof(akgl_SpriteSheet, refcount) == 0, "refcount must lead akgl_SpriteSheet");
_Static_assert(offsetof(akgl_Character, refcount) == 0, "refcount must lead akgl_Character");
_Static_assert(offsetof(akgl_String, refcount) == 0, "refcount must lead akgl_String");

akgl_Actor akgl_heap_actors[AKGL_MAX_HEAP_ACTOR];
akgl_Sprite akgl_heap_sprites[AKGL_MAX_HEAP_SPRITE];
akgl_SpriteSheet akgl_heap_spritesheets[AKGL_MAX_HEAP_SPRITESHEET];
akgl_Character akgl_heap_characters[AKGL_MAX_HEAP_CHARACTER];
akgl_String akgl_heap_strings[AKGL_MAX_HEAP_STRING];

static int free_actors[AKGL_MAX_HEAP_ACTOR];
static int free_sprites[AKGL_MAX_HEAP_SPRITE];
static int free_spritesheets[AKGL_MAX_HEAP_SPRITESHEET];
static int free_characters[AKGL_MAX_HEAP_CHARACTER];
static int free_strings[AKGL_MAX_HEAP_STRING];

typedef struct Pool
{
    const char *what;    /* "actor": for messages */
    const char *ceiling; /* "AKGL_MAX_HEAP_ACTOR": what to raise */
    unsigned char *base;
    size_t size;
    int capacity;
    int *free_stack;
    int free_count;
    int fresh; /* slots [fresh, capacity) have never been handed out */
    int live;
} Pool;

#define POOL(what, ceiling, array, freestack) \
    { what, #ceiling, (unsigned char *)(array), sizeof((array)[0]), ceiling, freestack, 0, 0, 0 }

static Pool pools[AKGL_HEAP_LAYER_COUNT] = {
    [AKGL_HEAP_ACTOR] = POOL("actor", AKGL_MAX_HEAP_ACTOR, akgl_heap_actors, free_actors),
    [AKGL_HEAP_SPRITE] = POOL("sprite", AKGL_MAX_HEAP_SPRITE, akgl_heap_sprites, free_sprites),
    [AKGL_HEAP_SPRITESHEET] = POOL("spritesheet", AKGL_MAX_HEAP_SPRITESHEET,
                                   akgl_heap_spritesheets, free_spritesheets),
    [AKGL_HEAP_CHARACTER] = POOL("character", AKGL_MAX_HEAP_CHARACTER, akgl_heap_characters,
                                 free_characters),
    [AKGL_HEAP_STRING] = POOL("string", AKGL_MAX_HEAP_STRING, akgl_heap_strings, free_strings),
};

static void pool_reset(Pool *p)
{
    memset(p->base, 0, p->size * (size_t)p->capacity);
    p->free_count = 0;
    p->fresh = 0;
    p->live = 0;
}

/* The slot index of obj, or -1 when obj is not a slot of p. Integer
 * comparison, because relational comparison of unrelated pointers is UB. */
static int pool_index(const Pool *p, const void *obj)
{
    uintptr_t addr = (uintptr_t)obj;
    uintptr_t lo = (uintptr_t)p->base;
    uintptr_t hi = lo + p->size * (size_t)p->capacity;
    if (addr < lo || addr >= hi || (addr - lo) % p->size != 0) {
        return -1;
    }
    return (int)((addr - lo) / p->size);
}

static akerr_ErrorContext *pool_acquire(akgl_HeapLayer layer, void **dest)
{
    Pool *p = &pools[layer];
    int id;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_heap_next_%s: NULL destination",
                     p->what);
    if (p->free_count > 0) {
        id = p->free_stack[--p->free_count];
    } else if (p->fresh < p->capacity) {
        id = p->fresh++;
    } else {
        FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                    "Unable to find unused %s on the heap (all %d in use; the ceiling is %s)",
                    p->what, p->capacity, p->ceiling);
    }
    unsigned char *slot = p->base + (size_t)id * p->size;
    *(int *)slot = 1;
    p->live++;
    *dest = slot;
    SUCCEED_RETURN(errctx);
}

/*
 * Gives one reference back. *teardown is set when it was the last one: the
 * caller then tears the object down and calls pool_release_finish.
 */
static akerr_ErrorContext *pool_release_start(akgl_HeapLayer layer, void *obj, const char *name,
                                              bool *teardown)
{
    Pool *p = &pools[layer];
    PREPARE_ERROR(errctx);

    *teardown = false;
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_heap_release_%s: NULL %s", p->what,
                     p->what);
    int *refcount = (int *)obj;
    if (*refcount <= 0) {
        FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                    "akgl_heap_release_%s: %s '%s' (slot %d) is already released (refcount %d)",
                    p->what, p->what, name, pool_index(p, obj), *refcount);
    }
    *refcount -= 1;
    *teardown = (*refcount == 0);
    SUCCEED_RETURN(errctx);
}

/* Zeroes a torn-down object and, if it is a slot, returns it to the free stack. */
static void pool_release_finish(akgl_HeapLayer layer, void *obj)
{
    Pool *p = &pools[layer];
    int id = pool_index(p, obj);
    memset(obj, 0, p->size);
    if (id >= 0) {
        p->free_stack[p->free_count++] = id;
        p->live--;
    }
}

/* ------------------------------------------------------------------------ */

akerr_ErrorContext *akgl_heap_init(void)
{
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT; layer++) {
        pool_reset(&pools[layer]);
    }
    return NULL;
}

akerr_ErrorContext *akgl_heap_init_actor(void)
{
    pool_reset(&pools[AKGL_HEAP_ACTOR]);
    return NULL;
}

akerr_ErrorContext *akgl_heap_next_actor(akgl_Actor **dest)
{
    return pool_acquire(AKGL_HEAP_ACTOR, (void **)dest);
}

akerr_ErrorContext *akgl_heap_next_sprite(akgl_Sprite **dest)
{
    return pool_acquire(AKGL_HEAP_SPRITE, (void **)dest);
}

akerr_ErrorContext *akgl_heap_next_spritesheet(akgl_SpriteSheet **dest)
{
    return pool_acquire(AKGL_HEAP_SPRITESHEET, (void **)dest);
}

akerr_ErrorContext *akgl_heap_next_character(akgl_Character **dest)
{
    return pool_acquire(AKGL_HEAP_CHARACTER, (void **)dest);
}

akerr_ErrorContext *akgl_heap_next_string(akgl_String **dest)
{
    return pool_acquire(AKGL_HEAP_STRING, (void **)dest);
}

akerr_ErrorContext *akgl_heap_release_actor(akgl_Actor *obj)
{
    akerr_ErrorContext *first = NULL;
    bool teardown = false;
    PREPARE_ERROR(errctx);

    PASS(errctx, pool_release_start(AKGL_HEAP_ACTOR, obj, obj ? obj->name : "", &teardown));
    if (!teardown) {
        SUCCEED_RETURN(errctx);
    }
    /* Marked releasing inside: a child that lists this actor among its own
     * children (a cycle) skips it instead of recursing for ever. */
    obj->releasing = true;
    akgl_actor_release_held(obj, &first);
    akgl_object_keep_first(&first, akgl_registry_remove(AKGL_REGISTRY_ACTOR, "actor", obj->name, obj));
    pool_release_finish(AKGL_HEAP_ACTOR, obj);
    return akerr_trace_append(first, __FILE__, __func__, __LINE__);
}

akerr_ErrorContext *akgl_heap_release_sprite(akgl_Sprite *obj)
{
    akerr_ErrorContext *first = NULL;
    bool teardown = false;
    PREPARE_ERROR(errctx);

    PASS(errctx, pool_release_start(AKGL_HEAP_SPRITE, obj, obj ? obj->name : "", &teardown));
    if (!teardown) {
        SUCCEED_RETURN(errctx);
    }
    akgl_object_keep_first(&first, akgl_registry_remove(AKGL_REGISTRY_SPRITE, "sprite", obj->name, obj));
    if (obj->sheet != NULL) {
        akgl_object_keep_first(&first, akgl_heap_release_spritesheet(obj->sheet));
    }
    pool_release_finish(AKGL_HEAP_SPRITE, obj);
    return akerr_trace_append(first, __FILE__, __func__, __LINE__);
}

akerr_ErrorContext *akgl_heap_release_spritesheet(akgl_SpriteSheet *obj)
{
    akerr_ErrorContext *first = NULL;
    bool teardown = false;
    PREPARE_ERROR(errctx);

    PASS(errctx, pool_release_start(AKGL_HEAP_SPRITESHEET, obj, obj ? obj->name : "", &teardown));
    if (!teardown) {
        SUCCEED_RETURN(errctx);
    }
    akgl_object_keep_first(&first,
               akgl_registry_remove(AKGL_REGISTRY_SPRITESHEET, "spritesheet", obj->name, obj));
    if (obj->texture != NULL) {
        SDL_DestroyTexture(obj->texture);
    }
    pool_release_finish(AKGL_HEAP_SPRITESHEET, obj);
    return akerr_trace_append(first, __FILE__, __func__, __LINE__);
}

/* The state map holds one sprite reference per binding; give each back. */
typedef struct StateWalk
{
    akerr_ErrorContext *first;
} StateWalk;

static void release_state_sprite(void *userdata, SDL_PropertiesID props, const char *name)
{
    StateWalk *walk = userdata;
    akgl_Sprite *sprite = SDL_GetPointerProperty(props, name, NULL);
    if (sprite != NULL) {
        akgl_object_keep_first(&walk->first, akgl_heap_release_sprite(sprite));
    }
}

akerr_ErrorContext *akgl_heap_release_character(akgl_Character *obj)
{
    StateWalk walk = {NULL};
    bool teardown = false;
    PREPARE_ERROR(errctx);

    PASS(errctx, pool_release_start(AKGL_HEAP_CHARACTER, obj, obj ? obj->name : "", &teardown));
    if (!teardown) {
        SUCCEED_RETURN(errctx);
    }
    if (obj->state_sprites != 0) {
        if (!SDL_EnumerateProperties(obj->state_sprites, release_state_sprite, &walk)) {
            akgl_object_keep_first(&walk.first,
                       akerr_fail_at(NULL, AKERR_API, __FILE__, __func__, __LINE__,
                                     "character '%s': cannot walk its state map: %s", obj->name,
                                     SDL_GetError()));
        }
        SDL_DestroyProperties(obj->state_sprites);
    }
    akgl_object_keep_first(&walk.first,
               akgl_registry_remove(AKGL_REGISTRY_CHARACTER, "character", obj->name, obj));
    pool_release_finish(AKGL_HEAP_CHARACTER, obj);
    return akerr_trace_append(walk.first, __FILE__, __func__, __LINE__);
}

akerr_ErrorContext *akgl_heap_release_string(akgl_String *obj)
{
    bool teardown = false;
    PREPARE_ERROR(errctx);

    PASS(errctx, pool_release_start(AKGL_HEAP_STRING, obj, "", &teardown));
    if (teardown) {
        pool_release_finish(AKGL_HEAP_STRING, obj);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_heap_in_use(akgl_HeapLayer layer, int *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_heap_in_use: NULL destination");
    if ((int)layer < 0 || layer >= AKGL_HEAP_LAYER_COUNT) {
        FAIL_RETURN(errctx, AKERR_INDEX, "akgl_heap_in_use: no heap layer %d (0..%d)", (int)layer,
                    AKGL_HEAP_LAYER_COUNT - 1);
    }
    *dest = pools[layer].live;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_heap_contains(akgl_HeapLayer layer, const void *obj, bool *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_heap_contains: NULL object");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_heap_contains: NULL destination");
    if ((int)layer < 0 || layer >= AKGL_HEAP_LAYER_COUNT) {
        FAIL_RETURN(errctx, AKERR_INDEX, "akgl_heap_contains: no heap layer %d (0..%d)",
                    (int)layer, AKGL_HEAP_LAYER_COUNT - 1);
    }
    *dest = pool_index(&pools[layer], obj) >= 0;
    SUCCEED_RETURN(errctx);
}
