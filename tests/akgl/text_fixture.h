/*
 * What the two text suites share: their font (FONT, load_font) and every
 * SDL allocation of the program, counted: the calls
 * (`allocations`: malloc, calloc and realloc) and the blocks live
 * (`live_blocks`). count_allocations() installs the counters in front of
 * SDL's own allocator; call it before SDL allocates anything. For the text
 * suites, which check that a cached draw allocates nothing and that a
 * refused string leaves no block behind.
 */
#ifndef AKGL_TEST_TEXT_FIXTURE_H
#define AKGL_TEST_TEXT_FIXTURE_H

#include <akgl/text.h>

#include <SDL3/SDL.h>
#include <stdio.h>
#include <stdlib.h>

#include "test.h"

#define FONT "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

static SDL_malloc_func sys_malloc;
static SDL_calloc_func sys_calloc;
static SDL_realloc_func sys_realloc;
static SDL_free_func sys_free;
static SDL_AtomicInt allocations; /* malloc, calloc and realloc calls */
static SDL_AtomicInt live_blocks;

static void *SDLCALL count_malloc(size_t n)
{
    void *p = sys_malloc(n);
    SDL_AddAtomicInt(&allocations, 1);
    SDL_AddAtomicInt(&live_blocks, p != NULL);
    return p;
}

static void *SDLCALL count_calloc(size_t n, size_t size)
{
    void *p = sys_calloc(n, size);
    SDL_AddAtomicInt(&allocations, 1);
    SDL_AddAtomicInt(&live_blocks, p != NULL);
    return p;
}

static void *SDLCALL count_realloc(void *old, size_t n)
{
    void *p = sys_realloc(old, n);
    SDL_AddAtomicInt(&allocations, 1);
    SDL_AddAtomicInt(&live_blocks, old == NULL && p != NULL);
    return p;
}

static void SDLCALL count_free(void *p)
{
    SDL_AddAtomicInt(&live_blocks, -(p != NULL));
    sys_free(p);
}

static void count_allocations(void)
{
    SDL_GetOriginalMemoryFunctions(&sys_malloc, &sys_calloc, &sys_realloc, &sys_free);
    if (!SDL_SetMemoryFunctions(count_malloc, count_calloc, count_realloc, count_free)) {
        fprintf(stderr, "SDL_SetMemoryFunctions: %s\n", SDL_GetError());
        exit(1);
    }
}

/* The suites' font at `size`; a failed load fails the case and gives NULL. */
static inline akgl_Font *load_font(float size)
{
    akgl_Font *font = NULL;
    akerr_ErrorContext *e = akgl_font_load(FONT, size, &font);
    if (e != NULL) {
        test_failf_(__FILE__, __LINE__, "akgl_font_load: %s", e->message);
        e = akerr_release_error(e);
    }
    return font;
}

#endif /* AKGL_TEST_TEXT_FIXTURE_H */
