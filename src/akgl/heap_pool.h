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

#include "hidden.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * One layer's slots. Every pooled struct starts with `int refcount`.
 *
 * The storage is allocated when the game starts (akgl_heap_start), for the
 * capacity the game asked for, and freed when it quits (akgl_heap_stop):
 * one block per layer holding the slots, the free stack, the live bitmap
 * and the slot generations. Between the two nothing is allocated for it.
 */
/*
 * Zero slots after the last one in every pool's block, never handed out: the
 * frame sweeps prefetch the actor a few slots ahead (object.h) without
 * checking that it is in the pool, and the address stays inside the block.
 */
#define AKGL_HEAP_POOL_TAIL_SLOTS 8
/* Where every pool's slots start: a multiple of this many bytes (a cache
 * line), so that a slot whose size is a multiple of it spans no more lines
 * than it must. */
#define AKGL_HEAP_POOL_ALIGN 64

typedef struct akgl_HeapPool
{
    const char *what;      /* "actor": for messages */
    const char *ceiling;   /* "AKGL_MAX_HEAP_ACTOR": the default's name, for messages */
    unsigned char *base;   /* the slots (NULL while the game is stopped) */
    size_t size;           /* bytes per slot */
    int capacity;          /* slots (0 while the game is stopped) */
    int default_capacity;  /* the AKGL_MAX_HEAP_* value: the default and the floor */
    int *free_stack;       /* indices of released slots */
    int free_count;
    int fresh;             /* slots [fresh, capacity) have never been handed out */
    int live;
    uint64_t *live_bits;   /* bit i: slot i is acquired */
    uint64_t *live_words;  /* bit w: live_bits[w] is not 0 (so an empty pool costs nothing) */
    uint32_t *generation;  /* bumped when slot i is released: a stale pointer check */
    void *array;           /* the public pointer (akgl_heap_actors ...), a `type *` */
    uint64_t *acquired;    /* when slot i was last acquired, in acquisitions (1, 2, ...) */
    uint64_t acquisitions; /* acquires since the game started */
    uint64_t releases;     /* slots released since the game started: a report that
                            * gathered slots knows none went while it is unchanged */
    void *block;           /* what was allocated (base is its first 64-byte boundary) */
    size_t keep_offset;    /* bytes [keep_offset, keep_offset + keep_size) of a slot outlive */
    size_t keep_size;      /* its release (the actor's name, for messages about a released
                            * actor); an acquire zeroes them. 0: nothing is kept. */
} akgl_HeapPool;

/*
 * Defines the public pool pointer `type *array` (NULL until the game starts)
 * and the layer's descriptor `var`, which the game attaches to the heap
 * (akgl_heap_attach) before it starts the pools. The layer's name and
 * default capacity are the heap's (heap.c), which knows every layer by its
 * number alone.
 */
#define AKGL_HEAP_POOL(var, type, array)                                                  \
    _Static_assert(offsetof(type, refcount) == 0, "refcount must lead " #type);          \
    type *array = NULL;                                                                   \
    akgl_HeapPool var = {NULL, NULL, NULL, sizeof(type), 0, 0, NULL, 0, 0, 0,            \
                         NULL, NULL, NULL, (void *)&array, NULL, 0, 0, NULL, 0, 0}

/* AKGL_HEAP_POOL whose slots keep `field` when released (keep_offset above). */
#define AKGL_HEAP_POOL_KEEP(var, type, array, field)                                      \
    _Static_assert(offsetof(type, refcount) == 0, "refcount must lead " #type);          \
    _Static_assert(offsetof(type, field) >= sizeof(int), "the count is never kept");     \
    type *array = NULL;                                                                   \
    akgl_HeapPool var = {NULL, NULL, NULL, sizeof(type), 0, 0, NULL, 0, 0, 0,            \
                         NULL, NULL, NULL, (void *)&array, NULL, 0, 0, NULL,             \
                         offsetof(type, field), sizeof(((type *)NULL)->field)}

/*
 * Puts `pool` (a module's AKGL_HEAP_POOL descriptor) behind `layer`, naming
 * it and giving it the layer's default capacity. The kinds live in the
 * layers above the heap, which must not name them, so the game (which sits
 * above all of them) attaches each when it starts: akgl_game_start, before
 * akgl_heap_start. Attaching the one already attached does nothing.
 * Until then a layer behaves as a stopped pool: no slots, nothing live,
 * and an acquire is AKGL_ERR_HEAP saying the game is not started.
 */
void akgl_heap_attach(akgl_HeapLayer layer, akgl_HeapPool *pool);

/* Whether `obj` is a slot of the layer's pool (acquired or not). */
bool akgl_heap_holds(akgl_HeapLayer layer, const void *obj);

/*
 * Whether `obj` (not NULL) lies wholly outside the layer's pool: neither a
 * slot nor a pointer into one. A kind that may live outside the pool (a
 * game's own struct given to its *_initialize) checks such a pointer
 * before it releases it (akgl_object_check_release).
 */
bool akgl_heap_outside(akgl_HeapLayer layer, const void *obj);

/*
 * Allocates every layer's storage: capacity[layer] slots (0 = the default;
 * never below the default) or, where floor[layer] is larger, that many.
 * All or nothing: AKERR_VALUE for a negative capacity, AKGL_ERR_HEAP naming
 * the layer, the count and the bytes when a block cannot be allocated (what
 * was allocated is freed again). AKERR_BEHAVIOR when already started.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_start(const int capacity[AKGL_HEAP_LAYER_COUNT],
                                                   const int floor[AKGL_HEAP_LAYER_COUNT]);

/* Frees every layer's storage; the public pointers become NULL. */
void akgl_heap_stop(void);

/* The actor layer's descriptor, for the frame sweeps' dense iteration. */
extern AKGL_HIDDEN akgl_HeapPool akgl_heap_pool_actor;

/*
 * The first acquired slot at index >= from, or -1. Walks the live bitmap a
 * word at a time and skips empty words through the summary bitmap, so a
 * sweep costs the live slots, not the capacity, and an empty pool of
 * 100,000 slots is about 25 word reads. A sweep that re-asks after each
 * slot sees slots acquired or released meanwhile, like an index loop.
 */
static inline int akgl_heap_next_live(const akgl_HeapPool *p, int from)
{
    if (from < 0) {
        from = 0;
    }
    if (from >= p->capacity) {
        return -1;
    }
    int w = from >> 6;
    uint64_t bits = p->live_bits[w] & (~UINT64_C(0) << (from & 63));
    if (bits != 0) {
        return (w << 6) + __builtin_ctzll(bits);
    }
    int nwords = (int)(((unsigned)p->capacity + 63u) >> 6);
    w++;
    while (w < nwords) {
        int s = w >> 6;
        uint64_t summary = p->live_words[s] & (~UINT64_C(0) << (w & 63));
        if (summary != 0) {
            w = (s << 6) + __builtin_ctzll(summary);
            return (w << 6) + __builtin_ctzll(p->live_bits[w]);
        }
        w = (s + 1) << 6;
    }
    return -1;
}

/*
 * A mark in the pool's history: a slot live now whose acquired[] is at most
 * a mark taken earlier was acquired before it, and has not been released
 * since (a release and a new acquire would have given it a later number).
 * Walks that must not visit what their callbacks acquire compare with it.
 */
static inline uint64_t akgl_heap_mark(const akgl_HeapPool *p)
{
    return p->acquisitions;
}

static inline bool akgl_heap_acquired_by(const akgl_HeapPool *p, int id, uint64_t mark)
{
    return p->acquired[id] <= mark;
}

/*
 * akgl_heap_next_live(p, id + 1) for a slot id just visited (0 <= id <
 * capacity): the rest of id's bitmap word is looked at first, inline, since
 * the next live slot is usually in it.
 */
static inline int akgl_heap_next_live_after(const akgl_HeapPool *p, int id)
{
    uint64_t bits = p->live_bits[id >> 6] & (~UINT64_C(1) << (id & 63));
    if (bits != 0) {
        return (id & ~63) + __builtin_ctzll(bits);
    }
    return akgl_heap_next_live(p, id + 1);
}

/*
 * The live slots after @p id in id's bitmap word, as the bitmap says now:
 * what akgl_heap_walk_next reads the rest of that word from.
 */
static inline uint64_t akgl_heap_walk_word(const akgl_HeapPool *p, int id)
{
    return id >= 0 ? p->live_bits[id >> 6] & (~UINT64_C(1) << (id & 63)) : 0;
}

/*
 * A sweep that knows nothing could have acquired or released a slot since it
 * last read the bitmap (no code but its own ran) need not read it again:
 * the slot after @p id (just visited) is the lowest bit of *later, the rest
 * of id's word as read before (akgl_heap_walk_word). When code that may
 * change the pool has run, the caller reads *later afresh first. The answer
 * is akgl_heap_next_live_after's.
 */
static inline int akgl_heap_walk_next(const akgl_HeapPool *p, int id, uint64_t *later)
{
    if (*later != 0) {
        int next = (id & ~63) + __builtin_ctzll(*later);
        *later &= *later - 1;
        return next;
    }
    int next = akgl_heap_next_live(p, (id | 63) + 1);
    *later = akgl_heap_walk_word(p, next);
    return next;
}

/* A zeroed slot with refcount 1 (the caller's reference); AKGL_ERR_HEAP when full. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_acquire(akgl_HeapLayer layer, void **dest);

/*
 * Gives one reference back. *teardown is set when it was the last one: the
 * caller tears the object down, then calls akgl_heap_release_end. Releasing a
 * count already at 0 is AKGL_ERR_HEAP (never a second teardown).
 *
 * `obj` must be a slot of the layer's pool or, when `outside` is true, a
 * struct wholly outside it that the kind's module answers for (one its
 * *_initialize made; akgl_object_check_release). Refused with
 * AKERR_BEHAVIOR before anything is read or written through it: a pointer
 * that overlaps the pool's slots without being a slot's start (its "count"
 * would be a field of a live slot, and its teardown would zero part of one
 * and of its neighbour), and, when `outside` is false, any pointer outside
 * the pool (tilemaps, fonts and sounds only ever live in their pools).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_heap_release_begin(akgl_HeapLayer layer, void *obj,
                                                           const char *name, bool outside,
                                                           bool *teardown);

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

/* How many slots @p layer has (0: stopped, or a layer no module defines). */
int akgl_heap_slots(akgl_HeapLayer layer);

/* How many slots of @p layer are live (no error path: for internal sweeps). */
int akgl_heap_live(akgl_HeapLayer layer);

#endif /* AKGL_SRC_HEAP_POOL_H */
