/*
 * Counting SDL's allocations: every malloc, calloc and realloc made through
 * SDL (akgl's only allocator on the frame path), on every thread, once
 * count_allocations() has run. For the tests and benchmarks that check a
 * frame, or a sound playing, allocates nothing: they read `allocations`
 * before and after.
 */
#ifndef AKGL_TESTS_ALLOC_FIXTURE_H
#define AKGL_TESTS_ALLOC_FIXTURE_H

#include <SDL3/SDL.h>

static SDL_malloc_func real_malloc;
static SDL_calloc_func real_calloc;
static SDL_realloc_func real_realloc;
static SDL_free_func real_free;
static SDL_AtomicInt allocations;

static void *SDLCALL counting_malloc(size_t size)
{
    SDL_AddAtomicInt(&allocations, 1);
    return real_malloc(size);
}

static void *SDLCALL counting_calloc(size_t n, size_t size)
{
    SDL_AddAtomicInt(&allocations, 1);
    return real_calloc(n, size);
}

static void *SDLCALL counting_realloc(void *p, size_t size)
{
    SDL_AddAtomicInt(&allocations, 1);
    return real_realloc(p, size);
}

static void SDLCALL passing_free(void *p)
{
    real_free(p);
}

/* Before anything else touches SDL. The wrappers call the real functions,
 * so memory from either side may be freed by the other. */
static void count_allocations(void)
{
    SDL_GetOriginalMemoryFunctions(&real_malloc, &real_calloc, &real_realloc, &real_free);
    SDL_SetMemoryFunctions(counting_malloc, counting_calloc, counting_realloc, passing_free);
}

#endif /* AKGL_TESTS_ALLOC_FIXTURE_H */
