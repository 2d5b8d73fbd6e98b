/* The checks every pooled object's *_initialize makes (see object.h). */
#include "object.h"

#include <akgl/registry.h>

#include <string.h>

/*
 * Whether obj may be (re)initialised, and with which refcount: a pool slot
 * must have been acquired and keeps its count; any other struct gets its
 * first reference. *pooled tells the caller whether the old contents can be
 * trusted (a slot is zero or initialised; a stack struct may be garbage).
 */
akerr_ErrorContext *akgl_object_initial_refcount(akgl_HeapLayer layer, const void *obj, int refcount,
                                            const char *what, int *dest, bool *pooled_out)
{
    bool pooled = false;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_heap_contains(layer, obj, &pooled));
    *pooled_out = pooled;
    if (pooled && refcount <= 0) {
        FAIL_RETURN(errctx, AKGL_ERR_HEAP, "this %s slot was not acquired (akgl_heap_next_%s first)",
                    what, what);
    }
    *dest = pooled ? refcount : 1;
    SUCCEED_RETURN(errctx);
}

/* A name must fit its field whole: a truncated name would be a wrong key. */
akerr_ErrorContext *akgl_object_check_name(const char *name, size_t capacity, const char *what)
{
    PREPARE_ERROR(errctx);
    /* An empty name cannot be a registry key (SDL refuses it). */
    FAIL_ZERO_RETURN(errctx, name[0], AKERR_VALUE, "%s %s needs a name; \"\" is empty",
                     strchr("aeiou", what[0]) != NULL ? "an" : "a", what);
    size_t len = strlen(name);
    if (len >= capacity) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s name \"%.40s...\" is %zu bytes; the limit is %zu",
                    what, name, len, capacity - 1);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_object_check_unregistered(SDL_PropertiesID registry, const char *what,
                                              const char *name, const void *self)
{
    void *holder = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_registry_get(registry, what, name, &holder));
    if (holder != NULL && holder != self) {
        bool vowel = strchr("aeiou", what[0]) != NULL;
        FAIL_RETURN(errctx, AKERR_REGISTRY, "%s %s named \"%s\" is already registered",
                    vowel ? "an" : "a", what, name);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_object_check_release(akgl_HeapLayer layer, SDL_PropertiesID registry,
                                              const char *what, const void *obj,
                                              const char *name, size_t capacity)
{
    void *holder = NULL;
    PREPARE_ERROR(errctx);
    const char *a = strchr("aeiou", what[0]) != NULL ? "an" : "a";
    if (obj == NULL || !akgl_heap_outside(layer, obj) || *(const int *)obj <= 0) {
        SUCCEED_RETURN(errctx);
    }
    /* Read only inside its field: a fake's name may have no terminator. */
    if (name == NULL || memchr(name, '\0', capacity) == NULL || name[0] == '\0') {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "akgl_heap_release_%s: %p is neither in the %s pool nor %s %s "
                    "akgl_%s_initialize made (it has no name)", what, obj, what, a, what, what);
    }
    /* With the registry gone (the game stopped) nothing it made is live. */
    FAIL_ZERO_RETURN(errctx, registry, AKERR_BEHAVIOR,
                     "akgl_heap_release_%s: %p is not in the %s pool, and with no %s registry "
                     "(the game is not started) no %s akgl_%s_initialize made is live", what, obj,
                     what, what, what, what);
    PASS(errctx, akgl_registry_get(registry, what, name, &holder));
    if (holder != obj) {
        FAIL_RETURN(errctx, AKERR_BEHAVIOR,
                    "akgl_heap_release_%s: %p is neither in the %s pool nor %s %s "
                    "akgl_%s_initialize made (no %s \"%s\" is registered at that address)",
                    what, obj, what, a, what, what, what, name);
    }
    SUCCEED_RETURN(errctx);
}

void akgl_object_keep_first(akerr_ErrorContext **first, akerr_ErrorContext *e)
{
    if (e == NULL) {
        return;
    }
    if (first != NULL && *first == NULL) {
        *first = e;
        return;
    }
    akerr_ignore(e, __FILE__, __func__, __LINE__);
}
