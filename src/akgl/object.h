/*
 * Internal: the checks every pooled object's *_initialize makes. Not installed.
 * Data layer: it knows the pools and the registries, no kind of object.
 */
#ifndef AKGL_SRC_OBJECT_H
#define AKGL_SRC_OBJECT_H

#include <akerror.h>
#include <akgl/heap.h>

#include "heap_pool.h"

#include <SDL3/SDL.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * Whether obj may be (re)initialised, and with which refcount: a pool slot
 * must have been acquired and keeps its count; any other struct gets its
 * first reference. *pooled tells the caller whether the old contents can be
 * trusted (a slot is zero or initialised; a stack struct may be garbage).
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_object_initial_refcount(akgl_HeapLayer layer, const void *obj,
                                                                int refcount, const char *what,
                                                                int *dest, bool *pooled);

/* A name must be non-empty (AKERR_VALUE) and fit its field whole
 * (AKERR_OUTOFBOUNDS): a truncated name would be a wrong registry key. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_object_check_name(const char *name, size_t capacity,
                                                          const char *what);

/* AKERR_REGISTRY when `name` is registered to something other than `self`. */
akerr_ErrorContext AKERR_NOIGNORE *akgl_object_check_unregistered(SDL_PropertiesID registry,
                                                                  const char *what,
                                                                  const char *name,
                                                                  const void *self);

/*
 * Before a release of a kind that may live outside its pool (actor, sprite,
 * spritesheet, character: a game's own struct given to the kind's
 * *_initialize, which registers it under its name): a struct wholly
 * outside the pool, with references left, must be one of those, so it must
 * be the one `registry` maps `name` to. Anything else, a static fake or a
 * stray pointer, is refused with AKERR_BEHAVIOR naming the kind and why,
 * and nothing is written. Slots, pointers into the pool, NULL and a count
 * already at 0 pass: akgl_heap_release_begin judges those.
 * `name` is the struct's name field and `capacity` its size: a name that
 * is not a string inside its field is no registered name.
 */
akerr_ErrorContext AKERR_NOIGNORE *akgl_object_check_release(akgl_HeapLayer layer,
                                                             SDL_PropertiesID registry,
                                                             const char *what, const void *obj,
                                                             const char *name, size_t capacity);

/*
 * For steps that must all run even when one fails (teardown): keeps the first
 * error in *first, to return; later ones are logged and given back.
 */
void akgl_object_keep_first(akerr_ErrorContext **first, akerr_ErrorContext *e);

#endif /* AKGL_SRC_OBJECT_H */
