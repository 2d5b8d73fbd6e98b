/*
 * The fault-injection switch (akgl/fault.h), and the allocation watch the
 * loaders use to tell "out of memory" from "broken file".
 *
 * One counter of events on the armed thread; the k-th of the armed kinds
 * fails. SDL's allocations are seen through SDL_SetMemoryFunctions wrappers
 * around the functions that were in place (so blocks allocated before and
 * after agree on who frees them); jansson's through json.c's allocator,
 * which asks akgl_fault_now. The wrappers also count, per thread, every
 * allocation that failed, injected or real: SDL_image and the renderer
 * report a failed allocation in many words ("Out of memory", "Parameter
 * 'format' is invalid"...), and the count is what tells a loader the truth.
 */
#include "fault_private.h"

#include <SDL3/SDL.h>
#include <errno.h>

static SDL_AtomicInt armed;          /* 1 while armed: read by every thread */
static SDL_ThreadID armed_thread;    /* written only while unarmed */
static unsigned int armed_kinds;
static long armed_k;
static long seen;
static unsigned int fired_kind;
static long net_blocks;

static SDL_AtomicInt wrappers_installed;
static SDL_SpinLock install_lock;
static _Thread_local unsigned long alloc_failures;
static SDL_malloc_func real_malloc;
static SDL_calloc_func real_calloc;
static SDL_realloc_func real_realloc;
static SDL_free_func real_free;

static bool on_armed_thread(void)
{
    return SDL_GetAtomicInt(&armed) != 0 && SDL_GetCurrentThreadID() == armed_thread;
}

bool akgl_fault_now(unsigned int kind)
{
    if (!on_armed_thread() || (kind & armed_kinds) == 0) {
        return false;
    }
    seen++;
    if (armed_k > 0 && seen == armed_k) {
        fired_kind = kind;
        return true;
    }
    return false;
}

void akgl_fault_note_block(int delta)
{
    if (on_armed_thread()) {
        net_blocks += delta;
    }
}

void akgl_alloc_note_failure(void)
{
    alloc_failures++;
}

unsigned long akgl_alloc_failures(void)
{
    return alloc_failures;
}

unsigned long akgl_alloc_mark(void)
{
    errno = 0;
    return alloc_failures;
}

bool akgl_alloc_failed_since(unsigned long mark)
{
    return alloc_failures != mark || errno == ENOMEM;
}

bool akgl_fault_libc_event(int op)
{
    /* Called from inside malloc and free: it must not allocate, and costs one
     * atomic read when unarmed. */
    if (!on_armed_thread()) {
        return false;
    }
    if (op == AKGL_FAULT_LIBC_FREE) {
        net_blocks--;
        return false;
    }
    if (akgl_fault_now(AKGL_FAULT_LIBC)) {
        /* Not counted: akgl learns of a libc failure as a real process
         * would, from errno (akgl_alloc_failed_since), so the rows test
         * what a game gets. */
        return true;
    }
    if (op == AKGL_FAULT_LIBC_NEW) {
        net_blocks++;
    }
    return false;
}

static void *SDLCALL fault_malloc(size_t size)
{
    void *p = akgl_fault_now(AKGL_FAULT_ALLOC) ? NULL : real_malloc(size);
    if (p == NULL) {
        alloc_failures++;
        return NULL;
    }
    akgl_fault_note_block(1);
    return p;
}

static void *SDLCALL fault_calloc(size_t n, size_t size)
{
    void *p = akgl_fault_now(AKGL_FAULT_ALLOC) ? NULL : real_calloc(n, size);
    if (p == NULL) {
        alloc_failures++;
        return NULL;
    }
    akgl_fault_note_block(1);
    return p;
}

static void *SDLCALL fault_realloc(void *mem, size_t size)
{
    /* On failure, as realloc: the old block stays the caller's. */
    void *p = akgl_fault_now(AKGL_FAULT_ALLOC) ? NULL : real_realloc(mem, size);
    if (p == NULL) {
        alloc_failures++;
        return NULL;
    }
    if (mem == NULL) {
        akgl_fault_note_block(1);
    }
    return p;
}

static void SDLCALL fault_free(void *mem)
{
    if (mem != NULL) {
        akgl_fault_note_block(-1);
    }
    real_free(mem);
}

akerr_ErrorContext *akgl_alloc_watch_install(void)
{
    PREPARE_ERROR(errctx);
    if (SDL_GetAtomicInt(&wrappers_installed) != 0) {
        SUCCEED_RETURN(errctx);
    }
    SDL_LockSpinlock(&install_lock);
    bool ok = true;
    if (SDL_GetAtomicInt(&wrappers_installed) == 0) {
        SDL_GetMemoryFunctions(&real_malloc, &real_calloc, &real_realloc, &real_free);
        ok = SDL_SetMemoryFunctions(fault_malloc, fault_calloc, fault_realloc, fault_free);
        if (ok) {
            SDL_SetAtomicInt(&wrappers_installed, 1);
        }
    }
    SDL_UnlockSpinlock(&install_lock);
    FAIL_ZERO_RETURN(errctx, ok, AKERR_API, "cannot wrap SDL's allocator: %s", SDL_GetError());
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_fault_arm(unsigned int kinds, long k)
{
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, k < 0, AKERR_OUTOFBOUNDS,
                        "akgl_fault_arm: k is %ld; it counts events from 1 (0: none fails)", k);
    FAIL_NONZERO_RETURN(errctx, (kinds & ~(AKGL_FAULT_ALL | AKGL_FAULT_LIBC)) != 0,
                        AKERR_OUTOFBOUNDS, "akgl_fault_arm: unknown fault kinds 0x%x",
                        kinds & ~(AKGL_FAULT_ALL | AKGL_FAULT_LIBC));
    FAIL_NONZERO_RETURN(errctx, SDL_GetAtomicInt(&armed) != 0, AKERR_BEHAVIOR,
                        "akgl_fault_arm: armed already (akgl_fault_disarm first)");
    PASS(errctx, akgl_alloc_watch_install());
    armed_thread = SDL_GetCurrentThreadID();
    armed_kinds = kinds;
    armed_k = k;
    seen = 0;
    fired_kind = 0;
    net_blocks = 0;
    SDL_SetAtomicInt(&armed, 1);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_fault_disarm(akgl_FaultReport *report)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, SDL_GetAtomicInt(&armed), AKERR_BEHAVIOR,
                     "akgl_fault_disarm: not armed");
    SDL_SetAtomicInt(&armed, 0);
    if (report != NULL) {
        report->events = seen;
        report->fired = fired_kind != 0;
        report->kind = fired_kind;
        report->net_allocations = net_blocks;
    }
    SUCCEED_RETURN(errctx);
}
