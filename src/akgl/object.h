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
 * For steps that must all run even when one fails (teardown): keeps the first
 * error in *first, to return; later ones are logged and given back.
 */
void akgl_object_keep_first(akerr_ErrorContext **first, akerr_ErrorContext *e);

#endif /* AKGL_SRC_OBJECT_H */
