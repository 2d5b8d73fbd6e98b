/*
 * The heap: one generic slot allocator behind every pool layer.
 *
 * It knows each layer only by its descriptor (heap_pool.h): a base address,
 * a slot size, a capacity and a free stack. The modules that own the kinds
 * define their storage and tear their objects down; this file calls none of
 * them. Acquire is O(1): slots that came back are reused from the free
 * stack; slots never handed out are taken in order through `fresh`. Nothing
 * scans the pool, so the cost of an acquire does not grow with how full it is.
 *
 * Invariant: a free slot is all zero bytes, but for the range its pool keeps
 * (keep_offset: the actor's name, so that a message about a released actor
 * names it). Release zeroes the rest before the slot returns to the free
 * stack, akgl_heap_init zeroes everything, and an acquire zeroes the kept
 * range and sets the refcount: every slot handed out is zero.
 *
 * The kinds' descriptors are attached by the game when it starts
 * (akgl_heap_attach): the heap sits below every kind and names none.
 *
 * Storage: each layer's block is allocated by akgl_heap_start when the game
 * starts, for the capacity it chose, and freed by akgl_heap_stop at quit.
 * Besides the slots and the free stack the block holds a two-level bitmap of
 * acquired slots (akgl_heap_next_live: sweeps cost the live slots, not the
 * capacity) and a generation per slot, bumped on release, with which the
 * overlap broad phase tells a slot released and re-acquired by a callback
 * from the actor it gathered (and a count of releases, with which it knows
 * that nothing was released at all).
 */
#include "heap_pool.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * Each layer's name and default capacity, and the descriptor standing for
 * it until the game attaches the module's own (akgl_heap_attach): a stopped
 * pool, so the heap answers for every layer from the moment the program
 * starts.
 */
static akgl_HeapPool unattached[AKGL_HEAP_LAYER_COUNT] = {
    [AKGL_HEAP_ACTOR] = {.what = "actor", .ceiling = "AKGL_MAX_HEAP_ACTOR",
                         .default_capacity = AKGL_MAX_HEAP_ACTOR},
    [AKGL_HEAP_SPRITE] = {.what = "sprite", .ceiling = "AKGL_MAX_HEAP_SPRITE",
                          .default_capacity = AKGL_MAX_HEAP_SPRITE},
    [AKGL_HEAP_SPRITESHEET] = {.what = "spritesheet", .ceiling = "AKGL_MAX_HEAP_SPRITESHEET",
                               .default_capacity = AKGL_MAX_HEAP_SPRITESHEET},
    [AKGL_HEAP_CHARACTER] = {.what = "character", .ceiling = "AKGL_MAX_HEAP_CHARACTER",
                             .default_capacity = AKGL_MAX_HEAP_CHARACTER},
    [AKGL_HEAP_STRING] = {.what = "string", .ceiling = "AKGL_MAX_HEAP_STRING",
                          .default_capacity = AKGL_MAX_HEAP_STRING},
    [AKGL_HEAP_TILEMAP] = {.what = "tilemap", .ceiling = "AKGL_MAX_HEAP_TILEMAP",
                           .default_capacity = AKGL_MAX_HEAP_TILEMAP},
    [AKGL_HEAP_FONT] = {.what = "font", .ceiling = "AKGL_MAX_HEAP_FONT",
                        .default_capacity = AKGL_MAX_HEAP_FONT},
    [AKGL_HEAP_SOUND] = {.what = "sound", .ceiling = "AKGL_MAX_HEAP_SOUND",
                         .default_capacity = AKGL_MAX_HEAP_SOUND},
    [AKGL_HEAP_IMAGE] = {.what = "image", .ceiling = "AKGL_MAX_HEAP_IMAGE",
                         .default_capacity = AKGL_MAX_HEAP_IMAGE},
};

static akgl_HeapPool *pools[AKGL_HEAP_LAYER_COUNT] = {
    &unattached[0], &unattached[1], &unattached[2], &unattached[3],
    &unattached[4], &unattached[5], &unattached[6], &unattached[7], &unattached[8],
};
_Static_assert(AKGL_HEAP_LAYER_COUNT == 9, "a heap layer without a descriptor");

void akgl_heap_attach(akgl_HeapLayer layer, akgl_HeapPool *pool)
{
    if ((int)layer < 0 || layer >= AKGL_HEAP_LAYER_COUNT || pool == NULL ||
        pools[layer] == pool || pools[layer]->base != NULL) {
        return; /* the game's own call: attached once, never while started */
    }
    pool->what = unattached[layer].what;
    pool->ceiling = unattached[layer].ceiling;
    pool->default_capacity = unattached[layer].default_capacity;
    pools[layer] = pool;
}

/* A layer that exists in the enum and has storage. */
static bool valid_layer(akgl_HeapLayer layer)
{
    return (int)layer >= 0 && layer < AKGL_HEAP_LAYER_COUNT && pools[layer] != NULL;
}

static akerr_ErrorContext *check_layer(akgl_HeapLayer layer, const char *caller)
{
    PREPARE_ERROR(errctx);
    if ((int)layer < 0 || layer >= AKGL_HEAP_LAYER_COUNT) {
        FAIL_RETURN(errctx, AKERR_INDEX, "%s: no heap layer %d (0..%d)", caller, (int)layer,
                    AKGL_HEAP_LAYER_COUNT - 1);
    }
    FAIL_ZERO_RETURN(errctx, pools[layer], AKERR_INDEX, "%s: heap layer %d has no pool",
                     caller, (int)layer);
    SUCCEED_RETURN(errctx);
}

static int bitmap_words(int capacity)
{
    return (int)(((int64_t)capacity + 63) / 64); /* INT_MAX slots must not overflow */
}

static void pool_reset(akgl_HeapPool *p)
{
    if (p->base == NULL) {
        return;
    }
    memset(p->base, 0, p->size * (size_t)p->capacity);
    memset(p->live_bits, 0, sizeof(uint64_t) * (size_t)bitmap_words(p->capacity));
    memset(p->live_words, 0, sizeof(uint64_t) * (size_t)bitmap_words(bitmap_words(p->capacity)));
    p->free_count = 0;
    p->fresh = 0;
    p->live = 0;
}

static void mark_live(akgl_HeapPool *p, int id)
{
    int w = id >> 6;
    p->live_bits[w] |= UINT64_C(1) << (id & 63);
    p->live_words[w >> 6] |= UINT64_C(1) << (w & 63);
}

static void mark_free(akgl_HeapPool *p, int id)
{
    int w = id >> 6;
    p->live_bits[w] &= ~(UINT64_C(1) << (id & 63));
    if (p->live_bits[w] == 0) {
        p->live_words[w >> 6] &= ~(UINT64_C(1) << (w & 63));
    }
    p->generation[id]++;
    p->releases++;
}

/* The slot index of obj, or -1 when obj is not a slot of p. Integer
 * comparison, because relational comparison of unrelated pointers is UB. */
static int pool_index(const akgl_HeapPool *p, const void *obj)
{
    if (p->base == NULL) {
        return -1;
    }
    uintptr_t addr = (uintptr_t)obj;
    uintptr_t lo = (uintptr_t)p->base;
    uintptr_t hi = lo + p->size * (size_t)p->capacity;
    if (addr < lo || addr >= hi || (addr - lo) % p->size != 0) {
        return -1;
    }
    return (int)((addr - lo) / p->size);
}

akerr_ErrorContext *akgl_heap_acquire(akgl_HeapLayer layer, void **dest)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, check_layer(layer, "akgl_heap_acquire"));
    akgl_HeapPool *p = pools[layer];
    int id;

    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_heap_next_%s: NULL destination",
                     p->what);
    if (p->free_count > 0) {
        id = p->free_stack[--p->free_count];
    } else if (p->fresh < p->capacity) {
        id = p->fresh++;
    } else if (p->base == NULL) {
        FAIL_RETURN(errctx, AKGL_ERR_HEAP, "Unable to find unused %s on the heap: the game is "
                    "not started, so the pool has no slots (akgl_game_init first)", p->what);
    } else {
        FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                    "Unable to find unused %s on the heap (all %d in use; the capacity is "
                    "akgl_GameConfig.capacity[%d], default %s = %d)",
                    p->what, p->capacity, (int)layer, p->ceiling, p->default_capacity);
    }
    unsigned char *slot = p->base + (size_t)id * p->size;
    if (p->keep_size != 0 && p->keep_offset + p->keep_size <= p->size) {
        memset(slot + p->keep_offset, 0, p->keep_size); /* what its release kept */
    }
    *(int *)slot = 1;
    p->acquired[id] = ++p->acquisitions;
    mark_live(p, id);
    p->live++;
    *dest = slot;
    SUCCEED_RETURN(errctx);
}

/*
 * Whether an object of the pool's slot size at obj would share bytes with
 * the pool's slots (the tail slots included: they are the pool's too, never
 * handed out). Such a pointer is a slot or a mistake; anything else lies
 * wholly outside the pool.
 */
static bool pool_overlaps(const akgl_HeapPool *p, const void *obj)
{
    if (p->base == NULL || obj == NULL) {
        return false;
    }
    uintptr_t addr = (uintptr_t)obj;
    uintptr_t lo = (uintptr_t)p->base;
    uintptr_t hi = lo + p->size * ((size_t)p->capacity + AKGL_HEAP_POOL_TAIL_SLOTS);
    return addr < hi && (addr >= lo || lo - addr < p->size);
}

/*
 * Refuses a pointer that overlaps the pool's slots without being the start
 * of one: giving it a reference back would change bytes of a live slot (the
 * count it takes for a refcount is some field of one, and the teardown
 * zeroes the rest of one and the start of its neighbour). Says where it
 * points, so the caller's arithmetic can be found.
 */
static akerr_ErrorContext *refuse_misplaced(const akgl_HeapPool *p, const void *obj)
{
    PREPARE_ERROR(errctx);
    const char *a = strchr("aeiou", p->what[0]) != NULL ? "an" : "a";
    uintptr_t addr = (uintptr_t)obj;
    uintptr_t lo = (uintptr_t)p->base;
    if (addr < lo) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "akgl_heap_release_%s: %p is not %s %s slot of the pool (%zu bytes before "
                    "slot 0, which it overlaps)", p->what, obj, a, p->what, (size_t)(lo - addr));
    }
    size_t id = (addr - lo) / p->size;
    size_t offset = (addr - lo) % p->size;
    if (id >= (size_t)p->capacity) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "akgl_heap_release_%s: %p is not %s %s slot of the pool (%zu bytes past the "
                    "end of slot %d, the last of %d)", p->what, obj, a, p->what,
                    (id - (size_t)p->capacity) * p->size + offset, p->capacity - 1,
                    p->capacity);
    }
    FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                "akgl_heap_release_%s: %p is not %s %s slot of the pool (%zu bytes into slot %zu)",
                p->what, obj, a, p->what, offset, id);
}

akerr_ErrorContext *akgl_heap_release_begin(akgl_HeapLayer layer, void *obj, const char *name,
                                            bool outside, bool *teardown)
{
    PREPARE_ERROR(errctx);
    *teardown = false;
    PASS(errctx, check_layer(layer, "akgl_heap_release_begin"));
    akgl_HeapPool *p = pools[layer];
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_heap_release_%s: NULL %s", p->what,
                     p->what);
    /* Judged by the address alone, before anything is read through it. */
    int id = pool_index(p, obj);
    if (id < 0 && pool_overlaps(p, obj)) {
        PASS(errctx, refuse_misplaced(p, obj));
    }
    if (id < 0 && !outside) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "akgl_heap_release_%s: %p is not in the %s pool (%s %s is only ever a slot "
                    "of it%s)", p->what, obj, p->what, strchr("aeiou", p->what[0]) ? "an" : "a",
                    p->what,
                    p->base == NULL ? "; the game is not started, so the pool has no slots" : "");
    }
    int *refcount = (int *)obj;
    if (*refcount <= 0) {
        if (id < 0) {
            FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                        "akgl_heap_release_%s: %s '%s' (not a pool slot) is already released "
                        "(refcount %d)", p->what, p->what, name != NULL ? name : "", *refcount);
        }
        /* A slot released with no name (an anonymous actor) is named by
         * its slot, as every message names one. */
        if (name == NULL || name[0] == '\0') {
            FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                        "akgl_heap_release_%s: %s (anonymous, slot %d) is already released "
                        "(refcount %d)", p->what, p->what, id, *refcount);
        }
        FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                    "akgl_heap_release_%s: %s '%s' (slot %d) is already released (refcount %d)",
                    p->what, p->what, name, id, *refcount);
    }
    *refcount -= 1;
    *teardown = (*refcount == 0);
    SUCCEED_RETURN(errctx);
}

void akgl_heap_release_end(akgl_HeapLayer layer, void *obj)
{
    if (!valid_layer(layer) || obj == NULL) {
        return;
    }
    akgl_HeapPool *p = pools[layer];
    int id = pool_index(p, obj);
    /* All but the kept bytes (the actor's name: a message about a released
     * actor still names it); the next acquire zeroes those. */
    unsigned char *bytes = obj;
    size_t keep_end = p->keep_offset + p->keep_size;
    if (p->keep_size == 0 || keep_end > p->size) {
        memset(bytes, 0, p->size);
    } else {
        memset(bytes, 0, p->keep_offset);
        memset(bytes + keep_end, 0, p->size - keep_end);
    }
    if (id >= 0) {
        p->free_stack[p->free_count++] = id;
        mark_free(p, id);
        p->live--;
    }
}

akerr_ErrorContext *akgl_heap_release_all(akgl_HeapLayer layer, akgl_HeapReleaseFunc release)
{
    akerr_ErrorContext *first = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, check_layer(layer, "akgl_heap_release_all"));
    FAIL_ZERO_RETURN(errctx, release, AKERR_NULLPOINTER, "akgl_heap_release_all: NULL release");
    akgl_HeapPool *p = pools[layer];
    /* Only acquired slots can be live: the live bitmap lists them. */
    for (int i = akgl_heap_next_live(p, 0); i >= 0 && p->live > 0; i = akgl_heap_next_live(p, i + 1)) {
        unsigned char *slot = p->base + (size_t)i * p->size;
        /* A release error leaves the count where it was: stop on that slot
         * rather than loop, and go on with the next. */
        while (*(int *)slot > 0) {
            int before = *(int *)slot;
            akerr_ErrorContext *e = release(slot);
            if (e != NULL) {
                if (first == NULL) {
                    first = e;
                } else {
                    akerr_ignore(e, __FILE__, __func__, __LINE__);
                }
            }
            if (*(int *)slot >= before) {
                break;
            }
        }
    }
    return akerr_trace_append(first, __FILE__, __func__, __LINE__);
}

int akgl_heap_live(akgl_HeapLayer layer)
{
    return valid_layer(layer) ? pools[layer]->live : 0;
}

int akgl_heap_slots(akgl_HeapLayer layer)
{
    return valid_layer(layer) ? pools[layer]->capacity : 0;
}

/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *refuse_live(akgl_HeapLayer layer, const char *caller)
{
    PREPARE_ERROR(errctx);
    akgl_HeapPool *p = pools[layer];
    if (p->live > 0) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "%s: %d %s slot%s still live; zeroing them would strand what they hold "
                    "(release them, or akgl_game_unload)",
                    caller, p->live, p->what, p->live == 1 ? " is" : "s are");
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_heap_init(void)
{
    PREPARE_ERROR(errctx);
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT; layer++) {
        if (pools[layer] != NULL) {
            PASS(errctx, refuse_live((akgl_HeapLayer)layer, "akgl_heap_init"));
        }
    }
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT; layer++) {
        if (pools[layer] != NULL) {
            pool_reset(pools[layer]);
        }
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_heap_init_actor(void)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, refuse_live(AKGL_HEAP_ACTOR, "akgl_heap_init_actor"));
    pool_reset(pools[AKGL_HEAP_ACTOR]);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_heap_next_actor(struct akgl_Actor **dest)
{
    return akgl_heap_acquire(AKGL_HEAP_ACTOR, (void **)dest);
}

akerr_ErrorContext *akgl_heap_next_sprite(struct akgl_Sprite **dest)
{
    return akgl_heap_acquire(AKGL_HEAP_SPRITE, (void **)dest);
}

akerr_ErrorContext *akgl_heap_next_spritesheet(struct akgl_SpriteSheet **dest)
{
    return akgl_heap_acquire(AKGL_HEAP_SPRITESHEET, (void **)dest);
}

akerr_ErrorContext *akgl_heap_next_character(struct akgl_Character **dest)
{
    return akgl_heap_acquire(AKGL_HEAP_CHARACTER, (void **)dest);
}

akerr_ErrorContext *akgl_heap_next_string(akgl_String **dest)
{
    return akgl_heap_acquire(AKGL_HEAP_STRING, (void **)dest);
}

akerr_ErrorContext *akgl_heap_in_use(akgl_HeapLayer layer, int *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_heap_in_use: NULL destination");
    if ((int)layer < 0 || layer >= AKGL_HEAP_LAYER_COUNT) {
        PASS(errctx, check_layer(layer, "akgl_heap_in_use"));
    }
    *dest = akgl_heap_live(layer); /* a layer without a pool has nothing live */
    SUCCEED_RETURN(errctx);
}

bool akgl_heap_holds(akgl_HeapLayer layer, const void *obj)
{
    return valid_layer(layer) && pool_index(pools[layer], obj) >= 0;
}

bool akgl_heap_outside(akgl_HeapLayer layer, const void *obj)
{
    return valid_layer(layer) && obj != NULL && pool_index(pools[layer], obj) < 0 &&
           !pool_overlaps(pools[layer], obj);
}

akerr_ErrorContext *akgl_heap_contains(akgl_HeapLayer layer, const void *obj, bool *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_heap_contains: NULL object");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_heap_contains: NULL destination");
    PASS(errctx, check_layer(layer, "akgl_heap_contains"));
    *dest = pool_index(pools[layer], obj) >= 0;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_heap_capacity(akgl_HeapLayer layer, int *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_heap_capacity: NULL destination");
    if ((int)layer < 0 || layer >= AKGL_HEAP_LAYER_COUNT) {
        PASS(errctx, check_layer(layer, "akgl_heap_capacity"));
    }
    *dest = akgl_heap_slots(layer); /* a layer without a pool has no slots */
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Storage: allocated at start, freed at quit                               */
/* ------------------------------------------------------------------------ */

/* Where each part of a layer's block starts, and how big the block is. */
typedef struct PoolLayout
{
    size_t slots, free_stack, live_bits, live_words, generation, acquired, total;
    bool fits;
} PoolLayout;

static size_t align_up(size_t n)
{
    return (n + 15) & ~(size_t)15;
}

static PoolLayout layout_for(size_t size, int capacity)
{
    PoolLayout l;
    memset(&l, 0, sizeof(l));
    size_t cap = (size_t)capacity;
    size_t words = (size_t)bitmap_words(capacity);
    size_t summary = (size_t)bitmap_words((int)words);
    /* Every term is checked against what is left, so the sum cannot wrap
     * (a 32-bit size_t with a large capacity). */
    size_t parts[6] = {size, sizeof(int), sizeof(uint64_t), sizeof(uint64_t), sizeof(uint32_t),
                       sizeof(uint64_t)};
    size_t counts[6] = {cap + AKGL_HEAP_POOL_TAIL_SLOTS, cap, words, summary, cap, cap};
    size_t *offsets[6] = {&l.slots, &l.free_stack, &l.live_bits, &l.live_words, &l.generation,
                          &l.acquired};
    size_t at = 0;
    for (int i = 0; i < 6; i++) {
        if (counts[i] != 0 && parts[i] > (SIZE_MAX - 64 - at) / counts[i]) {
            return l; /* fits stays false */
        }
        *offsets[i] = at;
        at = align_up(at + parts[i] * counts[i]);
    }
    l.total = at;
    l.fits = true;
    return l;
}

static void pool_free_storage(akgl_HeapPool *p)
{
    free(p->block);
    p->block = NULL;
    p->base = NULL;
    p->free_stack = NULL;
    p->live_bits = NULL;
    p->live_words = NULL;
    p->generation = NULL;
    p->acquired = NULL;
    p->acquisitions = 0;
    p->capacity = 0;
    p->free_count = 0;
    p->fresh = 0;
    p->live = 0;
    void *none = NULL;
    memcpy(p->array, &none, sizeof(none));
}

static akerr_ErrorContext *pool_allocate(akgl_HeapPool *p, akgl_HeapLayer layer, int capacity)
{
    PREPARE_ERROR(errctx);
    PoolLayout l = layout_for(p->size, capacity);
    /* A size that cannot even be written down is refused like one the
     * system will not give: the game asked for more than this machine has. */
    unsigned char *raw = l.fits && l.total <= SIZE_MAX - (AKGL_HEAP_POOL_ALIGN - 1)
                             ? calloc(1, l.total + (AKGL_HEAP_POOL_ALIGN - 1))
                             : NULL;
    if (raw == NULL) {
        double bytes = (double)p->size * (double)capacity +
                       (double)capacity * (double)(sizeof(int) + sizeof(uint32_t) +
                                                   sizeof(uint64_t));
        FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                    "akgl_game_init: cannot allocate the %s pool (layer %d): %d slots of %zu "
                    "bytes need %.0f bytes (akgl_GameConfig.capacity[%d]; default %s = %d)",
                    p->what, (int)layer, capacity, p->size, bytes, (int)layer, p->ceiling,
                    p->default_capacity);
    }
    /* The slots from a cache line's start: a 320-byte actor is then five
     * whole lines, its hot part the first three (actor_private.h's prefetch). */
    unsigned char *block =
        raw + (AKGL_HEAP_POOL_ALIGN - (uintptr_t)raw % AKGL_HEAP_POOL_ALIGN) % AKGL_HEAP_POOL_ALIGN;
    p->block = raw;
    p->base = block;
    p->free_stack = (int *)(void *)(block + l.free_stack);
    p->live_bits = (uint64_t *)(void *)(block + l.live_bits);
    p->live_words = (uint64_t *)(void *)(block + l.live_words);
    p->generation = (uint32_t *)(void *)(block + l.generation);
    p->acquired = (uint64_t *)(void *)(block + l.acquired);
    p->acquisitions = 0;
    p->capacity = capacity;
    p->free_count = 0;
    p->fresh = 0;
    p->live = 0;
    /* The public pointer is a `type *`: copied, not written through a void **. */
    void *slots = block;
    memcpy(p->array, &slots, sizeof(slots));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_heap_start(const int capacity[AKGL_HEAP_LAYER_COUNT],
                                    const int floor[AKGL_HEAP_LAYER_COUNT])
{
    int chosen[AKGL_HEAP_LAYER_COUNT];
    PREPARE_ERROR(errctx);
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT; layer++) {
        akgl_HeapPool *p = pools[layer];
        if (p == NULL) {
            continue;
        }
        FAIL_NONZERO_RETURN(errctx, p->base != NULL, AKERR_BEHAVIOR,
                            "akgl_game_init: the %s pool of the last game is still allocated: "
                            "%d slots stayed live when it quit (a teardown failed)", p->what,
                            p->live);
        int want = capacity != NULL ? capacity[layer] : 0;
        FAIL_NONZERO_RETURN(errctx, want < 0, AKERR_VALUE,
                            "akgl_game_init: akgl_GameConfig.capacity[%d] (%s) is %d; a "
                            "capacity is 0 (the default, %s = %d) or more", layer, p->what,
                            want, p->ceiling, p->default_capacity);
        int n = want > p->default_capacity ? want : p->default_capacity;
        if (floor != NULL && floor[layer] > n) {
            n = floor[layer];
        }
        chosen[layer] = n;
    }
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT; layer++) {
        if (pools[layer] == NULL) {
            continue;
        }
        errctx = pool_allocate(pools[layer], (akgl_HeapLayer)layer, chosen[layer]);
        if (errctx != NULL) {
            /* All or nothing: what was allocated goes again. */
            akgl_heap_stop();
            return akerr_trace_append(errctx, __FILE__, __func__, __LINE__);
        }
    }
    SUCCEED_RETURN(errctx);
}

void akgl_heap_stop(void)
{
    for (int layer = 0; layer < AKGL_HEAP_LAYER_COUNT; layer++) {
        if (pools[layer] != NULL && pools[layer]->base != NULL) {
            pool_free_storage(pools[layer]);
        }
    }
}
