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
 * Invariant: a free slot is all zero bytes. Release zeroes the slot before
 * it returns to the free stack and akgl_heap_init zeroes everything, so an
 * acquire only has to set the refcount.
 */
#include "heap_pool.h"

#include <stdint.h>
#include <string.h>

extern akgl_HeapPool akgl_heap_pool_actor;
extern akgl_HeapPool akgl_heap_pool_sprite;
extern akgl_HeapPool akgl_heap_pool_spritesheet;
extern akgl_HeapPool akgl_heap_pool_character;
extern akgl_HeapPool akgl_heap_pool_string;
extern akgl_HeapPool akgl_heap_pool_sound;
extern akgl_HeapPool akgl_heap_pool_tilemap;

static akgl_HeapPool *const pools[AKGL_HEAP_LAYER_COUNT] = {
    [AKGL_HEAP_ACTOR] = &akgl_heap_pool_actor,
    [AKGL_HEAP_SPRITE] = &akgl_heap_pool_sprite,
    [AKGL_HEAP_SPRITESHEET] = &akgl_heap_pool_spritesheet,
    [AKGL_HEAP_CHARACTER] = &akgl_heap_pool_character,
    [AKGL_HEAP_STRING] = &akgl_heap_pool_string,
    [AKGL_HEAP_SOUND] = &akgl_heap_pool_sound,
    [AKGL_HEAP_TILEMAP] = &akgl_heap_pool_tilemap,
};

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

static void pool_reset(akgl_HeapPool *p)
{
    memset(p->base, 0, p->size * (size_t)p->capacity);
    p->free_count = 0;
    p->fresh = 0;
    p->live = 0;
}

/* The slot index of obj, or -1 when obj is not a slot of p. Integer
 * comparison, because relational comparison of unrelated pointers is UB. */
static int pool_index(const akgl_HeapPool *p, const void *obj)
{
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

akerr_ErrorContext *akgl_heap_release_begin(akgl_HeapLayer layer, void *obj, const char *name,
                                            bool *teardown)
{
    PREPARE_ERROR(errctx);
    *teardown = false;
    PASS(errctx, check_layer(layer, "akgl_heap_release_begin"));
    akgl_HeapPool *p = pools[layer];
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_heap_release_%s: NULL %s", p->what,
                     p->what);
    int *refcount = (int *)obj;
    if (*refcount <= 0) {
        FAIL_RETURN(errctx, AKGL_ERR_HEAP,
                    "akgl_heap_release_%s: %s '%s' (slot %d) is already released (refcount %d)",
                    p->what, p->what, name != NULL ? name : "", pool_index(p, obj), *refcount);
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
    memset(obj, 0, p->size);
    if (id >= 0) {
        p->free_stack[p->free_count++] = id;
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
    /* Only slots ever handed out can be live: [0, fresh). */
    for (int i = 0; i < p->fresh && p->live > 0; i++) {
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

akerr_ErrorContext *akgl_heap_next_actor(akgl_Actor **dest)
{
    return akgl_heap_acquire(AKGL_HEAP_ACTOR, (void **)dest);
}

akerr_ErrorContext *akgl_heap_next_sprite(akgl_Sprite **dest)
{
    return akgl_heap_acquire(AKGL_HEAP_SPRITE, (void **)dest);
}

akerr_ErrorContext *akgl_heap_next_spritesheet(akgl_SpriteSheet **dest)
{
    return akgl_heap_acquire(AKGL_HEAP_SPRITESHEET, (void **)dest);
}

akerr_ErrorContext *akgl_heap_next_character(akgl_Character **dest)
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

akerr_ErrorContext *akgl_heap_contains(akgl_HeapLayer layer, const void *obj, bool *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, obj, AKERR_NULLPOINTER, "akgl_heap_contains: NULL object");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_heap_contains: NULL destination");
    PASS(errctx, check_layer(layer, "akgl_heap_contains"));
    *dest = pool_index(pools[layer], obj) >= 0;
    SUCCEED_RETURN(errctx);
}
