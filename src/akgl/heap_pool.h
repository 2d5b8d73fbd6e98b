/*
 * Internal: the generic slot allocator behind every akgl_heap_* layer. Not
 * installed.
 *
 * The heap knows nothing about the kinds it stores. Each module that owns a
 * kind (actor.c, sprite.c, character.c, staticstring.c, ...) defines its
 * layer's storage with AKGL_HEAP_POOL and writes its own teardown:
 *
 *   akgl_heap_release_x(obj):
 *       akgl_heap_release_begin(layer, obj, name, &teardown)
 *       if teardown: give back what obj holds, leave its registry
 *       akgl_heap_release_end(layer, obj)
 *
 * so calls run one way: modules call the heap, the heap calls no module.
 */
#ifndef AKGL_SRC_HEAP_POOL_H
#define AKGL_SRC_HEAP_POOL_H

#include <akerror.h>
#include <akgl/heap.h>

#include <stdbool.h>
#include <stddef.h>

/* One layer's slots. Every pooled struct starts with `int refcount`. */
typedef struct akgl_HeapPool
{
    const char *what;      /* "actor": for messages */
    const char *ceiling;   /* "AKGL_MAX_HEAP_ACTOR": what to raise */
    unsigned char *base;   /* the slots */
    size_t size;           /* bytes per slot */
    int capacity;          /* slots */
    int *free_stack;       /* indices of released slots */
    int free_count;
    int fresh;             /* slots [fresh, capacity) have never been handed out */
    int live;
} akgl_HeapPool;

/*
 * Defines `type array[ceiling]` (the public pool, reached through the
 * pointer the public header declares), its free stack and the descriptor
 * `var` that src/akgl/heap.c lists in its table.
 */
#define AKGL_HEAP_POOL(var, type, array, ceiling, what)                                        \
    _Static_assert(offsetof(type, refcount) == 0, "refcount must lead " #type);               \
    static type var##_slots[ceiling];                                                          \
    static int var##_free[ceiling];                                                            \
    type *array = var##_slots;                                                                 \
    akgl_HeapPool var = {what, #ceiling, (unsigned char *)var##_slots, sizeof(type), ceiling, \
                         var##_free, 0, 0, 0}

/* A zeroed slot with refcount 1 (the caller's reference); AKGL_ERR_HEAP when full. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_acquire(akgl_HeapLayer layer, void **dest);

/*
 * Gives one reference back. *teardown is set when it was the last one: the
 * caller tears the object down, then calls akgl_heap_release_end. Releasing a
 * count already at 0 is AKGL_ERR_HEAP (never a second teardown).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_begin(akgl_HeapLayer layer, void *obj,
                                                           const char *name, bool *teardown);

/* Zeroes a torn-down object and, if it is a slot of the layer, frees the slot. */
void akgl_heap_release_end(akgl_HeapLayer layer, void *obj);

/* A layer's release function, as akgl_heap_release_all calls it. */
typedef akerr_ErrorContext *(*akgl_HeapReleaseFunc)(void *obj);

/*
 * Releases every live slot of @p layer through @p release, one reference at a
 * time, until the slot is free (a teardown may free other slots of the same
 * layer: children, sheets). Used by akgl_game_unload after every holder
 * outside the layer has let go. Every slot is visited even after an error;
 * the first error is returned.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_all(akgl_HeapLayer layer,
                                                         akgl_HeapReleaseFunc release);

/* How many slots of @p layer are live (no error path: for internal sweeps). */
int akgl_heap_live(akgl_HeapLayer layer);

#endif /* AKGL_SRC_HEAP_POOL_H */
